// The editor and a game's Lua scripts: a scripted field is edited and undone like a native one,
// a script error pauses Play naming its file:line, a script changed on disk reloads into the
// running game, and every Play starts from the scripts' first state.

#include "core/editor_session.h"
#include "core/log_buffer.h"

#include "diorama/simulation.h"
#include "diorama/state_hash.h"

#include "../../player/temp_dir.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace diorama::editor {
namespace {

using test::TempDir;

constexpr const char* kScript = R"lua(
local calls = 0 -- module state: each Play must start it again
local Walker = component "Walker" { { "speed", "float", 2 }, { "fail_at", "int", 0 },
                                    { "calls", "int", 0 } }
system "walk" { query = { "Walker" }, each = function(obj, w, dt)
    calls = calls + 1
    w.calls = calls
    local x, y = world.position(obj)
    world.set_position(obj, x + w.speed, y)
    if calls == w.fail_at then
        local broken = nil
        return broken.field
    end
end }
)lua";

class ScriptedSession : public ::testing::Test {
protected:
    void SetUp() override {
        dir.write("game/project.json", R"({"format": "diorama.project", "version": 1,
            "name": "Walkers", "startup_scene": "scenes/main.scene.json"})");
        dir.write("game/scenes/main.scene.json", R"({"format": "diorama.scene", "version": 1,
            "name": "main", "layers": ["world"], "objects": [{"guid": "00000000000000a1",
            "name": "W", "layer": "world", "components": {"Walker": {}}}]})");
        dir.write("game/scripts/walk.lua", kScript);
        session = std::make_unique<EditorSession>();
        auto opened = session->open_project(dir.path() / "game");
        ASSERT_TRUE(opened) << opened.error().describe();
    }

    float x() {
        const Handle h = session->world().find(kWalker);
        return session->world().get<Transform2D>(h)->position.x;
    }
    FieldValue field(const char* name) {
        const World& w = session->world();
        const TypeInfo* t = w.registry().find("Walker");
        return t->find_field(name)->get(w.get(w.find(kWalker), t->id));
    }
    void rewrite_script(const std::string& from, const std::string& to) {
        std::string text = kScript;
        text.replace(text.find(from), from.size(), to);
        dir.write("game/scripts/walk.lua", text + "\n-- edited\n");
    }

    // The Problems list, a line each.
    std::string problem_lines() const {
        std::string out;
        for (const ProblemLine& line : session->problems())
            out += line.text + "\n";
        return out;
    }

    std::string dump() const {
        std::string out;
        for (const LogLine& line : console.lines())
            out += line.text + "\n";
        return out;
    }

    static constexpr Guid kWalker{0xa1};
    LogBuffer console;
    TempDir dir;
    std::unique_ptr<EditorSession> session;
};

TEST_F(ScriptedSession, AScriptedFieldEditIsOneUndoStep) {
    ASSERT_TRUE(session->set_field(kWalker, "Walker.speed", FieldValue{5.0f}));
    EXPECT_EQ(field("speed"), FieldValue{5.0f});
    EXPECT_TRUE(session->dirty());
    ASSERT_TRUE(session->undo());
    EXPECT_EQ(field("speed"), FieldValue{2.0f});
    ASSERT_TRUE(session->redo());
    EXPECT_EQ(field("speed"), FieldValue{5.0f});
    // A value the field cannot hold is refused with the loader's words.
    const auto refused = session->set_field(kWalker, "Walker.fail_at", FieldValue{2.5f});
    EXPECT_FALSE(refused);
}

TEST_F(ScriptedSession, AScriptErrorPausesPlayAndTheConsoleNamesFileLineAndObject) {
    ASSERT_TRUE(session->set_field(kWalker, "Walker.fail_at", FieldValue{std::int32_t{3}}));
    session->play();
    session->advance(1.0); // up to 8 ticks; the third fails and Play pauses right there
    EXPECT_EQ(session->play_state(), PlayState::Paused);
    EXPECT_EQ(session->simulation()->tick_count(), 3u);
    EXPECT_TRUE(console.contains("scripts/walk.lua:12: attempt to index a nil value (local "
                                 "'broken') (in system walk, object 00000000000000a1 \"W\")"))
        << dump();
    EXPECT_TRUE(console.contains("Play paused at tick 3 by a script error: scripts/walk.lua:12"));
    session->stop();
    EXPECT_EQ(x(), 0.0f) << "Stop restores the scene";
}

