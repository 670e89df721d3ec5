// Issue 26's promises for the player's signals and output, end to end on the built binary: a
// hangup stops a run as SIGTERM does; stdout closed, full or gone is an error that still lets
// the run finish its dump; a pipe nobody reads holds up neither a run nor its stop; two stop
// signals close together give one answer, in the log and in the exit status.

#include "child_process.h"
#include "temp_dir.h"
#include "test_pipe.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
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
using diorama::test::ChildOptions;
using diorama::test::ChildProcess;
using diorama::test::ChildResult;
using diorama::test::kClosed;
using diorama::test::run_child;
using diorama::test::TempDir;
using diorama::test::TestPipe;
using Json = nlohmann::json;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
// Past these, what should have happened is a failure (watchdogs, not timing assertions).
constexpr std::chrono::seconds kStartup{20};
constexpr std::chrono::seconds kWatchdog{30};
constexpr int kOutputFailed = 6; // documented in --help and docs/GUIDE.md

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

bool last_line_ends_with(const std::string& text, const std::string& end) {
    const std::vector<std::string> lines = lines_of(text);
    return !lines.empty() && lines.back().ends_with(end);
}

// A project of built-in components only at 60 ticks per second; its scene has `objects` objects.
void write_project(const TempDir& dir, int objects = 1) {
    dir.write("project.json", R"({"format": "diorama.project", "version": 1, "name": "Service",
        "startup_scene": "scenes/main.scene.json", "tick_rate_hz": 60})");
    Json list = Json::array();
    for (int i = 1; i <= objects; ++i) {
        char guid[32];
        std::snprintf(guid, sizeof guid, "%016x", i);
        list.push_back({{"guid", guid},
                        {"layer", "world"},
                        {"components", {{"Velocity", {{"linear", {1.0, 0.0}}}}}}});
    }
    const Json scene = {{"format", "diorama.scene"}, {"version", 1},      {"name", "main"},
                        {"layers", {"world"}},       {"objects", list}};
    dir.write("scenes/main.scene.json", scene.dump());
}

// The dump a test asks for, inside the project so that it can be run again.
fs::path dump_path(const TempDir& dir) {
    return dir.path() / "scenes" / "dumped.scene.json";
}

// The dump is a whole scene file that the project runs again.
void expect_dump_loads(const TempDir& dir) {
    std::ifstream in(dump_path(dir));
    const Json dump = Json::parse(in, nullptr, false);
    ASSERT_FALSE(dump.is_discarded()) << "not JSON: " << dump_path(dir);
    EXPECT_EQ(dump.value("format", ""), "diorama.scene");
    const ChildResult reload =
        run_child(kPlayer, {"run", dir.path().string(), "--scene", "dumped", "--ticks", "0"});
    EXPECT_EQ(reload.exit_code, 0) << describe(reload);
}

std::vector<std::string> run_args(const TempDir& dir, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"run", dir.path().string(), "--hash", "--dump-state",
                                     dump_path(dir).string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// ---- SIGHUP ----

TEST(ReliabilityPlayerSignals, ASighupStopsTheRunLikeSigtermWithTheSummaryAndTheDump) {
    TempDir dir;
    write_project(dir);
    ChildProcess child(kPlayer, run_args(dir, {}));
    ASSERT_TRUE(child.wait_for_stderr(" info: running scene ", kStartup));
    child.send_signal(SIGHUP);
    const ChildResult r = child.wait(kWatchdog);
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.signal, 0) << describe(r);
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "\nstopped by: SIGHUP\n")) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\nhash: [0-9a-f]{16}\n)"))) << r.out;
    EXPECT_TRUE(contains(r.out, "\ndumped state: " + dump_path(dir).string() + "\n")) << r.out;
    EXPECT_TRUE(contains(r.err, " info: SIGHUP received: stopped after tick ")) << r.err;
    EXPECT_TRUE(last_line_ends_with(r.err, " info: shutdown complete")) << r.err;
    expect_dump_loads(dir);
}

TEST(PlayerService, UnderNohupAHangupDoesNotStopTheRun) {
    TempDir dir;
    write_project(dir);
    std::vector<std::string> args = {kPlayer};
    for (const std::string& arg : run_args(dir, {}))
        args.push_back(arg);
    ChildProcess child("/usr/bin/nohup", args);
    ASSERT_TRUE(child.wait_for_stderr(" info: running scene ", kStartup));
    child.send_signal(SIGHUP); // ignored, as nohup asks
    child.send_signal(SIGTERM);
    const ChildResult r = child.wait(kWatchdog);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "\nstopped by: SIGTERM\n")) << r.out;
}

