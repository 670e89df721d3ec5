// The check command: validate projects, prefabs and scenes without running them.

#include "commands.h"
#include "diagnostics_output.h"
#include "output_streams.h"

#include "diorama/input_script.h"
#include "diorama/project.h"
#include "diorama/project_check.h"

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

struct Tally {
    std::size_t projects = 0;
    std::size_t prefabs = 0;
    std::size_t scenes = 0;
    std::size_t tilesets = 0;
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

// Adds what a command-line path asks to check to targets (by project root) or to the input
// scripts (which need no project), or a problem.
void classify(const fs::path& path, std::map<fs::path, CheckScope>& targets,
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
    if (name.ends_with(kInputScriptSuffix)) {
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
    CheckScope& project = targets[fs::canonical(root, ec)];
    (scene ? project.scenes : project.prefabs).insert(relative);
}

void check_input_script(const fs::path& file, Diagnostics& diagnostics, Tally& tally) {
    ++tally.input_scripts;
    (void)load_input_script(file, diagnostics);
}

void check_project(const fs::path& root, const CheckScope& scope, Tally& tally) {
    ++tally.projects;
    Diagnostics diagnostics;
    const CheckCounts counts = check_project_files(root, scope, diagnostics);
    tally.prefabs += counts.prefabs;
    tally.scenes += counts.scenes;
    tally.tilesets += counts.tilesets;
    tally.input_scripts += counts.input_scripts;
    tally.module_failed = tally.module_failed || counts.module_failed;
    print_result(problem_lines(diagnostics));
    tally.errors += diagnostics.error_count();
    tally.warnings += diagnostics.warning_count();
}

std::string plural(std::size_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

} // namespace

ExitCode check_command(const CheckOptions& options) {
    std::map<fs::path, CheckScope> targets;
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

    const std::string tilesets = tally.tilesets > 0 ? ", " + plural(tally.tilesets, "tileset") : "";
    const std::string scripts =
        tally.input_scripts > 0 ? ", " + plural(tally.input_scripts, "input script") : "";
    print_result("check: " + plural(tally.errors, "error") + ", " +
                 plural(tally.warnings, "warning") + " (" + plural(tally.projects, "project") +
                 ", " + plural(tally.prefabs, "prefab") + ", " + plural(tally.scenes, "scene") +
                 tilesets + scripts + ")\n");

    if (tally.module_failed) return ExitCode::RuntimeError;
    if (tally.errors > 0 || (tally.warnings > 0 && !options.allow_warnings))
        return ExitCode::CheckFailed;
    return ExitCode::Ok;
}

} // namespace diorama::player
