// diorama-editor end to end on a project with broken files: a scene using a prefab that is
// missing and a component type that does not exist opens, the Problems tab lists both (with the
// player's check messages and JSON paths), a click selects the object, and saving writes the
// kept data back byte for byte.

#include "child_process.h"
#include "editor_run.h"
#include "temp_dir.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::Json;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kEditor = DIORAMA_EDITOR_PATH;
const std::string kPlayer = DIORAMA_PLAYER_PATH;
const fs::path kBounce = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
const std::string kPaddle = "d6ef0dbd468d12b8"; // objects[3], at (400, 40)
const std::string kBall = "457572ac130b82a5";   // objects[4], at (400, 56)

std::string read_text(const fs::path& file) {
    auto text = diorama::read_file(file, 64u << 20);
    return text ? *text : std::string();
}

class ProblemsApp : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(m_dir.path().empty());
        fs::copy(kBounce, project(), fs::copy_options::recursive);
        fs::remove_all(project() / "game");
        auto scene = diorama::parse_json(read_text(scene_file()), "level1");
        ASSERT_TRUE(scene.ok());
        Json& objects = (*scene)["objects"];
        ASSERT_EQ(objects[3]["guid"], kPaddle);
        ASSERT_EQ(objects[4]["guid"], kBall);
        objects[3]["components"]["Veloctiy"] = Json::parse(R"({"linear": [1.0, 2.0]})");
        objects[4]["prefab"] = "prefabs/bal.prefab.json";
        // In the form a save writes, so an unchanged save gives the same bytes.
        m_broken = diorama::to_pretty_json(*scene);
        m_dir.write("bounce/scenes/level1.scene.json", m_broken);
    }

    [[nodiscard]] fs::path project() const { return m_dir.path() / "bounce"; }
    [[nodiscard]] fs::path scene_file() const { return project() / "scenes" / "level1.scene.json"; }
    [[nodiscard]] fs::path screenshot() const { return m_dir.path() / "shot.png"; }

    ChildResult editor(const std::string& script) {
        m_dir.write("script.txt", script);
        return run_child(kEditor,
                         {project().string(), "--script", (m_dir.path() / "script.txt").string(),
                          "--size", "1600x900", "--screenshot", screenshot().string()},
                         {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                          "XDG_CONFIG_HOME=" + (m_dir.path() / "config").string()},
                         std::chrono::seconds(240));
    }

    TempDir m_dir;
    std::string m_broken;
};

TEST_F(ProblemsApp, AMissingPrefabAndAnUnknownComponentOpenListedAndSaveBackByteForByte) {
    const ChildResult r = editor(R"(
# the scene opens with every object, the stand-in included
expect_objects 65
expect_problem "warning: scenes/level1.scene.json: objects[3].components.Veloctiy: unknown component type \"Veloctiy\" is kept as is; did you mean \"Velocity\"?"
expect_problem "error: scenes/level1.scene.json: objects[4].prefab: prefab \"prefabs/bal.prefab.json\" not found (or it has errors); did you mean \"prefabs/ball.prefab.json\"?"
click "Bottom/Problems"
# the error selects the ball's stand-in, where the file puts it
click "Problems/1"
expect_selection 1
expect_field Transform2D.position 400 56
# the warning selects the paddle and opens its kept component
click "Problems/0"
expect_selection 1
expect_field Transform2D.position 400 40
click "Inspector/Veloctiy/header"
# the stand-in's inspector says what is missing and shows the data kept
select_guid 457572ac130b82a5
hover "Inspector/MissingPrefab"
screenshot )" + (m_dir.path() / "stand_in.png").string() +
                                 R"(
# Check Project reports the same problems as diorama-player check
click "Problems/Check"
expect_console "check BOUNCE: 1 error, 1 warning"
key ctrl+s
expect_dirty false
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(screenshot()));
    EXPECT_EQ(read_text(scene_file()), m_broken);
}

TEST_F(ProblemsApp, AMovedStandInSavesItsNewPlaceAndKeepsTheRest) {
    const ChildResult r = editor(R"(
expect_objects 65
select_guid 457572ac130b82a5
set_field Transform2D.position 320 96
save
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    auto saved = diorama::parse_json(read_text(scene_file()), "saved");
    ASSERT_TRUE(saved.ok());
    const Json* ball = nullptr;
    for (const Json& o : (*saved)["objects"])
        if (o["guid"] == kBall) ball = &o;
    ASSERT_NE(ball, nullptr);
    EXPECT_EQ((*ball)["prefab"], "prefabs/bal.prefab.json");
    EXPECT_EQ((*ball)["components"]["Transform2D"]["position"], Json::parse("[320.0, 96.0]"));
    // The player still refuses the scene until the prefab is fixed: nothing was hidden.
    const ChildResult check = run_child(kPlayer, {"check", project().string()});
    EXPECT_EQ(check.exit_code, 1) << describe(check);
    EXPECT_NE(check.out.find("did you mean \"prefabs/ball.prefab.json\"?"), std::string::npos)
        << describe(check);
}

} // namespace
