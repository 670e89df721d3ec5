// diorama-editor end to end: the built editor runs as a child process with SDL's offscreen video
// driver on temporary copies of projects/bounce and replays scripts through its real input path
// (SDL events -> ImGui -> panels -> EditorSession). Saved scenes are parsed and checked, and
// diorama-player must agree with the hashes the editor prints.

#include "child_process.h"
#include "editor_run.h"
#include "temp_dir.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::Json;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::hashes;
using diorama::test::run_child;
using diorama::test::TempDir;
using diorama::test::timing_report;

const std::string kEditor = DIORAMA_EDITOR_PATH;
const std::string kPlayer = DIORAMA_PLAYER_PATH;
const fs::path kBounce = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
const std::string kBrick00 = "9fe03f1750b80c51"; // "Brick 0,0" at (58, 540)
const std::string kBall = "457572ac130b82a5";
const std::string kPaddle = "d6ef0dbd468d12b8";
const fs::path kPlatformer = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "platformer";
const std::string kPlatformerPlayer = "8c175f3adafb54a2"; // "Player" at (64, 80)

Json read_json(const fs::path& file) {
    auto text = diorama::read_file(file, 64u << 20);
    if (!text) return Json();
    auto json = diorama::parse_json(*text, file.string());
    return json ? *json : Json();
}

// The scene entry with this guid, or null.
const Json* find_object(const Json& scene, const std::string& guid) {
    for (const Json& o : scene["objects"])
        if (o["guid"] == guid) return &o;
    return nullptr;
}

class EditorApp : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(m_dir.path().empty());
        copy_bounce(project());
        m_original = read_json(scene_file());
        ASSERT_EQ(m_original["objects"].size(), 65u);
    }

    [[nodiscard]] fs::path project() const { return m_dir.path() / "bounce"; }
    [[nodiscard]] fs::path scene_file() const { return project() / "scenes" / "level1.scene.json"; }
    [[nodiscard]] fs::path screenshot() const { return m_dir.path() / "shot.png"; }
    [[nodiscard]] fs::path config_home() const { return m_dir.path() / "config"; }

    static void copy_bounce(const fs::path& to) {
        fs::copy(kBounce, to, fs::copy_options::recursive);
        fs::remove_all(to / "game"); // the module's sources; the built module is found by name
    }

    // Runs the editor on the project copy with script; the window's screenshot goes to
    // screenshot().
    ChildResult editor(const std::string& script, const fs::path& project_dir = {}) {
        m_dir.write("script.txt", script);
        const fs::path folder = project_dir.empty() ? project() : project_dir;
        return run_child(kEditor,
                         {folder.string(), "--script", (m_dir.path() / "script.txt").string(),
                          "--size", "1600x900", "--screenshot", screenshot().string()},
                         {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                          "XDG_CONFIG_HOME=" + config_home().string()},
                         std::chrono::seconds(240));
    }

    ChildResult player_hash(int ticks) {
        return run_child(kPlayer,
                         {"run", project().string(), "--ticks", std::to_string(ticks), "--hash"});
    }

    // Rewrites level1 with extra scene entries appended.
    void add_to_scene(const std::vector<Json>& entries) {
        Json scene = m_original;
        for (const Json& e : entries)
            scene["objects"].push_back(e);
        m_dir.write("bounce/scenes/level1.scene.json", diorama::to_pretty_json(scene));
    }

    TempDir m_dir;
    Json m_original;
};

// ---- editing through the UI ----

