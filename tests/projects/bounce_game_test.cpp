// BOUNCE's game logic, on worlds built in code (no files): bounces, bricks, score, pickups,
// particles, the paddle's AI and input, lives, and determinism.

#include "bounce.h"

#include <diorama/components.h>
#include <diorama/log.h>
#include <diorama/prefab.h>
#include <diorama/simulation.h>
#include <diorama/state_hash.h>
#include <diorama/type_registry.h>
#include <diorama/world.h>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <variant>
#include <vector>

using namespace diorama;
using namespace bounce;

namespace {

// ---- building worlds in code ----

std::unique_ptr<TypeRegistry> make_registry() {
    auto registry = std::make_unique<TypeRegistry>();
    register_builtin_components(*registry);
    EXPECT_TRUE(register_bounce(*registry).ok());
    return registry;
}

// A prefab component holding value.
template <class T>
Prefab::Component prefab_component(const TypeRegistry& registry, const T& value) {
    const TypeInfo* type = registry.find<T>();
    std::shared_ptr<void> instance = type->make_instance();
    *static_cast<T*>(instance.get()) = value;
    return {type, std::move(instance)};
}

// A prefab named name at prefabs/NAME.prefab.json that spawns into the "world" layer.
Prefab make_prefab(const std::string& name, std::vector<Prefab::Component> components) {
    Prefab prefab;
    prefab.path = "prefabs/" + name + ".prefab.json";
    prefab.name = name;
    prefab.layer = "world";
    prefab.components = std::move(components);
    return prefab;
}

// The "particle" and "pickup" prefabs the game spawns, as in projects/bounce/prefabs/.
PrefabLibrary make_prefabs(const TypeRegistry& registry) {
    PrefabLibrary library;
    Shape dot;
    dot.kind = ShapeKind::Circle;
    dot.radius = 3.0f;
    Lifetime life;
    life.remaining_s = 0.5f;
    library.add(make_prefab("particle", {prefab_component(registry, dot),
                                         prefab_component(registry, Velocity{}),
                                         prefab_component(registry, life)}));

    Shape capsule;
    capsule.size = {28.0f, 14.0f};
    Collider box;
    box.half_extents = {14.0f, 7.0f};
    Velocity fall;
    fall.linear = {0.0f, -150.0f};
    library.add(make_prefab(
        "pickup", {prefab_component(registry, capsule), prefab_component(registry, box),
                   prefab_component(registry, fall), prefab_component(registry, Pickup{})}));
    return library;
}

// A world with the BOUNCE types and prefabs, stepped by a 60 Hz simulation.
struct Game {
    std::unique_ptr<TypeRegistry> registry = make_registry();
    PrefabLibrary prefabs = make_prefabs(*registry);
    World world{*registry};
    Simulation sim{world};

    Game() {
        world.add_layer("world");
        world.set_prefabs(&prefabs);
    }

    Handle create(const std::string& name, glm::vec2 position) {
        const Handle h = world.create({.name = name, .layer = *world.find_layer("world")}).value();
        world.get<Transform2D>(h)->position = position;
        return h;
    }

    // The sample level's playfield: x 0..800, y 0..600.
    Handle arena() {
        const Handle h = create("Arena", {400.0f, 300.0f});
        world.add<Arena>(h);
        return h;
    }

    Handle paddle(glm::vec2 position = {400.0f, 40.0f}) {
        const Handle h = create("Paddle", position);
        world.add<Paddle>(h);
        world.add<Collider>(h)->half_extents = {50.0f, 8.0f};
        return h;
    }

    // A ball in flight (no serve wait) with a velocity.
    Handle ball(glm::vec2 position, glm::vec2 velocity) {
        const Handle h = create("Ball", position);
        Ball* b = world.add<Ball>(h);
        b->serve_remaining_s = 0.0f;
        b->speed = glm::length(velocity);
        world.add<Velocity>(h)->linear = velocity;
        Collider* c = world.add<Collider>(h);
        c->kind = ColliderKind::Circle;
        c->radius = 8.0f;
        return h;
    }

    Handle brick(glm::vec2 position, std::int32_t hp = 1) {
        const Handle h = create("Brick", position);
        world.add<Brick>(h);
        world.add<Collider>(h)->half_extents = {36.0f, 12.0f};
        world.add<Shape>(h)->color = {0.8f, 0.4f, 0.2f, 1.0f};
        world.add<Properties>(h)->values["hp"] = hp;
        return h;
    }

