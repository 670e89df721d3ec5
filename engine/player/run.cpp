// The run command: load a project, its module, its prefabs and a scene, run the scene headless
// at the project's fixed tick rate, and report.

#include "commands.h"
#include "drop_report.h"
#include "log_output.h"
#include "output_streams.h"
#include "stop_signals.h"

#include "diorama/game.h"
#include "diorama/input_script.h"
#include "diorama/live/live_link.h"
#include "diorama/log.h"
#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/world.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <system_error>

namespace diorama::player {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

// ---- output ----

// Queues a summary line; control characters (say, in a scene's name) are escaped, so the line
// stays one line and cannot pass for another ("hash: ...").
void print_line(const std::string& line) {
    print_result(one_line(line) + "\n");
}

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string shortest(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

// ---- summary ----

using InstanceCounts = std::map<std::string, std::size_t>; // by prefab name

// Instances per prefab (their roots; the objects below a root are part of it).
InstanceCounts count_instances(World& world, const PrefabLibrary& library) {
    InstanceCounts counts;
    world.view<PrefabInstance>().each([&](const PrefabInstance& instance) {
        if (!instance.part.is_null()) return;
        const Prefab* prefab = library.find(instance.prefab);
        ++counts[prefab != nullptr ? prefab->name : instance.prefab];
    });
    return counts;
}

// "  brick: 60 -> 33" for every prefab with instances at the start or the end.
void print_instances(const InstanceCounts& start, const InstanceCounts& end) {
    InstanceCounts names = start;
    names.insert(end.begin(), end.end());
    if (!names.empty()) print_line("prefab instances (start -> end):");
    auto count = [](const InstanceCounts& counts, const std::string& name) {
        const auto it = counts.find(name);
        return std::to_string(it != counts.end() ? it->second : 0);
    };
    for (const auto& entry : names)
        print_line("  " + entry.first + ": " + count(start, entry.first) + " -> " +
                   count(end, entry.first));
}

// The ticks run, their rate, and why the run stopped early or fell behind.
void print_results(const Simulation& simulation, double wall_s) {
    const std::uint64_t ticks = simulation.tick_count();
    std::string line = "ticks: " + std::to_string(ticks) + " (" +
                       fixed(static_cast<double>(ticks) * simulation.step_s(), 3) +
                       " s of game time) in " + fixed(wall_s, 3) + " s";
    if (ticks > 0 && wall_s > 0.0)
        line += ", " + fixed(static_cast<double>(ticks) / wall_s, 0) + " ticks/s";
    print_line(line);
    if (const int signal_number = StopSignals::received(); signal_number != 0)
        print_line(std::string("stopped by: ") + StopSignals::name(signal_number));
    if (simulation.dropped_seconds() > 0.0)
        print_line("dropped: " + fixed(simulation.dropped_seconds(), 3) +
                   " s of wall time (catch-up bounded)");
    if (const std::uint64_t dropped = log_lines_dropped(); dropped > 0)
        print_line("log lines dropped: " + std::to_string(dropped) +
                   " (stderr did not take them fast enough)");
}

// ---- ticking ----

bool limit_reached(const Simulation& simulation, const RunOptions& options) {
    return options.ticks && simulation.tick_count() >= *options.ticks;
}

// True when a script raised an error and the run is not told to keep running.
bool stopped_by_script(const Scripts* scripts, const RunOptions& options) {
    return scripts != nullptr && !options.keep_running && scripts->error().has_value();
}

// ---- the live link ----

// The live link of a run (--inspect): the server and the game it acts on.
struct LiveRun {
    std::unique_ptr<live::LiveLink> link;
    std::unique_ptr<live::LiveGame> game;

    // While paused, how long one wait for a request lasts before the stop signals are looked at.
    static constexpr std::chrono::milliseconds kPausedWait{50};

    // Answers the requests waiting; true when the game is paused (then it has waited a while
    // for the next request, so a paused run does not spin).
    bool serve_and_pause() {
        link->serve(*game);
        if (!game->paused) return false;
        link->wait(kPausedWait);
        link->serve(*game);
        return true;
    }
};

// Starts the live link --inspect asks for, logging its URL and token. A refused host is a
// usage error; a port that cannot be had or a token file that cannot be written a runtime one.
Result<std::unique_ptr<live::LiveLink>> start_live_link(const RunOptions& options) {
    live::LiveLinkOptions link;
    link.host = options.inspect_host;
    link.port = options.inspect_port;
    link.allow_remote = options.inspect_allow_remote;
    link.token_file = options.inspect_token_file;
    if (const char* token = std::getenv("DIORAMA_INSPECT_TOKEN"); token != nullptr) {
        link.token = token;
        const bool printable = std::all_of(link.token.begin(), link.token.end(),
                                           [](char c) { return c > ' ' && c < 127; });
        if (link.token.size() < 16 || !printable)
            return make_error(ErrorCode::InvalidArgument,
                              "DIORAMA_INSPECT_TOKEN must be at least 16 printable characters "
                              "without spaces",
                              "DIORAMA_INSPECT_TOKEN");
    }
    return live::LiveLink::start(link);
}

// Ticks as fast as possible until the limit or a signal (while the live link has the game
// paused, only its requests are answered).
void run_fast(Simulation& simulation, const RunOptions& options, const Scripts* scripts,
              LiveRun* live) {
    while (StopSignals::received() == 0 && !limit_reached(simulation, options) &&
           !stopped_by_script(scripts, options)) {
        if (live != nullptr && live->serve_and_pause()) continue;
        simulation.tick();
    }
}

// Sleeps for duration_s, or less when a signal arrives (the sleep is not resumed after it).
void sleep_unless_signalled(double duration_s) {
    if (!(duration_s > 0.0)) return;
    const double whole_s = std::floor(duration_s);
    const timespec duration{static_cast<time_t>(whole_s),
                            static_cast<long>((duration_s - whole_s) * 1e9)};
    nanosleep(&duration, nullptr);
}

// Logs a drop of bounded catch-up (see DropReport).
void log_drop(const DropReport::Drop& drop, int max_catchup) {
    log_event(LogLevel::Warning,
              "behind real time: dropped " + fixed(drop.dropped_s, 3) + " s (" +
                  std::to_string(drop.dropped_ticks) + " ticks); catch-up runs at most " +
                  std::to_string(max_catchup) + " ticks per frame",
              {{"dropped_s", drop.dropped_s},
               {"dropped_ticks", drop.dropped_ticks},
               {"max_catchup", static_cast<std::int64_t>(max_catchup)}});
}

// Ticks paced to wall time until the limit or a signal. Each frame sleeps until the next tick is
// due, then advances the simulation by the wall time that passed: usually one tick; after a stall
// at most options.max_catchup ticks, the rest of the stall dropped and logged.
void run_realtime(Simulation& simulation, const RunOptions& options, const Scripts* scripts,
                  LiveRun* live) {
    const double step_s = simulation.step_s();
    DropReport drops(step_s);
    Clock::time_point last = Clock::now();
    while (StopSignals::received() == 0 && !limit_reached(simulation, options) &&
           !stopped_by_script(scripts, options)) {
        if (live != nullptr) {
            if (live->serve_and_pause()) {
                last = Clock::now(); // paused time is not owed when the game resumes
                continue;
            }
            // Until the next tick is due, requests are answered as they come.
            const Clock::time_point due =
                Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   Seconds((1.0 - simulation.alpha()) * step_s));
            for (Clock::time_point now = Clock::now(); now < due && !live->game->paused;
                 now = Clock::now()) {
                live->link->wait(std::chrono::duration_cast<std::chrono::milliseconds>(due - now) +
                                 std::chrono::milliseconds(1));
                live->link->serve(*live->game);
            }
            if (live->game->paused) continue;
        } else {
            sleep_unless_signalled((1.0 - simulation.alpha()) * step_s);
        }
        if (StopSignals::received() != 0) break;
        const Clock::time_point now = Clock::now();
        double elapsed_s = Seconds(now - last).count();
        last = now;
        if (options.ticks) // never run past the limit
            elapsed_s = std::min(
                elapsed_s, static_cast<double>(*options.ticks - simulation.tick_count()) * step_s);
        const double dropped_before_s = simulation.dropped_seconds();
        (void)simulation.advance(elapsed_s, [&] { return !stopped_by_script(scripts, options); });
        if (simulation.dropped_seconds() > dropped_before_s)
            if (auto drop = drops.add(simulation.dropped_seconds() - dropped_before_s, now))
                log_drop(*drop, options.max_catchup);
    }
    if (auto drop = drops.flush()) log_drop(*drop, options.max_catchup);
}

} // namespace

