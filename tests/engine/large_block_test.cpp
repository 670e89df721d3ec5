// Large blocks: the memory under the store's big arrays (heap below 128 KiB; medium blocks packed
// into shared 2 MiB regions of huge pages; from 1.75 MiB a mapping of its own on a huge-page
// boundary, marked for huge pages, kept for reuse when freed), and LargeVector over it.

#include "diorama/large_block.h"

#include "diorama/component_pool.h"

#include "mapping_flags.h"
#include "under_asan.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace diorama {
namespace {

constexpr std::size_t kHugePageBytes = std::size_t{2} << 20; // where mapped blocks start

std::uintptr_t address(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p);
}

using test::vm_flags_of;

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
    release_kept_blocks(); // a fresh mapping, not the rest of a kept block
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
    release_kept_blocks();
    EXPECT_EQ(vm_flags_of(block), "") << "releasing the kept blocks unmaps the block";
#endif
}

TEST(LargeBlock, AFreedMappedBlockIsKeptForTheNextBlockOfItsSize) {
#if defined(DIORAMA_UNDER_ASAN)
    EXPECT_EQ(kept_block_bytes(), 0u);
    GTEST_SKIP() << "AddressSanitizer build: large blocks come from the heap";
#else
    release_kept_blocks();
    const std::size_t bytes = 4 * kHugePageBytes;
    void* block = allocate_block(bytes, 64);
    ASSERT_NE(block, nullptr);
    expect_holds_bytes(block, bytes);
    free_block(block, bytes, 64);
    EXPECT_EQ(kept_block_bytes(), bytes);
    EXPECT_NE(vm_flags_of(block), "") << "kept, not unmapped";

    void* other = allocate_block(2 * bytes, 64); // another size: a mapping of its own
    ASSERT_NE(other, nullptr);
    EXPECT_NE(other, block);
    EXPECT_EQ(kept_block_bytes(), bytes);

    void* again = allocate_block(bytes, 64);
    EXPECT_EQ(again, block) << "the kept block of that size is reused";
    EXPECT_EQ(kept_block_bytes(), 0u);
    expect_holds_bytes(again, bytes);
    EXPECT_NE(vm_flags_of(again).find(" hg"), std::string::npos) << "still asks for huge pages";

    free_block(again, bytes, 64);
    free_block(other, 2 * bytes, 64);
    EXPECT_EQ(kept_block_bytes(), 3 * bytes);
    release_kept_blocks();
    EXPECT_EQ(kept_block_bytes(), 0u);
    EXPECT_EQ(vm_flags_of(block), "");
    EXPECT_EQ(vm_flags_of(other), "");
#endif
}

TEST(LargeBlock, ASmallerBlockIsCutFromTheFrontOfTheSmallestKeptBlockLongEnough) {
#if defined(DIORAMA_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer build: large blocks come from the heap";
#else
    release_kept_blocks();
    void* small = allocate_block(2 * kHugePageBytes, 8);
    void* large = allocate_block(8 * kHugePageBytes, 8);
    ASSERT_NE(small, nullptr);
    ASSERT_NE(large, nullptr);
    free_block(large, 8 * kHugePageBytes, 8);
    free_block(small, 2 * kHugePageBytes, 8);

    void* exact = allocate_block(2 * kHugePageBytes, 8);
    EXPECT_EQ(exact, small) << "a block of exactly the length wins";
    void* front = allocate_block(3 * kHugePageBytes, 8);
    EXPECT_EQ(front, large) << "cut from the front of the longer block";
    EXPECT_EQ(kept_block_bytes(), 5 * kHugePageBytes);
    void* rest = allocate_block(5 * kHugePageBytes, 8);
    EXPECT_EQ(address(rest), address(large) + 3 * kHugePageBytes) << "the rest stayed kept";
    EXPECT_EQ(kept_block_bytes(), 0u);
    expect_holds_bytes(front, 3 * kHugePageBytes);
    expect_holds_bytes(rest, 5 * kHugePageBytes);

    free_block(front, 3 * kHugePageBytes, 8); // each part is freed on its own
    free_block(rest, 5 * kHugePageBytes, 8);
    free_block(exact, 2 * kHugePageBytes, 8);
    EXPECT_EQ(kept_block_bytes(), 10 * kHugePageBytes);
    release_kept_blocks();
    EXPECT_EQ(vm_flags_of(large), "");
    EXPECT_EQ(vm_flags_of(rest), "");
#endif
}

