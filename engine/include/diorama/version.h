#pragma once
// The engine's version and the versions of the file formats it reads and writes: the one place
// they are defined. A loader reads every version up to its format's and refuses newer ones.

#include <string_view>

namespace diorama {

// project.json ("format": "diorama.project").
inline constexpr int kProjectVersion = 1;
// NAME.scene.json ("format": "diorama.scene").
inline constexpr int kSceneVersion = 1;
// NAME.prefab.json ("format": "diorama.prefab").
inline constexpr int kPrefabVersion = 1;
// export.json, the manifest of an exported game ("format": "diorama.export").
inline constexpr int kExportManifestVersion = 1;

// The version of the engine library loaded in this process ("0.1.0"; CMake's project version).
[[nodiscard]] std::string_view engine_version();

// The build of the engine library loaded in this process: its version and a hash of its public
// headers ("0.1.0+h3f9c0a1b2c3d4e5f"). A game module must have been compiled against the same.
[[nodiscard]] std::string_view engine_build();

} // namespace diorama
