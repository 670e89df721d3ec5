#pragma once
// The live link: a running game serves its live objects over an authenticated local HTTP API
// (docs/GUIDE.md, "Live link"). The HTTP threads never touch the world: requests wait in an
// inbox until the thread that ticks reaches a tick boundary and calls serve(), which answers
// them from the state there and applies edits there. A run that gets no edits is the same run
// as without the link.

#include "diorama/result.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace diorama {
class Game;
class Simulation;
class World;
} // namespace diorama

namespace diorama::live {

// What one client can hold of the server.
struct LiveLimits {
    std::size_t threads = 8;                        // requests served at once
    std::size_t queued_connections = 32;            // waiting for a thread; more get 429
    std::size_t max_body_bytes = 1u << 20;          // larger bodies get 413
    std::chrono::milliseconds request_time{10'000}; // to read, answer and write one request
    std::chrono::milliseconds keep_alive{5'000};    // an idle connection is closed after this
    std::chrono::milliseconds answer_time{5'000};   // the game must answer within this, or 503
    std::size_t pending_requests = 256;             // waiting for a tick boundary; more get 429
};

struct LiveLinkOptions {
    std::string host = "127.0.0.1";
    int port = 0;                     // 0: any free port
    bool allow_remote = false;        // a host other than loopback is refused without it
    std::string token;                // empty: a random one
    std::filesystem::path token_file; // empty: none; else the token is written there (0600)
    LiveLimits limits;
};

// The running game the API acts on, owned by the caller. `paused` is the API's control of the
// ticking: the caller does not tick while it is set (a step request ticks inside serve()).
struct LiveGame {
    Game& game;
    World& world;
    Simulation& simulation;
    std::string scene_name;
    bool paused = false;
};

class LiveLink {
public:
    // Listens on options.host:port. Refuses a host that is not loopback unless allow_remote,
    // and a token file that cannot be written.
    [[nodiscard]] static Result<std::unique_ptr<LiveLink>> start(const LiveLinkOptions& options);
    // Stops the server: every connection is closed, every waiting request answered 503.
    ~LiveLink();
    LiveLink(const LiveLink&) = delete;
    LiveLink& operator=(const LiveLink&) = delete;

    [[nodiscard]] const std::string& url() const; // http://127.0.0.1:PORT
    [[nodiscard]] int port() const;
    [[nodiscard]] const std::string& token() const;

    // /readyz answers 200 from now on (the scene is loaded and the game ticks), or 503 again.
    void set_ready(bool ready);
    // On the thread that ticks, at a tick boundary: answers every waiting request (cheap when
    // none waits) and takes the last tick's time into the tick-time statistics.
    void serve(LiveGame& game);
    // On the thread that ticks, while paused: waits until a request arrives or timeout passes.
    void wait(std::chrono::milliseconds timeout);

    struct Impl;

private:
    explicit LiveLink(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace diorama::live
