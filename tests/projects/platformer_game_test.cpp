// PLATFORMER's game logic: each behaviour on small worlds built in code (platforms and the
// player's running, jumping, landing and riding from the native module; bats, signs, buttons and
// the exit from the sample's Lua scripts), then the sample level from its files played by its
// input script for 3600 ticks.

#include "platformer.h"

#include <diorama/components.h>
#include <diorama/input_script.h>
#include <diorama/log.h>
#include <diorama/prefab.h>
#include <diorama/project.h>
#include <diorama/scene_file.h>
#include <diorama/scripts.h>
#include <diorama/simulation.h>
#include <diorama/state_hash.h>
#include <diorama/tileset.h>
#include <diorama/type_registry.h>
#include <diorama/world.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

using namespace diorama;
using namespace platformer;

namespace {

constexpr float kTick = 1.0f / 60.0f;

const std::filesystem::path kProject =
    std::filesystem::path(DIORAMA_SOURCE_DIR) / "projects" / "platformer";

// The PLATFORMER's types as Game::open gathers them: the built-ins, the module's (linked in here
// rather than loaded) and those the sample's scripts declare.
struct Types {
    std::unique_ptr<TypeRegistry> registry = std::make_unique<TypeRegistry>();
    Project project;
    std::unique_ptr<Scripts> scripts;
    TilesetLibrary tilesets;

    Types() {
        register_builtin_components(*registry);
        EXPECT_TRUE(register_platformer(*registry).ok());
        Diagnostics d;
        auto loaded = load_project(kProject, d);
        EXPECT_TRUE(loaded.ok()) << d.format();
        if (loaded) project = *loaded;
        scripts = Scripts::load(project, *registry, d);
        EXPECT_NE(scripts, nullptr);
        tilesets.load_folder(project, d);
        // A tileset of the tests' own: tile 1 solid, 2 one-way, 3 decoration.
        Tileset test_set;
        test_set.path = "tilesets/test.tileset.json";
        test_set.image = "sprites/tiles.png";
        test_set.count = 3;
        test_set.tiles.resize(3);
        test_set.tiles[0].solid = true;
        test_set.tiles[1].one_way = true;
        tilesets.add(std::move(test_set));
        EXPECT_TRUE(d.empty()) << d.format();
    }
    Types(const Types&) = delete;
    Types& operator=(const Types&) = delete;
    // Every test's scripts ran without an error.
    ~Types() {
        if (scripts && scripts->error()) ADD_FAILURE() << scripts->error()->describe();
    }

    [[nodiscard]] const TypeInfo& type(const std::string& name) const {
        const TypeInfo* t = registry->find(name);
        if (t == nullptr) throw std::runtime_error("no component type " + name);
        return *t;
    }
};

// A world with the PLATFORMER types, stepped by a 60 Hz simulation.
struct Game {
    Types types;
    World world{*types.registry};
    Simulation sim{world};

    Game() { world.set_tilesets(&types.tilesets); }

    Handle create(const std::string& name, glm::vec2 position) {
        const Handle h = world.create({.name = name}).value();
        world.get<Transform2D>(h)->position = position;
        return h;
    }

    // A solid box (a ground tile, a block) centred at position.
    Handle solid(glm::vec2 position, glm::vec2 half = {16.0f, 16.0f}) {
        const Handle h = create("Solid", position);
        world.add<Collider>(h)->half_extents = half;
        return h;
    }

    // A floor of tiles from x0 to x1 with its top at y = 64.
    void floor(float x0, float x1) {
        for (float x = x0 + 16.0f; x < x1; x += 32.0f)
            solid({x, 48.0f});
    }

    // A tile map of the tests' tileset, 32-unit cells, its top-left corner at origin; rows as in
    // a scene file (row 0 on top).
    Handle tile_map(glm::vec2 origin, std::int32_t width, const std::vector<std::string>& rows) {
        const Handle h = create("Tiles", origin);
        TileMap* map = world.add<TileMap>(h);
        map->tileset = "tilesets/test.tileset.json";
        map->tiles = empty_tile_grid(width, static_cast<std::int32_t>(rows.size()), "main");
        for (std::size_t y = 0; y < rows.size(); ++y)
            EXPECT_TRUE(
                read_tile_row(rows[y],
                              std::span(map->tiles.layers[0].cells).subspan(y * width, width))
                    .ok());
        return h;
    }

    // A 24 x 32 player standing on a floor at y = 64 when at (x, 80).
    Handle player(glm::vec2 position = {64.0f, 80.0f}) {
        const Handle h = create("Player", position);
        world.add<Collider>(h)->half_extents = {12.0f, 16.0f};
        world.add<Shape>(h)->size = {24.0f, 32.0f};
        world.add<Player>(h)->respawn_point = position;
        return h;
    }

    // A 96 x 16 moving platform starting at p0.
    Handle platform(glm::vec2 p0, glm::vec2 p1, float speed = 60.0f, float pause_s = 0.5f) {
        const Handle h = create("Platform", p0);
        world.add<Collider>(h)->half_extents = {48.0f, 8.0f};
        MovingPlatform* m = world.add<MovingPlatform>(h);
        m->p0 = p0;
        m->p1 = p1;
        m->speed = speed;
        m->pause_s = pause_s;
        return h;
    }

