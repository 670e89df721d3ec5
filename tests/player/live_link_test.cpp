// The live link end to end: diorama-player run --inspect, driven over HTTP as a client would.
// Access (no token, a wrong one, the right one), the probes, reading and editing objects,
// stepping, the state hash against a local run that made the same edit, and hostile clients:
// each must leave the player ticking, get a 4xx, and leave nothing held.

#include "child_process.h"
#include "live_player.h"
#include "temp_dir.h"

#include "diorama/field_path.h"
#include "diorama/game.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/world.h"

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::kBounce;
using diorama::test::kPlatformer;
using diorama::test::kPlayer;
using diorama::test::LivePlayer;
using diorama::test::TempDir;
using Json = nlohmann::json;
using namespace std::chrono_literals;

// A raw TCP connection to the player, for what a well-behaved client never sends.
class RawConnection {
public:
    explicit RawConnection(int port) {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<std::uint16_t>(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(m_fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
        timeval timeout{20, 0};
        if (m_fd >= 0) setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    }
    ~RawConnection() {
        if (m_fd >= 0) ::close(m_fd);
    }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    [[nodiscard]] bool connected() const { return m_fd >= 0; }
    bool send_text(const std::string& text) {
        std::size_t sent = 0;
        while (sent < text.size()) {
            const ssize_t n = ::send(m_fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return false;
            sent += static_cast<std::size_t>(n);
        }
        return true;
    }
    // What the server writes until the end of a reply's headers, or until it closes the
    // connection (or 20 s pass).
    std::string read_reply() {
        std::string out;
        char buffer[4096];
        while (out.find("\r\n\r\n") == std::string::npos) {
            const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (n <= 0) break;
            out.append(buffer, static_cast<std::size_t>(n));
        }
        return out;
    }

private:
    int m_fd = -1;
};

// ---- access ----

TEST(LiveLink, TheApiNeedsTheTokenAndTheProbesDoNot) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0) << "no 'live link: URL (token ...)' line";
    ASSERT_EQ(player.token.size(), 32u); // 128 bits, in hex
    auto c = player.client();

    auto none = c.Get("/api/v1/world");
    ASSERT_TRUE(none);
    EXPECT_EQ(none->status, 401);
    EXPECT_EQ(none->get_header_value("WWW-Authenticate"), "Bearer");
    EXPECT_EQ(none->body.find("objects"), std::string::npos) << none->body;

    std::string wrong = player.token;
    wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
    for (const std::string& bad :
         {wrong, player.token + "0", player.token.substr(1), std::string()}) {
        auto res = c.Get("/api/v1/world", {{"Authorization", "Bearer " + bad}});
        ASSERT_TRUE(res);
        EXPECT_EQ(res->status, 401) << bad;
    }
    auto basic = c.Get("/api/v1/world", {{"Authorization", "Basic " + player.token}});
    ASSERT_TRUE(basic);
    EXPECT_EQ(basic->status, 401);

    int status = 0;
    const Json world = player.get("/api/v1/world", &status);
    EXPECT_EQ(status, 200);
    EXPECT_EQ(world["project"], "BOUNCE");
    EXPECT_EQ(world["scene"], "level1");
    EXPECT_GT(world["objects"].get<int>(), 10);
    EXPECT_TRUE(world["memory"]["rss_bytes"].get<std::size_t>() > 0);

    auto health = c.Get("/healthz");
    ASSERT_TRUE(health);
    EXPECT_EQ(health->status, 200);
    auto ready = c.Get("/readyz");
    ASSERT_TRUE(ready);
    EXPECT_EQ(ready->status, 200);
    EXPECT_EQ(ready->body, "ready\n");
}

TEST(LiveLink, TheTokenComesFromTheEnvironmentAndGoesToAFileOnlyItsOwnerReads) {
    TempDir dir;
    const fs::path file = dir.path() / "token";
    const std::string token = "0123456789abcdef-given-token";
    LivePlayer player({"--inspect-token-file", file.string()}, {"DIORAMA_INSPECT_TOKEN=" + token});
    ASSERT_GT(player.port, 0);
    EXPECT_EQ(player.token, token);
    std::ifstream in(file);
    std::string written;
    std::getline(in, written);
    EXPECT_EQ(written, token);
    struct stat info {};
    ASSERT_EQ(::stat(file.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u);
    int status = 0;
    player.get("/api/v1/world", &status);
    EXPECT_EQ(status, 200);
}

TEST(LiveLink, ANonLoopbackAddressIsRefusedWithoutTheFlag) {
    const ChildResult refused = diorama::test::run_child(
        kPlayer, {"run", kBounce.string(), "--inspect", "0.0.0.0:0", "--ticks", "1"});
    EXPECT_EQ(refused.exit_code, 2) << refused.err;
    EXPECT_NE(refused.err.find("--inspect-allow-remote"), std::string::npos) << refused.err;

    const ChildResult allowed =
        diorama::test::run_child(kPlayer, {"run", kBounce.string(), "--inspect", "0.0.0.0:0",
                                           "--inspect-allow-remote", "--ticks", "1"});
    EXPECT_EQ(allowed.exit_code, 0) << allowed.err;
    EXPECT_NE(allowed.err.find("warning: the live link accepts connections from other machines"),
              std::string::npos)
        << allowed.err;
}

// ---- reading, editing, stepping ----

// The hash after the same edit at tick 0 and `ticks` ticks, run here without the player.
std::string local_hash(const std::string& ball_guid, const Json& velocity, int ticks) {
    diorama::Diagnostics problems;
    auto game = diorama::Game::open(kBounce, problems);
    if (!game) return "cannot open: " + problems.format();
    auto scene = (*game)->load_scene("", problems);
    if (!scene) return "cannot load: " + problems.format();
    diorama::World& world = *scene->world;
    const diorama::Handle ball = world.find(*diorama::parse_guid(ball_guid));
    if (auto set = diorama::set_field_json(world, ball, "Velocity.linear", velocity, "test"); !set)
        return "cannot set: " + set.error().describe();
    diorama::Simulation simulation(
        world, diorama::SimulationDef{.tick_rate_hz = (*game)->project().tick_rate_hz});
    for (int i = 0; i < ticks; ++i)
        simulation.tick();
    return diorama::format_hash(diorama::state_hash(world));
}

TEST(LiveLink, AnEditAndStepsGiveTheHashOfALocalRunWithTheSameEditAtTheSameTick) {
    LivePlayer player({"--paused"});
    ASSERT_GT(player.port, 0);
    EXPECT_EQ(player.tick(), 0u);
    const std::string ball = player.guid_of("Ball");
    ASSERT_FALSE(ball.empty());

    int status = 0;
    const Json before = player.get("/api/v1/objects/" + ball, &status);
    ASSERT_EQ(status, 200) << before.dump();
    EXPECT_TRUE(before["object"]["components"].contains("Transform2D"));

    const Json velocity = Json::array({123.5, -77.25});
    const Json edited =
        player.send("PATCH", "/api/v1/objects/" + ball,
                    Json{{"path", "Velocity.linear"}, {"value", velocity}}.dump(), &status);
    ASSERT_EQ(status, 200) << edited.dump();
    EXPECT_EQ(edited["object"]["components"]["Velocity"]["linear"], velocity);
    EXPECT_EQ(player.tick(), 0u); // paused: nothing ticked

    const Json stepped = player.send("POST", "/api/v1/step", R"({"ticks": 90})", &status);
    ASSERT_EQ(status, 200) << stepped.dump();
    EXPECT_EQ(stepped["tick"], 90);
    const Json hash = player.get("/api/v1/hash");
    EXPECT_EQ(hash["tick"], 90);
    EXPECT_EQ(hash["hash"], local_hash(ball, velocity, 90));

    // The ball moved as its new velocity says.
    const Json after = player.get("/api/v1/objects/" + ball);
    EXPECT_NE(after["object"]["components"]["Transform2D"]["position"],
              before["object"]["components"]["Transform2D"]["position"]);
}

TEST(LiveLink, ARunWithTheLinkAndNoEditsHasTheHashOfARunWithout) {
    const ChildResult plain =
        diorama::test::run_child(kPlayer, {"run", kBounce.string(), "--ticks", "600", "--hash"});
    const ChildResult linked = diorama::test::run_child(
        kPlayer, {"run", kBounce.string(), "--ticks", "600", "--hash", "--inspect", "0"});
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    ASSERT_EQ(linked.exit_code, 0) << linked.err;
    const std::regex hash(R"(hash: ([0-9a-f]{16}))");
    std::smatch a, b;
    ASSERT_TRUE(std::regex_search(plain.out, a, hash));
    ASSERT_TRUE(std::regex_search(linked.out, b, hash));
    EXPECT_EQ(a[1], b[1]);
}

TEST(LiveLink, ObjectsArePagedAndFilteredAndCreatedAndDestroyed) {
    LivePlayer player({"--paused"});
    ASSERT_GT(player.port, 0);
    const Json all = player.get("/api/v1/objects?limit=1000");
    const std::size_t total = all["total"].get<std::size_t>();
    ASSERT_EQ(all["objects"].size(), total);
    const Json page = player.get("/api/v1/objects?offset=2&limit=3");
    ASSERT_EQ(page["objects"].size(), 3u);
    EXPECT_EQ(page["objects"][0]["guid"], all["objects"][2]["guid"]);
    const Json balls = player.get("/api/v1/objects?component=Ball");
    ASSERT_GE(balls["total"].get<int>(), 1);
    for (const Json& o : balls["objects"])
        EXPECT_NE(std::find(o["components"].begin(), o["components"].end(), "Ball"),
                  o["components"].end());

    int status = 0;
    const Json created =
        player.send("POST", "/api/v1/objects",
                    R"({"prefab": "ball", "position": [100, 200], "name": "extra"})", &status);
    ASSERT_EQ(status, 201) << created.dump();
    const std::string guid = created["object"]["guid"];
    EXPECT_EQ(created["object"]["components"]["Transform2D"]["position"],
              Json::array({100.0, 200.0}));
    EXPECT_EQ(player.get("/api/v1/objects?limit=1000")["total"], total + 1);

    player.send("DELETE", "/api/v1/objects/" + guid, "", &status);
    EXPECT_EQ(status, 200);
    player.get("/api/v1/objects/" + guid, &status);
    EXPECT_EQ(status, 404);
    player.send("POST", "/api/v1/step", "", &status); // a destroyed object is gone after a tick
    EXPECT_EQ(status, 200);

    const Json sent =
        player.send("POST", "/api/v1/messages", R"({"kind": "ping", "i": 3})", &status);
    EXPECT_EQ(status, 202) << sent.dump();

    auto state = player.client().Get("/api/v1/state", player.auth());
    ASSERT_TRUE(state);
    EXPECT_EQ(state->status, 200);
    const Json scene = Json::parse(state->body, nullptr, false);
    ASSERT_TRUE(scene.is_object());
    EXPECT_EQ(scene["objects"].size(), total);
}

TEST(LiveLink, TheChangeStreamReportsTheObjectsCreatedAndDestroyed) {
    LivePlayer player({"--paused"});
    ASSERT_GT(player.port, 0);
    // The first ask starts the watch: read the whole tree again, go on from seq.
    const Json first = player.get("/api/v1/changes?since=0&wait_ms=2000");
    ASSERT_TRUE(first["reset"].get<bool>()) << first.dump();
    const std::uint64_t seq = first["seq"];

    const Json quiet = player.get("/api/v1/changes?since=" + std::to_string(seq) + "&wait_ms=200");
    EXPECT_FALSE(quiet["reset"].get<bool>()) << quiet.dump();
    EXPECT_TRUE(quiet["batches"].empty()) << quiet.dump();

    int status = 0;
    const Json created =
        player.send("POST", "/api/v1/objects", R"({"prefab": "ball", "name": "watched"})", &status);
    ASSERT_EQ(status, 201);
    const std::string guid = created["object"]["guid"];
    const Json after_create =
        player.get("/api/v1/changes?since=" + std::to_string(seq) + "&wait_ms=5000");
    ASSERT_FALSE(after_create["batches"].empty()) << after_create.dump();
    const Json& batch = after_create["batches"][0];
    ASSERT_EQ(batch["created"].size(), 1u) << batch.dump();
    EXPECT_EQ(batch["created"][0]["guid"], guid);
    EXPECT_EQ(batch["created"][0]["name"], "watched");
    const std::uint64_t seq2 = after_create["seq"];

    player.send("DELETE", "/api/v1/objects/" + guid, "", &status);
    player.send("POST", "/api/v1/step", "", &status);
    const Json after_destroy =
        player.get("/api/v1/changes?since=" + std::to_string(seq2) + "&wait_ms=5000");
    ASSERT_FALSE(after_destroy["batches"].empty()) << after_destroy.dump();
    EXPECT_EQ(after_destroy["batches"][0]["destroyed"], Json::array({guid}));

    // A seq from the future or far past means: read the tree again.
    EXPECT_TRUE(player.get("/api/v1/changes?since=999999")["reset"].get<bool>());
    player.get("/api/v1/changes?since=x", &status);
    EXPECT_EQ(status, 400);
}

TEST(LiveLink, AScriptsSourceIsReplacedInTheRunningPlayerAndABrokenOneKeepsTheOld) {
    LivePlayer player({"--paused"}, {}, kPlatformer);
    ASSERT_GT(player.port, 0);
    const Json bats = player.get("/api/v1/objects?component=Bat&limit=1");
    ASSERT_FALSE(bats["objects"].empty()) << bats.dump();
    const std::string bat = bats["objects"][0]["guid"];
    std::ifstream in(kPlatformer / "scripts" / "bats.lua");
    std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string field = R"({ "damage", "int", 1, min = 0 },)";
    ASSERT_NE(source.find(field), std::string::npos);

    // A new field: the running objects get its default, and keep their other values.
    std::string with_field = source;
    with_field.insert(source.find(field), R"({ "wings", "int", 2 }, )");
    int status = 0;
    const Json reloaded =
        player.send("PUT", "/api/v1/scripts/scripts/bats.lua", with_field, &status);
    ASSERT_EQ(status, 200) << reloaded.dump();
    EXPECT_EQ(reloaded["reloaded"], "scripts/bats.lua");
    const Json object = player.get("/api/v1/objects/" + bat);
    EXPECT_EQ(object["object"]["components"]["Bat"]["wings"], 2) << object.dump();

    // A syntax error: refused naming file:line; the previous version keeps running.
    const Json broken = player.send("PUT", "/api/v1/scripts/scripts/bats.lua",
                                    "component \"Bat\" {\n  oops(", &status);
    EXPECT_EQ(status, 400);
    EXPECT_EQ(broken["where"].get<std::string>().rfind("scripts/bats.lua:", 0), 0u)
        << broken.dump();
    player.send("POST", "/api/v1/step", R"({"ticks": 10})", &status);
    EXPECT_EQ(status, 200);
    EXPECT_EQ(player.get("/api/v1/objects/" + bat)["object"]["components"]["Bat"]["wings"], 2);

    player.send("PUT", "/api/v1/scripts/scripts/nothing.lua", "return 1", &status);
    EXPECT_EQ(status, 404);
    player.send("PUT", "/api/v1/scripts/scripts/lib/f32.lua", "return 1", &status);
    EXPECT_EQ(status, 404);
}

TEST(LiveLink, PauseStopsTheTicksAndResumeStartsThem) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    int status = 0;
    const Json paused = player.send("POST", "/api/v1/pause", "", &status);
    ASSERT_EQ(status, 200);
    EXPECT_TRUE(paused["paused"].get<bool>());
    const std::uint64_t at = player.tick();
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(player.tick(), at);
    player.send("POST", "/api/v1/resume", "", &status);
    ASSERT_EQ(status, 200);
    for (int i = 0; i < 100 && player.tick() == at; ++i)
        std::this_thread::sleep_for(20ms);
    EXPECT_GT(player.tick(), at);
}

// ---- hostile requests ----

// The player still ticks (in real time) and answers.
void expect_ticking(const LivePlayer& player) {
    const std::uint64_t before = player.tick();
    std::uint64_t after = before;
    for (int i = 0; i < 100 && after == before; ++i) {
        std::this_thread::sleep_for(20ms);
        after = player.tick();
    }
    EXPECT_GT(after, before) << "the player stopped ticking";
}

TEST(LiveLinkHostile, MalformedJsonIsA400NamingLineAndColumn) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    const std::string ball = player.guid_of("Ball");
    int status = 0;
    const Json reply = player.send("PATCH", "/api/v1/objects/" + ball,
                                   "{\"path\": \"Velocity.linear\",\n \"value\": [1, }", &status);
    EXPECT_EQ(status, 400);
    EXPECT_EQ(reply["where"].get<std::string>().rfind("request body:2:", 0), 0u) << reply.dump();
    player.send("POST", "/api/v1/step", "[1, 2]", &status);
    EXPECT_EQ(status, 400);
    expect_ticking(player);
}

