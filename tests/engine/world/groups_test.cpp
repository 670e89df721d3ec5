// Owned groups (src/world/groups.cpp): members kept first and in the same order.

#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "world_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
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

// Every object having all of T... is visited once, each with its own components, and (when the
// view walks a group) as parallel arrays: consecutive visits have consecutive components.
template <class... T>
std::vector<Handle> visit_checked(World& world, bool contiguous) {
    std::vector<Handle> seen;
    std::tuple<const T*...> previous{};
    world.view<T...>().each([&](Handle h, T&... c) {
        EXPECT_TRUE(((&c == world.get<T>(h)) && ...));
        if (contiguous && seen.size() % PoolBase::kPageSize != 0) {
            EXPECT_TRUE(((&c == std::get<const T*>(previous) + 1) && ...))
                << "grouped members sit side by side";
        }
        previous = {&c...};
        seen.push_back(h);
    });
    std::sort(seen.begin(), seen.end(), [](Handle a, Handle b) { return a.index < b.index; });
    return seen;
}

template <class... T>
std::vector<Handle> having_all(World& world, const std::vector<Handle>& live) {
    std::vector<Handle> out;
    for (Handle h : live)
        if ((world.has<T>(h) && ...)) out.push_back(h);
    std::sort(out.begin(), out.end(), [](Handle a, Handle b) { return a.index < b.index; });
    return out;
}

TEST_F(GroupsTest, NestedGroupsKeepBothWalksRightThroughChurnAndViews) {
    // Transform2D + Velocity is the built-in group; Sprite nests a group in it, Shape another in
    // that. Objects gain and lose each type (also inside views, where joins and removals are
    // deferred), and each group's view walks exactly its objects as parallel arrays.
    World world(registry);
    ASSERT_TRUE((world.group<Transform2D, Velocity, Sprite>()));
    ASSERT_TRUE((world.group<Transform2D, Velocity, Sprite, Shape>()));
    std::mt19937 rng(5);
    std::vector<Handle> live;
    const auto toggle = [&](Handle h, std::uint32_t which) {
        switch (which) {
        case 0:
            world.has<Velocity>(h) ? (void)world.remove<Velocity>(h) : (void)world.add<Velocity>(h);
            break;
        case 1:
            world.has<Sprite>(h) ? (void)world.remove<Sprite>(h) : (void)world.add<Sprite>(h);
            break;
        default:
            world.has<Shape>(h) ? (void)world.remove<Shape>(h) : (void)world.add<Shape>(h);
            break;
        }
    };
    for (int step = 0; step < 20000; ++step) {
        const auto r = rng() % 16u;
        if (r < 5 || live.empty()) {
            live.push_back(world.create());
        } else if (r < 12) {
            toggle(pick(live, rng), static_cast<std::uint32_t>(rng() % 3u));
        } else if (r < 14) {
            destroy_one(world, live, rng);
        } else {
            // Inside a view: the changes apply when it ends, in any order of the types.
            std::vector<Handle> batch;
            for (int k = 0; k < 8; ++k)
                batch.push_back(pick(live, rng));
            bool done = false;
            world.view<Transform2D>().each([&](Transform2D&) {
                if (done) return;
                done = true;
                for (Handle h : batch)
                    toggle(h, static_cast<std::uint32_t>(rng() % 3u));
            });
        }
    }
    EXPECT_EQ((visit_checked<Transform2D, Velocity>(world, true)),
              (having_all<Transform2D, Velocity>(world, live)));
    EXPECT_EQ((visit_checked<Transform2D, Velocity, Sprite>(world, true)),
              (having_all<Transform2D, Velocity, Sprite>(world, live)));
    EXPECT_EQ((visit_checked<Shape, Velocity, Transform2D, Sprite>(world, true)),
              (having_all<Transform2D, Velocity, Sprite, Shape>(world, live)));
    EXPECT_EQ((visit_checked<Velocity, Sprite>(world, false)),
              (having_all<Velocity, Sprite>(world, live)))
        << "part of a group's types is not a group: the view scans";
}

TEST_F(GroupsTest, ANestedGroupGathersExistingMembersAndLeavesTheOuterGroupWhole) {
    World world(registry);
    std::vector<Handle> live;
    for (int i = 0; i < 1000; ++i) {
        const Handle h = world.create();
        if (i % 3 != 0) world.add<Velocity>(h);
        if (i % 2 == 0) world.add<Sprite>(h);
        live.push_back(h);
    }
    ASSERT_TRUE((world.group<Transform2D, Velocity, Sprite>()));
    EXPECT_EQ((visit_checked<Transform2D, Velocity, Sprite>(world, true)),
              (having_all<Transform2D, Velocity, Sprite>(world, live)));
    EXPECT_EQ((visit_checked<Transform2D, Velocity>(world, true)),
              (having_all<Transform2D, Velocity>(world, live)));
    for (std::size_t i = 0; i < live.size(); i += 4)
        world.destroy(live[i]);
    world.flush();
    std::erase_if(live, [&](Handle h) { return !world.alive(h); });
    EXPECT_EQ((visit_checked<Transform2D, Velocity, Sprite>(world, true)),
              (having_all<Transform2D, Velocity, Sprite>(world, live)));
    EXPECT_EQ((visit_checked<Transform2D, Velocity>(world, true)),
              (having_all<Transform2D, Velocity>(world, live)));
}