    // A 24 x 16 bat (trigger).
    Handle bat(glm::vec2 position, const std::string& pattern = "horizontal",
               glm::vec2 extent = {48.0f, 0.0f}) {
        const Handle h = trigger("Bat", position, {12.0f, 8.0f});
        add(h, "Bat");
        set_enum(h, "Bat", "pattern", pattern);
        set(h, "Bat", "extent", extent);
        return h;
    }

    // A trigger box of the given half size.
    Handle trigger(const std::string& name, glm::vec2 position, glm::vec2 half) {
        const Handle h = create(name, position);
        Collider* c = world.add<Collider>(h);
        c->half_extents = half;
        c->trigger = true;
        return h;
    }

    // ---- components of the scripted types, through their TypeInfo ----

    void add(Handle h, const std::string& type) {
        ASSERT_NE(world.add(h, types.type(type).id), nullptr) << type;
    }
    [[nodiscard]] bool has(Handle h, const std::string& type) const {
        return world.get(h, types.type(type).id) != nullptr;
    }
    // The value of h's type.field; h must have the component.
    [[nodiscard]] FieldValue get(Handle h, const std::string& type,
                                 const std::string& field) const {
        const TypeInfo& t = types.type(type);
        const void* component = world.get(h, t.id);
        if (component == nullptr) throw std::runtime_error("the object has no " + type);
        return t.find_field(field)->get(component);
    }
    template <class T>
    [[nodiscard]] T get_as(Handle h, const std::string& type, const std::string& field) const {
        return std::get<T>(get(h, type, field));
    }
    void set(Handle h, const std::string& type, const std::string& field, const FieldValue& value) {
        const TypeInfo& t = types.type(type);
        void* component = world.get(h, t.id);
        ASSERT_NE(component, nullptr) << type;
        t.find_field(field)->set(component, value);
    }
    void set_enum(Handle h, const std::string& type, const std::string& field,
                  const std::string& name) {
        const std::vector<std::string>& names = types.type(type).find_field(field)->enum_names;
        const auto at = std::find(names.begin(), names.end(), name);
        ASSERT_NE(at, names.end()) << name;
        set(h, type, field, static_cast<std::int32_t>(at - names.begin()));
    }

    void key(InputEventKind kind, Key k) {
        InputEvent e;
        e.kind = kind;
        e.key = k;
        sim.push_input(e);
    }

    void run(int ticks) {
        world.update_spatial();
        for (int i = 0; i < ticks; ++i)
            sim.tick();
    }

    // Ticks until pred() holds, at most max_ticks; returns whether it did.
    template <class Pred>
    bool run_until(Pred pred, int max_ticks = 600) {
        world.update_spatial();
        for (int i = 0; i < max_ticks; ++i) {
            if (pred()) return true;
            sim.tick();
        }
        return pred();
    }

    glm::vec2 position(Handle h) const { return world.get<Transform2D>(h)->position; }
    const Player& state(Handle h) const { return *world.get<Player>(h); }
    // The text of h's Text, or nullopt when it has none.
    std::optional<std::string> text(Handle h) const {
        const Text* t = world.get<Text>(h);
        return t != nullptr ? std::optional(t->text) : std::nullopt;
    }
};

// Silences and counts log warnings while alive.
struct LogCapture {
    int warnings = 0;
    LogSink previous;
    LogCapture() {
        previous = set_log_sink([this](LogLevel level, std::string_view) {
            if (level == LogLevel::Warning) ++warnings;
        });
    }
    ~LogCapture() { set_log_sink(previous); }
    LogCapture(const LogCapture&) = delete;
    LogCapture& operator=(const LogCapture&) = delete;
};

} // namespace

// ---- registration ----

TEST(PlatformerRegistration, RegistersItsNativeComponentsOnceAndRefusesASecondTime) {
    TypeRegistry registry;
    register_builtin_components(registry);
    ASSERT_TRUE(register_platformer(registry).ok());
    for (const char* name : {"MovingPlatform", "Player"})
        EXPECT_NE(registry.find(name), nullptr) << name;
    for (const char* name : {"Bat", "InfoSign", "Button", "Exit"})
        EXPECT_EQ(registry.find(name), nullptr) << name << " is the scripts' to declare";
    EXPECT_FALSE(register_platformer(registry).ok());
}

TEST(PlatformerScripts, EveryScriptRunsAndItsSystemsFollowThePlayerInTheOrderTheModuleHad) {
    const Types types;
    ASSERT_NE(types.scripts, nullptr);
    EXPECT_EQ(types.scripts->files(),
              (std::vector<std::string>{"scripts/bats.lua", "scripts/buttons.lua",
                                        "scripts/exit.lua", "scripts/signs.lua"}));
    std::vector<std::string> systems;
    for (const System& s : types.registry->systems())
        systems.push_back(s.name);
    const auto player = std::find(systems.begin(), systems.end(), "Player");
    ASSERT_NE(player, systems.end());
    EXPECT_EQ(std::vector<std::string>(player, systems.end()),
              (std::vector<std::string>{"Player", "bats", "signs", "buttons", "exit"}));
}

