// Module loading and diagnostics printing shared by run and check.

#include "setup.h"

#include "diorama/components.h"
#include "diorama/project.h"
#include "diorama/type_registry.h"

#include <string>
#include <system_error>

namespace diorama::player {

namespace fs = std::filesystem;

fs::path executable_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

std::vector<fs::path> game_module_search_path(const Project& project) {
    std::vector<fs::path> extra;
    if (const fs::path exe_dir = executable_dir(); !exe_dir.empty())
        extra.push_back(exe_dir.parent_path() / "modules");
    extra.push_back(project.root / "modules");
    return module_search_path(extra);
}

Result<std::optional<LoadedModule>> register_game_types(const Project& project,
                                                        TypeRegistry& registry) {
    register_builtin_components(registry);
    if (project.module.empty()) return std::optional<LoadedModule>();
    auto loaded = load_module(project.module, game_module_search_path(project), registry);
    if (!loaded) return loaded.error();
    return std::optional<LoadedModule>(std::move(*loaded));
}

void print_diagnostics(const Diagnostics& diagnostics, std::FILE* stream) {
    std::string text = diagnostics.format();
    if (text.empty()) return;
    if (text.back() != '\n') text += '\n';
    std::fputs(text.c_str(), stream);
    std::fflush(stream);
}

} // namespace diorama::player
