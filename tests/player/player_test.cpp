// diorama-player end to end: the built binary runs as a child process on the sample projects
// and on small projects written by the tests; exit codes, stdout and stderr are checked.

#include "child_process.h"
#include "temp_dir.h"

#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"

#include <gtest/gtest.h>

#include <signal.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildProcess;
using diorama::test::ChildResult;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
const fs::path kBounce = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
const fs::path kPlatformer = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "platformer";
const fs::path kPlatformerInput = kPlatformer / "input" / "level1.input.json";

ChildResult player(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
    return run_child(kPlayer, args, env);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// A file's whole text ("" when it cannot be read).
std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// What a run printed as "hash: <hex>", or nullopt.
std::optional<std::string> printed_hash(const std::string& out) {
    std::smatch m;
    static const std::regex hash_line(R"((^|\n)hash: ([0-9a-f]{16})\n)");
    if (!std::regex_search(out, m, hash_line)) return std::nullopt;
    return m[2].str();
}

// A prefab's instance counts from the summary line "  NAME: START -> END".
std::optional<std::pair<int, int>> printed_instances(const std::string& out,
                                                     const std::string& prefab) {
    std::smatch m;
    const std::regex line("\n  " + prefab + R"(: (\d+) -> (\d+)\n)");
    if (!std::regex_search(out, m, line)) return std::nullopt;
    return std::pair{std::stoi(m[1].str()), std::stoi(m[2].str())};
}

// Why a run went wrong, for assertion messages.
std::string describe(const ChildResult& r) {
    return "exit " + std::to_string(r.exit_code) +
           (r.signal ? ", signal " + std::to_string(r.signal) : "") +
           (r.timed_out ? ", timed out" : "") + "\n--- stdout\n" + r.out + "--- stderr\n" + r.err;
}

// A project of built-in components only: two sparks (prefab instances; one expires after 0.5 s)
// and a mover, at 30 ticks per second.
void write_mini_project(const TempDir& dir, const std::string& module = "") {
    dir.write("project.json",
              R"({"format": "diorama.project", "version": 1, "name": "Mini",)" +
                  (module.empty() ? "" : R"( "module": ")" + module + R"(",)") +
                  R"( "startup_scene": "scenes/main.scene.json", "tick_rate_hz": 30})");
    dir.write("prefabs/spark.prefab.json",
              R"({"format": "diorama.prefab", "version": 1, "name": "spark",
        "components": {"Velocity": {"linear": [10.0, 0.0]}, "Lifetime": {"remaining_s": 0.5}}})");
    dir.write("scenes/main.scene.json", R"({"format": "diorama.scene", "version": 1, "name": "main",
        "layers": ["world"], "objects": [
          {"guid": "0000000000000001", "name": "a", "layer": "world", "prefab": "prefabs/spark.prefab.json"},
          {"guid": "0000000000000002", "name": "b", "layer": "world", "prefab": "prefabs/spark.prefab.json",
           "components": {"Lifetime": {"remaining_s": 5.0}}},
          {"guid": "0000000000000003", "name": "mover", "layer": "world",
           "components": {"Velocity": {"linear": [1.0, 2.0]}}}]})");
}

// ---- help, version, usage ----

TEST(PlayerCli, HelpListsTheCommandsAndExitCodes) {
    const ChildResult r = player({"--help"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "usage: diorama-player run PROJECT"));
    EXPECT_TRUE(contains(r.out, "check PATH..."));
    EXPECT_TRUE(contains(r.out, "exit codes:"));
    EXPECT_TRUE(contains(r.out, "4    runtime error"));
    EXPECT_TRUE(contains(r.out, "--input FILE"));
    EXPECT_TRUE(contains(r.out, "Num0..Num9"));
    EXPECT_EQ(r.err, "");
}