// ---- two signals close together ----

// The exit status the log's "shutdown complete" event names, if the log has that event; every
// line must be a JSON object and the event, when there, the last.
std::optional<int> stated_exit_status(const std::string& err) {
    std::optional<int> stated;
    for (const std::string& line : lines_of(err)) {
        const Json event = Json::parse(line, nullptr, false);
        EXPECT_TRUE(event.is_object()) << line;
        if (!event.is_object()) continue;
        EXPECT_FALSE(stated) << "an event after shutdown complete: " << line;
        if (event.value("message", "") == "shutdown complete")
            stated = event.value("exit_code", -1);
    }
    return stated;
}

// Either the log says "shutdown complete" with the exit status the process had, or it does not
// and the second SIGTERM ended the process (143).
void expect_log_and_exit_status_agree(const ChildResult& r) {
    ASSERT_FALSE(r.timed_out) << describe(r);
    ASSERT_EQ(r.signal, 0) << describe(r);
    if (const std::optional<int> stated = stated_exit_status(r.err))
        EXPECT_EQ(r.exit_code, *stated) << describe(r);
    else
        EXPECT_EQ(r.exit_code, 128 + SIGTERM) << describe(r);
}

std::vector<std::string> json_run_args(const TempDir& dir) {
    return run_args(dir, {"--log-format", "json"});
}

