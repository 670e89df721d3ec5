// diorama-editor end to end: nobody's work is silently overwritten. The editor runs headless
// (SDL's offscreen driver) on a temporary copy of projects/bounce while the test plays the other
// program: it changes the scene file, runs a second editor on the same project, moves the project
// folder, or hangs up the terminal (SIGHUP). A script waits for the test with `wait_file`, and
// answers the dialogs as a user would.

#include "child_process.h"
#include "editor_run.h"
#include "temp_dir.h"

#include <gtest/gtest.h>

#include <csignal>
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
const fs::path kBounce = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
constexpr auto kStart = std::chrono::seconds(180); // an editor's first output, under load
constexpr auto kRun = std::chrono::seconds(240);

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

class EditorOnDisk : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(m_dir.path().empty());
        fs::copy(kBounce, project(), fs::copy_options::recursive);
        fs::remove_all(project() / "game");
        m_original = slurp(scene_file());
        m_external = m_original;
        const std::string from = "\"name\": \"Camera\"";
        ASSERT_NE(m_external.find(from), std::string::npos);
        m_external.replace(m_external.find(from), from.size(),
                           "\"name\": \"Camera (edited elsewhere)\"");
    }

    [[nodiscard]] fs::path project() const { return m_dir.path() / "bounce"; }
    [[nodiscard]] fs::path scene_file() const { return project() / "scenes" / "level1.scene.json"; }
    [[nodiscard]] fs::path recovery_file() const {
        return project() / ".diorama" / "recovery" / "scenes" / "level1.scene.json";
    }
    [[nodiscard]] fs::path marker() const { return m_dir.path() / "other-program-done"; }
    [[nodiscard]] fs::path shot(const std::string& name) const { return m_dir.path() / name; }

    // The editor's arguments for a script (written to NAME.txt).
    std::vector<std::string> args(const std::string& name, const std::string& script,
                                  const std::string& autosave = "0") {
        m_dir.write(name + ".txt", script);
        return {project().string(), "--script",     (m_dir.path() / (name + ".txt")).string(),
                "--size",           "1280x800",     "--autosave-seconds",
                autosave,           "--screenshot", shot(name + ".png").string()};
    }
    [[nodiscard]] std::vector<std::string> env() const {
        return {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                "XDG_CONFIG_HOME=" + (m_dir.path() / "config").string()};
    }
    // The state hash diorama-player computes for a project's scene.
    std::vector<std::string> player_hash(const fs::path& folder, const std::string& scene) {
        const ChildResult r = run_child(
            kPlayer, {"run", folder.string(), "--scene", scene, "--ticks", "0", "--hash"});
        EXPECT_EQ(r.exit_code, 0) << describe(r);
        return hashes(r.out);
    }
    // The other program is done: the waiting script goes on.
    void done_elsewhere() const { std::ofstream(marker()) << "done\n"; }

    TempDir m_dir;
    std::string m_original;
    std::string m_external;
};

// ---- the scene changed on disk by another program ----

using ReliabilityExternalChange = EditorOnDisk;

TEST_F(ReliabilityExternalChange, RegainingFocusAndSavingAskAndOverwriteKeepsTheOtherVersion) {
    ChildProcess editor(kEditor,
                        args("editor", R"(
place_prefab brick 96 160
print_hash
wait_file )" + marker().string() + R"(
focus_window
expect_modal "Changed on disk: scenes/level1.scene.json was changed on disk by another program"
screenshot )" + shot("changed_on_disk.png").string() +
                                           R"(
click "Changed/Cancel"
expect_dirty true
save overwrite
expect_console "is kept as scenes/level1.scene.json.external-"
)"),
                        env());
    ASSERT_TRUE(editor.wait_for_output(kStart));
    std::ofstream(scene_file(), std::ios::binary | std::ios::trunc) << m_external;
    done_elsewhere();
    const ChildResult r = editor.wait(kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> mine = hashes(r.out);
    ASSERT_EQ(mine.size(), 1u) << describe(r);

    std::vector<fs::path> kept;
    for (const auto& entry : fs::directory_iterator(project() / "scenes"))
        if (entry.path().filename().string().starts_with("level1.scene.json.external-"))
            kept.push_back(entry.path());
    ASSERT_EQ(kept.size(), 1u);
    EXPECT_EQ(slurp(kept[0]), m_external) << "the other program's version, kept whole";
    EXPECT_EQ(slurp(scene_file().string() + ".1"), m_external);
    EXPECT_EQ(player_hash(project(), "level1"), mine) << "the file holds the editor's scene";
    EXPECT_TRUE(fs::exists(shot("changed_on_disk.png")));
}