TEST(PlayerCli, VersionNamesTheEngineAndFileFormats) {
    const ChildResult r = player({"--version"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, std::string("diorama-player ") + DIORAMA_VERSION + "\n"));
    EXPECT_TRUE(contains(r.out, "project " + std::to_string(diorama::kProjectVersion) + ", scene " +
                                    std::to_string(diorama::kSceneVersion) + ", prefab " +
                                    std::to_string(diorama::kPrefabVersion)));
}

TEST(PlayerCli, ABadCommandLineIsAUsageErrorOnStderr) {
    const ChildResult r = player({"run", kBounce.string(), "--ticks", "many"});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "error: run: --ticks expects a whole number >= 0, got 'many'\n"))
        << r.err;
    EXPECT_TRUE(contains(r.err, "usage: diorama-player"));
}

TEST(PlayerCli, NoArgumentsIsAUsageError) {
    const ChildResult r = player({});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_TRUE(contains(r.err, "no command given"));
}

// ---- run: BOUNCE ----

TEST(PlayerRun, BounceGivesTheSameHashEveryRun) {
    const ChildResult first = player({"run", kBounce.string(), "--ticks", "3600", "--hash"});
    const ChildResult second = player({"run", kBounce.string(), "--ticks", "3600", "--hash"});
    ASSERT_EQ(first.exit_code, 0) << describe(first);
    ASSERT_EQ(second.exit_code, 0) << describe(second);
    const auto hash = printed_hash(first.out);
    ASSERT_TRUE(hash) << first.out;
    EXPECT_EQ(printed_hash(second.out), hash);
}