    Handle keeper() {
        const Handle h = create("Score", {20.0f, 580.0f});
        world.add<ScoreKeeper>(h);
        world.add<Text>(h);
        return h;
    }

    // The sample level in code: arena, paddle, a served ball, a 10 x 6 wall (top rows hp 2).
    void level() {
        arena();
        paddle();
        const Handle b = ball({400.0f, 56.0f}, {0.0f, 0.0f});
        world.get<Ball>(b)->serve_remaining_s = 1.0f;
        for (int row = 0; row < 6; ++row)
            for (int column = 0; column < 10; ++column)
                brick({58.0f + 76.0f * static_cast<float>(column),
                       540.0f - 28.0f * static_cast<float>(row)},
                      row < 2 ? 2 : 1);
        keeper();
        world.update_spatial();
    }

    void run(int ticks) {
        for (int i = 0; i < ticks; ++i)
            sim.tick();
    }

    // Ticks until pred() holds, at most max_ticks; returns whether it did.
    template <class Pred>
    bool run_until(Pred pred, int max_ticks = 600) {
        for (int i = 0; i < max_ticks; ++i) {
            if (pred()) return true;
            sim.tick();
        }
        return pred();
    }

    glm::vec2 position(Handle h) const { return world.get<Transform2D>(h)->position; }
    glm::vec2 velocity(Handle h) const { return world.get<Velocity>(h)->linear; }
    std::int32_t hp(Handle h) const {
        return std::get<std::int32_t>(world.get<Properties>(h)->values.at("hp"));
    }
};

// Silences and counts log messages while alive.
struct LogCapture {
    int errors = 0;
    LogSink previous;
    LogCapture() {
        previous = set_log_sink([this](LogLevel level, std::string_view) {
            if (level == LogLevel::Error) ++errors;
        });
    }
    ~LogCapture() { set_log_sink(previous); }
    LogCapture(const LogCapture&) = delete;
    LogCapture& operator=(const LogCapture&) = delete;
};

} // namespace

// ---- registration ----

TEST(BounceRegistration, RegistersEveryComponentOnceAndRefusesASecondTime) {
    TypeRegistry registry;
    register_builtin_components(registry);
    ASSERT_TRUE(register_bounce(registry).ok());
    for (const char* name : {"Arena", "Brick", "Paddle", "Ball", "Pickup", "ScoreKeeper"})
        EXPECT_NE(registry.find(name), nullptr) << name;
    EXPECT_FALSE(register_bounce(registry).ok());
}

TEST(BounceRegistration, SystemsRunPaddleThenBallThenPickupThenScoreAfterTheBuiltins) {
    TypeRegistry registry;
    register_builtin_components(registry);
    const std::size_t builtins = registry.systems().size();
    ASSERT_TRUE(register_bounce(registry).ok());
    ASSERT_EQ(registry.systems().size(), builtins + 4);
    EXPECT_EQ(registry.systems()[builtins].name, "Paddle");
    EXPECT_EQ(registry.systems()[builtins + 1].name, "Ball");
    EXPECT_EQ(registry.systems()[builtins + 2].name, "Pickup");
    EXPECT_EQ(registry.systems()[builtins + 3].name, "ScoreKeeper");
}

// ---- ball ----

TEST(BounceBall, ReflectsOffTheSideWallAndTheTop) {
    Game g;
    g.arena();
    const Handle b = g.ball({780.0f, 560.0f}, {240.0f, 180.0f});
    ASSERT_TRUE(g.run_until([&] { return g.velocity(b).x < 0.0f; }, 10));
    EXPECT_LE(g.position(b).x, 792.0f);
    ASSERT_TRUE(g.run_until([&] { return g.velocity(b).y < 0.0f; }, 30));
    EXPECT_LE(g.position(b).y, 592.0f);
    EXPECT_NEAR(glm::length(g.velocity(b)), 300.0f, 1e-3f);
}

