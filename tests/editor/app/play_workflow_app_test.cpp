// The Play workflow end to end on a copy of the platformer sample: the input a Play session's game
// received, saved from the Play menu, replays in diorama-player to the hash the editor printed;
// Keep Live Values copies a played object's values into the scene as one undo step.

#include "child_process.h"
#include "editor_run.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::Json;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::hashes;
using diorama::test::run_child;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
const std::string kPlayerGuid = "8c175f3adafb54a2"; // "Player" at (64, 80)

class PlayWorkflowApp : public diorama::test::SampleCopyApp {
protected:
    PlayWorkflowApp() : SampleCopyApp("platformer") {}
};

TEST_F(PlayWorkflowApp, TheRecordedInputReplaysInThePlayerToTheEditorsHash) {
    const fs::path input = m_dir.path() / "walk.input.json";
    const ChildResult r = editor(R"(
click "Toolbar/Play"
# the game's camera (at 1280 240) shows the level: a click in the viewport gives the game the
# keys, and the game gets the click
click_world 1280 240
key_down right
wait 25
mouse_move_world 1400 300
key_down space
wait 3
key_up space
wait 20
# paused: nothing ticks but Step; the clicks on the toolbar take the keys from the game until the
# viewport is clicked again
click "Toolbar/Pause"
click "Toolbar/Step"
click "Toolbar/Step"
click "Toolbar/Play"
click_world 1200 160
key_up right
key_down left
wait 15
key_up left
wait 5
click "Toolbar/Pause"
save_input ")" + input.string() + R"("
print_hash
click "Toolbar/Stop"
expect_dirty false
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    std::smatch saved;
    ASSERT_TRUE(
        std::regex_search(r.out, saved, std::regex(R"(input: (.+) \((\d+) events, (\d+) ticks\))")))
        << describe(r);
    EXPECT_EQ(saved[1].str(), input.string());
    EXPECT_GE(std::stoi(saved[2].str()), 8) << describe(r); // keys and mouse
    const std::string ticks = saved[3].str();
    EXPECT_GE(std::stoi(ticks), 60);
    ASSERT_EQ(hashes(r.out).size(), 1u) << describe(r);

    const ChildResult p = run_child(kPlayer, {"run", project().string(), "--input", input.string(),
                                              "--ticks", ticks, "--hash"});
    ASSERT_EQ(p.exit_code, 0) << describe(p);
    EXPECT_EQ(hashes(p.out), hashes(r.out)) << describe(r) << describe(p);
    // Without the input the game ends elsewhere: the recording is what made the state.
    const ChildResult idle =
        run_child(kPlayer, {"run", project().string(), "--ticks", ticks, "--hash"});
    EXPECT_NE(hashes(idle.out), hashes(r.out)) << describe(idle);
}

// A key the game got keeps belonging to the game until it is released: held on into Pause, its
// repeats do not nudge the selection (which would change the state the recording replays to).
TEST_F(PlayWorkflowApp, AKeyHeldFromPlayIntoPauseIsNoEditorShortcut) {
    const ChildResult r = editor(R"SCRIPT(
select_guid 1b70d58304ea4cb4
expect_field Transform2D.position 1250 -60
click "Toolbar/Play"
key_down right
wait 10
click "Toolbar/Pause"
wait 60
expect_field Transform2D.position 1250 -60
key_up right
# pressed again while paused, the arrow is the editor's: it nudges by a grid step
key right
expect_field Transform2D.position 1282 -60
)SCRIPT");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
}

TEST_F(PlayWorkflowApp, KeepLiveValuesCopiesThePlayedValuesIntoTheSceneAsOneUndoStep) {
    const ChildResult r = editor(R"SCRIPT(
select_guid 8c175f3adafb54a2
click "Toolbar/Play"
click_world 1280 240
key_down right
wait 60
key_up right
# the click selected what was under it: the player is the one to keep
select_guid 8c175f3adafb54a2
menu "Play/Keep Live Values of Selection"
expect_console "keep their values at Stop"
click "Toolbar/Stop"
expect_console "copied into the scene (one undo step)"
expect_dirty true
save_as scenes/kept
key ctrl+z
expect_field Transform2D.position 64 80
)SCRIPT");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    auto text = diorama::read_file(project() / "scenes" / "kept.scene.json", 16u << 20);
    ASSERT_TRUE(text);
    auto scene = diorama::parse_json(*text, "kept");
    ASSERT_TRUE(scene);
    const Json* player = nullptr;
    for (const Json& o : (*scene)["objects"])
        if (o["guid"] == kPlayerGuid) player = &o;
    ASSERT_NE(player, nullptr);
    const Json& position = (*player)["components"]["Transform2D"]["position"];
    EXPECT_GT(position[0].get<float>(), 80.0f) << position; // walked right
}

} // namespace