// Every pool's objects in dense order, with the values that identify their components.
struct PoolOrders {
    std::vector<std::pair<Handle, glm::vec2>> transforms;
    std::vector<std::pair<Handle, glm::vec2>> velocities;
    std::vector<std::pair<Handle, std::string>> sprites;
    std::vector<Handle> shapes;
    std::vector<Handle> moving; // the built-in group's view
    std::vector<Handle> drawn;  // the Sprite + Shape group's view
    bool operator==(const PoolOrders&) const = default;
};

PoolOrders pool_orders(World& world) {
    PoolOrders o;
    for (Handle h : world.handles_with<Transform2D>())
        o.transforms.emplace_back(h, world.get<Transform2D>(h)->position);
    for (Handle h : world.handles_with<Velocity>())
        o.velocities.emplace_back(h, world.get<Velocity>(h)->linear);
    for (Handle h : world.handles_with<Sprite>())
        o.sprites.emplace_back(h, world.get<Sprite>(h)->image);
    for (Handle h : world.handles_with<Shape>())
        o.shapes.push_back(h);
    world.view<Transform2D, Velocity>().each(
        [&](Handle h, Transform2D&, Velocity&) { o.moving.push_back(h); });
    world.view<Sprite, Shape>().each([&](Handle h, Sprite&, Shape&) { o.drawn.push_back(h); });
    return o;
}

TEST_F(GroupsTest, DestroyingManyInOneFlushLeavesEveryPoolAsDestroyingThemOneByOne) {
    // flush() empties the pools of a batch one pool at a time; the result must be what removing
    // the objects one after the other (the batch's last first) gives: the same dense order in
    // every pool, so views and state hashes are unchanged. With and without a nested group.
    for (const bool nested : {false, true}) {
        SCOPED_TRACE(nested ? "a nested group" : "groups side by side");
        World batched(registry);
        World one_by_one(registry);
        std::vector<Handle> live;
        std::mt19937 rng(17);
        for (World* world : {&batched, &one_by_one}) {
            ASSERT_TRUE((world->group<Sprite, Shape>()));
            if (nested) {
                ASSERT_TRUE((world->group<Transform2D, Velocity, Collider>()));
            }
            std::mt19937 same(23);
            live.clear();
            for (int i = 0; i < 3000; ++i) {
                const Handle h = world->create();
                world->get<Transform2D>(h)->position = {static_cast<float>(i), 0.0f};
                const unsigned bits = same() % 16u;
                if (bits & 1u) world->add<Velocity>(h)->linear = {0.0f, static_cast<float>(i)};
                if (bits & 2u) world->add<Sprite>(h)->image = std::to_string(i) + ".png";
                if (bits & 4u) world->add<Shape>(h);
                if (bits & 8u) world->add<Collider>(h);
                live.push_back(h);
            }
        }
        ASSERT_EQ(pool_orders(batched), pool_orders(one_by_one));
        for (int round = 0; round < 3; ++round) {
            std::vector<Handle> doomed;
            for (Handle h : live)
                if (rng() % 3u == 0) doomed.push_back(h);
            for (Handle h : doomed)
                batched.destroy(h);
            EXPECT_EQ(batched.flush(), doomed.size());
            for (auto it = doomed.rbegin(); it != doomed.rend(); ++it) {
                one_by_one.destroy(*it);
                one_by_one.flush();
            }
            std::erase_if(live, [&](Handle h) { return !batched.alive(h); });
            ASSERT_EQ(pool_orders(batched), pool_orders(one_by_one)) << "round " << round;
            EXPECT_EQ((visit_checked<Transform2D, Velocity>(batched, true)),
                      (having_all<Transform2D, Velocity>(batched, live)));
            EXPECT_EQ((visit_checked<Sprite, Shape>(batched, true)),
                      (having_all<Sprite, Shape>(batched, live)));
            for (World* world : {&batched, &one_by_one}) // the freed slots, reused alike
                for (std::size_t k = 0; k < doomed.size() / 2; ++k) {
                    const Handle h = world->create();
                    world->add<Velocity>(h);
                    if (k % 2 == 0) world->add<Sprite>(h);
                    if (k % 3 == 0) world->add<Shape>(h);
                    if (world == &batched) live.push_back(h);
                }
            ASSERT_EQ(pool_orders(batched), pool_orders(one_by_one)) << "round " << round;
        }
    }
}

TEST_F(GroupsTest, GroupsSharingTypesMustNest) {
    World world(registry);
    EXPECT_FALSE((world.group<Transform2D, Velocity>())) << "the built-in group exists";
    EXPECT_FALSE((world.group<Velocity, Sprite>())) << "shares Velocity without Transform2D";
    EXPECT_FALSE((world.group<Sprite, Sprite>())) << "a type named twice";
    ASSERT_TRUE((world.group<Transform2D, Velocity, Sprite>()));
    EXPECT_FALSE((world.group<Transform2D, Velocity, Shape>()))
        << "a second group nested in the same one would order the pools two ways";
    EXPECT_TRUE((world.group<Shape, Collider>())) << "a group sharing no pool stands alone";
    EXPECT_FALSE((world.group<Transform2D, Velocity, Sprite, Shape>()))
        << "Shape is in another chain";
}

} // namespace
} // namespace diorama
