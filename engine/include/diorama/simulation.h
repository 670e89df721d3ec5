#pragma once
// Simulation: runs a world at a fixed time step. The same world and the same inputs give
// bit-identical state after every tick.
//
// One tick, in this order:
//   1. the transient arena is reset;
//   2. input: the input script's events for this tick are queued after those pushed so far; then
//      the queued events update world.input() and reach every on_event hook (per event: each type
//      with the hook in registry order, each of its objects in pool order);
//   3. systems, in registration order, each called with dt = the fixed step;
//   4. messages: everything queued so far is delivered (World::deliver_messages);
//   5. flush: objects marked for destruction are removed;
//   6. spatial update: the index is brought up to date with every object's bounds.

#include "diorama/input_script.h"
#include "diorama/message.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace diorama {

class World;

struct SimulationDef {
    double tick_rate_hz = 60.0;    // fixed steps per second (> 0)
    int max_ticks_per_advance = 8; // catch-up bound: beyond it, time is dropped, not owed
};

// Measured figures of the last tick.
struct TickStats {
    double tick_ms = 0.0;            // wall time of the last tick
    std::size_t arena_watermark = 0; // transient bytes the last tick used at most
    std::size_t messages_delivered = 0;
    std::size_t objects_destroyed = 0;
};

class Simulation {
public:
    // What an infinite elapsed time passed to advance() counts as.
    static constexpr double kMaxElapsedS = 3600.0;

    // The world must outlive the simulation.
    explicit Simulation(World& world, SimulationDef def = {});

    // Queues an input event for the next tick, with only the fields of its kind (the others are
    // zeroed, as an input script carries them: key; button and position; position; wheel).
    void push_input(const InputEvent& event);
    // Replays an input script: its events of tick N join the input of tick N (counted by
    // tick_count(), so from 0 for a new simulation). Replaces any script given before; events of
    // ticks already run are skipped.
    void play_input(InputScript script);
    // Script events not yet queued (0 once the script has been replayed, or without one).
    [[nodiscard]] std::size_t pending_script_events() const {
        return m_script.events.size() - m_script_next;
    }
    // Recording on: every event the input phase delivers from now on (pushed or replayed) is
    // appended to recorded_input() at the tick that delivers it, so replaying that script on the
    // same world gives the same states. Off (the default): nothing is kept.
    void record_input(bool on) { m_recording = on; }
    [[nodiscard]] const InputScript& recorded_input() const { return m_recorded; }
    // Runs exactly one fixed step.
    void tick();
    // Adds real elapsed time and runs the whole ticks it covers, at
    // most max_ticks_per_advance; time beyond that is dropped (see dropped_seconds). Returns the
    // ticks run. Zero, negative and NaN times do nothing. When go_on is given and returns false
    // after a tick, no more ticks run and the time not yet run is forgotten (the game paused
    // there: nothing is owed, nothing counts as dropped).
    int advance(double elapsed_s, const std::function<bool()>& go_on = {});

    [[nodiscard]] double step_s() const { return m_step_s; }
    [[nodiscard]] std::uint64_t tick_count() const { return m_ticks; }
    // Fraction of a step accumulated but not yet run (for interpolation), 0..1.
    [[nodiscard]] double alpha() const { return m_accumulator / m_step_s; }
    // Total time dropped because catch-up was bounded.
    [[nodiscard]] double dropped_seconds() const { return m_dropped_s; }
    [[nodiscard]] const TickStats& last_tick() const { return m_stats; }

private:
    void dispatch_input();

    World& m_world;
    SimulationDef m_def;
    double m_step_s = 1.0 / 60.0;
    double m_accumulator = 0.0;
    double m_dropped_s = 0.0;
    std::uint64_t m_ticks = 0;
    std::vector<InputEvent> m_inputs;
    InputScript m_script;
    std::size_t m_script_next = 0; // the next script event to queue
    bool m_recording = false;
    InputScript m_recorded;
    TickStats m_stats;
};

} // namespace diorama
