#pragma once
// The objects the editor copies, duplicates and moves: a selection's subtrees and its top-level
// objects, their scene entries given fresh guids (references among them follow), and a move
// expressed in a parent's space.

#include "diorama/handle.h"
#include "diorama/json_io.h"
#include "diorama/world.h"

#include <glm/vec2.hpp>

#include <vector>

namespace diorama::editor {

// Every object of the subtrees rooted at objects (each once, roots included).
[[nodiscard]] std::vector<Handle> with_descendants(const World& world,
                                                   const std::vector<Handle>& objects);
// The objects not below another of them (a moved or deleted parent takes its children along).
[[nodiscard]] std::vector<Handle> top_level(const World& world, const std::vector<Handle>& objects);
// Scene entries with new guids from world.new_guid(); parents and object references among the
// entries follow: ObjectRef fields, and every guid string at any depth of a component of a type
// the registry does not know (its module not loaded).
[[nodiscard]] Json with_fresh_guids(const Json& entries, World& world);
// The guids of scene entries, in entry order (entries without a valid guid are skipped).
[[nodiscard]] std::vector<Guid> entry_guids(const Json& entries);
// A world-space offset in the space of h's parent (what to add to h's local position to move it
// by offset in the world); zero when the parent is scaled to nothing.
[[nodiscard]] glm::vec2 local_offset(const World& world, Handle h, glm::vec2 offset);

} // namespace diorama::editor
