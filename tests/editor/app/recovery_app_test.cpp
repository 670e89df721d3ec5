// diorama-editor end to end: autosave, a SIGKILL, and the recovery offered at the next start;
// SIGTERM as a clean shutdown; scripted runs leaving no recovery file behind. The editor runs
// headless (SDL's offscreen driver) on a temporary copy of projects/bounce; with --autosave-seconds
// 1 and time advancing 1/60 s per frame, a script autosaves after 60 frames.

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
const fs::path kBounce = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

class EditorRecovery : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(m_dir.path().empty());
        fs::copy(kBounce, project(), fs::copy_options::recursive);
        fs::remove_all(project() / "game");
        m_original = slurp(scene_file());
    }

    [[nodiscard]] fs::path project() const { return m_dir.path() / "bounce"; }
    [[nodiscard]] fs::path scene_file() const { return project() / "scenes" / "level1.scene.json"; }
    [[nodiscard]] fs::path recovery_file() const {
        return project() / ".diorama" / "recovery" / "scenes" / "level1.scene.json";
    }
    [[nodiscard]] fs::path shot(const std::string& name) const { return m_dir.path() / name; }

    // The editor's arguments and environment for a script (written to NAME.txt).
    std::vector<std::string> args(const std::string& name, const std::string& script,
                                  const std::string& autosave = "1") {
        m_dir.write(name + ".txt", script);
        return {project().string(), "--script",     (m_dir.path() / (name + ".txt")).string(),
                "--size",           "1280x800",     "--autosave-seconds",
                autosave,           "--screenshot", shot(name + ".png").string()};
    }
    [[nodiscard]] std::vector<std::string> env() const {
        return {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                "XDG_CONFIG_HOME=" + (m_dir.path() / "config").string()};
    }
    TempDir m_dir;
    std::string m_original;
};

// A script that edits, waits past the autosave interval, prints the hash, then idles until killed.
const char* kEditThenIdle = R"(
place_prefab brick 96 160
select_guid 457572ac130b82a5
set_field Transform2D.position 200 120
wait 90
expect_console "autosaved to .diorama/recovery/scenes/level1.scene.json"
print_hash
wait 90000
)";

TEST_F(EditorRecovery, AfterSigkillTheNextStartOffersTheAutosaveAndRestoresItsExactState) {
    ChildProcess first(kEditor, args("first", kEditThenIdle), env());
    ASSERT_TRUE(first.wait_for_output(std::chrono::seconds(180)));
    first.send_signal(SIGKILL);
    const ChildResult killed = first.wait(std::chrono::seconds(30));
    ASSERT_EQ(killed.signal, SIGKILL) << describe(killed);
    const std::vector<std::string> autosaved = hashes(killed.out);
    ASSERT_EQ(autosaved.size(), 1u) << describe(killed);
    ASSERT_TRUE(fs::exists(recovery_file())) << describe(killed);
    EXPECT_EQ(slurp(scene_file()), m_original) << "autosave never writes over the scene";

    const ChildResult second = run_child(kEditor,
                                         args("second", R"(
expect_modal "Recover unsaved changes"
expect_modal "\"level1\" has changes that were autosaved"
screenshot )" + shot("recovery_modal.png").string() + R"(
click "Recovery/Restore"
expect_dirty true
expect_objects 66
print_hash
)",
                                              "0"),
                                         env(), std::chrono::seconds(240));
    ASSERT_EQ(second.exit_code, 0) << describe(second);
    const std::vector<std::string> restored = hashes(second.out);
    ASSERT_EQ(restored.size(), 1u) << describe(second);
    EXPECT_EQ(restored[0], autosaved[0]) << "restoring gives exactly the autosaved state";
    EXPECT_TRUE(fs::exists(shot("recovery_modal.png")));
    EXPECT_EQ(slurp(scene_file()), m_original);
}

TEST_F(EditorRecovery, DiscardDeletesTheRecoveryCopyAndTheNextStartHasNoPrompt) {
    ChildProcess first(kEditor, args("first", kEditThenIdle), env());
    ASSERT_TRUE(first.wait_for_output(std::chrono::seconds(180)));
    first.send_signal(SIGKILL);
    ASSERT_EQ(first.wait(std::chrono::seconds(30)).signal, SIGKILL);
    ASSERT_TRUE(fs::exists(recovery_file()));

    const ChildResult second = run_child(kEditor, args("second", R"(
expect_modal "Recover unsaved changes"
click "Recovery/Discard"
expect_dirty false
expect_objects 65
)"),
                                         env(), std::chrono::seconds(240));
    ASSERT_EQ(second.exit_code, 0) << describe(second);
    EXPECT_FALSE(fs::exists(recovery_file()));
    // With no recovery file there is no prompt: a click on Recovery/Restore finds no button.
    const ChildResult third = run_child(kEditor, args("third", "click \"Recovery/Restore\"\n"),
                                        env(), std::chrono::seconds(240));
    EXPECT_EQ(third.exit_code, 1) << describe(third);
}

