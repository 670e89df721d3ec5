#include "diorama/scripts.h"

#include "runtime.h"

#include <algorithm>
#include <chrono>
#include <system_error>

namespace diorama {

namespace fs = std::filesystem;

std::unique_ptr<Scripts> Scripts::load(const Project& project, TypeRegistry& registry,
                                       Diagnostics& diagnostics) {
    std::error_code ec;
    if (!check_asset_path(project.root, project.script_folder) ||
        !fs::is_directory(project.absolute(project.script_folder), ec))
        return nullptr;
    const std::string prefix =
        project.script_folder + (project.script_folder.ends_with('/') ? "" : "/");
    auto runtime = script::Runtime::create(project.absolute(project.script_folder), prefix);
    if (!runtime) {
        diagnostics.error(runtime.error());
        return nullptr;
    }
    std::unique_ptr<Scripts> scripts(new Scripts());
    scripts->m_runtime = std::move(*runtime);
    scripts->m_registry = &registry;
    scripts->m_project = project;
    scripts->m_prefix = prefix;
    scripts->m_stamps = scripts->stamps();
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

std::map<std::string, Scripts::Stamp> Scripts::stamps() const {
    std::map<std::string, Stamp> out;
    for (const std::string& file : project_files(m_project.root, m_project.script_folder, ".lua")) {
        std::error_code ec;
        const fs::path path = m_project.absolute(file);
        const auto size = fs::file_size(path, ec);
        const auto modified = fs::last_write_time(path, ec);
        if (ec) continue;
        out[file] = Stamp{
            size, static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                modified.time_since_epoch())
                                                .count())};
    }
    return out;
}

std::vector<std::string> Scripts::changed_files() {
    std::map<std::string, Stamp> now = stamps();
    std::vector<std::string> changed;
    for (const auto& [file, stamp] : now) {
        const auto before = m_stamps.find(file);
        if (before == m_stamps.end() || !(before->second == stamp)) changed.push_back(file);
    }
    m_stamps = std::move(now);
    return changed;
}

Result<void> Scripts::reload(std::string_view file, World* world, Diagnostics& diagnostics) {
    if (!file.starts_with(m_prefix))
        return make_error(ErrorCode::NotFound, "not a script of this game", std::string(file));
    std::string relative(file.substr(m_prefix.size()));
    if (auto inside = file_in_project(m_project.root, std::string(file)); !inside) {
        diagnostics.error(inside.error());
        return inside.error();
    }
    if (relative.find('/') != std::string::npos) { // a module: the scripts using it run again
        std::string module = relative.substr(0, relative.size() - 4); // without ".lua"
        for (char& c : module)
            if (c == '/') c = '.';
        m_runtime->forget_module(module);
        return reload_all(world, diagnostics);
    }
    const bool known = std::find(m_files.begin(), m_files.end(), file) != m_files.end();
    auto done = m_runtime->reload(relative, *m_registry, world, diagnostics);
    if (done && !known) {
        m_files.emplace_back(file);
        std::sort(m_files.begin(), m_files.end());
    }
    return done;
}

Result<void> Scripts::reload_source(std::string_view file, const std::string& source, World* world,
                                    Diagnostics& diagnostics) {
    if (std::find(m_files.begin(), m_files.end(), file) == m_files.end())
        return make_error(ErrorCode::NotFound,
                          "not one of the game's scripts (" + std::to_string(m_files.size()) +
                              " run: the .lua files directly in " + m_prefix +
                              "; a module's source cannot be replaced)",
                          std::string(file));
    return m_runtime->reload(file.substr(m_prefix.size()), *m_registry, world, diagnostics,
                             &source);
}

Result<void> Scripts::reload_all(World* world, Diagnostics& diagnostics) {
    Result<void> first{};
    for (const std::string& file : std::vector<std::string>(m_files))
        if (auto done = reload(file, world, diagnostics); !done && first) first = done;
    return first;
}

const std::optional<Error>& Scripts::error() const {
    return m_runtime->error();
}

void Scripts::begin_run() {
    m_runtime->begin_run();
}

void Scripts::clear_error() {
    m_runtime->clear_error();
}

std::size_t Scripts::memory_in_use() const {
    return m_runtime->vm().memory_in_use();
}

} // namespace diorama
