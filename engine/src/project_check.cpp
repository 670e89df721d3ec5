#include "diorama/project_check.h"

#include "diorama/game.h"
#include "diorama/input_script.h"
#include "diorama/prefab.h"
#include "diorama/project.h"

namespace diorama {

namespace fs = std::filesystem;

namespace {

// Checks every NAME.input.json in the project folder and the folders below it that the project's
// rule lets be opened (one leading out of the project is reported instead).
void check_input_scripts_in(const fs::path& root, Diagnostics& diagnostics, CheckCounts& counts) {
    for (const std::string& script : project_files(root, "", kInputScriptSuffix)) {
        if (auto file = file_in_project(root, script)) {
            ++counts.input_scripts;
            (void)load_input_script(*file, diagnostics);
        } else {
            diagnostics.error(file.error());
        }
    }
}

} // namespace

CheckCounts check_project_files(const fs::path& root, const CheckScope& scope,
                                Diagnostics& diagnostics) {
    CheckCounts counts;
    Diagnostics unasked_prefab_problems;
    GameOptions options;
    if (!scope.whole) options.prefab_diagnostics = &unasked_prefab_problems;
    auto game = Game::open(root, diagnostics, options);
    if (!game) {
        counts.module_failed = game.error().code == ErrorCode::Module;
        if (counts.module_failed)
            diagnostics.warning(make_error(ErrorCode::Module,
                                           "without the module, the prefabs and scenes were not "
                                           "checked",
                                           game.error().where));
        return counts;
    }
    const Project& project = (*game)->project();
    counts.tilesets = project_files(project.root, project.tileset_folder, ".tileset.json").size();
    std::set<std::string> scenes = scope.scenes;
    if (scope.whole) {
        counts.prefabs += project_files(project.root, project.prefab_folder, ".prefab.json").size();
        for (const std::string& scene : project.scenes())
            scenes.insert(scene);
        if (!project.startup_scene.empty()) scenes.insert(project.startup_scene);
    } else {
        for (const std::string& prefab : scope.prefabs) {
            ++counts.prefabs;
            (void)load_prefab(project, prefab, (*game)->registry(), diagnostics);
        }
    }
    for (const std::string& scene : scenes) {
        ++counts.scenes;
        (void)(*game)->load_scene_file(scene, diagnostics);
    }
    if (scope.whole) check_input_scripts_in(root, diagnostics, counts);
    return counts;
}

} // namespace diorama
