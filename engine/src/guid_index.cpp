#include "diorama/guid_index.h"

#include <bit>
#include <cassert>

namespace diorama {

const std::uint32_t* GuidIndex::find(Guid g) const {
    if (m_slots.empty()) return nullptr;
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = home(g.value);; i = (i + 1) & mask) {
        const Slot& s = m_slots[i];
        if (s.key == g.value) return &s.value;
        if (s.key == 0) return nullptr;
    }
}

void GuidIndex::rehash(std::size_t capacity) {
    LargeVector<Slot> old(capacity); // may throw: nothing changed yet
    old.swap(m_slots);
    const std::size_t mask = m_slots.size() - 1;
    for (const Slot& s : old) {
        if (s.key == 0) continue;
        std::size_t i = home(s.key);
        while (m_slots[i].key != 0)
            i = (i + 1) & mask;
        m_slots[i] = s;
    }
}

void GuidIndex::reserve(std::size_t n) {
    // Load factor at most 1/2 keeps probes short.
    const std::size_t wanted = std::bit_ceil(std::max<std::size_t>(16, n * 2));
    if (wanted > m_slots.size()) rehash(wanted);
}

void GuidIndex::insert(Guid g, std::uint32_t index) {
    assert(!g.is_null());
    reserve(m_size + 1);
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = home(g.value);
    while (m_slots[i].key != 0 && m_slots[i].key != g.value)
        i = (i + 1) & mask;
    if (m_slots[i].key == 0) ++m_size;
    m_slots[i] = Slot{g.value, index};
}

void GuidIndex::erase(Guid g) {
    if (m_slots.empty()) return;
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = home(g.value);
    while (m_slots[i].key != g.value) {
        if (m_slots[i].key == 0) return;
        i = (i + 1) & mask;
    }
    // Backward-shift: pull later entries of the probe run into the hole.
    for (std::size_t j = (i + 1) & mask; m_slots[j].key != 0; j = (j + 1) & mask) {
        const std::size_t h = home(m_slots[j].key);
        // Move j into the hole at i unless its home lies cyclically in (i, j].
        const bool stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
        if (!stays) {
            m_slots[i] = m_slots[j];
            i = j;
        }
    }
    m_slots[i] = Slot{};
    --m_size;
}

} // namespace diorama
