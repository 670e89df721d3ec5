#pragma once
// Scene files: the saved state of a world.
//
//   { "format": "diorama.scene", "version": 1, "name": "level1",
//     "layers": ["background", "world", "ui"],
//     "objects": [
//       { "guid": "6f1c0a9e3b2d4c11", "name": "Ball", "layer": "world", "parent": null,
//         "prefab": "prefabs/ball.prefab.json",
//         "components": { "Transform2D": { "position": [320.0, 200.0] } } } ] }
//
// Loading never crashes or hangs on bad input; every problem is reported with the file and the
// JSON path (objects[12].components.Transform2D.position) and what was expected. Components of
// unknown types are kept verbatim and written back. Saving writes only non-default fields (for
// prefab instances: fields that differ from the prefab), keys sorted, floats in shortest form,
// parents before children, so saving twice gives the same bytes. The objects' order in the file
// is the hierarchy's (roots in order, each followed by its subtree): loading creates them in file
// order, which gives back the order of the roots and of each object's children.

#include "diorama/components.h"
#include "diorama/diagnostics.h"
#include "diorama/file_io.h"
#include "diorama/handle.h"
#include "diorama/json_io.h"
#include "diorama/result.h"
#include "diorama/version.h"

#include <cstddef>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

class PrefabLibrary;
class World;
struct Project;

// Components of types this build does not know, kept verbatim by type name.
struct UnknownComponents {
    std::map<std::string, Json> components;
};

// Stands in for a prefab instance whose prefab was not found when its scene was loaded with
// SceneLoadOptions::keep_missing_prefabs: the entry's prefab path and components are kept verbatim
// and saved back unchanged. Its Transform2D, read from them, places it; once moved, the new
// Transform2D is saved in place of the one read.
struct MissingPrefab {
    std::string prefab; // the path the entry names
    Json part;          // the entry's "part", verbatim (null when it has none)
    Json components;    // the entry's "components", verbatim
    Transform2D loaded; // the Transform2D as read from them
};

// How forgiving a load is.
struct SceneLoadOptions {
    // An entry whose prefab is not found becomes an object with a MissingPrefab instead of
    // failing the load, and a tile map that does not fit its tileset (tile_map_problems) is kept
    // as read; the problems are still errors in the diagnostics. The editor loads so that one
    // missing file never keeps a scene from opening.
    bool keep_missing_prefabs = false;
    // A component field its type does not declare, or a value that does not fit its field (a
    // script's field removed or given another type), leaves the field at its default or the
    // prefab's value instead of failing the load; the problems are still errors in the
    // diagnostics. The editor loads so that a changed declaration never keeps a scene from
    // opening, nor Play's kept scene from coming back at Stop.
    bool keep_unfit_fields = false;
    // Reads with the precise reader alone, never the fast path (tests and fuzzing compare them).
    bool precise_only = false;
    // Bytes of the objects' text the fast path indexes at a time, at least; 0: its own choice.
    // Tests and fuzzing make it small, so that it cuts the text between entries everywhere.
    std::size_t fast_window_bytes = 0;
};

struct SceneInfo {
    std::string name;
    std::size_t objects = 0;
};

// Builds the scene in text into world (which must have no objects). On failure the world is left
// empty and diagnostics hold every problem found. `file` names the source in messages.
[[nodiscard]] Result<SceneInfo> load_scene_text(World& world, std::string_view text,
                                                std::string_view file, const Project& project,
                                                const PrefabLibrary& prefabs,
                                                Diagnostics& diagnostics,
                                                SceneLoadOptions options = {});
// Reads the scene at a path (absolute, or relative to the project root) into world.
[[nodiscard]] Result<SceneInfo> load_scene(World& world, const std::filesystem::path& path,
                                           const Project& project, const PrefabLibrary& prefabs,
                                           Diagnostics& diagnostics, SceneLoadOptions options = {});

// The scene JSON of world. Fails when a value cannot be written (NaN or infinite numbers).
[[nodiscard]] Result<Json> scene_to_json(const World& world, std::string_view scene_name,
                                         const PrefabLibrary& prefabs);
// The saved text of world: to_pretty_json(scene_to_json(...)), written one object at a time so
// the whole document never exists. Fails as scene_to_json does.
[[nodiscard]] Result<std::string> scene_to_text(const World& world, std::string_view scene_name,
                                                const PrefabLibrary& prefabs);
// The scene-format entries (as in "objects") of the given objects, parents before children.
// The editor's undo, copy/paste and duplicate carry objects this way.
[[nodiscard]] Result<Json> objects_to_json(const World& world, std::span<const Handle> objects,
                                           const PrefabLibrary& prefabs);

// Every component of object h with every field (not only what differs from its prefab), in the
// scene files' value forms: {"Transform2D": {"position": [x, y], ...}, ...}. The live link's
// object view. Fails as scene_to_json does.
[[nodiscard]] Result<Json> components_to_json(const World& world, Handle h);

// Adds objects from scene-format entries to a world that may already hold objects; a parent may
// be an entry or an object already in the world. With fresh_guids every entry gets a new guid and
// parents and object references among the entries follow. On failure nothing is added and
// diagnostics say why. Returns the new objects in entry order.
[[nodiscard]] Result<std::vector<Handle>>
add_objects(World& world, const Json& entries, const Project& project, const PrefabLibrary& prefabs,
            Diagnostics& diagnostics, bool fresh_guids = false, SceneLoadOptions options = {});

// Saves world atomically as a scene file at path.
Result<void> save_scene(const World& world, const std::filesystem::path& path,
                        std::string_view scene_name, const PrefabLibrary& prefabs,
                        SaveOptions options = {});

} // namespace diorama
