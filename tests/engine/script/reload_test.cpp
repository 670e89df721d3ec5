// Hot reload: a changed script runs again in the running state. Objects keep their data, the
// new functions take over, and a script that fails to load leaves the old version running.

#include "script_project.h"

#include "diorama/simulation.h"
#include "diorama/state_hash.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace diorama {
namespace {

using test::ScriptProject;

constexpr const char* kMoverV1 = R"lua(
local Mover = component "Mover" {
    { "speed", "float", 1 },
    { "hits", "int", 0 },
    { "note", "string", "v1" },
    { "old", "int", 7 },
}
function Mover.on_reload(self, obj) self.hits = self.hits + 100 end
system "move" { query = { "Mover" }, each = function(obj, m, dt)
    local x, y = world.position(obj)
    world.set_position(obj, x + m.speed, y)
end }
)lua";

class ScriptReload : public ::testing::Test {
protected:
    void SetUp() override {
        project.write("scripts/mover.lua", kMoverV1);
        scripts = project.load_into(registry, problems);
        ASSERT_NE(scripts, nullptr);
        ASSERT_FALSE(problems.has_errors()) << problems.format();
        world = std::make_unique<World>(registry);
        mover = registry.find("Mover");
        object = world->create();
        world->add(object, mover->id);
        set("hits", FieldValue{std::int32_t{5}});
        set("note", FieldValue{std::string("mine")});
    }

    FieldValue get(const char* field) {
        const TypeInfo* t = registry.find("Mover");
        const FieldInfo* f = t->find_field(field);
        EXPECT_NE(f, nullptr) << field;
        return f != nullptr ? f->get(world->get(object, t->id)) : FieldValue{};
    }
    void set(const char* field, FieldValue value) {
        mover->find_field(field)->set(world->get(object, mover->id), value);
    }
    float x() { return world->get<Transform2D>(object)->position.x; }

    // Writes a new version of the script and reloads it.
    Result<void> change_to(const std::string& text) {
        project.write("scripts/mover.lua", text);
        reload_problems = Diagnostics{};
        return scripts->reload("scripts/mover.lua", world.get(), reload_problems);
    }

    ScriptProject project;
    TypeRegistry registry;
    Diagnostics problems;
    Diagnostics reload_problems;
    std::unique_ptr<Scripts> scripts;
    std::unique_ptr<World> world;
    const TypeInfo* mover = nullptr;
    Handle object;
};

TEST_F(ScriptReload, TheNewSystemFunctionRunsAndObjectsKeepTheirData) {
    Simulation simulation(*world);
    simulation.tick();
    EXPECT_EQ(x(), 1.0f);
    std::string v2 = kMoverV1;
    v2.replace(v2.find("x + m.speed"), 11, "x + m.speed * 10");
    ASSERT_TRUE(change_to(v2)) << reload_problems.format();
    EXPECT_FALSE(reload_problems.has_errors()) << reload_problems.format();
    simulation.tick();
    EXPECT_EQ(x(), 11.0f);
    EXPECT_EQ(get("note"), FieldValue{std::string("mine")});
    EXPECT_EQ(get("hits"), FieldValue{std::int32_t{105}}) << "on_reload ran once for the object";
    EXPECT_EQ(registry.find("Mover"), mover) << "the type keeps its TypeInfo";
}

