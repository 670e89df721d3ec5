#pragma once
// A growable array of trivially copyable values, for the world's per-slot tables (records and
// generations): the part of std::vector's interface they use, with the growth out of line, so
// an append with room inlines to a store and a size bump wherever the compiler puts it (a
// std::vector append carries its reallocation with it, which can keep it from inlining).
// Memory comes from allocate_block: large tables lie in huge pages of their own.

#include "diorama/hot_inline.h"
#include "diorama/large_block.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>

namespace diorama::detail {

template <class T>
class SlotArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    SlotArray() = default;
    // A copy with the same values and room; throws std::bad_alloc when memory is short.
    SlotArray(const SlotArray& other) {
        reserve(other.m_capacity);
        if (other.m_size != 0) std::memcpy(m_data, other.m_data, other.m_size * sizeof(T));
        m_size = other.m_size;
    }
    SlotArray& operator=(const SlotArray&) = delete;
    ~SlotArray() { free_block(m_data, m_capacity * sizeof(T), alignof(T)); }

    [[nodiscard]] std::size_t size() const { return m_size; }
    [[nodiscard]] std::size_t capacity() const { return m_capacity; }
    [[nodiscard]] bool empty() const { return m_size == 0; }
    // Precondition: i < size().
    [[nodiscard]] T& operator[](std::size_t i) {
        assert(i < m_size);
        return m_data[i];
    }
    [[nodiscard]] const T& operator[](std::size_t i) const {
        assert(i < m_size);
        return m_data[i];
    }

    // Appends value (taken by copy, so it may come from this array), doubling the room when there
    // is none; throws std::bad_alloc when memory is short, changing nothing.
    DIORAMA_HOT_INLINE void push_back(T value) {
        if (m_size == m_capacity) [[unlikely]]
            grow(std::max<std::size_t>(1, m_capacity * 2));
        m_data[m_size++] = value;
    }
    // Removes the last value; precondition: !empty().
    void pop_back() {
        assert(m_size > 0);
        --m_size;
    }
    // Makes room for n values in all; throws std::bad_alloc when memory is short, changing
    // nothing.
    void reserve(std::size_t n) {
        if (n > m_capacity) grow(n);
    }

private:
    [[gnu::noinline]] void grow(std::size_t room) {
        if (room > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_alloc();
        T* data = static_cast<T*>(allocate_block(room * sizeof(T), alignof(T)));
        if (data == nullptr) throw std::bad_alloc();
        if (m_size != 0) std::memcpy(data, m_data, m_size * sizeof(T));
        free_block(m_data, m_capacity * sizeof(T), alignof(T));
        m_data = data;
        m_capacity = room;
    }

    T* m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_capacity = 0;
};

} // namespace diorama::detail
