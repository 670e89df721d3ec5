// diorama-editor end to end: a save that cannot be written always has a way out (the Could not
// save dialog: Save As, Retry, Cancel; nothing is lost, quitting waits), the inspector shows only
// the fields that apply, and a scene opens fitted in the viewport. The editor runs headless on
// temporary copies of the samples; write failures are real ones that also stop root: a folder in
// the path that is a regular file, a folder where the scene's file would go.

#include "child_process.h"
#include "editor_run.h"
#include "temp_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildProcess;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::hashes;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kEditor = DIORAMA_EDITOR_PATH;
const std::string kPlayer = DIORAMA_PLAYER_PATH;
const fs::path kSamples = fs::path(DIORAMA_SOURCE_DIR) / "projects";
constexpr auto kStart = std::chrono::seconds(180); // an editor's first output, under load
constexpr auto kRun = std::chrono::seconds(240);

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

class EditorSaveFit : public ::testing::Test {
protected:
    // A copy of a sample project (without its game sources: the built module is found by name).
    void copy_sample(const std::string& name) {
        ASSERT_FALSE(m_dir.path().empty());
        m_project = m_dir.path() / name;
        fs::copy(kSamples / name, m_project, fs::copy_options::recursive);
        fs::remove_all(m_project / "game");
    }
    [[nodiscard]] const fs::path& project() const { return m_project; }
    [[nodiscard]] fs::path shot(const std::string& name) const { return m_dir.path() / name; }
    [[nodiscard]] fs::path marker() const { return m_dir.path() / "cause-fixed"; }

    // The editor's arguments for a script (written to NAME.txt); the last frame to NAME.png.
    std::vector<std::string> args(const std::string& name, const std::string& script) {
        m_dir.write(name + ".txt", script);
        return {m_project.string(),
                "--script",
                (m_dir.path() / (name + ".txt")).string(),
                "--size",
                "1280x800",
                "--autosave-seconds",
                "0",
                "--screenshot",
                shot(name + ".png").string()};
    }
    [[nodiscard]] std::vector<std::string> env() const {
        return {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                "XDG_CONFIG_HOME=" + (m_dir.path() / "config").string()};
    }
    // The state hash diorama-player computes for a scene of the project.
    std::vector<std::string> player_hash(const std::string& scene) {
        const ChildResult r = run_child(
            kPlayer, {"run", m_project.string(), "--scene", scene, "--ticks", "0", "--hash"});
        EXPECT_EQ(r.exit_code, 0) << describe(r);
        return hashes(r.out);
    }

    TempDir m_dir;
    fs::path m_project;
};

// A Save As into "blocked/", a regular file: the Save As / Retry / Cancel question.
const std::string kSaveIntoBlocked = R"(
menu "File/Save As"
click "SaveAs/path"
key ctrl+a
type "blocked/level2"
click "SaveAs/Save"
expect_modal "Could not save: could not write"
)";

// ---- saving always has a way out ----

