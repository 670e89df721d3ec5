#pragma once
// A project: a folder with project.json naming the game, its module, the startup scene and where
// scenes and prefabs live. Asset paths in files are relative to the project folder and must stay
// inside it.
//
//   { "format": "diorama.project", "version": 1, "name": "BOUNCE", "module": "bounce",
//     "startup_scene": "scenes/level1.scene.json", "scene_folder": "scenes",
//     "prefab_folder": "prefabs", "tick_rate_hz": 60 }

#include "diorama/diagnostics.h"
#include "diorama/json_io.h"
#include "diorama/result.h"
#include "diorama/version.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

struct Project {
    std::filesystem::path root; // the project folder (absolute)
    std::string name;
    std::string module;        // game module name; empty when the game needs none
    std::string startup_scene; // relative path
    std::string scene_folder = "scenes";
    std::string prefab_folder = "prefabs";
    double tick_rate_hz = 60.0;

    // root / relative, for a path already checked with check_asset_path.
    [[nodiscard]] std::filesystem::path absolute(std::string_view relative) const;
    // Every NAME.scene.json under the scene folder, as relative paths, sorted.
    [[nodiscard]] std::vector<std::string> scenes() const;
};

// The project file a folder or file argument names: folder/project.json, or for the folder of an
// exported game its project/project.json; a file is returned as is.
[[nodiscard]] std::filesystem::path project_file(const std::filesystem::path& folder_or_file);

// Loads project_file(folder_or_file). Every problem is added to diagnostics; the result fails
// when any is an error.
[[nodiscard]] Result<Project> load_project(const std::filesystem::path& folder_or_file,
                                           Diagnostics& diagnostics);
// Parses project.json text for the project folder root (absolute); `file` names it in messages.
[[nodiscard]] Result<Project> parse_project(std::string_view text, std::string_view file,
                                            const std::filesystem::path& root,
                                            Diagnostics& diagnostics);
// The project.json of a project (every key written, sorted).
[[nodiscard]] Json project_to_json(const Project& project);

// Checks that a path from a file stays inside the project: relative, non-empty, '/'-separated,
// no '..', no backslash, no NUL, no drive letter, and its real path (symlinks resolved as far as
// the path exists) is inside the real root.
Result<void> check_asset_path(const std::filesystem::path& root, std::string_view relative);

} // namespace diorama