namespace {

// What scenes and prefabs rely on: the names, kinds, defaults and inspector hints the types had
// when they were declared in C++.
struct ExpectedField {
    std::string name;
    FieldType type = FieldType::Float;
    FieldValue value; // the default
    std::optional<float> min{};
    float speed = 0.1f;
    std::string tooltip{};
    bool multiline = false;
    std::vector<std::string> enum_names{};
};

} // namespace

TEST(PlatformerScripts, DeclareBatInfoSignButtonAndExitAsTheFilesExpectThem) {
    const Types types;
    const std::vector<std::pair<std::string, std::vector<ExpectedField>>> expected = {
        {"Bat",
         {{"pattern",
           FieldType::Enum,
           std::int32_t{2},
           {},
           0.1f,
           "",
           false,
           {"horizontal", "vertical", "figure_eight", "circle"}},
          {"extent", FieldType::Vec2, glm::vec2(64.0f, 24.0f), 0.0f, 1.0f,
           "Half width and half height of the pattern"},
          {"period_s", FieldType::Float, 3.0f, 0.1f, 0.05f, "Seconds per lap"},
          {"damage", FieldType::Int32, std::int32_t{1}, 0.0f},
          {"time_s", FieldType::Float, 0.0f, 0.0f, 0.05f}}},
        {"InfoSign",
         {{"message", FieldType::String, std::string(), {}, 0.1f, "", true},
          {"display",
           FieldType::ObjectRef,
           Guid{},
           {},
           0.1f,
           "The object whose Text shows the message; none: this one"},
          {"linger_s", FieldType::Float, 2.0f, 0.0f, 0.05f},
          {"shown_remaining_s", FieldType::Float, 0.0f, 0.0f, 0.05f},
          {"read", FieldType::Bool, false}}},
        {"Button",
         {{"target",
           FieldType::ObjectRef,
           Guid{},
           {},
           0.1f,
           "The object removed when the button is pressed"},
          {"pressed", FieldType::Bool, false}}},
        {"Exit",
         {{"message", FieldType::String, std::string("LEVEL COMPLETE!")},
          {"reached", FieldType::Bool, false}}},
    };
    for (const auto& [type_name, fields] : expected) {
        const TypeInfo& type = types.type(type_name);
        EXPECT_TRUE(type.scripted) << type_name;
        ASSERT_EQ(type.fields.size(), fields.size()) << type_name;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const FieldInfo& field = type.fields[i];
            const ExpectedField& want = fields[i];
            const std::string where = type_name + "." + want.name;
            EXPECT_EQ(field.name, want.name) << where;
            EXPECT_EQ(field.type, want.type) << where;
            EXPECT_EQ(field.get(type.defaults.get()), want.value) << where;
            EXPECT_EQ(field.min, want.min) << where;
            EXPECT_EQ(field.max, std::nullopt) << where;
            EXPECT_EQ(field.speed, want.speed) << where;
            EXPECT_EQ(field.tooltip, want.tooltip) << where;
            EXPECT_EQ(field.multiline, want.multiline) << where;
            EXPECT_EQ(field.enum_names, want.enum_names) << where;
        }
    }
    EXPECT_EQ(types.type("Player").find_field("standing_on")->type, FieldType::ObjectRef);
}

// ---- moving platforms ----

TEST(MovingPlatform, TravelsFromP0ToP1AtItsSpeedPausesAndComesBack) {
    Game g;
    const Handle h = g.platform({100.0f, 50.0f}, {220.0f, 50.0f}, 60.0f, 0.5f);
    g.run(60); // one second: 60 units along the path
    EXPECT_NEAR(g.position(h).x, 160.0f, 1e-3f);
    EXPECT_NEAR(g.world.get<MovingPlatform>(h)->moved.x, 1.0f, 1e-4f);
    g.run(60); // arrives at p1
    EXPECT_NEAR(g.position(h).x, 220.0f, 1e-3f);
    EXPECT_FALSE(g.world.get<MovingPlatform>(h)->toward_p1);
    g.run(20); // pausing
    EXPECT_NEAR(g.position(h).x, 220.0f, 1e-3f);
    EXPECT_EQ(g.world.get<MovingPlatform>(h)->moved, glm::vec2(0.0f));
    ASSERT_TRUE(g.run_until([&] { return g.world.get<MovingPlatform>(h)->toward_p1; }, 200));
    EXPECT_NEAR(g.position(h).x, 100.0f, 1e-3f);
    EXPECT_EQ(g.position(h).y, 50.0f);
}

TEST(MovingPlatform, MovesAlongADiagonalPathAtTheSameSpeed) {
    Game g;
    const Handle h = g.platform({0.0f, 0.0f}, {300.0f, 400.0f}, 100.0f);
    g.run(30); // half a second: 50 units along a 3-4-5 path
    EXPECT_NEAR(g.position(h).x, 30.0f, 1e-3f);
    EXPECT_NEAR(g.position(h).y, 40.0f, 1e-3f);
}

