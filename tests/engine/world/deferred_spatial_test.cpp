// The spatial index brought up to date lazily: TypeRegistry::tick_may_query_space decides whether
// the Simulation updates it at every tick's end or defers that to the next query, and a deferred
// index answers exactly as an updated one.

#include "diorama/components.h"
#include "diorama/geometry.h"
#include "diorama/message.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace diorama {

// A game's component type, with a name unique to this file.
struct DeferredSpatialProbe {
    std::int32_t seen = 0;
};

namespace {

using Handles = std::vector<Handle>;

Handles sorted(Handles hs) {
    std::sort(hs.begin(), hs.end(), [](Handle a, Handle b) { return a.index < b.index; });
    return hs;
}

// Every live object whose bounds overlap area, by a scan of World::bounds.
Handles scan_rect(const World& world, const Rect& area) {
    Handles out;
    world.each_object([&](Handle h) {
        if (world.bounds(h).overlaps(area)) out.push_back(h);
    });
    return sorted(out);
}

Handles in_rect(const World& world, const Rect& area) {
    Handles out;
    world.query_rect(area, out);
    return out;
}

// Random movers under the built-in systems only: boxes, circles, points, children, a few with a
// Lifetime that ends them.
void populate(World& world, std::uint32_t seed, int count) {
    std::mt19937 rng(seed);
    const auto uniform = [&](float lo, float hi) {
        return std::uniform_real_distribution<float>(lo, hi)(rng);
    };
    std::vector<Handle> made;
    for (int i = 0; i < count; ++i) {
        ObjectDef def;
        if (!made.empty() && i % 7 == 0) def.parent = made[made.size() / 2];
        const Handle h = world.create(def).value();
        Transform2D& t = *world.get<Transform2D>(h);
        t.position = {uniform(-2000.0f, 2000.0f), uniform(-2000.0f, 2000.0f)};
        if (i % 5 == 0) t.rotation_deg = uniform(0.0f, 360.0f);
        Velocity& v = *world.add<Velocity>(h);
        v.linear = {uniform(-900.0f, 900.0f), uniform(-900.0f, 900.0f)};
        v.angular_deg = i % 3 == 0 ? uniform(-90.0f, 90.0f) : 0.0f;
        if (i % 4 == 0) world.add<Collider>(h)->half_extents = {uniform(1, 80), uniform(1, 80)};
        if (i % 4 == 1) {
            Shape& s = *world.add<Shape>(h);
            s.kind = ShapeKind::Circle;
            s.radius = uniform(1.0f, 300.0f);
        }
        if (i % 11 == 0) world.add<Lifetime>(h)->remaining_s = uniform(0.0f, 0.5f);
        made.push_back(h);
    }
}

class DeferredSpatialTest : public ::testing::Test {
protected:
    DeferredSpatialTest() { register_builtin_components(registry); }
    TypeRegistry registry;
};

TEST_F(DeferredSpatialTest, OnlyCodeDeclaredNeverToQueryLetsTheTickDeferTheIndex) {
    EXPECT_FALSE(registry.tick_may_query_space()) << "Velocity and Lifetime never query";

    TypeRegistry with_system;
    register_builtin_components(with_system);
    with_system.add_system("collisions", [](World&, float) {});
    EXPECT_TRUE(with_system.tick_may_query_space());

    TypeRegistry with_hook;
    register_builtin_components(with_hook);
    ASSERT_TRUE(
        with_hook.add(TypeBuilder<DeferredSpatialProbe>("DeferredSpatialProbe")
                          .on_message([](World&, Handle, DeferredSpatialProbe&, const Message&) {})
                          .build()));
    EXPECT_TRUE(with_hook.tick_may_query_space()) << "a game's message hook may query";

    TypeRegistry declared;
    register_builtin_components(declared);
    ASSERT_TRUE(
        declared.add(TypeBuilder<DeferredSpatialProbe>("DeferredSpatialProbe")
                         .system([](World&, float) {})
                         .on_message([](World&, Handle, DeferredSpatialProbe&, const Message&) {})
                         .never_queries_space()
                         .build()));
    EXPECT_FALSE(declared.tick_may_query_space());
}

TEST_F(DeferredSpatialTest, ADeferredIndexAnswersAsIfUpdatedAtTheQuery) {
    World world(registry);
    const Handle h = world.create();
    world.add<Collider>(h)->half_extents = {2.0f, 2.0f};
    world.update_spatial();
    world.get<Transform2D>(h)->position = {500.0f, 0.0f};
    world.defer_spatial_update();
    EXPECT_EQ(in_rect(world, Rect{{499.0f, -1.0f}, {501.0f, 1.0f}}), (Handles{h}));
    EXPECT_TRUE(in_rect(world, Rect{{-1.0f, -1.0f}, {1.0f, 1.0f}}).empty());
    EXPECT_EQ(world.spatial().box(h.index), world.bounds(h));
}

TEST_F(DeferredSpatialTest, TicksOfBuiltInsOnlyAnswerEveryQueryLikeAScanAtEveryTickBoundary) {
    World world(registry);
    populate(world, 42, 1500);
    world.update_spatial();
    Simulation sim(world);
    std::mt19937 rng(7);
    for (int tick = 0; tick < 40; ++tick) {
        sim.tick();
        if (tick % 3 != 0) continue; // some boundaries are never queried at all
        SCOPED_TRACE("tick " + std::to_string(tick));
        for (int q = 0; q < 25; ++q) {
            const glm::vec2 c(std::uniform_real_distribution<float>(-2500.0f, 2500.0f)(rng),
                              std::uniform_real_distribution<float>(-2500.0f, 2500.0f)(rng));
            const Rect area = Rect::from_center(c, glm::vec2(300.0f, 200.0f));
            ASSERT_EQ(in_rect(world, area), scan_rect(world, area));
        }
        ASSERT_EQ(world.spatial().size(), world.object_count());
    }
    EXPECT_LT(world.object_count(), 1500u) << "Lifetime ended some objects";
}

TEST_F(DeferredSpatialTest, ADeferringWorldReachesTheSameStateAsOneUpdatedEveryTick) {
    World deferring(registry);
    TypeRegistry eager_registry;
    register_builtin_components(eager_registry);
    eager_registry.add_system("nothing", [](World&, float) {}); // forces the update every tick
    World eager(eager_registry);
    populate(deferring, 3, 800);
    populate(eager, 3, 800);
    Simulation a(deferring);
    Simulation b(eager);
    for (int tick = 0; tick < 30; ++tick) {
        a.tick();
        b.tick();
    }
    EXPECT_EQ(state_hash(deferring), state_hash(eager));
    const Rect everything{{-1e6f, -1e6f}, {1e6f, 1e6f}};
    EXPECT_EQ(in_rect(deferring, everything).size(), in_rect(eager, everything).size());
    const Rect middle{{-400.0f, -400.0f}, {400.0f, 400.0f}};
    EXPECT_EQ(in_rect(deferring, middle).size(), in_rect(eager, middle).size());
}

TEST_F(DeferredSpatialTest, AGamesSystemStillSeesTheIndexOfTheLastTickBoundary) {
    // A system that may query keeps the index current at every tick's end, so a query in the
    // next tick sees the objects where that tick found them, not where Velocity has put them.
    World world(registry);
    const Handle h = world.create();
    world.add<Velocity>(h)->linear = {600.0f, 0.0f}; // 10 units per tick, before "look" runs
    world.update_spatial();
    std::vector<float> seen_at;
    registry.add_system("look", [&](World& w, float) {
        for (float x : {0.0f, 10.0f, 20.0f})
            if (!in_rect(w, Rect{{x - 0.5f, -0.5f}, {x + 0.5f, 0.5f}}).empty())
                seen_at.push_back(x);
    });
    Simulation sim(world);
    sim.tick();
    sim.tick();
    EXPECT_EQ(seen_at, (std::vector<float>{0.0f, 10.0f}));
}

} // namespace
} // namespace diorama
