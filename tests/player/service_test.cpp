// diorama-player as a shipped service, end to end on the built binary: stopping on signals,
// refusing bad scenes before the first tick, bounded catch-up after a stall, the log's lines
// (timestamped, levelled, text or JSON, written as they happen) and what it links.

#include "child_process.h"
#include "temp_dir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildProcess;
using diorama::test::ChildResult;
using diorama::test::run_child;
using diorama::test::TempDir;
using Json = nlohmann::json;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
const fs::path kBounce = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
// Past this, a run that should have ended is a failure (a watchdog, not a timing assertion).
constexpr std::chrono::seconds kWatchdog{30};
// A text log line: "2026-11-22T08:39:13.123Z LEVEL: message".
const std::regex
    kTextLogLine(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (debug|info|warning|error): .*)");
const std::regex kTimestamp(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");

ChildResult player(const std::vector<std::string>& args) {
    return run_child(kPlayer, args);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string describe(const ChildResult& r) {
    return "exit " + std::to_string(r.exit_code) +
           (r.signal ? ", signal " + std::to_string(r.signal) : "") +
           (r.timed_out ? ", timed out" : "") + "\n--- stdout\n" + r.out + "--- stderr\n" + r.err;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// The figures of a run's summary: "ticks: N (G s of game time) in W s" and "dropped: D s".
struct RunFigures {
    std::uint64_t ticks = 0;
    double wall_s = 0.0;
    double dropped_s = 0.0; // 0 when no "dropped:" line was printed
};

std::optional<RunFigures> figures(const std::string& out) {
    std::smatch m;
    if (!std::regex_search(
            out, m, std::regex(R"(\nticks: (\d+) \([0-9.]+ s of game time\) in ([0-9.]+) s)")))
        return std::nullopt;
    RunFigures f{std::stoull(m[1].str()), std::stod(m[2].str()), 0.0};
    if (std::regex_search(out, m, std::regex(R"(\ndropped: ([0-9.]+) s of wall time)")))
        f.dropped_s = std::stod(m[1].str());
    return f;
}

// A project of built-in components only, at 30 ticks per second, whose scene has the given name.
void write_mini_project(const TempDir& dir, const std::string& scene_name = "main") {
    dir.write("project.json",
              R"({"format": "diorama.project", "version": 1, "name": "Mini",
        "startup_scene": "scenes/main.scene.json", "tick_rate_hz": 30})");
    dir.write("prefabs/spark.prefab.json",
              R"({"format": "diorama.prefab", "version": 1, "name": "spark",
        "components": {"Velocity": {"linear": [10.0, 0.0]}}})");
    Json scene = Json::parse(R"({"format": "diorama.scene", "version": 1, "layers": ["world"],
        "objects": [{"guid": "0000000000000001", "name": "a", "layer": "world",
                     "prefab": "prefabs/spark.prefab.json"}]})");
    scene["name"] = scene_name;
    dir.write("scenes/main.scene.json", scene.dump(2));
}

// Starts an endless run and waits until it is ticking (its "running scene" event is logged).
std::unique_ptr<ChildProcess> start_endless(const std::vector<std::string>& extra_args,
                                            const fs::path& project = kBounce) {
    std::vector<std::string> args = {"run", project.string()};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    auto child = std::make_unique<ChildProcess>(kPlayer, args);
    child->wait_for_stderr("running scene", std::chrono::seconds(20));
    return child;
}

// ---- signals ----

struct SignalCase {
    int signal_number;
    const char* name;
    bool realtime;
};

// How gtest names a case in its output.
[[maybe_unused]] void PrintTo(const SignalCase& c, std::ostream* os) {
    *os << c.name << (c.realtime ? " --realtime" : "");
}

class PlayerSignals : public testing::TestWithParam<SignalCase> {};

