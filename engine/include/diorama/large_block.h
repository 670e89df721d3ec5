#pragma once
// Memory for the store's large arrays (component pages, sparse and dense arrays, object slots,
// the guid index) and for files read whole. A block of kLargeBlockBytes or more is mapped from
// the system on its own, starting on a huge page's (2 MiB) boundary and marked for transparent
// huge pages, so filling it takes one page fault per 2 MiB instead of one per 4 KiB (loading
// 100k objects touches about 36 MB of fresh memory; on a host whose page faults cost 11 us that
// was 0.1 s of faults). A block is rounded up to whole huge pages when at most an eighth of them
// is left over (so a block of 1.75 to 2 MiB is one huge page); otherwise its tail stays in small
// pages. Blocks of 128 KiB up to kLargeBlockBytes share such huge pages: packed side by side in
// 2 MiB regions, each block taking whole 32 KiB units (a freed block's units go to the next
// block that fits; a region whose blocks are all freed is freed as a mapped block of 2 MiB), so
// the many medium arrays of a large load fault one huge page at a time without each holding a
// huge page of its own. Smaller blocks, and every block in a build with AddressSanitizer (so it
// still sees overflows), come from the heap. Where the system has no huge pages a mapping is
// plain memory.
// As the heap does with its own, freed mapped blocks are kept for reuse (up to kKeptBlockBytes,
// the oldest unmapped first, marked so the system may take their pages back when memory is
// short), and a new block is cut from the front of the smallest kept one long enough (so it
// may start off a huge page's boundary): a world rebuilt at the same size (a level reloaded,
// play mode's snapshot restored) takes its arrays' pages back without a page fault or the
// system clearing them again. A file's bytes are given back at once (free_block_to_system):
// kept, their pages would stay held under the smaller arrays cut from them, raising a load's peak.

#include <cstddef>
#include <new>
#include <vector>

namespace diorama {

// Blocks from this size up are mapped on their own (7/8 of a 2 MiB huge page).
inline constexpr std::size_t kLargeBlockBytes = (std::size_t{2} << 20) / 8 * 7;

// Uninitialised room for bytes at the given alignment (a power of two), or nullptr when memory
// is short.
[[nodiscard]] void* allocate_block(std::size_t bytes, std::size_t align) noexcept;
// Frees a block from allocate_block, given the same bytes and alignment; null: no-op.
void free_block(void* block, std::size_t bytes, std::size_t align) noexcept;
// As free_block, but a mapped block goes back to the system at once instead of being kept: for
// a one-off buffer (a file read whole) that would keep its pages held while smaller blocks follow.
void free_block_to_system(void* block, std::size_t bytes, std::size_t align) noexcept;
// True when a block of this size is mapped on its own in this build (see above).
[[nodiscard]] bool is_mapped_block(std::size_t bytes) noexcept;

// Asks for huge pages under the whole 2 MiB pages within bytes at start, memory the caller holds
// from elsewhere (a large string's buffer about to be filled), so filling it takes one page fault
// per 2 MiB; advice only: nothing changes where the system has no huge pages.
void advise_huge_pages(void* start, std::size_t bytes) noexcept;

// The most bytes of freed mapped blocks kept for reuse.
inline constexpr std::size_t kKeptBlockBytes = std::size_t{128} << 20;
// Bytes of freed mapped blocks kept for reuse now (0 in builds without mapped blocks).
[[nodiscard]] std::size_t kept_block_bytes() noexcept;
// Unmaps every kept block, giving its memory back to the system at once.
void release_kept_blocks() noexcept;

// A standard allocator over allocate_block, for containers that may grow large.
template <class T>
struct LargeBlockAllocator {
    using value_type = T;

    LargeBlockAllocator() = default;
    template <class U>
    LargeBlockAllocator(const LargeBlockAllocator<U>&) noexcept {} // NOLINT: as std::allocator

    // Room for n objects; throws std::bad_alloc when memory is short.
    [[nodiscard]] T* allocate(std::size_t n) {
        if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
        void* block = allocate_block(n * sizeof(T), alignof(T));
        if (block == nullptr) throw std::bad_alloc();
        return static_cast<T*>(block);
    }
    // Frees room for n objects from allocate(n).
    void deallocate(T* p, std::size_t n) noexcept { free_block(p, n * sizeof(T), alignof(T)); }

    template <class U>
    bool operator==(const LargeBlockAllocator<U>&) const noexcept {
        return true;
    }
};

// A vector whose buffer, once it is kLargeBlockBytes or more, lies in memory of its own (see
// above).
template <class T>
using LargeVector = std::vector<T, LargeBlockAllocator<T>>;

} // namespace diorama
