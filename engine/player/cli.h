#pragma once
// diorama-player's command line: the exit codes, the parsed form of the arguments, and the help
// and version texts. Parsing does no I/O, so every command line can be unit-tested.

#include "log_output.h"

#include "diorama/result.h"
#include "diorama/simulation.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::player {

// The process exit status; also listed in the help text.
enum class ExitCode : int {
    Ok = 0,           // done (also: a run stopped by the first SIGINT/SIGTERM/SIGHUP)
    CheckFailed = 1,  // check found an error, or a warning without --allow-warnings
    Usage = 2,        // bad command line
    LoadError = 3,    // run: the project, a prefab, the scene or the input script failed to load
    RuntimeError = 4, // the game module could not be loaded, a script raised an error while
                      // the game ran (without --keep-running), or --dump-state failed
    ExportFailed = 5, // export: the output folder was refused or could not be written
    OutputFailed = 6, // the command's work is done, but results could not be written to stdout
};
// A second SIGINT/SIGTERM/SIGHUP before the run's outcome is decided ends the process at once
// with 128 + the signal (130, 143 or 129); see stop_signals.h.

enum class Command { Help, Version, Run, Check, Export };

struct RunOptions {
    std::filesystem::path project;      // folder (or its project.json)
    std::string scene;                  // empty: the project's startup scene
    std::optional<std::uint64_t> ticks; // empty: until a stop signal
    bool realtime = false;              // pace ticks to wall time
    bool hash = false;                  // print "hash: <16 hex digits>" at the end
    std::filesystem::path dump_state;   // empty: no dump
    // With realtime: the most ticks run in one frame to catch up; time beyond it is dropped.
    int max_catchup = SimulationDef{}.max_ticks_per_advance;
    std::filesystem::path input; // an input script to replay (relative to the cwd); empty: none
    bool keep_running = false;   // a script error does not stop the run
    // The live link (docs/GUIDE.md, "Live link"): serve the running game's API on this
    // host:port (port 0: any free one); empty host: no link.
    std::string inspect_host;
    int inspect_port = 0;
    bool inspect_allow_remote = false;        // a host other than loopback is allowed
    std::filesystem::path inspect_token_file; // the token is written there (mode 0600)
    bool paused = false;                      // with the link: start paused (at tick 0)
};

struct CheckOptions {
    std::vector<std::filesystem::path> paths; // project folders and files, at least one
    bool allow_warnings = false;              // warnings are printed but do not fail the check
};

struct ExportCommandOptions {
    std::filesystem::path project; // folder (or its project.json)
    std::filesystem::path output;  // the folder to create, outside the project
    bool compact = false;          // minified JSON in the export
    bool force = false;            // replace a non-empty output folder
};

struct CommandLine {
    Command command = Command::Help;
    LogOptions log;                   // for every command
    RunOptions run;                   // when command is Run
    CheckOptions check;               // when command is Check
    ExportCommandOptions export_game; // when command is Export
};

// Parses the arguments after the program name. The error message says what is wrong; the
// caller prints it with the usage and exits with ExitCode::Usage.
[[nodiscard]] Result<CommandLine> parse_command_line(std::span<const std::string_view> args);

// The log options (--log-format, --log-level; accepted anywhere before "--", for every command)
// and the arguments left once they are taken out.
struct LogArguments {
    LogOptions log;
    std::vector<std::string_view> rest;
};
[[nodiscard]] Result<LogArguments> parse_log_options(std::span<const std::string_view> args);

// The full --help text (commands, options, exit codes).
[[nodiscard]] std::string help_text();
// The short usage lines printed after a usage error.
[[nodiscard]] std::string usage_text();
// The --version text: the engine version and the file format versions it reads and writes.
[[nodiscard]] std::string version_text();

} // namespace diorama::player