// ---- the player ----

TEST(Player, FallsAndLandsOnTheGround) {
    Game g;
    g.floor(0.0f, 256.0f);
    const Handle p = g.player({64.0f, 200.0f});
    ASSERT_TRUE(g.run_until([&] { return g.state(p).grounded; }));
    EXPECT_FLOAT_EQ(g.position(p).y, 80.0f); // feet on the floor's top, y 64
    EXPECT_TRUE(g.state(p).standing_on);
    EXPECT_EQ(g.state(p).velocity.y, 0.0f);
    g.run(30);
    EXPECT_FLOAT_EQ(g.position(p).y, 80.0f); // stays there
}

TEST(Player, LandsOnSolidTilesAndStopsAtATileWall) {
    Game g;
    // Row 0 (y 96..128): decoration; row 1 (y 64..96): a wall tile at x 224..256; row 2
    // (y 32..64): the floor, its top at y 64.
    const Handle map = g.tile_map({0.0f, 128.0f}, 16, {"3*4", "0*7 1", "1*16"});
    const Handle p = g.player({64.0f, 200.0f});
    ASSERT_TRUE(g.run_until([&] { return g.state(p).grounded; }));
    EXPECT_FLOAT_EQ(g.position(p).y, 80.0f);
    EXPECT_EQ(g.state(p).standing_on, g.world.guid(map));
    g.key(InputEventKind::KeyDown, Key::Right);
    g.run(90);
    EXPECT_FLOAT_EQ(g.position(p).x, 224.0f - 12.0f); // pressed against the wall tile
    EXPECT_FLOAT_EQ(g.position(p).y, 80.0f);          // the floor's seams never catch the feet
}

TEST(Player, AOneWayTileCatchesAFallButNotAJumpFromBelow) {
    Game g;
    // A floor (top y 64) and, 96 units above it, a one-way ledge (y 128..160) over x 0..128.
    const Handle map = g.tile_map({0.0f, 160.0f}, 8, {"2*4", "", "", "1*8"});
    const Handle p = g.player();
    g.run(2);
    ASSERT_TRUE(g.state(p).grounded);
    g.key(InputEventKind::KeyDown, Key::Space);
    g.run(1);
    float apex = 0.0f;
    ASSERT_TRUE(g.run_until([&] {
        apex = std::max(apex, g.position(p).y);
        return g.state(p).grounded && g.state(p).velocity.y == 0.0f && apex > 100.0f;
    }));
    // The jump went up through the ledge (apex ~184, feet at ~168 above its top, 160) and landed
    // on it from above.
    EXPECT_GT(apex, 176.0f);
    EXPECT_FLOAT_EQ(g.position(p).y, 176.0f);
    EXPECT_EQ(g.state(p).standing_on, g.world.guid(map));
}

TEST(Player, RunsWhileAKeyIsHeldAndStopsAtAWall) {
    Game g;
    g.floor(0.0f, 512.0f);
    g.solid({240.0f, 96.0f}); // a wall tile, its left side at x 224
    const Handle p = g.player();
    g.run(2);
    g.key(InputEventKind::KeyDown, Key::Right);
    g.run(30);
    EXPECT_NEAR(g.position(p).x, 64.0f + 30.0f * 220.0f * kTick, 1e-2f);
    g.run(60);
    EXPECT_FLOAT_EQ(g.position(p).x, 224.0f - 12.0f); // pressed against the wall
    g.key(InputEventKind::KeyUp, Key::Right);
    g.key(InputEventKind::KeyDown, Key::A); // A runs left too
    g.run(10);
    EXPECT_LT(g.position(p).x, 200.0f);
}

TEST(Player, JumpsWhenAJumpKeyGoesDownAndLandsAgain) {
    Game g;
    g.floor(0.0f, 256.0f);
    const Handle p = g.player();
    g.run(2);
    g.key(InputEventKind::KeyDown, Key::Space);
    g.key(InputEventKind::KeyUp, Key::Space); // a tap within one tick still jumps
    g.run(1);
    EXPECT_GT(g.state(p).velocity.y, 0.0f);
    EXPECT_FALSE(g.state(p).grounded);
    float apex = 0.0f;
    ASSERT_TRUE(g.run_until([&] {
        apex = std::max(apex, g.position(p).y);
        return g.state(p).grounded;
    }));
    // v^2 / 2g = 560^2 / 3000 ~ 104.5 units (a little less with the discrete step)
    EXPECT_GT(apex - 80.0f, 95.0f);
    EXPECT_LT(apex - 80.0f, 106.0f);
    EXPECT_FLOAT_EQ(g.position(p).y, 80.0f);
}

TEST(Player, DoesNotJumpInMidAir) {
    Game g;
    const Handle p = g.player({64.0f, 500.0f}); // nothing below
    g.run(20);
    g.key(InputEventKind::KeyDown, Key::Up);
    g.run(1);
    EXPECT_LT(g.state(p).velocity.y, 0.0f);
}

