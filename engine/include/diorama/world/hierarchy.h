#pragma once
// The hierarchy part of the World: parent links between objects, kept per slot.

#include "diorama/world/objects.h"

#include <cstdint>

namespace diorama {

// What set_parent keeps unchanged.
enum class Reparent { KeepLocal, KeepWorld };

namespace detail {

// A slot's place in the hierarchy; all kNoSlot for an object without children or a parent.
struct TreeLinks {
    std::uint32_t first_child = kNoSlot;
    std::uint32_t last_child = kNoSlot;
    std::uint32_t next_sibling = kNoSlot;
    std::uint32_t prev_sibling = kNoSlot;
};

} // namespace detail
} // namespace diorama
