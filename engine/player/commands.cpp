// Dispatching the command line to a command, and what every command's output obeys.

#include "commands.h"

#include "log_output.h"
#include "output_streams.h"
#include "stop_signals.h"

#include <cstring>
#include <string>

namespace diorama::player {

namespace {

ExitCode run_command_line(std::span<const std::string_view> args) {
    auto line = parse_command_line(args);
    if (!line) {
        // The error is logged in the format asked for when the log options themselves are good.
        const auto log_arguments = parse_log_options(args);
        const LogOptions log = log_arguments ? log_arguments->log : LogOptions{};
        install_log_output(log);
        log_error(line.error().message);
        if (log.format == LogFormat::Text) // JSON logs stay one object per line
            print_to_stderr(usage_text() + "run 'diorama-player --help' for more\n");
        return ExitCode::Usage;
    }
    install_log_output(line->log);
    switch (line->command) {
    case Command::Help:
        print_result(help_text());
        return ExitCode::Ok;
    case Command::Version:
        print_result(version_text());
        return ExitCode::Ok;
    case Command::Run:
        return run_command(line->run);
    case Command::Check:
        return check_command(line->check);
    case Command::Export:
        return export_command(line->export_game);
    }
    return ExitCode::Usage;
}

} // namespace

ExitCode run_player(std::span<const std::string_view> args) {
    start_output();
    const ExitCode code = settle_output(run_command_line(args));
    finish_output();
    return code;
}

ExitCode settle_output(ExitCode code) {
    const ResultsLoss loss = wait_for_results([] { return StopSignals::received() != 0; });
    if (loss.lines == 0) return code;
    const std::string why =
        loss.error != 0 ? std::strerror(loss.error)
                        : "nothing took them within " + std::to_string(kOutputDrainTime.count()) +
                              " s of the stop signal";
    log_event(LogLevel::Error,
              "cannot write the results to stdout: " + why + " (" + std::to_string(loss.lines) +
                  " lines lost)",
              {{"lost_lines", static_cast<std::int64_t>(loss.lines)}, {"reason", why}});
    return code == ExitCode::Ok || code == ExitCode::CheckFailed ? ExitCode::OutputFailed : code;
}

} // namespace diorama::player
