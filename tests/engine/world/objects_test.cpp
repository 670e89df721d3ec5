// World objects (src/world/objects.cpp): handles, create, destroy and flush, slot reuse.

#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "world_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

class ObjectsTest : public test::WorldFixture {};

TEST_F(ObjectsTest, HandlesWithListsTheObjectsHavingTheTypeAndSurvivesDestroyingThem) {
    World world(registry);
    const Handle a = world.create({.name = "a"}).value();
    const Handle b = world.create({.name = "b"}).value();
    const Handle c = world.create({.name = "c"}).value();
    world.add<Velocity>(a);
    world.add<Velocity>(c);
    const std::span<Handle> moving = world.handles_with<Velocity>();
    ASSERT_EQ(moving.size(), 2u);
    EXPECT_NE(std::find(moving.begin(), moving.end(), a), moving.end());
    EXPECT_NE(std::find(moving.begin(), moving.end(), c), moving.end());
    for (Handle h : moving)
        world.destroy(h); // the list is a copy: walking it stays valid
    world.flush();
    EXPECT_TRUE(world.handles_with<Velocity>().empty());
    EXPECT_TRUE(world.alive(b));
    EXPECT_TRUE(world.handles_with<Camera2D>().empty()); // no object has one
}

TEST_F(ObjectsTest, CreatedObjectIsAliveAndHasATransform) {
    World world(registry);
    const Handle h = world.create({.name = "ball"}).value();
    ASSERT_TRUE(h);
    EXPECT_TRUE(world.alive(h));
    EXPECT_NE(world.get<Transform2D>(h), nullptr);
    EXPECT_EQ(world.name(h), "ball");
    EXPECT_EQ(world.object_count(), 1u);
}

TEST_F(ObjectsTest, DestroyIsDelayedUntilFlush) {
    World world(registry);
    const Handle h = world.create();
    world.destroy(h);
    EXPECT_TRUE(world.alive(h));
    EXPECT_TRUE(world.destroying(h));
    EXPECT_NE(world.get<Transform2D>(h), nullptr);
    EXPECT_EQ(world.flush(), 1u);
    EXPECT_FALSE(world.alive(h));
    EXPECT_EQ(world.get<Transform2D>(h), nullptr);
    EXPECT_EQ(world.object_count(), 0u);
}

TEST_F(ObjectsTest, StaleHandleAfterSlotReuseNeverReachesTheNewObject) {
    World world(registry);
    const Handle old_handle = world.create({.name = "old"}).value();
    world.add<Velocity>(old_handle)->linear = {1, 2};
    world.destroy(old_handle);
    world.flush();
    const Handle fresh = world.create({.name = "new"}).value();
    ASSERT_EQ(fresh.index, old_handle.index) << "the slot is reused";
    EXPECT_NE(fresh.generation, old_handle.generation);
    EXPECT_FALSE(world.alive(old_handle));
    EXPECT_EQ(world.get<Transform2D>(old_handle), nullptr);
    EXPECT_EQ(world.add<Velocity>(old_handle), nullptr);
    EXPECT_FALSE(world.remove<Velocity>(old_handle));
    EXPECT_EQ(world.name(old_handle), "");
    EXPECT_TRUE(world.guid(old_handle).is_null());
    world.destroy(old_handle); // no effect on the new object
    EXPECT_FALSE(world.destroying(fresh));
    EXPECT_FALSE(world.has<Velocity>(fresh));
    EXPECT_GT(world.stats().stale_accesses, 0u);
}

// Creates n objects, destroys those at the given places among them and flushes; returns the
// handles of all n in creation order.
std::vector<Handle> create_then_destroy(World& world, int n, std::initializer_list<int> doomed) {
    std::vector<Handle> made;
    for (int i = 0; i < n; ++i)
        made.push_back(world.create());
    for (int i : doomed)
        world.destroy(made[static_cast<std::size_t>(i)]);
    world.flush();
    return made;
}

TEST_F(ObjectsTest, PreferredFreeSlotsAreTakenFirstInTheirOrder) {
    World world(registry);
    const std::vector<Handle> made = create_then_destroy(world, 6, {1, 2, 4});
    const std::vector<std::uint32_t> wanted = {made[2].index, made[4].index, made[0].index,
                                               made[1].index};
    world.prefer_free_slots(wanted); // made[0] is alive: skipped
    EXPECT_EQ(world.create().index, made[2].index);
    EXPECT_EQ(world.create().index, made[4].index);
    EXPECT_EQ(world.create().index, made[1].index);
    EXPECT_EQ(world.create().index, 6u) << "then new slots";
    world.prefer_free_slots(wanted); // nothing free among them: no change
    EXPECT_EQ(world.create().index, 7u);
}

