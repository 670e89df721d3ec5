// The run command: load a project, its module, its prefabs and a scene, run the scene headless
// at the project's fixed tick rate, and report.

#include "commands.h"
#include "drop_report.h"
#include "log_output.h"
#include "setup.h"

#include "diorama/input_script.h"
#include "diorama/log.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <map>
#include <string>
#include <system_error>

namespace diorama::player {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

// ---- signals ----

volatile std::sig_atomic_t g_stop_signal = 0; // the first SIGINT/SIGTERM received, or 0

// Async-signal-safe only: records the signal, or ends the process on the second one.
void on_stop_signal(int signal_number) {
    if (g_stop_signal != 0) _exit(128 + signal_number); // the second one: stop now
    g_stop_signal = signal_number;
}

// Catches SIGINT and SIGTERM for its lifetime (the handlers only set a flag); restores the
// previous handlers after.
class StopSignals {
public:
    StopSignals() {
        g_stop_signal = 0;
        struct sigaction action {};
        action.sa_handler = on_stop_signal;
        action.sa_flags = SA_RESTART; // output writes are not cut short by a signal
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &m_previous_int);
        sigaction(SIGTERM, &action, &m_previous_term);
    }
    ~StopSignals() {
        sigaction(SIGINT, &m_previous_int, nullptr);
        sigaction(SIGTERM, &m_previous_term, nullptr);
    }
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    // The first signal received, or 0.
    [[nodiscard]] static int received() { return g_stop_signal; }
    // "SIGINT" or "SIGTERM".
    [[nodiscard]] static const char* name(int signal_number) {
        return signal_number == SIGINT ? "SIGINT" : "SIGTERM";
    }

private:
    struct sigaction m_previous_int {};
    struct sigaction m_previous_term {};
};

// ---- output ----