TEST(PlayerRun, BounceSummaryShowsBricksBrokenAfterAMinute) {
    const ChildResult r = player({"run", kBounce.string(), "--ticks", "3600"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "project: BOUNCE (")) << r.out;
    EXPECT_TRUE(contains(r.out, "module: bounce (")) << r.out;
    EXPECT_TRUE(contains(r.out, "scene: level1 (scenes/level1.scene.json)\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nobjects at start: ")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nobjects at end: ")) << r.out;
    EXPECT_TRUE(std::regex_search(
        r.out,
        std::regex(R"(\nticks: 3600 \(60\.000 s of game time\) in [0-9.]+ s, \d+ ticks/s\n)")))
        << r.out;
    const auto bricks = printed_instances(r.out, "brick");
    ASSERT_TRUE(bricks) << r.out;
    EXPECT_GT(bricks->first, 0);
    EXPECT_LT(bricks->second, bricks->first) << "no brick was broken in a minute of play";
    EXPECT_FALSE(printed_hash(r.out)) << "the hash is printed only with --hash";
}

TEST(PlayerRun, EverySceneNameFormTheEditorAcceptsRunsTheSameScene) {
    // The same forms as EditorSession's (tests/editor/core/editor_session_test.cpp): both go
    // through the game layer's scene_file_for.
    for (const std::string& form :
         {std::string("level1"), std::string("level1.scene.json"), std::string("scenes/level1"),
          std::string("scenes/level1.scene.json"),
          (kBounce / "scenes" / "level1.scene.json").string()}) {
        const ChildResult r = player({"run", kBounce.string(), "--scene", form, "--ticks", "1"});
        ASSERT_EQ(r.exit_code, 0) << form << ": " << describe(r);
        EXPECT_TRUE(contains(r.out, "scene: level1 (scenes/level1.scene.json)\n")) << r.out;
    }
    const ChildResult missing = player({"run", kBounce.string(), "--scene", "nope"});
    EXPECT_EQ(missing.exit_code, 3) << describe(missing);
    EXPECT_TRUE(contains(missing.err, "scenes/nope.scene.json")) << missing.err;
    EXPECT_TRUE(contains(missing.err, "the project's scenes: scenes/level1.scene.json"))
        << missing.err;
}

// ---- run: PLATFORMER with its input script ----

TEST(PlayerRun, PlatformerWithItsInputScriptGivesTheSameHashEveryRun) {
    const std::vector<std::string> args{
        "run",   kPlatformer.string(), "--input", kPlatformerInput.string(), "--ticks", "3600",
        "--hash"};
    const ChildResult first = player(args);
    const ChildResult second = player(args);
    ASSERT_EQ(first.exit_code, 0) << describe(first);
    ASSERT_EQ(second.exit_code, 0) << describe(second);
    EXPECT_TRUE(contains(first.out, "input: " + kPlatformerInput.string() +
                                        " (16 events, the last "
                                        "at tick 1460)\n"))
        << first.out;
    const auto hash = printed_hash(first.out);
    ASSERT_TRUE(hash) << first.out;
    EXPECT_EQ(printed_hash(second.out), hash);

    const ChildResult idle = player({"run", kPlatformer.string(), "--ticks", "3600", "--hash"});
    ASSERT_EQ(idle.exit_code, 0) << describe(idle);
    EXPECT_NE(printed_hash(idle.out), hash) << "the input script changed nothing";
}

TEST(PlayerRun, PlatformerInputScriptOpensTheGateAndReachesTheExit) {
    TempDir dir;
    const fs::path dump = dir.path() / "after.scene.json";
    const ChildResult r = player({"run", kPlatformer.string(), "--input", kPlatformerInput.string(),
                                  "--ticks", "3600", "--dump-state", dump.string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(printed_instances(r.out, "block"), std::pair(1, 0)) << r.out;
    const std::string after = read_text(dump);
    EXPECT_TRUE(contains(after, "\"state\": \"finished\"")) << "the player did not finish";
    EXPECT_TRUE(contains(after, "LEVEL COMPLETE!"));
    // The button and the exit are Lua scripts: their state is saved like a native component's,
    // and none of them raised an error (which would only be logged).
    EXPECT_TRUE(contains(after, "\"pressed\": true")) << "the button was not pressed";
    EXPECT_TRUE(contains(after, "\"reached\": true")) << "the exit was not reached";
    EXPECT_FALSE(contains(r.err, "error")) << r.err;
}

TEST(PlayerRun, ABrokenInputScriptIsALoadErrorNamingTheFileAndJsonPath) {
    TempDir dir;
    dir.write("walk.input.json", R"({"format": "diorama.input", "version": 1, "events": [
        {"tick": 0, "type": "key_down", "key": "Right"},
        {"tick": 9, "type": "key_up", "key": "right"}]})");
    const fs::path file = dir.path() / "walk.input.json";
    const ChildResult r =
        player({"run", kPlatformer.string(), "--input", file.string(), "--ticks", "10"});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, "error: " + file.string() +
                                    ": events[1].key: unknown key name \"right\" (did you mean "
                                    "\"Right\"?)"))
        << r.err;
    EXPECT_EQ(r.out, "");
}

TEST(PlayerRun, AMissingInputScriptIsALoadErrorNamingIt) {
    TempDir dir;
    const fs::path file = dir.path() / "none.input.json";
    const ChildResult r =
        player({"run", kPlatformer.string(), "--input", file.string(), "--ticks", "10"});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, file.string())) << r.err;
}

TEST(PlayerRun, DumpedStateLoadsAgainWithTheSameHash) {
    TempDir dir;
    const fs::path project = dir.path() / "bounce";
    fs::copy(kBounce, project, fs::copy_options::recursive);
    const fs::path dump = project / "scenes" / "dumped.scene.json";

    const ChildResult run = player(
        {"run", project.string(), "--ticks", "600", "--hash", "--dump-state", dump.string()});
    ASSERT_EQ(run.exit_code, 0) << describe(run);
    EXPECT_TRUE(contains(run.out, "dumped state: " + dump.string() + "\n")) << run.out;
    ASSERT_TRUE(fs::exists(dump));

    const ChildResult reload =
        player({"run", project.string(), "--scene", "dumped", "--ticks", "0", "--hash"});
    ASSERT_EQ(reload.exit_code, 0) << describe(reload);
    const auto hash = printed_hash(run.out);
    ASSERT_TRUE(hash) << run.out;
    EXPECT_EQ(printed_hash(reload.out), hash);

    const ChildResult check = player({"check", dump.string()});
    EXPECT_EQ(check.exit_code, 0) << describe(check);
}

