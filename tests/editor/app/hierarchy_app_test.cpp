// diorama-editor end to end: the hierarchy's drag to reorder, its rows following an object moved
// to another layer, and its filter by component type, through SDL events and ImGui's drag and
// drop on a copy of projects/bounce; the order is checked in the saved file and again after the
// scene is reopened in a second run.

#include "child_process.h"
#include "editor_run.h"
#include "temp_dir.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::Json;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kEditor = DIORAMA_EDITOR_PATH;
const fs::path kBounce = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
const std::string kPaddle = "d6ef0dbd468d12b8";
const std::string kBall = "457572ac130b82a5";
const std::string kBrick00 = "9fe03f1750b80c51";
const std::string kBrick10 = "967894174b2e930e";
const std::string kCamera = "4de5af8c4d50966f";

class HierarchyApp : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(m_dir.path().empty());
        fs::copy(kBounce, project(), fs::copy_options::recursive);
        fs::remove_all(project() / "game");
    }

    [[nodiscard]] fs::path project() const { return m_dir.path() / "bounce"; }
    [[nodiscard]] fs::path scene_file() const { return project() / "scenes" / "level1.scene.json"; }
    [[nodiscard]] fs::path shot(const std::string& name) const { return m_dir.path() / name; }

    ChildResult editor(const std::string& script, const std::string& screenshot) {
        m_dir.write("script.txt", script);
        return run_child(kEditor,
                         {project().string(), "--script", (m_dir.path() / "script.txt").string(),
                          "--size", "1600x900", "--screenshot", shot(screenshot).string()},
                         {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                          "XDG_CONFIG_HOME=" + (m_dir.path() / "config").string()},
                         std::chrono::seconds(240));
    }

    // The guids of the saved scene's objects on a layer, in file order.
    [[nodiscard]] std::vector<std::string> saved_order(const std::string& layer) const {
        std::vector<std::string> out;
        auto text = diorama::read_file(scene_file(), 64u << 20);
        if (!text) return out;
        auto scene = diorama::parse_json(*text, "scene");
        if (!scene) return out;
        for (const Json& o : (*scene)["objects"])
            if (o["layer"] == layer) out.push_back(o["guid"].get<std::string>());
        return out;
    }

    TempDir m_dir;
};

TEST_F(HierarchyApp, DraggedRowsReorderSiblingsAndTheOrderIsSavedAndReopened) {
    const std::vector<std::string> original = saved_order("world");
    ASSERT_GE(original.size(), 4u);
    ASSERT_EQ(std::vector<std::string>(original.begin(), original.begin() + 4),
              (std::vector<std::string>{kPaddle, kBall, kBrick00, kBrick10}));
    // Ball onto the upper quarter of the Paddle's row: before it; Paddle onto the lower quarter of
    // Brick 0,0's row: after it. Dropping on a row's middle still reparents (tested elsewhere).
    ChildResult r = editor(R"(drag "Hierarchy/)" + kBall + R"(" "Hierarchy/)" + kPaddle + R"(" above
drag "Hierarchy/)" + kPaddle + R"(" "Hierarchy/)" +
                               kBrick00 + R"(" below
expect_dirty true
key ctrl+z
key ctrl+y
screenshot )" + shot("reordered.png").string() +
                               R"(
save
)",
                           "first.png");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    std::vector<std::string> saved = saved_order("world");
    ASSERT_GE(saved.size(), 4u);
    EXPECT_EQ(std::vector<std::string>(saved.begin(), saved.begin() + 4),
              (std::vector<std::string>{kBall, kBrick00, kPaddle, kBrick10}));
    EXPECT_EQ(saved.size(), original.size());

    // Reopened: the rows come in the saved order, so a drop relative to them lands as expected.
    r = editor(R"(drag "Hierarchy/)" + kBrick10 + R"(" "Hierarchy/)" + kBall + R"(" above
save
)",
               "reopened.png");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    saved = saved_order("world");
    ASSERT_GE(saved.size(), 4u);
    EXPECT_EQ(std::vector<std::string>(saved.begin(), saved.begin() + 4),
              (std::vector<std::string>{kBrick10, kBall, kBrick00, kPaddle}));
}

TEST_F(HierarchyApp, TheFilterKeepsObjectsWithAComponentTypeAndTheirAncestors) {
    // The ball dropped on the paddle's middle becomes its child; filtering by the Ball type shows
    // the ball under its parent (shown greyed, as context). Type and text words combine.
    const ChildResult r = editor(R"(drag "Hierarchy/)" + kBall + R"(" "Hierarchy/)" + kPaddle +
                                     R"("
click "Hierarchy/filter"
type "t:ball"
hover "Hierarchy/)" + kBall + R"("
hover "Hierarchy/)" + kPaddle + R"("
screenshot )" + shot("filtered.png").string() +
                                     R"(
key ctrl+a
type "t:Shape t:properties Brick 0,0"
hover "Hierarchy/)" + kBrick00 + R"("
)",
                                 "filter.png");
    ASSERT_EQ(r.exit_code, 0) << describe(r);

    // A row the filter leaves out is not on screen: hovering it fails, naming what is there.
    const ChildResult hidden = editor(R"(click "Hierarchy/filter"
type "t:Camera2D"
hover "Hierarchy/)" + kBall + R"("
)",
                                      "hidden.png");
    EXPECT_NE(hidden.exit_code, 0) << describe(hidden);
    EXPECT_NE((hidden.out + hidden.err).find(kCamera), std::string::npos) << describe(hidden);
}

TEST_F(HierarchyApp, AnObjectDroppedOnAnotherLayerIsListedUnderItAtOnce) {
    // The rows are kept between frames while the tree stays the same; moving a root to another
    // layer changes only its layer, and the rows must follow. With the world layer folded, the
    // ball's row is on screen only if it is listed under the background layer.
    const ChildResult moved = editor(R"(drag "Hierarchy/)" + kBall +
                                         R"(" "Hierarchy/Layer/background"
click "Hierarchy/Layer/world"
hover "Hierarchy/)" + kBall + R"("
)",
                                     "moved.png");
    ASSERT_EQ(moved.exit_code, 0) << describe(moved);

    const ChildResult folded = editor(R"(click "Hierarchy/Layer/world"
hover "Hierarchy/)" + kBall + R"("
)",
                                      "folded.png");
    EXPECT_NE(folded.exit_code, 0) << "the ball is on the folded world layer: " << describe(folded);
}

} // namespace
