// diorama-player's command line parsing and texts.

#include "cli.h"

#include "diorama/version.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace diorama::player {

namespace {

// One argument split into an option name and its inline value ("--ticks=5").
struct Option {
    std::string_view name;
    std::optional<std::string_view> inline_value;
};

Option split_option(std::string_view arg) {
    const std::size_t eq = arg.find('=');
    if (eq == std::string_view::npos) return {arg, std::nullopt};
    return {arg.substr(0, eq), arg.substr(eq + 1)};
}

bool is_option(std::string_view arg) {
    return arg.size() > 1 && arg.front() == '-';
}

Error usage_error(std::string_view command, std::string message) {
    return make_error(ErrorCode::InvalidArgument,
                      command.empty() ? std::move(message) : std::string(command) + ": " + message);
}

// A command's arguments sorted into options (with their values; "" for flags) and positionals.
struct Arguments {
    std::vector<std::pair<std::string_view, std::string_view>> options;
    std::vector<std::string_view> positionals;
};

// Splits args by the command's options: values come inline ("--ticks=5") or as the next
// argument; "--" makes every later argument positional. Refuses unknown and repeated options.
Result<Arguments> split_arguments(std::string_view command, std::span<const std::string_view> args,
                                  const std::set<std::string_view>& valued,
                                  const std::set<std::string_view>& flags) {
    Arguments out;
    bool options_done = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        if (options_done || !is_option(arg)) {
            out.positionals.push_back(arg);
            continue;
        }
        if (arg == "--") {
            options_done = true;
            continue;
        }
        const Option opt = split_option(arg);
        const std::string name(opt.name);
        const bool takes_value = valued.contains(opt.name);
        if (!takes_value && !flags.contains(opt.name))
            return usage_error(command, "unknown option '" + name + "'");
        for (const auto& seen : out.options)
            if (seen.first == opt.name) return usage_error(command, name + " given twice");
        std::string_view value;
        if (!takes_value) {
            if (opt.inline_value) return usage_error(command, name + " takes no value");
        } else if (opt.inline_value) {
            value = *opt.inline_value;
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            return usage_error(command, name + " needs a value");
        }
        if (takes_value && value.empty())
            return usage_error(command, name + " needs a non-empty value");
        out.options.emplace_back(opt.name, value);
    }
    return out;
}

Result<std::uint64_t> parse_ticks(std::string_view text) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        return usage_error("run",
                           "--ticks expects a whole number >= 0, got '" + std::string(text) + "'");
    return value;
}

Result<int> parse_max_catchup(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 1)
        return usage_error("run", "--max-catchup expects a whole number >= 1, got '" +
                                      std::string(text) + "'");
    return value;
}

Result<LogLevel> parse_log_level(std::string_view text) {
    for (LogLevel level : {LogLevel::Debug, LogLevel::Info, LogLevel::Warning, LogLevel::Error})
        if (text == to_string(level)) return level;
    return usage_error("", "--log-level expects debug, info, warning or error, got '" +
                               std::string(text) + "'");
}

Result<LogFormat> parse_log_format(std::string_view text) {
    if (text == "text") return LogFormat::Text;
    if (text == "json") return LogFormat::Json;
    return usage_error("", "--log-format expects text or json, got '" + std::string(text) + "'");
}

// --inspect [HOST:]PORT: a port 0..65535, after an optional host ("[::1]:0" for IPv6).
Result<void> parse_inspect(std::string_view text, RunOptions& run) {
    std::string_view host = "127.0.0.1";
    std::string_view port = text;
    if (const std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
            host = host.substr(1, host.size() - 2);
    }
    int value = -1;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (host.empty() || ec != std::errc() || end != port.data() + port.size() || value < 0 ||
        value > 65535)
        return usage_error("run", "--inspect expects [HOST:]PORT (a port 0 to 65535; 0 picks a "
                                  "free one), got '" +
                                      std::string(text) + "'");
    run.inspect_host = host;
    run.inspect_port = value;
    return {};
}

