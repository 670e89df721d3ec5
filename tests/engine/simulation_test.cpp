// Simulation: the fixed-step tick (its phase order), the built-in Velocity and Lifetime systems,
// advance() and its catch-up bound, the transient arena per tick, input, and determinism.

#include "diorama/simulation.h"

#include "diorama/components.h"
#include "diorama/message.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace diorama {

// Test component types, with names unique to this file so no other test's types clash with them.
struct SimTestZulu { // registered before SimTestAlpha
    std::int32_t tag = 0;
};
struct SimTestAlpha {
    std::int32_t tag = 0;
};
// The determinism test's game logic: spawns, destroys, sends and reacts to messages and input.
struct SimTestSwarm {
    std::int32_t seed = 1;
    std::int32_t spawned = 0;
    std::int32_t hits = 0;
    float heat = 0.0f;
    Guid last_child{};
    Guid partner{};
};

namespace {

constexpr MessageKind kPing = message_kind("sim_test_ping");
constexpr MessageKind kPong = message_kind("sim_test_pong");
constexpr MessageKind kNudge = message_kind("sim_test_nudge");
constexpr MessageKind kBump = message_kind("sim_test_bump");

constexpr double kStep = 1.0 / 60.0;

ObjectDef child_of(Handle parent) {
    ObjectDef def;
    def.parent = parent;
    return def;
}

InputEvent key_event(InputEventKind kind, Key key) {
    InputEvent e;
    e.kind = kind;
    e.key = key;
    return e;
}

InputEvent mouse_event(InputEventKind kind, glm::vec2 position, std::uint8_t button = 0) {
    InputEvent e;
    e.kind = kind;
    e.position = position;
    e.button = button;
    return e;
}

const char* kind_name(InputEventKind kind) {
    switch (kind) {
    case InputEventKind::KeyDown:
        return "KeyDown";
    case InputEventKind::KeyUp:
        return "KeyUp";
    case InputEventKind::MouseMove:
        return "MouseMove";
    case InputEventKind::MouseDown:
        return "MouseDown";
    case InputEventKind::MouseUp:
        return "MouseUp";
    case InputEventKind::Wheel:
        return "Wheel";
    }
    return "?";
}

bool contains(const std::vector<Handle>& handles, Handle h) {
    return std::find(handles.begin(), handles.end(), h) != handles.end();
}

std::vector<Handle> at_point(const World& world, glm::vec2 p) {
    std::vector<Handle> out;
    world.query_point(p, out);
    return out;
}

// ---- fixture: a registry whose probe types log every hook call ----

class SimulationTest : public ::testing::Test {
protected:
    SimulationTest() {
        register_builtin_components(registry);
        EXPECT_TRUE(
            registry
                .add(TypeBuilder<SimTestZulu>("SimTestZulu")
                         .field<&SimTestZulu::tag>("tag")
                         .on_event([this](World& w, Handle h, SimTestZulu& c, const InputEvent& e) {
                             record("event:Zulu:" + std::to_string(c.tag) + ":" +
                                    kind_name(e.kind));
                             if (zulu_event) zulu_event(w, h, e);
                         })
                         .system([this](World& w, float dt) {
                             record("system:Zulu");
                             if (zulu_system) zulu_system(w, dt);
                         })
                         .on_message([this](World& w, Handle h, SimTestZulu& c, const Message& m) {
                             record("message:Zulu:" + std::to_string(c.tag) + ":" +
                                    std::to_string(m.i));
                             if (zulu_message) zulu_message(w, h, m);
                         })
                         .on_destroy([this](World& w, Handle h, SimTestZulu& c) {
                             record("destroy:Zulu:" + std::to_string(c.tag));
                             if (zulu_destroy) zulu_destroy(w, h);
                         })
                         .build())
                .ok());
        EXPECT_TRUE(
            registry
                .add(TypeBuilder<SimTestAlpha>("SimTestAlpha")
                         .field<&SimTestAlpha::tag>("tag")
                         .on_event([this](World&, Handle, SimTestAlpha& c, const InputEvent& e) {
                             record("event:Alpha:" + std::to_string(c.tag) + ":" +
                                    kind_name(e.kind));
                             events.push_back(e);
                         })
                         .system([this](World&, float) { record("system:Alpha"); })
                         .on_message([this](World&, Handle, SimTestAlpha& c, const Message& m) {
                             record("message:Alpha:" + std::to_string(c.tag) + ":" +
                                    std::to_string(m.i));
                         })
                         .build())
                .ok());
        registry.add_system("SimTestLate", [this](World& w, float dt) {
            record("system:Late");
            if (late_system) late_system(w, dt);
        });
    }

    void record(std::string entry) { log.push_back(std::move(entry)); }

    Handle zulu(World& world, std::int32_t tag, ObjectDef def = {}) {
        const Handle h = world.create(def).value();
        world.add<SimTestZulu>(h)->tag = tag;
        return h;
    }
    Handle alpha(World& world, std::int32_t tag, ObjectDef def = {}) {
        const Handle h = world.create(def).value();
        world.add<SimTestAlpha>(h)->tag = tag;
        return h;
    }
    static Message numbered(MessageKind kind, std::int32_t i) {
        Message m;
        m.kind = kind;
        m.i = i;
        return m;
    }
    static Handle with_collider(World& world, glm::vec2 position, float half = 1.0f) {
        const Handle h = world.create();
        world.get<Transform2D>(h)->position = position;
        world.add<Collider>(h)->half_extents = glm::vec2(half);
        return h;
    }

