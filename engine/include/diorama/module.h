#pragma once
// Game modules: a game's native code, built as a shared library that registers its component
// types and systems through one entry point (DIORAMA_MODULE, module_entry.h). The player and the
// editor load the module named by project.json.

#include "diorama/result.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

class TypeRegistry;

// Whether name can name a module: 1 to 64 ASCII letters, digits, '_' or '-'. Nothing else (no
// '/', '.', '\\', NUL or space), so NAME.so is always a file directly inside a search folder.
[[nodiscard]] bool is_module_name(std::string_view name);

// The file name of a module: "NAME.so".
[[nodiscard]] std::string module_file_name(std::string_view name);

// Where modules are looked for, in order: each folder of $DIORAMA_MODULE_PATH (':'-separated),
// then `extra` (e.g. the executable's ../modules and the project's modules/ folder).
[[nodiscard]] std::vector<std::filesystem::path>
module_search_path(const std::vector<std::filesystem::path>& extra);

struct LoadedModule {
    std::string name;
    std::filesystem::path file; // where it was found
};

// Finds NAME.so on the search path (refused unless is_module_name(name)), loads it, checks that
// it was built against this engine (its stamp is engine_build()), and calls its entry point with
// registry. The library stays loaded for the life of the process (the registry holds its
// functions).
[[nodiscard]] Result<LoadedModule>
load_module(std::string_view name, const std::vector<std::filesystem::path>& search_path,
            TypeRegistry& registry);

} // namespace diorama
