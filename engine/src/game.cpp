#include "diorama/game.h"

#include "diorama/components.h"
#include "diorama/file_io.h"
#include "diorama/log.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <system_error>
#include <utility>

namespace diorama {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kSceneSuffix = ".scene.json";

// The project of a game opened without one: no root, so every path is refused.
const Project& no_project() {
    static const Project kNoProject;
    return kNoProject;
}

// The project-relative reading of a scene argument: the suffix added when missing; a bare file
// name lives in the scene folder.
std::string project_relative_scene(const Project& project, std::string_view scene) {
    std::string path(scene);
    if (!path.ends_with(kSceneSuffix)) path += kSceneSuffix;
    if (path.find('/') == std::string::npos && !project.scene_folder.empty()) {
        const std::string& folder = project.scene_folder;
        path = folder + (folder.ends_with('/') ? "" : "/") + path;
    }
    return path;
}

// A file path as a shell gives it (absolute, or relative to the working folder), as a path
// relative to the project when it names a file inside it; empty otherwise.
std::string shell_path_in_project(const Project& project, std::string_view scene) {
    std::error_code ec;
    const fs::path file(scene);
    if (!fs::is_regular_file(file, ec)) return {};
    const fs::path real = fs::weakly_canonical(fs::absolute(file, ec), ec);
    if (ec) return {};
    const fs::path root = fs::weakly_canonical(project.root, ec);
    if (ec) return {};
    const fs::path relative = real.lexically_relative(root);
    if (relative.empty() || relative.native().starts_with("..")) return {};
    return relative.generic_string();
}

// "scenes/a.scene.json, scenes/b.scene.json", or "none".
std::string list_scenes(const Project& project) {
    std::string known;
    for (const std::string& s : project.scenes())
        known += (known.empty() ? "" : ", ") + s;
    return known.empty() ? "none" : known;
}

// Records error in diagnostics and returns it.
Error reported(Error error, Diagnostics& diagnostics) {
    diagnostics.error(error);
    return error;
}

// Removes what interrupted saves left in the project's scene and prefab folders (those inside
// the project); what cannot be removed becomes a warning naming the file.
void remove_leftovers(const Project& project, Diagnostics& diagnostics) {
    for (const auto& [folder, suffix] : {std::pair{project.scene_folder, ".scene.json"},
                                         std::pair{project.prefab_folder, ".prefab.json"}}) {
        if (!check_asset_path(project.root, folder)) continue;
        const LeftoverCleanup cleanup = remove_save_leftovers_in(project.absolute(folder), suffix);
        for (const fs::path& file : cleanup.removed)
            log_info("removed " + file.string() + ", left behind by an interrupted save");
        for (const Error& problem : cleanup.problems)
            diagnostics.warning(problem);
    }
}

} // namespace

std::vector<fs::path> installed_module_dirs() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    return {exe.parent_path().parent_path() / "modules"};
}

std::vector<fs::path> game_module_search_path(const Project& project, const GameOptions& options) {
    std::vector<fs::path> extra = options.module_dirs;
    extra.push_back(project.root / "modules");
    return module_search_path(extra);
}

Result<std::string> scene_file_for(const Project& project, std::string_view scene) {
    const std::string project_file = (project.root / "project.json").string();
    if (scene.empty()) {
        if (project.startup_scene.empty())
            return make_error(ErrorCode::NotFound,
                              "the project names no startup_scene; name the scene to open",
                              project_file);
        scene = project.startup_scene;
    }
    std::string path = project_relative_scene(project, scene);
    std::error_code ec;
    if (!fs::is_regular_file(project.absolute(path), ec) || !check_asset_path(project.root, path))
        if (std::string shell = shell_path_in_project(project, scene); !shell.empty())
            path = std::move(shell);
    if (auto inside = check_asset_path(project.root, path); !inside)
        return make_error(inside.error().code, inside.error().message, path);
    if (!fs::is_regular_file(project.absolute(path), ec))
        return make_error(ErrorCode::NotFound,
                          "no scene file " + project.absolute(path).string() +
                              "; the project's scenes: " + list_scenes(project),
                          path);
    return path;
}

