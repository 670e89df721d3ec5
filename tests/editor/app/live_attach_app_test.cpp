// File > Attach to Player end to end: a diorama-player runs BOUNCE with the live link (started
// by the test), the built editor attaches to it through the dialog (SDL's offscreen driver), and
// the scripts check what the user sees: the moving ball, an edit that reaches the player, undo
// sending the inverse, Pause acting on the player, the player's state saved as a scene, a lost
// player shown without the editor stopping, a refused token, and Detach giving back the scene
// exactly. The test reads the player's side over its HTTP API.

#include "child_process.h"
#include "editor_run.h"
#include "live_player.h"
#include "temp_dir.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::Json;
using diorama::test::ChildOptions;
using diorama::test::ChildProcess;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::hashes;
using diorama::test::LivePlayer;
using diorama::test::TempDir;
using namespace std::chrono_literals;

const std::string kEditor = DIORAMA_EDITOR_PATH;
const std::string kBall = "457572ac130b82a5";

// The script steps that attach through File > Attach to Player, typing the address and token.
std::string attach_steps(int port, const std::string& token) {
    return "menu \"File/Attach to Player\"\n"
           "click \"AttachPlayer/address\"\nkey ctrl+a\ntype \"127.0.0.1:" +
           std::to_string(port) + "\"\nclick \"AttachPlayer/token\"\nkey ctrl+a\ntype \"" + token +
           "\"\nclick \"AttachPlayer/Attach\"\n";
}

class LiveAttachApp : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(m_dir.path().empty());
        fs::copy(diorama::test::kBounce, project(), fs::copy_options::recursive);
        fs::remove_all(project() / "game"); // the module's sources; the built module is found
    }

    [[nodiscard]] fs::path project() const { return m_dir.path() / "bounce"; }

    // The editor on the project copy replaying script, started (not waited for).
    std::unique_ptr<ChildProcess> start_editor(const std::string& script,
                                               const std::string& shot = "shot.png") {
        m_dir.write("script.txt", script);
        ChildOptions options;
        options.env = {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                       "XDG_CONFIG_HOME=" + (m_dir.path() / "config").string()};
        return std::make_unique<ChildProcess>(
            kEditor,
            std::vector<std::string>{project().string(), "--script",
                                     (m_dir.path() / "script.txt").string(), "--size", "1600x900",
                                     "--screenshot", (m_dir.path() / shot).string()},
            options);
    }

    TempDir m_dir;
};

TEST_F(LiveAttachApp, FollowsTheBallEditsUndoesPausesSavesItsStateAndDetachesToTheScene) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0) << player.child->stderr_so_far();
    const std::string script = "print_hash\n" + attach_steps(player.port, player.token) +
                               R"(wait_live