Result<CommandLine> parse_run(std::span<const std::string_view> args) {
    auto split = split_arguments(
        "run", args,
        {"--scene", "--ticks", "--dump-state", "--max-catchup", "--input", "--inspect",
         "--inspect-token-file"},
        {"--realtime", "--hash", "--keep-running", "--inspect-allow-remote", "--paused"});
    if (!split) return split.error();
    CommandLine line;
    line.command = Command::Run;
    RunOptions& run = line.run;
    for (const auto& [name, value] : split->options) {
        if (name == "--scene") {
            run.scene = value;
        } else if (name == "--dump-state") {
            run.dump_state = value;
        } else if (name == "--input") {
            run.input = value;
        } else if (name == "--realtime") {
            run.realtime = true;
        } else if (name == "--hash") {
            run.hash = true;
        } else if (name == "--keep-running") {
            run.keep_running = true;
        } else if (name == "--inspect") {
            if (auto parsed = parse_inspect(value, run); !parsed) return parsed.error();
        } else if (name == "--inspect-token-file") {
            run.inspect_token_file = value;
        } else if (name == "--inspect-allow-remote") {
            run.inspect_allow_remote = true;
        } else if (name == "--paused") {
            run.paused = true;
        } else if (name == "--max-catchup") {
            auto max_catchup = parse_max_catchup(value);
            if (!max_catchup) return max_catchup.error();
            run.max_catchup = *max_catchup;
        } else {
            auto ticks = parse_ticks(value);
            if (!ticks) return ticks.error();
            run.ticks = *ticks;
        }
    }
    const std::vector<std::string_view>& positionals = split->positionals;
    if (positionals.empty()) return usage_error("run", "missing PROJECT");
    if (positionals.size() > 1)
        return usage_error("run", "expected one PROJECT, got " +
                                      std::to_string(positionals.size()) + " ('" +
                                      std::string(positionals[1]) + "' is extra)");
    run.project = positionals.front();
    const bool max_catchup_given =
        std::any_of(split->options.begin(), split->options.end(),
                    [](const auto& o) { return o.first == "--max-catchup"; });
    if (max_catchup_given && !run.realtime)
        return usage_error("run",
                           "--max-catchup needs --realtime (without it ticks never catch up)");
    if (run.inspect_host.empty()) {
        for (const char* needs : {"--inspect-token-file", "--inspect-allow-remote", "--paused"})
            if (std::any_of(split->options.begin(), split->options.end(),
                            [&](const auto& o) { return o.first == needs; }))
                return usage_error("run", std::string(needs) + " needs --inspect");
    }
    return line;
}

Result<CommandLine> parse_check(std::span<const std::string_view> args) {
    auto split = split_arguments("check", args, {}, {"--allow-warnings"});
    if (!split) return split.error();
    CommandLine line;
    line.command = Command::Check;
    line.check.allow_warnings = !split->options.empty(); // the only option
    line.check.paths.assign(split->positionals.begin(), split->positionals.end());
    if (line.check.paths.empty()) return usage_error("check", "missing PROJECT or FILE");
    return line;
}

Result<CommandLine> parse_export(std::span<const std::string_view> args) {
    auto split = split_arguments("export", args, {}, {"--compact", "--force"});
    if (!split) return split.error();
    CommandLine line;
    line.command = Command::Export;
    for (const auto& option : split->options)
        (option.first == "--compact" ? line.export_game.compact : line.export_game.force) = true;
    const std::vector<std::string_view>& positionals = split->positionals;
    if (positionals.size() != 2)
        return usage_error("export", "expected PROJECT and OUTDIR, got " +
                                         std::to_string(positionals.size()) + " argument" +
                                         (positionals.size() == 1 ? "" : "s"));
    line.export_game.project = positionals[0];
    line.export_game.output = positionals[1];
    return line;
}

// The command line without the log options.
Result<CommandLine> parse_command(std::span<const std::string_view> args) {
    const auto options_end = std::find(args.begin(), args.end(), std::string_view("--"));
    auto given = [&](std::string_view option) {
        return std::find(args.begin(), options_end, option) != options_end;
    };
    if (given("--help") || given("-h")) return CommandLine{.command = Command::Help};
    if (given("--version")) return CommandLine{.command = Command::Version};
    if (args.empty()) return usage_error("", "no command given");
    const std::string_view command = args.front();
    if (command == "run") return parse_run(args.subspan(1));
    if (command == "check") return parse_check(args.subspan(1));
    if (command == "export") return parse_export(args.subspan(1));
    if (is_option(command))
        return usage_error("", "unknown option '" + std::string(command) +
                                   "' (expected a command first)");
    return usage_error("", "unknown command '" + std::string(command) +
                               "' (expected run, check or export)");
}

} // namespace