TEST_F(ReliabilityExternalChange, ReloadDropsTheEditsAndOpensTheOtherVersion) {
    ChildProcess editor(kEditor, args("editor", R"(
place_prefab brick 96 160
print_hash
wait_file )" + marker().string() + R"(
save reload
expect_objects 65
print_hash
)"),
                        env());
    ASSERT_TRUE(editor.wait_for_output(kStart));
    std::ofstream(scene_file(), std::ios::binary | std::ios::trunc) << m_external;
    done_elsewhere();
    const ChildResult r = editor.wait(kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> printed = hashes(r.out);
    ASSERT_EQ(printed.size(), 2u) << describe(r);
    EXPECT_EQ(slurp(scene_file()), m_external) << "nothing was written";
    EXPECT_EQ(player_hash(project(), "level1"), std::vector<std::string>{printed[1]});
}

// ---- two editors on one project ----

using ReliabilityEditorLock = EditorOnDisk;

TEST_F(ReliabilityEditorLock, ASecondEditorOpensReadOnlyAndLeavesTheFirstOnesAutosaveAlone) {
    ChildProcess first(kEditor,
                       args("first", R"(
place_prefab brick 96 160
wait 90
expect_console "autosaved to .diorama/recovery/scenes/level1.scene.json"
print_hash
wait 90000
)",
                            "1"),
                       env());
    ASSERT_TRUE(first.wait_for_output(kStart));
    ASSERT_TRUE(fs::exists(recovery_file()));
    const std::string autosaved = slurp(recovery_file());

    const ChildResult second = run_child(kEditor,
                                         args("second",
                                              R"(
expect_modal "Project open in another editor: BOUNCE (pid )" +
                                                  std::to_string(first.pid()) + R"( on "
screenshot )" + shot("open_elsewhere.png").string() +
                                                  R"(
click "Elsewhere/Read-only"
hover "Menu/access"
place_prefab brick 32 160
key ctrl+s
expect_modal "Could not save"
expect_modal "open in another editor"
click "Error/OK"
wait 90
quit
click "Unsaved/Discard"
)",
                                              "1"),
                                         env(), kRun);
    ASSERT_EQ(second.exit_code, 0) << describe(second);
    EXPECT_EQ(second.err.find("autosaved"), std::string::npos) << describe(second);
    EXPECT_EQ(slurp(recovery_file()), autosaved) << "the first editor's live autosave stays";
    EXPECT_EQ(slurp(scene_file()), m_original);

    first.send_signal(SIGTERM);
    const ChildResult ended = first.wait(std::chrono::seconds(60));
    EXPECT_EQ(ended.exit_code, 0) << describe(ended);
    EXPECT_TRUE(fs::exists(recovery_file())) << "its unsaved changes, kept for its next start";
    EXPECT_FALSE(fs::exists(project() / ".diorama" / "lock")) << "both released the lock";
}

// ---- Save As onto an existing scene ----

using ReliabilitySaveAs = EditorOnDisk;

TEST_F(ReliabilitySaveAs, SaveAsOntoAnExistingSceneAsksAndCancelWritesNothing) {
    const fs::path level2 = project() / "scenes" / "level2.scene.json";
    std::ofstream(level2, std::ios::binary) << m_external;
    const ChildResult r = run_child(kEditor, args("editor", R"(
place_prefab brick 96 160
print_hash
menu "File/Save As"
click "SaveAs/path"
key ctrl+a
type "scenes/level2"
click "SaveAs/Save"
expect_modal "Replace the file?: scenes/level2.scene.json already exists"
screenshot )" + shot("replace.png").string() + R"(
click "Replace/Cancel"
expect_dirty true
save_as scenes/level2 cancel
expect_dirty true
save_as scenes/level2 overwrite
expect_dirty false
)"),
                                    env(), kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(slurp(level2.string() + ".1"), m_external) << "the replaced file is the backup";
    EXPECT_EQ(slurp(scene_file()), m_original);
    EXPECT_EQ(player_hash(project(), "level2"), hashes(r.out));
}

// ---- the project folder renamed while open ----

using ReliabilityProjectMoved = EditorOnDisk;

TEST_F(ReliabilityProjectMoved, SavingAfterTheFolderWasRenamedRefusesAndSaveAsWritesTheNewPlace) {
    const fs::path moved = m_dir.path() / "bounce-renamed";
    ChildProcess editor(kEditor,
                        args("editor", R"(
place_prefab brick 96 160
print_hash
wait_file )" + marker().string() + R"(
key ctrl+s
expect_modal "Project folder moved: the project folder )" +
                                           project().string() + R"( is no longer there"
screenshot )" + shot("moved.png").string() +
                                           R"(
expect_dirty true
click "Moved/Save As"
expect_modal "Save Scene As (the project folder moved"
click "SaveAs/Save"
expect_modal "Replace the file?: )" + (moved / "scenes" / "level1.scene.json").string() +
                                           R"("
click "Replace/Overwrite"
expect_dirty false
)"),
                        env());
    ASSERT_TRUE(editor.wait_for_output(kStart));
    fs::rename(project(), moved);
    done_elsewhere();
    const ChildResult r = editor.wait(kRun);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_FALSE(fs::exists(project())) << "the old path is not recreated";
    EXPECT_EQ(player_hash(moved, "level1"), hashes(r.out)) << "saved where the user chose";
    EXPECT_FALSE(fs::exists(moved / ".diorama")) << "the lock went with the folder, and away";
}

// ---- SIGHUP ----

using ReliabilityEditorSignals = EditorOnDisk;

TEST_F(ReliabilityEditorSignals, SighupWithUnsavedChangesKeepsThemForTheNextStart) {
    ChildProcess editor(
        kEditor, args("dirty", "place_prefab brick 96 160\nprint_hash\nwait 90000\n"), env());
    ASSERT_TRUE(editor.wait_for_output(kStart));
    editor.send_signal(SIGHUP);
    const ChildResult r = editor.wait(std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_NE(r.err.find("SIGHUP: shutting down"), std::string::npos) << describe(r);
    ASSERT_TRUE(fs::exists(recovery_file())) << describe(r);
    EXPECT_EQ(slurp(scene_file()), m_original);

    const ChildResult next = run_child(kEditor, args("next", R"(
click "Recovery/Restore"
expect_objects 66
print_hash
)"),
                                       env(), kRun);
    ASSERT_EQ(next.exit_code, 0) << describe(next);
    EXPECT_EQ(hashes(next.out), hashes(r.out));
}

} // namespace