TEST(PlayerRun, SceneIsFoundByNameFileNameOrPath) {
    for (const char* scene : {"level1", "level1.scene.json", "scenes/level1.scene.json"}) {
        SCOPED_TRACE(scene);
        const ChildResult r = player({"run", kBounce.string(), "--scene", scene, "--ticks", "0"});
        EXPECT_EQ(r.exit_code, 0) << describe(r);
        EXPECT_TRUE(contains(r.out, "scene: level1 (scenes/level1.scene.json)\n")) << r.out;
    }
}

TEST(PlayerRun, ProjectJsonMayBeGivenInsteadOfItsFolder) {
    const ChildResult r = player({"run", (kBounce / "project.json").string(), "--ticks", "1"});
    EXPECT_EQ(r.exit_code, 0) << describe(r);
}

TEST(PlayerRun, RealtimeRunsTheTicksAskedFor) {
    const ChildResult r = player({"run", kBounce.string(), "--ticks", "6", "--realtime"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "running: 6 ticks at 60 Hz, in real time\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nticks: 6 (0.100 s of game time)")) << r.out;
}

// ---- run: signals ----

// Starts an endless run, waits for its first output, sends the signal, returns the result.
ChildResult signalled_run(int signal_number, const std::vector<std::string>& extra_args) {
    std::vector<std::string> args = {"run", kBounce.string()};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    ChildProcess child(kPlayer, args);
    child.wait_for_output(std::chrono::seconds(10));
    child.send_signal(signal_number);
    return child.wait(std::chrono::seconds(30));
}

TEST(PlayerRun, SigtermStopsAnEndlessRunCleanly) {
    const ChildResult r = signalled_run(SIGTERM, {"--hash"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "running: until SIGINT/SIGTERM at 60 Hz")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nstopped by: SIGTERM\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nobjects at end: ")) << r.out;
    EXPECT_TRUE(printed_hash(r.out)) << r.out;
}

TEST(PlayerRun, SigintStopsARealtimeRunCleanly) {
    const ChildResult r = signalled_run(SIGINT, {"--realtime"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "\nstopped by: SIGINT\n")) << r.out;
}

TEST(PlayerRun, ASecondSignalEndsTheProcessAtOnce) {
    ChildProcess child(kPlayer, {"run", kBounce.string()});
    child.wait_for_output(std::chrono::seconds(10));
    // Both signals are pending when the process resumes, so the second arrives before the run
    // can finish: the process must end in the handler with 128 + that signal.
    child.send_signal(SIGSTOP);
    child.send_signal(SIGINT);
    child.send_signal(SIGTERM);
    child.send_signal(SIGCONT);
    const ChildResult r = child.wait(std::chrono::seconds(30));
    EXPECT_TRUE(r.exit_code == 128 + SIGINT || r.exit_code == 128 + SIGTERM) << describe(r);
    EXPECT_FALSE(contains(r.out, "stopped by:")) << r.out;
}

// ---- run: failures ----

TEST(PlayerRun, AMissingSceneIsALoadErrorListingTheScenes) {
    const ChildResult r = player({"run", kBounce.string(), "--scene", "nope", "--ticks", "1"});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, "nope.scene.json")) << r.err;
    EXPECT_TRUE(contains(r.err, "scenes/level1.scene.json")) << r.err;
}

TEST(PlayerRun, ASceneOutsideTheProjectIsRefused) {
    const ChildResult r =
        player({"run", kBounce.string(), "--scene", "../../secret", "--ticks", "1"});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, "../../secret.scene.json")) << r.err;
}

TEST(PlayerRun, AMissingProjectIsALoadError) {
    TempDir dir;
    const ChildResult r = player({"run", (dir.path() / "none").string()});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, (dir.path() / "none").string())) << r.err;
}