TEST_F(EditorRecovery, SigtermWithACleanSceneLeavesNoRecoveryFile) {
    ChildProcess editor(kEditor, args("clean", "wait 90\nprint_hash\nwait 90000\n"), env());
    ASSERT_TRUE(editor.wait_for_output(std::chrono::seconds(180)));
    editor.send_signal(SIGTERM);
    const ChildResult r = editor.wait(std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_FALSE(r.timed_out);
    EXPECT_NE(r.err.find("SIGTERM: shutting down"), std::string::npos) << describe(r);
    EXPECT_FALSE(fs::exists(recovery_file()));
}

TEST_F(EditorRecovery, SigtermWithUnsavedChangesKeepsThemForTheNextStart) {
    // Autosave is off: the changes reach the recovery file only through the shutdown.
    ChildProcess editor(
        kEditor, args("dirty", "place_prefab brick 96 160\nprint_hash\nwait 90000\n", "0"), env());
    ASSERT_TRUE(editor.wait_for_output(std::chrono::seconds(180)));
    editor.send_signal(SIGTERM);
    const ChildResult r = editor.wait(std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    ASSERT_TRUE(fs::exists(recovery_file())) << describe(r);
    EXPECT_EQ(slurp(scene_file()), m_original);

    const ChildResult next = run_child(kEditor, args("next", R"(
click "Recovery/Restore"
expect_objects 66
print_hash
)"),
                                       env(), std::chrono::seconds(240));
    ASSERT_EQ(next.exit_code, 0) << describe(next);
    EXPECT_EQ(hashes(next.out), hashes(r.out));
}

TEST_F(EditorRecovery, ScriptedRunsAndCleanQuitsLeaveNothingBehind) {
    // A run that never autosaved, one that did, and a quit through the unsaved-changes dialog.
    const ChildResult quick = run_child(kEditor, args("quick", "place_prefab brick 96 160\n"),
                                        env(), std::chrono::seconds(240));
    ASSERT_EQ(quick.exit_code, 0) << describe(quick);
    EXPECT_FALSE(fs::exists(project() / ".diorama"));

    const ChildResult autosaved = run_child(kEditor, args("autosaved", R"(
place_prefab brick 96 160
wait 90
expect_console "autosaved to"
)"),
                                            env(), std::chrono::seconds(240));
    ASSERT_EQ(autosaved.exit_code, 0) << describe(autosaved);
    EXPECT_FALSE(fs::exists(recovery_file()));

    const ChildResult quit = run_child(kEditor, args("quit", R"(
place_prefab brick 96 160
wait 90
expect_console "autosaved to"
quit
click "Unsaved/Discard"
)"),
                                       env(), std::chrono::seconds(240));
    ASSERT_EQ(quit.exit_code, 0) << describe(quit);
    EXPECT_FALSE(fs::exists(recovery_file()));
    EXPECT_EQ(slurp(scene_file()), m_original);

    const ChildResult saved = run_child(kEditor, args("saved", R"(
place_prefab brick 96 160
wait 90
expect_console "autosaved to"
save
expect_dirty false
wait 5
)"),
                                        env(), std::chrono::seconds(240));
    ASSERT_EQ(saved.exit_code, 0) << describe(saved);
    EXPECT_FALSE(fs::exists(recovery_file())) << "a manual save removes it";
    EXPECT_EQ(slurp(scene_file().string() + ".1"), m_original) << "the previous version";
}

// ---- recovery files and symbolic links ----

using ReliabilityEditorRecovery = EditorRecovery;

TEST_F(ReliabilityEditorRecovery, SigtermWithASymlinkedRecoveryFileLeavesTheLinksTargetUnchanged) {
    const fs::path outside = m_dir.path() / "notes.txt";
    m_dir.write("notes.txt", "someone's notes");
    fs::create_directories(recovery_file().parent_path());
    fs::create_symlink(outside, recovery_file());
    ChildProcess editor(
        kEditor, args("dirty", "place_prefab brick 96 160\nprint_hash\nwait 90000\n", "0"), env());
    ASSERT_TRUE(editor.wait_for_output(std::chrono::seconds(180)));
    editor.send_signal(SIGTERM);
    const ChildResult r = editor.wait(std::chrono::seconds(60));
    EXPECT_FALSE(r.timed_out) << describe(r);
    EXPECT_NE(r.err.find("could not keep the unsaved changes"), std::string::npos) << describe(r);
    EXPECT_NE(r.err.find(recovery_file().string() + ": is a symbolic link"), std::string::npos)
        << describe(r);
    EXPECT_EQ(slurp(outside), "someone's notes");
    EXPECT_TRUE(fs::is_symlink(recovery_file()));
    EXPECT_EQ(slurp(scene_file()), m_original);
}

} // namespace