    // A system that ends a catch-up loop which would never end, so such a bug fails the test
    // (the exception escapes advance()) instead of hanging it.
    static std::function<void(World&, float)> stop_runaway_catch_up() {
        return [runs = 0](World&, float) mutable {
            if (++runs > 10'000) throw std::runtime_error("advance() ran more than 10000 ticks");
        };
    }

    TypeRegistry registry;
    std::vector<std::string> log;
    std::vector<InputEvent> events; // as received by SimTestAlpha's on_event hook
    std::function<void(World&, Handle, const InputEvent&)> zulu_event;
    std::function<void(World&, float)> zulu_system;
    std::function<void(World&, Handle, const Message&)> zulu_message;
    std::function<void(World&, Handle)> zulu_destroy;
    std::function<void(World&, float)> late_system;
};

// ---- the order of one tick ----

TEST_F(SimulationTest, ATickRunsInputHooksThenSystemsThenMessagesThenFlush) {
    World world(registry);
    const Handle x = zulu(world, 1);
    world.add<SimTestAlpha>(x)->tag = 1;
    const Handle v = zulu(world, 2);
    zulu_system = [&](World& w, float) {
        w.send(x, numbered(kPing, 7));
        w.destroy(v);
    };
    Simulation sim(world);
    sim.push_input(key_event(InputEventKind::KeyDown, Key::A));
    sim.push_input(key_event(InputEventKind::KeyUp, Key::A));
    sim.tick();

    const std::vector<std::string> expected = {
        // per event: each type with the hook in registry order, each of its objects in pool order
        "event:Zulu:1:KeyDown", "event:Zulu:2:KeyDown", "event:Alpha:1:KeyDown",
        "event:Zulu:1:KeyUp", "event:Zulu:2:KeyUp", "event:Alpha:1:KeyUp",
        // systems in registration order (the free system was added last)
        "system:Zulu", "system:Alpha", "system:Late",
        // messages: per target, its hooks in registry order
        "message:Zulu:1:7", "message:Alpha:1:7",
        // flush
        "destroy:Zulu:2"};
    EXPECT_EQ(log, expected);
    EXPECT_EQ(sim.tick_count(), 1u);
    EXPECT_EQ(sim.last_tick().messages_delivered, 2u);
    EXPECT_EQ(sim.last_tick().objects_destroyed, 1u);
}

TEST_F(SimulationTest, ObjectDestroyedByASystemIsAliveInMessageHooksOfTheSameTickAndGoneAfter) {
    World world(registry);
    const Handle receiver = zulu(world, 1);
    const Handle doomed = zulu(world, 2);
    zulu_system = [&](World& w, float) {
        w.destroy(doomed);
        w.send(doomed, numbered(kPing, 1));
        w.send(receiver, numbered(kPing, 2));
    };
    std::vector<bool> alive_in_hooks;
    std::vector<bool> has_component_in_hooks;
    zulu_message = [&](World& w, Handle, const Message&) {
        alive_in_hooks.push_back(w.alive(doomed) && w.destroying(doomed));
        has_component_in_hooks.push_back(w.has<SimTestZulu>(doomed));
    };
    Simulation sim(world);
    sim.tick();

    EXPECT_EQ(alive_in_hooks, (std::vector<bool>{true, true}));
    EXPECT_EQ(has_component_in_hooks, (std::vector<bool>{true, true}));
    EXPECT_FALSE(world.alive(doomed));
    EXPECT_TRUE(world.alive(receiver));
    EXPECT_EQ(world.stats().dropped_messages, 0u);
    EXPECT_EQ(world.stats().pending_destroy, 0u);
}

TEST_F(SimulationTest, MessagesSentByMessageHooksArriveNextTickAfterItsSystems) {
    World world(registry);
    const Handle h = zulu(world, 1);
    zulu_message = [&](World& w, Handle self, const Message& m) {
        if (m.kind == kPing) w.send(self, numbered(kPong, m.i + 1));
    };
    world.send(h, numbered(kPing, 10));
    Simulation sim(world);
    sim.tick();
    EXPECT_EQ(log, (std::vector<std::string>{"system:Zulu", "system:Alpha", "system:Late",
                                             "message:Zulu:1:10"}));
    EXPECT_EQ(world.stats().queued_messages, 1u);
    log.clear();
    sim.tick();
    EXPECT_EQ(log, (std::vector<std::string>{"system:Zulu", "system:Alpha", "system:Late",
                                             "message:Zulu:1:11"}));
    EXPECT_EQ(world.stats().queued_messages, 0u);
}

TEST_F(SimulationTest, SystemsRunInRegistrationOrderAfterTheBuiltIns) {
    World world(registry);
    const Handle mover = world.create();
    world.add<Velocity>(mover)->linear = {60.0f, 0.0f};
    float seen_by_zulu = -1.0f;
    zulu_system = [&](World& w, float) { seen_by_zulu = w.get<Transform2D>(mover)->position.x; };
    Simulation sim(world);
    sim.tick();
    // Velocity was registered before SimTestZulu, so Zulu sees this tick's motion.
    EXPECT_FLOAT_EQ(seen_by_zulu, 1.0f);

    std::vector<std::string> names;
    for (const System& s : registry.systems())
        names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"Velocity", "Lifetime", "SimTestZulu",
                                               "SimTestAlpha", "SimTestLate"}));
}

TEST_F(SimulationTest, SystemsReceiveTheFixedStepAsDt) {
    World world(registry);
    std::vector<float> dts;
    late_system = [&](World&, float dt) { dts.push_back(dt); };
    SimulationDef def;
    def.tick_rate_hz = 50.0;
    Simulation sim(world, def);
    EXPECT_DOUBLE_EQ(sim.step_s(), 0.02);
    sim.tick();
    sim.advance(0.05);
    EXPECT_EQ(dts, (std::vector<float>{0.02f, 0.02f, 0.02f}));
}

TEST_F(SimulationTest, TheSpatialIndexIsUpdatedAfterMessagesAndFlush) {
    World world(registry);
    const Handle mover = with_collider(world, {0.0f, 0.0f});
    const Handle bystander = with_collider(world, {0.0f, 500.0f});
    const Handle doomed = zulu(world, 9);
    world.get<Transform2D>(doomed)->position = {-300.0f, -300.0f};
    world.update_spatial();
    ASSERT_TRUE(contains(at_point(world, {-300.0f, -300.0f}), doomed));

    zulu_system = [&](World& w, float) {
        w.get<Transform2D>(mover)->position = {1000.0f, 0.0f};
        w.send(doomed, numbered(kPing, 1));
        w.destroy(doomed);
    };
    bool old_place_indexed_during_messages = false;
    bool new_place_indexed_during_messages = true;
    zulu_message = [&](World& w, Handle, const Message&) {
        old_place_indexed_during_messages = contains(at_point(w, {0.0f, 0.0f}), mover);
        new_place_indexed_during_messages = contains(at_point(w, {1000.0f, 0.0f}), mover);
    };
    // Moves another object while the doomed one is flushed: the spatial update comes later.
    zulu_destroy = [&](World& w, Handle) {
        w.get<Transform2D>(bystander)->position = {500.0f, 500.0f};
    };
    Simulation sim(world);
    sim.tick();

    EXPECT_TRUE(old_place_indexed_during_messages);
    EXPECT_FALSE(new_place_indexed_during_messages);
    EXPECT_TRUE(contains(at_point(world, {1000.0f, 0.0f}), mover));
    EXPECT_FALSE(contains(at_point(world, {0.0f, 0.0f}), mover));
    EXPECT_TRUE(contains(at_point(world, {500.0f, 500.0f}), bystander));
    EXPECT_TRUE(at_point(world, {-300.0f, -300.0f}).empty());
    EXPECT_FALSE(world.spatial().contains(doomed.index));
}