// ---- game ----

Game::Game() : m_registry(std::make_unique<TypeRegistry>()) {
    register_builtin_components(*m_registry);
}

Game::~Game() = default;

Result<std::unique_ptr<Game>> Game::open(const fs::path& folder_or_file, Diagnostics& diagnostics,
                                         const GameOptions& options) {
    auto project = load_project(folder_or_file, diagnostics);
    if (!project) return project.error();
    remove_leftovers(*project, diagnostics);

    auto game = std::make_unique<Game>();
    if (!project->module.empty()) {
        auto module = load_module(project->module, game_module_search_path(*project, options),
                                  *game->m_registry);
        if (module) {
            game->m_module = std::move(*module);
        } else {
            Error failed = make_error(ErrorCode::Module, module.error().message,
                                      (project->root / "project.json").string() + ": module");
            if (!options.open_without_module) return reported(std::move(failed), diagnostics);
            diagnostics.error(failed);
            game->m_module_error = std::move(failed);
            // Nothing of a module that failed while registering stays: the built-ins alone.
            game->m_registry = std::make_unique<TypeRegistry>();
            register_builtin_components(*game->m_registry);
        }
    }
    game->m_scripts = Scripts::load(*project, *game->m_registry, diagnostics);
    game->m_prefabs.load_folder(*project, *game->m_registry, game->m_prefab_problems,
                                options.prefab_loading);
    (options.prefab_diagnostics != nullptr ? *options.prefab_diagnostics : diagnostics)
        .merge(game->m_prefab_problems);
    game->m_tilesets.load_folder(*project, diagnostics);
    game->m_project = std::move(*project);
    game->m_scene_loading = options.scene_loading;
    game->m_prefab_loading = options.prefab_loading;
    return game;
}

void Game::reload_content(Diagnostics& diagnostics) {
    if (!m_project) return;
    m_prefabs = PrefabLibrary();
    m_prefab_problems = Diagnostics();
    m_prefabs.load_folder(*m_project, *m_registry, m_prefab_problems, m_prefab_loading);
    diagnostics.merge(m_prefab_problems);
    m_tilesets = TilesetLibrary();
    m_tilesets.load_folder(*m_project, diagnostics);
}

std::unique_ptr<World> Game::new_world() const {
    auto world = std::make_unique<World>(*m_registry);
    world->set_prefabs(&m_prefabs);
    world->set_tilesets(&m_tilesets);
    return world;
}

Result<LoadedScene> Game::load_scene(std::string_view scene, Diagnostics& diagnostics) const {
    if (!m_project)
        return reported(make_error(ErrorCode::InvalidArgument, "no project is open"), diagnostics);
    auto path = scene_file_for(*m_project, scene);
    if (!path) return reported(path.error(), diagnostics);
    return load_scene_file(*path, diagnostics);
}

Result<LoadedScene> Game::load_scene_text(std::string_view text, std::string_view file,
                                          Diagnostics& diagnostics) const {
    LoadedScene loaded{new_world(), std::string(file), {}};
    auto info =
        diorama::load_scene_text(*loaded.world, text, file, m_project ? *m_project : no_project(),
                                 m_prefabs, diagnostics, m_scene_loading);
    if (!info) return info.error();
    loaded.name = std::move(info->name);
    return loaded;
}

Result<LoadedScene> Game::load_scene_file(const fs::path& file, Diagnostics& diagnostics) const {
    const Project& project = m_project ? *m_project : no_project();
    if (auto inside = file_in_project(project.root, file); !inside)
        return reported(inside.error(), diagnostics);
    LoadedScene loaded{new_world(), file.generic_string(), {}};
    auto info =
        diorama::load_scene(*loaded.world, file, project, m_prefabs, diagnostics, m_scene_loading);
    if (!info) return info.error();
    loaded.name = std::move(info->name);
    return loaded;
}

} // namespace diorama