TEST_P(PlayerSignals, AStopSignalEndsTheRunAtATickBoundaryWithShutdownCompleteLast) {
    const SignalCase& c = GetParam();
    auto child = start_endless(c.realtime ? std::vector<std::string>{"--realtime", "--hash"}
                                          : std::vector<std::string>{"--hash"});
    child->send_signal(c.signal_number);
    const ChildResult r = child->wait(kWatchdog);
    ASSERT_FALSE(r.timed_out) << describe(r);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, std::string("\nstopped by: ") + c.name + "\n")) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\nhash: [0-9a-f]{16}\n)"))) << r.out;

    // The stop is logged with the tick it happened after: the same count as the summary's.
    const auto run = figures(r.out);
    ASSERT_TRUE(run) << r.out;
    EXPECT_TRUE(contains(r.err, std::string(c.name) + " received: stopped after tick " +
                                    std::to_string(run->ticks) + "\n"))
        << r.err;
    const std::vector<std::string> lines = lines_of(r.err);
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(std::regex_match(lines.back(), std::regex(R"(\S+ info: shutdown complete)")))
        << r.err;
}

INSTANTIATE_TEST_SUITE_P(Player, PlayerSignals,
                         testing::Values(SignalCase{SIGTERM, "SIGTERM", false},
                                         SignalCase{SIGINT, "SIGINT", false},
                                         SignalCase{SIGTERM, "SIGTERM", true},
                                         SignalCase{SIGINT, "SIGINT", true}),
                         [](const testing::TestParamInfo<SignalCase>& param_info) {
                             return std::string(param_info.param.name) +
                                    (param_info.param.realtime ? "Realtime" : "Fast");
                         });

TEST(PlayerService, ASecondSignalEndsTheProcessAtOnceWithoutShutdownComplete) {
    auto child = start_endless({"--realtime"});
    // Stopped, the process holds both signals pending; on SIGCONT the second arrives before the
    // run can finish, so the process must end in the handler with 128 + that signal.
    child->send_signal(SIGSTOP);
    child->send_signal(SIGTERM);
    child->send_signal(SIGINT);
    child->send_signal(SIGCONT);
    const ChildResult r = child->wait(kWatchdog);
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_TRUE(r.exit_code == 128 + SIGINT || r.exit_code == 128 + SIGTERM) << describe(r);
    EXPECT_FALSE(contains(r.err, "shutdown complete")) << r.err;
}

// ---- what the player links and loads ----

// The shared libraries a binary needs, as the dynamic loader resolves them (all levels).
std::string resolved_libraries(const fs::path& binary) {
    const ChildResult r = run_child("/usr/bin/ldd", {binary.string()});
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    return r.out;
}

TEST(PlayerService, TheBinaryDependsOnNoSdlGlOrWindowLibrary) {
    const fs::path engine = DIORAMA_ENGINE_PATH;
    for (const fs::path& binary : {fs::path(kPlayer), engine}) {
        SCOPED_TRACE(binary.string());
        const std::string libraries = resolved_libraries(binary);
        EXPECT_TRUE(contains(libraries, "libc.so")) << "ldd printed no libraries:\n" << libraries;
        for (const char* unwanted : {"libSDL", "libGL", "libEGL", "libX11", "libwayland", "imgui"})
            EXPECT_FALSE(contains(libraries, unwanted)) << unwanted << " in\n" << libraries;
    }
    // The player's own ELF NEEDED entries name the engine (so the check above looked at it).
    const ChildResult needed = run_child("/usr/bin/readelf", {"-d", kPlayer});
    ASSERT_EQ(needed.exit_code, 0) << describe(needed);
    EXPECT_TRUE(contains(needed.out, "(NEEDED)")) << needed.out;
    EXPECT_TRUE(contains(needed.out, "[libdiorama_engine.so")) << needed.out;
    EXPECT_FALSE(contains(needed.out, "SDL")) << needed.out;
}

TEST(PlayerService, ARunningPlayerWithAGameModuleHasNoSdlLoaded) {
    auto child = start_endless({});
    std::ifstream maps("/proc/" + std::to_string(child->pid()) + "/maps");
    const std::string mapped((std::istreambuf_iterator<char>(maps)), {});
    child->send_signal(SIGTERM);
    const ChildResult r = child->wait(kWatchdog);
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    ASSERT_TRUE(contains(mapped, "bounce.so")) << "the game module is not mapped:\n" << mapped;
    EXPECT_FALSE(contains(mapped, "libSDL")) << mapped;
    EXPECT_FALSE(contains(mapped, "libGL")) << mapped;
}

