#pragma once
// GuidIndex: a flat hash map from Guid to a 32-bit slot index (open addressing, linear probing,
// backward-shift deletion: no tombstones, no per-entry allocation). The world's find(Guid).

#include "diorama/handle.h"
#include "diorama/large_block.h"
#include "diorama/prefetch.h"

#include <cstddef>
#include <cstdint>

namespace diorama {

class GuidIndex {
public:
    // The index of g, or nullptr when absent. g must not be null.
    [[nodiscard]] const std::uint32_t* find(Guid g) const;
    [[nodiscard]] bool contains(Guid g) const { return find(g) != nullptr; }
    // Starts fetching the memory a find or insert of g reads first (a hint: a loader calls it
    // some objects ahead, so the random access of each is not waited for).
    void prefetch(Guid g) const {
        if (m_slots.empty()) return;
        prefetch_line(&m_slots[home(g.value)]);
    }
    // Inserts or replaces g's index; may throw std::bad_alloc (then nothing changed). g not null.
    void insert(Guid g, std::uint32_t index);
    // Makes room for n entries without further growth; may throw std::bad_alloc.
    void reserve(std::size_t n);
    // Removes g; no-op when absent.
    void erase(Guid g);
    [[nodiscard]] std::size_t size() const { return m_size; }
    [[nodiscard]] std::size_t memory_bytes() const { return m_slots.capacity() * sizeof(Slot); }

private:
    struct Slot {
        std::uint64_t key = 0; // 0: empty
        std::uint32_t value = 0;
    };
    [[nodiscard]] std::size_t home(std::uint64_t key) const {
        // Guids may be sequential or hand-written: mix before masking.
        key ^= key >> 33;
        key *= 0xff51afd7ed558ccdull;
        key ^= key >> 33;
        return static_cast<std::size_t>(key) & (m_slots.size() - 1);
    }
    void rehash(std::size_t capacity);

    LargeVector<Slot> m_slots; // size is a power of two (or zero)
    std::size_t m_size = 0;
};

} // namespace diorama
