#pragma once
// Internal: the object references of entries just read into a world (scene_file_read.cpp): made
// global within prefab instances, following renamed guids, and checked.

#include "diorama/diagnostics.h"
#include "diorama/handle.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>

namespace diorama {
class PrefabLibrary;
class World;
} // namespace diorama

namespace diorama::detail {

// An object made from the entry objects[index] (by the precise reader or the fast path's
// commit_staged), with the parent the entry names, linked once every entry is read.
struct ReadObject {
    Handle handle{};
    std::size_t index = 0;
    std::optional<Guid> parent;
};

// References between the objects of one prefab instance are saved as the prefab's local guids:
// they become the guids of the instance's objects.
void globalize_instance_references(World& world, const PrefabLibrary& prefabs,
                                   std::span<const ReadObject> objects);

// Object references to renamed entries follow them (renamed: old guid -> new).
void remap_references(World& world, std::span<const ReadObject> objects,
                      const std::unordered_map<Guid, Guid>& renamed);

// A warning for each reference to an object the world does not have, naming file and the field.
void check_references(const World& world, std::span<const ReadObject> objects,
                      std::string_view file, Diagnostics& diagnostics);

} // namespace diorama::detail