ExitCode run_command(const RunOptions& options) {
    const StopSignals signals;

    Diagnostics game_problems;
    auto game = Game::open(options.project, game_problems);
    log_diagnostics(game_problems);
    if (!game)
        return game.error().code == ErrorCode::Module ? ExitCode::RuntimeError
                                                      : ExitCode::LoadError;
    if (game_problems.has_errors()) return ExitCode::LoadError; // a broken prefab
    const Project& project = (*game)->project();
    const PrefabLibrary& library = (*game)->prefabs();
    const std::optional<LoadedModule>& module = (*game)->module();
    if (module)
        log_event(LogLevel::Debug,
                  "loaded module " + module->name + " from " + module->file.string(),
                  {{"module", module->name}, {"file", module->file.string()}});
    log_event(LogLevel::Debug, "loaded " + std::to_string(library.all().size()) + " prefabs",
              {{"prefabs", static_cast<std::int64_t>(library.all().size())}});

    Diagnostics scene_problems;
    auto scene = (*game)->load_scene(options.scene, scene_problems);
    log_diagnostics(scene_problems);
    if (!scene) return ExitCode::LoadError;
    World& world = *scene->world;

    std::optional<InputScript> input;
    if (!options.input.empty()) {
        Diagnostics input_problems;
        auto script = load_input_script(options.input, input_problems);
        log_diagnostics(input_problems);
        if (!script) return ExitCode::LoadError;
        input = std::move(*script);
    }

    if (Scripts* scripts = (*game)->scripts()) {
        // A hook that failed while the scene loaded (on_create) stops the run like a tick would.
        if (scripts->error() && !options.keep_running) {
            log_error("a script error stopped the run before the first tick: " +
                      scripts->error()->where + " (--keep-running keeps it going)");
            return ExitCode::RuntimeError;
        }
        scripts->begin_run();
    }
    Simulation simulation(world, SimulationDef{.tick_rate_hz = project.tick_rate_hz,
                                               .max_ticks_per_advance = options.max_catchup});
    const InstanceCounts instances_at_start = count_instances(world, library);
    print_line("project: " + project.name + " (" + project.root.string() + ")");
    print_line(module ? "module: " + module->name + " (" + module->file.string() + ")"
                      : std::string("module: none"));
    print_line("scene: " + scene->name + " (" + scene->path + ")");
    print_line("objects at start: " + std::to_string(world.object_count()));
    if (input) {
        print_line("input: " + options.input.string() + " (" +
                   std::to_string(input->events.size()) + " events, the last at tick " +
                   std::to_string(input->last_tick()) + ")");
        simulation.play_input(std::move(*input));
    }
    const std::string running = (options.ticks ? std::to_string(*options.ticks) + " ticks"
                                               : std::string("until SIGINT/SIGTERM")) +
                                " at " + shortest(project.tick_rate_hz) + " Hz" +
                                (options.realtime ? ", in real time" : ", as fast as possible");
    print_line("running: " + running);
    log_event(LogLevel::Info,
              "running scene " + scene->name + " (" + scene->path + ") of " + project.name + ": " +
                  running,
              {{"project", project.name},
               {"scene", scene->name},
               {"scene_file", scene->path},
               {"tick_rate_hz", project.tick_rate_hz},
               {"mode", std::string(options.realtime ? "realtime" : "fast")}});

    LiveRun live;
    if (!options.inspect_host.empty()) {
        auto link = start_live_link(options);
        if (!link) {
            log_error("cannot start the live link: " + link.error().describe());
            return link.error().code == ErrorCode::InvalidArgument ? ExitCode::Usage
                                                                   : ExitCode::RuntimeError;
        }
        live.link = std::move(*link);
        live.game = std::make_unique<live::LiveGame>(
            live::LiveGame{**game, world, simulation, scene->name, options.paused});
        log_event(LogLevel::Info,
                  "live link: " + live.link->url() + " (token " + live.link->token() + ")" +
                      (options.paused ? ", paused at tick 0" : ""),
                  {{"url", live.link->url()}, {"token", live.link->token()}});
        live.link->set_ready(true);
    }

    const Clock::time_point start = Clock::now();
    const Scripts* scripts = (*game)->scripts();
    LiveRun* live_run = live.link ? &live : nullptr;
    if (options.realtime)
        run_realtime(simulation, options, scripts, live_run);
    else
        run_fast(simulation, options, scripts, live_run);
    if (live.link) live.link->set_ready(false);
    const double wall_s = Seconds(Clock::now() - start).count();
    if (const int signal_number = StopSignals::received(); signal_number != 0)
        log_event(LogLevel::Info,
                  std::string(StopSignals::name(signal_number)) + " received: stopped after tick " +
                      std::to_string(simulation.tick_count()),
                  {{"signal", std::string(StopSignals::name(signal_number))},
                   {"ticks", static_cast<std::int64_t>(simulation.tick_count())}});

    print_results(simulation, wall_s);
    print_line("objects at end: " + std::to_string(world.object_count()));
    print_instances(instances_at_start, count_instances(world, library));
    if (options.hash) print_line("hash: " + format_hash(state_hash(world)));

    if (!options.dump_state.empty()) {
        if (auto saved = save_scene(world, options.dump_state, scene->name, library); !saved) {
            log_error("cannot dump the state: " + saved.error().describe());
            return ExitCode::RuntimeError;
        }
        print_line("dumped state: " + options.dump_state.string());
    }
    // The results are out (or known lost) before the outcome is stated; from here on a signal
    // changes nothing, so the exit status is the one this event names.
    const bool script_failed = stopped_by_script(scripts, options);
    if (script_failed)
        log_event(LogLevel::Error,
                  "a script error stopped the run after tick " +
                      std::to_string(simulation.tick_count()) + ": " + scripts->error()->where +
                      " (--keep-running keeps it going)",
                  {{"ticks", static_cast<std::int64_t>(simulation.tick_count())},
                   {"where", scripts->error()->where}});
    const ExitCode code = settle_output(script_failed ? ExitCode::RuntimeError : ExitCode::Ok);
    StopSignals::decide_outcome();
    log_event(LogLevel::Info, "shutdown complete",
              {{"ticks", static_cast<std::int64_t>(simulation.tick_count())},
               {"exit_code", static_cast<std::int64_t>(code)}});
    return code;
}

} // namespace diorama::player
