#pragma once
// The names the editor gives new objects (placed, created, duplicated, pasted): a name already
// used in the world gets the first free number ("Bat", "Bat 2", "Bat 3"); a name that already
// ends in a number counts on from its stem ("Bat 2" again is "Bat 3").

#include "diorama/json_io.h"
#include "diorama/world.h"

#include <string>
#include <unordered_set>

namespace diorama::editor {

class UniqueNames {
public:
    // Collects the names of the world's objects.
    explicit UniqueNames(const World& world);
    // name when unused, else "STEM N" with the smallest free N >= 2; either way it counts as used
    // from now on. An empty name stays empty.
    [[nodiscard]] std::string take(const std::string& name);

private:
    std::unordered_set<std::string> m_used;
};

// Renames scene entries (objects_to_json's) so that no two of them, and none of them and an
// object of world, share a name.
void make_names_unique(Json& entries, const World& world);

} // namespace diorama::editor
