// Input scripts: key names, parsing (and refusing broken files with the file and JSON path),
// writing, and replay through the Simulation at the ticks the script names.

#include "diorama/input_script.h"

#include "diorama/components.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace diorama {

// A test component that walks right while Right is held (names unique to this file).
struct InputScriptTestWalker {
    float x = 0.0f;
    std::int32_t presses = 0; // KeyDown events seen
};

namespace {

Result<InputScript> parse(const std::string& text, Diagnostics& d) {
    return parse_input_script(text, "walk.input.json", d);
}

std::string script_with(const std::string& events) {
    return R"({"format": "diorama.input", "version": 1, "events": [)" + events + "]}";
}

TimedInput key_at(std::uint64_t tick, InputEventKind kind, Key key) {
    TimedInput t;
    t.tick = tick;
    t.event.kind = kind;
    t.event.key = key;
    return t;
}

} // namespace

// ---- key names ----

TEST(KeyNames, EveryKeyRoundTripsThroughItsName) {
    for (int k = 1; k < static_cast<int>(Key::Count); ++k) {
        const auto key = static_cast<Key>(k);
        const std::optional<Key> back = parse_key(to_string(key));
        ASSERT_TRUE(back.has_value()) << to_string(key);
        EXPECT_EQ(*back, key);
    }
    EXPECT_STREQ(to_string(Key::Left), "Left");
    EXPECT_STREQ(to_string(Key::Num7), "Num7");
    EXPECT_STREQ(to_string(Key::Z), "Z");
}

TEST(KeyNames, ParsingRefusesUnknownMiscasedAndPlaceholderNames) {
    for (const char* name : {"", "right", "LEFT", "Unknown", "Count", "F1", "Num10", " A"})
        EXPECT_FALSE(parse_key(name).has_value()) << name;
    EXPECT_STREQ(to_string(Key::Unknown), "Unknown");
    EXPECT_STREQ(to_string(static_cast<Key>(9999)), "Unknown");
}

// ---- parsing ----

TEST(InputScriptParse, ReadsEveryEventType) {
    Diagnostics d;
    auto script = parse(R"({"format": "diorama.input", "version": 1, "description": "all of it",
        "events": [
          {"tick": 0, "type": "key_down", "key": "Right"},
          {"tick": 0, "type": "mouse_move", "position": [10.5, -4]},
          {"tick": 3, "type": "mouse_down", "button": "right", "position": [1, 2]},
          {"tick": 3, "type": "mouse_up", "button": "middle", "position": [3, 4]},
          {"tick": 7, "type": "wheel", "wheel": -2.5},
          {"tick": 9, "type": "key_up", "key": "Num3"}]})",
                        d);
    ASSERT_TRUE(script.ok()) << d.format();
    EXPECT_TRUE(d.empty());
    EXPECT_EQ(script->description, "all of it");
    ASSERT_EQ(script->events.size(), 6u);
    EXPECT_EQ(script->last_tick(), 9u);
    const auto& e = script->events;
    EXPECT_EQ(e[0].event.kind, InputEventKind::KeyDown);
    EXPECT_EQ(e[0].event.key, Key::Right);
    EXPECT_EQ(e[1].event.kind, InputEventKind::MouseMove);
    EXPECT_EQ(e[1].event.position, glm::vec2(10.5f, -4.0f));
    EXPECT_EQ(e[2].tick, 3u);
    EXPECT_EQ(e[2].event.kind, InputEventKind::MouseDown);
    EXPECT_EQ(e[2].event.button, 2);
    EXPECT_EQ(e[3].event.kind, InputEventKind::MouseUp);
    EXPECT_EQ(e[3].event.button, 1);
    EXPECT_EQ(e[3].event.position, glm::vec2(3.0f, 4.0f));
    EXPECT_EQ(e[4].event.kind, InputEventKind::Wheel);
    EXPECT_EQ(e[4].event.wheel, -2.5f);
    EXPECT_EQ(e[5].event.kind, InputEventKind::KeyUp);
    EXPECT_EQ(e[5].event.key, Key::Num3);
}

TEST(InputScriptParse, AnEmptyEventListIsAValidScript) {
    Diagnostics d;
    auto script = parse(script_with(""), d);
    ASSERT_TRUE(script.ok()) << d.format();
    EXPECT_TRUE(script->events.empty());
    EXPECT_EQ(script->last_tick(), 0u);
}