TEST(Player, LandsOnAMovingPlatformAndIsCarriedByIt) {
    Game g;
    const Handle m = g.platform({100.0f, 56.0f}, {400.0f, 56.0f}, 60.0f);
    const Handle p = g.player({100.0f, 150.0f}); // above the platform, falling onto it
    ASSERT_TRUE(g.run_until([&] { return g.state(p).grounded; }));
    EXPECT_EQ(g.state(p).standing_on, g.world.guid(m));
    EXPECT_FLOAT_EQ(g.position(p).y, 80.0f); // on the platform's top, y 64
    const float offset = g.position(p).x - g.position(m).x;
    g.run(120); // the platform moves 120 units
    EXPECT_NEAR(g.position(p).x - g.position(m).x, offset, 1e-3f);
    EXPECT_NEAR(g.position(p).y, 80.0f, 1e-3f);
    EXPECT_TRUE(g.state(p).grounded);
}

TEST(Player, RidesALiftUpAndDown) {
    Game g;
    const Handle lift = g.platform({100.0f, 56.0f}, {100.0f, 200.0f}, 60.0f, 0.2f);
    const Handle p = g.player({100.0f, 80.0f});
    ASSERT_TRUE(g.run_until([&] { return !g.world.get<MovingPlatform>(lift)->toward_p1; }));
    EXPECT_NEAR(g.position(p).y, 224.0f, 1e-2f); // on top of the lift at 208
    ASSERT_TRUE(g.run_until([&] { return g.world.get<MovingPlatform>(lift)->toward_p1; }));
    EXPECT_NEAR(g.position(p).y, 80.0f, 1e-2f);
    EXPECT_TRUE(g.state(p).grounded);
    EXPECT_EQ(g.state(p).standing_on, g.world.guid(lift));
}

TEST(Player, FallingOutOfTheLevelCostsALifeAndRespawns) {
    Game g;
    g.floor(0.0f, 128.0f);
    const Handle p = g.player({300.0f, 80.0f}); // over a pit
    g.world.get<Player>(p)->respawn_point = {64.0f, 80.0f};
    ASSERT_TRUE(g.run_until([&] { return g.state(p).hurts == 1; }));
    EXPECT_EQ(g.state(p).lives, 2);
    EXPECT_EQ(g.position(p), glm::vec2(64.0f, 80.0f));
    EXPECT_EQ(g.state(p).state, PlayerState::Playing);
}

// ---- bats (scripts/bats.lua) ----

TEST(Bat, FliesItsPatternAndReturnsAfterAPeriod) {
    Game g;
    const Handle b = g.bat({500.0f, 300.0f}, "figure_eight", {64.0f, 24.0f});
    g.set(b, "Bat", "period_s", 2.0f);
    g.run(30); // a quarter lap: far right, back on the centre line
    EXPECT_NEAR(g.position(b).x, 564.0f, 1e-2f);
    EXPECT_NEAR(g.position(b).y, 300.0f, 1e-2f);
    g.run(90);
    EXPECT_NEAR(g.position(b).x, 500.0f, 1e-2f);
    EXPECT_NEAR(g.position(b).y, 300.0f, 1e-2f);

    const Handle v = g.bat({100.0f, 300.0f}, "vertical", {0.0f, 40.0f});
    g.set(v, "Bat", "period_s", 2.0f);
    g.run(30);
    EXPECT_NEAR(g.position(v).x, 100.0f, 1e-3f);
    EXPECT_NEAR(g.position(v).y, 340.0f, 1e-2f);
    EXPECT_NEAR(g.get_as<float>(b, "Bat", "time_s"), 0.5f, 1e-3f); // 2.5 s: into its second lap

    const Handle c = g.bat({300.0f, 300.0f}, "circle", {40.0f, 40.0f});
    g.set(c, "Bat", "period_s", 2.0f);
    g.run(30); // a quarter of the circle that starts at its top
    EXPECT_NEAR(g.position(c).x, 340.0f, 1e-2f);
    EXPECT_NEAR(g.position(c).y, 260.0f, 1e-2f);
}

TEST(Bat, TouchingItCostsALifeRespawnsAndMakesThePlayerInvulnerableForAWhile) {
    Game g;
    g.floor(0.0f, 512.0f);
    const Handle p = g.player({64.0f, 80.0f});
    g.world.get<Player>(p)->respawn_point = {32.0f, 80.0f};
    g.bat({64.0f, 90.0f}, "horizontal", {0.0f, 0.0f}); // hovers on the player
    g.run(2);
    EXPECT_EQ(g.state(p).lives, 2);
    EXPECT_EQ(g.state(p).hurts, 1);
    EXPECT_EQ(g.position(p).x, 32.0f);
    EXPECT_GT(g.state(p).invulnerable_remaining_s, 0.0f);

    // Walking back into the bat while invulnerable does nothing.
    g.key(InputEventKind::KeyDown, Key::Right);
    g.run(10);
    g.key(InputEventKind::KeyUp, Key::Right);
    g.run(1);
    EXPECT_EQ(g.state(p).hurts, 1);
    // Still touching it once invulnerability ends: hurt again.
    ASSERT_TRUE(g.run_until([&] { return g.state(p).hurts == 2; }, 200));
}

