// keep_freed_memory_for_reuse: memory the process frees and allocates again, as a software GL
// driver does every frame, is reused without new page faults.

#include "app/memory_policy.h"

#include "../../engine/under_asan.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <array>
#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace diorama::editor {
namespace {

#ifndef DIORAMA_UNDER_ASAN
long minor_faults() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

// Allocates 16 blocks of 120 KiB (each under glibc's default mapping threshold, so they come
// from the heap), writes every byte and frees them all: the freed top of the heap is 1.9 MiB,
// which glibc's default policy hands back to the system.
void allocate_touch_and_free() {
    constexpr std::size_t kBlock = 120 << 10;
    std::array<void*, 16> blocks{};
    for (void*& b : blocks) {
        b = std::malloc(kBlock);
        if (b == nullptr) std::_Exit(3);
        std::memset(b, 1, kBlock);
    }
    for (auto it = blocks.rbegin(); it != blocks.rend(); ++it)
        std::free(*it);
}

// Exits 0 when five rounds after the first fault in fewer than a tenth of their pages (the
// default policy faults on all ~2,400), 1 otherwise.
[[noreturn]] void rounds_reuse_the_freed_memory() {
    keep_freed_memory_for_reuse();
    allocate_touch_and_free();
    const long before = minor_faults();
    for (int round = 0; round < 5; ++round)
        allocate_touch_and_free();
    const long faults = minor_faults() - before;
    std::_Exit(faults < 5 * 16 * 30 / 10 ? 0 : 1);
}
#endif

TEST(MemoryPolicy, MemoryFreedAndAllocatedAgainIsReusedWithoutPageFaults) {
#ifdef DIORAMA_UNDER_ASAN
    GTEST_SKIP() << "AddressSanitizer's allocator does not follow glibc's settings";
#else
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(rounds_reuse_the_freed_memory(), ::testing::ExitedWithCode(0), "");
#endif
}

} // namespace
} // namespace diorama::editor