// ---- bad scenes stop the player before the first tick ----

// A failed run that never started ticking: exit 3, no "running:" and no tick count on stdout.
void expect_stopped_before_ticking(const ChildResult& r) {
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_FALSE(contains(r.out, "running:")) << r.out;
    EXPECT_FALSE(contains(r.out, "ticks:")) << r.out;
    EXPECT_FALSE(contains(r.err, "running scene")) << r.err;
    EXPECT_FALSE(contains(r.err, "shutdown complete")) << r.err;
}

TEST(PlayerService, AStartupSceneWithBrokenJsonStopsBeforeTheFirstTick) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("scenes/main.scene.json",
              "{\"format\": \"diorama.scene\", \"version\": 1,\n \"objects\": [{\"guid\": ");
    const ChildResult r = player({"run", dir.path().string()}); // endless if it started
    expect_stopped_before_ticking(r);
    EXPECT_TRUE(std::regex_search(r.err, std::regex(R"( error: scenes/main\.scene\.json:2:\d+: )")))
        << r.err;
}

TEST(PlayerService, AStartupSceneOfTheWrongTypeInProjectJsonStopsBeforeTheFirstTick) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("project.json", R"({"format": "diorama.project", "version": 1, "name": "Mini",
        "startup_scene": 42, "tick_rate_hz": 30})");
    const ChildResult r = player({"run", dir.path().string()});
    expect_stopped_before_ticking(r);
    EXPECT_TRUE(contains(r.err, "project.json: startup_scene: expected a string")) << r.err;
}

TEST(PlayerService, AMissingStartupSceneStopsBeforeTheFirstTick) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("project.json", R"({"format": "diorama.project", "version": 1, "name": "Mini",
        "startup_scene": "scenes/gone.scene.json", "tick_rate_hz": 30})");
    const ChildResult r = player({"run", dir.path().string()});
    expect_stopped_before_ticking(r);
    EXPECT_TRUE(contains(r.err, "project.json: startup_scene: ")) << r.err;
    EXPECT_TRUE(contains(r.err, "scenes/gone.scene.json")) << r.err;
}

TEST(PlayerService, ABrokenSceneGivenWithSceneStopsBeforeTheFirstTickNamingFileAndPath) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("scenes/broken.scene.json",
              R"({"format": "diorama.scene", "version": 1, "name": "broken", "layers": ["world"],
        "objects": [{"guid": "0000000000000001", "layer": "world"},
                    {"guid": "0000000000000002", "layer": "world",
                     "components": {"Velocity": {"linear": [1.0, "fast"]}}}]})");
    const ChildResult r = player({"run", dir.path().string(), "--scene", "broken"});
    expect_stopped_before_ticking(r);
    EXPECT_TRUE(
        contains(r.err, " error: scenes/broken.scene.json: objects[1].components.Velocity.linear"))
        << r.err;

    // In JSON, the location is also a field of its own.
    const ChildResult json =
        player({"run", dir.path().string(), "--scene", "broken", "--log-format", "json"});
    expect_stopped_before_ticking(json);
    bool located = false;
    for (const std::string& line : lines_of(json.err)) {
        const Json event = Json::parse(line);
        located |=
            event.value("level", "") == "error" &&
            event.value("where", "")
                .starts_with("scenes/broken.scene.json: objects[1].components.Velocity.linear");
    }
    EXPECT_TRUE(located) << json.err;
}

// ---- bounded catch-up ----

// Starts an endless realtime run, stops the process (SIGSTOP) for stall, resumes it, lets it run a
// little, then stops it with SIGTERM.
ChildResult stalled_run(std::chrono::milliseconds stall, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"--realtime"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto child = start_endless(args);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    child->send_signal(SIGSTOP);
    std::this_thread::sleep_for(stall);
    child->send_signal(SIGCONT);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    child->send_signal(SIGTERM);
    return child->wait(kWatchdog);
}

constexpr double kBounceStepS = 1.0 / 60.0;

