// Owned groups (src/world/groups.cpp): members kept first and in the same order.

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

class GroupsTest : public test::WorldFixture {};

TEST_F(GroupsTest, UngroupedComponentsDoNotMoveWhenMoreAreAdded) {
    World world(registry);
    const Handle first = world.create();
    Sprite* sprite = world.add<Sprite>(first);
    sprite->image = "a.png";
    for (int i = 0; i < 20000; ++i)
        world.add<Sprite>(world.create());
    EXPECT_EQ(world.get<Sprite>(first), sprite) << "paged storage never moves components";
    EXPECT_EQ(sprite->image, "a.png");
}

TEST_F(GroupsTest, ValuesFollowTheirObjectsWhenTheGroupReorders) {
    World world(registry);
    const Handle a = world.create();
    const Handle b = world.create();
    world.get<Transform2D>(a)->position = {1, 1};
    world.get<Transform2D>(b)->position = {2, 2};
    world.add<Velocity>(b)->linear = {5, 0}; // b joins the group: grouped data is reordered
    world.add<Velocity>(a)->linear = {7, 0};
    world.remove<Velocity>(b); // b leaves it again
    EXPECT_EQ(world.get<Transform2D>(a)->position, glm::vec2(1, 1));
    EXPECT_EQ(world.get<Transform2D>(b)->position, glm::vec2(2, 2));
    EXPECT_EQ(world.get<Velocity>(a)->linear, glm::vec2(7, 0));
    EXPECT_FALSE(world.has<Velocity>(b));
}

TEST_F(GroupsTest, ViewsOverAGroupsTypesInAnyOrderOrOverPartOfThemVisitTheRightObjects) {
    // A view walks the group only when its types are exactly the group's; a view over part of a
    // group must scan, or it would miss objects that lack the group's other types.
    World world(registry);
    ASSERT_TRUE((world.group<Sprite, Shape, Collider>()));
    std::mt19937 rng(11);
    std::vector<Handle> all_three;
    std::vector<Handle> sprite_and_shape;
    for (int i = 0; i < 3000; ++i) {
        const Handle h = world.create();
        const unsigned bits = rng() % 8u;
        if (bits & 1u) world.add<Sprite>(h);
        if (bits & 2u) world.add<Shape>(h);
        if (bits & 4u) world.add<Collider>(h);
        if ((bits & 3u) == 3u) sprite_and_shape.push_back(h);
        if (bits == 7u) all_three.push_back(h);
    }
    const auto by_index = [](Handle a, Handle b) { return a.index < b.index; };
    const auto visited = [&](auto view) {
        std::vector<Handle> seen;
        view.each([&](Handle h, auto&...) { seen.push_back(h); });
        std::sort(seen.begin(), seen.end(), by_index);
        return seen;
    };
    EXPECT_EQ(visited(world.view<Sprite, Shape, Collider>()), all_three);
    EXPECT_EQ(visited(world.view<Collider, Sprite, Shape>()), all_three);
    EXPECT_EQ(visited(world.view<Shape, Collider, Sprite>()), all_three);
    EXPECT_EQ(visited(world.view<Sprite, Shape>()), sprite_and_shape);
    EXPECT_EQ(visited(world.view<Shape, Sprite>()), sprite_and_shape);
}

TEST_F(GroupsTest, GroupedViewMatchesAFilteredScanAfterChurn) {
    World world(registry);
    std::mt19937 rng(3);
    std::vector<Handle> live;
    for (int step = 0; step < 20000; ++step) {
        const auto r = rng() % 10u;
        if (r < 4 || live.empty()) {
            const Handle h = world.create();
            if (rng() & 1u) world.add<Velocity>(h)->linear = {1.0f, 0.0f};
            live.push_back(h);
        } else if (r < 6) {
            world.add<Velocity>(pick(live, rng));
        } else if (r < 8) {
            world.remove<Velocity>(pick(live, rng));
        } else {
            destroy_one(world, live, rng);
        }
    }
    std::size_t expected = 0;
    for (Handle h : live)
        expected += world.has<Velocity>(h) ? 1 : 0;
    std::size_t visited = 0;
    world.view<Transform2D, Velocity>().each([&](Handle h, Transform2D& t, Velocity& v) {
        EXPECT_EQ(&t, world.get<Transform2D>(h));
        EXPECT_EQ(&v, world.get<Velocity>(h));
        ++visited;
    });
    EXPECT_EQ(visited, expected);
}

} // namespace
} // namespace diorama
