#pragma once
// Game: THE way every tool (the editor, the player's run and check, export) opens a game and
// loads its scenes, so a name or a module resolves the same way everywhere.
//
//   Diagnostics problems;
//   auto game = Game::open("projects/bounce", problems);   // or an exported folder
//   if (!game) { print(problems); return; }                // problems hold every error found
//   auto scene = (*game)->load_scene("level1", problems);  // name, file name or path
//   Simulation simulation(*scene->world, ...);
//
// One rule for errors: the Diagnostics given collect every problem (errors and warnings, in the
// order found); a failed Result carries the first error, which is always among them. A caller
// prints the diagnostics and never adds the result's error to them itself.

#include "diorama/diagnostics.h"
#include "diorama/module.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/result.h"
#include "diorama/scene_file.h"
#include "diorama/scripts.h"
#include "diorama/tileset.h"
#include "diorama/world.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

class TypeRegistry;

// The folders where an installed tool keeps game modules: the running executable's ../modules
// (the build's and an exported game's layout). Empty when /proc/self/exe cannot be read.
[[nodiscard]] std::vector<std::filesystem::path> installed_module_dirs();

struct GameOptions {
    // Searched for the game module after $DIORAMA_MODULE_PATH and before the project's modules/.
    std::vector<std::filesystem::path> module_dirs = installed_module_dirs();
    // Where the prefabs' problems go; null: with every other problem (check uses this to report
    // only the prefab files it was asked about).
    Diagnostics* prefab_diagnostics = nullptr;
    // How the game's scenes load (the editor keeps objects whose prefab is missing).
    SceneLoadOptions scene_loading;
    // How the game's prefabs load (the editor keeps fields that no longer fit at their defaults).
    PrefabLoadOptions prefab_loading;
    // A module that cannot be loaded (missing, of another engine build, failing to register) is
    // an error in open's diagnostics, but the game opens without it: the components of its types
    // load as unknown components, kept as the files have them. Game::module_error() says why.
    // The editor opens so, to lay out levels while the module is being mended.
    bool open_without_module = false;
};

// A scene loaded into a world of its own.
struct LoadedScene {
    std::unique_ptr<World> world; // uses the game's registry and prefabs: the game outlives it
    std::string path;             // project-relative ("scenes/level1.scene.json"); may be empty
    std::string name;             // the scene's name ("level1")
};

// Where the game module of a project is looked for, in order: $DIORAMA_MODULE_PATH, then
// options.module_dirs, then the project's modules/ folder.
[[nodiscard]] std::vector<std::filesystem::path>
game_module_search_path(const Project& project, const GameOptions& options);

// The project-relative scene file a scene argument names, the same for every tool:
//   ""                          the project's startup scene
//   "level1", "level1.scene.json"          SCENE_FOLDER/level1.scene.json
//   "levels/a", "levels/a.scene.json"      levels/a.scene.json (relative to the project)
//   a path to the file as a shell gives it (absolute, or relative to the working folder), when
//   it is inside the project and the project-relative reading names no file.
// Fails (NotFound, listing the project's scenes) when the file does not exist, and when the path
// leaves the project (see check_asset_path).
[[nodiscard]] Result<std::string> scene_file_for(const Project& project, std::string_view scene);

class Game {
public:
    // A game with no project: the built-in components only (an editor before a project opens).
    Game();
    ~Game();
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    // Opens a project folder, its project.json, or an exported game's folder: the project, a
    // registry with the built-in components, the game module and the types and systems its
    // scripts declare, and every prefab. Fails when the project or the module cannot be loaded
    // (a module failure has ErrorCode::Module); a broken prefab or script is left out and only
    // reported (an error in diagnostics). The leftovers of interrupted saves in the
    // scene and prefab folders are removed (remove_save_leftovers_in; a warning for each that
    // cannot be).
    [[nodiscard]] static Result<std::unique_ptr<Game>>
    open(const std::filesystem::path& folder_or_file, Diagnostics& diagnostics,
         const GameOptions& options = {});

    [[nodiscard]] bool has_project() const { return m_project.has_value(); }
    // The project (precondition: has_project()).
    [[nodiscard]] const Project& project() const { return *m_project; }
    [[nodiscard]] const TypeRegistry& registry() const { return *m_registry; }
    [[nodiscard]] const PrefabLibrary& prefabs() const { return m_prefabs; }
    // Loads the prefab and tileset folders again (files renamed, moved or deleted): the libraries
    // keep their addresses, so worlds keep using them. Problems go to diagnostics (a prefab or
    // tileset with errors is left out).
    void reload_content(Diagnostics& diagnostics);
    // Adds a prefab, or replaces the one at its path (an editor saved it): the game's worlds
    // see it at once, and pointers to a replaced prefab stay valid.
    const Prefab& put_prefab(Prefab prefab) { return m_prefabs.add(std::move(prefab)); }
    // The project's tilesets (a tileset with errors is left out; its problems went to open's
    // diagnostics).
    [[nodiscard]] const TilesetLibrary& tilesets() const { return m_tilesets; }
    // The game's scripts; null when it has none.
    [[nodiscard]] Scripts* scripts() const { return m_scripts.get(); }
    // The module loaded, when the project names one.
    [[nodiscard]] const std::optional<LoadedModule>& module() const { return m_module; }
    // Why the project's module is not loaded (GameOptions::open_without_module); nullopt when it
    // is, or the project names none.
    [[nodiscard]] const std::optional<Error>& module_error() const { return m_module_error; }
    // What loading the prefabs found (also given to open's diagnostics): a prefab with errors
    // (but those prefab_loading keeps) is missing from prefabs().
    [[nodiscard]] const Diagnostics& prefab_problems() const { return m_prefab_problems; }
    // How this game's scenes load (GameOptions::scene_loading).
    [[nodiscard]] const SceneLoadOptions& scene_loading() const { return m_scene_loading; }
    // How this game's prefabs load (GameOptions::prefab_loading).
    [[nodiscard]] const PrefabLoadOptions& prefab_loading() const { return m_prefab_loading; }

    // An empty world of this game (its registry; its prefabs for spawning; its tilesets).
    [[nodiscard]] std::unique_ptr<World> new_world() const;
    // Loads the scene a scene argument names (see scene_file_for) into a new world.
    [[nodiscard]] Result<LoadedScene> load_scene(std::string_view scene,
                                                 Diagnostics& diagnostics) const;
    // Builds a scene from its text (a snapshot, a recovery copy); `file` names it in messages and
    // becomes the result's path.
    [[nodiscard]] Result<LoadedScene> load_scene_text(std::string_view text, std::string_view file,
                                                      Diagnostics& diagnostics) const;
    // Loads the scene file at a path (project-relative, or absolute inside the project folder)
    // that file_in_project accepts: a file that leaves the project is refused before it is
    // opened. For files a tool lists (check, export) or keeps itself (recovery copies).
    [[nodiscard]] Result<LoadedScene> load_scene_file(const std::filesystem::path& file,
                                                      Diagnostics& diagnostics) const;

private:
    std::optional<Project> m_project;
    std::unique_ptr<TypeRegistry> m_registry;
    std::optional<LoadedModule> m_module;
    std::optional<Error> m_module_error;
    std::unique_ptr<Scripts> m_scripts;
    PrefabLibrary m_prefabs;
    Diagnostics m_prefab_problems;
    TilesetLibrary m_tilesets;
    SceneLoadOptions m_scene_loading;
    PrefabLoadOptions m_prefab_loading;
};

} // namespace diorama
