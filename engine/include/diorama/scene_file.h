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
// parents before children, so saving twice gives the same bytes.

#include "diorama/diagnostics.h"
#include "diorama/file_io.h"
#include "diorama/json_io.h"
#include "diorama/result.h"

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace diorama {

class PrefabLibrary;
class World;
struct Project;

inline constexpr int kSceneVersion = 1;

// Components of types this build does not know, kept verbatim by type name.
struct UnknownComponents {
    std::map<std::string, Json> components;
};

struct SceneInfo {
    std::string name;
    std::size_t objects = 0;
};

// Builds the scene in text into world (which must have no objects). On failure the world is left
// empty and diagnostics hold every problem found. `file` names the source in messages.
[[nodiscard]] Result<SceneInfo> load_scene_text(World& world, std::string_view text, std::string_view file,
                                                const Project& project, const PrefabLibrary& prefabs,
                                                Diagnostics& diagnostics);
// Reads the scene at a path (absolute, or relative to the project root) into world.
[[nodiscard]] Result<SceneInfo> load_scene(World& world, const std::filesystem::path& path, const Project& project,
                                           const PrefabLibrary& prefabs, Diagnostics& diagnostics);

// The scene JSON of world. Fails when a value cannot be written (NaN or infinite numbers).
[[nodiscard]] Result<Json> scene_to_json(const World& world, std::string_view scene_name, const PrefabLibrary& prefabs);
// Saves world atomically as a scene file at path.
Result<void> save_scene(const World& world, const std::filesystem::path& path, std::string_view scene_name,
                        const PrefabLibrary& prefabs, SaveOptions options = {});

} // namespace diorama