TEST(LiveLinkHostile, WrongFieldTypesAreRefusedWithTheLoadersMessage) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    const std::string ball = player.guid_of("Ball");
    const std::string path = "/api/v1/objects/" + ball;
    const Json before = player.get(path);
    struct Case {
        const char* body;
        const char* where;
    };
    for (const Case& c :
         {Case{R"({"path": "Velocity.linear", "value": "fast"})", "Velocity.linear"},
          Case{R"({"path": "Velocity.linear", "value": [1]})", "Velocity.linear"},
          Case{R"({"path": "Velocity.nothing", "value": 1})", "Velocity.nothing"},
          Case{R"({"path": "Nothing.x", "value": 1})", "Nothing.x"},
          Case{R"({"path": "Ball.speed", "value": true})", "Ball.speed"},
          Case{R"({"path": 3, "value": 1})", "request body.path"},
          Case{R"({"value": 1})", "request body.path"}}) {
        int status = 0;
        const Json reply = player.send("PATCH", path, c.body, &status);
        EXPECT_EQ(status / 100, 4) << c.body << " -> " << reply.dump();
        EXPECT_NE(reply["where"].get<std::string>().find(c.where), std::string::npos)
            << c.body << " -> " << reply.dump();
    }
    int status = 0;
    player.send("POST", "/api/v1/step", R"({"ticks": -3})", &status);
    EXPECT_EQ(status, 400);
    player.send("POST", "/api/v1/objects", R"({"prefab": "nothing"})", &status);
    EXPECT_EQ(status, 404);
    player.get("/api/v1/objects?limit=many", &status);
    EXPECT_EQ(status, 400);
    player.get("/api/v1/objects?component=Nothing", &status);
    EXPECT_EQ(status, 400);
    player.get("/api/v1/nothing", &status);
    EXPECT_EQ(status, 404);
    player.send("POST", "/api/v1/world", "{}", &status);
    EXPECT_EQ(status, 405);
    expect_ticking(player);
}