TEST(ReliabilityPlayerSignals, TwoSigtermsCloseTogetherGiveALogAndAnExitStatusThatAgree) {
    TempDir dir;
    write_project(dir, 20'000); // its teardown takes a while after "shutdown complete"
    // A second SIGTERM once "shutdown complete" is logged changes nothing. (Before, it often
    // landed in the teardown that follows and ended the process with 143.)
    for (int run = 0; run < 5; ++run) {
        ChildProcess child(kPlayer, json_run_args(dir));
        ASSERT_TRUE(child.wait_for_stderr("\"running scene ", kStartup));
        child.send_signal(SIGTERM);
        ASSERT_TRUE(child.wait_for_stderr("\"shutdown complete\"", kWatchdog));
        child.send_signal(SIGTERM);
        const ChildResult r = child.wait(kWatchdog);
        expect_log_and_exit_status_agree(r);
        EXPECT_EQ(r.exit_code, 0) << describe(r);
    }
    // Second signals from at once to 20 ms after the first land before, during and after the
    // stop: whatever the timing, the log and the exit status agree.
    for (int gap_ms = 0; gap_ms <= 20; ++gap_ms) {
        SCOPED_TRACE("second SIGTERM " + std::to_string(gap_ms) + " ms after the first");
        ChildProcess child(kPlayer, json_run_args(dir));
        ASSERT_TRUE(child.wait_for_stderr("\"running scene ", kStartup));
        child.send_signal(SIGTERM);
        std::this_thread::sleep_for(std::chrono::milliseconds(gap_ms));
        child.send_signal(SIGTERM);
        expect_log_and_exit_status_agree(child.wait(kWatchdog));
    }
}

// ---- stdout closed, full or gone ----

// A failed run's output: exit 6 with the reason on stderr, and the dump written all the same.
void expect_results_lost_but_run_finished(const ChildResult& r, const TempDir& dir,
                                          const std::string& reason) {
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.signal, 0) << describe(r);
    EXPECT_EQ(r.exit_code, kOutputFailed) << describe(r);
    const std::string message = "cannot write the results to stdout: " + reason + " (";
    EXPECT_TRUE(contains(r.err, " error: " + message) || // text
                contains(r.err, R"("level":"error","message":")" + message)) // JSON
        << r.err;
    EXPECT_TRUE(last_line_ends_with(r.err, "shutdown complete") ||
                last_line_ends_with(r.err, "\"exit_code\":6}"))
        << r.err;
    expect_dump_loads(dir);
}

TEST(ReliabilityPlayerOutput, AReaderThatGoesAwayIsAnErrorAndTheDumpIsStillWritten) {
    TempDir dir;
    write_project(dir);
    TestPipe out;
    ChildProcess child(kPlayer, run_args(dir, {}), ChildOptions{.stdout_to = out.write_end()});
    out.close_write_end();
    EXPECT_TRUE(out.read_line(kStartup).starts_with("project: "));
    out.close_read_end(); // as `| head -1` does
    ASSERT_TRUE(child.wait_for_stderr(" info: running scene ", kStartup));
    child.send_signal(SIGTERM);
    expect_results_lost_but_run_finished(child.wait(kWatchdog), dir, "Broken pipe");
}

TEST(ReliabilityPlayerOutput, AFullDeviceOnStdoutIsAnErrorNamingItAndTheDumpIsStillWritten) {
    TempDir dir;
    write_project(dir);
    const int full = open("/dev/full", O_WRONLY | O_CLOEXEC);
    ASSERT_GE(full, 0);
    ChildProcess child(kPlayer, run_args(dir, {"--ticks", "30", "--log-format", "json"}),
                       ChildOptions{.stdout_to = full});
    close(full);
    const ChildResult r = child.wait(kWatchdog);
    EXPECT_EQ(stated_exit_status(r.err), kOutputFailed) << r.err;
    expect_results_lost_but_run_finished(r, dir, "No space left on device");
}

TEST(ReliabilityPlayerOutput, AClosedStdoutIsAnErrorAndTheDumpIsWrittenWhole) {
    TempDir dir;
    write_project(dir);
    ChildProcess child(kPlayer, run_args(dir, {"--ticks", "30"}),
                       ChildOptions{.stdout_to = kClosed});
    expect_results_lost_but_run_finished(child.wait(kWatchdog), dir, "Bad file descriptor");
}

TEST(ReliabilityPlayerOutput, CheckWithAFullStdoutFailsInsteadOfPassing) {
    TempDir dir;
    write_project(dir);
    const int full = open("/dev/full", O_WRONLY | O_CLOEXEC);
    ASSERT_GE(full, 0);
    ChildProcess child(kPlayer, {"check", dir.path().string()}, ChildOptions{.stdout_to = full});
    close(full);
    const ChildResult r = child.wait(kWatchdog);
    EXPECT_EQ(r.exit_code, kOutputFailed) << describe(r);
    EXPECT_TRUE(contains(r.err, "cannot write the results to stdout: No space left on device"))
        << r.err;
}

// ---- pipes nobody reads ----

TEST(ReliabilityPlayerOutput, AStdoutPipeNobodyReadsHoldsUpNeitherTheRunNorItsStop) {
    TempDir dir;
    write_project(dir);
    TestPipe out;
    out.fill(); // and never read
    ChildProcess child(kPlayer, run_args(dir, {}), ChildOptions{.stdout_to = out.write_end()});
    EXPECT_TRUE(child.wait_for_stderr(" info: running scene ", kStartup))
        << "the results held up the start";
    child.send_signal(SIGTERM);
    expect_results_lost_but_run_finished(child.wait(kWatchdog), dir,
                                         "nothing took them within 2 s of the stop signal");
}

TEST(ReliabilityPlayerOutput, AStderrPipeNobodyReadsHoldsUpNeitherTheRunNorItsStop) {
    TempDir dir;
    write_project(dir);
    TestPipe err;
    err.fill(); // and never read
    ChildProcess child(kPlayer, run_args(dir, {}), ChildOptions{.stderr_to = err.write_end()});
    ASSERT_TRUE(child.wait_for_stdout("\nrunning: ", kStartup));
    child.send_signal(SIGTERM);
    const ChildResult r = child.wait(kWatchdog);
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, 0) << describe(r) << "a log that cannot be written fails nothing";
    EXPECT_TRUE(contains(r.out, "\nstopped by: SIGTERM\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "\ndumped state: ")) << r.out;
    expect_dump_loads(dir);
}

TEST(PlayerService, ResultsAndTheLogOnOneFileStayInOrder) {
    TempDir dir;
    write_project(dir);
    TestPipe both; // as `2>&1 | less`
    ChildProcess child(kPlayer, run_args(dir, {"--ticks", "30"}),
                       ChildOptions{.stdout_to = both.write_end(), .stderr_to = both.write_end()});
    both.close_write_end();
    const ChildResult r = child.wait(kWatchdog);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::string text = both.read(1 << 20, kWatchdog); // to the end of the file
    const auto at = [&](const std::string& part) { return text.find(part); };
    ASSERT_NE(at(" info: shutdown complete"), std::string::npos) << text;
    EXPECT_LT(at("\nrunning: 30 ticks"), at(" info: running scene ")) << text;
    EXPECT_LT(at("\nhash: "), at(" info: shutdown complete")) << text;
    EXPECT_LT(at("\ndumped state: "), at(" info: shutdown complete")) << text;
    EXPECT_TRUE(last_line_ends_with(text, " info: shutdown complete")) << text;
}

} // namespace
