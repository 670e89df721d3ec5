#pragma once
// TransientArena: scratch memory for one tick. Allocation is a pointer bump; reset() frees
// everything at once and records how much the tick used (its watermark).

#include <cstddef>
#include <memory>
#include <new>
#include <span>
#include <type_traits>
#include <vector>

namespace diorama {

class TransientArena {
public:
    // block_bytes: size of each block the arena takes from the heap when it runs out.
    explicit TransientArena(std::size_t block_bytes = 64 * 1024);
    TransientArena(const TransientArena&) = delete;
    TransientArena& operator=(const TransientArena&) = delete;

    // Uninitialised memory valid until the next reset(); nullptr when the heap is exhausted.
    // align must be a power of two.
    [[nodiscard]] void* allocate(std::size_t bytes, std::size_t align = alignof(std::max_align_t));

    // n value-initialised objects of a trivially destructible type, valid until reset();
    // an empty span when memory runs out.
    template <class T>
    [[nodiscard]] std::span<T> make_array(std::size_t n) {
        static_assert(std::is_trivially_destructible_v<T>, "the arena never runs destructors");
        if (n > max_elements<T>()) return {};
        void* p = allocate(n * sizeof(T), alignof(T));
        if (p == nullptr) return {};
        T* first = static_cast<T*>(p);
        for (std::size_t i = 0; i < n; ++i)
            new (first + i) T();
        return {first, n};
    }

    // Frees everything allocated since the last reset. When the tick needed more than one block,
    // the blocks are merged into one big enough for the whole tick next time.
    void reset();

    // Bytes handed out since the last reset.
    [[nodiscard]] std::size_t used() const { return m_used; }
    // The most bytes in use at once before the last reset (the last tick's watermark).
    [[nodiscard]] std::size_t last_watermark() const { return m_last_watermark; }
    // The most bytes ever in use at once.
    [[nodiscard]] std::size_t high_watermark() const;
    // Bytes reserved from the heap.
    [[nodiscard]] std::size_t capacity() const;

private:
    template <class T>
    static constexpr std::size_t max_elements() {
        return static_cast<std::size_t>(-1) / sizeof(T);
    }

    struct Block {
        std::unique_ptr<std::byte[]> data;
        std::size_t size = 0;
    };
    bool add_block(std::size_t min_bytes);

    std::size_t m_block_bytes = 0;
    std::vector<Block> m_blocks;
    std::size_t m_current = 0; // block being filled
    std::size_t m_offset = 0;  // bytes used in the current block
    std::size_t m_used = 0;
    std::size_t m_last_watermark = 0;
    std::size_t m_high_watermark = 0;
};

} // namespace diorama
