// Dispatching the command line to a command.

#include "commands.h"

#include "log_output.h"

#include <cstdio>
#include <string>

namespace diorama::player {

ExitCode run_player(std::span<const std::string_view> args) {
    auto line = parse_command_line(args);
    if (!line) {
        // The error is logged in the format asked for when the log options themselves are good.
        const auto log_arguments = parse_log_options(args);
        const LogOptions log = log_arguments ? log_arguments->log : LogOptions{};
        install_log_output(log);
        log_error(line.error().message);
        if (log.format == LogFormat::Text) // JSON logs stay one object per line
            std::fputs((usage_text() + "run 'diorama-player --help' for more\n").c_str(), stderr);
        return ExitCode::Usage;
    }
    install_log_output(line->log);
    switch (line->command) {
    case Command::Help:
        std::fputs(help_text().c_str(), stdout);
        return ExitCode::Ok;
    case Command::Version:
        std::fputs(version_text().c_str(), stdout);
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

} // namespace diorama::player