TEST(PlayerRun, ABrokenSceneIsALoadErrorNamingTheFileAndJsonPath) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("scenes/main.scene.json",
              R"({"format": "diorama.scene", "version": 1, "layers": ["world"],
        "objects": [{"guid": "0000000000000001", "layer": "world",
                     "components": {"Transform2D": {"position": "left"}}}]})");
    const ChildResult r = player({"run", dir.path().string(), "--ticks", "1"});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(
        r.err, "error: scenes/main.scene.json: objects[0].components.Transform2D.position: "))
        << r.err;
}

TEST(PlayerRun, AMissingModuleIsARuntimeErrorNamingEveryFolderSearched) {
    TempDir dir;
    write_mini_project(dir, "no_such_game");
    const fs::path extra = dir.path() / "extra_modules";
    const ChildResult r = player({"run", dir.path().string(), "--ticks", "1"},
                                 {"DIORAMA_MODULE_PATH=" + extra.string()});
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    EXPECT_TRUE(contains(r.err, "module 'no_such_game' (no_such_game.so) not found")) << r.err;
    EXPECT_TRUE(contains(r.err, "'" + extra.string() + "'")) << r.err;
    EXPECT_TRUE(contains(r.err, "'" + (dir.path() / "modules").string() + "'")) << r.err;
    EXPECT_TRUE(contains(
        r.err, "'" + (fs::path(kPlayer).parent_path().parent_path() / "modules").string() + "'"))
        << r.err;
}

TEST(PlayerRun, AModuleOfAnotherEngineBuildIsARuntimeErrorSayingToRebuildIt) {
    TempDir dir;
    write_mini_project(dir, "other_build");
    const ChildResult r =
        player({"run", dir.path().string(), "--ticks", "1"},
               {std::string("DIORAMA_MODULE_PATH=") + DIORAMA_REFUSED_MODULES_DIR});
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    EXPECT_TRUE(contains(r.err, "project.json: module: module 'other_build' was built against "
                                "engine build '0.0.1+h0123456789abcdef'"))
        << r.err;
    EXPECT_TRUE(contains(r.err, "rebuild it with this engine's headers and library")) << r.err;
}

TEST(PlayerRun, ADumpThatCannotBeWrittenIsARuntimeError) {
    TempDir dir;
    write_mini_project(dir);
    const fs::path dump = dir.path() / "no" / "such" / "folder" / "out.scene.json";
    const ChildResult r =
        player({"run", dir.path().string(), "--ticks", "1", "--dump-state", dump.string()});
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    EXPECT_TRUE(contains(r.err, "cannot dump the state")) << r.err;
}

// ---- run: a project without a module ----

TEST(PlayerRun, AProjectWithoutAModuleRunsTheBuiltIns) {
    TempDir dir;
    write_mini_project(dir);
    const ChildResult r = player({"run", dir.path().string(), "--ticks", "30"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "module: none\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "running: 30 ticks at 30 Hz, as fast as possible\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "objects at start: 3\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "objects at end: 2\n")) << r.out; // one spark expired
    EXPECT_EQ(printed_instances(r.out, "spark"), (std::pair{2, 1})) << r.out;
}

// ---- check ----

TEST(PlayerCheck, TheSampleProjectPasses) {
    const ChildResult r = player({"check", kBounce.string()});
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "check: 0 errors, 0 warnings (1 project, ")) << r.out;
}

TEST(PlayerCheck, ThePlatformerPassesWithItsInputScript) {
    const ChildResult r = player({"check", kPlatformer.string()});
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "check: 0 errors, 0 warnings (1 project, 8 prefabs, 1 scene, 1 "
                                "tileset, 1 input script)\n"))
        << r.out;
}