expect_selection 0
select_guid 457572ac130b82a5
expect_changes Transform2D.position
expect_changes Transform2D.position
set_field Shape.radius 20
wait_live
expect_field Shape.radius 20
menu "File/Save Remote State As"
click "SaveRemote/path"
key ctrl+a
type "scenes/remote"
click "SaveRemote/Save"
expect_console "saved the player's state at tick"
key ctrl+z
wait_live
expect_field Shape.radius 8
key ctrl+shift+z
wait_live
expect_field Shape.radius 20
key ctrl+z
wait_live
click "Toolbar/Pause"
wait_live
wait 10
wait_live
print_hash
key f8
expect_objects 65
expect_dirty false
print_hash
)";
    auto editor = start_editor(script);
    const ChildResult r = editor->wait(240s);
    ASSERT_EQ(r.exit_code, 0) << describe(r);

    // Detach gave back the scene exactly; attached, the editor showed the player's own state.
    const std::vector<std::string> h = hashes(r.out);
    ASSERT_EQ(h.size(), 3u) << describe(r);
    EXPECT_EQ(h[0], h[2]) << "the local scene changed while attached";
    const Json world = player.get("/api/v1/world");
    EXPECT_TRUE(world.value("paused", false)) << "Pause did not reach the player: " << world;
    EXPECT_EQ(h[1], player.get("/api/v1/hash").value("hash", std::string()))
        << "the paused player's state differs from what the editor showed";

    // The edit reached the player (the saved state is the player's), and undo sent it back.
    const Json ball = player.get("/api/v1/objects/" + kBall);
    EXPECT_EQ(ball["object"]["components"]["Shape"]["radius"], 8.0) << ball;
    auto saved = diorama::read_file(project() / "scenes" / "remote.scene.json", 16u << 20);
    ASSERT_TRUE(saved) << describe(r);
    const Json scene = Json::parse(*saved);
    bool found = false;
    for (const Json& o : scene["objects"])
        if (o["guid"] == kBall) {
            found = true;
            EXPECT_EQ(o["components"]["Shape"]["radius"], 20.0) << o;
        }
    EXPECT_TRUE(found) << "no ball in the saved state";
    EXPECT_NE(r.err.find("attached to the player at 127.0.0.1:" + std::to_string(player.port)),
              std::string::npos)
        << r.err;

    // The saved state is a scene of the game like any other.
    const ChildResult check = diorama::test::run_child(
        diorama::test::kPlayer, {"run", project().string(), "--scene", "remote", "--ticks", "60"});
    EXPECT_EQ(check.exit_code, 0) << describe(check);
}

TEST_F(LiveAttachApp, APlayerThatGoesAwayIsShownAsLostAndTheEditorKeepsDrawing) {
    auto player = std::make_unique<LivePlayer>(std::vector<std::string>{"--realtime"});
    ASSERT_GT(player->port, 0);
    const fs::path killed = m_dir.path() / "killed";
    const fs::path shown = m_dir.path() / "shown.png";
    const std::string script = "print_hash\n" + attach_steps(player->port, player->token) +
                               "wait_live\nscreenshot " + shown.string() + "\nwait_file " +
                               killed.string() + "\nwait_live lost\nwait 30\nscreenshot " +
                               (m_dir.path() / "lost.png").string() +
                               "\nexpect_console \"lost the player at\"\nkey f8\n"
                               "expect_objects 65\nprint_hash\n";
    auto editor = start_editor(script);
    // The script says the player's state is shown by writing a screenshot.
    ASSERT_TRUE(editor->wait_for_stderr("screenshot written to " + shown.string(), 120s))
        << editor->stderr_so_far();
    player->child->send_signal(SIGKILL);
    player->child->wait(20s);
    player.reset();
    m_dir.write("killed", "");
    const ChildResult r = editor->wait(240s);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> h = hashes(r.out);
    ASSERT_EQ(h.size(), 2u) << describe(r);
    EXPECT_EQ(h[0], h[1]);
    EXPECT_TRUE(fs::exists(m_dir.path() / "lost.png"));
}

TEST_F(LiveAttachApp, AWrongTokenOrAMissingTokenFileIsSaidAndTheSceneStaysAsItWas) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    const std::string missing = (m_dir.path() / "no-such-token").string();
    const std::string script = "print_hash\n"
                               "menu \"File/Attach to Player\"\n"
                               "click \"AttachPlayer/token_file\"\ntype \"" +
                               missing +
                               "\"\nclick \"AttachPlayer/Attach\"\n"
                               "expect_modal \"Could not attach\"\nexpect_modal \"no-such-token\"\n"
                               "click \"Error/OK\"\n" +
                               attach_steps(player.port, "not-the-token") +
                               "wait_live refused\nexpect_console \"refused the token\"\n"
                               "key f8\nexpect_objects 65\nexpect_dirty false\nprint_hash\n";
    auto editor = start_editor(script);
    const ChildResult r = editor->wait(240s);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> h = hashes(r.out);
    ASSERT_EQ(h.size(), 2u) << describe(r);
    EXPECT_EQ(h[0], h[1]);
}

} // namespace