Result<LogArguments> parse_log_options(std::span<const std::string_view> args) {
    LogArguments out;
    bool format_given = false;
    bool level_given = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        if (arg == "--") {
            out.rest.insert(out.rest.end(), args.begin() + static_cast<std::ptrdiff_t>(i),
                            args.end());
            break;
        }
        const Option opt = split_option(arg);
        const bool is_format = opt.name == "--log-format";
        if (!is_format && opt.name != "--log-level") {
            out.rest.push_back(arg);
            continue;
        }
        const std::string name(opt.name);
        bool& given = is_format ? format_given : level_given;
        if (given) return usage_error("", name + " given twice");
        given = true;
        std::string_view value;
        if (opt.inline_value)
            value = *opt.inline_value;
        else if (i + 1 < args.size())
            value = args[++i];
        else
            return usage_error("", name + " needs a value");
        if (is_format) {
            auto format = parse_log_format(value);
            if (!format) return format.error();
            out.log.format = *format;
        } else {
            auto level = parse_log_level(value);
            if (!level) return level.error();
            out.log.level = *level;
        }
    }
    return out;
}

Result<CommandLine> parse_command_line(std::span<const std::string_view> all_args) {
    auto log_arguments = parse_log_options(all_args);
    if (!log_arguments) return log_arguments.error();
    auto line = parse_command(log_arguments->rest);
    if (line) line->log = log_arguments->log;
    return line;
}

std::string usage_text() {
    return "usage: diorama-player run PROJECT [--scene NAME] [--ticks N] [--hash]\n"
           "                         [--realtime [--max-catchup N]] [--input FILE]\n"
           "                         [--dump-state FILE] [--keep-running]\n"
           "                         [--inspect [HOST:]PORT [--inspect-token-file FILE]\n"
           "                          [--inspect-allow-remote] [--paused]]\n"
           "       diorama-player check [--allow-warnings] PROJECT|FILE...\n"
           "       diorama-player export PROJECT OUTDIR [--compact] [--force]\n"
           "       diorama-player --help | --version\n"
           "every command also takes --log-format text|json and --log-level LEVEL\n";
}