TEST(LargeBlock, AKeptBlockOffTheAlignmentAskedForIsNotCutFrom) {
#if defined(DIORAMA_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer build: large blocks come from the heap";
#else
    release_kept_blocks();
    void* large = allocate_block(8 * kHugePageBytes, 8);
    ASSERT_NE(large, nullptr);
    free_block(large, 8 * kHugePageBytes, 8);
    const std::size_t odd = kHugePageBytes + 4096; // whole small pages: the rest starts off 8 KiB
    void* front = allocate_block(odd, 8);
    ASSERT_EQ(front, large);
    const std::uintptr_t rest = address(large) + odd;
    ASSERT_NE(rest % 8192, 0u);

    void* aligned = allocate_block(2 * kHugePageBytes, 8192);
    ASSERT_NE(aligned, nullptr);
    EXPECT_EQ(address(aligned) % 8192, 0u);
    EXPECT_NE(address(aligned), rest) << "cut from a block off the alignment";
    void* loose = allocate_block(2 * kHugePageBytes, 4096);
    EXPECT_EQ(address(loose), rest) << "a looser alignment takes it";

    free_block(aligned, 2 * kHugePageBytes, 8192);
    free_block(loose, 2 * kHugePageBytes, 4096);
    free_block(front, odd, 8);
    release_kept_blocks();
#endif
}

TEST(LargeBlock, ARestTooShortToBeTakenAgainIsUnmapped) {
#if defined(DIORAMA_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer build: large blocks come from the heap";
#else
    release_kept_blocks();
    void* block = allocate_block(2 * kHugePageBytes, 8);
    ASSERT_NE(block, nullptr);
    free_block(block, 2 * kHugePageBytes, 8);
    const std::size_t cut = kHugePageBytes + kHugePageBytes / 4; // whole small pages
    void* front = allocate_block(cut, 8);
    EXPECT_EQ(front, block);
    EXPECT_EQ(kept_block_bytes(), 0u) << "a rest under kLargeBlockBytes is not kept";
    EXPECT_EQ(vm_flags_of(static_cast<char*>(block) + cut), "");
    free_block(front, cut, 8);
    release_kept_blocks();
#endif
}

TEST(LargeBlock, MediumBlocksShareAHugePageRegionWithoutOverlapping) {
#if defined(DIORAMA_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer build: medium blocks come from the heap";
#else
    release_kept_blocks();
    const std::size_t sizes[] = {128u << 10, 300u << 10, 700u << 10, kLargeBlockBytes / 2};
    void* blocks[4] = {};
    for (int i = 0; i < 4; ++i) {
        blocks[i] = allocate_block(sizes[i], 64);
        ASSERT_NE(blocks[i], nullptr);
        EXPECT_FALSE(is_mapped_block(sizes[i])) << "not mapped on its own";
        EXPECT_EQ(address(blocks[i]) % (32u << 10), 0u) << "a block starts on a unit";
        EXPECT_NE(vm_flags_of(blocks[i]).find(" hg"), std::string::npos)
            << "in memory asking for huge pages";
    }
    const std::uintptr_t region = address(blocks[0]) & ~(kHugePageBytes - 1);
    EXPECT_EQ(address(blocks[1]) & ~(kHugePageBytes - 1), region) << "they share a region";
    EXPECT_EQ(address(blocks[2]) & ~(kHugePageBytes - 1), region);
    for (int i = 0; i < 4; ++i) // each holds its own bytes, the others' writes aside
        std::memset(blocks[i], 0x10 + i, sizes[i]);
    for (int i = 0; i < 4; ++i) {
        const auto* b = static_cast<const unsigned char*>(blocks[i]);
        EXPECT_EQ(b[0], 0x10 + i);
        EXPECT_EQ(b[sizes[i] - 1], 0x10 + i) << "block " << i << " was written over";
    }
    for (int i = 0; i < 4; ++i)
        free_block(blocks[i], sizes[i], 64);
    EXPECT_EQ(kept_block_bytes() % kHugePageBytes, 0u);
    EXPECT_GE(kept_block_bytes(), kHugePageBytes) << "an emptied region is kept as a block";
    void* again = allocate_block(300u << 10, 64);
    EXPECT_EQ(address(again) & ~(kHugePageBytes - 1), region) << "and reused for the next";
    free_block_to_system(again, 300u << 10, 64);
    EXPECT_EQ(vm_flags_of(again), "") << "freed to the system, the emptied region is unmapped";
    release_kept_blocks();
#endif
}

TEST(LargeBlock, AMediumBlockFreedIsTakenAgainByTheNextThatFits) {
#if defined(DIORAMA_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer build: medium blocks come from the heap";
#else
    constexpr std::size_t kBytes = 512u << 10;
    void* keep = allocate_block(kBytes, 8);
    void* hole = allocate_block(kBytes, 8);
    ASSERT_NE(keep, nullptr);
    ASSERT_NE(hole, nullptr);
    free_block(hole, kBytes, 8);
    void* next = allocate_block(kBytes - 1000, 8);
    EXPECT_EQ(next, hole) << "the freed units are taken again, their pages already there";
    free_block(next, kBytes - 1000, 8);
    free_block(keep, kBytes, 8);
    release_kept_blocks();
#endif
}

TEST(LargeBlock, HugePagesAreAskedForUnderABufferHeldElsewhere) {
    std::string text;
    text.reserve(std::size_t{8} << 20);
    advise_huge_pages(text.data(), text.capacity());
#if !defined(DIORAMA_UNDER_ASAN)
    const char* inside = text.data() + (std::size_t{4} << 20);
    EXPECT_NE(vm_flags_of(inside).find(" hg"), std::string::npos) << vm_flags_of(inside);
#endif
    text.assign(std::size_t{8} << 20, 'x'); // the buffer holds bytes as before
    EXPECT_EQ(text[(std::size_t{8} << 20) - 1], 'x');
    advise_huge_pages(text.data(), 100); // less than a whole huge page: nothing to ask
}