TEST(PlayerService, AfterAStallRealtimeDropsTheBacklogInsteadOfCatchingItAllUp) {
    const ChildResult r = stalled_run(std::chrono::seconds(5), {});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const auto run = figures(r.out);
    ASSERT_TRUE(run) << r.out;
    // The 5 s stall was dropped but for the few ticks one frame may run (8 at most).
    EXPECT_GE(run->dropped_s, 5.0 - 10 * kBounceStepS) << r.out;
    // Ticks only ran for the wall time that was not dropped: nothing was owed and caught up.
    EXPECT_LE(static_cast<double>(run->ticks) * kBounceStepS,
              run->wall_s - run->dropped_s + 2 * kBounceStepS)
        << r.out;
    // The drop was reported as it happened: its seconds and ticks, and the bound. (A busy machine
    // may add smaller drops of its own, reported on lines of their own.)
    const std::regex report(
        R"( warning: behind real time: dropped ([0-9.]+) s \((\d+) ticks\); catch-up runs at most 8 ticks per frame\n)");
    double largest_s = 0.0;
    for (auto it = std::sregex_iterator(r.err.begin(), r.err.end(), report);
         it != std::sregex_iterator(); ++it) {
        const double reported_s = std::stod((*it)[1].str());
        EXPECT_EQ(std::stoll((*it)[2].str()), std::llround(reported_s / kBounceStepS)) << r.err;
        largest_s = std::max(largest_s, reported_s);
    }
    EXPECT_GE(largest_s, 5.0 - 10 * kBounceStepS) << r.err;
}

TEST(PlayerService, MaxCatchupSetsTheBoundAndAHighOneCatchesTheStallUp) {
    const ChildResult bounded = stalled_run(std::chrono::seconds(2), {"--max-catchup", "3"});
    ASSERT_EQ(bounded.exit_code, 0) << describe(bounded);
    EXPECT_TRUE(contains(bounded.err, "; catch-up runs at most 3 ticks per frame\n"))
        << bounded.err;

    // 2 s at 60 Hz is 120 ticks: within a bound of 1000, the whole stall is caught up.
    const ChildResult unbounded = stalled_run(std::chrono::seconds(2), {"--max-catchup", "1000"});
    ASSERT_EQ(unbounded.exit_code, 0) << describe(unbounded);
    const auto run = figures(unbounded.out);
    ASSERT_TRUE(run) << unbounded.out;
    EXPECT_EQ(run->dropped_s, 0.0) << unbounded.out;
    EXPECT_FALSE(contains(unbounded.err, "behind real time")) << unbounded.err;
    EXPECT_GE(static_cast<double>(run->ticks) * kBounceStepS, 2.0 - 2 * kBounceStepS)
        << unbounded.out;
}

// ---- logs ----