struct BrokenScript {
    std::string text;
    const char* where;   // the error's location
    const char* message; // a part of its message
};

TEST(InputScriptParse, BrokenFilesAreRefusedWithTheFileAndJsonPath) {
    const std::string head = R"({"format": "diorama.input", "version": 1, "events": [)";
    const std::vector<BrokenScript> cases{
        {"{\"format\": ", "walk.input.json:1:", ""},
        {"[]", "walk.input.json", "expected a JSON object"},
        {R"({"format": "diorama.scene", "version": 1, "events": []})", "walk.input.json: format",
         "diorama.input"},
        {R"({"format": "diorama.input", "version": 2, "events": []})", "walk.input.json: version",
         "newer"},
        {R"({"format": "diorama.input", "version": 1})", "walk.input.json", "missing \"events\""},
        {R"({"format": "diorama.input", "version": 1, "events": {}})", "walk.input.json: events",
         "expected an array"},
        {R"({"format": "diorama.input", "version": 1, "events": [], "speed": 2})",
         "walk.input.json: speed", "unknown key"},
        {R"({"format": "diorama.input", "version": 1, "events": [], "description": 3})",
         "walk.input.json: description", "expected a string"},
        {(head + "5]}"), "walk.input.json: events[0]", "expected an event object"},
        {(head + R"({"type": "key_down", "key": "A"}]})"), "walk.input.json: events[0]",
         "missing \"tick\""},
        {(head + R"({"tick": -1, "type": "key_down", "key": "A"}]})"),
         "walk.input.json: events[0].tick", "whole number >= 0"},
        {(head + R"({"tick": 1.5, "type": "key_down", "key": "A"}]})"),
         "walk.input.json: events[0].tick", "whole number >= 0"},
        {(head + R"({"tick": 9007199254740992, "type": "key_down", "key": "A"}]})"),
         "walk.input.json: events[0].tick", "beyond the largest"},
        {(head + R"({"tick": 1, "type": "key_press", "key": "A"}]})"),
         "walk.input.json: events[0].type", "key_down, key_up"},
        {(head + R"({"tick": 1, "key": "A"}]})"), "walk.input.json: events[0]", "missing \"type\""},
        {(head + R"({"tick": 1, "type": "key_down"}]})"), "walk.input.json: events[0]",
         "missing \"key\""},
        {(head + R"({"tick": 1, "type": "key_down", "key": "right"}]})"),
         "walk.input.json: events[0].key", "did you mean \"Right\""},
        {(head + R"({"tick": 1, "type": "key_down", "key": 4}]})"),
         "walk.input.json: events[0].key", "expected a key name"},
        {(head + R"({"tick": 1, "type": "mouse_move", "position": [1, 2], "key": "A"}]})"),
         "walk.input.json: events[0].key", "unknown key \"key\" for a mouse_move event"},
        {(head + R"({"tick": 1, "type": "mouse_move", "position": [1]}]})"),
         "walk.input.json: events[0].position", "expected [x, y]"},
        {(head + R"({"tick": 1, "type": "mouse_move", "position": [1, 1e39]}]})"),
         "walk.input.json: events[0].position", "finite"},
        {(head + R"({"tick": 1, "type": "mouse_down", "button": "back", "position": [1, 2]}]})"),
         "walk.input.json: events[0].button", "left, middle or right"},
        {(head + R"({"tick": 1, "type": "mouse_up", "button": "left"}]})"),
         "walk.input.json: events[0]", "missing \"position\""},
        {(head + R"({"tick": 1, "type": "wheel", "wheel": "up"}]})"),
         "walk.input.json: events[0].wheel", "wheel notches"},
        {(head + R"({"tick": 5, "type": "key_down", "key": "A"},
                    {"tick": 4, "type": "key_up", "key": "A"}]})"),
         "walk.input.json: events[1].tick", "comes before the previous event's tick 5"},
        {(head + R"({"tick": 1, "tick": 2, "type": "key_down", "key": "A"}]})"), "walk.input.json",
         "duplicate"},
    };
    for (const BrokenScript& c : cases) {
        Diagnostics d;
        auto script = parse(c.text, d);
        ASSERT_FALSE(script.ok()) << c.text;
        EXPECT_TRUE(d.has_errors()) << c.text;
        const Error& e = d.first_error();
        EXPECT_EQ(e.where.rfind(c.where, 0), 0u) << c.text << "\n -> " << e.describe();
        EXPECT_NE(e.message.find(c.message), std::string::npos)
            << c.text << "\n -> " << e.describe();
    }
}

