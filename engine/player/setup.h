#pragma once
// What run and check share: finding and loading a project's game module into a type registry,
// and printing diagnostics.

#include "diorama/diagnostics.h"
#include "diorama/module.h"
#include "diorama/result.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <vector>

namespace diorama {
class TypeRegistry;
struct Project;
} // namespace diorama

namespace diorama::player {

// The folder of the running executable (from /proc/self/exe); empty when it cannot be read.
[[nodiscard]] std::filesystem::path executable_dir();

// Where the project's module is looked for: $DIORAMA_MODULE_PATH, then the player's ../modules,
// then the project's modules/ folder.
[[nodiscard]] std::vector<std::filesystem::path> game_module_search_path(const Project& project);

// Registers the built-in components, then the project's module when project.json names one
// (the result then says where it was found).
[[nodiscard]] Result<std::optional<LoadedModule>> register_game_types(const Project& project,
                                                                      TypeRegistry& registry);

// Writes every problem on its own line ("error: FILE: JSON.PATH: message") to stream.
void print_diagnostics(const Diagnostics& diagnostics, std::FILE* stream);

} // namespace diorama::player