TEST(PlayerCheck, BrokenInputScriptsFailNamingTheFileAndJsonPath) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("input/bad.input.json", R"({"format": "diorama.input", "version": 1, "events": [
        {"tick": 3, "type": "key_down", "key": "Space"},
        {"tick": 2, "type": "key_up", "key": "Space"}]})");
    dir.write("lone.input.json", R"({"format": "diorama.input", "version": 1, "events": 7})");
    const fs::path bad = dir.path() / "input" / "bad.input.json";
    const fs::path lone = dir.path() / "lone.input.json";

    const ChildResult whole = player({"check", dir.path().string()});
    EXPECT_EQ(whole.exit_code, 1) << describe(whole);
    EXPECT_TRUE(contains(whole.out, "error: " + bad.string() +
                                        ": events[1].tick: tick 2 comes "
                                        "before"))
        << whole.out;
    EXPECT_TRUE(contains(whole.out, "error: " + lone.string() + ": events: expected an array"))
        << whole.out;
    EXPECT_TRUE(contains(whole.out, "2 input scripts)")) << whole.out;

    const ChildResult single = player({"check", bad.string()}); // no project needed
    EXPECT_EQ(single.exit_code, 1) << describe(single);
    EXPECT_TRUE(contains(single.out, "check: 1 error, 0 warnings (0 projects, 0 prefabs, 0 "
                                     "scenes, 1 input script)"))
        << single.out;
}

TEST(PlayerCheck, SingleFilesAreCheckedInTheirProject) {
    TempDir dir;
    write_mini_project(dir);
    const ChildResult r = player({"check", (dir.path() / "scenes" / "main.scene.json").string(),
                                  (dir.path() / "prefabs" / "spark.prefab.json").string(),
                                  (dir.path() / "project.json").string()});
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "check: 0 errors, 0 warnings (1 project, 1 prefab, 1 scene)\n"))
        << r.out;
}

TEST(PlayerCheck, BrokenFilesFailNamingTheFileAndJsonPath) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("prefabs/bad.prefab.json",
              R"({"format": "diorama.prefab", "version": 1, "name": "bad",
        "components": {"Velocity": {"linear": [1.0]}}})");
    dir.write("scenes/broken.scene.json",
              R"({"format": "diorama.scene", "version": 1, "layers": ["world"],
        "objects": [{"guid": "0000000000000001", "layer": "world"},
                    {"guid": "0000000000000002", "layer": "world", "components": {"Lifetime": {"remaining_s": "soon"}}}]})");
    dir.write("scenes/newer.scene.json",
              R"({"format": "diorama.scene", "version": 99, "objects": []})");

    const ChildResult r = player({"check", dir.path().string()});
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_TRUE(contains(r.out, "error: prefabs/bad.prefab.json: components.Velocity.linear: "))
        << r.out;
    EXPECT_TRUE(contains(
        r.out, "error: scenes/broken.scene.json: objects[1].components.Lifetime.remaining_s: "))
        << r.out;
    EXPECT_TRUE(contains(r.out, "error: scenes/newer.scene.json: ")) << r.out;
    EXPECT_TRUE(contains(r.out, "(1 project, 2 prefabs, 3 scenes)")) << r.out;

    const ChildResult one =
        player({"check", (dir.path() / "scenes" / "broken.scene.json").string()});
    EXPECT_EQ(one.exit_code, 1) << describe(one);
    EXPECT_TRUE(
        contains(one.out, "scenes/broken.scene.json: objects[1].components.Lifetime.remaining_s: "))
        << one.out;
    EXPECT_FALSE(contains(one.out, "bad.prefab.json")) << "only the file asked for is reported";
}

