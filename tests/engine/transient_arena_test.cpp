// TransientArena: per-tick scratch memory (alignment, growth, reset, watermarks, merging, limits).

#include "diorama/transient_arena.h"

#include "under_asan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace diorama {
namespace {

constexpr std::size_t kMaxSize = std::numeric_limits<std::size_t>::max();

std::uintptr_t address(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p);
}

// One allocation made by a test, with the byte it was filled with.
struct Filled {
    std::byte* data = nullptr;
    std::size_t bytes = 0;
    std::byte pattern{};
};

// Allocates `bytes` aligned to `align` and fills it with a pattern derived from `seed`.
Filled allocate_filled(TransientArena& arena, std::size_t bytes, std::size_t align,
                       std::size_t seed) {
    Filled f;
    f.data = static_cast<std::byte*>(arena.allocate(bytes, align));
    f.bytes = bytes;
    f.pattern = static_cast<std::byte>((seed * 37u + 11u) & 0xffu);
    if (f.data != nullptr) std::memset(f.data, static_cast<int>(f.pattern), bytes);
    return f;
}

// True when every byte of every allocation still holds its pattern (nothing overlapped).
::testing::AssertionResult all_intact(const std::vector<Filled>& allocations) {
    for (std::size_t i = 0; i < allocations.size(); ++i) {
        const Filled& f = allocations[i];
        for (std::size_t b = 0; b < f.bytes; ++b) {
            if (f.data[b] != f.pattern)
                return ::testing::AssertionFailure()
                       << "allocation " << i << " byte " << b << " was overwritten";
        }
    }
    return ::testing::AssertionSuccess();
}

// ---- allocation ----

TEST(TransientArena, StartsEmpty) {
    TransientArena arena;
    EXPECT_EQ(arena.used(), 0u);
    EXPECT_EQ(arena.last_watermark(), 0u);
    EXPECT_EQ(arena.high_watermark(), 0u);
}

TEST(TransientArena, AllocationsAreAlignedForEveryPowerOfTwoFrom1To64) {
    TransientArena arena(1024);
    for (int round = 0; round < 50; ++round) {
        for (std::size_t align = 1; align <= 64; align *= 2) {
            // An odd size first, so the next allocation starts misaligned.
            ASSERT_NE(arena.allocate(1 + static_cast<std::size_t>(round) % 7, 1), nullptr);
            void* p = arena.allocate(3 + align, align);
            ASSERT_NE(p, nullptr) << "align " << align;
            EXPECT_EQ(address(p) % align, 0u) << "align " << align << " round " << round;
        }
    }
}

TEST(TransientArena, DefaultAlignmentIsMaxAlignT) {
    TransientArena arena;
    ASSERT_NE(arena.allocate(1, 1), nullptr);
    void* p = arena.allocate(8);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(address(p) % alignof(std::max_align_t), 0u);
}

TEST(TransientArena, AlignmentThatIsNotAPowerOfTwoIsRefused) {
    TransientArena arena;
    EXPECT_EQ(arena.allocate(8, 0), nullptr);
    EXPECT_EQ(arena.allocate(8, 3), nullptr);
    EXPECT_EQ(arena.allocate(8, 48), nullptr);
    EXPECT_EQ(arena.used(), 0u);
}

TEST(TransientArena, AllocationsNeverOverlap) {
    TransientArena arena(4096);
    std::vector<Filled> allocations;
    for (std::size_t i = 0; i < 500; ++i) {
        const std::size_t align = std::size_t{1} << (i % 7);
        allocations.push_back(allocate_filled(arena, 1 + (i * 13) % 97, align, i));
        ASSERT_NE(allocations.back().data, nullptr);
    }
    EXPECT_TRUE(all_intact(allocations));
}

TEST(TransientArena, UsedCountsEveryByteHandedOutIncludingPadding) {
    TransientArena arena(1024);
    void* first = arena.allocate(10, 1);
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(arena.used(), 10u);
    ASSERT_NE(arena.allocate(5, 1), nullptr);
    EXPECT_EQ(arena.used(), 15u);
    // The next 16-aligned address after the 15 bytes in use: used grows by padding + bytes.
    const std::size_t padding = (16 - (address(first) + 15) % 16) % 16;
    void* p = arena.allocate(16, 16);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(address(p), address(first) + 15 + padding);
    EXPECT_EQ(arena.used(), 15u + padding + 16u);
}