TEST(LiveLinkHostile, UnknownGuidsAre404) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    int status = 0;
    player.get("/api/v1/objects/00000000deadbeef", &status);
    EXPECT_EQ(status, 404);
    player.send("PATCH", "/api/v1/objects/00000000deadbeef",
                R"({"path": "Ball.speed", "value": 1})", &status);
    EXPECT_EQ(status, 404);
    player.send("DELETE", "/api/v1/objects/00000000deadbeef", "", &status);
    EXPECT_EQ(status, 404);
    player.get("/api/v1/objects/not-a-guid", &status);
    EXPECT_EQ(status, 400);
    const Json bytes = player.get("/api/v1/objects/%FF%FE%00x", &status); // not UTF-8
    EXPECT_EQ(status, 400) << bytes.dump();
    player.send("POST", "/api/v1/messages", R"({"kind": "ping", "to": "00000000deadbeef"})",
                &status);
    EXPECT_EQ(status, 404);
    expect_ticking(player);
}

TEST(LiveLinkHostile, AHundredMegabyteBodyIsRefusedAndNothingGrows) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    const std::size_t rss_before = player.get("/api/v1/world")["memory"]["rss_bytes"];
    RawConnection raw(player.port);
    ASSERT_TRUE(raw.connected());
    const std::size_t size = 100u << 20;
    raw.send_text("POST /api/v1/step HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + player.token +
                  "\r\nContent-Length: " + std::to_string(size) + "\r\n\r\n");
    const std::string chunk(1u << 20, 'x');
    for (std::size_t sent = 0; sent < size; sent += chunk.size())
        if (!raw.send_text(chunk)) break; // the server may close before the end
    const std::string reply = raw.read_reply();
    EXPECT_NE(reply.find("413"), std::string::npos) << reply.substr(0, 200);
    expect_ticking(player);
    const std::size_t rss_after = player.get("/api/v1/world")["memory"]["rss_bytes"];
    EXPECT_LT(rss_after, rss_before + (16u << 20)) << "the body was kept";
}

