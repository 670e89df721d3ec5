#pragma once
// LiveAttachment: what the editor keeps while attached to a running player (File > Attach to
// Player): the live link's client (live_client.h; every network call on its own thread) and,
// from what the client read, the player's world rebuilt in the open game (the mirror) for the
// panels to show. The whole state is read again and again, paced by what loading it costs; the
// selected object's fields about ten times a second. Edits reach the player field by field.
//
// Nothing here waits on the network: a frame only takes what the client's thread already read.

#include "diorama/game.h"
#include "diorama/handle.h"
#include "diorama/json_io.h"
#include "diorama/live/live_client.h"
#include "diorama/world.h"

#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace diorama::editor {

// Every field of some objects, before an edit: what send_changes compares with.
using FieldSnapshot = std::map<Guid, Json>;

class LiveAttachment {
public:
    // Starts the client (it connects at once); game is the open game, which outlives this.
    LiveAttachment(live::LiveAddress address, const Game& game);
    // Waits for a state being loaded (finish_loading), then stops the client.
    ~LiveAttachment();
    LiveAttachment(const LiveAttachment&) = delete;
    LiveAttachment& operator=(const LiveAttachment&) = delete;

    // Call once per frame with a monotonic clock. Follows `selected` (its fields refreshed about
    // 10 Hz), asks for the next state when due, starts loading a state read into a world of the
    // game on a thread of its own (component hooks off: no game code runs), and returns the
    // newest world loaded when it has every edit sent so far (else null: keep the mirror). Then
    // writes the selected object's freshest fields into mirror (or the new world).
    [[nodiscard]] std::unique_ptr<World> update(World& mirror, Guid selected, double now_s);
    // Waits until no state is being loaded (its world is taken by the next update). Call before
    // changing the game's types (a script reload): the load reads them.
    void finish_loading();

    // The objects' fields now, in the scene files' value forms (components_to_json).
    [[nodiscard]] static FieldSnapshot fields_of(const World& world,
                                                 const std::vector<Guid>& objects);
    // Sends the player every field of the snapshot's objects that differs in world now.
    void send_changes(const World& world, const FieldSnapshot& before);
    // The script file's new source, for the player to reload (PUT /api/v1/scripts/FILE).
    void send_script(const std::string& file, std::string source);
    void pause();
    void resume();
    void step(std::uint64_t ticks);

    // ---- what the banner and the menus show ----
    [[nodiscard]] const live::LiveClient::View& view() const { return m_view; }
    // "127.0.0.1:7777"
    [[nodiscard]] std::string address() const;
    [[nodiscard]] bool connected() const {
        return m_view.state == live::LiveClient::State::Connected;
    }
    // The remote game is paused (true until the first answer says otherwise).
    [[nodiscard]] bool paused() const;
    // The remote tick of the world summary; 0 before the first.
    [[nodiscard]] std::uint64_t tick() const;
    // The mirror has been loaded from the player at least once.
    [[nodiscard]] bool has_state() const { return m_loaded != nullptr; }
    // The mirror was last loaded from a state the player read after every edit sent so far.
    [[nodiscard]] bool settled() const { return has_state() && m_loaded_after >= m_queued; }
    // The scene text the mirror was last loaded from, exactly as the player wrote it.
    [[nodiscard]] const std::shared_ptr<const std::string>& state_text() const { return m_loaded; }
    // The tick of that text (its world summary's tick when it arrived).
    [[nodiscard]] std::uint64_t state_tick() const { return m_loaded_tick; }
    // Why the last state could not be loaded (a player running another game); empty when it
    // loaded.
    [[nodiscard]] const std::string& load_problem() const { return m_load_problem; }

private:
    // A state read from the player, then loaded.
    struct Loaded {
        std::shared_ptr<const std::string> text;
        std::string file;             // names it in messages
        std::uint64_t after = 0;      // View::scene_after
        std::uint64_t tick = 0;       // the world summary's tick when it arrived
        std::unique_ptr<World> world; // null when it could not be loaded
        std::string problem;          // why
        double seconds = 0.0;         // how long loading took
    };
    // Builds state's world (on the loading thread: reads the game only).
    static Loaded load(const Game& game, Loaded state);

    // Writes an object's fields as the client read them into world (fields the world's types do
    // not have, or objects it does not hold, are left: the next state brings them).
    static void write_fields(World& world, const Json& object);

    const Game& m_game;
    live::LiveClient m_client;
    live::LiveClient::View m_view;
    std::uint64_t m_queued = 0; // commands queued on the client so far
    std::string m_following;    // the guid the client follows
    std::uint64_t m_scene_version = 0;
    bool m_state_asked = false;
    double m_next_state_s = 0.0; // when to ask for the next state
    std::shared_ptr<const std::string> m_loaded;
    std::uint64_t m_loaded_tick = 0;
    std::uint64_t m_loaded_after = 0; // its View::scene_after
    std::uint64_t m_shown_tick = 0;   // the newest tick the mirror's selected object shows
    std::string m_load_problem;
    std::future<Loaded> m_loading; // valid while a state is being loaded
};

} // namespace diorama::editor