std::string help_text() {
    return "diorama-player: runs and checks Diorama projects without a window.\n\n" + usage_text() +
           R"(
commands:
  run PROJECT         load the project (a folder, its project.json, or an exported game's
                      folder) and its game module, then run the startup scene at the project's
                      fixed tick rate
    --scene NAME      run another scene: "level2", "level2.scene.json" (both in the scene
                      folder) or a path relative to the project, "scenes/level2.scene.json"
    --ticks N         stop after N ticks (0: load only); without it, run until a stop signal
                      (SIGINT, SIGTERM or SIGHUP)
    --realtime        pace ticks to wall time; otherwise ticks run as fast as possible
    --max-catchup N   with --realtime: after a stall (a slow tick, a debugger, SIGSTOP) run at
                      most N ticks in one frame to catch up (default )" +
           std::to_string(SimulationDef{}.max_ticks_per_advance) + R"(); the rest of the time is
                      dropped, not owed, and a warning says how much ("behind real time:
                      dropped 4.900 s (294 ticks); ...") at once after a stall, and about
                      once a second while ticks are too slow to keep up; the summary adds
                      the total ("dropped: 4.900 s of wall time ...")
    --hash            print the final state hash as a line "hash: <16 hex digits>"
    --input FILE      replay an input script (*.input.json; the path is relative to the current
                      folder): its events reach the game at the ticks they name, so the same
                      scene and the same script give the same state hash on every run
    --dump-state FILE save the final state as a scene file (loadable in the project); FILE
                      is a regular file or new (a device, FIFO or socket is refused)
    --keep-running    a script error (logged as "FILE:LINE: message" with a traceback) does
                      not stop the run; without it the run stops after the tick it happened
                      in, prints its results and exits with status 4
    --inspect [HOST:]PORT
                      serve the live link: an HTTP API over the running game (docs/GUIDE.md,
                      "Live link"); PORT 0 picks a free port; HOST is 127.0.0.1 unless given.
                      One log line gives the URL and the access token (DIORAMA_INSPECT_TOKEN,
                      else a random one); every /api request needs "Authorization: Bearer
                      TOKEN"; /healthz and /readyz need none
    --inspect-token-file FILE
                      also write the token to FILE, readable by its owner only (mode 0600)
    --inspect-allow-remote
                      allow a HOST other than loopback (a warning is logged)
    --paused          start paused at tick 0: the game ticks once the API resumes or steps it
  check PATH...       validate without running: a project folder (project.json, every prefab,
                      every scene, every *.input.json in it), or files: project.json,
                      *.prefab.json, *.scene.json (a file's project is the nearest folder above
                      it with a project.json), *.input.json. Problems are printed one per line
                      on stdout: "error: FILE: JSON.PATH: message". Warnings ("warning: ...":
                      a missing object or sprite, an unknown component, a control character
                      other than tab or newline in text) fail the check too.
    --allow-warnings  warnings are printed but do not fail the check
  export PROJECT OUTDIR
                      validate every prefab and scene (an error stops the export and nothing is
                      written), then write a self-contained folder: bin/diorama-player, lib/ (the
                      engine library), modules/ (the game module), project/ (project.json, every
                      scene and prefab, the assets they refer to), run.sh (runs the game, passing
                      its arguments to `run`) and export.json (versions and the file list).
                      OUTDIR must be outside the project; it is built under a temporary name
                      and renamed into place at the end.
    --compact         write minified JSON (the project's own files stay as they are)
    --force           replace OUTDIR when it exists and is not empty

An input script is JSON: {"format": "diorama.input", "version": 1, "events": [...]} with events
such as {"tick": 0, "type": "key_down", "key": "Right"}; types key_down, key_up (key names: Left,
Right, Up, Down, Space, Enter, Escape, Tab, Backspace, Shift, Control, Alt, A..Z, Num0..Num9),
mouse_move, mouse_down, mouse_up ("button": left|middle|right, "position": [x, y] in world
units) and wheel ("wheel": notches). Ticks count from 0 and never decrease.

log options (every command, anywhere before "--"):
  --log-format text   one event per line: "2026-11-22T08:39:13.123Z info: message" (default);
                      control characters in messages are escaped, so an event is one line
  --log-format json   one JSON object per line: {"time": "2026-11-22T08:39:13.123Z",
                      "level": "info", "message": "...", ...fields of the event}
  --log-level LEVEL   debug, info (default), warning or error: events below it are not written

output: results go to stdout (run's summary, "hash: ...", "dumped state: ...", check's problems);
the log goes to stderr (errors with the file and JSON path of each problem, warnings, progress).
Every log event is one line with a UTC timestamp and its level, queued as it happens and written
whole at once by a thread of its own, so output never holds up a run or its stop. The summary's
lines are stable for scripts; names in them have their control characters escaped the same way.
  The log is never waited for: when stderr does not take it (a pipe nobody reads), lines beyond
  1 MiB waiting are dropped; a warning says how many once there is room ("N log lines dropped")
  and run's summary adds "log lines dropped: N". At the end the log gets 2 s to be written.
  Results are never dropped: the player waits for a slow reader (after a stop signal, 2 s at
  most). A result that cannot be written (stdout closed or full, its reader gone: SIGPIPE is
  ignored) is an error on stderr, "cannot write the results to stdout: REASON", and exit status 6
  once the command has done its work (run still writes --dump-state).

running as a service:
  A first SIGINT, SIGTERM or SIGHUP (a closed terminal, a dropped ssh session) stops a run at the
  next tick boundary: the summary is printed, --dump-state is written, then the log's last event
  is "shutdown complete" with the exit status (0, or 6 when results were lost). Started with
  SIGHUP ignored (nohup), a hangup does not stop the run. A second stop signal before "shutdown
  complete" ends the process at once with 128 + the signal: 130 (SIGINT), 143 (SIGTERM) or 129
  (SIGHUP), without "shutdown complete"; once "shutdown complete" is logged, the exit status it
  names stands and further signals change nothing. The handlers only record the signal (the
  second one calls _exit); all logging happens in the main loop.
  The player does not link SDL, GL or any window library (nothing installs signal handlers
  behind its back); game modules should not link them either.
  A project or scene that cannot be loaded stops the player before the first tick (exit 3),
  with the file and JSON path on stderr.

Game modules (NAME.so, named by project.json) are looked for in $DIORAMA_MODULE_PATH
(':'-separated), then next to the player (../modules), then in the project's modules/ folder.

exit codes:
  0    ok (also a run stopped by a first SIGINT, SIGTERM or SIGHUP)
  1    check found an error, or a warning without --allow-warnings
  2    usage error (bad command line)
  3    load error: the project, a prefab, the scene or the input script could not be loaded
  4    runtime error: the game module could not be loaded, or --dump-state failed
  5    export failed: OUTDIR was refused (inside the project, not empty without --force)
       or could not be written; a broken scene or prefab exits with 3
  6    output error: the command did its work, but results could not be written to stdout
       (closed, full, its reader gone, or not taken within 2 s of a stop signal)
  129, 130, 143
       a second SIGHUP, SIGINT or SIGTERM before "shutdown complete" ended the run at once
)";
}

std::string version_text() {
    return "diorama-player " + std::string(engine_version()) + "\nengine build " +
           std::string(engine_build()) + " (game modules must be built against it)" +
           "\nfile formats: project " + std::to_string(kProjectVersion) + ", scene " +
           std::to_string(kSceneVersion) + ", prefab " + std::to_string(kPrefabVersion) +
           ", export manifest " + std::to_string(kExportManifestVersion) + "\n";
}

} // namespace diorama::player