TEST_F(EditorSaveFit, ASaveThatFailsOffersSaveAsAndTheSceneIsWrittenThereWithEveryChange) {
    copy_sample("bounce");
    std::ofstream(project() / "blocked") << "a file, not a folder\n";
    const std::string original = slurp(project() / "scenes" / "level1.scene.json");
    const ChildResult r = run_child(kEditor, args("save_as", R"(
place_prefab brick 96 160
select_guid d6ef0dbd468d12b8
set_field Transform2D.position 300 40
print_hash
)" + kSaveIntoBlocked + R"(
expect_modal "nothing was lost"
screenshot )" + shot("save_failed.png").string() + R"(
expect_dirty true
click "SaveFailed/Save As"
expect_modal "Save Scene As"
click "SaveAs/path"
key ctrl+a
type "scenes/level2"
click "SaveAs/Save"
expect_dirty false
key ctrl+z
expect_field Transform2D.position 400 40
)"),
                                    env(), kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    ASSERT_EQ(hashes(r.out).size(), 1u) << describe(r);
    EXPECT_EQ(player_hash("level2"), hashes(r.out)) << "every change is in the file";
    EXPECT_EQ(slurp(project() / "scenes" / "level1.scene.json"), original);
    EXPECT_TRUE(fs::is_regular_file(project() / "blocked"));
    EXPECT_TRUE(fs::exists(shot("save_failed.png")));
}

TEST_F(EditorSaveFit, RetryWritesTheFileOnceTheCauseIsFixed) {
    copy_sample("bounce");
    std::ofstream(project() / "blocked") << "a file, not a folder\n";
    ChildProcess editor(kEditor, args("retry", R"(
place_prefab brick 96 160
)" + kSaveIntoBlocked + R"(
click "SaveFailed/Retry"
expect_modal "Could not save: could not write"
print_hash
wait_file )" + marker().string() + R"(
click "SaveFailed/Retry"
expect_dirty false
)"),
                        env());
    ASSERT_TRUE(editor.wait_for_output(kStart));
    fs::remove(project() / "blocked"); // the user makes room for the folder
    std::ofstream(marker()) << "done\n";
    const ChildResult r = editor.wait(kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    ASSERT_EQ(hashes(r.out).size(), 1u) << describe(r);
    ASSERT_TRUE(fs::exists(project() / "blocked" / "level2.scene.json"));
    EXPECT_EQ(player_hash("blocked/level2.scene.json"), hashes(r.out));
}

TEST_F(EditorSaveFit, QuittingWhenTheSaveFailsKeepsTheEditorOpenWithTheChanges) {
    copy_sample("bounce");
    // Where a new scene is saved, a folder with a file in it: no file can be written there.
    m_dir.write("bounce/scenes/untitled.scene.json/keep.txt", "a folder, not a file\n");
    const ChildResult r = run_child(kEditor, args("quit", R"(
menu "File/New Scene"
place_prefab brick 96 160
print_hash
quit
click "Unsaved/Save"
click "Replace/Overwrite"
expect_modal "Could not save: could not write"
screenshot )" + shot("quit_failed.png").string() + R"(
expect_dirty true
expect_objects 1
click "SaveFailed/Save As"
click "SaveAs/path"
key ctrl+a
type "scenes/kept"
click "SaveAs/Save"
expect_dirty false
quit
)"),
                                    env(), kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    ASSERT_EQ(hashes(r.out).size(), 1u) << describe(r);
    EXPECT_EQ(player_hash("kept"), hashes(r.out));
    EXPECT_TRUE(fs::exists(project() / "scenes" / "untitled.scene.json" / "keep.txt"));
}

// ---- a scene opens fitted ----

// The platformer's level is 3200 units wide (its bedrock): objects at its far corners are under
// the mouse from the first frames, and the view shows at most 100%.
TEST_F(EditorSaveFit, ThePlatformerOpensWithTheWholeLevelInView) {
    copy_sample("platformer");
    const ChildResult r = run_child(kEditor, args("fit", R"(
screenshot )" + shot("platformer_open.png").string() + R"(
click_world -300 -380
expect_selection 1
expect_field Transform2D.position 1280 -200
click_world 2860 -380
expect_field Transform2D.position 1280 -200
click_world 2200 520
expect_field Transform2D.position 2200 520
click_world 64 80
expect_field Transform2D.position 64 80
)"),
                                    env(), kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(shot("platformer_open.png")));
}

// ---- the inspector shows the fields that apply ----

// The platformer's moon is a circle: its Shape shows a radius and no size; made a rect, the
// reverse. The size it had is kept.
TEST_F(EditorSaveFit, TheInspectorShowsOnlyTheShapeFieldsOfItsKind) {
    copy_sample("platformer");
    const ChildResult r = run_child(kEditor, args("inspector", R"(
click_world 2200 520
expect_field Shape.kind circle
hover "Inspector/Shape/radius"
screenshot )" + shot("circle_inspector.png").string() + R"(
set_field Shape.kind rect
hover "Inspector/Shape/size.x"
screenshot )" + shot("rect_inspector.png").string() + R"(
)"),
                                    env(), kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const ChildResult hidden = run_child(kEditor, args("inspector_hidden", R"(
click_world 2200 520
hover "Inspector/Shape/size.x"
)"),
                                         env(), kRun);
    EXPECT_NE(hidden.exit_code, 0) << "a circle has no size row";
    EXPECT_NE((hidden.out + hidden.err).find("Inspector/Shape/size.x"), std::string::npos)
        << describe(hidden);
}

} // namespace