TEST(BounceBall, BouncesUpOffThePaddleFasterAndAngledByWhereItHit) {
    Game g;
    g.arena();
    const Handle p = g.paddle();
    g.world.input().human = true; // no AI: the paddle stays put
    const Handle b = g.ball({425.0f, 90.0f}, {0.0f, -300.0f});
    ASSERT_TRUE(g.run_until([&] { return g.velocity(b).y > 0.0f; }, 30));
    EXPECT_GT(g.velocity(b).x, 0.0f); // hit right of centre: leaves to the right
    EXPECT_EQ(g.world.get<Paddle>(p)->hits, 1);
    EXPECT_FLOAT_EQ(g.world.get<Ball>(b)->speed, 306.0f);
    EXPECT_GE(g.position(b).y, 56.0f);
}

TEST(BounceBall, NeverFliesFlatterThanFifteenDegrees) {
    Game g;
    g.arena();
    const Handle b = g.ball({400.0f, 300.0f}, {300.0f, 0.0f});
    g.run(1);
    const glm::vec2 v = g.velocity(b);
    EXPECT_GE(std::abs(v.y) / glm::length(v), std::sin(glm::radians(15.0f)) - 1e-4f);
}

TEST(BounceBall, WaitsOnThePaddleThenServesAlternatingSides) {
    Game g;
    g.arena();
    g.paddle({300.0f, 40.0f});
    g.world.input().human = true;
    const Handle b = g.ball({0.0f, 0.0f}, {0.0f, 0.0f});
    g.world.get<Ball>(b)->serve_remaining_s = 0.5f;
    g.run(1);
    EXPECT_EQ(g.position(b), glm::vec2(300.0f, 56.0f)); // rides on the paddle
    EXPECT_EQ(g.velocity(b), glm::vec2(0.0f));
    ASSERT_TRUE(g.run_until([&] { return g.velocity(b).y > 0.0f; }, 40));
    EXPECT_GT(g.velocity(b).x, 0.0f); // first serve to the right
    EXPECT_NEAR(glm::length(g.velocity(b)), 300.0f, 1e-3f);
    EXPECT_EQ(g.world.get<Ball>(b)->serves, 1);
}

TEST(BounceBall, SpaceServesAtOnceWhenAHumanPlays) {
    Game g;
    g.arena();
    g.paddle();
    const Handle b = g.ball({400.0f, 56.0f}, {0.0f, 0.0f});
    g.world.get<Ball>(b)->serve_remaining_s = 5.0f;
    g.sim.push_input({.kind = InputEventKind::KeyDown, .key = Key::Space});
    g.run(1);
    EXPECT_GT(g.velocity(b).y, 0.0f);
}

// ---- bricks and score ----

TEST(BounceBrick, WithTwoHitPointsSurvivesOneHitAndBreaksOnTheSecond) {
    Game g;
    g.arena();
    const Handle brick = g.brick({400.0f, 300.0f}, 2);
    g.world.update_spatial();
    const Handle b = g.ball({400.0f, 250.0f}, {0.0f, 300.0f});
    ASSERT_TRUE(g.run_until([&] { return g.velocity(b).y < 0.0f; }, 30));
    ASSERT_TRUE(g.world.alive(brick));
    EXPECT_EQ(g.hp(brick), 1);
    EXPECT_LT(g.position(b).y, 300.0f - 12.0f); // pushed back out below the brick
    EXPECT_FLOAT_EQ(g.world.get<Shape>(brick)->color.r, 0.8f * 0.75f); // shows the damage

    g.world.get<Transform2D>(b)->position = {400.0f, 250.0f};
    g.world.get<Velocity>(b)->linear = {0.0f, 300.0f};
    ASSERT_TRUE(g.run_until([&] { return g.velocity(b).y < 0.0f; }, 30));
    EXPECT_FALSE(g.world.alive(brick)); // destroyed at the end of the tick of the second hit
}

