#pragma once
// Prefabs: a prefab file declares components and values; an instance references its prefab and
// its scene entry stores only the fields it overrides (the fields whose value differs from the
// prefab's), so editing the prefab changes every instance that does not override that field.
// Game code spawns instances at run time by name (pickups, particles): spawn(world, "ball", pos).
//
//   { "format": "diorama.prefab", "version": 1, "name": "brick", "layer": "world",
//     "components": { "Shape": { "size": [48.0, 20.0] }, "Collider": {} } }

#include "diorama/diagnostics.h"
#include "diorama/handle.h"
#include "diorama/json_io.h"
#include "diorama/reflection.h"
#include "diorama/result.h"
#include "diorama/version.h"

#include <glm/vec2.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

class TypeRegistry;
class World;
struct ObjectDef;
struct Project;

struct Prefab {
    struct Component {
        const TypeInfo* type = nullptr;
        std::shared_ptr<void> value; // a T holding the prefab's values
    };

    std::string path;                  // relative to the project: "prefabs/brick.prefab.json"
    std::string name;                  // "brick"
    std::string layer;                 // layer spawned instances go to (when the world has it)
    std::vector<Component> components; // registry order
    Json unknown = Json::object();     // components of unregistered types, kept verbatim

    // The prefab's value of a component type, or nullptr when it has none.
    [[nodiscard]] const void* find(ComponentId type) const;
};

// Marks an object as an instance of a prefab.
struct PrefabInstance {
    std::string prefab; // the prefab's path, relative to the project
};

class PrefabLibrary {
public:
    // Loads every *.prefab.json under the project's prefab folder. Problems go to diagnostics;
    // prefabs with errors are left out.
    void load_folder(const Project& project, const TypeRegistry& registry,
                     Diagnostics& diagnostics);
    // Adds (or replaces, by path) a prefab.
    const Prefab& add(Prefab prefab);
    // By path ("prefabs/brick.prefab.json") or by name ("brick"); nullptr when absent.
    [[nodiscard]] const Prefab* find(std::string_view path_or_name) const;
    [[nodiscard]] const std::vector<std::unique_ptr<Prefab>>& all() const { return m_prefabs; }
    // "; did you mean \"prefabs/ball.prefab.json\"?" for a path or name that finds none: the
    // prefab whose name is nearest to it (suggest.h), or "" when none is near.
    [[nodiscard]] std::string did_you_mean(std::string_view path_or_name) const;

private:
    std::vector<std::unique_ptr<Prefab>> m_prefabs; // sorted by path
};

// Parses a prefab file's text; `file` names it in errors and `path` is its project-relative path.
[[nodiscard]] Result<Prefab> parse_prefab(std::string_view text, std::string_view path,
                                          const Project& project, const TypeRegistry& registry,
                                          Diagnostics& diagnostics);
// Reads and parses the prefab at a project-relative path.
[[nodiscard]] Result<Prefab> load_prefab(const Project& project, std::string_view path,
                                         const TypeRegistry& registry, Diagnostics& diagnostics);
// The prefab file's JSON (fields that differ from the types' defaults).
[[nodiscard]] Result<Json> prefab_to_json(const Prefab& prefab);

// Creates an instance: the prefab's components with its values, and a PrefabInstance link.
[[nodiscard]] Result<Handle> instantiate(World& world, const Prefab& prefab, const ObjectDef& def);
// Instantiates the prefab named (or at path) in the world's prefab library, at a position, in
// the prefab's layer when the world has one of that name (else layer 0).
// Logs and returns null when there is no library or no such prefab.
Handle spawn(World& world, std::string_view prefab, glm::vec2 position);

} // namespace diorama