TEST_F(ScriptedSession, AScriptChangedOnDiskReloadsIntoTheRunningGame) {
    session->play();
    for (int i = 0; i < 3; ++i)
        session->step();
    EXPECT_EQ(x(), 6.0f);
    EXPECT_EQ(session->reload_changed_scripts(), 0);
    rewrite_script("x + w.speed", "x + w.speed * 100");
    EXPECT_EQ(session->reload_changed_scripts(), 1);
    EXPECT_TRUE(console.contains("reloaded scripts/walk.lua into the running game"));
    session->step();
    EXPECT_EQ(x(), 206.0f) << "the new system function runs; the data stayed";
    EXPECT_EQ(field("calls"), FieldValue{std::int32_t{1}}) << "the module's locals started again";
    // A broken version keeps the running one.
    dir.write("game/scripts/walk.lua", "component \"Walker\" {\n");
    EXPECT_EQ(session->reload_changed_scripts(), 0);
    EXPECT_TRUE(console.contains("reload of scripts/walk.lua failed; its previous version stays"));
    EXPECT_TRUE(console.contains("scripts/walk.lua:2:"));
    session->step();
    EXPECT_EQ(x(), 406.0f);
    session->stop();
}

TEST_F(ScriptedSession, StopPutsTheScriptedValuesBackAndAReloadWhilePlayingReachesThemToo) {
    ASSERT_TRUE(session->set_field(kWalker, "Walker.speed", FieldValue{3.0f}));
    const std::uint64_t before = state_hash(session->world());
    session->play();
    for (int i = 0; i < 4; ++i)
        session->step();
    EXPECT_EQ(field("calls"), FieldValue{std::int32_t{4}});
    session->stop();
    EXPECT_EQ(state_hash(session->world()), before);
    EXPECT_EQ(field("calls"), FieldValue{std::int32_t{0}});
    EXPECT_EQ(field("speed"), FieldValue{3.0f});
    EXPECT_EQ(x(), 0.0f);
    ASSERT_TRUE(session->undo()) << "the history from before Play is kept";
    EXPECT_EQ(field("speed"), FieldValue{2.0f});

    // A field declared while playing: the scene Stop brings back has it, with its default.
    session->play();
    session->step();
    rewrite_script(R"({ "calls", "int", 0 } })",
                   R"({ "calls", "int", 0 }, { "extra", "int", 7 } })");
    EXPECT_EQ(session->reload_changed_scripts(), 1);
    session->stop();
    EXPECT_EQ(field("extra"), FieldValue{std::int32_t{7}});
    EXPECT_EQ(field("calls"), FieldValue{std::int32_t{0}});
}

// A field whose type a reload changed while playing: Stop still brings the scene back, the kept
// value that no longer fits left at the field's new default (the console says so), and the
// editor is out of Play. A field the reload dropped is no trouble either.
TEST_F(ScriptedSession, StopBringsTheSceneBackAfterAReloadRetypedOrDroppedAField) {
    ASSERT_TRUE(session->set_field(kWalker, "Walker.speed", FieldValue{3.0f}));
    session->play();
    session->step();
    rewrite_script(R"({ "speed", "float", 2 }, { "fail_at", "int", 0 },)",
                   R"({ "speed", "string", "fast" },)");
    EXPECT_EQ(session->reload_changed_scripts(), 1) << dump();
    session->stop();
    EXPECT_EQ(session->play_state(), PlayState::Editing) << dump();
    EXPECT_EQ(x(), 0.0f) << dump();
    EXPECT_EQ(field("speed"), FieldValue{std::string("fast")});
    EXPECT_EQ(field("calls"), FieldValue{std::int32_t{0}});
    EXPECT_TRUE(console.contains("play snapshot: objects[0].components.Walker.speed: expected a "
                                 "value of type string"))
        << dump();
    EXPECT_FALSE(console.contains("cannot restore")) << dump();
}

