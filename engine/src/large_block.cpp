#include "diorama/large_block.h"

#include "block_regions.h"

#include <cstdint>
#include <mutex>
#include <type_traits>

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
static_assert(detail::kRegionBytes == kHugePage && kLargeBlockBytes <= detail::kRegionBytes);

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

// True when a block of bytes at align lies in a shared region (block_regions.h).
bool in_region(std::size_t bytes, std::size_t align) {
#if defined(DIORAMA_BLOCKS_FROM_HEAP)
    (void)bytes;
    (void)align;
    return false;
#else
    return bytes >= detail::kRegionBlockMin && bytes < kLargeBlockBytes &&
           align <= detail::kRegionUnit;
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

// Freed mapped blocks kept for reuse, oldest first, at most kKeptBlockBytes in all.
class KeptBlocks {
public:
    // length bytes of the kept blocks starting at a multiple of align, no longer kept: a block
    // of exactly that length, else the front of the smallest longer one (its rest stays kept);
    // nullptr when none is long enough.
    void* take(std::size_t length, std::size_t align) noexcept {
        const std::lock_guard lock(m_mutex);
        std::size_t best = m_count;
        for (std::size_t i = m_count; i-- > 0;) {
            if (reinterpret_cast<std::uintptr_t>(m_blocks[i].start) % align != 0) continue;
            const std::size_t have = m_blocks[i].length;
            if (have == length) {
                void* block = m_blocks[i].start;
                remove(i);
                return block;
            }
            if (have > length && (best == m_count || have < m_blocks[best].length)) best = i;
        }
        if (best == m_count) return nullptr;
        Block& from = m_blocks[best];
        void* block = from.start;
        from.start = static_cast<char*>(from.start) + length;
        from.length -= length;
        m_bytes -= length;
        // A rest shorter than any mapped block could never be taken again.
        if (from.length < kLargeBlockBytes) {
            munmap(from.start, from.length);
            remove(best);
        }
        return block;
    }

    // Keeps block (length bytes) for reuse, letting the system take its pages back when memory
    // is short; unmaps the oldest kept blocks to make room, or block itself when it is larger
    // than all the room there is.
    void keep(void* block, std::size_t length) noexcept {
        if (length > kKeptBlockBytes) {
            munmap(block, length);
            return;
        }
        madvise(block, length, MADV_FREE);
        const std::lock_guard lock(m_mutex);
        while (m_count == kMaxBlocks || m_bytes + length > kKeptBlockBytes) {
            munmap(m_blocks[0].start, m_blocks[0].length);
            remove(0);
        }
        m_blocks[m_count++] = Block{block, length};
        m_bytes += length;
    }

    // Unmaps every kept block.
    void release() noexcept {
        const std::lock_guard lock(m_mutex);
        while (m_count > 0) {
            munmap(m_blocks[0].start, m_blocks[0].length);
            remove(0);
        }
    }

    // The bytes kept now.
    [[nodiscard]] std::size_t bytes() noexcept {
        const std::lock_guard lock(m_mutex);
        return m_bytes;
    }

private:
    struct Block {
        void* start = nullptr;
        std::size_t length = 0;
    };
    static constexpr std::size_t kMaxBlocks = 64;

    // Forgets the i-th kept block; precondition: the mutex is held, i < m_count.
    void remove(std::size_t i) noexcept {
        m_bytes -= m_blocks[i].length;
        for (; i + 1 < m_count; ++i)
            m_blocks[i] = m_blocks[i + 1];
        --m_count;
    }

    std::mutex m_mutex;
    Block m_blocks[kMaxBlocks];
    std::size_t m_count = 0;
    std::size_t m_bytes = 0;
};
// Never destroyed, so blocks freed by other static objects' destructors at exit still find it.
static_assert(std::is_trivially_destructible_v<KeptBlocks>);
constinit KeptBlocks g_kept_blocks;

// The shared regions of medium blocks, each a huge page mapped as a large block is (a kept
// block when one fits), and given back as one when its last block is freed.
class SharedRegions {
public:
    // Room for bytes in a region, or nullptr when memory is short.
    void* take(std::size_t bytes) noexcept {
        const std::lock_guard lock(m_mutex);
        if (void* block = m_books.place(bytes)) return block;
        void* region = g_kept_blocks.take(kHugePage, kHugePage);
        if (region == nullptr) region = map_aligned(kHugePage);
        if (region == nullptr) {
            g_kept_blocks.release();
            region = map_aligned(kHugePage);
        }
        if (region == nullptr) return nullptr;
        if (!m_books.add(region)) {
            g_kept_blocks.keep(region, kHugePage);
            return nullptr;
        }
        return m_books.place(bytes);
    }

    // Frees a block from take; an emptied region is kept for reuse, or unmapped when keep is
    // false.
    void give(void* block, std::size_t bytes, bool keep) noexcept {
        void* emptied = nullptr;
        {
            const std::lock_guard lock(m_mutex);
            emptied = m_books.free(block, bytes);
        }
        if (emptied == nullptr) return;
        if (keep)
            g_kept_blocks.keep(emptied, kHugePage);
        else
            munmap(emptied, kHugePage);
    }

private:
    std::mutex m_mutex;
    detail::BlockRegions m_books;
};
// The one SharedRegions, made on first use and never destroyed (as g_kept_blocks).
SharedRegions& shared_regions() {
    static auto* const regions = new SharedRegions;
    return *regions;
}
#endif

} // namespace

