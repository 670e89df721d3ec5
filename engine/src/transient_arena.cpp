#include "diorama/transient_arena.h"

#include <algorithm>
#include <cstdint>

namespace diorama {

TransientArena::TransientArena(std::size_t block_bytes)
    : m_block_bytes(std::max<std::size_t>(block_bytes, 64)) {}

bool TransientArena::add_block(std::size_t min_bytes) {
    const std::size_t size = std::max(m_block_bytes, min_bytes);
    Block b;
    b.data.reset(new (std::nothrow) std::byte[size]);
    if (!b.data) return false;
    b.size = size;
    try {
        m_blocks.push_back(std::move(b));
    } catch (const std::bad_alloc&) {
        return false;
    }
    return true;
}

void* TransientArena::allocate(std::size_t bytes, std::size_t align) {
    if (align == 0 || (align & (align - 1)) != 0) return nullptr;
    for (;;) {
        if (m_current < m_blocks.size()) {
            Block& b = m_blocks[m_current];
            const auto base = reinterpret_cast<std::uintptr_t>(b.data.get());
            const std::uintptr_t aligned =
                (base + m_offset + align - 1) & ~(std::uintptr_t{align} - 1);
            const std::size_t start = aligned - base;
            if (start <= b.size && bytes <= b.size - start) {
                m_used += (start - m_offset) + bytes;
                m_offset = start + bytes;
                m_high_watermark = std::max(m_high_watermark, m_used);
                return b.data.get() + start;
            }
            if (m_current + 1 < m_blocks.size()) {
                ++m_current;
                m_offset = 0;
                continue;
            }
        }
        if (bytes > static_cast<std::size_t>(-1) - align) return nullptr;
        if (!add_block(bytes + align)) return nullptr;
        m_current = m_blocks.size() - 1;
        m_offset = 0;
    }
}

void TransientArena::reset() {
    m_last_watermark = m_used;
    if (m_blocks.size() > 1) {
        // The tick needed several blocks: next time, one block that holds all of it.
        std::size_t total = 0;
        for (const Block& b : m_blocks)
            total += b.size;
        m_blocks.clear();
        if (!add_block(total)) m_blocks.clear();
    }
    m_current = 0;
    m_offset = 0;
    m_used = 0;
}

std::size_t TransientArena::high_watermark() const {
    return m_high_watermark;
}

std::size_t TransientArena::capacity() const {
    std::size_t total = 0;
    for (const Block& b : m_blocks)
        total += b.size;
    return total;
}

} // namespace diorama
