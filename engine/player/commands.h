#pragma once
// diorama-player's commands. Each prints its results on stdout and its errors through the engine
// log (stderr, see log_output.h and output_streams.h), and returns the process exit code.

#include "cli.h"

#include <span>
#include <string_view>

namespace diorama::player {

// Parses the arguments after the program name, installs the log output they ask for (see
// log_output.h), runs the command they name, and settles its output (see settle_output).
[[nodiscard]] ExitCode run_player(std::span<const std::string_view> args);

// Waits for the results queued so far (see wait_for_results); when some were lost, logs why and
// returns ExitCode::OutputFailed in place of Ok or CheckFailed (a worse code stands).
[[nodiscard]] ExitCode settle_output(ExitCode code);

// Loads a project and runs a scene (see help_text()). The stop signals are caught for the
// duration of the call (see stop_signals.h).
[[nodiscard]] ExitCode run_command(const RunOptions& options);

// Validates projects and files without running them; problems go to stdout.
[[nodiscard]] ExitCode check_command(const CheckOptions& options);

// Exports a project into a self-contained folder (see diorama/export.h); progress goes to
// stdout, problems to stderr.
[[nodiscard]] ExitCode export_command(const ExportCommandOptions& options);

} // namespace diorama::player