TEST(PlayerCheck, TyposInNamesAreAnsweredWithTheNameMeantAndTheJsonPath) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("scenes/typos.scene.json",
              R"({"format": "diorama.scene", "version": 1, "layers": ["world"],
        "objects": [{"guid": "0000000000000001", "layer": "world",
                     "components": {"Veloctiy": {"linear": [1, 2]}}},
                    {"guid": "0000000000000002", "layer": "world",
                     "components": {"Velocity": {"lineer": [1, 2]}}},
                    {"guid": "0000000000000003", "layer": "world",
                     "components": {"Shape": {"kind": "circel"}}},
                    {"guid": "0000000000000004", "layer": "world", "prefab": "prefabs/sprak.prefab.json"}]})");
    const ChildResult r = player({"check", dir.path().string()});
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_TRUE(contains(r.out, "scenes/typos.scene.json: objects[0].components.Veloctiy: unknown "
                                "component type \"Veloctiy\" is kept as is; did you mean "
                                "\"Velocity\"?"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "objects[1].components.Velocity.lineer: Velocity has no field "
                                "\"lineer\"; did you mean \"linear\"?"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "objects[2].components.Shape.kind: \"circel\" is not one of: "))
        << r.out;
    EXPECT_TRUE(contains(r.out, "; did you mean \"circle\"?")) << r.out;
    EXPECT_TRUE(contains(r.out, "objects[3].prefab: prefab \"prefabs/sprak.prefab.json\" not "
                                "found (or it has errors); did you mean "
                                "\"prefabs/spark.prefab.json\"?"))
        << r.out;
}

TEST(PlayerCheck, APrefabThatContainsItselfAndAnInstanceOfAGoneChildAreErrorsWithTheJsonPath) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("prefabs/a.prefab.json", R"({"format": "diorama.prefab", "version": 1,
        "children": [{"id": "0000000000000001", "prefab": "prefabs/b.prefab.json"}]})");
    dir.write("prefabs/b.prefab.json", R"({"format": "diorama.prefab", "version": 1,
        "children": [{"id": "0000000000000002", "prefab": "prefabs/a.prefab.json"}]})");
    dir.write("prefabs/pair.prefab.json", R"({"format": "diorama.prefab", "version": 1,
        "id": "00000000000000a0", "children": [{"id": "00000000000000a1", "name": "left"}]})");
    dir.write("scenes/pairs.scene.json",
              R"({"format": "diorama.scene", "version": 1, "layers": ["world"],
        "objects": [{"guid": "0000000000000001", "prefab": "prefabs/pair.prefab.json"},
                    {"guid": "0000000000000002", "parent": "0000000000000001",
                     "prefab": "prefabs/pair.prefab.json", "part": "00000000000000a1"},
                    {"guid": "0000000000000003", "parent": "0000000000000001",
                     "prefab": "prefabs/pair.prefab.json", "part": "00000000000000a2"}]})");
    const ChildResult r = player({"check", dir.path().string()});
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_TRUE(contains(r.out, "error: prefabs/b.prefab.json: children[0].prefab: prefab cycle "
                                "prefabs/a.prefab.json -> prefabs/b.prefab.json -> "
                                "prefabs/a.prefab.json: a prefab cannot contain itself"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "error: scenes/pairs.scene.json: objects[2].part: prefab "
                                "\"prefabs/pair.prefab.json\" has no object 00000000000000a2"))
        << r.out;
    EXPECT_FALSE(contains(r.out, "objects[1]")) << "the child the prefab has is fine";
}

