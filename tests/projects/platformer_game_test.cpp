// PLATFORMER's game logic: each behaviour on small worlds built in code (platforms, the player's
// running, jumping, landing and riding, bats, signs, buttons, the exit), then the sample level
// from its files played by its input script for 3600 ticks.

#include "platformer.h"

#include <diorama/components.h>
#include <diorama/input_script.h>
#include <diorama/log.h>
#include <diorama/prefab.h>
#include <diorama/project.h>
#include <diorama/scene_file.h>
#include <diorama/simulation.h>
#include <diorama/state_hash.h>
#include <diorama/type_registry.h>
#include <diorama/world.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

using namespace diorama;
using namespace platformer;

namespace {

constexpr float kTick = 1.0f / 60.0f;

std::unique_ptr<TypeRegistry> make_registry() {
    auto registry = std::make_unique<TypeRegistry>();
    register_builtin_components(*registry);
    EXPECT_TRUE(register_platformer(*registry).ok());
    return registry;
}

// A world with the PLATFORMER types, stepped by a 60 Hz simulation.
struct Game {
    std::unique_ptr<TypeRegistry> registry = make_registry();
    World world{*registry};
    Simulation sim{world};

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
    Handle bat(glm::vec2 position, BatPattern pattern = BatPattern::Horizontal,
               glm::vec2 extent = {48.0f, 0.0f}) {
        const Handle h = create("Bat", position);
        Collider* c = world.add<Collider>(h);
        c->half_extents = {12.0f, 8.0f};
        c->trigger = true;
        Bat* b = world.add<Bat>(h);
        b->pattern = pattern;
        b->extent = extent;
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

TEST(PlatformerRegistration, RegistersEveryComponentOnceAndRefusesASecondTime) {
    TypeRegistry registry;
    register_builtin_components(registry);
    ASSERT_TRUE(register_platformer(registry).ok());
    for (const char* name : {"MovingPlatform", "Player", "Bat", "InfoSign", "Button", "Exit"})
        EXPECT_NE(registry.find(name), nullptr) << name;
    EXPECT_FALSE(register_platformer(registry).ok());
}

TEST(PlatformerRegistration, ButtonTargetAndSignDisplayAreObjectReferences) {
    auto registry = make_registry();
    EXPECT_EQ(registry->find<Button>()->find_field("target")->type, FieldType::ObjectRef);
    EXPECT_EQ(registry->find<InfoSign>()->find_field("display")->type, FieldType::ObjectRef);
    EXPECT_EQ(registry->find<Player>()->find_field("standing_on")->type, FieldType::ObjectRef);
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

// ---- bats ----

TEST(Bat, FliesItsPatternAndReturnsAfterAPeriod) {
    Game g;
    const Handle b = g.bat({500.0f, 300.0f}, BatPattern::FigureEight, {64.0f, 24.0f});
    g.world.get<Bat>(b)->period_s = 2.0f;
    g.run(30); // a quarter lap: far right, back on the centre line
    EXPECT_NEAR(g.position(b).x, 564.0f, 1e-2f);
    EXPECT_NEAR(g.position(b).y, 300.0f, 1e-2f);
    g.run(90);
    EXPECT_NEAR(g.position(b).x, 500.0f, 1e-2f);
    EXPECT_NEAR(g.position(b).y, 300.0f, 1e-2f);

    const Handle v = g.bat({100.0f, 300.0f}, BatPattern::Vertical, {0.0f, 40.0f});
    g.world.get<Bat>(v)->period_s = 2.0f;
    g.run(30);
    EXPECT_NEAR(g.position(v).x, 100.0f, 1e-3f);
    EXPECT_NEAR(g.position(v).y, 340.0f, 1e-2f);
}

TEST(Bat, TouchingItCostsALifeRespawnsAndMakesThePlayerInvulnerableForAWhile) {
    Game g;
    g.floor(0.0f, 512.0f);
    const Handle p = g.player({64.0f, 80.0f});
    g.world.get<Player>(p)->respawn_point = {32.0f, 80.0f};
    g.bat({64.0f, 90.0f}, BatPattern::Horizontal, {0.0f, 0.0f}); // hovers on the player
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

TEST(Bat, ThePlayerLosesWhenNoLivesAreLeft) {
    Game g;
    g.floor(0.0f, 256.0f);
    const Handle p = g.player();
    g.world.get<Player>(p)->lives = 1;
    g.bat({64.0f, 90.0f}, BatPattern::Horizontal, {0.0f, 0.0f});
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
    const Handle b = g.bat({64.0f, 90.0f}, BatPattern::Horizontal, {0.0f, 0.0f});
    g.world.get<Bat>(b)->damage = 0;
    g.run(30);
    EXPECT_EQ(g.state(p).hurts, 0);
    EXPECT_EQ(g.state(p).lives, 3);
}

// ---- signs ----

TEST(InfoSign, ShowsItsMessageInItsOwnTextWhileTouchedAndHidesItAfterLingering) {
    Game g;
    g.floor(0.0f, 512.0f);
    const Handle p = g.player({64.0f, 80.0f});
    const Handle s = g.trigger("Sign", {200.0f, 76.0f}, {14.0f, 12.0f});
    InfoSign* sign = g.world.add<InfoSign>(s);
    sign->message = "Hello, jumper";
    sign->linger_s = 0.5f;
    g.run(1);
    ASSERT_NE(g.world.get<Text>(s), nullptr);
    EXPECT_EQ(g.world.get<Text>(s)->text, "");
    EXPECT_FALSE(g.world.get<InfoSign>(s)->read);

    g.key(InputEventKind::KeyDown, Key::Right);
    ASSERT_TRUE(g.run_until([&] { return g.world.get<InfoSign>(s)->read; }));
    EXPECT_EQ(g.world.get<Text>(s)->text, "Hello, jumper");
    ASSERT_TRUE(g.run_until([&] { return g.position(p).x > 230.0f; })); // just past it
    g.key(InputEventKind::KeyUp, Key::Right);
    g.run(20); // still lingering (0.5 s after leaving)
    EXPECT_EQ(g.world.get<Text>(s)->text, "Hello, jumper");
    g.run(40);
    EXPECT_EQ(g.world.get<Text>(s)->text, "");
    EXPECT_TRUE(g.world.get<InfoSign>(s)->read);
}

TEST(InfoSign, WritesIntoTheTextOfItsDisplayObject) {
    Game g;
    g.floor(0.0f, 256.0f);
    g.player({64.0f, 80.0f});
    const Handle s = g.trigger("Sign", {64.0f, 76.0f}, {14.0f, 12.0f});
    const Handle label = g.create("Label", {64.0f, 140.0f});
    g.world.add<Text>(label);
    InfoSign* sign = g.world.add<InfoSign>(s);
    sign->message = "Up here";
    sign->display = g.world.guid(label);
    g.run(1);
    EXPECT_EQ(g.world.get<Text>(label)->text, "Up here");
    EXPECT_EQ(g.world.get<Text>(s), nullptr);
}

TEST(InfoSign, ABatThatIsAlsoASignFliesHurtsAndTalks) {
    Game g;
    g.floor(0.0f, 256.0f);
    const Handle p = g.player({64.0f, 80.0f});
    g.world.get<Player>(p)->respawn_point = {64.0f, 80.0f};
    const Handle b = g.bat({64.0f, 90.0f}, BatPattern::Vertical, {0.0f, 30.0f});
    g.world.add<InfoSign>(b)->message = "Squeak!";
    g.run(1);
    EXPECT_EQ(g.state(p).hurts, 1);                   // the Bat behaviour
    EXPECT_EQ(g.world.get<Text>(b)->text, "Squeak!"); // the InfoSign behaviour
    EXPECT_NE(g.position(b).y, 90.0f);                // and it flies
    EXPECT_TRUE(g.world.get<InfoSign>(b)->read);
}

// ---- buttons and the exit ----

TEST(Button, PressingItRemovesItsTargetBlock) {
    Game g;
    g.floor(0.0f, 512.0f);
    const Handle p = g.player({64.0f, 80.0f});
    const Handle block = g.solid({300.0f, 144.0f}, {16.0f, 80.0f});
    const Handle other = g.solid({400.0f, 144.0f}, {16.0f, 80.0f});
    const Handle button = g.trigger("Button", {160.0f, 68.0f}, {14.0f, 4.0f});
    g.world.add<Button>(button)->target = g.world.guid(block);
    g.run(5);
    EXPECT_TRUE(g.world.alive(block)); // not pressed yet
    EXPECT_FALSE(g.world.get<Button>(button)->pressed);

    g.key(InputEventKind::KeyDown, Key::Right);
    ASSERT_TRUE(g.run_until([&] { return g.world.get<Button>(button)->pressed; }));
    g.run(1);
    EXPECT_FALSE(g.world.alive(block));
    EXPECT_TRUE(g.world.alive(other));
    // The way is open: the player walks on to the next wall.
    ASSERT_TRUE(g.run_until([&] { return g.position(p).x >= 400.0f - 16.0f - 12.0f - 0.01f; }));
    EXPECT_NEAR(g.position(p).x, 400.0f - 16.0f - 12.0f, 1e-3f);
}

TEST(Button, WithoutATargetItIsPressedAndWarns) {
    LogCapture log;
    Game g;
    g.floor(0.0f, 256.0f);
    g.player({64.0f, 80.0f});
    const Handle button = g.trigger("Button", {64.0f, 68.0f}, {14.0f, 4.0f});
    g.world.add<Button>(button)->target = Guid{0x1234};
    const std::size_t objects = g.world.object_count();
    g.run(3);
    EXPECT_TRUE(g.world.get<Button>(button)->pressed);
    EXPECT_EQ(g.world.object_count(), objects);
    EXPECT_EQ(log.warnings, 1);
}

TEST(Exit, ReachingItFinishesTheLevelAndShowsItsMessage) {
    Game g;
    g.floor(0.0f, 512.0f);
    const Handle p = g.player({64.0f, 80.0f});
    const Handle exit = g.trigger("Exit", {200.0f, 88.0f}, {16.0f, 24.0f});
    g.world.add<Exit>(exit)->message = "DONE";
    g.key(InputEventKind::KeyDown, Key::Right);
    ASSERT_TRUE(g.run_until([&] { return g.state(p).state == PlayerState::Finished; }));
    EXPECT_TRUE(g.world.get<Exit>(exit)->reached);
    EXPECT_EQ(g.world.get<Text>(exit)->text, "DONE");
    const glm::vec2 where = g.position(p);
    g.run(10);
    EXPECT_EQ(g.position(p), where); // the level is over: the player no longer moves
}

// ---- the sample level ----

namespace {

const std::filesystem::path kProject =
    std::filesystem::path(DIORAMA_SOURCE_DIR) / "projects" / "platformer";

// The sample level loaded from its files, optionally with its input script.
struct Level {
    std::unique_ptr<TypeRegistry> registry = make_registry();
    Project project;
    PrefabLibrary prefabs;
    std::unique_ptr<World> world;
    std::unique_ptr<Simulation> sim;

    explicit Level(bool with_input) {
        Diagnostics d;
        auto loaded = load_project(kProject, d);
        EXPECT_TRUE(loaded.ok()) << d.format();
        project = *loaded;
        prefabs.load_folder(project, *registry, d);
        world = std::make_unique<World>(*registry);
        world->set_prefabs(&prefabs);
        EXPECT_TRUE(load_scene(*world, project.startup_scene, project, prefabs, d).ok())
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
};

} // namespace

TEST(PlatformerLevel, TheInputScriptPlaysLevelOneToTheExitWithin3600Ticks) {
    Level level(true);
    ASSERT_TRUE(level.named("Stone gate"));
    const Guid gate = level.world->guid(level.named("Stone gate"));
    level.run(100); // the player has walked past the first sign, whose message lingers
    EXPECT_EQ(level.world->get<Text>(level.named("Sign: controls text"))->text,
              level.world->get<InfoSign>(level.named("Sign: controls"))->message);
    level.run(3500);

    EXPECT_EQ(level.player().state, PlayerState::Finished);
    EXPECT_EQ(level.player().lives, 3);
    EXPECT_EQ(level.player().hurts, 0);
    const Handle exit = level.named("Exit");
    EXPECT_TRUE(level.world->get<Exit>(exit)->reached);
    EXPECT_EQ(level.world->get<Text>(exit)->text, "LEVEL COMPLETE!");
    EXPECT_TRUE(level.world->bounds(level.named("Player")).overlaps(level.world->bounds(exit)));

    EXPECT_TRUE(level.world->get<Button>(level.named("Button"))->pressed);
    EXPECT_FALSE(level.world->find(gate)) << "the button's block is still there";

    std::size_t signs = 0;
    level.world->view<InfoSign>().each([&](Handle h, const InfoSign& sign) {
        ++signs;
        EXPECT_TRUE(sign.read) << level.world->name(h) << " was never read";
    });
    EXPECT_EQ(signs, 4u); // three signs and the friendly bat
}

TEST(PlatformerLevel, TheSameInputGivesTheSameStateHashEveryRun) {
    Level first(true);
    Level second(true);
    first.run(3600);
    second.run(3600);
    EXPECT_EQ(state_hash(*first.world), state_hash(*second.world));
}

TEST(PlatformerLevel, WithoutInputThePlayerStaysAtTheStartAndTheGateStands) {
    Level level(false);
    level.run(600);
    EXPECT_EQ(level.player().state, PlayerState::Playing);
    EXPECT_EQ(level.world->get<Transform2D>(level.named("Player"))->position,
              glm::vec2(64.0f, 80.0f));
    EXPECT_TRUE(level.named("Stone gate"));
    EXPECT_FALSE(level.world->get<Exit>(level.named("Exit"))->reached);
}