// A scene saved before its script retyped or dropped a field opens anyway: that field has its
// default, and the Problems list names each at its JSON path.
TEST_F(ScriptedSession, ASceneWhoseFieldsTheScriptRetypedOrDroppedStillOpens) {
    session.reset();
    dir.write("game/scenes/main.scene.json", R"({"format": "diorama.scene", "version": 1,
        "name": "main", "layers": ["world"], "objects": [{"guid": "00000000000000a1",
        "name": "W", "layer": "world", "components": {"Walker": {"speed": "fast",
        "calls": 5, "gone": true}}}]})");
    session = std::make_unique<EditorSession>();
    auto opened = session->open_project(dir.path() / "game");
    ASSERT_TRUE(opened) << opened.error().describe();
    EXPECT_EQ(session->scene_path(), "scenes/main.scene.json");
    EXPECT_EQ(field("speed"), FieldValue{2.0f});
    EXPECT_EQ(field("calls"), FieldValue{std::int32_t{5}});
    const std::string problems = problem_lines();
    EXPECT_NE(problems.find("error: scenes/main.scene.json: objects[0].components.Walker.speed: "),
              std::string::npos)
        << problems;
    EXPECT_NE(problems.find("error: scenes/main.scene.json: objects[0].components.Walker.gone: "
                            "Walker has no field \"gone\""),
              std::string::npos)
        << problems;
}

// A prefab saved before its script retyped a field loads too: its instances are instances (no
// stand-ins), that field at its default, and the Problems list names it.
TEST_F(ScriptedSession, APrefabWhoseFieldTheScriptRetypedStillServesItsInstances) {
    session.reset();
    dir.write("game/prefabs/walker.prefab.json", R"({"format": "diorama.prefab", "version": 1,
        "name": "walker", "components": {"Walker": {"speed": "fast", "calls": 5}}})");
    dir.write("game/scenes/main.scene.json", R"({"format": "diorama.scene", "version": 1,
        "name": "main", "layers": ["world"], "objects": [{"guid": "00000000000000a1",
        "name": "W", "layer": "world", "prefab": "prefabs/walker.prefab.json"}]})");
    session = std::make_unique<EditorSession>();
    auto opened = session->open_project(dir.path() / "game");
    ASSERT_TRUE(opened) << opened.error().describe();
    const Handle walker = session->world().find(kWalker);
    EXPECT_NE(session->world().get<PrefabInstance>(walker), nullptr);
    EXPECT_EQ(session->world().get<MissingPrefab>(walker), nullptr);
    EXPECT_EQ(field("speed"), FieldValue{2.0f});
    EXPECT_EQ(field("calls"), FieldValue{std::int32_t{5}});
    const std::string problems = problem_lines();
    EXPECT_NE(problems.find("error: prefabs/walker.prefab.json: components.Walker.speed: "),
              std::string::npos)
        << problems;
}

// What on_create keeps in a component besides its declared fields is there again after Stop, as
// when the scene was opened: a second Play runs as the first.
TEST_F(ScriptedSession, WhatOnCreateKeptInAComponentIsThereAgainForTheNextPlay) {
    session.reset(); // the project is opened again below, with this script
    dir.write("game/scripts/walk.lua", R"lua(
local Walker = component "Walker" { { "speed", "float", 2 }, { "fail_at", "int", 0 },
                                    { "calls", "int", 0 } }
function Walker.on_create(self, obj) self.trail = {} end
system "walk" { query = { "Walker" }, each = function(obj, w, dt)
    table.insert(w.trail, dt)
    w.calls = #w.trail
end }
)lua");
    session = std::make_unique<EditorSession>();
    ASSERT_TRUE(session->open_project(dir.path() / "game"));
    for (int round = 0; round < 2; ++round) {
        session->play();
        for (int i = 0; i < 3; ++i)
            session->step();
        EXPECT_EQ(field("calls"), FieldValue{std::int32_t{3}}) << "Play " << round << "\n"
                                                               << dump();
        session->stop();
    }
    EXPECT_FALSE(console.contains("attempt to")) << dump();
}

TEST_F(ScriptedSession, EveryPlayStartsFromTheScriptsFirstStateAndMatchesTheGameOutsideTheEditor) {
    const auto play_hash = [&] {
        session->play();
        for (int i = 0; i < 30; ++i)
            session->step();
        const std::uint64_t hash = state_hash(session->world());
        session->stop();
        return hash;
    };
    const std::uint64_t first = play_hash();
    const std::uint64_t second = play_hash();
    EXPECT_EQ(first, second) << "the module's counter started again";

    // The same 30 ticks outside the editor, as the player runs them.
    Diagnostics problems;
    auto game = Game::open(dir.path() / "game", problems);
    ASSERT_TRUE(game) << problems.format();
    auto scene = (*game)->load_scene("main", problems);
    ASSERT_TRUE(scene) << problems.format();
    (*game)->scripts()->begin_run();
    Simulation simulation(*scene->world);
    for (int i = 0; i < 30; ++i)
        simulation.tick();
    EXPECT_EQ(state_hash(*scene->world), first);
}

} // namespace
} // namespace diorama::editor