TEST(LiveLinkHostile, AMegabyteHeaderIsRefused) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    RawConnection raw(player.port);
    ASSERT_TRUE(raw.connected());
    raw.send_text("GET /api/v1/world HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(1u << 20, 'y') +
                  "\r\n\r\n");
    const std::string reply = raw.read_reply();
    EXPECT_TRUE(reply.empty() || reply.rfind("HTTP/1.1 4", 0) == 0) << reply.substr(0, 200);
    expect_ticking(player);
}

TEST(LiveLinkHostile, AThousandIdleConnectionsDoNotStopTheTicksAndAreAllLetGo) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    const std::size_t descriptors = player.open_descriptors();
    {
        std::vector<std::unique_ptr<RawConnection>> idle;
        for (int i = 0; i < 1000; ++i)
            idle.push_back(std::make_unique<RawConnection>(player.port));
        expect_ticking(player);
    } // the clients go away
    // Within the keep-alive time every connection the server held is closed.
    std::size_t now = player.open_descriptors();
    for (int i = 0; i < 200 && now > descriptors; ++i) {
        std::this_thread::sleep_for(50ms);
        now = player.open_descriptors();
    }
    EXPECT_LE(now, descriptors);
    int status = 0;
    player.get("/api/v1/world", &status);
    EXPECT_EQ(status, 200);
}

TEST(LiveLinkHostile, AClientSendingAByteASecondIsCutOffAndOthersAreServed) {
    LivePlayer player({"--realtime"});
    ASSERT_GT(player.port, 0);
    RawConnection slow(player.port);
    ASSERT_TRUE(slow.connected());
    const std::string request = "GET /api/v1/world HTTP/1.1\r\nHost: x\r\n";
    const auto start = std::chrono::steady_clock::now();
    bool cut_off = false;
    for (std::size_t i = 0; i < request.size() && !cut_off; ++i) {
        cut_off = !slow.send_text(request.substr(i, 1));
        int status = 0;
        player.get("/api/v1/hash", &status); // another client is served meanwhile
        EXPECT_EQ(status, 200);
        std::this_thread::sleep_for(1s);
        if (std::chrono::steady_clock::now() - start > 15s) break;
    }
    // The server ends the request at its deadline (10 s): the connection is closed.
    const std::string reply = slow.read_reply();
    EXPECT_EQ(reply.find("\"objects\""), std::string::npos) << reply;
    EXPECT_LT(std::chrono::steady_clock::now() - start, 25s);
    expect_ticking(player);
}

} // namespace
