// Views (world/view.h): what they visit, and changes made while they run.

#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "world_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

class ViewTest : public test::WorldFixture {};

TEST_F(ViewTest, ViewVisitsExactlyTheObjectsWithAllTypes) {
    World world(registry);
    std::vector<Handle> both;
    for (int i = 0; i < 100; ++i) {
        const Handle h = world.create();
        if (i % 3 == 0) world.add<Sprite>(h);
        if (i % 2 == 0) world.add<Shape>(h);
        if (i % 6 == 0) both.push_back(h);
    }
    std::vector<Handle> seen;
    world.view<Sprite, Shape>().each([&](Handle h, Sprite&, Shape&) { seen.push_back(h); });
    auto by_index = [](Handle a, Handle b) { return a.index < b.index; };
    std::sort(seen.begin(), seen.end(), by_index);
    EXPECT_EQ(seen, both);
}

TEST_F(ViewTest, RemovingDuringAViewIsDeferredUntilTheViewEnds) {
    World world(registry);
    std::vector<Handle> hs;
    for (int i = 0; i < 50; ++i) {
        hs.push_back(world.create());
        world.add<Velocity>(hs.back());
    }
    int visits = 0;
    world.view<Transform2D, Velocity>().each([&](Handle h, Transform2D&, Velocity&) {
        ++visits;
        for (Handle other : hs)
            world.remove<Velocity>(other); // removes everything, even unvisited
        EXPECT_TRUE(world.has<Velocity>(h)) << "still present until the view ends";
    });
    EXPECT_EQ(visits, 50) << "every object visited exactly once";
    EXPECT_EQ(world.count<Velocity>(), 0u);
}

TEST_F(ViewTest, AddingDuringAViewNeverRevisitsOrInvalidates) {
    World world(registry);
    for (int i = 0; i < 100; ++i)
        world.add<Velocity>(world.create());
    std::vector<std::uint32_t> visited;
    world.view<Velocity>().each([&](Handle h, Velocity& v) {
        visited.push_back(h.index);
        const Handle spawned = world.create(); // grows Transform2D and Velocity pools
        world.add<Velocity>(spawned);
        v.linear.x += 1.0f; // the reference is still valid
    });
    EXPECT_EQ(visited.size(), 100u) << "objects added during the view are not visited";
    std::sort(visited.begin(), visited.end());
    EXPECT_EQ(std::adjacent_find(visited.begin(), visited.end()), visited.end());
    EXPECT_EQ(world.count<Velocity>(), 200u);
    std::size_t grouped = 0;
    world.view<Transform2D, Velocity>().each([&](Transform2D&, Velocity&) { ++grouped; });
    EXPECT_EQ(grouped, 200u) << "objects that joined during the view are grouped afterwards";
}

TEST_F(ViewTest, DestroyingDuringAViewIsSafe) {
    World world(registry);
    for (int i = 0; i < 100; ++i)
        world.add<Velocity>(world.create());
    int visits = 0;
    world.view<Transform2D, Velocity>().each([&](Handle h, Transform2D&, Velocity&) {
        ++visits;
        world.destroy(h);
    });
    EXPECT_EQ(visits, 100);
    EXPECT_EQ(world.flush(), 100u);
    EXPECT_EQ(world.object_count(), 0u);
}

TEST_F(ViewTest, ReAddingDuringAViewCancelsTheDeferredRemoval) {
    World world(registry);
    const Handle h = world.create();
    world.add<Velocity>(h)->linear = {5, 5};
    world.view<Velocity>().each([&](Velocity&) {
        world.remove<Velocity>(h);
        world.add<Velocity>(h);
    });
    ASSERT_TRUE(world.has<Velocity>(h));
    EXPECT_EQ(world.get<Velocity>(h)->linear, glm::vec2(5, 5));
}

} // namespace
} // namespace diorama
