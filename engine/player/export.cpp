// The export command: a project into a self-contained folder that runs without Diorama's build.

#include "commands.h"
#include "diagnostics_output.h"

#include "diorama/export.h"
#include "diorama/game.h"
#include "diorama/log.h"
#include "diorama/project.h"

#include <cstdio>
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
        print_diagnostics(diagnostics, stderr);
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
                                      std::printf("[%zu/%zu] %s\n", progress.done + 1,
                                                  progress.total, progress.step.c_str());
                                  });
    std::fflush(stdout);
    print_diagnostics(diagnostics, stderr);
    if (!summary) {
        // Every problem was printed above, one per line; after validation, a count follows.
        if (last_stage != ExportStage::Validate) return ExitCode::ExportFailed;
        std::fprintf(stderr, "export: %s\n", summary.error().message.c_str());
        return ExitCode::LoadError;
    }
    std::printf("exported %s: %zu files, %s, to %s (run it with %s/run.sh)\n", name.c_str(),
                summary->files.size(), describe_byte_size(summary->bytes).c_str(),
                summary->output.c_str(), summary->output.c_str());
    return ExitCode::Ok;
}

} // namespace diorama::player
