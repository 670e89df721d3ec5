#pragma once
// A project: a folder with project.json naming the game, its module, the startup scene and where
// scenes and prefabs live. Asset paths in files are relative to the project folder and must stay
// inside it.
//
//   { "format": "diorama.project", "version": 1, "name": "BOUNCE", "module": "bounce",
//     "startup_scene": "scenes/level1.scene.json", "scene_folder": "scenes",
//     "prefab_folder": "prefabs", "script_folder": "scripts", "tileset_folder": "tilesets",
//     "tick_rate_hz": 60 }

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
    std::string script_folder = "scripts";   // the game's Lua scripts (scripts.h)
    std::string tileset_folder = "tilesets"; // NAME.tileset.json files (tileset.h)
    double tick_rate_hz = 60.0;

    // root / relative, for a path already checked with check_asset_path.
    [[nodiscard]] std::filesystem::path absolute(std::string_view relative) const;
    // Every NAME.scene.json under the scene folder, as relative paths, sorted (see project_files).
    [[nodiscard]] std::vector<std::string> scenes() const;
};

// Every file whose name ends in suffix in root/folder and the folders below it, as
// project-relative paths named as in the project (symbolic links are neither resolved to name a
// file nor followed into folders), sorted. Whether each may be opened is file_in_project's call.
[[nodiscard]] std::vector<std::string>
project_files(const std::filesystem::path& root, std::string_view folder, std::string_view suffix);

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

// THE rule for opening a file a project names (a scene, a prefab, an asset, an input script found
// in it), used by every tool before anything opens the file: its path, project-relative or
// absolute, must pass check_asset_path, so its real path is inside the real project folder. The
// absolute path; otherwise an error naming the file that says it leaves the project.
[[nodiscard]] Result<std::filesystem::path> file_in_project(const std::filesystem::path& root,
                                                            const std::filesystem::path& file);

} // namespace diorama