bool is_mapped_block(std::size_t bytes) noexcept {
    return mapped_length(bytes) != 0;
}

void* allocate_block(std::size_t bytes, std::size_t align) noexcept {
#if !defined(DIORAMA_BLOCKS_FROM_HEAP)
    if (in_region(bytes, align)) return shared_regions().take(bytes);
    if (const std::size_t length = mapped_length(bytes); length != 0 && align <= kHugePage) {
        if (void* kept = g_kept_blocks.take(length, align)) return kept;
        if (void* fresh = map_aligned(length)) return fresh;
        // Kept blocks count against the process's address space and commit limits.
        g_kept_blocks.release();
        return map_aligned(length);
    }
#endif
    if (align <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) return ::operator new(bytes, std::nothrow);
    return ::operator new (bytes, std::align_val_t{align}, std::nothrow);
}

namespace {

// free_block and free_block_to_system: keep says whether a mapped block is kept for reuse.
void free_mapped_or_heap(void* block, std::size_t bytes, std::size_t align, bool keep) noexcept {
    if (block == nullptr) return;
#if !defined(DIORAMA_BLOCKS_FROM_HEAP)
    if (in_region(bytes, align)) {
        shared_regions().give(block, bytes, keep);
        return;
    }
    if (const std::size_t length = mapped_length(bytes); length != 0 && align <= kHugePage) {
        if (keep)
            g_kept_blocks.keep(block, length);
        else
            munmap(block, length);
        return;
    }
#else
    (void)keep;
#endif
    if (align <= __STDCPP_DEFAULT_NEW_ALIGNMENT__)
        ::operator delete(block);
    else
        ::operator delete (block, std::align_val_t{align});
}

} // namespace

void free_block(void* block, std::size_t bytes, std::size_t align) noexcept {
    free_mapped_or_heap(block, bytes, align, true);
}

void free_block_to_system(void* block, std::size_t bytes, std::size_t align) noexcept {
    free_mapped_or_heap(block, bytes, align, false);
}

void advise_huge_pages(void* start, std::size_t bytes) noexcept {
#if defined(__linux__)
    const auto first = round_up(reinterpret_cast<std::uintptr_t>(start), kHugePage);
    const auto end = (reinterpret_cast<std::uintptr_t>(start) + bytes) & ~(kHugePage - 1);
    if (end > first) madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
#else
    (void)start;
    (void)bytes;
#endif
}

std::size_t kept_block_bytes() noexcept {
#if defined(DIORAMA_BLOCKS_FROM_HEAP)
    return 0;
#else
    return g_kept_blocks.bytes();
#endif
}

void release_kept_blocks() noexcept {
#if !defined(DIORAMA_BLOCKS_FROM_HEAP)
    g_kept_blocks.release();
#endif
}

} // namespace diorama
