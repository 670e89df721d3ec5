// diorama-editor end to end, picking in the viewport: the BOUNCE arena (an unfilled 800 x 600
// rectangle centred on (400, 300)) is picked on its outline only, so a drag inside it box-selects;
// Alt+click cycles through the objects under the cursor; a click during Play or Pause selects
// and the game still gets the mouse.

#include "child_process.h"
#include "editor_run.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::describe;

const std::string kArena = "19cd55c68ea84c5f";

class PickingApp : public diorama::test::SampleCopyApp {
protected:
    PickingApp() : SampleCopyApp("bounce") {}

    [[nodiscard]] std::string shot(const std::string& name) const {
        const char* keep = std::getenv("DIORAMA_TEST_SHOTS"); // a folder to look at them later
        return ((keep != nullptr ? fs::path(keep) : m_dir.path()) / name).string();
    }
};

TEST_F(PickingApp, ADragInsideTheArenaBoxSelectsAndOnItsOutlineMovesIt) {
    const ChildResult r = editor(R"(
# the open middle of the arena picks nothing; its outline picks it
click_world 200 200
expect_selection 0
click_world 1 300
expect_selection 1
expect_field Transform2D.position 400 300
# from inside the selected arena, a drag box-selects the paddle and the ball; the arena stays
drag_world 300 100 500 20
expect_selection 2
expect_dirty false
select_guid )" + kArena + R"(
expect_field Transform2D.position 400 300
# a drag that starts on the outline moves it (its position snaps to the 32-unit grid)
drag_world 0 300 70 300
expect_selection 1
expect_field Transform2D.position 480 288
expect_dirty true
)");
    EXPECT_EQ(r.exit_code, 0) << describe(r);
}

TEST_F(PickingApp, AltClickCyclesThroughTheObjectsUnderTheCursor) {
    const ChildResult r = editor(R"(
place_prefab brick 64 160
place_prefab ball 64 160
# a click takes the topmost (the ball); Alt+click the one below, then wraps (not the arena)
click_world 64 160
expect_field Ball.speed 300
click_world 64 160 left alt
expect_field Brick.points 10
click_world 64 160 left alt
expect_field Ball.speed 300
click_world 64 160 left alt
expect_field Brick.points 10
# dragging there moves the object Alt+click chose, not the ball above it
drag_world 64 160 64 224
expect_field Brick.points 10
expect_field Transform2D.position 64 224
click_world 64 160
expect_field Ball.speed 300
expect_field Transform2D.position 64 160
)");
    EXPECT_EQ(r.exit_code, 0) << describe(r);
}

TEST_F(PickingApp, ClicksDuringPlayAndPauseSelectAndTheGameKeepsTheMouse) {
    const ChildResult r = editor(R"(
click "Toolbar/Play"
wait 5
# the paddle: the click selects it, and the game got the mouse (the paddle follows it)
click_world 400 40
expect_selection 1
expect_field Paddle.follow_mouse true
mouse_move_world 790 40
wait 5
expect_field Transform2D.position 750 40
screenshot )" + shot("play_selected.png") +
                                 R"(
# a click on nothing leaves the selection to the game's own clicks
click_world 830 300
expect_selection 1
expect_field Transform2D.position 750 40
click "Toolbar/Pause"
click_world 58 540
expect_selection 1
expect_field Transform2D.position 58 540
expect_field Brick.points 20
click_world 200 250
expect_selection 0
click "Toolbar/Stop"
)");
    EXPECT_EQ(r.exit_code, 0) << describe(r);
}

} // namespace