TEST(Bat, TakesItsDamageInLives) {
    Game g;
    g.floor(0.0f, 256.0f);
    const Handle p = g.player();
    const Handle b = g.bat({64.0f, 90.0f}, "horizontal", {0.0f, 0.0f});
    g.set(b, "Bat", "damage", std::int32_t{2});
    g.run(2);
    EXPECT_EQ(g.state(p).lives, 1);
    EXPECT_EQ(g.state(p).hurts, 1);
}

TEST(Bat, ThePlayerLosesWhenNoLivesAreLeft) {
    Game g;
    g.floor(0.0f, 256.0f);
    const Handle p = g.player();
    g.world.get<Player>(p)->lives = 1;
    g.bat({64.0f, 90.0f}, "horizontal", {0.0f, 0.0f});
    g.run(3);
    EXPECT_EQ(g.state(p).lives, 0);
    EXPECT_EQ(g.state(p).state, PlayerState::Lost);
    const glm::vec2 where = g.position(p);
    g.key(InputEventKind::KeyDown, Key::Right);
    g.run(10);
    EXPECT_EQ(g.position(p), where); // no more control
}

TEST(Bat, AHarmlessBatNeverHurts) {
    Game g;
    g.floor(0.0f, 256.0f);
    const Handle p = g.player();
    const Handle b = g.bat({64.0f, 90.0f}, "horizontal", {0.0f, 0.0f});
    g.set(b, "Bat", "damage", std::int32_t{0});
    g.run(30);
    EXPECT_EQ(g.state(p).hurts, 0);
    EXPECT_EQ(g.state(p).lives, 3);
}

// ---- signs (scripts/signs.lua) ----

TEST(InfoSign, ShowsItsMessageInItsOwnTextWhileTouchedAndHidesItAfterLingering) {
    Game g;
    g.floor(0.0f, 512.0f);
    const Handle p = g.player({64.0f, 80.0f});
    const Handle s = g.trigger("Sign", {200.0f, 76.0f}, {14.0f, 12.0f});
    g.add(s, "InfoSign");
    g.set(s, "InfoSign", "message", std::string("Hello, jumper"));
    g.set(s, "InfoSign", "linger_s", 0.5f);
    g.run(1);
    EXPECT_EQ(g.text(s), ""); // a Text of its own, empty while nobody reads
    EXPECT_FALSE(g.get_as<bool>(s, "InfoSign", "read"));

    g.key(InputEventKind::KeyDown, Key::Right);
    ASSERT_TRUE(g.run_until([&] { return g.get_as<bool>(s, "InfoSign", "read"); }));
    EXPECT_EQ(g.text(s), "Hello, jumper");
    ASSERT_TRUE(g.run_until([&] { return g.position(p).x > 230.0f; })); // just past it
    g.key(InputEventKind::KeyUp, Key::Right);
    g.run(20); // still lingering (0.5 s after leaving)
    EXPECT_EQ(g.text(s), "Hello, jumper");
    EXPECT_GT(g.get_as<float>(s, "InfoSign", "shown_remaining_s"), 0.0f);
    g.run(40);
    EXPECT_EQ(g.text(s), "");
    EXPECT_EQ(g.get_as<float>(s, "InfoSign", "shown_remaining_s"), 0.0f);
    EXPECT_TRUE(g.get_as<bool>(s, "InfoSign", "read"));
}

TEST(InfoSign, WritesIntoTheTextOfItsDisplayObject) {
    Game g;
    g.floor(0.0f, 256.0f);
    g.player({64.0f, 80.0f});
    const Handle s = g.trigger("Sign", {64.0f, 76.0f}, {14.0f, 12.0f});
    const Handle label = g.create("Label", {64.0f, 140.0f});
    g.world.add<Text>(label);
    g.add(s, "InfoSign");
    g.set(s, "InfoSign", "message", std::string("Up here"));
    g.set(s, "InfoSign", "display", g.world.guid(label));
    g.run(1);
    EXPECT_EQ(g.text(label), "Up here");
    EXPECT_EQ(g.text(s), std::nullopt);
}

TEST(InfoSign, WhoseDisplayObjectIsGoneWritesNowhere) {
    Game g;
    g.floor(0.0f, 256.0f);
    g.player({64.0f, 80.0f});
    const Handle s = g.trigger("Sign", {64.0f, 76.0f}, {14.0f, 12.0f});
    g.add(s, "InfoSign");
    g.set(s, "InfoSign", "message", std::string("Up here"));
    g.set(s, "InfoSign", "display", Guid{0x1234});
    g.run(2);
    EXPECT_TRUE(g.get_as<bool>(s, "InfoSign", "read"));
    EXPECT_EQ(g.text(s), std::nullopt);
}

