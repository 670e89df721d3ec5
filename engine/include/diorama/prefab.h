#pragma once
// Prefabs: a prefab file declares an object (its root) and optionally the objects below it (its
// children), with their components and values. Every object of an instance references its prefab
// and the prefab object it comes from (PrefabInstance: path and part); its scene entry stores
// only the fields it overrides (the fields whose value differs from the prefab's), so editing the
// prefab changes every instance that does not override that field. Game code spawns instances at
// run time by name (pickups, particles): spawn(world, "ball", pos).
//
//   { "format": "diorama.prefab", "version": 1, "name": "brick", "layer": "world",
//     "components": { "Shape": { "size": [48.0, 20.0] }, "Collider": {} } }
//
// With children, each object has a local guid ("id"): references between the prefab's objects
// hold local guids, and an instance's objects get their own guids, its references following.
// A child may itself come from another prefab ("prefab" and "part": nested prefabs); a prefab
// that contains itself, directly or through others, is refused.
//
//   { ..., "id": "00000000000000a1", "components": {...},
//     "children": [ { "id": "00000000000000a2", "parent": "00000000000000a1", "name": "door",
//                     "prefab": "prefabs/door.prefab.json", "components": {...} } ] }

#include "diorama/diagnostics.h"
#include "diorama/handle.h"
#include "diorama/json_io.h"
#include "diorama/reflection.h"
#include "diorama/result.h"
#include "diorama/version.h"
#include "diorama/world/objects.h"

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

// One component of a prefab's object: its type and a value of that type.
struct PrefabComponent {
    const TypeInfo* type = nullptr;
    std::shared_ptr<void> value; // a T holding the prefab's values
};

// An object below a prefab's root.
struct PrefabPart {
    Guid id;            // its local guid, unique in the prefab
    Guid parent;        // the local guid of the object it is under
    std::string name;   // the name instances give it
    std::string prefab; // nested: the prefab it comes from ("" when none)
    Guid prefab_part;   // nested: which object of that prefab (null: root)
    std::vector<PrefabComponent>
        components;                // full values (a nested one's included), registry order
    Json unknown = Json::object(); // components of unregistered types, kept verbatim

    // The part's value of a component type, or nullptr when it has none.
    [[nodiscard]] const void* find(ComponentId type) const;
};

struct Prefab {
    using Component = PrefabComponent;

    std::string path;                  // relative to the project: "prefabs/brick.prefab.json"
    std::string name;                  // "brick"
    std::string layer;                 // layer spawned instances go to (when the world has it)
    Guid id;                           // the root's local guid (null when nothing refers to it)
    std::vector<Component> components; // the root's, registry order
    Json unknown = Json::object();     // the root's components of unregistered types, verbatim
    std::vector<PrefabPart> children;  // the objects below the root, each after its parent

    // The root's value of a component type, or nullptr when it has none.
    [[nodiscard]] const void* find(ComponentId type) const;
    // The child with a local guid; nullptr for none (and for the null guid, the root).
    [[nodiscard]] const PrefabPart* part(Guid part_id) const;
    // The components of an object of the prefab: the root's for a null part, else the child's;
    // nullptr when the prefab has no such child.
    [[nodiscard]] const std::vector<Component>* components_of(Guid part) const;
    // A component of an object of the prefab (see components_of); nullptr when it has none.
    [[nodiscard]] const void* find(Guid part, ComponentId type) const;
    // The prefabs its children come from, directly (each once, in order).
    [[nodiscard]] std::vector<std::string> nested_prefabs() const;
    // A copy whose component values are its own (a plain copy shares them with this one).
    [[nodiscard]] Prefab clone() const;
};

// Marks an object as an object of a prefab instance.
struct PrefabInstance {
    std::string prefab; // the prefab's path, relative to the project
    Guid part;          // the prefab object it comes from: null for the root, else a child's id
};

// How prefab files load.
struct PrefabLoadOptions {
    // A component field its type does not declare, or a value that does not fit its field, leaves
    // the field at its default (or the nested prefab's value) instead of failing the prefab; the
    // problems are still errors in the diagnostics (see SceneLoadOptions::keep_unfit_fields).
    bool keep_unfit_fields = false;
};