TEST_F(ScriptReload, NewFieldsGetDefaultsRemovedOnesAreReportedChangedKindsConvertOrReset) {
    ASSERT_TRUE(change_to(R"lua(
        component "Mover" {
            { "speed", "float", 1 },
            { "hits", "float", 0 },        -- int -> float: 5 converts
            { "note", "int", 3 },          -- string -> int: "mine" cannot, reset to 3
            { "fresh", "vec2", vec2(4, 5) },
        }
    )lua"))
        << reload_problems.format();
    EXPECT_EQ(get("hits"), FieldValue{5.0f});
    EXPECT_EQ(get("note"), FieldValue{std::int32_t{3}});
    EXPECT_EQ(get("fresh"), FieldValue{glm::vec2(4.0f, 5.0f)});
    EXPECT_EQ(mover->find_field("old"), nullptr);
    const std::string report = reload_problems.format();
    EXPECT_NE(report.find("Mover.old is no longer declared: 1 components lost its value"),
              std::string::npos)
        << report;
    EXPECT_NE(report.find("Mover.note is now int: 1 components"), std::string::npos) << report;
    EXPECT_NE(report.find("system 'move' is no longer declared"), std::string::npos) << report;
    // New components get the new defaults.
    const Handle other = world->create();
    world->add(other, mover->id);
    EXPECT_EQ(mover->find_field("fresh")->get(world->get(other, mover->id)),
              FieldValue{glm::vec2(4.0f, 5.0f)});
}

// A world's clone (the editor's Play keeps one) holds tables of its own, and a reload while the
// original runs brings the clone's components to the new declaration too.
TEST_F(ScriptReload, AClonedWorldHasItsOwnComponentsAndAReloadUpdatesThemToo) {
    const std::unique_ptr<World> kept = world->clone();
    EXPECT_EQ(state_hash(*kept), state_hash(*world));
    const auto kept_field = [&](const char* field) {
        const TypeInfo* t = registry.find("Mover");
        return t->find_field(field)->get(kept->get(object, t->id));
    };
    set("hits", FieldValue{std::int32_t{9}});
    Simulation simulation(*world);
    simulation.tick();
    EXPECT_EQ(kept_field("hits"), FieldValue{std::int32_t{5}});
    EXPECT_EQ(kept_field("note"), FieldValue{std::string("mine")});
    EXPECT_EQ(kept->get<Transform2D>(object)->position.x, 0.0f);

    ASSERT_TRUE(change_to(R"lua(
        component "Mover" {
            { "speed", "float", 1 },
            { "hits", "float", 0 },
            { "note", "int", 3 },
            { "fresh", "vec2", vec2(4, 5) },
        }
    )lua"))
        << reload_problems.format();
    EXPECT_EQ(kept_field("hits"), FieldValue{5.0f});
    EXPECT_EQ(kept_field("note"), FieldValue{std::int32_t{3}});
    EXPECT_EQ(kept_field("fresh"), FieldValue{glm::vec2(4.0f, 5.0f)});
    EXPECT_EQ(get("hits"), FieldValue{9.0f});
}

TEST_F(ScriptReload, AScriptThatFailsToLoadLeavesThePreviousVersionRunning) {
    Simulation simulation(*world);
    const auto failed = change_to("component \"Mover\" {\n  { \"speed\", \"float\" }\n  oops\n}\n");
    ASSERT_FALSE(failed);
    EXPECT_EQ(failed.error().where, "scripts/mover.lua:3");
    EXPECT_TRUE(reload_problems.has_errors());
    simulation.tick();
    EXPECT_EQ(x(), 1.0f) << "the old system still runs";
    EXPECT_EQ(get("note"), FieldValue{std::string("mine")});
    EXPECT_NE(mover->find_field("old"), nullptr);
    // Fixed, it reloads.
    std::string v2 = kMoverV1;
    v2.replace(v2.find("x + m.speed"), 11, "x + m.speed * 2");
    ASSERT_TRUE(change_to(v2)) << reload_problems.format();
    simulation.tick();
    EXPECT_EQ(x(), 3.0f);
}

TEST_F(ScriptReload, ChangedFilesAreSeenAndAModuleReloadsTheScriptsUsingIt) {
    EXPECT_TRUE(scripts->changed_files().empty());
    project.write("scripts/lib/speed.lua", "return { factor = 2 }\n");
    project.write("scripts/user.lua", R"lua(
        local speed = require "lib.speed"
        component "Scaled" { { "factor", "float" } }
        system "scale" { query = { "Scaled" }, each = function(obj, s, dt) s.factor = speed.factor end }
    )lua");
    const std::vector<std::string> added = scripts->changed_files();
    EXPECT_EQ(added, (std::vector<std::string>{"scripts/lib/speed.lua", "scripts/user.lua"}));
    for (const std::string& file : added)
        ASSERT_TRUE(scripts->reload(file, world.get(), reload_problems))
            << reload_problems.format();
    const TypeInfo* scaled = registry.find("Scaled");
    ASSERT_NE(scaled, nullptr) << "a new script's types register";
    const Handle h = world->create();
    world->add(h, scaled->id);
    Simulation simulation(*world);
    simulation.tick();
    EXPECT_EQ(scaled->find_field("factor")->get(world->get(h, scaled->id)), FieldValue{2.0f});
    // The module changes (size differs, so the stamp does even within one clock tick).
    project.write("scripts/lib/speed.lua", "return { factor = 30 }\n");
    const std::vector<std::string> changed = scripts->changed_files();
    ASSERT_EQ(changed, std::vector<std::string>{"scripts/lib/speed.lua"});
    ASSERT_TRUE(scripts->reload(changed[0], world.get(), reload_problems))
        << reload_problems.format();
    simulation.tick();
    EXPECT_EQ(scaled->find_field("factor")->get(world->get(h, scaled->id)), FieldValue{30.0f});
}

} // namespace
} // namespace diorama
