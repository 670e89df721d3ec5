#pragma once
// The state hash: a 64-bit digest of everything a scene file saves about a world (objects, their
// guids, names, layers, parents, and every reflected field of every registered component).
// Identical states hash equal whatever order objects were created in; a change to any saved
// field changes the hash. The player and the editor print the same value for the same state.

#include <cstdint>
#include <string>

namespace diorama {

class World;

[[nodiscard]] std::uint64_t state_hash(const World& world);

// The hash as 16 lowercase hex digits.
[[nodiscard]] std::string format_hash(std::uint64_t hash);

} // namespace diorama