class PrefabLibrary {
public:
    // Loads every *.prefab.json under the project's prefab folder. Problems go to diagnostics;
    // prefabs with errors (but those options keep) are left out.
    void load_folder(const Project& project, const TypeRegistry& registry, Diagnostics& diagnostics,
                     PrefabLoadOptions options = {});
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

// Parses a prefab file's text; `path` is its project-relative path, naming it in errors. Children
// that come from other prefabs find them in `nested` (none found when null).
[[nodiscard]] Result<Prefab> parse_prefab(std::string_view text, std::string_view path,
                                          const Project& project, const TypeRegistry& registry,
                                          Diagnostics& diagnostics,
                                          const PrefabLibrary* nested = nullptr,
                                          PrefabLoadOptions options = {});
// Reads and parses the prefab at a project-relative path (nested, options: as parse_prefab).
[[nodiscard]] Result<Prefab> load_prefab(const Project& project, std::string_view path,
                                         const TypeRegistry& registry, Diagnostics& diagnostics,
                                         const PrefabLibrary* nested = nullptr,
                                         PrefabLoadOptions options = {});
// The prefab file's JSON: per object the fields that differ from the types' defaults (a nested
// child: from its prefab's object, found in nested; all its fields when nested lacks it).
[[nodiscard]] Result<Json> prefab_to_json(const Prefab& prefab,
                                          const PrefabLibrary* nested = nullptr);
// The chain "prefabs/a.prefab.json -> prefabs/b.prefab.json -> prefabs/a.prefab.json" when a
// prefab at `path` containing children from `uses` would contain itself through the library's
// prefabs; empty when it would not.
[[nodiscard]] std::string prefab_cycle(const PrefabLibrary& library, std::string_view path,
                                       const std::vector<std::string>& uses);

// The root of the prefab instance object h belongs to (h itself for a root); null when h is not
// an object of a prefab instance.
[[nodiscard]] Handle instance_root(const World& world, Handle h);
// The object of h's instance that comes from the prefab object with a local guid (the root for
// the prefab's id); null when the instance has none (a removed child).
[[nodiscard]] Handle instance_object(const World& world, Handle h, const Prefab& prefab,
                                     Guid local);
// References between the objects of one instance are saved as the prefab's local guids, so an
// instance whose references only follow its own objects overrides nothing. A reference held by
// instance object h: localize gives the local guid of its target when the target is an object of
// h's instance (else the guid itself); globalize turns a local guid back into the guid of h's
// instance's object (a guid that is not local stays as it is).
[[nodiscard]] Guid localize_reference(const World& world, Handle h, const Prefab& prefab,
                                      Guid target);
[[nodiscard]] Guid globalize_reference(const World& world, Handle h, const Prefab& prefab,
                                       Guid local);
// Applies localize_reference (to_local) or globalize_reference to every object reference of a
// component value of object h (not stored in the world: a copy being saved or read).
void map_references(const World& world, Handle h, const Prefab& prefab, const TypeInfo& type,
                    void* component, bool to_local);

// A prefab made of object `root` and everything below it, to be saved at `path` (Save as
// prefab): the root at the origin (its place is each instance's own), each object's local guid
// its guid, objects of other prefabs' instances nested children. References to objects outside
// are left out (null in the prefab) and listed.
struct PrefabFromObjects {
    Prefab prefab;
    std::vector<std::string> leaving; // "Roof: Aim.target points at 'Player'", one per reference
};
[[nodiscard]] PrefabFromObjects prefab_from_objects(const World& world, Handle root,
                                                    std::string path, std::string name);

// The prefab's own objects in a world, to edit the prefab itself (prefab_from_objects writes
// them back): the root (at the origin) and its children with their local guids as guids, in a
// layer; children from nested prefabs linked to them, the others not linked; components of
// unregistered types (a module not loaded) as UnknownComponents. Returns the root.
[[nodiscard]] Result<Handle> prefab_objects(World& world, const Prefab& prefab, LayerId layer);

// Creates an instance: the root from def with the prefab's components and values, its children
// below it (new guids; references between the prefab's objects follow them), each object with
// its PrefabInstance link. Returns the root.
[[nodiscard]] Result<Handle> instantiate(World& world, const Prefab& prefab, const ObjectDef& def);
// Instantiates the prefab named (or at path) in the world's prefab library, at a position, in
// the prefab's layer when the world has one of that name (else layer 0).
// Logs and returns null when there is no library or no such prefab.
Handle spawn(World& world, std::string_view prefab, glm::vec2 position);

} // namespace diorama
