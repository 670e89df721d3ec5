// Dispatching the command line to a command, and the stderr log sink.

#include "commands.h"

#include "diorama/log.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>

namespace diorama::player {

namespace {

// Writes all of text to a file descriptor, retrying short writes and interruptions.
void write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
}

} // namespace

void install_stderr_log_sink() {
    set_log_sink([](LogLevel level, std::string_view message) {
        std::string line = to_string(level);
        line += ": ";
        line += message;
        line += '\n';
        write_all(STDERR_FILENO, line); // one write per line: lines never interleave
    });
}

ExitCode run_player(std::span<const std::string_view> args) {
    auto line = parse_command_line(args);
    if (!line) {
        log_error(line.error().message);
        std::fputs((usage_text() + "run 'diorama-player --help' for more\n").c_str(), stderr);
        return ExitCode::Usage;
    }
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
