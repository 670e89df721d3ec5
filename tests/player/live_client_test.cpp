// The live link's client (live_client.h) against a real player: it connects, keeps the tree and
// the selected object fresh, sends edits and play commands, and reports a refused token or a
// player that went away without ever blocking the caller.

#include "live_player.h"

#include "diorama/live/live_client.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace {

using diorama::Json;
using diorama::live::LiveAddress;
using diorama::live::LiveClient;
using diorama::test::LivePlayer;
using namespace std::chrono_literals;

// Polls the client's view until done(view) or 10 s pass (a watchdog, not a timing assertion).
template <class Done>
LiveClient::View wait_for(const LiveClient& client, Done done) {
    LiveClient::View view = client.view();
    for (int i = 0; i < 500 && !done(view); ++i) {
        std::this_thread::sleep_for(20ms);
        view = client.view();
    }
    return view;
}

TEST(LiveClient, KeepsTheTreeAndTheSelectedObjectFreshAndSendsEdits) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    LiveClient client(LiveAddress{"127.0.0.1", player.port, player.token}, 50ms);
    LiveClient::View view = wait_for(client, [](const LiveClient::View& v) {
        return v.state == LiveClient::State::Connected && !v.tree.empty();
    });
    ASSERT_EQ(view.state, LiveClient::State::Connected) << view.problem;
    EXPECT_EQ(view.world["project"], "BOUNCE");
    const auto found = std::find_if(view.tree.begin(), view.tree.end(),
                                    [](const LiveClient::Node& n) { return n.name == "Ball"; });
    ASSERT_NE(found, view.tree.end());
    const std::string ball = found->guid;

    // The selected ball moves: its position changes from one refresh to a later one.
    client.select(ball);
    view = wait_for(client, [](const LiveClient::View& v) { return v.selected.is_object(); });
    ASSERT_TRUE(view.selected.is_object());
    const Json first = view.selected["components"]["Transform2D"]["position"];
    const std::uint64_t first_tick = view.selected_tick;
    view = wait_for(client, [&](const LiveClient::View& v) {
        return v.selected_tick > first_tick + 5 &&
               v.selected["components"]["Transform2D"]["position"] != first;
    });
    EXPECT_NE(view.selected["components"]["Transform2D"]["position"], first);

    // Pause and step act on the player.
    client.pause();
    view = wait_for(client, [](const LiveClient::View& v) {
        return v.world.is_object() && v.world["paused"] == true;
    });
    const std::uint64_t paused_at = view.world["tick"];
    client.step(7);
    view = wait_for(client, [&](const LiveClient::View& v) {
        return v.world["tick"].get<std::uint64_t>() == paused_at + 7;
    });
    EXPECT_EQ(view.world["tick"].get<std::uint64_t>(), paused_at + 7);

    // An edit reaches the player (paused: the game itself changes the speed on bounces).
    client.set_field(ball, "Ball.speed", 321.5);
    view = wait_for(client, [](const LiveClient::View& v) {
        return v.selected.is_object() && v.selected["components"]["Ball"]["speed"] == 321.5;
    });
    EXPECT_EQ(view.selected["components"]["Ball"]["speed"], 321.5);
    EXPECT_EQ(player.get("/api/v1/objects/" + ball)["object"]["components"]["Ball"]["speed"],
              321.5);

    // A refused edit is reported, and nothing else changes.
    client.set_field(ball, "Ball.speed", "fast");
    view = wait_for(client, [](const LiveClient::View& v) { return !v.last_error.empty(); });
    EXPECT_NE(view.last_error.find("Ball.speed"), std::string::npos) << view.last_error;

    // A created object joins the tree through the change stream.
    int status = 0;
    player.send("POST", "/api/v1/objects", R"({"prefab": "ball", "name": "newcomer"})", &status);
    ASSERT_EQ(status, 201);
    view = wait_for(client, [](const LiveClient::View& v) {
        return std::any_of(v.tree.begin(), v.tree.end(),
                           [](const LiveClient::Node& n) { return n.name == "newcomer"; });
    });
    EXPECT_TRUE(std::any_of(view.tree.begin(), view.tree.end(),
                            [](const LiveClient::Node& n) { return n.name == "newcomer"; }));
}

