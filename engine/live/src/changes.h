#pragma once
// The changes to the object tree (objects created, destroyed, renamed, moved to another parent
// or layer) for GET /api/v1/changes, so a client keeps its tree without reading every object.
//
// The ticking thread compares the world with its last look at most every kLookEvery of wall
// time, and only while some client has asked for changes in the last kWatchFor; each look that
// finds changes becomes a numbered batch. HTTP threads read the batches (prepared JSON) and wait
// for new ones without touching the world.

#include "diorama/handle.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace diorama {
class World;
}

namespace diorama::live {

class ChangeLog {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::chrono::milliseconds kLookEvery{50};
    static constexpr std::chrono::seconds kWatchFor{30};
    static constexpr std::size_t kBatchesKept = 256;

    // Ticking thread, at a tick boundary: looks for changes when due and watched.
    void look(const World& world, std::uint64_t tick);

    // HTTP thread: {"seq": N, "reset": bool, "batches": [...]}: the batches after `since`,
    // waiting up to `wait` for one when there is none. reset: `since` is older than what is
    // kept (or from before watching began): the client reads the whole tree again (GET
    // /api/v1/objects, answered at a boundary no earlier than the snapshot it goes on from) and
    // asks again from seq.
    [[nodiscard]] std::string after(std::uint64_t since, std::chrono::milliseconds wait);
    // Ends every wait (the server stops).
    void close();

private:
    struct Node {
        std::string name;
        std::uint64_t parent = 0;
        std::uint32_t layer = 0;
        bool operator==(const Node&) const = default;
    };
    struct Batch {
        std::uint64_t seq;
        std::string json;
    };

    std::mutex m_mutex;
    std::condition_variable m_added;
    std::deque<Batch> m_batches;
    std::uint64_t m_seq = 0;      // the last batch's number
    std::uint64_t m_base_seq = 0; // the seq the current snapshot started at
    Clock::time_point m_asked{};  // when a client last asked
    bool m_ready = false;         // a snapshot exists: batches after m_base_seq are complete
    bool m_closed = false;
    // Ticking thread only:
    std::unordered_map<std::uint64_t, Node> m_snapshot; // by guid; empty while unwatched
    bool m_have_snapshot = false;
    Clock::time_point m_looked{};
};

} // namespace diorama::live