TEST(InputScriptParse, ReportsEveryBrokenEventNotJustTheFirst) {
    Diagnostics d;
    auto script = parse(script_with(R"({"tick": 1, "type": "key_down", "key": "Rigth"},
        {"tick": 2, "type": "key_down", "key": "A"},
        {"tick": 3, "type": "jump"})"),
                        d);
    ASSERT_FALSE(script.ok());
    ASSERT_EQ(d.error_count(), 2u) << d.format();
    EXPECT_EQ(d.problems()[0].error.where, "walk.input.json: events[0].key");
    EXPECT_EQ(d.problems()[1].error.where, "walk.input.json: events[2].type");
}

TEST(InputScriptParse, AMissingFileIsAnErrorNamingIt) {
    Diagnostics d;
    const std::filesystem::path missing = "/nonexistent/diorama/none.input.json";
    auto script = load_input_script(missing, d);
    ASSERT_FALSE(script.ok());
    EXPECT_EQ(script.error().code, ErrorCode::Io);
    EXPECT_NE(script.error().describe().find(missing.string()), std::string::npos)
        << script.error().describe();
}

// ---- writing ----

TEST(InputScriptWrite, WrittenScriptsParseBackToTheSameEvents) {
    InputScript script;
    script.description = "round trip";
    script.events.push_back(key_at(0, InputEventKind::KeyDown, Key::Space));
    TimedInput move;
    move.tick = 2;
    move.event.kind = InputEventKind::MouseDown;
    move.event.button = 2;
    move.event.position = {0.1f, -7.25f};
    script.events.push_back(move);
    TimedInput wheel;
    wheel.tick = 2;
    wheel.event.kind = InputEventKind::Wheel;
    wheel.event.wheel = 1.5f;
    script.events.push_back(wheel);
    script.events.push_back(key_at(40, InputEventKind::KeyUp, Key::Space));

    auto json = input_script_to_json(script);
    ASSERT_TRUE(json.ok()) << json.error().describe();
    Diagnostics d;
    auto back = parse_input_script(to_pretty_json(*json), "round.input.json", d);
    ASSERT_TRUE(back.ok()) << d.format();
    EXPECT_EQ(back->description, script.description);
    ASSERT_EQ(back->events.size(), script.events.size());
    for (std::size_t i = 0; i < script.events.size(); ++i) {
        const TimedInput& a = script.events[i];
        const TimedInput& b = back->events[i];
        EXPECT_EQ(a.tick, b.tick) << i;
        EXPECT_EQ(a.event.kind, b.event.kind) << i;
        EXPECT_EQ(a.event.key, b.event.key) << i;
        EXPECT_EQ(a.event.button, b.event.button) << i;
        EXPECT_EQ(a.event.position, b.event.position) << i;
        EXPECT_EQ(a.event.wheel, b.event.wheel) << i;
    }
}

TEST(InputScriptWrite, RefusesUnnamedKeysAndTicksOutOfOrder) {
    InputScript unnamed;
    unnamed.events.push_back(key_at(0, InputEventKind::KeyDown, Key::Unknown));
    EXPECT_FALSE(input_script_to_json(unnamed).ok());

    InputScript backwards;
    backwards.events.push_back(key_at(5, InputEventKind::KeyDown, Key::A));
    backwards.events.push_back(key_at(4, InputEventKind::KeyUp, Key::A));
    auto json = input_script_to_json(backwards);
    ASSERT_FALSE(json.ok());
    EXPECT_EQ(json.error().where, "events[1]");
}

// ---- replay ----

namespace {

class InputReplay : public ::testing::Test {
protected:
    InputReplay() {
        register_builtin_components(registry);
        EXPECT_TRUE(registry
                        .add(TypeBuilder<InputScriptTestWalker>("InputScriptTestWalker")
                                 .field<&InputScriptTestWalker::x>("x")
                                 .field<&InputScriptTestWalker::presses>("presses")
                                 .on_event([](World&, Handle, InputScriptTestWalker& w,
                                              const InputEvent& e) {
                                     if (e.kind == InputEventKind::KeyDown) ++w.presses;
                                 })
                                 .system([](World& world, float) {
                                     const bool right = world.input().down(Key::Right);
                                     world.view<InputScriptTestWalker>().each(
                                         [right](InputScriptTestWalker& w) {
                                             if (right) w.x += 1.0f;
                                         });
                                 })
                                 .build())
                        .ok());
    }

