#include "diorama/simulation.h"

#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <utility>

namespace diorama {

Simulation::Simulation(World& world, SimulationDef def) : m_world(world), m_def(def) {
    assert(def.tick_rate_hz > 0.0 && def.max_ticks_per_advance > 0);
    m_step_s = 1.0 / def.tick_rate_hz;
}

void Simulation::push_input(const InputEvent& event) {
    // Only the fields an input script holds for the kind: a recording replays what was received.
    InputEvent e{.kind = event.kind};
    switch (event.kind) {
    case InputEventKind::KeyDown:
    case InputEventKind::KeyUp:
        e.key = event.key;
        break;
    case InputEventKind::MouseDown:
    case InputEventKind::MouseUp:
        e.button = event.button;
        e.position = event.position;
        break;
    case InputEventKind::MouseMove:
        e.position = event.position;
        break;
    case InputEventKind::Wheel:
        e.wheel = event.wheel;
        break;
    }
    m_inputs.push_back(e);
}

void Simulation::play_input(InputScript script) {
    m_script = std::move(script);
    m_script_next = 0;
    while (m_script_next < m_script.events.size() && m_script.events[m_script_next].tick < m_ticks)
        ++m_script_next;
}

void Simulation::dispatch_input() {
    while (m_script_next < m_script.events.size() && m_script.events[m_script_next].tick <= m_ticks)
        m_inputs.push_back(m_script.events[m_script_next++].event);
    std::vector<InputEvent> events;
    events.swap(m_inputs);
    InputState& state = m_world.input();
    for (const InputEvent& e : events) {
        if (m_recording) m_recorded.events.push_back(TimedInput{m_ticks, e});
        state.human = true;
        const auto key = static_cast<std::size_t>(e.key);
        switch (e.kind) {
        case InputEventKind::KeyDown:
            if (key < state.keys_down.size()) state.keys_down.set(key);
            break;
        case InputEventKind::KeyUp:
            if (key < state.keys_down.size()) state.keys_down.reset(key);
            break;
        case InputEventKind::MouseMove:
            state.mouse = e.position;
            break;
        case InputEventKind::MouseDown:
            state.mouse = e.position;
            if (e.button < 8)
                state.buttons_down =
                    static_cast<std::uint8_t>(state.buttons_down | (1u << e.button));
            break;
        case InputEventKind::MouseUp:
            state.mouse = e.position;
            if (e.button < 8)
                state.buttons_down =
                    static_cast<std::uint8_t>(state.buttons_down & ~(1u << e.button));
            break;
        case InputEventKind::Wheel:
            break;
        }
        for (const TypeInfo* t : m_world.registry().types()) {
            if (!t->hooks.on_event) continue;
            const PoolBase* pool = m_world.pool(t->id);
            if (pool == nullptr) continue;
            // Snapshot: hooks may add or remove components of this type.
            const auto entities = pool->entities(); // a copy
            for (std::uint32_t entity : entities) {
                const Handle h = m_world.handle_at(entity);
                if (void* c = m_world.get(h, t->id)) t->hooks.on_event(m_world, h, c, e);
            }
        }
    }
}

void Simulation::tick() {
    const auto start = std::chrono::steady_clock::now();
    m_world.transient().reset();
    dispatch_input();
    const auto dt = static_cast<float>(m_step_s);
    for (const System& s : m_world.registry().systems())
        s.run(m_world, dt);
    m_stats.messages_delivered = m_world.deliver_messages();
    m_stats.objects_destroyed = m_world.flush();
    m_world.settle_spatial();
    ++m_ticks;
    m_stats.arena_watermark = m_world.transient().used();
    m_stats.tick_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

int Simulation::advance(double elapsed_s, const std::function<bool()>& go_on) {
    if (!(elapsed_s > 0.0)) return 0; // also rejects NaN
    if (std::isinf(elapsed_s)) elapsed_s = kMaxElapsedS;
    m_accumulator += elapsed_s;
    int ran = 0;
    while (m_accumulator >= m_step_s && ran < m_def.max_ticks_per_advance) {
        tick();
        m_accumulator -= m_step_s;
        ++ran;
        if (go_on && !go_on()) {
            m_accumulator = 0.0;
            return ran;
        }
    }
    if (m_accumulator >= m_step_s) {
        // A stall (debugger, SIGSTOP, slow frame): drop the backlog rather than spiral.
        const double keep = std::fmod(m_accumulator, m_step_s);
        m_dropped_s += m_accumulator - keep;
        m_accumulator = keep;
    }
    return ran;
}

} // namespace diorama
