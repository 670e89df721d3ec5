// The export command: a project into a self-contained folder that runs without Diorama's build.

#include "commands.h"
#include "diagnostics_output.h"
#include "output_streams.h"

#include "diorama/export.h"
#include "diorama/game.h"
#include "diorama/log.h"
#include "diorama/project.h"

#include <string>
#include <system_error>

namespace diorama::player {

namespace fs = std::filesystem;

ExitCode export_command(const ExportCommandOptions& options) {
    // The exporter reports the prefabs' problems itself, as it validates them.
    Diagnostics diagnostics;
    Diagnostics prefab_problems;
    auto game = Game::open(options.project, diagnostics, {.prefab_diagnostics = &prefab_problems});
    if (!game) {
        print_to_stderr(problem_lines(diagnostics));
        return game.error().code == ErrorCode::Module ? ExitCode::RuntimeError
                                                      : ExitCode::LoadError;
    }
    const std::string name = (*game)->project().name;

    ExportOptions export_options;
    export_options.output = options.output;
    std::error_code ec;
    export_options.player = fs::read_symlink("/proc/self/exe", ec); // this very player is shipped
    export_options.compact = options.compact;
    export_options.force = options.force;

    ExportStage last_stage = ExportStage::Check;
    auto summary = export_project(std::move(*game), export_options, diagnostics,
                                  [&last_stage](const ExportProgress& progress) {
                                      last_stage = progress.stage;
                                      print_result("[" + std::to_string(progress.done + 1) +
                                                   "/" + std::to_string(progress.total) + "] " +
                                                   progress.step + "\n");
                                  });
    print_to_stderr(problem_lines(diagnostics));
    if (!summary) {
        // Every problem was printed above, one per line; after validation, a count follows.
        if (last_stage != ExportStage::Validate) return ExitCode::ExportFailed;
        print_to_stderr("export: " + summary.error().message + "\n");
        return ExitCode::LoadError;
    }
    print_result("exported " + name + ": " + std::to_string(summary->files.size()) + " files, " +
                 describe_byte_size(summary->bytes) + ", to " + summary->output.string() +
                 " (run it with " + summary->output.string() + "/run.sh)\n");
    return ExitCode::Ok;
}

} // namespace diorama::player