// Writes a summary line; control characters (say, in a scene's name) are escaped, so the line
// stays one line and cannot pass for another ("hash: ...").
void print_line(const std::string& line) {
    std::fputs(one_line(line).c_str(), stdout);
    std::fputc('\n', stdout);
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

// Logs a failed step's problems, or its error when the diagnostics hold none.
void report_failure(const Diagnostics& diagnostics, const Error& error) {
    log_diagnostics(diagnostics);
    if (!diagnostics.has_errors()) log_error(error.describe());
}

// ---- scene ----

// The project-relative path of the scene to run: --scene, else the startup scene.
Result<std::string> scene_to_run(const RunOptions& options, const Project& project) {
    std::string scene;
    if (!options.scene.empty())
        scene = resolve_scene_argument(options.scene, project.scene_folder);
    else if (!project.startup_scene.empty())
        scene = project.startup_scene;
    else
        return make_error(ErrorCode::NotFound,
                          "the project names no startup_scene; choose one with --scene",
                          (project.root / "project.json").string());
    if (auto inside = check_asset_path(project.root, scene); !inside)
        return make_error(inside.error().code,
                          "bad scene '" + scene + "': " + inside.error().message);
    std::error_code ec;
    if (!fs::is_regular_file(project.absolute(scene), ec)) {
        std::string known;
        for (const std::string& s : project.scenes())
            known += (known.empty() ? "" : ", ") + s;
        return make_error(ErrorCode::NotFound,
                          "no scene file " + project.absolute(scene).string() +
                              "; the project's scenes: " + (known.empty() ? "none" : known));
    }
    return scene;
}

// ---- summary ----

using InstanceCounts = std::map<std::string, std::size_t>; // by prefab name

// Instances per prefab.
InstanceCounts count_instances(World& world, const PrefabLibrary& library) {
    InstanceCounts counts;
    world.view<PrefabInstance>().each([&](const PrefabInstance& instance) {
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
}

// ---- ticking ----

bool limit_reached(const Simulation& simulation, const RunOptions& options) {
    return options.ticks && simulation.tick_count() >= *options.ticks;
}

// Ticks as fast as possible until the limit or a signal.
void run_fast(Simulation& simulation, const RunOptions& options) {
    while (StopSignals::received() == 0 && !limit_reached(simulation, options))
        simulation.tick();
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
void run_realtime(Simulation& simulation, const RunOptions& options) {
    const double step_s = simulation.step_s();
    DropReport drops(step_s);
    Clock::time_point last = Clock::now();
    while (StopSignals::received() == 0 && !limit_reached(simulation, options)) {
        sleep_unless_signalled((1.0 - simulation.alpha()) * step_s);
        if (StopSignals::received() != 0) break;
        const Clock::time_point now = Clock::now();
        double elapsed_s = Seconds(now - last).count();
        last = now;
        if (options.ticks) // never run past the limit
            elapsed_s = std::min(
                elapsed_s, static_cast<double>(*options.ticks - simulation.tick_count()) * step_s);
        const double dropped_before_s = simulation.dropped_seconds();
        (void)simulation.advance(elapsed_s);
        if (simulation.dropped_seconds() > dropped_before_s)
            if (auto drop = drops.add(simulation.dropped_seconds() - dropped_before_s, now))
                log_drop(*drop, options.max_catchup);
    }
    if (auto drop = drops.flush()) log_drop(*drop, options.max_catchup);
}

} // namespace

ExitCode run_command(const RunOptions& options) {
    const StopSignals signals;

    Diagnostics project_diagnostics;
    auto project = load_project(options.project, project_diagnostics);
    if (!project) {
        report_failure(project_diagnostics, project.error());
        return ExitCode::LoadError;
    }
    log_diagnostics(project_diagnostics);

    TypeRegistry registry;
    auto module = register_game_types(*project, registry);
    if (!module) {
        log_error(module.error().describe());
        return ExitCode::RuntimeError;
    }
    if (*module)
        log_event(LogLevel::Debug,
                  "loaded module " + (*module)->name + " from " + (*module)->file.string(),
                  {{"module", (*module)->name}, {"file", (*module)->file.string()}});

    PrefabLibrary library;
    Diagnostics prefab_diagnostics;
    library.load_folder(*project, registry, prefab_diagnostics);
    log_diagnostics(prefab_diagnostics);
    if (prefab_diagnostics.has_errors()) return ExitCode::LoadError;
    log_event(LogLevel::Debug, "loaded " + std::to_string(library.all().size()) + " prefabs",
              {{"prefabs", static_cast<std::int64_t>(library.all().size())}});

    auto scene = scene_to_run(options, *project);
    if (!scene) {
        log_error(scene.error().describe());
        return ExitCode::LoadError;
    }
    World world(registry);
    world.set_prefabs(&library);
    Diagnostics scene_diagnostics;
    auto info = load_scene(world, *scene, *project, library, scene_diagnostics);
    if (!info) {
        report_failure(scene_diagnostics, info.error());
        return ExitCode::LoadError;
    }
    log_diagnostics(scene_diagnostics);

    std::optional<InputScript> input;
    if (!options.input.empty()) {
        Diagnostics input_diagnostics;
        auto script = load_input_script(options.input, input_diagnostics);
        if (!script) {
            report_failure(input_diagnostics, script.error());
            return ExitCode::LoadError;
        }
        input = std::move(*script);
    }

    Simulation simulation(world, SimulationDef{.tick_rate_hz = project->tick_rate_hz,
                                               .max_ticks_per_advance = options.max_catchup});
    const InstanceCounts instances_at_start = count_instances(world, library);
    print_line("project: " + project->name + " (" + project->root.string() + ")");
    print_line(*module ? "module: " + (*module)->name + " (" + (*module)->file.string() + ")"
                       : std::string("module: none"));
    print_line("scene: " + info->name + " (" + *scene + ")");
    print_line("objects at start: " + std::to_string(world.object_count()));
    if (input) {
        print_line("input: " + options.input.string() + " (" +
                   std::to_string(input->events.size()) + " events, the last at tick " +
                   std::to_string(input->last_tick()) + ")");
        simulation.play_input(std::move(*input));
    }
    const std::string running = (options.ticks ? std::to_string(*options.ticks) + " ticks"
                                               : std::string("until SIGINT/SIGTERM")) +
                                " at " + shortest(project->tick_rate_hz) + " Hz" +
                                (options.realtime ? ", in real time" : ", as fast as possible");
    print_line("running: " + running);
    std::fflush(stdout);
    log_event(LogLevel::Info,
              "running scene " + info->name + " (" + *scene + ") of " + project->name + ": " +
                  running,
              {{"project", project->name},
               {"scene", info->name},
               {"scene_file", *scene},
               {"tick_rate_hz", project->tick_rate_hz},
               {"mode", std::string(options.realtime ? "realtime" : "fast")}});

    const Clock::time_point start = Clock::now();
    if (options.realtime)
        run_realtime(simulation, options);
    else
        run_fast(simulation, options);
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
    std::fflush(stdout);

    if (!options.dump_state.empty()) {
        if (auto saved = save_scene(world, options.dump_state, info->name, library); !saved) {
            log_error("cannot dump the state: " + saved.error().describe());
            return ExitCode::RuntimeError;
        }
        print_line("dumped state: " + options.dump_state.string());
        std::fflush(stdout);
    }
    log_event(LogLevel::Info, "shutdown complete",
              {{"ticks", static_cast<std::int64_t>(simulation.tick_count())},
               {"exit_code", std::int64_t{0}}});
    return ExitCode::Ok;
}

} // namespace diorama::player
