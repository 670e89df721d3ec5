#include "diorama/scripts.h"

#include "runtime.h"

#include <system_error>

namespace diorama {

namespace fs = std::filesystem;

std::unique_ptr<Scripts> Scripts::load(const Project& project, TypeRegistry& registry,
                                       Diagnostics& diagnostics) {
    std::error_code ec;
    if (!check_asset_path(project.root, project.script_folder) ||
        !fs::is_directory(project.absolute(project.script_folder), ec))
        return nullptr;
    const std::string prefix = project.script_folder +
                               (project.script_folder.ends_with('/') ? "" : "/");
    auto runtime = script::Runtime::create(project.absolute(project.script_folder), prefix);
    if (!runtime) {
        diagnostics.error(runtime.error());
        return nullptr;
    }
    std::unique_ptr<Scripts> scripts(new Scripts());
    scripts->m_runtime = std::move(*runtime);
    for (const std::string& file : project_files(project.root, project.script_folder, ".lua")) {
        const std::string relative = file.substr(prefix.size());
        const bool top_level = relative.find('/') == std::string::npos;
        auto done = top_level ? scripts->m_runtime->run_script(relative)
                              : scripts->m_runtime->vm().compile_file(relative);
        if (!done) {
            diagnostics.error(done.error());
            continue;
        }
        if (top_level) scripts->m_files.push_back(file);
    }
    scripts->m_runtime->register_pending(registry, diagnostics);
    return scripts;
}

Scripts::~Scripts() = default;

const std::optional<Error>& Scripts::error() const {
    return m_runtime->error();
}

void Scripts::clear_error() {
    m_runtime->clear_error();
}

std::size_t Scripts::memory_in_use() const {
    return m_runtime->vm().memory_in_use();
}

} // namespace diorama