TEST(PlayerService, EveryLogLineHasATimestampAndALevel) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("scenes/extra.scene.json",
              R"({"format": "diorama.scene", "version": 1, "name": "extra", "layers": ["world"],
        "objects": [{"guid": "0000000000000009", "layer": "world", "components": {"Mystery": {}}}]})");
    const ChildResult r = player(
        {"run", dir.path().string(), "--scene", "extra", "--ticks", "3", "--log-level=debug"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> lines = lines_of(r.err);
    EXPECT_GE(lines.size(), 4u) << r.err; // debug, warning, info "running", info "shutdown"
    for (const std::string& line : lines)
        EXPECT_TRUE(std::regex_match(line, kTextLogLine)) << line;
    EXPECT_TRUE(contains(r.err, " debug: loaded 1 prefabs\n")) << r.err;
    EXPECT_TRUE(contains(r.err, " warning: scenes/extra.scene.json: objects[0].components.Mystery"))
        << r.err;
    // Results stay on stdout, the log on stderr.
    for (const std::string& line : lines_of(r.out))
        EXPECT_FALSE(std::regex_search(line, kTimestamp)) << line;
}

TEST(PlayerService, LogLevelDropsTheEventsBelowIt) {
    TempDir dir;
    write_mini_project(dir);
    const ChildResult quiet =
        player({"run", dir.path().string(), "--ticks", "3", "--log-level", "warning"});
    ASSERT_EQ(quiet.exit_code, 0) << describe(quiet);
    EXPECT_EQ(quiet.err, "");
    EXPECT_TRUE(contains(quiet.out, "ticks: 3 ")) << "results are not log events";

    const ChildResult normal = player({"run", dir.path().string(), "--ticks", "3"});
    EXPECT_TRUE(contains(normal.err, " info: shutdown complete\n")) << normal.err;
    EXPECT_FALSE(contains(normal.err, " debug: ")) << normal.err;
}

TEST(PlayerService, LogLinesAreWrittenAsTheyHappenNotWhenTheProcessEnds) {
    ChildProcess child(kPlayer, {"run", kBounce.string(), "--realtime"});
    // The run is endless: the event can only be seen now if it was written unbuffered.
    EXPECT_TRUE(child.wait_for_stderr(" info: running scene level1", std::chrono::seconds(20)));
    child.send_signal(SIGTERM);
    const ChildResult r = child.wait(kWatchdog);
    EXPECT_EQ(r.exit_code, 0) << describe(r);
}

// A scene name no line-based reader would survive unescaped.
const std::string kHostileName = "say \"hi\"\\ \n\r\ttab \x01\x1f\x7f é\nhash: 0000000000000000";

TEST(PlayerService, JsonLogLinesAreValidJsonWhateverTheMessagesHold) {
    TempDir dir;
    write_mini_project(dir, kHostileName);
    const ChildResult r = player({"run", dir.path().string(), "--ticks", "3", "--log-format",
                                  "json", "--log-level", "debug"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> lines = lines_of(r.err);
    ASSERT_GE(lines.size(), 3u) << r.err;
    bool saw_name = false;
    for (const std::string& line : lines) {
        SCOPED_TRACE(line);
        const Json event = Json::parse(line, nullptr, false);
        ASSERT_FALSE(event.is_discarded());
        ASSERT_TRUE(event.is_object());
        EXPECT_TRUE(std::regex_match(event.value("time", ""), kTimestamp));
        EXPECT_TRUE(event.contains("level"));
        EXPECT_TRUE(event.contains("message"));
        if (event.value("scene", "") == kHostileName) {
            saw_name = true;
            EXPECT_TRUE(contains(event.value("message", ""), kHostileName));
        }
    }
    EXPECT_TRUE(saw_name) << "no event carried the scene name exactly";
    EXPECT_EQ(Json::parse(lines.back()).value("message", ""), "shutdown complete");
}

TEST(PlayerService, TextLogsAndTheSummaryKeepAHostileNameOnOneLine) {
    TempDir dir;
    write_mini_project(dir, kHostileName);
    const ChildResult r = player({"run", dir.path().string(), "--ticks", "3"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    for (const std::string& line : lines_of(r.err))
        EXPECT_TRUE(std::regex_match(line, kTextLogLine)) << line;
    const std::string escaped = R"(say "hi"\ \n\r\ttab \x01\x1f\x7f é\nhash: 0000000000000000)";
    EXPECT_TRUE(contains(r.err, " info: running scene " + escaped + " (")) << r.err;
    EXPECT_TRUE(contains(r.out, "\nscene: " + escaped + " (scenes/main.scene.json)\n")) << r.out;
    // The name cannot pass for a hash line of the summary.
    EXPECT_FALSE(contains(r.out, "\nhash: ")) << r.out;
}

TEST(PlayerService, AUsageErrorInJsonFormatIsOneJsonLine) {
    const ChildResult r = player({"--log-format", "json", "run"});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    const std::vector<std::string> lines = lines_of(r.err);
    ASSERT_EQ(lines.size(), 1u) << r.err;
    const Json event = Json::parse(lines.front());
    EXPECT_EQ(event.value("level", ""), "error");
    EXPECT_EQ(event.value("message", ""), "run: missing PROJECT");
}

TEST(PlayerService, HelpSaysWhereResultsAndLogsGo) {
    const ChildResult r = player({"--help"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    for (const char* part : {"results go to stdout", "the log goes to stderr", "--log-format json",
                             "--log-level LEVEL", "--max-catchup N", "(default 8)",
                             "\"shutdown complete\"", "does not link SDL"})
        EXPECT_TRUE(contains(r.out, part)) << part;
}

} // namespace