TEST(BounceBrick, BreakingSendsBrickBrokenAndTheScoreKeeperAddsItsPoints) {
    Game g;
    g.arena();
    const Handle keeper = g.keeper();
    const Handle brick = g.brick({400.0f, 300.0f});
    g.world.get<Brick>(brick)->points = 25;
    g.brick({100.0f, 500.0f}); // one left standing: the game goes on
    g.world.update_spatial();
    const Handle b = g.ball({400.0f, 250.0f}, {0.0f, 300.0f});
    ASSERT_TRUE(g.run_until([&] { return !g.world.alive(brick); }, 30));
    const ScoreKeeper& k = *g.world.get<ScoreKeeper>(keeper);
    EXPECT_EQ(k.score, 25);
    EXPECT_EQ(k.bricks_broken, 1);
    EXPECT_EQ(k.state, GameState::Playing);
    g.run(1);
    EXPECT_EQ(g.world.get<Text>(keeper)->text, "SCORE 25   LIVES 3");
    EXPECT_LT(g.velocity(b).y, 0.0f);
}

TEST(BounceBrick, BreakingTheLastBrickWinsAndParksTheBall) {
    Game g;
    g.arena();
    g.paddle();
    const Handle keeper = g.keeper();
    g.brick({400.0f, 300.0f});
    g.world.update_spatial();
    g.world.input().human = true;
    const Handle b = g.ball({400.0f, 250.0f}, {0.0f, 300.0f});
    ASSERT_TRUE(g.run_until([&] { return g.world.count<Brick>() == 0; }, 30));
    EXPECT_EQ(g.world.get<ScoreKeeper>(keeper)->state, GameState::Won);
    g.run(2);
    EXPECT_EQ(g.velocity(b), glm::vec2(0.0f));
    EXPECT_EQ(g.position(b), glm::vec2(400.0f, 56.0f));
    EXPECT_EQ(g.world.get<Text>(keeper)->text, "YOU WIN!   SCORE 10");
}

TEST(BounceBrick, HitsSpawnParticlesThatMoveAndExpire) {
    Game g;
    g.arena();
    const Handle brick = g.brick({400.0f, 300.0f}, 3);
    g.world.update_spatial();
    g.ball({400.0f, 250.0f}, {0.0f, 300.0f});
    ASSERT_TRUE(g.run_until([&] { return g.hp(brick) == 2; }, 30));
    ASSERT_EQ(g.world.count<Lifetime>(), 6u);
    std::vector<glm::vec2> starts;
    g.world.view<Lifetime, Transform2D>().each(
        [&](Lifetime&, Transform2D& t) { starts.push_back(t.position); });
    g.world.view<Lifetime, Shape>().each(
        [](Lifetime&, Shape& s) { EXPECT_FLOAT_EQ(s.color.r, 0.8f); }); // the brick's colour
    g.run(1);
    std::size_t moved = 0;
    g.world.view<Lifetime, Transform2D>().each([&](Lifetime&, Transform2D& t) {
        moved += std::count(starts.begin(), starts.end(), t.position) == 0 ? 1 : 0;
    });
    EXPECT_EQ(moved, 6u);
    g.run(35); // 0.5 s
    EXPECT_EQ(g.world.count<Lifetime>(), 0u);
}

TEST(BounceBrick, SpawningWithoutAPrefabLibraryIsLoggedAndTheGameGoesOn) {
    Game g;
    g.world.set_prefabs(nullptr);
    LogCapture log;
    g.arena();
    const Handle keeper = g.keeper();
    g.world.get<ScoreKeeper>(keeper)->pickup_every = 1;
    const Handle brick = g.brick({400.0f, 300.0f});
    g.brick({100.0f, 500.0f});
    g.world.update_spatial();
    g.ball({400.0f, 250.0f}, {0.0f, 300.0f});
    ASSERT_TRUE(g.run_until([&] { return !g.world.alive(brick); }, 30));
    EXPECT_EQ(g.world.get<ScoreKeeper>(keeper)->score, 10);
    EXPECT_EQ(log.errors, 2); // one particle burst, one pickup
    EXPECT_EQ(g.world.count<Pickup>(), 0u);
}

// ---- pickups ----