TEST_F(SimulationTest, AnObjectMovedByVelocityIsFoundAtItsNewPlaceRightAfterTheTick) {
    World world(registry);
    const Handle h = with_collider(world, {0.0f, 0.0f}, 1.0f);
    world.add<Velocity>(h)->linear = {600.0f, 0.0f}; // 10 units per tick
    world.update_spatial();
    Simulation sim(world);
    sim.tick();

    std::vector<Handle> found;
    world.query_rect(Rect{{9.5f, -0.5f}, {10.5f, 0.5f}}, found);
    EXPECT_EQ(found, (std::vector<Handle>{h}));
    EXPECT_TRUE(at_point(world, {0.0f, 0.0f}).empty());
    found.clear();
    world.query_circle({11.5f, 0.0f}, 1.0f, found); // the box now spans x 9..11
    EXPECT_EQ(found, (std::vector<Handle>{h}));
    found.clear();
    world.query_circle({-1.5f, 0.0f}, 1.0f, found); // touched the old box, not the new one
    EXPECT_TRUE(found.empty());
}

TEST_F(SimulationTest, ObjectsCreatedDuringATickAreIndexedAtItsEnd) {
    World world(registry);
    Handle spawned;
    zulu_system = [&](World& w, float) {
        if (!spawned) spawned = with_collider(w, {300.0f, 300.0f});
    };
    zulu(world, 1);
    Simulation sim(world);
    sim.tick();
    ASSERT_TRUE(spawned);
    EXPECT_EQ(at_point(world, {300.0f, 300.0f}), (std::vector<Handle>{spawned}));
}

// ---- transient arena ----

