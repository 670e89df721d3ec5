// World::clone (src/world/clone.cpp): a copy of the whole state, every handle valid in both, and
// both going on alike from there and apart from each other.

#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/world.h"
#include "world_fixture.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

namespace diorama {
namespace {

class CloneTest : public test::WorldFixture {};

const char* const kNames[] = {"", "Bullet", "Brick", "Coin", "Player"};

// One random operation on world, as a game or the editor would make it; what it answers (handles,
// guids, query results) is appended to log, so two worlds doing the same steps can be compared.
void random_step(World& world, std::vector<Handle>& live, std::mt19937& rng, std::string& log) {
    const auto note = [&log](Handle h) {
        log += std::to_string(h.index) + ":" + std::to_string(h.generation) + " ";
    };
    const int op = live.empty() ? 0 : static_cast<int>(rng() % 14);
    switch (op) {
    case 0:
    case 1:
    case 10:
    case 11: { // create, sometimes named, under a parent or on another layer
        ObjectDef def{.name = kNames[rng() % 5]};
        if (!live.empty() && rng() % 3 == 0)
            def.parent = test::pick(live, rng);
        else if (rng() % 4 == 0)
            def.layer = 1;
        const Handle h = world.create(def).value();
        world.get<Transform2D>(h)->position = {float(rng() % 2000), float(rng() % 2000)};
        if (rng() % 2 == 0) world.add<Velocity>(h)->linear = {1.0f, float(rng() % 5)};
        if (rng() % 3 == 0) world.add<Collider>(h);
        note(h);
        log += std::to_string(world.guid(h).value) + " ";
        live.push_back(h);
        break;
    }
    case 2: { // destroy with its descendants
        world.destroy(test::pick(live, rng));
        log += std::to_string(world.flush()) + " ";
        std::erase_if(live, [&world](Handle h) { return !world.alive(h); });
        break;
    }
    case 3: { // a component added or removed
        const Handle h = test::pick(live, rng);
        if (world.has<Velocity>(h))
            world.remove<Velocity>(h);
        else
            world.add<Velocity>(h)->linear = {0.5f, -1.0f};
        break;
    }
    case 4:
        world.set_name(test::pick(live, rng), kNames[rng() % 5]);
        note(world.find_by_name("Bullet"));
        break;
    case 5: {
        const Handle h = test::pick(live, rng);
        log += world.set_parent(h, test::pick(live, rng)).ok() ? "parented " : "refused ";
        break;
    }
    case 6: { // a query of the spatial index, in its order
        world.update_spatial();
        std::vector<Handle> found;
        const float x = float(rng() % 2000);
        world.query_rect(Rect{{x, 0.0f}, {x + 300.0f, 2000.0f}}, found);
        for (const Handle h : found)
            note(h);
        break;
    }
    case 7: { // a message to an object, delivered
        world.send(test::pick(live, rng), Message{.kind = 3, .i = int(rng() % 100)});
        log += std::to_string(world.deliver_messages()) + " ";
        break;
    }
    case 8:
        note(world.find(world.guid(test::pick(live, rng))));
        break;
    case 9:
        world.get<Transform2D>(test::pick(live, rng))->rotation_deg = float(rng() % 7);
        break;
    case 12: { // an object given its place among its siblings (roots become a list)
        const Handle h = test::pick(live, rng);
        log += world.move_before(h, test::pick(live, rng)).ok() ? "moved " : "kept ";
        break;
    }
    case 13: { // an object with a guid of its own (refused when taken)
        auto made = world.create({.guid = Guid{0x5eed0000ull + rng() % 100000}});
        note(made ? *made : kNullHandle);
        if (made) live.push_back(*made);
        break;
    }
    }
}

// A world after many random steps: free slots, names shared and dropped, a hierarchy, two
// layers, components added and removed, guids waiting to be indexed.
std::vector<Handle> play_around(World& world, unsigned seed, int steps) {
    world.add_layer("front");
    std::mt19937 rng(seed);
    std::vector<Handle> live;
    std::string log;
    for (int i = 0; i < steps; ++i)
        random_step(world, live, rng, log);
    world.create(); // a generated guid not yet indexed
    return live;
}

constexpr WorldDef kDef{
    .guid_seed = 0x1234abcdull, .spatial_cell_size = 64.0f, .default_layer = "back"};

TEST_F(CloneTest, HoldsTheSameObjectsUnderTheSameHandles) {
    World world(registry, kDef);
    const std::vector<Handle> live = play_around(world, 7, 3000);
    ASSERT_GT(live.size(), 100u);
    const std::unique_ptr<World> copy = world.clone();

    EXPECT_EQ(state_hash(*copy), state_hash(world));
    EXPECT_EQ(copy->object_count(), world.object_count());
    EXPECT_EQ(copy->slot_count(), world.slot_count());
    EXPECT_EQ(copy->layers(), world.layers());
    for (const Handle h : live) {
        ASSERT_TRUE(copy->alive(h));
        EXPECT_EQ(copy->guid(h), world.guid(h));
        EXPECT_EQ(copy->find(world.guid(h)), h);
        EXPECT_EQ(copy->name(h), world.name(h));
        EXPECT_EQ(copy->parent(h), world.parent(h));
        EXPECT_EQ(copy->children(h), world.children(h));
        EXPECT_EQ(copy->components_of(h), world.components_of(h));
        EXPECT_EQ(copy->tree_rank(h), world.tree_rank(h));
    }
    for (const char* name : kNames)
        EXPECT_EQ(copy->find_by_name(name), world.find_by_name(name));
    for (const TypeInfo* type : registry.types()) { // components at the same pool positions
        const PoolBase* mine = world.pool(type->id);
        const PoolBase* theirs = copy->pool(type->id);
        ASSERT_EQ(theirs == nullptr, mine == nullptr) << type->name;
        if (mine != nullptr) {
            EXPECT_EQ(theirs->entities(), mine->entities()) << type->name;
        }
    }
    EXPECT_NE(copy->tree_revision(), world.tree_revision()); // a revision of its own
    const std::unique_ptr<World> again = copy->clone();
    EXPECT_EQ(state_hash(*again), state_hash(world));
    EXPECT_EQ(again->object_count(), world.object_count());
}

TEST_F(CloneTest, GoesOnAsTheOriginalDoes) {
    World world(registry, kDef);
    std::vector<Handle> live = play_around(world, 11, 2000);
    const std::unique_ptr<World> copy = world.clone();
    std::vector<Handle> copy_live = live;
    std::mt19937 rng(5), copy_rng(5);
    std::string log, copy_log;
    // The same steps answer alike: the same slots and guids for new objects, the same query
    // orders, the same flush counts.
    for (int i = 0; i < 3000; ++i) {
        random_step(world, live, rng, log);
        random_step(*copy, copy_live, copy_rng, copy_log);
        ASSERT_EQ(copy_log, log) << "step " << i;
    }
    EXPECT_EQ(state_hash(*copy), state_hash(world));
}

TEST_F(CloneTest, ChangesToOneLeaveTheOtherAsItWas) {
    World world(registry);
    std::vector<Handle> live = play_around(world, 3, 1500);
    const std::uint64_t before = state_hash(world);
    const std::unique_ptr<World> copy = world.clone();

    std::mt19937 rng(9);
    std::string log;
    for (int i = 0; i < 1000; ++i)
        random_step(*copy, live, rng, log);
    EXPECT_EQ(state_hash(world), before);
    copy.get()->clear();
    EXPECT_EQ(state_hash(world), before);

    const std::unique_ptr<World> again = world.clone();
    world.clear();
    EXPECT_EQ(state_hash(*again), before);
}

TEST_F(CloneTest, RunsTheSameTicksAsTheOriginal) {
    World world(registry);
    play_around(world, 21, 2000);
    const std::unique_ptr<World> copy = world.clone();
    Simulation original_run(world);
    Simulation copy_run(*copy);
    for (int tick = 0; tick < 120; ++tick) {
        original_run.tick();
        copy_run.tick();
    }
    EXPECT_EQ(state_hash(*copy), state_hash(world));
}

// Objects moved since the index was last brought up to date: the clone's first query sees them
// where they are, as the original's does.
TEST_F(CloneTest, AnIndexBehindTheObjectsCatchesUpInTheCloneToo) {
    World world(registry, kDef);
    std::vector<Handle> objects;
    for (int i = 0; i < 200; ++i) {
        objects.push_back(world.create());
        world.get<Transform2D>(objects.back())->position = {float(i * 10), 0.0f};
    }
    world.update_spatial();
    for (const Handle h : objects)
        world.get<Transform2D>(h)->position.y = 500.0f;
    world.defer_spatial_update();
    const std::unique_ptr<World> copy = world.clone();
    std::vector<Handle> found, copy_found;
    world.query_rect(Rect{{-10.0f, 490.0f}, {3000.0f, 510.0f}}, found);
    copy->query_rect(Rect{{-10.0f, 490.0f}, {3000.0f, 510.0f}}, copy_found);
    EXPECT_EQ(found.size(), objects.size());
    EXPECT_EQ(copy_found, found);
}

TEST_F(CloneTest, CopiesWaitingDestroysAndMessages) {
    World world(registry);
    const Handle parent = world.create();
    const Handle child = world.create({.parent = parent}).value();
    const Handle other = world.create();
    world.destroy(parent);
    world.send(other, Message{.kind = 1});
    const std::unique_ptr<World> copy = world.clone();
    EXPECT_EQ(copy->stats().pending_destroy, 2u);
    EXPECT_EQ(copy->stats().queued_messages, 1u);
    EXPECT_TRUE(copy->destroying(child));
    EXPECT_EQ(copy->flush(), 2u);
    EXPECT_EQ(copy->deliver_messages(), world.deliver_messages());
    EXPECT_TRUE(world.alive(parent)); // the original's own destroy still waits
    EXPECT_EQ(world.flush(), 2u);
}

} // namespace
} // namespace diorama