TEST(BouncePickup, EveryNthBrokenBrickDropsTheNextKindInTurn) {
    Game g;
    g.arena();
    const Handle keeper = g.keeper();
    g.world.get<ScoreKeeper>(keeper)->pickup_every = 2;
    g.brick({700.0f, 500.0f}); // keeps the game going
    g.world.update_spatial();
    for (int i = 0; i < 4; ++i) {
        Message m;
        m.kind = kBrickBroken;
        m.i = 10;
        m.v = {100.0f * static_cast<float>(i + 1), 400.0f};
        g.world.send(keeper, m);
    }
    g.run(1);
    std::vector<PickupKind> kinds;
    std::vector<float> xs;
    g.world.view<Pickup, Transform2D>().each([&](Pickup& p, Transform2D& t) {
        kinds.push_back(p.kind);
        xs.push_back(t.position.x);
    });
    EXPECT_EQ(kinds, (std::vector{PickupKind::Widen, PickupKind::ExtraLife}));
    EXPECT_EQ(xs, (std::vector{200.0f, 400.0f}));
    EXPECT_EQ(g.world.get<ScoreKeeper>(keeper)->pickups_dropped, 2);
}

TEST(BouncePickup, FallsAndWidensThePaddleItTouchesForItsDuration) {
    Game g;
    g.arena();
    const Handle p = g.paddle();
    g.world.input().human = true;
    const Handle pickup = spawn(g.world, "pickup", {400.0f, 120.0f});
    ASSERT_TRUE(pickup);
    ASSERT_TRUE(g.run_until([&] { return !g.world.alive(pickup); }, 60));
    EXPECT_FLOAT_EQ(g.world.get<Paddle>(p)->widen_remaining_s, 8.0f);
    g.run(1);
    EXPECT_FLOAT_EQ(g.world.get<Transform2D>(p)->scale.x, 1.5f);
    EXPECT_FLOAT_EQ(g.world.bounds(p).size().x, 150.0f);
    g.run(8 * 60);
    EXPECT_FLOAT_EQ(g.world.get<Transform2D>(p)->scale.x, 1.0f);
}

TEST(BouncePickup, ExtraLifeAddsALifeAndSlowSlowsTheBall) {
    Game g;
    g.arena();
    g.paddle();
    g.world.input().human = true;
    const Handle keeper = g.keeper();
    g.brick({700.0f, 500.0f});
    const Handle b = g.ball({100.0f, 300.0f}, {0.0f, 300.0f});
    for (PickupKind kind : {PickupKind::ExtraLife, PickupKind::Slow}) {
        const Handle pickup = spawn(g.world, "pickup", {400.0f, 50.0f});
        g.world.get<Pickup>(pickup)->kind = kind;
    }
    g.run(1);
    EXPECT_EQ(g.world.count<Pickup>(), 0u);
    EXPECT_EQ(g.world.get<ScoreKeeper>(keeper)->lives, 4);
    g.run(1);
    EXPECT_NEAR(glm::length(g.velocity(b)), 300.0f * 0.6f, 1e-3f);
}

TEST(BouncePickup, MissedPickupsAreRemovedBelowTheArena) {
    Game g;
    g.arena();
    g.paddle({700.0f, 40.0f});
    g.world.input().human = true;
    const Handle pickup = spawn(g.world, "pickup", {100.0f, 100.0f});
    ASSERT_TRUE(g.run_until([&] { return !g.world.alive(pickup); }, 120));
    EXPECT_LT(g.sim.tick_count(), 120u);
}

// ---- paddle ----

TEST(BouncePaddle, AiTracksTheBallWhenNoHumanPlays) {
    Game g;
    g.arena();
    const Handle p = g.paddle();
    const Handle b = g.ball({150.0f, 400.0f}, {0.0f, -300.0f});
    g.run(30);
    // The AI's first aim is +0.35 half-widths: its centre sits that far left of the ball.
    EXPECT_NEAR(g.position(p).x, g.position(b).x - 0.35f * 50.0f, 1e-3f);
    EXPECT_FALSE(g.world.input().human);
}

TEST(BouncePaddle, AiMovesNoFasterThanItsSpeed) {
    Game g;
    g.arena();
    const Handle p = g.paddle();
    g.ball({100.0f, 400.0f}, {0.0f, -300.0f});
    g.run(1);
    EXPECT_FLOAT_EQ(g.position(p).x, 400.0f - 10.0f); // 600 units/s at 60 Hz
}