TEST(TransientArena, GrowsPastTheBlockSizeKeepingEarlierAllocationsIntact) {
    TransientArena arena(256);
    std::vector<Filled> allocations;
    std::size_t requested = 0;
    for (std::size_t i = 0; i < 100; ++i) {
        allocations.push_back(allocate_filled(arena, 64, 8, i));
        ASSERT_NE(allocations.back().data, nullptr) << "allocation " << i;
        requested += 64;
    }
    EXPECT_TRUE(all_intact(allocations));
    EXPECT_GE(arena.used(), requested);
    EXPECT_GE(arena.capacity(), arena.used());
    EXPECT_GT(arena.capacity(), 256u);
}

TEST(TransientArena, ARequestBiggerThanABlockIsServed) {
    TransientArena arena(128);
    std::vector<Filled> allocations;
    allocations.push_back(allocate_filled(arena, 40, 8, 1));
    allocations.push_back(allocate_filled(arena, 10'000, 64, 2));
    allocations.push_back(allocate_filled(arena, 40, 8, 3));
    for (const Filled& f : allocations)
        ASSERT_NE(f.data, nullptr);
    EXPECT_EQ(address(allocations[1].data) % 64, 0u);
    EXPECT_TRUE(all_intact(allocations));
    EXPECT_GE(arena.capacity(), 10'080u);
}

TEST(TransientArena, AZeroByteAllocationSucceedsAndUsesNothing) {
    TransientArena arena;
    EXPECT_NE(arena.allocate(0, 1), nullptr);
    EXPECT_EQ(arena.used(), 0u);
}

// ---- reset and watermarks ----

TEST(TransientArena, ResetMakesUsedZeroAndRecordsTheWatermark) {
    TransientArena arena(1024);
    ASSERT_NE(arena.allocate(100, 1), nullptr);
    ASSERT_NE(arena.allocate(23, 1), nullptr);
    ASSERT_EQ(arena.used(), 123u);
    arena.reset();
    EXPECT_EQ(arena.used(), 0u);
    EXPECT_EQ(arena.last_watermark(), 123u);
    arena.reset();
    EXPECT_EQ(arena.last_watermark(), 0u) << "an empty tick has a zero watermark";
}

TEST(TransientArena, MemoryIsReusedAfterReset) {
    TransientArena arena(1024);
    void* first = arena.allocate(64, 16);
    ASSERT_NE(first, nullptr);
    arena.reset();
    EXPECT_EQ(arena.allocate(64, 16), first);
}

TEST(TransientArena, HighWatermarkIsTheBiggestTickSoFar) {
    TransientArena arena(256);
    ASSERT_NE(arena.allocate(1000, 1), nullptr);
    arena.reset();
    ASSERT_NE(arena.allocate(100, 1), nullptr);
    arena.reset();
    EXPECT_EQ(arena.last_watermark(), 100u);
    EXPECT_EQ(arena.high_watermark(), 1000u);
    ASSERT_NE(arena.allocate(2000, 1), nullptr);
    EXPECT_EQ(arena.high_watermark(), 2000u) << "the current tick counts as soon as it allocates";
}

TEST(TransientArena, AfterABigTickBlocksAreMergedIntoOneThatHoldsTheWholeTick) {
    TransientArena arena(256);
    const auto big_tick = [&arena] {
        for (int i = 0; i < 40; ++i)
            if (arena.allocate(200, 16) == nullptr) return false;
        return true;
    };
    ASSERT_TRUE(big_tick());
    const std::size_t used = arena.used();
    arena.reset();
    const std::size_t merged = arena.capacity();
    EXPECT_GE(merged, used);
    EXPECT_EQ(arena.last_watermark(), used);

    // The same tick again fits in the merged block: no more memory is taken from the heap, and
    // every allocation comes from one contiguous block.
    auto* first = static_cast<std::byte*>(arena.allocate(200, 16));
    ASSERT_NE(first, nullptr);
    std::byte* last = first;
    for (int i = 1; i < 40; ++i) {
        last = static_cast<std::byte*>(arena.allocate(200, 16));
        ASSERT_NE(last, nullptr);
    }
    EXPECT_EQ(arena.capacity(), merged);
    EXPECT_LE(static_cast<std::size_t>(last + 200 - first), merged);
    arena.reset();
    EXPECT_EQ(arena.capacity(), merged) << "a tick that fitted leaves the block as it is";
}

// ---- typed arrays ----

struct WithDefaults {
    std::int32_t a = 7;
    float b = 2.5f;
};

struct alignas(64) CacheLine {
    std::uint8_t bytes[64];
};

TEST(TransientArena, MakeArrayValueInitialisesOverDirtyMemory) {
    TransientArena arena(4096);
    void* dirty = arena.allocate(2048, 64);
    ASSERT_NE(dirty, nullptr);
    std::memset(dirty, 0xab, 2048);
    arena.reset();

    std::span<std::int32_t> ints = arena.make_array<std::int32_t>(100);
    ASSERT_EQ(ints.size(), 100u);
    EXPECT_TRUE(std::all_of(ints.begin(), ints.end(), [](std::int32_t v) { return v == 0; }));

    std::span<WithDefaults> structs = arena.make_array<WithDefaults>(50);
    ASSERT_EQ(structs.size(), 50u);
    for (const WithDefaults& s : structs) {
        EXPECT_EQ(s.a, 7);
        EXPECT_EQ(s.b, 2.5f);
    }
}

TEST(TransientArena, MakeArrayRespectsTheElementAlignment) {
    TransientArena arena(1024);
    ASSERT_NE(arena.allocate(1, 1), nullptr);
    std::span<CacheLine> lines = arena.make_array<CacheLine>(3);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(address(lines.data()) % 64, 0u);
    EXPECT_EQ(lines[2].bytes[63], 0u);
}

TEST(TransientArena, MakeArrayOfZeroElementsIsEmpty) {
    TransientArena arena;
    EXPECT_TRUE(arena.make_array<double>(0).empty());
}

// ---- limits ----

TEST(TransientArena, RequestsNearTheAddressSpaceLimitReturnNull) {
    TransientArena arena(1024);
    EXPECT_EQ(arena.allocate(kMaxSize), nullptr);
    EXPECT_EQ(arena.allocate(kMaxSize, 1), nullptr);
    EXPECT_EQ(arena.allocate(kMaxSize - 8, 16), nullptr);
    EXPECT_EQ(arena.allocate(kMaxSize - 63, 64), nullptr);
    EXPECT_EQ(arena.used(), 0u);
    // The arena still works afterwards.
    EXPECT_NE(arena.allocate(32), nullptr);
    EXPECT_EQ(arena.used(), 32u);
}

TEST(TransientArena, MakeArrayWhoseByteCountOverflowsIsEmpty) {
    TransientArena arena;
    EXPECT_TRUE(arena.make_array<std::uint64_t>(kMaxSize / 4).empty());
    EXPECT_TRUE(arena.make_array<CacheLine>(kMaxSize / 32).empty());
    EXPECT_TRUE(arena.make_array<std::uint64_t>(kMaxSize).empty());
    EXPECT_EQ(arena.used(), 0u);
}

TEST(TransientArena, RequestsTheHeapCannotServeReturnNullAndLeaveTheArenaUsable) {
#ifdef DIORAMA_UNDER_ASAN
    GTEST_SKIP() << "AddressSanitizer aborts on oversized heap requests";
#else
    TransientArena arena(1024);
    ASSERT_NE(arena.allocate(100, 1), nullptr);
    EXPECT_EQ(arena.allocate(kMaxSize / 2), nullptr);
    EXPECT_TRUE(arena.make_array<std::uint64_t>(kMaxSize / 16).empty());
    EXPECT_EQ(arena.used(), 100u);
    EXPECT_NE(arena.allocate(100, 1), nullptr);
    arena.reset();
    EXPECT_EQ(arena.last_watermark(), 200u);
#endif
}

} // namespace
} // namespace diorama
