// The check command: validate projects, prefabs and scenes without running them.

#include "commands.h"
#include "diagnostics_output.h"
#include "output_streams.h"

#include "diorama/game.h"
#include "diorama/input_script.h"
#include "diorama/prefab.h"
#include "diorama/project.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace diorama::player {

namespace {

namespace fs = std::filesystem;

constexpr const char* kProjectFile = "project.json";

// What to check in one project.
struct Targets {
    bool whole = false;            // project.json, the prefab folder and every scene
    std::set<std::string> prefabs; // project-relative prefab files
    std::set<std::string> scenes;  // project-relative scene files
};

struct Tally {
    std::size_t projects = 0;
    std::size_t prefabs = 0;
    std::size_t scenes = 0;
    std::size_t input_scripts = 0;
    std::size_t errors = 0;
    std::size_t warnings = 0;
    bool module_failed = false;
};

// The nearest folder at or above dir holding project.json; empty when there is none.
fs::path find_project_root(fs::path dir) {
    for (;; dir = dir.parent_path()) {
        std::error_code ec;
        if (fs::is_regular_file(dir / kProjectFile, ec)) return dir;
        if (dir == dir.parent_path()) return {};
    }
}

constexpr std::string_view kInputSuffix = ".input.json";

// Adds what a command-line path asks to check to targets (by project root) or to the input
// scripts (which need no project), or a problem.
void classify(const fs::path& path, std::map<fs::path, Targets>& targets,
              std::set<fs::path>& input_scripts, Diagnostics& problems) {
    const std::string where = path.string();
    std::error_code ec;
    const fs::path real = fs::canonical(path, ec);
    if (ec) {
        problems.error(make_error(ErrorCode::NotFound, "cannot open: " + ec.message(), where));
        return;
    }
    if (fs::is_directory(real, ec)) {
        const fs::path file = project_file(real);
        if (!fs::is_regular_file(file, ec))
            problems.error(make_error(ErrorCode::NotFound,
                                      "not a project folder (it has no project.json)", where));
        else
            targets[file.parent_path()].whole = true;
        return;
    }
    // A file belongs to the project of the folder it is named in; whether it may be opened is
    // the project's rule (a link leading out of the project is refused, not followed).
    const fs::path named = fs::absolute(path, ec).lexically_normal();
    const std::string name = named.filename().string();
    if (name == kProjectFile) {
        targets[real.parent_path()]; // the project file alone
        return;
    }
    if (name.ends_with(kInputSuffix)) {
        input_scripts.insert(path);
        return;
    }
    const bool scene = name.ends_with(".scene.json");
    if (!scene && !name.ends_with(".prefab.json")) {
        problems.error(make_error(ErrorCode::InvalidArgument,
                                  "not a file check knows (expected project.json, NAME.scene.json, "
                                  "NAME.prefab.json or NAME.input.json)",
                                  where));
        return;
    }
    const fs::path root = find_project_root(named.parent_path());
    if (root.empty()) {
        problems.error(make_error(ErrorCode::NotFound,
                                  "no project.json in the file's folder or any folder above it",
                                  where));
        return;
    }
    const std::string relative = named.lexically_relative(root).generic_string();
    Targets& project = targets[fs::canonical(root, ec)];
    (scene ? project.scenes : project.prefabs).insert(relative);
}

// The *.prefab.json files under the project's prefab folder (those load_folder reads).
std::size_t count_prefab_files(const Project& project) {
    return project_files(project.root, project.prefab_folder, ".prefab.json").size();
}

// Opens the game of a project and checks its prefabs and scenes: with targets.whole, the
// project file, every prefab and every scene; otherwise the project file and the named files.
void check_project_contents(const fs::path& root, const Targets& targets, Diagnostics& diagnostics,
                            Tally& tally) {
    // The scenes need every prefab; a prefab file's own problems are reported only when it is
    // checked itself (a broken prefab shows in a scene as a missing one).
    Diagnostics unasked_prefab_problems;
    GameOptions options;
    if (!targets.whole) options.prefab_diagnostics = &unasked_prefab_problems;
    auto game = Game::open(root, diagnostics, options);
    if (!game) {
        tally.module_failed = game.error().code == ErrorCode::Module;
        if (tally.module_failed)
            diagnostics.warning(make_error(ErrorCode::Module,
                                           "without the module, the prefabs and scenes were not "
                                           "checked",
                                           game.error().where));
        return;
    }
    const Project& project = (*game)->project();
    std::set<std::string> scenes = targets.scenes;
    if (targets.whole) {
        tally.prefabs += count_prefab_files(project);
        for (const std::string& scene : project.scenes())
            scenes.insert(scene);
        if (!project.startup_scene.empty()) scenes.insert(project.startup_scene);
    } else {
        for (const std::string& prefab : targets.prefabs) {
            ++tally.prefabs;
            (void)load_prefab(project, prefab, (*game)->registry(), diagnostics);
        }
    }
    for (const std::string& scene : scenes) {
        ++tally.scenes;
        (void)(*game)->load_scene_file(scene, diagnostics);
    }
}

void check_input_script(const fs::path& file, Diagnostics& diagnostics, Tally& tally) {
    ++tally.input_scripts;
    (void)load_input_script(file, diagnostics);
}

// Checks every NAME.input.json in the project folder and the folders below it that the project's
// rule lets be opened (one leading out of the project is reported instead).
void check_input_scripts_in(const fs::path& root, Diagnostics& diagnostics, Tally& tally) {
    for (const std::string& script : project_files(root, "", kInputSuffix)) {
        if (auto file = file_in_project(root, script))
            check_input_script(*file, diagnostics, tally);
        else
            diagnostics.error(file.error());
    }
}

void check_project(const fs::path& root, const Targets& targets, Tally& tally) {
    ++tally.projects;
    Diagnostics diagnostics;
    check_project_contents(root, targets, diagnostics, tally);
    if (targets.whole) check_input_scripts_in(root, diagnostics, tally);
    print_result(problem_lines(diagnostics));
    tally.errors += diagnostics.error_count();
    tally.warnings += diagnostics.warning_count();
}

std::string plural(std::size_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

} // namespace

ExitCode check_command(const CheckOptions& options) {
    std::map<fs::path, Targets> targets;
    std::set<fs::path> input_scripts;
    Diagnostics input_problems;
    for (const fs::path& path : options.paths)
        classify(path, targets, input_scripts, input_problems);
    print_result(problem_lines(input_problems));

    Tally tally;
    tally.errors = input_problems.error_count();
    for (const auto& [root, project_targets] : targets)
        check_project(root, project_targets, tally);
    Diagnostics script_problems;
    for (const fs::path& file : input_scripts)
        check_input_script(file, script_problems, tally);
    print_result(problem_lines(script_problems));
    tally.errors += script_problems.error_count();

    const std::string scripts =
        tally.input_scripts > 0 ? ", " + plural(tally.input_scripts, "input script") : "";
    print_result("check: " + plural(tally.errors, "error") + ", " +
                 plural(tally.warnings, "warning") + " (" + plural(tally.projects, "project") +
                 ", " + plural(tally.prefabs, "prefab") + ", " + plural(tally.scenes, "scene") +
                 scripts + ")\n");

    if (tally.module_failed) return ExitCode::RuntimeError;
    if (tally.errors > 0 || (tally.warnings > 0 && !options.allow_warnings))
        return ExitCode::CheckFailed;
    return ExitCode::Ok;
}

} // namespace diorama::player