    // A world with one walker.
    std::unique_ptr<World> make_world() {
        auto world = std::make_unique<World>(registry);
        world->add<InputScriptTestWalker>(world->create({.name = "walker"}).value());
        return world;
    }

    static float walked(World& world) {
        float x = 0.0f;
        world.view<InputScriptTestWalker>().each([&x](InputScriptTestWalker& w) { x = w.x; });
        return x;
    }

    // Right held from tick 2 up to (not including) tick 5, and a tap of A at tick 5.
    static InputScript right_for_three_ticks() {
        InputScript s;
        s.events.push_back(key_at(2, InputEventKind::KeyDown, Key::Right));
        s.events.push_back(key_at(5, InputEventKind::KeyUp, Key::Right));
        s.events.push_back(key_at(5, InputEventKind::KeyDown, Key::A));
        s.events.push_back(key_at(5, InputEventKind::KeyUp, Key::A));
        return s;
    }

    TypeRegistry registry;
};

} // namespace

TEST_F(InputReplay, EventsReachTheGameAtTheTicksTheScriptNames) {
    auto world = make_world();
    Simulation sim(*world);
    sim.play_input(right_for_three_ticks());
    EXPECT_EQ(sim.pending_script_events(), 4u);
    std::vector<bool> held;
    for (int i = 0; i < 8; ++i) {
        sim.tick();
        held.push_back(world->input().down(Key::Right));
    }
    EXPECT_EQ(held, (std::vector<bool>{false, false, true, true, true, false, false, false}));
    EXPECT_EQ(walked(*world), 3.0f);
    EXPECT_FALSE(world->input().down(Key::A)); // down and up within tick 5
    int presses = 0;
    world->view<InputScriptTestWalker>().each(
        [&](InputScriptTestWalker& w) { presses = w.presses; });
    EXPECT_EQ(presses, 2); // Right, then A: both reached the on_event hooks
    EXPECT_EQ(sim.pending_script_events(), 0u);
}

TEST_F(InputReplay, ScriptEventsFollowEventsPushedForTheSameTick) {
    auto world = make_world();
    Simulation sim(*world);
    InputScript s;
    s.events.push_back(key_at(0, InputEventKind::KeyUp, Key::Right));
    sim.play_input(std::move(s));
    InputEvent down;
    down.kind = InputEventKind::KeyDown;
    down.key = Key::Right;
    sim.push_input(down);
    sim.tick();
    EXPECT_FALSE(world->input().down(Key::Right)); // the script's key_up came last
}

TEST_F(InputReplay, EventsOfTicksAlreadyRunAreSkipped) {
    auto world = make_world();
    Simulation sim(*world);
    for (int i = 0; i < 3; ++i)
        sim.tick();
    sim.play_input(right_for_three_ticks());
    EXPECT_EQ(sim.pending_script_events(), 3u); // the key_down at tick 2 is gone
    for (int i = 0; i < 5; ++i)
        sim.tick();
    EXPECT_EQ(walked(*world), 0.0f);
}

TEST_F(InputReplay, AdvanceReplaysTheScriptTickByTick) {
    auto world = make_world();
    Simulation sim(*world);
    sim.play_input(right_for_three_ticks());
    EXPECT_EQ(sim.advance(8.5 / 60.0), 8);
    EXPECT_EQ(walked(*world), 3.0f);
}

TEST_F(InputReplay, TheSameScriptGivesTheSameStateHashEveryRun) {
    std::vector<std::uint64_t> hashes;
    for (int run = 0; run < 2; ++run) {
        auto world = make_world();
        Simulation sim(*world);
        sim.play_input(right_for_three_ticks());
        for (int i = 0; i < 10; ++i)
            sim.tick();
        hashes.push_back(state_hash(*world));
    }
    EXPECT_EQ(hashes[0], hashes[1]);

    auto idle = make_world();
    Simulation sim(*idle);
    for (int i = 0; i < 10; ++i)
        sim.tick();
    EXPECT_NE(state_hash(*idle), hashes[0]) << "the script changed nothing";
}

} // namespace diorama
