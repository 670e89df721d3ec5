// Component pools: components stay put while the pool grows, a large pool's pages lie in a few
// contiguous runs, reserved room takes adds without growing, and under memory pressure the pool
// still grows page by page.

#include "diorama/component_pool.h"

#include "under_asan.h"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

namespace diorama {
namespace {

struct Small {
    std::uint32_t value = 0;
};

// 1 KiB, so that a page is 4 MiB and a few pages make a measurable share of an address space.
struct Large {
    std::array<std::uint8_t, 1024> bytes{};
};

constexpr std::uint32_t kPage = PoolBase::kPageSize;

// Fills the pool with components for entities [0, n), each holding its entity.
void fill(Pool<Small>& pool, std::uint32_t n) {
    for (std::uint32_t e = 0; e < n; ++e)
        pool.emplace_typed(e, 1).value = e;
}

TEST(ComponentPool, ComponentsNeverMoveWhileThePoolGrows) {
    Pool<Small> pool;
    fill(pool, 3 * kPage);
    std::vector<const Small*> before;
    for (std::uint32_t e = 0; e < 3 * kPage; e += 97)
        before.push_back(pool.get(e));
    for (std::uint32_t e = 3 * kPage; e < 40 * kPage; ++e)
        pool.emplace_typed(e, 1).value = e;
    std::size_t i = 0;
    for (std::uint32_t e = 0; e < 3 * kPage; e += 97, ++i) {
        ASSERT_EQ(pool.get(e), before[i]) << "entity " << e;
        EXPECT_EQ(pool.get(e)->value, e);
    }
    for (std::uint32_t e = 0; e < 40 * kPage; e += 1013)
        ASSERT_EQ(pool.get(e)->value, e);
}

TEST(ComponentPool, ALargePoolsPagesLieInAFewContiguousRuns) {
    Pool<Small> pool;
    fill(pool, 64 * kPage);
    // Chunks of 1, 1, 2, 4, ..., 32 pages: 7 runs, so 6 places where a page does not follow the
    // one before it in memory.
    std::size_t breaks = 0;
    for (std::size_t p = 1; p < 64; ++p)
        if (pool.page(p) != pool.page(p - 1) + kPage) ++breaks;
    EXPECT_LE(breaks, 6u);
    for (std::uint32_t pos = 0; pos < pool.size(); pos += 4099)
        ASSERT_EQ(pool.at(pos).value, pool.entities()[pos]);
}

TEST(ComponentPool, ReservedRoomIsOneRunAndAddingIntoItMovesAndAllocatesNothing) {
    Pool<Small> pool;
    fill(pool, 10);
    const Small* first = pool.get(0);
    pool.reserve(5 * kPage, 6 * kPage);
    const std::size_t reserved_bytes = pool.memory_bytes();
    for (std::size_t p = 2; p < 6; ++p) // 10 + 5 pages' worth: 6 pages, the last five one chunk
        EXPECT_EQ(pool.page(p), pool.page(p - 1) + kPage) << "page " << p;
    for (std::uint32_t e = 10; e < 10 + 5 * kPage; ++e) {
        ASSERT_TRUE(pool.fits_without_growing(e)) << "entity " << e;
        pool.emplace_typed(e, 1).value = e;
    }
    EXPECT_EQ(pool.memory_bytes(), reserved_bytes);
    EXPECT_EQ(pool.get(0), first);
    for (std::uint32_t e = 0; e < 10 + 5 * kPage; e += 211)
        ASSERT_EQ(pool.get(e)->value, e);
    EXPECT_FALSE(pool.contains(6 * kPage - 1)); // covered by the sparse array, not held
    // No more wanted: nothing changes.
    pool.reserve(0, 0);
    EXPECT_EQ(pool.memory_bytes(), reserved_bytes);
}

#ifndef DIORAMA_UNDER_ASAN
// The address space this process has mapped, in bytes; 0 when /proc cannot say.
std::size_t mapped_bytes() {
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (f == nullptr) return 0;
    unsigned long pages = 0;
    const int read = std::fscanf(f, "%lu", &pages);
    std::fclose(f);
    return read == 1 ? pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

// Under an address-space limit 80 MiB above what is mapped, fills a pool of 1 KiB components
// (4 MiB pages) until it runs out. Doubling chunks reach 16 pages (1 + 1 + 2 + 4 + 8, 64 MiB);
// the next chunk of 16 cannot fit, and single pages must fill the rest. Exits 0 when the pool
// got past 16 pages and stayed exact, 1..4 otherwise.
[[noreturn]] void fill_large_pool_until_out_of_memory() {
    Pool<Large> pool;
    const std::size_t mapped = mapped_bytes();
    if (mapped == 0) std::_Exit(4);
    rlimit unlimited{};
    if (getrlimit(RLIMIT_AS, &unlimited) != 0) std::_Exit(4);
    rlimit limit = unlimited;
    limit.rlim_cur = mapped + (80ull << 20);
    if (setrlimit(RLIMIT_AS, &limit) != 0) std::_Exit(4);
    std::uint32_t added = 0;
    try {
        for (;; ++added)
            pool.emplace_typed(added, 1).bytes[0] = static_cast<std::uint8_t>(added);
    } catch (const std::bad_alloc&) {
    }
    if (setrlimit(RLIMIT_AS, &unlimited) != 0) std::_Exit(4);
    if (pool.size() != added) std::_Exit(1);
    if (added <= 16 * kPage) std::_Exit(2);
    for (std::uint32_t e = 0; e < added; e += 511)
        if (pool.get(e) == nullptr || pool.get(e)->bytes[0] != static_cast<std::uint8_t>(e))
            std::_Exit(3);
    std::_Exit(0);
}
#endif

TEST(ComponentPool, WhenADoubledChunkNoLongerFitsThePoolStillGrowsPageByPage) {
#ifdef DIORAMA_UNDER_ASAN
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#else
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(fill_large_pool_until_out_of_memory(), ::testing::ExitedWithCode(0), "");
#endif
}

} // namespace
} // namespace diorama