TEST_F(SimulationTest, TheTransientArenaIsResetAtTheStartOfEveryTickAndItsWatermarkReported) {
    World world(registry);
    const std::vector<std::size_t> sizes = {1000, 0, 70'000, 10, 0};
    std::vector<std::size_t> used_at_start;
    std::size_t tick = 0;
    late_system = [&](World& w, float) {
        used_at_start.push_back(w.transient().used());
        if (sizes[tick] > 0) {
            void* p = w.transient().allocate(sizes[tick], 1);
            ASSERT_NE(p, nullptr);
        }
    };
    Simulation sim(world);
    for (tick = 0; tick < sizes.size(); ++tick) {
        sim.tick();
        EXPECT_EQ(sim.last_tick().arena_watermark, sizes[tick]) << "tick " << tick;
        if (tick > 0) {
            EXPECT_EQ(world.transient().last_watermark(), sizes[tick - 1]);
        }
    }
    EXPECT_EQ(used_at_start, (std::vector<std::size_t>(sizes.size(), 0)));
    EXPECT_EQ(world.transient().high_watermark(), 70'000u);
}

TEST_F(SimulationTest, ArenaMemoryFromASystemStaysValidThroughTheSameTicksMessageHooks) {
    World world(registry);
    const Handle h = zulu(world, 1);
    std::int32_t* scratch = nullptr;
    zulu_system = [&](World& w, float) {
        std::span<std::int32_t> a = w.transient().make_array<std::int32_t>(64);
        ASSERT_EQ(a.size(), 64u);
        a[63] = 1234;
        scratch = a.data();
        w.send(h, numbered(kPing, 0));
    };
    std::int32_t read_back = 0;
    zulu_message = [&](World&, Handle, const Message&) { read_back = scratch[63]; };
    Simulation sim(world);
    sim.tick();
    EXPECT_EQ(read_back, 1234);
    EXPECT_GE(sim.last_tick().arena_watermark, 64 * sizeof(std::int32_t));
}

// ---- input ----

TEST_F(SimulationTest, KeyEventsUpdateTheInputStateAtTheNextTick) {
    World world(registry);
    Simulation sim(world);
    sim.push_input(key_event(InputEventKind::KeyDown, Key::Left));
    sim.push_input(key_event(InputEventKind::KeyDown, Key::Space));
    sim.push_input(key_event(InputEventKind::KeyDown, Key::Num9));
    sim.push_input(key_event(InputEventKind::KeyUp, Key::Left));
    EXPECT_FALSE(world.input().down(Key::Space)) << "events wait for the tick";
    EXPECT_FALSE(world.input().human);

    sim.tick();
    EXPECT_TRUE(world.input().down(Key::Space));
    EXPECT_TRUE(world.input().down(Key::Num9));
    EXPECT_FALSE(world.input().down(Key::Left));
    EXPECT_FALSE(world.input().down(Key::Right));
    EXPECT_EQ(world.input().keys_down.count(), 2u);
    EXPECT_TRUE(world.input().human);

    sim.tick();
    EXPECT_TRUE(world.input().down(Key::Space)) << "a key stays down until its KeyUp";
    sim.push_input(key_event(InputEventKind::KeyUp, Key::Space));
    sim.tick();
    EXPECT_FALSE(world.input().down(Key::Space));
}

TEST_F(SimulationTest, MouseEventsUpdatePositionAndButtons) {
    World world(registry);
    Simulation sim(world);
    sim.push_input(mouse_event(InputEventKind::MouseMove, {10.0f, 20.0f}));
    sim.tick();
    EXPECT_EQ(world.input().mouse, glm::vec2(10.0f, 20.0f));
    EXPECT_EQ(world.input().buttons_down, 0u);

    sim.push_input(mouse_event(InputEventKind::MouseDown, {5.0f, 6.0f}, 2));
    sim.push_input(mouse_event(InputEventKind::MouseDown, {5.0f, 6.0f}, 0));
    sim.tick();
    EXPECT_EQ(world.input().buttons_down, 0b101u);
    EXPECT_EQ(world.input().mouse, glm::vec2(5.0f, 6.0f));

    sim.push_input(mouse_event(InputEventKind::MouseUp, {7.0f, 8.0f}, 2));
    sim.tick();
    EXPECT_EQ(world.input().buttons_down, 0b001u);
    EXPECT_EQ(world.input().mouse, glm::vec2(7.0f, 8.0f));
}

TEST_F(SimulationTest, OutOfRangeKeysAndButtonsChangeNoStateButStillMarkAHuman) {
    World world(registry);
    Simulation sim(world);
    sim.push_input(key_event(InputEventKind::KeyDown, static_cast<Key>(999)));
    sim.push_input(key_event(InputEventKind::KeyDown, Key::Count));
    sim.push_input(mouse_event(InputEventKind::MouseDown, {1.0f, 1.0f}, 9));
    sim.tick();
    EXPECT_EQ(world.input().keys_down.count(), 0u);
    EXPECT_EQ(world.input().buttons_down, 0u);
    EXPECT_TRUE(world.input().human);
}

TEST_F(SimulationTest, HumanStaysFalseUntilAnyEventArrives) {
    World world(registry);
    Simulation sim(world);
    sim.tick();
    sim.advance(0.1);
    EXPECT_FALSE(world.input().human);
    InputEvent wheel;
    wheel.kind = InputEventKind::Wheel;
    wheel.wheel = -2.0f;
    sim.push_input(wheel);
    sim.tick();
    EXPECT_TRUE(world.input().human);
}

TEST_F(SimulationTest, EventHooksReceiveEachEventInOrderWithItsFieldsOnce) {
    World world(registry);
    alpha(world, 1);
    Simulation sim(world);
    InputEvent wheel;
    wheel.kind = InputEventKind::Wheel;
    wheel.wheel = 1.5f;
    wheel.position = {3.0f, 4.0f};
    const std::vector<InputEvent> pushed = {
        key_event(InputEventKind::KeyDown, Key::Z),
        mouse_event(InputEventKind::MouseDown, {-1.0f, 2.5f}, 1), wheel,
        key_event(InputEventKind::KeyUp, Key::Z)};
    for (const InputEvent& e : pushed)
        sim.push_input(e);
    sim.tick();
    ASSERT_EQ(events.size(), pushed.size());
    for (std::size_t i = 0; i < pushed.size(); ++i) {
        EXPECT_EQ(events[i].kind, pushed[i].kind) << i;
        EXPECT_EQ(events[i].key, pushed[i].key) << i;
        EXPECT_EQ(events[i].button, pushed[i].button) << i;
        // A wheel event carries only its wheel, as an input script records it.
        const bool wheel_event = pushed[i].kind == InputEventKind::Wheel;
        EXPECT_EQ(events[i].position, wheel_event ? glm::vec2(0.0f) : pushed[i].position) << i;
        EXPECT_EQ(events[i].wheel, pushed[i].wheel) << i;
    }
    sim.tick();
    EXPECT_EQ(events.size(), pushed.size()) << "an event reaches the hooks in one tick only";
}

TEST_F(SimulationTest, EventHooksSeeTheStateAlreadyUpdatedByTheirEvent) {
    World world(registry);
    zulu(world, 1);
    std::vector<bool> space_down_in_hook;
    zulu_event = [&](World& w, Handle, const InputEvent&) {
        space_down_in_hook.push_back(w.input().down(Key::Space));
    };
    bool space_down_in_system = false;
    zulu_system = [&](World& w, float) { space_down_in_system = w.input().down(Key::Space); };
    Simulation sim(world);
    sim.push_input(key_event(InputEventKind::KeyDown, Key::Space));
    sim.push_input(key_event(InputEventKind::KeyUp, Key::Space));
    sim.push_input(key_event(InputEventKind::KeyDown, Key::Space));
    sim.tick();
    EXPECT_EQ(space_down_in_hook, (std::vector<bool>{true, false, true}));
    EXPECT_TRUE(space_down_in_system);
}

TEST_F(SimulationTest, AnObjectCreatedByAnEventHookReceivesOnlyLaterEvents) {
    World world(registry);
    zulu(world, 1);
    bool created = false; // once only, so a failing run stays finite
    zulu_event = [&](World& w, Handle, const InputEvent& e) {
        if (e.kind == InputEventKind::KeyDown && !created) {
            created = true;
            zulu(w, 2);
        }
    };
    Simulation sim(world);
    sim.push_input(key_event(InputEventKind::KeyDown, Key::A));
    sim.push_input(key_event(InputEventKind::KeyUp, Key::A));
    sim.tick();
    const std::vector<std::string> events_only(log.begin(), log.begin() + 3);
    EXPECT_EQ(events_only, (std::vector<std::string>{"event:Zulu:1:KeyDown", "event:Zulu:1:KeyUp",
                                                     "event:Zulu:2:KeyUp"}));
}

// ---- built-in systems ----

TEST_F(SimulationTest, VelocityMovesByLinearTimesDtAndTurnsByAngularTimesDt) {
    World world(registry);
    const Handle h = world.create();
    Transform2D& t = *world.get<Transform2D>(h);
    t.position = {5.0f, -7.0f};
    t.rotation_deg = 10.0f;
    Velocity& v = *world.add<Velocity>(h);
    v.linear = {30.0f, -12.0f};
    v.angular_deg = 90.0f;
    Simulation sim(world);
    const auto dt = static_cast<float>(sim.step_s());

    sim.tick();
    const Transform2D& after = *world.get<Transform2D>(h);
    EXPECT_FLOAT_EQ(after.position.x, 5.0f + 30.0f * dt);
    EXPECT_FLOAT_EQ(after.position.y, -7.0f - 12.0f * dt);
    EXPECT_FLOAT_EQ(after.rotation_deg, 10.0f + 90.0f * dt);
    EXPECT_EQ(after.scale, glm::vec2(1.0f));

    for (int i = 1; i < 60; ++i)
        sim.tick();
    EXPECT_NEAR(world.get<Transform2D>(h)->position.x, 35.0f, 1e-3f);
    EXPECT_NEAR(world.get<Transform2D>(h)->position.y, -19.0f, 1e-3f);
    EXPECT_NEAR(world.get<Transform2D>(h)->rotation_deg, 100.0f, 1e-3f);
}

TEST_F(SimulationTest, OnlyObjectsWithVelocityMoveAndAddingOrRemovingItTakesEffect) {
    World world(registry);
    const Handle still = world.create();
    const Handle late = world.create();
    const Handle stopped = world.create();
    world.add<Velocity>(stopped)->linear = {60.0f, 0.0f};
    Simulation sim(world);
    sim.tick();
    EXPECT_EQ(world.get<Transform2D>(still)->position, glm::vec2(0.0f));
    EXPECT_EQ(world.get<Transform2D>(late)->position, glm::vec2(0.0f));
    EXPECT_FLOAT_EQ(world.get<Transform2D>(stopped)->position.x, 1.0f);

    world.add<Velocity>(late)->linear = {0.0f, 120.0f};
    world.remove<Velocity>(stopped);
    sim.tick();
    EXPECT_FLOAT_EQ(world.get<Transform2D>(late)->position.y, 2.0f);
    EXPECT_FLOAT_EQ(world.get<Transform2D>(stopped)->position.x, 1.0f);
    EXPECT_EQ(world.get<Transform2D>(still)->position, glm::vec2(0.0f));
}

TEST_F(SimulationTest, VelocityMovesEachOfManyObjectsByItsOwnVelocityAfterChurn) {
    World world(registry);
    std::mt19937 rng(99);
    std::uniform_real_distribution<float> speed(-100.0f, 100.0f);
    std::vector<Handle> objects;
    for (int i = 0; i < 2000; ++i)
        objects.push_back(world.create());
    // Velocities added in a shuffled order, some removed again and some objects destroyed, so
    // the Transform2D + Velocity group is exercised beyond the trivial layout.
    std::vector<Handle> order = objects;
    std::shuffle(order.begin(), order.end(), rng);
    for (Handle h : order)
        world.add<Velocity>(h)->linear = {speed(rng), speed(rng)};
    for (std::size_t i = 0; i < order.size(); i += 7)
        world.remove<Velocity>(order[i]);
    for (std::size_t i = 3; i < objects.size(); i += 11)
        world.destroy(objects[i]);
    world.flush();

    std::vector<std::pair<Handle, glm::vec2>> expected;
    Simulation sim(world);
    const auto dt = static_cast<float>(sim.step_s());
    for (Handle h : objects) {
        if (!world.alive(h)) continue;
        const Velocity* v = world.get<Velocity>(h);
        expected.emplace_back(h, v ? v->linear * dt : glm::vec2(0.0f));
    }
    sim.tick();
    for (const auto& [h, position] : expected) {
        ASSERT_EQ(world.get<Transform2D>(h)->position, position) << "object " << h.index;
    }
}

TEST_F(SimulationTest, VelocityOfAChildIsInItsParentsFrame) {
    World world(registry);
    const Handle parent = world.create();
    world.get<Transform2D>(parent)->position = {100.0f, 0.0f};
    world.get<Transform2D>(parent)->rotation_deg = 90.0f;
    const Handle child = world.create(child_of(parent)).value();
    world.add<Velocity>(child)->linear = {60.0f, 0.0f};
    Simulation sim(world);
    sim.tick();
    EXPECT_FLOAT_EQ(world.get<Transform2D>(child)->position.x, 1.0f);
    const glm::vec2 p = world.world_position(child);
    EXPECT_NEAR(p.x, 100.0f, 1e-4f);
    EXPECT_NEAR(p.y, 1.0f, 1e-4f);
}

TEST_F(SimulationTest, LifetimeCountsDownByDtEachTick) {
    World world(registry);
    const Handle h = world.create();
    world.add<Lifetime>(h)->remaining_s = 1.0f;
    Simulation sim(world);
    sim.tick();
    EXPECT_FLOAT_EQ(world.get<Lifetime>(h)->remaining_s, 1.0f - static_cast<float>(kStep));
}

TEST_F(SimulationTest, LifetimeDestroysItsObjectOnceRemainingSecondsRunOut) {
    World world(registry);
    const Handle h = world.create();
    world.add<Lifetime>(h)->remaining_s = 0.51f; // 30.6 steps
    Simulation sim(world);
    for (int i = 0; i < 30; ++i)
        sim.tick();
    ASSERT_TRUE(world.alive(h));
    EXPECT_GT(world.get<Lifetime>(h)->remaining_s, 0.0f);
    EXPECT_FALSE(world.destroying(h));
    sim.tick();
    EXPECT_FALSE(world.alive(h)) << "destroyed and flushed in the 31st tick";
    EXPECT_EQ(sim.last_tick().objects_destroyed, 1u);
}

TEST_F(SimulationTest, LifetimeOfExactlyOneStepEndsTheObjectInTheFirstTick) {
    World world(registry);
    Simulation sim(world);
    const Handle h = world.create();
    world.add<Lifetime>(h)->remaining_s = static_cast<float>(sim.step_s());
    sim.tick();
    EXPECT_FALSE(world.alive(h)) << "its time is up when remaining_s reaches zero";
}

TEST_F(SimulationTest, LifetimeOfZeroOrLessEndsTheObjectInTheFirstTick) {
    World world(registry);
    const Handle zero = world.create();
    world.add<Lifetime>(zero)->remaining_s = 0.0f;
    const Handle negative = world.create();
    world.add<Lifetime>(negative)->remaining_s = -5.0f;
    const Handle tiny = world.create();
    world.add<Lifetime>(tiny)->remaining_s = 1e-6f;
    const Handle keeper = world.create();
    world.add<Lifetime>(keeper)->remaining_s = 10.0f;
    Simulation sim(world);
    sim.tick();
    EXPECT_FALSE(world.alive(zero));
    EXPECT_FALSE(world.alive(negative));
    EXPECT_FALSE(world.alive(tiny));
    EXPECT_TRUE(world.alive(keeper));
    EXPECT_EQ(sim.last_tick().objects_destroyed, 3u);
}

TEST_F(SimulationTest, LifetimeEndsTheObjectsChildrenWithIt) {
    World world(registry);
    const Handle parent = world.create();
    world.add<Lifetime>(parent)->remaining_s = 0.01f;
    const Handle child = world.create(child_of(parent)).value();
    const Handle grandchild = world.create(child_of(child)).value();
    Simulation sim(world);
    sim.tick();
    EXPECT_FALSE(world.alive(parent));
    EXPECT_FALSE(world.alive(child));
    EXPECT_FALSE(world.alive(grandchild));
    EXPECT_EQ(sim.last_tick().objects_destroyed, 3u);
    EXPECT_EQ(world.object_count(), 0u);
}

// ---- advance ----

TEST_F(SimulationTest, AdvanceRunsTheWholeTicksCoveredAndKeepsTheRemainder) {
    World world(registry);
    Simulation sim(world);
    EXPECT_DOUBLE_EQ(sim.step_s(), kStep);
    EXPECT_EQ(sim.advance(2.5 * kStep), 2);
    EXPECT_EQ(sim.tick_count(), 2u);
    EXPECT_NEAR(sim.alpha(), 0.5, 1e-9);
    EXPECT_EQ(sim.advance(0.6 * kStep), 1);
    EXPECT_EQ(sim.tick_count(), 3u);
    EXPECT_NEAR(sim.alpha(), 0.1, 1e-9);
    EXPECT_EQ(sim.dropped_seconds(), 0.0);
}

TEST_F(SimulationTest, AdvanceShorterThanAStepAccumulates) {
    World world(registry);
    Simulation sim(world);
    EXPECT_EQ(sim.advance(0.4 * kStep), 0);
    EXPECT_NEAR(sim.alpha(), 0.4, 1e-9);
    EXPECT_EQ(sim.advance(0.4 * kStep), 0);
    EXPECT_NEAR(sim.alpha(), 0.8, 1e-9);
    EXPECT_EQ(sim.advance(0.4 * kStep), 1);
    EXPECT_NEAR(sim.alpha(), 0.2, 1e-9);
    EXPECT_EQ(sim.tick_count(), 1u);
}

TEST_F(SimulationTest, AdvanceBoundsCatchUpAndReportsTheDroppedTime) {
    World world(registry);
    SimulationDef def;
    def.max_ticks_per_advance = 4;
    Simulation sim(world, def);
    EXPECT_EQ(sim.advance(10.25 * kStep), 4);
    EXPECT_EQ(sim.tick_count(), 4u);
    EXPECT_NEAR(sim.dropped_seconds(), 6.0 * kStep, 1e-9);
    EXPECT_NEAR(sim.alpha(), 0.25, 1e-9);

    EXPECT_EQ(sim.advance(5.5 * kStep), 4); // 5.75 steps owed
    EXPECT_NEAR(sim.dropped_seconds(), 7.0 * kStep, 1e-9) << "the total grows";
    EXPECT_NEAR(sim.alpha(), 0.75, 1e-9);

    EXPECT_EQ(sim.advance(3.0 * kStep), 3) << "within the bound nothing more is dropped";
    EXPECT_NEAR(sim.dropped_seconds(), 7.0 * kStep, 1e-9);
    EXPECT_NEAR(sim.alpha(), 0.75, 1e-9);
}

TEST_F(SimulationTest, AdvanceOfExactlyTheBoundDropsNothing) {
    World world(registry);
    SimulationDef def;
    def.max_ticks_per_advance = 4;
    Simulation sim(world, def);
    EXPECT_EQ(sim.advance(4.5 * kStep), 4);
    EXPECT_EQ(sim.dropped_seconds(), 0.0);
    EXPECT_NEAR(sim.alpha(), 0.5, 1e-9);
}

TEST_F(SimulationTest, AdvanceStopsRightAfterTheTickGoOnRefusesAndForgetsTheRest) {
    World world(registry);
    Simulation sim(world);
    int asked = 0;
    EXPECT_EQ(sim.advance(6.5 * kStep, [&] { return ++asked < 2; }), 2);
    EXPECT_EQ(sim.tick_count(), 2u);
    EXPECT_EQ(sim.alpha(), 0.0) << "paused: nothing owed";
    EXPECT_EQ(sim.dropped_seconds(), 0.0) << "a pause is not a stall";
    EXPECT_EQ(sim.advance(1.5 * kStep, [] { return true; }), 1);
    EXPECT_NEAR(sim.alpha(), 0.5, 1e-9);
}

TEST_F(SimulationTest, AdvanceWithNanNegativeOrZeroTimeDoesNothing) {
    World world(registry);
    std::size_t system_runs = 0;
    late_system = [&](World&, float) { ++system_runs; };
    Simulation sim(world);
    ASSERT_EQ(sim.advance(0.3 * kStep), 0);
    const double alpha = sim.alpha();
    for (double elapsed : {std::numeric_limits<double>::quiet_NaN(), -1.0, -kStep, -0.0, 0.0,
                           -std::numeric_limits<double>::infinity(),
                           std::numeric_limits<double>::denorm_min() * -1.0}) {
        EXPECT_EQ(sim.advance(elapsed), 0) << elapsed;
        EXPECT_EQ(sim.alpha(), alpha) << elapsed;
    }
    EXPECT_EQ(sim.tick_count(), 0u);
    EXPECT_EQ(system_runs, 0u);
    EXPECT_EQ(sim.dropped_seconds(), 0.0);
    EXPECT_EQ(sim.advance(0.7 * kStep), 1) << "the accumulator is intact";
}

TEST_F(SimulationTest, AdvanceByAnInfiniteTimeIsBoundedAndLaterAdvancesStillRun) {
    World world(registry);
    late_system = stop_runaway_catch_up();
    Simulation sim(world);
    const int ran = sim.advance(std::numeric_limits<double>::infinity());
    EXPECT_LE(ran, 8);
    EXPECT_TRUE(std::isfinite(sim.alpha())) << "alpha " << sim.alpha();
    EXPECT_FALSE(std::isnan(sim.dropped_seconds()));
    const std::uint64_t before = sim.tick_count();
    EXPECT_GE(sim.advance(1.5 * kStep), 1) << "the simulation must not stall for ever";
    EXPECT_GT(sim.tick_count(), before);
}

TEST_F(SimulationTest, AdvanceByAHugeFiniteTimeIsBoundedAndLaterAdvancesStillRun) {
    World world(registry);
    late_system = stop_runaway_catch_up();
    Simulation sim(world);
    EXPECT_EQ(sim.advance(1e30), 8);
    EXPECT_GE(sim.alpha(), 0.0);
    EXPECT_LT(sim.alpha(), 1.0);
    EXPECT_GT(sim.dropped_seconds(), 1e29);
    EXPECT_GE(sim.advance(1.5 * kStep), 1);
}

TEST_F(SimulationTest, AdvanceAccountsForEverySecondWhenNothingIsDropped) {
    World world(registry);
    Simulation sim(world);
    std::mt19937 rng(2024);
    std::uniform_real_distribution<double> frame(0.0, 3.0 * kStep);
    double total = 0.0;
    for (int i = 0; i < 5000; ++i) {
        const double elapsed = frame(rng);
        total += elapsed;
        const int ran = sim.advance(elapsed);
        ASSERT_GE(ran, 0);
        ASSERT_LE(ran, 4);
        ASSERT_GE(sim.alpha(), 0.0);
        ASSERT_LT(sim.alpha(), 1.0);
    }
    EXPECT_EQ(sim.dropped_seconds(), 0.0);
    const double accounted = (static_cast<double>(sim.tick_count()) + sim.alpha()) * kStep;
    EXPECT_NEAR(accounted, total, 1e-9);
}

TEST_F(SimulationTest, TheTickRateSetsTheStep) {
    World world(registry);
    SimulationDef def;
    def.tick_rate_hz = 30.0;
    Simulation sim(world, def);
    EXPECT_DOUBLE_EQ(sim.step_s(), 1.0 / 30.0);
    EXPECT_EQ(sim.advance(0.11), 3);
    EXPECT_NEAR(sim.alpha(), 0.3, 1e-9);
}

// ---- determinism ----

std::uint32_t next_random(std::int32_t& seed) {
    // xorshift32 on the bits of the reflected int32 field.
    auto x = static_cast<std::uint32_t>(seed);
    if (x == 0) x = 0x9e3779b9u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = static_cast<std::int32_t>(x);
    return x;
}

float signed_unit(std::uint32_t bits) { // -1..1 from 8 bits
    return static_cast<float>(static_cast<int>(bits & 0xffu) - 128) / 128.0f;
}

void swarm_system(World& world, float dt) {
    world.view<SimTestSwarm>().each([&world, dt](Handle self, SimTestSwarm& s) {
        const std::uint32_t r = next_random(s.seed);
        s.heat += dt * static_cast<float>(r % 16u);
        const glm::vec2 origin = world.get<Transform2D>(self)->position;
        if (r % 7u == 0) {
            ObjectDef def;
            def.name = "spark";
            def.layer = 1;
            if (r % 3u == 0) def.parent = self;
            const Handle c = world.create(def).value();
            world.get<Transform2D>(c)->position =
                (def.parent ? glm::vec2(0.0f) : origin) +
                glm::vec2(signed_unit(r >> 3), signed_unit(r >> 11)) * 20.0f;
            Velocity& v = *world.add<Velocity>(c);
            v.linear = glm::vec2(signed_unit(r >> 5), signed_unit(r >> 13)) * 80.0f;
            v.angular_deg = signed_unit(r >> 21) * 180.0f;
            world.add<Lifetime>(c)->remaining_s =
                0.2f + static_cast<float>((r >> 20) & 15u) * 0.07f;
            Shape& shape = *world.add<Shape>(c);
            shape.kind = ShapeKind::Circle;
            shape.radius = 2.0f + static_cast<float>(r & 7u);
            ++s.spawned;
            s.last_child = world.guid(c);
        }
        if (r % 11u == 0 && s.last_child) {
            world.destroy(world.find(s.last_child)); // may be gone already: a no-op then
            s.last_child = Guid{};
        }
        if (r % 5u == 0) {
            Message m;
            m.kind = kNudge;
            m.sender = self;
            m.i = static_cast<std::int32_t>(r & 0xffu);
            m.f = s.heat;
            m.v = origin;
            world.send(world.find(s.partner), m);
        }
        if (r % 97u == 0) {
            Message m;
            m.kind = kBump;
            m.sender = self;
            m.i = 1;
            m.v = {signed_unit(r >> 7), signed_unit(r >> 15)};
            world.broadcast(m, LayerId{0});
        }
    });
}

void swarm_message(World& world, Handle self, SimTestSwarm& s, const Message& m) {
    s.hits += m.i;
    s.heat = s.heat * 0.5f + m.f * 0.25f;
    Transform2D& t = *world.get<Transform2D>(self);
    t.rotation_deg += static_cast<float>(m.i) * 0.5f;
    if (m.kind == kBump) t.position += m.v * 3.0f;
}

void swarm_event(World&, Handle, SimTestSwarm& s, const InputEvent& e) {
    s.seed ^= static_cast<std::int32_t>(e.key) * 7919;
    s.heat += e.kind == InputEventKind::KeyDown ? 1.0f : -0.5f;
}

void register_swarm(TypeRegistry& registry) {
    register_builtin_components(registry);
    ASSERT_TRUE(registry
                    .add(TypeBuilder<SimTestSwarm>("SimTestSwarm")
                             .field<&SimTestSwarm::seed>("seed")
                             .field<&SimTestSwarm::spawned>("spawned")
                             .field<&SimTestSwarm::hits>("hits")
                             .field<&SimTestSwarm::heat>("heat")
                             .field<&SimTestSwarm::last_child>("last_child")
                             .field<&SimTestSwarm::partner>("partner")
                             .system(swarm_system)
                             .on_message(swarm_message)
                             .on_event(swarm_event)
                             .build())
                    .ok());
}

// Builds 300 objects: movers, mortal shapes, colliders and swarms; some parented, some in "fx".
// With nudge set, one permanent mover gets a velocity 0.001 units/s different.
void build_scene(World& world, bool nudge) {
    const LayerId fx = world.add_layer("fx");
    std::vector<Handle> objects;
    std::vector<Handle> swarms;
    for (int i = 0; i < 300; ++i) {
        ObjectDef def;
        def.name = "obj" + std::to_string(i);
        def.layer = i % 5 == 4 ? fx : 0;
        if (i % 10 == 9) def.parent = objects.back();
        const Handle h = world.create(def).value();
        objects.push_back(h);
        Transform2D& t = *world.get<Transform2D>(h);
        t.position = {static_cast<float>((i * 37) % 400 - 200),
                      static_cast<float>((i * 91) % 300 - 150)};
        t.rotation_deg = static_cast<float>(i * 3);
        switch (i % 3) {
        case 0: {
            Velocity& v = *world.add<Velocity>(h);
            v.linear = {static_cast<float>(i % 17 - 8) * 2.5f,
                        static_cast<float>(i % 13 - 6) * 2.5f};
            v.angular_deg = static_cast<float>(i % 7) * 10.0f - 30.0f;
            break;
        }
        case 1:
            world.add<Lifetime>(h)->remaining_s = 0.5f + static_cast<float>(i % 40) * 0.25f;
            world.add<Shape>(h)->size = {static_cast<float>(4 + i % 9), 6.0f};
            break;
        default:
            if (i % 6 == 2) {
                world.add<SimTestSwarm>(h)->seed = static_cast<std::int32_t>(i * 2654435761u);
                swarms.push_back(h);
            } else {
                world.add<Collider>(h)->half_extents = {3.0f, static_cast<float>(1 + i % 5)};
            }
            break;
        }
    }
    for (std::size_t k = 0; k < swarms.size(); ++k)
        world.get<SimTestSwarm>(swarms[k])->partner = world.guid(swarms[(k + 1) % swarms.size()]);
    if (nudge) world.get<Velocity>(objects[0])->linear.x += 0.001f;
}

struct Trace {
    std::vector<std::uint64_t> hashes; // at tick 0 and every 100 ticks
    std::vector<std::size_t> object_counts;
    std::size_t delivered = 0;
    std::size_t destroyed = 0;
    std::int32_t spawned = 0;
    std::int32_t hits = 0;
};

// One world running the scene with the same scripted input; several run side by side, so they
// live at different addresses and any state shared between worlds would show.
class SceneRun {
public:
    SceneRun(const TypeRegistry& registry, bool nudge)
        : m_world(std::make_unique<World>(registry)) {
        build_scene(*m_world, nudge);
        m_sim = std::make_unique<Simulation>(*m_world);
        checkpoint();
    }

    void tick(int t) {
        if (t % 97 == 0)
            m_sim->push_input(key_event(InputEventKind::KeyDown, static_cast<Key>(1 + t % 20)));
        if (t % 151 == 0)
            m_sim->push_input(key_event(InputEventKind::KeyUp, static_cast<Key>(1 + t % 20)));
        m_sim->tick();
        m_trace.delivered += m_sim->last_tick().messages_delivered;
        m_trace.destroyed += m_sim->last_tick().objects_destroyed;
        if (t % 100 == 0) checkpoint();
    }

    Trace finish() {
        m_world->view<SimTestSwarm>().each([this](SimTestSwarm& s) {
            m_trace.spawned += s.spawned;
            m_trace.hits += s.hits;
        });
        return m_trace;
    }

private:
    void checkpoint() {
        m_trace.hashes.push_back(state_hash(*m_world));
        m_trace.object_counts.push_back(m_world->object_count());
    }

    std::unique_ptr<World> m_world;
    std::unique_ptr<Simulation> m_sim;
    Trace m_trace;
};

TEST(SimulationDeterminism, TwoWorldsBuiltAlikeHashEqualAtEveryCheckpointAndATinyChangeDiffers) {
    TypeRegistry registry;
    register_swarm(registry);
    SceneRun run_a(registry, false);
    SceneRun run_b(registry, false);
    SceneRun run_changed(registry, true);
    for (int t = 1; t <= 600; ++t) {
        run_a.tick(t);
        run_b.tick(t);
        run_changed.tick(t);
    }
    const Trace a = run_a.finish();
    const Trace b = run_b.finish();
    const Trace changed = run_changed.finish();

    ASSERT_EQ(a.hashes.size(), 7u);
    EXPECT_EQ(a.hashes, b.hashes);
    EXPECT_EQ(a.object_counts, b.object_counts);
    EXPECT_EQ(a.delivered, b.delivered);
    EXPECT_EQ(a.destroyed, b.destroyed);
    EXPECT_EQ(a.spawned, b.spawned);
    EXPECT_EQ(a.hits, b.hits);

    // The run does real work: objects spawn, die, and messages flow.
    EXPECT_GT(a.spawned, 100);
    EXPECT_GT(a.destroyed, 200u);
    EXPECT_GT(a.delivered, 500u);
    EXPECT_GT(a.hits, 0);
    for (std::size_t k = 1; k < a.hashes.size(); ++k)
        EXPECT_NE(a.hashes[k], a.hashes[k - 1]) << "the state evolves between checkpoints";

    // The changed world differs from its very first state to its last.
    ASSERT_EQ(changed.hashes.size(), a.hashes.size());
    for (std::size_t k = 0; k < a.hashes.size(); ++k)
        EXPECT_NE(changed.hashes[k], a.hashes[k]) << "checkpoint " << k;
}

TEST(SimulationDeterminism, AdvanceInUnevenFramesReachesTheSameStateAsTicking) {
    TypeRegistry registry;
    register_swarm(registry);
    World ticked(registry);
    build_scene(ticked, false);
    Simulation by_tick(ticked);
    for (int t = 0; t < 240; ++t)
        by_tick.tick();

    World advanced(registry);
    build_scene(advanced, false);
    Simulation by_frame(advanced);
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> frame(0.0, 3.0 * kStep);
    // Uneven frames until close to the end (a frame runs at most 4 ticks), then single ticks.
    while (by_frame.tick_count() < 235)
        by_frame.advance(frame(rng));
    ASSERT_LE(by_frame.tick_count(), 240u);
    while (by_frame.tick_count() < 240)
        by_frame.tick();
    EXPECT_EQ(state_hash(advanced), state_hash(ticked));
}

} // namespace
} // namespace diorama