// The process's mapped size (VmSize), in bytes.
std::size_t mapped_bytes() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmSize:", 0) == 0) return std::stoull(line.substr(7)) * 1024;
    return 0;
}

TEST(LargeBlock, KeptBlocksAreGivenBackWhenANewMappingDoesNotFit) {
#if defined(DIORAMA_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer build: large blocks come from the heap";
#else
    const pid_t child = fork();
    ASSERT_NE(child, -1);
    if (child == 0) { // a limit on the address space, in a child so it ends with it
        release_kept_blocks();
        const std::size_t kept = 32 * kHugePageBytes;
        free_block(allocate_block(kept, 8), kept, 8);
        if (kept_block_bytes() != kept) _exit(2);
        const rlim_t limit = mapped_bytes() + 8 * kHugePageBytes;
        const rlimit address_space{limit, limit};
        if (setrlimit(RLIMIT_AS, &address_space) != 0) _exit(3);
        void* block = allocate_block(kept + kHugePageBytes, 8); // longer: no kept block fits
        _exit(block != nullptr && kept_block_bytes() == 0 ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "1: the allocation failed with blocks kept";
#endif
}

TEST(LargeBlock, ABlockFreedToTheSystemIsUnmappedAtOnce) {
#if defined(DIORAMA_UNDER_ASAN)
    void* heap_block = allocate_block(4 * kHugePageBytes, 8);
    ASSERT_NE(heap_block, nullptr);
    free_block_to_system(heap_block, 4 * kHugePageBytes, 8);
    GTEST_SKIP() << "AddressSanitizer build: large blocks come from the heap";
#else
    release_kept_blocks();
    void* block = allocate_block(4 * kHugePageBytes, 8);
    ASSERT_NE(block, nullptr);
    expect_holds_bytes(block, 4 * kHugePageBytes);
    free_block_to_system(block, 4 * kHugePageBytes, 8);
    EXPECT_EQ(kept_block_bytes(), 0u);
    EXPECT_EQ(vm_flags_of(block), "");
    void* small = allocate_block(1000, 8); // a heap block, freed as free_block frees it
    ASSERT_NE(small, nullptr);
    free_block_to_system(small, 1000, 8);
    free_block_to_system(nullptr, 4 * kHugePageBytes, 8);
#endif
}

TEST(LargeBlock, KeptBlocksStayWithinTheirCapOldestUnmappedFirst) {
#if defined(DIORAMA_UNDER_ASAN)
    GTEST_SKIP() << "AddressSanitizer build: large blocks come from the heap";
#else
    release_kept_blocks();
    const std::size_t third = kKeptBlockBytes / 3; // untouched: address space, not memory
    const std::size_t bytes = third + kHugePageBytes;
    void* blocks[3] = {};
    for (void*& b : blocks) {
        b = allocate_block(bytes, 8);
        ASSERT_NE(b, nullptr);
    }
    for (void* b : blocks)
        free_block(b, bytes, 8);
    EXPECT_LE(kept_block_bytes(), kKeptBlockBytes);
    EXPECT_EQ(vm_flags_of(blocks[0]), "") << "the oldest was unmapped to make room";
    EXPECT_NE(vm_flags_of(blocks[1]), "");
    EXPECT_NE(vm_flags_of(blocks[2]), "");

    void* huge = allocate_block(kKeptBlockBytes + kHugePageBytes, 8);
    ASSERT_NE(huge, nullptr);
    free_block(huge, kKeptBlockBytes + kHugePageBytes, 8);
    EXPECT_EQ(vm_flags_of(huge), "") << "a block over the cap is unmapped at once";
    EXPECT_NE(vm_flags_of(blocks[2]), "") << "and evicts nothing";
    release_kept_blocks();
#endif
}

TEST(LargeBlock, ThreadsFreeingAndTakingBlocksAtOnceEachGetTheirOwn) {
    constexpr std::size_t kBytes = 2 * kHugePageBytes;
    const auto churn = [](unsigned char seed) {
        for (int round = 0; round < 50; ++round) {
            auto* b = static_cast<unsigned char*>(allocate_block(kBytes, 16));
            ASSERT_NE(b, nullptr);
            for (std::size_t i = 0; i < kBytes; i += 4096)
                b[i] = seed;
            for (std::size_t i = 0; i < kBytes; i += 4096)
                ASSERT_EQ(b[i], seed) << "another thread wrote into this block";
            free_block(b, kBytes, 16);
        }
    };
    std::thread other(churn, 0xa5);
    churn(0x3c);
    other.join();
    EXPECT_LE(kept_block_bytes(), kKeptBlockBytes);
    release_kept_blocks();
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
    release_kept_blocks();                    // fresh mappings, on huge-page boundaries
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
