// What scripts do while a game runs: systems every tick in their place among the native ones,
// hooks, messages between native and Lua code both ways, the world API, and errors that name
// the script's file:line without stopping anything else.

#include "script_project.h"

#include "diorama/log.h"
#include "diorama/prefab.h"
#include "diorama/simulation.h"

#include <gtest/gtest.h>

namespace diorama {
namespace {

using test::ScriptProject;

// A native component whose hook records the messages it gets and answers "pong" to "ping".
struct Listener {
    std::int32_t received = 0;
    std::int32_t last_i = 0;
    std::string last_text;
};

constexpr MessageKind kPing = message_kind("ping");
constexpr MessageKind kPong = message_kind("pong");

TypeInfo describe_listener() {
    return TypeBuilder<Listener>("Listener")
        .field<&Listener::received>("received")
        .on_message([](World& w, Handle h, Listener& l, const Message& m) {
            ++l.received;
            l.last_i = m.i;
            l.last_text = m.text;
            if (m.kind == kPing && w.alive(m.sender)) {
                Message answer;
                answer.kind = kPong;
                answer.i = m.i + 1;
                answer.sender = h;
                w.send(m.sender, answer);
            }
        })
        .build();
}

class ScriptedBehaviour : public ::testing::Test {
protected:
    // Loads the scripts (after the built-ins and Listener); the test fails on any problem.
    void load(const std::string& script) {
        project.write("scripts/game.lua", script);
        register_builtin_components(registry);
        ASSERT_TRUE(registry.add(describe_listener()));
        scripts = project.load_into(registry, problems);
        ASSERT_NE(scripts, nullptr);
        ASSERT_FALSE(problems.has_errors()) << problems.format();
        world = std::make_unique<World>(registry);
    }

    // Field `name` of h's component of the named type, as an int32 / float.
    std::int32_t int_field(Handle h, const char* type, const char* name) {
        const TypeInfo* t = registry.find(type);
        return std::get<std::int32_t>(t->find_field(name)->get(world->get(h, t->id)));
    }
    float float_field(Handle h, const char* type, const char* name) {
        const TypeInfo* t = registry.find(type);
        return std::get<float>(t->find_field(name)->get(world->get(h, t->id)));
    }
    Handle with(const char* type) {
        const Handle h = world->create();
        EXPECT_NE(world->add(h, registry.find(type)->id), nullptr);
        return h;
    }