// Freed slots are reused last freed first (their memory is the warmest); within one flush the
// objects destroyed first are freed last, so they come back first. Preferring some of them puts
// those first and leaves the rest in that order.
TEST_F(ObjectsTest, FreedSlotsAreReusedLastFreedFirst) {
    World world(registry);
    const std::vector<Handle> made = create_then_destroy(world, 8, {5, 1, 3});
    world.destroy(made[6]);
    world.flush();
    const std::vector<std::uint32_t> wanted = {made[3].index};
    world.prefer_free_slots(wanted);
    std::vector<std::uint32_t> reused;
    for (int i = 0; i < 5; ++i)
        reused.push_back(world.create().index);
    EXPECT_EQ(reused, (std::vector<std::uint32_t>{made[3].index, made[6].index, made[5].index,
                                                  made[1].index, 8u}));
}

// The mark of a destroy belongs to its slot alone (slots on both sides of every 64-slot word
// boundary included), is cleared when the slot is freed, and a reused slot starts unmarked.
TEST_F(ObjectsTest, DestroyMarksOnlyItsObjectAndAReusedSlotStartsUnmarked) {
    World world(registry);
    std::vector<Handle> made;
    for (int i = 0; i < 200; ++i)
        made.push_back(world.create());
    const std::vector<std::size_t> doomed = {199, 0, 63, 64, 127, 128};
    for (std::size_t i : doomed) {
        world.destroy(made[i]);
        world.destroy(made[i]); // twice: still one mark
    }
    for (std::size_t i = 0; i < made.size(); ++i)
        EXPECT_EQ(world.destroying(made[i]), std::count(doomed.begin(), doomed.end(), i) == 1)
            << "slot " << i;
    EXPECT_EQ(world.flush(), doomed.size());
    std::vector<Handle> reborn;
    for (std::size_t k = 0; k < doomed.size(); ++k)
        reborn.push_back(world.create());
    for (Handle h : reborn)
        EXPECT_FALSE(world.destroying(h)) << "slot " << h.index;
    world.destroy(reborn[2]);
    for (Handle h : reborn)
        EXPECT_EQ(world.destroying(h), h == reborn[2]) << "slot " << h.index;
    EXPECT_EQ(world.flush(), 1u);
    EXPECT_EQ(world.object_count(), made.size() - 1);
}

// Slots made after a destroy (the slot arrays growing while an object is marked) are marked
// and unmarked as the first ones are.
TEST_F(ObjectsTest, SlotsMadeWhileAnObjectIsMarkedAreMarkedAlike) {
    World world(registry);
    std::vector<Handle> made;
    for (int i = 0; i < 10; ++i)
        made.push_back(world.create());
    world.destroy(made[5]);
    for (int i = 0; i < 1000; ++i)
        made.push_back(world.create());
    world.destroy(made[900]);
    for (std::size_t i = 0; i < made.size(); ++i)
        EXPECT_EQ(world.destroying(made[i]), i == 5 || i == 900) << "slot " << i;
    EXPECT_EQ(world.flush(), 2u);
}

TEST_F(ObjectsTest, NullHandleIsNeverAlive) {
    World world(registry);
    EXPECT_FALSE(world.alive(kNullHandle));
    EXPECT_EQ(world.get<Transform2D>(kNullHandle), nullptr);
    EXPECT_FALSE(world.alive(Handle{12345, 1}));
}

TEST_F(ObjectsTest, MillionCreateDestroyCyclesLeaveNoLeak) {
    World world(registry);
    std::vector<Handle> live;
    std::size_t peak = 0;
    std::mt19937 rng(7);
    for (int cycle = 0; cycle < 1'000'000; ++cycle) {
        if (live.size() < 64 || (rng() & 1u)) {
            const Handle h = world.create();
            ASSERT_TRUE(h);
            if (rng() & 1u) world.add<Velocity>(h);
            live.push_back(h);
        } else {
            const std::size_t i = static_cast<std::size_t>(rng()) % live.size();
            world.destroy(live[i]);
            live[i] = live.back();
            live.pop_back();
        }
        peak = std::max(peak, live.size());
        if ((cycle & 255) == 0) world.flush();
    }
    world.flush();
    EXPECT_EQ(world.object_count(), live.size());
    EXPECT_EQ(world.count<Transform2D>(), live.size());
    EXPECT_LE(world.count<Velocity>(), live.size());
    EXPECT_LE(world.slot_count(), peak + 256) << "slots are reused, not leaked";
    for (Handle h : live)
        EXPECT_TRUE(world.alive(h));
}

TEST_F(ObjectsTest, CreatesAMillionObjects) {
    World world(registry);
    for (int i = 0; i < 1'000'000; ++i)
        ASSERT_TRUE(world.create());
    EXPECT_EQ(world.object_count(), 1'000'000u);
    EXPECT_EQ(world.count<Transform2D>(), 1'000'000u);
}

} // namespace
} // namespace diorama