TEST_F(EditorApp, PlacesMovesEditsUndoesRedoesAndSavesWhatThePlayerRuns) {
    const ChildResult r = editor(R"(
# three instances dragged from the palette (placement snaps to the 32-unit grid)
place_prefab brick 96 160
place_prefab brick 224 160
place_prefab ball 352 224
expect_objects 68
# move the second brick with the Move tool's x arrow
click "Toolbar/Move"
click_world 224 160
expect_field Transform2D.position 224 160
drag_handle x 64 0
expect_field Transform2D.position 288 160
# a field typed into the inspector
set_field Brick.points 75
expect_field Brick.points 75
# undo the edit and the move, redo the move
key ctrl+z
key ctrl+z
expect_field Transform2D.position 224 160
key ctrl+y
expect_field Transform2D.position 288 160
expect_field Brick.points 10
save
expect_dirty false
print_hash
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(screenshot()));

    const Json saved = read_json(scene_file());
    ASSERT_EQ(saved["objects"].size(), 68u) << saved.dump(2);
    std::set<std::string> original_guids;
    for (const Json& o : m_original["objects"]) {
        original_guids.insert(o["guid"].get<std::string>());
        const Json* now = find_object(saved, o["guid"]);
        ASSERT_NE(now, nullptr) << o["name"];
        EXPECT_EQ(*now, o) << "an object the script did not touch changed";
    }
    std::multiset<std::string> placed;
    for (const Json& o : saved["objects"]) {
        if (original_guids.contains(o["guid"].get<std::string>())) continue;
        const Json& position = o["components"]["Transform2D"]["position"];
        placed.insert(o["prefab"].get<std::string>() + " " + position.dump());
        EXPECT_EQ(o["layer"], "world");
        EXPECT_EQ(o["components"].size(), 1u)
            << "only the position differs from the prefab: " << o.dump();
    }
    EXPECT_EQ(placed, (std::multiset<std::string>{"prefabs/brick.prefab.json [96.0,160.0]",
                                                  "prefabs/brick.prefab.json [288.0,160.0]",
                                                  "prefabs/ball.prefab.json [352.0,224.0]"}));

    const std::vector<std::string> printed = hashes(r.out);
    ASSERT_EQ(printed.size(), 1u) << r.out;
    const ChildResult p = player_hash(0);
    ASSERT_EQ(p.exit_code, 0) << describe(p);
    EXPECT_EQ(hashes(p.out), printed) << "the player loads a different state than the editor saved";
}

TEST_F(EditorApp, StepsMatchThePlayerAndStopRestoresTheScene) {
    std::string script = "print_hash\n";
    for (int i = 0; i < 10; ++i)
        script += "click \"Toolbar/Step\"\n";
    script +=
        "print_hash\nclick \"Toolbar/Stop\"\nprint_hash\n"
        "click \"Toolbar/Play\"\nwait 20\nclick \"Toolbar/Stop\"\nprint_hash\nexpect_dirty false\n";
    const ChildResult r = editor(script);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> printed = hashes(r.out);
    ASSERT_EQ(printed.size(), 4u) << r.out;
    EXPECT_NE(printed[1], printed[0]) << "ten ticks changed nothing";
    EXPECT_EQ(printed[2], printed[0]) << "Stop did not restore the scene";
    EXPECT_EQ(printed[3], printed[0]) << "Stop after Play did not restore the scene";

    const ChildResult p = player_hash(10);
    ASSERT_EQ(p.exit_code, 0) << describe(p);
    EXPECT_EQ(hashes(p.out), std::vector<std::string>{printed[1]})
        << "ten editor steps differ from ten player ticks";
}

