// Large blocks: the memory under the store's big arrays (heap below 2 MiB; from 2 MiB a mapping
// of its own on a huge-page boundary, marked for huge pages), and LargeVector over it.

#include "diorama/large_block.h"

#include "diorama/component_pool.h"

#include "under_asan.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace diorama {
namespace {

constexpr std::size_t kHugePageBytes = std::size_t{2} << 20; // where mapped blocks start

std::uintptr_t address(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p);
}

// The "VmFlags:" line of the mapping in /proc/self/smaps that holds p, or "" when none does.
std::string vm_flags_of(const void* p) {
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        unsigned long long first = 0;
        unsigned long long end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> first >> dash >> end && dash == '-') {
            inside = first <= address(p) && address(p) < end;
            continue;
        }
        if (inside && line.rfind("VmFlags:", 0) == 0) return line;
    }
    return "";
}

// Fills bytes at block with a pattern and checks it reads back.
void expect_holds_bytes(void* block, std::size_t bytes) {
    auto* b = static_cast<unsigned char*>(block);
    for (std::size_t i = 0; i < bytes; i += 4093)
        b[i] = static_cast<unsigned char>(i * 7u);
    b[bytes - 1] = 0x5a;
    for (std::size_t i = 0; i < bytes; i += 4093)
        ASSERT_EQ(b[i], static_cast<unsigned char>(i * 7u)) << "at byte " << i;
    EXPECT_EQ(b[bytes - 1], 0x5a);
}

TEST(LargeBlock, SmallBlocksComeFromTheHeapAtTheirAlignment) {
    for (const std::size_t align :
         {std::size_t{1}, std::size_t{8}, std::size_t{64}, std::size_t{4096}}) {
        void* block = allocate_block(1000, align);
        ASSERT_NE(block, nullptr);
        EXPECT_EQ(address(block) % align, 0u) << "align " << align;
        EXPECT_FALSE(is_mapped_block(1000));
        expect_holds_bytes(block, 1000);
        free_block(block, 1000, align);
    }
}

TEST(LargeBlock, LargeBlocksStartOnAHugePageBoundaryAndAskForHugePages) {
#if defined(DIORAMA_UNDER_ASAN)
    EXPECT_FALSE(is_mapped_block(kLargeBlockBytes)) << "under ASan every block is the heap's";
    GTEST_SKIP() << "AddressSanitizer build: large blocks come from the heap so it sees overflows";
#else
    // Not a whole number of pages: the tail page is mapped too.
    const std::size_t bytes = 3 * kLargeBlockBytes + 123;
    ASSERT_TRUE(is_mapped_block(bytes));
    ASSERT_TRUE(is_mapped_block(kLargeBlockBytes));
    ASSERT_FALSE(is_mapped_block(kLargeBlockBytes - 1));
    void* block = allocate_block(bytes, 16);
    ASSERT_NE(block, nullptr);
    EXPECT_EQ(address(block) % kHugePageBytes, 0u);
    expect_holds_bytes(block, bytes);
    const std::string flags = vm_flags_of(block);
    ASSERT_FALSE(flags.empty()) << "no mapping in /proc/self/smaps holds the block";
    EXPECT_NE(flags.find(" hg"), std::string::npos) << "not advised for huge pages: " << flags;
    free_block(block, bytes, 16);
    EXPECT_EQ(vm_flags_of(block), "") << "freeing unmaps the block";
#endif
}

TEST(LargeBlock, FreeingNullDoesNothing) {
    free_block(nullptr, 10, 8);
    free_block(nullptr, 4 * kLargeBlockBytes, 8);
}

TEST(LargeBlock, ImpossibleSizesFail) {
#if !defined(DIORAMA_UNDER_ASAN) // ASan stops the program at a size it cannot allocate
    EXPECT_EQ(allocate_block(static_cast<std::size_t>(-1) - 4096, 8), nullptr);
    EXPECT_EQ(allocate_block(std::size_t{1} << 62, 8), nullptr);
#endif
    LargeBlockAllocator<std::uint64_t> allocator;
    EXPECT_THROW((void)allocator.allocate(static_cast<std::size_t>(-1) / 4),
                 std::bad_array_new_length);
}

TEST(LargeBlock, ALargeVectorGrowsThroughBothKindsOfBlockKeepingItsElements) {
    LargeVector<std::uint32_t> v;
    constexpr std::uint32_t kCount = 3'000'000; // 12 MB: several mapped buffers on the way
    for (std::uint32_t i = 0; i < kCount; ++i)
        v.push_back(i * 2654435761u);
    for (std::uint32_t i = 0; i < kCount; ++i)
        ASSERT_EQ(v[i], i * 2654435761u) << "at " << i;
    const LargeVector<std::uint32_t> copy = v;
    EXPECT_EQ(copy, v);
    v.resize(10);
    v.shrink_to_fit();
    EXPECT_EQ(v.size(), 10u);
    EXPECT_EQ(v[9], 9u * 2654435761u);
}

TEST(LargeBlock, APoolOfManyComponentsHasItsPagesAndArraysInLargeBlocks) {
    struct Big {
        std::uint64_t a = 1;
        std::uint64_t b = 2;
    };
    Pool<Big> pool(ComponentId{1});
    constexpr std::uint32_t kCount = 600'000; // pages 9.6 MB, dense entities 2.4 MB
    pool.reserve(kCount, kCount);
    for (std::uint32_t e = 0; e < kCount; ++e)
        pool.emplace_typed(e, 1).a = e;
    for (std::uint32_t e = 0; e < kCount; e += 997)
        ASSERT_EQ(pool.get(e)->a, e);
#if !defined(DIORAMA_UNDER_ASAN)
    EXPECT_EQ(address(pool.page(0)) % kHugePageBytes, 0u) << "one chunk from a mapped block";
    EXPECT_NE(vm_flags_of(pool.page(0)).find(" hg"), std::string::npos);
    EXPECT_NE(vm_flags_of(pool.entities().data()).find(" hg"), std::string::npos);
#endif
    pool.clear();
    EXPECT_EQ(pool.size(), 0u);
}

} // namespace
} // namespace diorama