TEST(BouncePaddle, FollowsArrowKeysAndTheMouseWhenAHumanPlays) {
    Game g;
    g.arena();
    const Handle p = g.paddle();
    g.sim.push_input({.kind = InputEventKind::KeyDown, .key = Key::Right});
    g.run(6);
    EXPECT_NEAR(g.position(p).x, 460.0f, 1e-3f);
    g.sim.push_input({.kind = InputEventKind::KeyUp, .key = Key::Right});
    g.sim.push_input({.kind = InputEventKind::MouseMove, .position = {200.0f, 300.0f}});
    g.run(1);
    EXPECT_FLOAT_EQ(g.position(p).x, 200.0f);
    EXPECT_TRUE(g.world.get<Paddle>(p)->follow_mouse);
    g.sim.push_input({.kind = InputEventKind::KeyDown, .key = Key::Left});
    g.run(1);
    EXPECT_FALSE(g.world.get<Paddle>(p)->follow_mouse);
    EXPECT_FLOAT_EQ(g.position(p).x, 190.0f);
}

TEST(BouncePaddle, StaysInsideTheArena) {
    Game g;
    g.arena();
    const Handle p = g.paddle();
    g.sim.push_input({.kind = InputEventKind::MouseMove, .position = {-500.0f, 0.0f}});
    g.run(1);
    EXPECT_FLOAT_EQ(g.position(p).x, 50.0f);
}

// ---- lives ----

TEST(BounceLives, ALostBallCostsALifeAndIsServedAgain) {
    Game g;
    g.arena();
    g.paddle({700.0f, 40.0f});
    g.world.input().human = true;
    const Handle keeper = g.keeper();
    g.brick({100.0f, 500.0f});
    const Handle b = g.ball({100.0f, 30.0f}, {0.0f, -300.0f});
    g.world.get<Ball>(b)->slow_remaining_s = 3.0f;
    ASSERT_TRUE(g.run_until([&] { return g.world.get<ScoreKeeper>(keeper)->lives == 2; }, 30));
    const Ball& ball = *g.world.get<Ball>(b);
    EXPECT_GT(ball.serve_remaining_s, 0.0f);
    EXPECT_EQ(ball.slow_remaining_s, 0.0f);
    EXPECT_EQ(g.position(b), glm::vec2(700.0f, 56.0f));
    EXPECT_EQ(g.world.get<ScoreKeeper>(keeper)->state, GameState::Playing);
    g.run(1);
    EXPECT_EQ(g.world.get<Text>(keeper)->text, "SCORE 0   LIVES 2");
}

TEST(BounceLives, LosingTheLastLifeEndsTheGame) {
    Game g;
    g.arena();
    g.paddle({700.0f, 40.0f});
    g.world.input().human = true;
    const Handle keeper = g.keeper();
    g.world.get<ScoreKeeper>(keeper)->lives = 1;
    g.brick({100.0f, 500.0f});
    const Handle b = g.ball({100.0f, 30.0f}, {0.0f, -300.0f});
    ASSERT_TRUE(g.run_until(
        [&] { return g.world.get<ScoreKeeper>(keeper)->state == GameState::Lost; }, 30));
    EXPECT_EQ(g.world.get<ScoreKeeper>(keeper)->lives, 0);
    g.run(120);
    EXPECT_EQ(g.velocity(b), glm::vec2(0.0f)); // never served again
    EXPECT_EQ(g.world.get<Text>(keeper)->text, "GAME OVER   SCORE 0");
}

// ---- a whole game ----

TEST(BounceGame, TheAiPlaysARealGameHeadless) {
    Game g;
    g.level();
    g.run(3600);
    const ScoreKeeper& k = *g.world.get<ScoreKeeper>(g.world.find_by_name("Score"));
    EXPECT_GT(k.bricks_broken, 10);
    EXPECT_GT(k.score, 100);
    EXPECT_GT(k.pickups_dropped, 0);
}

TEST(BounceGame, IsDeterministicOver3600Ticks) {
    Game a;
    Game b;
    a.level();
    b.level();
    ASSERT_EQ(state_hash(a.world), state_hash(b.world));
    const std::uint64_t start = state_hash(a.world);
    for (int i = 0; i < 3600; ++i) {
        a.sim.tick();
        b.sim.tick();
        if (i % 600 == 599) {
            ASSERT_EQ(state_hash(a.world), state_hash(b.world)) << "tick " << i + 1;
        }
    }
    EXPECT_EQ(state_hash(a.world), state_hash(b.world));
    EXPECT_NE(state_hash(a.world), start);
    EXPECT_EQ(a.world.object_count(), b.world.object_count());
}