TEST(LiveClient, ReadsTheWholeStateWhenAskedWithTheEditsSentBeforeAndSendsScripts) {
    LivePlayer player({"--paused"});
    ASSERT_GT(player.port, 0);
    LiveClient client(LiveAddress{"127.0.0.1", player.port, player.token}, 50ms);
    const std::string ball = player.guid_of("Ball");
    ASSERT_FALSE(ball.empty());
    client.set_field(ball, "Shape.radius", 17.0);
    LiveClient::View view =
        wait_for(client, [](const LiveClient::View& v) { return v.commands_sent == 1; });
    ASSERT_EQ(view.commands_sent, 1u);
    EXPECT_EQ(view.scene_text, nullptr) << "the state is read only when asked";
    client.request_state();
    view = wait_for(client, [](const LiveClient::View& v) { return v.scene_text != nullptr; });
    ASSERT_NE(view.scene_text, nullptr);
    EXPECT_EQ(view.scene_version, 1u);
    EXPECT_GE(view.scene_after, 1u) << "the edit was sent before the state was read";
    EXPECT_EQ(view.commands_sent, 1u);
    // The text is the player's own state file, with the edit in it.
    const Json scene = Json::parse(*view.scene_text);
    EXPECT_EQ(scene["format"], "diorama.scene");
    bool found = false;
    for (const Json& o : scene["objects"])
        if (o.value("guid", "") == ball)
            found = o.at("components").at("Shape").at("radius") == 17.0;
    EXPECT_TRUE(found) << *view.scene_text;
    std::this_thread::sleep_for(200ms);
    EXPECT_EQ(client.view().scene_version, 1u) << "read once per request_state";

    // A script for a game without scripts is refused, and said.
    client.replace_script("scripts/none.lua", "return 1");
    view = wait_for(client, [](const LiveClient::View& v) { return v.commands_sent == 2; });
    EXPECT_NE(view.last_error.find("no scripts"), std::string::npos) << view.last_error;
}

TEST(LiveClient, AWrongTokenIsReportedAndAVanishedPlayerIsLostWithoutBlocking) {
    auto player = std::make_unique<LivePlayer>(std::vector<std::string>{"--realtime"});
    ASSERT_GT(player->port, 0);
    {
        LiveClient refused(LiveAddress{"127.0.0.1", player->port, "0123456789abcdef0123"}, 50ms);
        const LiveClient::View view = wait_for(refused, [](const LiveClient::View& v) {
            return v.state == LiveClient::State::Unauthorized;
        });
        EXPECT_EQ(view.state, LiveClient::State::Unauthorized);
    }
    LiveClient client(LiveAddress{"127.0.0.1", player->port, player->token}, 50ms);
    ASSERT_EQ(
        wait_for(client,
                 [](const LiveClient::View& v) { return v.state == LiveClient::State::Connected; })
            .state,
        LiveClient::State::Connected);
    player.reset(); // the player ends
    const auto before = std::chrono::steady_clock::now();
    const LiveClient::View view = client.view(); // never waits on the network
    EXPECT_LT(std::chrono::steady_clock::now() - before, 1s);
    (void)view;
    const LiveClient::View lost = wait_for(
        client, [](const LiveClient::View& v) { return v.state == LiveClient::State::Lost; });
    EXPECT_EQ(lost.state, LiveClient::State::Lost);
    EXPECT_FALSE(lost.problem.empty());
}

TEST(LiveClient, AddressesAndTokenFilesAreReadOrRefusedClearly) {
    auto a = diorama::live::parse_live_address("http://127.0.0.1:7777/", "t0ken");
    ASSERT_TRUE(a) << a.error().describe();
    EXPECT_EQ(a->host, "127.0.0.1");
    EXPECT_EQ(a->port, 7777);
    EXPECT_FALSE(diorama::live::parse_live_address("127.0.0.1", "t"));
    EXPECT_FALSE(diorama::live::parse_live_address("127.0.0.1:99999", "t"));
    EXPECT_FALSE(diorama::live::parse_live_address("127.0.0.1:80", ""));
    EXPECT_FALSE(diorama::live::read_token_file("/nonexistent/token"));
}

} // namespace