TEST(InfoSign, ABatThatIsAlsoASignFliesHurtsAndTalks) {
    Game g;
    g.floor(0.0f, 256.0f);
    const Handle p = g.player({64.0f, 80.0f});
    g.world.get<Player>(p)->respawn_point = {64.0f, 80.0f};
    const Handle b = g.bat({64.0f, 90.0f}, "vertical", {0.0f, 30.0f});
    g.add(b, "InfoSign");
    g.set(b, "InfoSign", "message", std::string("Squeak!"));
    g.run(1);
    EXPECT_EQ(g.state(p).hurts, 1);    // the Bat behaviour
    EXPECT_EQ(g.text(b), "Squeak!");   // the InfoSign behaviour
    EXPECT_NE(g.position(b).y, 90.0f); // and it flies
    EXPECT_TRUE(g.get_as<bool>(b, "InfoSign", "read"));
}

// ---- buttons and the exit (scripts/buttons.lua, scripts/exit.lua) ----

TEST(Button, PressingItRemovesItsTargetBlock) {
    Game g;
    g.floor(0.0f, 512.0f);
    const Handle p = g.player({64.0f, 80.0f});
    const Handle block = g.solid({300.0f, 144.0f}, {16.0f, 80.0f});
    const Handle other = g.solid({400.0f, 144.0f}, {16.0f, 80.0f});
    const Handle button = g.trigger("Button", {160.0f, 68.0f}, {14.0f, 4.0f});
    g.add(button, "Button");
    g.set(button, "Button", "target", g.world.guid(block));
    g.run(5);
    EXPECT_TRUE(g.world.alive(block)); // not pressed yet
    EXPECT_FALSE(g.get_as<bool>(button, "Button", "pressed"));

    g.key(InputEventKind::KeyDown, Key::Right);
    ASSERT_TRUE(g.run_until([&] { return g.get_as<bool>(button, "Button", "pressed"); }));
    g.run(1);
    EXPECT_FALSE(g.world.alive(block));
    EXPECT_TRUE(g.world.alive(other));
    // The way is open: the player walks on to the next wall.
    ASSERT_TRUE(g.run_until([&] { return g.position(p).x >= 400.0f - 16.0f - 12.0f - 0.01f; }));
    EXPECT_NEAR(g.position(p).x, 400.0f - 16.0f - 12.0f, 1e-3f);
}

TEST(Button, PressedItIsHalfAsTallOnTheSameFloorAndDarker) {
    Game g;
    g.floor(0.0f, 256.0f);
    g.player({64.0f, 80.0f});
    const Handle button = g.trigger("Button", {64.0f, 68.0f}, {14.0f, 4.0f});
    g.world.add<Sprite>(button)->tint = glm::vec4(1.0f, 0.5f, 0.25f, 0.8f);
    g.add(button, "Button");
    g.set(button, "Button", "target", g.world.guid(g.solid({200.0f, 144.0f})));
    const Rect before = g.world.bounds(button);
    g.run(1);
    ASSERT_TRUE(g.get_as<bool>(button, "Button", "pressed"));
    const Rect after = g.world.bounds(button);
    EXPECT_FLOAT_EQ(after.size().y, before.size().y * 0.5f);
    EXPECT_FLOAT_EQ(after.min.y, before.min.y);
    EXPECT_EQ(g.world.get<Sprite>(button)->tint, glm::vec4(0.5f, 0.25f, 0.125f, 1.0f));
    g.run(5); // pressed for good: nothing more happens
    EXPECT_EQ(g.world.bounds(button), after);
}

TEST(Button, WithoutATargetItIsPressedAndWarns) {
    LogCapture log;
    Game g;
    g.floor(0.0f, 256.0f);
    g.player({64.0f, 80.0f});
    const Handle button = g.trigger("Button", {64.0f, 68.0f}, {14.0f, 4.0f});
    g.add(button, "Button");
    g.set(button, "Button", "target", Guid{0x1234});
    const std::size_t objects = g.world.object_count();
    g.run(3);
    EXPECT_TRUE(g.get_as<bool>(button, "Button", "pressed"));
    EXPECT_EQ(g.world.object_count(), objects);
    EXPECT_EQ(log.warnings, 1);
}

TEST(Exit, ReachingItFinishesTheLevelAndShowsItsMessage) {
    Game g;
    g.floor(0.0f, 512.0f);
    const Handle p = g.player({64.0f, 80.0f});
    const Handle exit = g.trigger("Exit", {200.0f, 88.0f}, {16.0f, 24.0f});
    g.add(exit, "Exit");
    g.set(exit, "Exit", "message", std::string("DONE"));
    g.key(InputEventKind::KeyDown, Key::Right);
    ASSERT_TRUE(g.run_until([&] { return g.state(p).state == PlayerState::Finished; }));
    EXPECT_TRUE(g.get_as<bool>(exit, "Exit", "reached"));
    EXPECT_EQ(g.text(exit), "DONE");
    const glm::vec2 where = g.position(p);
    g.run(10);
    EXPECT_EQ(g.position(p), where); // the level is over: the player no longer moves
}

