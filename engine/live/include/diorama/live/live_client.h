#pragma once
// A client of a running player's live link (live_link.h), for a tool that shows the remote
// world (the editor's Attach to Player). One background thread does every network call; the
// caller's thread reads the latest view (view()) and queues commands, and never waits on the
// network, whatever the connection does.
//
// The thread keeps: the world's summary, the object tree (read whole once, then kept by the
// change stream), and the selected object with every field, refreshed about 10 times a second;
// and, when asked (request_state), the whole state as a scene file's text.
//
// Commands are sent in the order queued, each before anything read after it: a read whose
// `*_after` count is at least the number of commands queued so far sees all of them.

#include "diorama/json_io.h"
#include "diorama/result.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::live {

// Where a player's live link is: "http://127.0.0.1:5000" or "127.0.0.1:5000", and its token.
struct LiveAddress {
    std::string host;
    int port = 0;
    std::string token;
};

// Parses "[http://]HOST:PORT"; the error names what is wrong.
[[nodiscard]] Result<LiveAddress> parse_live_address(std::string_view url, std::string token);
// The token in a token file (--inspect-token-file): its first line.
[[nodiscard]] Result<std::string> read_token_file(const std::filesystem::path& path);

class LiveClient {
public:
    enum class State {
        Connecting,   // no answer yet
        Connected,    // the last request was answered
        Unauthorized, // the player refused the token (401): nothing more is tried
        Lost,         // the player stopped answering; the thread keeps trying
    };

    // An object of the tree: what /api/v1/objects and the change stream tell.
    struct Node {
        std::string guid;
        std::string name;
        std::string parent; // empty: none
        std::string layer;
    };

    // What the client knows now.
    struct View {
        State state = State::Connecting;
        std::string problem;              // why not Connected (empty when it is)
        Json world;                       // the last GET /api/v1/world, or null
        std::vector<Node> tree;           // in the player's store order
        std::uint64_t tree_version = 0;   // changes whenever the tree does
        Json selected;                    // the selected object (GET /api/v1/objects/GUID), or null
        std::uint64_t selected_tick = 0;  // the tick `selected` was read at
        std::uint64_t selected_after = 0; // commands sent before `selected` was read
        // The last GET /api/v1/state asked for with request_state (a scene file's text), or null.
        std::shared_ptr<const std::string> scene_text;
        std::uint64_t scene_version = 0; // counts the states read
        std::uint64_t scene_after = 0;   // commands sent before `scene_text` was read
        std::uint64_t commands_sent = 0; // commands sent so far (answered or refused)
        std::string last_error;          // the last refused command's error, if any
    };

    // Starts the thread; it connects at once and keeps trying while the player does not answer.
    explicit LiveClient(LiveAddress address,
                        std::chrono::milliseconds refresh = std::chrono::milliseconds(100));
    // Stops the thread (within one request's timeout at most).
    ~LiveClient();
    LiveClient(const LiveClient&) = delete;
    LiveClient& operator=(const LiveClient&) = delete;

    [[nodiscard]] View view() const;
    [[nodiscard]] const LiveAddress& address() const;

    // The object whose fields are kept fresh (empty: none).
    void select(std::string guid);
    // Reads the whole state once more, soon (after the commands queued so far).
    void request_state();
    // Queued commands, sent in order by the thread; a refused one sets View::last_error.
    void set_field(std::string guid, std::string path, Json value);
    void pause();
    void resume();
    void step(std::uint64_t ticks);
    // A script's new source, for the player to reload (file as the project names it).
    void replace_script(std::string file, std::string source);

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace diorama::live