TEST_F(EditorApp, BoxSelectDeleteAndUndoRestoresEverything) {
    const ChildResult r = editor(R"(
print_hash
# the wall of bricks and the score text lie inside this rectangle
drag_world -20 620 820 380
expect_selection 61
key delete
expect_objects 4
key ctrl+z
expect_objects 65
print_hash
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> printed = hashes(r.out);
    ASSERT_EQ(printed.size(), 2u) << r.out;
    EXPECT_EQ(printed[0], printed[1]);
}

TEST_F(EditorApp, HierarchyRenameReparentAndInspectorPropertiesGoThroughWidgets) {
    const ChildResult r = editor("select_guid " + kBrick00 + R"(
double_click "Hierarchy/)" + kBrick00 +
                                 R"("
key ctrl+a
type "Corner brick"
key enter
set_field Properties.values.hp 5
expect_field Properties.values.hp 5
# the ball's row dropped on the paddle's row makes the paddle its parent
drag "Hierarchy/)" + kBall + R"(" "Hierarchy/)" +
                                 kPaddle + R"("
menu "File/Save"
expect_dirty false
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const Json saved = read_json(scene_file());
    const Json* brick = find_object(saved, kBrick00);
    ASSERT_NE(brick, nullptr);
    EXPECT_EQ((*brick)["name"], "Corner brick");
    EXPECT_EQ((*brick)["components"]["Properties"]["values"]["hp"], 5) << brick->dump(2);
    const Json* ball = find_object(saved, kBall);
    ASSERT_NE(ball, nullptr);
    EXPECT_EQ((*ball)["parent"], kPaddle) << ball->dump(2);
}

// ---- safety ----

TEST_F(EditorApp, QuittingWithUnsavedChangesAsksFirst) {
    const ChildResult r = editor(R"(
place_prefab brick 96 160
quit
expect_modal "unsaved changes"
click "Unsaved/Cancel"
expect_objects 66
quit
click "Unsaved/Discard"
wait 100
expect_objects 0
)");
    // Discard quits before the rest of the script runs.
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(read_json(scene_file()), m_original) << "discarded changes were saved";
}

TEST_F(EditorApp, OpeningABrokenSceneKeepsTheOpenOne) {
    m_dir.write("bounce/scenes/broken.scene.json",
                R"({ "format": "diorama.scene", "version": 1, "objects": [ { )");
    const ChildResult r = editor(R"(
place_prefab brick 96 160
open_scene broken
expect_modal "unsaved changes"
click "Unsaved/Discard"
expect_modal "Could not open the scene"
expect_console "broken.scene.json"
click "Error/OK"
# nothing in memory was lost, and editing goes on
expect_objects 66
expect_dirty true
place_prefab ball 352 224
expect_objects 67
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(screenshot()));
}

TEST_F(EditorApp, CorruptStartupSceneOpensTheProjectOnANewSceneWithItsProblemsListed) {
    m_dir.write("bounce/scenes/level1.scene.json",
                "{ \"format\": \"diorama.scene\", \"objects\": [ {\"guid\": 12 ");
    const ChildResult r = editor(R"(
expect_modal "Could not open the startup scene"
expect_modal "level1.scene.json"
click "Error/OK"
expect_problem "error: scenes/level1.scene.json"
expect_objects 0
# the project is open: its prefabs can be placed
place_prefab ball 352 224
expect_objects 1
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(screenshot()));
}

TEST_F(EditorApp, MissingSpriteIsReportedAndDrawnAsAPlaceholder) {
    add_to_scene({Json::parse(R"({ "guid": "00000000000000a2", "name": "Picture", "layer": "world",
        "components": { "Transform2D": { "position": [200.0, 100.0] },
                        "Sprite": { "image": "sprites/missing.png", "size": [64.0, 64.0] } } })")});
    const ChildResult r = editor(R"(
expect_objects 66
expect_console "sprites/missing.png"
select_guid 00000000000000a2
expect_field Sprite.image sprites/missing.png
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(screenshot()));
}

TEST_F(EditorApp, MissingPrefabOpensAsAStandInAndTheEditorKeepsWorking) {
    add_to_scene({Json::parse(R"({ "guid": "00000000000000a1", "name": "Ghost", "layer": "world",
        "prefab": "prefabs/nope.prefab.json", "components": { "Transform2D": { "position": [100.0, 100.0] } } })")});
    const ChildResult r = editor(R"(
expect_objects 66
expect_console "nope.prefab.json"
expect_problem "objects[65].prefab: prefab \"prefabs/nope.prefab.json\" not found"
select_guid 00000000000000a1
expect_field Transform2D.position 100 100
place_prefab ball 352 224
expect_objects 67
screenshot )" + (m_dir.path() / "start.png").string() +
                                 R"(
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(m_dir.path() / "start.png"));
    EXPECT_TRUE(fs::exists(screenshot()));
}

// ---- File > Export ----

TEST_F(EditorApp, ExportsThroughTheDialogAndTheExportRunsWhatTheEditorShows) {
    const fs::path out = m_dir.path() / "shipped";
    const ChildResult r = editor(R"(
print_hash
menu "File/Export"
click "Export/path"
key ctrl+a
type ")" + out.string() + R"("
click "Export/compact"
click "Export/Export"
expect_modal "Export finished: 12 files written to )" +
                                 out.string() + R"("
screenshot )" + (m_dir.path() / "export-done.png").string() +
                                 R"(
click "Export/Close"
wait 2
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(m_dir.path() / "export-done.png"));
    const Json manifest = read_json(out / "export.json");
    EXPECT_EQ(manifest["compact"], true);
    EXPECT_EQ(manifest["project"]["name"], "BOUNCE");
    // The exported game, run from its folder with an empty environment, starts in the state the
    // editor showed and runs like the in-tree player.
    const auto run_exported = [&](const std::string& ticks) {
        return run_child("/usr/bin/env", {"-i", "PATH=/usr/bin:/bin", "/bin/sh", "-c",
                                          "cd \"$1\" && ./run.sh --ticks " + ticks + " --hash",
                                          "sh", out.string()});
    };
    const ChildResult at_start = run_exported("0");
    ASSERT_EQ(at_start.exit_code, 0) << describe(at_start);
    EXPECT_EQ(hashes(at_start.out), hashes(r.out));
    const ChildResult later = run_exported("300");
    const ChildResult in_tree = player_hash(300);
    ASSERT_EQ(later.exit_code, 0) << describe(later);
    EXPECT_EQ(hashes(later.out), hashes(in_tree.out));
    ASSERT_EQ(hashes(later.out).size(), 1u);
}

TEST_F(EditorApp, TheExportStepWaitsForTheEndAndAFolderInsideTheProjectIsRefused) {
    const fs::path out = m_dir.path() / "out";
    const fs::path inside = project() / "export";
    const ChildResult r = editor("export " + out.string() + " force\n" +
                                 "click \"Export/Close\"\n"
                                 "menu \"File/Export\"\n"
                                 "click \"Export/path\"\n"
                                 "key ctrl+a\n"
                                 "type \"" +
                                 inside.string() +
                                 "\"\n"
                                 "click \"Export/Export\"\n"
                                 "expect_modal \"Could not export\"\n"
                                 "expect_modal \"inside the project folder\"\n"
                                 "click \"Error/OK\"\n"
                                 "expect_console \"export: \"\n");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::is_regular_file(out / "run.sh"));
    EXPECT_FALSE(fs::exists(inside));
    // A broken scene stops the step with the file and JSON path of the problem.
    m_dir.write("bounce/scenes/broken.scene.json",
                R"({"format": "diorama.scene", "version": 1, "objects": [{"guid": "zz"}]})");
    const ChildResult broken = editor("export " + (m_dir.path() / "out2").string() + "\n");
    EXPECT_EQ(broken.exit_code, 1) << describe(broken);
    EXPECT_NE(broken.err.find("script.txt:1: export: exporting showed: Could not export: "
                              "error: scenes/broken.scene.json: objects[0].guid"),
              std::string::npos)
        << broken.err;
    EXPECT_FALSE(fs::exists(m_dir.path() / "out2"));
}

// ---- the headless runner itself ----

TEST_F(EditorApp, HeadlessRunsLeaveTheSettingsAlone) {
    const ChildResult r = editor("wait 2\n");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_FALSE(fs::exists(config_home())) << "a scripted run wrote the editor's settings";
}

TEST_F(EditorApp, AFailingStepNamesItsLineAndExitsNonZero) {
    const ChildResult r = editor("wait 1\nexpect_objects 3\nwait 1\n");
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_NE(r.err.find("script.txt:2: expect_objects"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::exists(screenshot())) << "the screenshot is written also when a step fails";
}

TEST_F(EditorApp, AMissingWidgetFailsWithWhatIsThere) {
    const ChildResult r = editor("click \"Toolbar/Fly\"\n");
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_NE(r.err.find("Toolbar/Play"), std::string::npos) << r.err;
}

TEST_F(EditorApp, ABadScriptIsAUsageError) {
    const ChildResult r = editor("wait 1\nteleport 1 2\n");
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("script.txt:2"), std::string::npos) << r.err;
}

// ---- playing: the game gets the keyboard ----

TEST(EditorPlay, KeysHeldInPlayModeDriveThePlatformerPlayer) {
    TempDir dir;
    const fs::path project = dir.path() / "platformer";
    fs::copy(kPlatformer, project, fs::copy_options::recursive);
    fs::remove_all(project / "game");
    dir.write("script.txt", "select_guid " + kPlatformerPlayer +
                                "\n"
                                // The editor's camera in Play: the player stays where it is
                                // on screen (the game's camera starts elsewhere).
                                "menu \"View/Game Camera in Play\"\n"
                                "click \"Toolbar/Play\"\n"
                                // The game gets the keys once the viewport was clicked; a click
                                // on an object also selects it, so click the player itself.
                                "click_world 64 80\n"
                                "expect_field Transform2D.position 64 80\n"
                                "key_down right\n"
                                "wait 10\n"
                                "expect_field Player.velocity 220 0\n"
                                "key_up right\n"
                                "wait 3\n"
                                "expect_field Player.velocity 0 0\n"
                                "expect_field Player.grounded true\n"
                                "key space\n"
                                "wait 3\n"
                                "expect_field Player.grounded false\n"
                                "click \"Toolbar/Stop\"\n"
                                "expect_field Transform2D.position 64 80\n");
    const ChildResult r = run_child(
        kEditor,
        {project.string(), "--script", (dir.path() / "script.txt").string(), "--size", "1600x900"},
        {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
         "XDG_CONFIG_HOME=" + (dir.path() / "config").string()},
        std::chrono::seconds(240));
    EXPECT_EQ(r.exit_code, 0) << describe(r);
}

// The Lua sample with its input script: the editor's Play ends in the player's state hash after
// 3600 ticks (the exported build's is checked against the same pinned hash by the export tests).
TEST(EditorScripts, TheLuaSampleWithItsInputEndsInThePlayersHash) {
    TempDir dir;
    const fs::path project = dir.path() / "platformer";
    fs::copy(kPlatformer, project, fs::copy_options::recursive);
    fs::remove_all(project / "game");
    const std::string input = (project / "input" / "level1.input.json").string();
    dir.write("script.txt", "replay_input \"" + input + "\"\nstep_ticks 3600\nprint_hash\n");
    const ChildResult r = run_child(
        kEditor,
        {project.string(), "--script", (dir.path() / "script.txt").string(), "--size", "1280x720"},
        {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
         "XDG_CONFIG_HOME=" + (dir.path() / "config").string()},
        std::chrono::seconds(240));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const ChildResult p = run_child(
        kPlayer, {"run", project.string(), "--input", input, "--ticks", "3600", "--hash"});
    ASSERT_EQ(p.exit_code, 0) << describe(p);
    ASSERT_EQ(hashes(r.out).size(), 1u) << describe(r);
    EXPECT_EQ(hashes(r.out), hashes(p.out)) << describe(r) << describe(p);
}

// The Lua sample: a number changed in a script on disk while the game runs changes the running
// game (Bat 1's clock runs four times as fast after the reload), with no restart.
TEST(EditorScripts, AScriptChangedOnDiskDuringPlayChangesTheRunningGame) {
    TempDir dir;
    const fs::path project = dir.path() / "platformer";
    fs::copy(kPlatformer, project, fs::copy_options::recursive);
    fs::remove_all(project / "game");
    const std::string bats = (project / "scripts" / "bats.lua").string();
    std::string script = "select_guid 52040ad1b3f5d5c0\n"; // Bat 1
    for (int i = 0; i < 10; ++i)
        script += "click \"Toolbar/Step\"\n";
    script += "expect_field Bat.time_s 0.1666667\n"
              "edit_file \"" +
              bats +
              "\" \"bat.time_s + dt\" \"bat.time_s + dt * 4\"\n"
              "wait 20\n"
              "expect_console \"reloaded scripts/bats.lua into the running game\"\n"
              "click \"Toolbar/Step\"\n"
              "expect_field Bat.time_s 0.2333333\n"
              "click \"Toolbar/Step\"\n"
              "expect_field Bat.time_s 0.3\n"
              "print_hash\n"
              "click \"Toolbar/Stop\"\n"
              "expect_field Bat.time_s 0\n";
    dir.write("script.txt", script);
    const fs::path shot = dir.path() / "shot.png";
    const ChildResult r =
        run_child(kEditor,
                  {project.string(), "--script", (dir.path() / "script.txt").string(), "--size",
                   "1600x900", "--screenshot", shot.string()},
                  {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                   "XDG_CONFIG_HOME=" + (dir.path() / "config").string()},
                  std::chrono::seconds(240));
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(hashes(r.out).size(), 1u) << describe(r);
    EXPECT_TRUE(fs::exists(shot));
}

TEST_F(EditorApp, FramesRunsExitAfterTheFrameCount) {
    const ChildResult r = run_child(
        kEditor, {project().string(), "--frames", "3", "--screenshot", screenshot().string()},
        {"SDL_VIDEODRIVER=offscreen", "XDG_CONFIG_HOME=" + config_home().string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(screenshot()));
    EXPECT_FALSE(fs::exists(config_home()));
}

TEST_F(EditorApp, TimingReportsTheOpenTimeAndEveryFrame) {
    const fs::path timing = m_dir.path() / "timing.txt";
    const ChildResult r =
        run_child(kEditor, {project().string(), "--frames", "5", "--timing", timing.string()},
                  {"SDL_VIDEODRIVER=offscreen", "XDG_CONFIG_HOME=" + config_home().string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const auto report = timing_report(timing);
    EXPECT_EQ(report.at("frames"), 4.0) << "the first of the 5 is reported on its own";
    EXPECT_GT(report.at("open_s"), 0.0);
    EXPECT_GT(report.at("open_cpu_s"), 0.0);
    EXPECT_GT(report.at("first_frame_wall_ms"), 0.0);
    EXPECT_GT(report.at("first_frame_cpu_ms"), 0.0);
    EXPECT_NEAR(report.at("ready_s"),
                report.at("open_s") + report.at("first_frame_wall_ms") / 1000.0, 0.002);
    EXPECT_GT(report.at("frame_wall_ms_max"), 0.0);
    EXPECT_LE(report.at("frame_cpu_ms_median"), report.at("frame_cpu_ms_p95"));
    EXPECT_LE(report.at("frame_cpu_ms_p95"), report.at("frame_cpu_ms_max"));
    // The viewport's share of the frames' CPU time: part of it, never more.
    EXPECT_GT(report.at("viewport_build_ms_max"), 0.0);
    EXPECT_GT(report.at("viewport_submit_ms_max"), 0.0);
    EXPECT_LE(report.at("viewport_build_ms_max"), report.at("frame_cpu_ms_max"));
    EXPECT_LE(report.at("viewport_submit_ms_median"), report.at("viewport_submit_ms_max"));
}

TEST_F(EditorApp, ResetTimingLeavesOnlyTheFramesAfterIt) {
    const fs::path timing = m_dir.path() / "timing.txt";
    m_dir.write("script.txt", "wait 20\nreset_timing\nwait 3\n");
    const ChildResult r =
        run_child(kEditor,
                  {project().string(), "--script", (m_dir.path() / "script.txt").string(),
                   "--timing", timing.string()},
                  {"SDL_VIDEODRIVER=offscreen", "XDG_CONFIG_HOME=" + config_home().string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const auto report = timing_report(timing);
    EXPECT_GE(report.at("frames"), 3.0);
    EXPECT_LT(report.at("frames"), 20.0);
}

} // namespace