// ---- the sample level ----

namespace {

// The sample level loaded from its files, optionally with its input script.
struct Level {
    Types types;
    PrefabLibrary prefabs;
    std::unique_ptr<World> world;
    std::unique_ptr<Simulation> sim;

    explicit Level(bool with_input) {
        Diagnostics d;
        prefabs.load_folder(types.project, *types.registry, d);
        world = std::make_unique<World>(*types.registry);
        world->set_prefabs(&prefabs);
        world->set_tilesets(&types.tilesets);
        EXPECT_TRUE(load_scene(*world, types.project.startup_scene, types.project, prefabs, d).ok())
            << d.format();
        sim = std::make_unique<Simulation>(*world);
        if (with_input) {
            auto script = load_input_script(kProject / "input" / "level1.input.json", d);
            EXPECT_TRUE(script.ok()) << d.format();
            if (script) sim->play_input(std::move(*script));
        }
        EXPECT_TRUE(d.empty()) << d.format();
    }

    void run(int ticks) {
        for (int i = 0; i < ticks; ++i)
            sim->tick();
    }
    Handle named(const std::string& name) const { return world->find_by_name(name); }
    const Player& player() const { return *world->get<Player>(named("Player")); }
    FieldValue get(Handle h, const std::string& type, const std::string& field) const {
        const TypeInfo& t = types.type(type);
        return t.find_field(field)->get(world->get(h, t.id));
    }
    std::string text(Handle h) const { return world->get<Text>(h)->text; }
};

} // namespace

TEST(PlatformerLevel, TheInputScriptPlaysLevelOneToTheExitWithin3600Ticks) {
    Level level(true);
    ASSERT_TRUE(level.named("Stone gate"));
    const Guid gate = level.world->guid(level.named("Stone gate"));
    level.run(100); // the player has walked past the first sign, whose message lingers
    EXPECT_EQ(FieldValue{level.text(level.named("Sign: controls text"))},
              level.get(level.named("Sign: controls"), "InfoSign", "message"));
    level.run(3500);

    EXPECT_EQ(level.player().state, PlayerState::Finished);
    EXPECT_EQ(level.player().lives, 3);
    EXPECT_EQ(level.player().hurts, 0);
    const Handle exit = level.named("Exit");
    EXPECT_EQ(level.get(exit, "Exit", "reached"), FieldValue{true});
    EXPECT_EQ(level.text(exit), "LEVEL COMPLETE!");
    EXPECT_TRUE(level.world->bounds(level.named("Player")).overlaps(level.world->bounds(exit)));

    EXPECT_EQ(level.get(level.named("Button"), "Button", "pressed"), FieldValue{true});
    EXPECT_FALSE(level.world->find(gate)) << "the button's block is still there";

    const TypeInfo& sign = level.types.type("InfoSign");
    const PoolBase* signs = level.world->pool(sign.id);
    ASSERT_NE(signs, nullptr);
    EXPECT_EQ(signs->entities().size(), 4u); // three signs and the friendly bat
    for (const std::uint32_t slot : signs->entities()) {
        const Handle h = level.world->handle_at(slot);
        EXPECT_EQ(level.get(h, "InfoSign", "read"), FieldValue{true})
            << level.world->name(h) << " was never read";
    }
}

TEST(PlatformerLevel, TheSameInputGivesTheSameStateHashEveryRun) {
    Level first(true);
    Level second(true);
    first.run(3600);
    second.run(3600);
    EXPECT_EQ(state_hash(*first.world), state_hash(*second.world));
}

TEST(PlatformerLevel, AStateSavedMidwayPlaysOnAsTheRunningOneDoes) {
    Level level(true);
    level.run(1461); // past the input's last event; bats mid-lap, the exit's sign lingering
    auto text = scene_to_text(*level.world, "level1", level.prefabs);
    ASSERT_TRUE(text.ok()) << text.error().describe();
    World resumed(*level.types.registry);
    resumed.set_prefabs(&level.prefabs);
    resumed.set_tilesets(&level.types.tilesets);
    Diagnostics d;
    ASSERT_TRUE(
        load_scene_text(resumed, *text, "saved", level.types.project, level.prefabs, d).ok())
        << d.format();
    EXPECT_EQ(state_hash(resumed), state_hash(*level.world));
    Simulation sim(resumed);
    for (int i = 0; i < 300; ++i)
        sim.tick();
    level.run(300);
    EXPECT_EQ(state_hash(resumed), state_hash(*level.world));
}

TEST(PlatformerLevel, WithoutInputThePlayerStaysAtTheStartAndTheGateStands) {
    Level level(false);
    level.run(600);
    EXPECT_EQ(level.player().state, PlayerState::Playing);
    EXPECT_EQ(level.world->get<Transform2D>(level.named("Player"))->position,
              glm::vec2(64.0f, 80.0f));
    EXPECT_TRUE(level.named("Stone gate"));
    EXPECT_EQ(level.get(level.named("Exit"), "Exit", "reached"), FieldValue{false});
}