TEST(PlayerCheck, TileMapsThatDoNotFitTheirDataOrTilesetAreErrorsWithTheJsonPath) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("tilesets/ground.tileset.json",
              R"({"format": "diorama.tileset", "version": 1, "image": "sprites/tiles.png",
                  "tile_size": [16, 16], "columns": 2, "count": 4, "tiles": {"1": {"solid": true}}})");
    dir.write("tilesets/broken.tileset.json",
              R"({"format": "diorama.tileset", "version": 1, "image": "sprites/tiles.png",
                  "count": 4, "tiles": {"5": {"solid": true}}})");
    const auto map = [](const std::string& rows, const std::string& size) {
        return R"({"format": "diorama.scene", "version": 1, "layers": ["world"],
            "objects": [{"guid": "0000000000000001", "layer": "world", "components": {"TileMap": {
              "tileset": "tilesets/ground.tileset.json",
              "tiles": {"size": )" +
               size + R"(, "layers": [{"name": "ground", "rows": )" + rows + "}]}}}}]}";
    };
    dir.write("scenes/past.scene.json", map(R"(["1 1 7", "2"])", "[4, 2]"));
    dir.write("scenes/short.scene.json", map(R"(["1 1"])", "[4, 2]"));
    dir.write("scenes/wide.scene.json", map(R"(["1*5", ""])", "[4, 2]"));
    const ChildResult r = player({"check", dir.path().string()});
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_TRUE(contains(r.out,
                         "error: scenes/past.scene.json: objects[0].components.TileMap.tiles."
                         "layers[0].rows[0]: tile 7 at column 2 is past the tileset's 4 "
                         "tiles"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "error: scenes/short.scene.json: objects[0].components.TileMap."
                                "tiles.layers[0].rows: the layer has 1 rows; the map is 2 rows "
                                "high"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "error: scenes/wide.scene.json: objects[0].components.TileMap."
                                "tiles.layers[0].rows[0]: the row has more than its 4 cells"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "error: tilesets/broken.tileset.json: tiles.5: \"5\" is not a "
                                "tile of the set (1 to 4)"))
        << r.out;
}

TEST(PlayerCheck, ABrokenProjectFileFails) {
    TempDir dir;
    write_mini_project(dir);
    dir.write(
        "project.json",
        R"({"format": "diorama.project", "version": 1, "name": "Mini", "tick_rate_hz": "fast"})");
    const ChildResult r = player({"check", dir.path().string()});
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_TRUE(contains(r.out, "project.json: tick_rate_hz: ")) << r.out;
}

TEST(PlayerCheck, WarningsFailUnlessAllowed) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("scenes/extra.scene.json",
              R"({"format": "diorama.scene", "version": 1, "layers": ["world"],
        "objects": [{"guid": "0000000000000009", "layer": "world", "components": {"Mystery": {"x": 1}}}]})");
    const ChildResult strict = player({"check", dir.path().string()});
    EXPECT_EQ(strict.exit_code, 1) << describe(strict);
    EXPECT_TRUE(
        contains(strict.out, "warning: scenes/extra.scene.json: objects[0].components.Mystery: "))
        << strict.out;
    EXPECT_TRUE(contains(strict.out, "check: 0 errors, 1 warning ")) << strict.out;

    const ChildResult lenient = player({"check", "--allow-warnings", dir.path().string()});
    EXPECT_EQ(lenient.exit_code, 0) << describe(lenient);
    EXPECT_TRUE(contains(lenient.out, "warning: scenes/extra.scene.json: ")) << lenient.out;
}

TEST(PlayerCheck, PathsThatAreNotProjectFilesAreProblems) {
    TempDir dir;
    write_mini_project(dir);
    dir.write("notes.txt", "hello");
    TempDir lonely;
    lonely.write("a.scene.json", "{}");
    const std::string missing = (dir.path() / "missing").string();
    const std::string not_project = (dir.path() / "scenes").string();
    const std::string text = (dir.path() / "notes.txt").string();
    const std::string orphan = (lonely.path() / "a.scene.json").string();
    const ChildResult r = player({"check", missing, not_project, text, orphan});
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_TRUE(contains(r.out, "error: " + missing + ": ")) << r.out;
    EXPECT_TRUE(contains(r.out, "error: " + not_project + ": not a project folder")) << r.out;
    EXPECT_TRUE(contains(r.out, "error: " + text + ": not a file check knows")) << r.out;
    EXPECT_TRUE(contains(r.out, "error: " + orphan + ": no project.json")) << r.out;
}

TEST(PlayerCheck, AMissingModuleIsARuntimeError) {
    TempDir dir;
    write_mini_project(dir, "no_such_game");
    const ChildResult r = player({"check", dir.path().string()});
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    EXPECT_TRUE(
        contains(r.out, "project.json: module: module 'no_such_game' (no_such_game.so) not found"))
        << r.out;
}

} // namespace
