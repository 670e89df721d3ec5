// World components (src/world/components.cpp): typed and runtime-typed access.

#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "world_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

using test::destroy_one;
using test::pick;

class ComponentsTest : public test::WorldFixture {};

TEST_F(ComponentsTest, AddGetHasRemove) {
    World world(registry);
    const Handle h = world.create();
    EXPECT_FALSE(world.has<Sprite>(h));
    Sprite* s = world.add<Sprite>(h);
    ASSERT_NE(s, nullptr);
    s->image = "sprites/ball.png";
    EXPECT_EQ(world.add<Sprite>(h), s) << "adding twice returns the existing component";
    EXPECT_TRUE(world.has<Sprite>(h));
    EXPECT_EQ(world.get<Sprite>(h)->image, "sprites/ball.png");
    EXPECT_TRUE(world.remove<Sprite>(h));
    EXPECT_FALSE(world.has<Sprite>(h));
    EXPECT_FALSE(world.remove<Sprite>(h));
}

TEST_F(ComponentsTest, TransformCannotBeRemoved) {
    World world(registry);
    const Handle h = world.create();
    EXPECT_FALSE(world.remove<Transform2D>(h));
    EXPECT_TRUE(world.has<Transform2D>(h));
}

TEST_F(ComponentsTest, RuntimeTypeIdAccessMatchesTypedAccess) {
    World world(registry);
    const Handle h = world.create();
    const TypeInfo* shape = registry.find("Shape");
    ASSERT_NE(shape, nullptr);
    void* raw = world.add(h, shape->id);
    ASSERT_NE(raw, nullptr);
    EXPECT_EQ(raw, world.get<Shape>(h));
    EXPECT_TRUE(world.has(h, shape->id));
    const auto types = world.components_of(h);
    ASSERT_EQ(types.size(), 2u);
    EXPECT_EQ(types[0], component_id<Transform2D>());
    EXPECT_EQ(types[1], shape->id);
    EXPECT_TRUE(world.remove(h, shape->id));
    EXPECT_FALSE(world.has<Shape>(h));
    EXPECT_EQ(world.add(h, 9999), nullptr) << "unregistered type id";
}

TEST_F(ComponentsTest, GetFollowsComponentsMovedBySwapRemovalAndGroupSwaps) {
    // Each object's components carry its slot index; random adds, removals and destroys move
    // components (swap-remove, group join and leave), and get<T> must follow every move.
    World world(registry);
    std::mt19937 rng(7);
    std::vector<Handle> live;
    auto tag = [](Handle h) { return static_cast<float>(h.index); };
    for (int step = 0; step < 5000; ++step) {
        const auto r = rng() % 10u;
        if (r < 4 || live.empty()) {
            const Handle h = world.create();
            world.get<Transform2D>(h)->position.x = tag(h);
            if (rng() & 1u) world.add<Velocity>(h)->linear.x = tag(h);
            if (rng() & 1u) world.add<Sprite>(h)->size.x = tag(h);
            live.push_back(h);
        } else if (r < 6) {
            const Handle h = pick(live, rng);
            world.add<Velocity>(h)->linear.x = tag(h);
        } else if (r < 8) {
            const Handle h = pick(live, rng);
            world.remove<Velocity>(h);
            world.remove<Sprite>(h);
        } else {
            destroy_one(world, live, rng);
        }
        for (Handle h : live) {
            ASSERT_EQ(world.get<Transform2D>(h)->position.x, tag(h));
            if (const Velocity* v = world.get<Velocity>(h)) {
                ASSERT_EQ(v->linear.x, tag(h));
            }
            if (const Sprite* s = world.get<Sprite>(h)) {
                ASSERT_EQ(s->size.x, tag(h));
            }
            ASSERT_EQ(world.get(h, component_id<Velocity>()), world.get<Velocity>(h));
        }
    }
}

TEST_F(ComponentsTest, NullAndStaleHandlesFindNoComponent) {
    World world(registry);
    const Handle first = world.create(); // slot 0, whose Velocity entry is absent
    const Handle second = world.create();
    world.add<Velocity>(second);
    EXPECT_EQ(world.get<Velocity>(kNullHandle), nullptr);
    EXPECT_NE(world.get<Transform2D>(first), nullptr);
    EXPECT_EQ(world.get<Transform2D>(kNullHandle), nullptr);
    EXPECT_EQ(world.stats().stale_accesses, 0u) << "the null handle is not a stale access";
    world.destroy(second);
    world.flush();
    const Handle reused = world.create(); // takes second's slot with a new generation
    world.add<Velocity>(reused);
    ASSERT_EQ(reused.index, second.index);
    EXPECT_EQ(world.get<Velocity>(second), nullptr);
    EXPECT_EQ(world.get<Transform2D>(second), nullptr);
    EXPECT_EQ(world.stats().stale_accesses, 2u);
}

TEST_F(ComponentsTest, DestroyRemovesEveryComponent) {
    World world(registry);
    const Handle h = world.create();
    world.add<Sprite>(h);
    world.add<Velocity>(h);
    world.destroy(h);
    world.flush();
    EXPECT_EQ(world.count<Sprite>(), 0u);
    EXPECT_EQ(world.count<Velocity>(), 0u);
    EXPECT_EQ(world.count<Transform2D>(), 0u);
}

// What a loader does before making objects it has counted: reserve the objects and their
// components, then create them; nothing grows while it does.
TEST_F(ComponentsTest, ReservedObjectsAndComponentsAreMadeWithoutGrowingTheWorld) {
    World world(registry);
    const Handle before = world.create({.guid = Guid{1}}).value();
    world.add<Velocity>(before)->linear = {1, 2};
    constexpr std::uint64_t kMore = 5000;
    world.reserve(kMore);
    world.reserve_components(component_id<Velocity>(), kMore);
    world.reserve_components(ComponentId{60000}, kMore); // unregistered: nothing
    const std::size_t reserved = world.memory_bytes();
    std::vector<Handle> made;
    for (std::uint64_t i = 0; i < kMore; ++i) {
        made.push_back(world.create({.guid = Guid{i + 2}}).value());
        world.add<Velocity>(made.back())->linear = {static_cast<float>(i), 0};
    }
    EXPECT_EQ(world.memory_bytes(), reserved);
    EXPECT_EQ(world.count<Velocity>(), kMore + 1);
    EXPECT_EQ(world.get<Velocity>(before)->linear, glm::vec2(1, 2));
    for (std::uint64_t i = 0; i < kMore; i += 97)
        ASSERT_EQ(world.get<Velocity>(made[i])->linear.x, static_cast<float>(i));
}

} // namespace
} // namespace diorama