    ScriptProject project;
    TypeRegistry registry;
    Diagnostics problems;
    std::unique_ptr<Scripts> scripts;
    std::unique_ptr<World> world;
};

TEST_F(ScriptedBehaviour, ASystemRunsEveryTickOverTheObjectsOfItsQuery) {
    load(R"lua(
        component "Mover" { { "speed", "float", 2 } }
        system "movers" { query = { "Mover", "Transform2D" }, after = "Velocity",
            each = function(obj, mover, transform, dt)
                transform.position = transform.position + vec2(mover.speed, 0)
            end }
    )lua");
    const Handle a = with("Mover");
    const Handle plain = world->create();
    Simulation simulation(*world);
    for (int i = 0; i < 3; ++i)
        simulation.tick();
    EXPECT_EQ(world->get<Transform2D>(a)->position, glm::vec2(6.0f, 0.0f));
    EXPECT_EQ(world->get<Transform2D>(plain)->position, glm::vec2(0.0f));
    EXPECT_FALSE(scripts->error());
}

TEST_F(ScriptedBehaviour, SystemsTakeTheirPlaceAmongTheNativeOnes) {
    load(R"lua(
        system "first" { before = "Velocity", run = function(dt) end }
        system "second" { after = "Velocity", run = function(dt) end }
        system "last" { run = function(dt) end }
    )lua");
    std::vector<std::string> names;
    for (const System& s : registry.systems())
        names.push_back(s.name);
    const auto at = [&](const std::string& n) {
        return std::find(names.begin(), names.end(), n) - names.begin();
    };
    EXPECT_EQ(at("first") + 1, at("Velocity"));
    EXPECT_EQ(at("Velocity") + 1, at("second"));
    EXPECT_EQ(at("last") + 1, static_cast<std::ptrdiff_t>(names.size()));
}

TEST_F(ScriptedBehaviour, AnUnknownSystemToOrderByIsReportedWithTheScriptLine) {
    project.write("scripts/game.lua",
                  "\n\nsystem \"x\" { after = \"Nope\", run = function() end }\n");
    register_builtin_components(registry);
    scripts = project.load_into(registry, problems);
    ASSERT_TRUE(problems.has_errors());
    const std::string report = problems.format();
    EXPECT_NE(report.find("scripts/game.lua:3"), std::string::npos) << report;
    EXPECT_NE(report.find("no system named 'Nope'"), std::string::npos) << report;
}

TEST_F(ScriptedBehaviour, HooksRunOnCreateAndDestroy) {
    load(R"lua(
        local Counter = component "Counter" { { "created", "int" }, { "destroyed", "int" } }
        component "Watch" { { "seen", "int" } }
        function Counter.on_create(self, obj) self.created = self.created + 1 end
        function Counter.on_destroy(self, obj)
            for other, watch in world.each("Watch") do watch.seen = watch.seen + 1 end
        end
    )lua");
    const Handle watcher = with("Watch");
    const Handle a = with("Counter");
    EXPECT_EQ(int_field(a, "Counter", "created"), 1);
    world->destroy(a);
    Simulation simulation(*world);
    simulation.tick();
    EXPECT_EQ(int_field(watcher, "Watch", "seen"), 1);
    EXPECT_FALSE(scripts->error());
}

TEST_F(ScriptedBehaviour, MessagesCrossFromNativeToLuaAndBack) {
    load(R"lua(
        messages { "pong" } -- sent by native code: handlers see it by name
        local Pinger = component "Pinger" { { "pongs", "int" }, { "last", "int" }, { "sent", "bool" } }
        function Pinger.on_message(self, obj, msg)
            if msg.kind == "pong" then
                self.pongs = self.pongs + 1
                self.last = msg.i
            end
        end
        system "ping" { query = { "Pinger" }, each = function(obj, pinger, dt)
            if not pinger.sent then
                pinger.sent = true
                world.send(world.find_named("listener"), "ping",
                           { i = 41, text = "hello", sender = obj })
            end
        end }
    )lua");
    const Handle pinger = with("Pinger");
    const Handle listener = world->create();
    world->set_name(listener, "listener");
    world->add<Listener>(listener);
    Simulation simulation(*world);
    simulation.tick(); // Lua sends ping; the native hook answers pong (delivered next tick)
    EXPECT_EQ(world->get<Listener>(listener)->received, 1);
    EXPECT_EQ(world->get<Listener>(listener)->last_i, 41);
    EXPECT_EQ(world->get<Listener>(listener)->last_text, "hello");
    simulation.tick();
    EXPECT_EQ(int_field(pinger, "Pinger", "pongs"), 1);
    EXPECT_EQ(int_field(pinger, "Pinger", "last"), 42);
    simulation.tick(); // no more pings once answered
    EXPECT_EQ(world->get<Listener>(listener)->received, 1);
    EXPECT_FALSE(scripts->error());
}

TEST_F(ScriptedBehaviour, ScriptsReadAndWriteNativeComponentsThroughReflection) {
    load(R"lua(
        component "Probe" { { "seen", "float" }, { "kind", "string" } }
        system "probe" { query = { "Probe" }, each = function(obj, probe, dt)
            local shape = world.get(obj, "Shape")
            probe.seen = shape.size.x
            probe.kind = shape.kind
            shape.size = vec2(7, 8)
            shape.kind = "circle"
            world.set_property(obj, "hp", 3)
            world.set_property(obj, "hp", world.property(obj, "hp") + 1)
        end }
    )lua");
    const Handle h = with("Probe");
    world->add<Shape>(h)->size = glm::vec2(5.0f, 1.0f);
    Simulation simulation(*world);
    simulation.tick();
    EXPECT_EQ(float_field(h, "Probe", "seen"), 5.0f);
    EXPECT_EQ(world->get<Shape>(h)->size, glm::vec2(7.0f, 8.0f));
    EXPECT_EQ(world->get<Shape>(h)->kind, ShapeKind::Circle);
    EXPECT_EQ(std::get<std::int32_t>(world->get<Properties>(h)->values.at("hp")), 4);
    EXPECT_FALSE(scripts->error());
}

TEST_F(ScriptedBehaviour, ScriptsCreateFindQueryAndDestroyObjects) {
    load(R"lua(
        component "Spawner" { { "found", "int" }, { "near", "int" }, { "made", "object" } }
        system "spawn" { query = { "Spawner" }, each = function(obj, s, dt)
            if s.made == nil then
                local made = world.create(nil, 100, 0)
                s.made = world.guid(made)
                return
            end
            assert(world.find(nil) == nil, "an empty object field finds nothing")
            local made = world.find(s.made)
            if made ~= nil then
                s.found = s.found + 1
                s.near = #world.query_circle(100, 0, 1)
                world.destroy(made)
            end
        end }
    )lua");
    const Handle h = with("Spawner");
    Simulation simulation(*world);
    simulation.tick();
    EXPECT_EQ(world->object_count(), 2u);
    simulation.tick();
    EXPECT_EQ(int_field(h, "Spawner", "found"), 1);
    EXPECT_EQ(int_field(h, "Spawner", "near"), 1);
    EXPECT_EQ(world->object_count(), 1u);
    simulation.tick();
    EXPECT_EQ(int_field(h, "Spawner", "found"), 1);
    EXPECT_FALSE(scripts->error());
}

TEST_F(ScriptedBehaviour, BoundsFollowTheDrawOrderRule) {
    load(R"lua(
        component "Box" { { "min", "vec2" }, { "max", "vec2" } }
        system "measure" { query = { "Box" }, each = function(obj, box, dt)
            local x0, y0, x1, y1 = world.bounds(obj)
            box.min = vec2(x0, y0)
            box.max = vec2(x1, y1)
        end }
    )lua");
    const Handle h = with("Box");
    world->get<Transform2D>(h)->position = glm::vec2(10.0f, 20.0f);
    world->add<Shape>(h)->size = glm::vec2(4.0f, 6.0f);
    Simulation simulation(*world);
    simulation.tick();
    const TypeInfo* t = registry.find("Box");
    EXPECT_EQ(t->find_field("min")->get(world->get(h, t->id)), FieldValue{glm::vec2(8.0f, 17.0f)});
    EXPECT_EQ(t->find_field("max")->get(world->get(h, t->id)), FieldValue{glm::vec2(12.0f, 23.0f)});
}

TEST_F(ScriptedBehaviour, TranslateMovesAnObjectAndAnswersItsNewPosition) {
    load(R"lua(
        component "Drift" { { "seen", "vec2" } }
        system "drift" { query = { "Drift" }, each = function(obj, drift, dt)
            local x, y = world.translate(obj, 1.5, -2)
            drift.seen = vec2(x, y)
        end }
    )lua");
    const Handle h = with("Drift");
    world->get<Transform2D>(h)->position = glm::vec2(10.0f, 20.0f);
    Simulation simulation(*world);
    simulation.tick();
    simulation.tick();
    EXPECT_EQ(world->get<Transform2D>(h)->position, glm::vec2(13.0f, 16.0f));
    const TypeInfo* t = registry.find("Drift");
    EXPECT_EQ(t->find_field("seen")->get(world->get(h, t->id)),
              FieldValue{glm::vec2(13.0f, 16.0f)});
    EXPECT_FALSE(scripts->error());
}

TEST_F(ScriptedBehaviour, ARuntimeErrorNamesTheScriptLineAndStopsOnlyThatCall) {
    load("component \"Bad\" { { \"n\", \"int\" } }\n"
         "system \"bad\" { query = { \"Bad\" }, each = function(obj, bad, dt)\n"
         "    bad.n = bad.n + 1\n"
         "    local target = nil\n"
         "    return target.x\n"
         "end }\n");
    const Handle h = with("Bad");
    Simulation simulation(*world);
    simulation.tick();
    ASSERT_TRUE(scripts->error());
    EXPECT_EQ(scripts->error()->where, "scripts/game.lua:5");
    EXPECT_NE(scripts->error()->message.find("attempt to index a nil value (local 'target')"),
              std::string::npos)
        << scripts->error()->message;
    EXPECT_NE(scripts->error()->message.find("traceback"), std::string::npos);
    EXPECT_EQ(int_field(h, "Bad", "n"), 1);
    scripts->clear_error();
    simulation.tick(); // the game goes on; the error comes again
    EXPECT_TRUE(scripts->error());
}

TEST_F(ScriptedBehaviour, AValueOfTheWrongKindReadsAsTheDefaultAndIsReportedOnce) {
    load(R"lua(
        component "Holder" { { "n", "int", 5 } }
        system "spoil" { query = { "Holder" }, each = function(obj, h, dt) h.n = "five" end }
    )lua");
    const Handle h = with("Holder");
    Simulation simulation(*world);
    simulation.tick();
    EXPECT_EQ(int_field(h, "Holder", "n"), 5);
    EXPECT_EQ(int_field(h, "Holder", "n"), 5);
}

TEST_F(ScriptedBehaviour, LogLinesNameTheScriptLineAndKeepTheirLevel) {
    load("component \"Talker\" { { \"n\", \"int\" } }\n"
         "system \"talk\" { query = { \"Talker\" }, each = function(obj, t, dt)\n"
         "    log.warn('low', 3, nil)\n"
         "    log.error(vec2(1, 2))\n"
         "end }\n");
    with("Talker");
    std::vector<std::pair<LogLevel, std::string>> lines;
    const LogSink previous = set_log_sink(
        [&](LogLevel level, std::string_view message) { lines.emplace_back(level, message); });
    Simulation simulation(*world);
    simulation.tick();
    set_log_sink(previous);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0],
              std::pair(LogLevel::Warning, std::string("scripts/game.lua:3: low\t3\tnil")));
    EXPECT_EQ(lines[1], std::pair(LogLevel::Error, std::string("scripts/game.lua:4: vec2(1, 2)")));
}

TEST_F(ScriptedBehaviour, InputStateIsVisibleToScripts) {
    load(R"lua(
        component "Player" { { "left", "bool" } }
        system "keys" { query = { "Player" }, each = function(obj, p, dt)
            p.left = input.down("Left")
        end }
    )lua");
    const Handle h = with("Player");
    Simulation simulation(*world);
    InputEvent down;
    down.kind = InputEventKind::KeyDown;
    down.key = Key::Left;
    simulation.push_input(down);
    simulation.tick();
    const TypeInfo* t = registry.find("Player");
    EXPECT_EQ(t->find_field("left")->get(world->get(h, t->id)), FieldValue{true});
}

} // namespace
} // namespace diorama
