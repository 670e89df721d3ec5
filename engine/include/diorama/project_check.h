#pragma once
// Checking a project's files without running them: what `diorama-player check` reports and the
// editor's Problems panel lists, with the same messages and JSON paths.

#include "diorama/diagnostics.h"

#include <cstddef>
#include <filesystem>
#include <set>
#include <string>

namespace diorama {

// What to check in one project.
struct CheckScope {
    bool whole = false;            // project.json, every prefab, tileset, scene and input script
    std::set<std::string> prefabs; // else: project.json and these project-relative prefab files
    std::set<std::string> scenes;  // and these project-relative scene files
};

// What a check looked at.
struct CheckCounts {
    std::size_t prefabs = 0;
    std::size_t scenes = 0;
    std::size_t tilesets = 0; // loaded with the project (a broken one's problems are reported)
    std::size_t input_scripts = 0;
    bool module_failed = false; // the game module could not be loaded: nothing more was checked
};

// Opens the project at root as every tool does (Game::open, strict scene loading) and checks
// what scope names; every problem goes to diagnostics. A prefab file's own problems are reported
// only when it is checked itself (a broken prefab shows in a scene as a missing one).
CheckCounts check_project_files(const std::filesystem::path& root, const CheckScope& scope,
                                Diagnostics& diagnostics);

// The suffix of input scripts (NAME.input.json).
inline constexpr const char* kInputScriptSuffix = ".input.json";

} // namespace diorama
