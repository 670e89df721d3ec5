#include "diorama/large_block.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define DIORAMA_BLOCKS_FROM_HEAP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DIORAMA_BLOCKS_FROM_HEAP 1
#endif
#endif
#if !defined(__linux__)
#define DIORAMA_BLOCKS_FROM_HEAP 1
#endif

namespace diorama {
namespace {

constexpr std::size_t kSystemPage = 4096;
constexpr std::size_t kHugePage = std::size_t{2} << 20;
static_assert(kLargeBlockBytes == kHugePage * 7 / 8);

std::size_t round_up(std::size_t bytes, std::size_t unit) {
    return (bytes + unit - 1) & ~(unit - 1);
}

// The length of the mapping a block of bytes gets (0: it comes from the heap): whole huge pages
// when at most an eighth of them is left over, else whole small pages from 2 MiB up (its first
// huge pages huge, its tail small).
std::size_t mapped_length(std::size_t bytes) {
#if defined(DIORAMA_BLOCKS_FROM_HEAP)
    (void)bytes;
    return 0;
#else
    if (bytes < kLargeBlockBytes || bytes > static_cast<std::size_t>(-1) / 2) return 0;
    const std::size_t huge = round_up(bytes, kHugePage);
    if (huge - bytes <= huge / 8) return huge;
    return bytes >= kHugePage ? round_up(bytes, kSystemPage) : 0;
#endif
}

#if !defined(DIORAMA_BLOCKS_FROM_HEAP)
// Maps length bytes starting on a huge page's boundary, by mapping a huge page more and
// unmapping what lies before and after the boundary; nullptr when memory is short.
void* map_aligned(std::size_t length) {
    const std::size_t reserved = length + kHugePage;
    void* raw = mmap(nullptr, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return nullptr;
    const auto first = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t start = round_up(first, kHugePage);
    if (start != first) munmap(raw, start - first);
    const std::uintptr_t tail = start + length;
    if (tail != first + reserved) munmap(reinterpret_cast<void*>(tail), first + reserved - tail);
    void* block = reinterpret_cast<void*>(start);
    // Advice only: without huge pages (a kernel without them, or turned off) memory is memory.
    madvise(block, length, MADV_HUGEPAGE);
    return block;
}
#endif

} // namespace

bool is_mapped_block(std::size_t bytes) noexcept {
    return mapped_length(bytes) != 0;
}

void* allocate_block(std::size_t bytes, std::size_t align) noexcept {
#if !defined(DIORAMA_BLOCKS_FROM_HEAP)
    if (const std::size_t length = mapped_length(bytes); length != 0 && align <= kHugePage)
        return map_aligned(length);
#endif
    if (align <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) return ::operator new(bytes, std::nothrow);
    return ::operator new (bytes, std::align_val_t{align}, std::nothrow);
}

void free_block(void* block, std::size_t bytes, std::size_t align) noexcept {
    if (block == nullptr) return;
#if !defined(DIORAMA_BLOCKS_FROM_HEAP)
    if (const std::size_t length = mapped_length(bytes); length != 0 && align <= kHugePage) {
        munmap(block, length);
        return;
    }
#endif
    if (align <= __STDCPP_DEFAULT_NEW_ALIGNMENT__)
        ::operator delete(block);
    else
        ::operator delete (block, std::align_val_t{align});
}

} // namespace diorama
