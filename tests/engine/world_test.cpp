#include "diorama/log.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

class WorldTest : public ::testing::Test {
protected:
    WorldTest() { register_builtin_components(registry); }
    TypeRegistry registry;
};

// One of live, chosen by rng; precondition: live is not empty.
Handle pick(const std::vector<Handle>& live, std::mt19937& rng) {
    return live[static_cast<std::size_t>(rng()) % live.size()];
}

// Destroys and flushes one of live, chosen by rng, and takes it out of live.
void destroy_one(World& world, std::vector<Handle>& live, std::mt19937& rng) {
    const std::size_t i = static_cast<std::size_t>(rng()) % live.size();
    world.destroy(live[i]);
    world.flush();
    live[i] = live.back();
    live.pop_back();
}

// ---- handles ----

TEST_F(WorldTest, HandlesWithListsTheObjectsHavingTheTypeAndSurvivesDestroyingThem) {
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

TEST_F(WorldTest, CreatedObjectIsAliveAndHasATransform) {
    World world(registry);
    const Handle h = world.create({.name = "ball"}).value();
    ASSERT_TRUE(h);
    EXPECT_TRUE(world.alive(h));
    EXPECT_NE(world.get<Transform2D>(h), nullptr);
    EXPECT_EQ(world.name(h), "ball");
    EXPECT_EQ(world.object_count(), 1u);
}

TEST_F(WorldTest, DestroyIsDelayedUntilFlush) {
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

TEST_F(WorldTest, StaleHandleAfterSlotReuseNeverReachesTheNewObject) {
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

TEST_F(WorldTest, PreferredFreeSlotsAreTakenFirstInTheirOrder) {
    World world(registry);
    std::vector<Handle> made;
    for (int i = 0; i < 6; ++i)
        made.push_back(world.create());
    for (int i : {1, 2, 4})
        world.destroy(made[static_cast<std::size_t>(i)]);
    world.flush();
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

TEST_F(WorldTest, NullHandleIsNeverAlive) {
    World world(registry);
    EXPECT_FALSE(world.alive(kNullHandle));
    EXPECT_EQ(world.get<Transform2D>(kNullHandle), nullptr);
    EXPECT_FALSE(world.alive(Handle{12345, 1}));
}

TEST_F(WorldTest, MillionCreateDestroyCyclesLeaveNoLeak) {
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

TEST_F(WorldTest, CreatesAMillionObjects) {
    World world(registry);
    for (int i = 0; i < 1'000'000; ++i)
        ASSERT_TRUE(world.create());
    EXPECT_EQ(world.object_count(), 1'000'000u);
    EXPECT_EQ(world.count<Transform2D>(), 1'000'000u);
}

// ---- identity ----

TEST_F(WorldTest, GuidsAreUniqueAndFindable) {
    World world(registry);
    std::vector<Handle> hs;
    for (int i = 0; i < 1000; ++i)
        hs.push_back(world.create());
    for (Handle h : hs)
        EXPECT_EQ(world.find(world.guid(h)), h);
    std::vector<std::uint64_t> guids;
    for (Handle h : hs)
        guids.push_back(world.guid(h).value);
    std::sort(guids.begin(), guids.end());
    EXPECT_EQ(std::adjacent_find(guids.begin(), guids.end()), guids.end());
}

TEST_F(WorldTest, GivenGuidIsKeptAndDuplicatesAreRefused) {
    World world(registry);
    const Guid g{0x6f1c0a9e3b2d4c11};
    const Handle h = world.create({.guid = g}).value();
    EXPECT_EQ(world.guid(h), g);
    auto again = world.create({.guid = g});
    ASSERT_FALSE(again.ok());
    EXPECT_EQ(again.error().code, ErrorCode::Duplicate);
    EXPECT_EQ(world.object_count(), 1u);
}

TEST_F(WorldTest, EachBadDefinitionFailsWithItsReasonAndCreatesNothing) {
    World world(registry);
    const Guid g{0x6f1c0a9e3b2d4c11};
    const Handle kept = world.create({.guid = g}).value();
    const Handle stale = world.create();
    world.destroy(stale);
    world.flush();
    const struct {
        ObjectDef def;
        ErrorCode code;
    } cases[] = {{{.layer = 42}, ErrorCode::NotFound},
                 {{.parent = stale}, ErrorCode::StaleHandle},
                 {{.guid = g}, ErrorCode::Duplicate}};
    // Failure is the Result alone: nothing is logged.
    std::vector<std::string> logged;
    const LogSink previous = set_log_sink(
        [&logged](LogLevel, std::string_view message) { logged.emplace_back(message); });
    for (const auto& c : cases) {
        const Result<Handle> tried = world.create(c.def);
        ASSERT_FALSE(tried.ok());
        EXPECT_EQ(tried.error().code, c.code) << tried.error().message;
    }
    set_log_sink(previous);
    EXPECT_TRUE(logged.empty()) << logged.front();
    EXPECT_EQ(world.object_count(), 1u);
    EXPECT_EQ(world.find(g), kept);
}

TEST_F(WorldTest, CreateWithoutADefinitionMakesARootOnLayerZeroWithAFindableGuid) {
    World world(registry);
    const Handle made = world.create();
    const Result<Handle> tried = world.create(ObjectDef{});
    ASSERT_TRUE(tried.ok());
    for (const Handle h : {made, *tried}) {
        EXPECT_EQ(world.layer(h), 0u);
        EXPECT_EQ(world.parent(h), kNullHandle);
        EXPECT_EQ(world.name(h), "");
        EXPECT_EQ(world.find(world.guid(h)), h);
        EXPECT_TRUE(world.has<Transform2D>(h));
    }
    EXPECT_NE(world.guid(made), world.guid(*tried));
}

TEST_F(WorldTest, SameSeedGivesSameGuids) {
    World a(registry), b(registry);
    for (int i = 0; i < 10; ++i)
        EXPECT_EQ(a.guid(a.create()), b.guid(b.create()));
}

// Until an explicit guid is used, a world keeps only each object's creation counter and derives
// the guid when asked; afterwards it generates guids at creation (checking them against explicit
// ones). Both give the same values, so files and state hashes do not depend on the order of
// creates and lookups.
TEST_F(WorldTest, GuidsDerivedLazilyEqualGuidsGeneratedAtCreation) {
    World lazy(registry), eager(registry);
    ASSERT_TRUE(eager.create({.guid = Guid{0x6f1c0a9e3b2d4c11}})); // consumes no counter value
    std::vector<Handle> lazy_handles, eager_handles;
    for (int i = 0; i < 1000; ++i) {
        lazy_handles.push_back(lazy.create());
        eager_handles.push_back(eager.create());
    }
    for (std::size_t i = 0; i < lazy_handles.size(); ++i) {
        const Guid g = lazy.guid(lazy_handles[i]);
        EXPECT_EQ(g, eager.guid(eager_handles[i])) << "object " << i;
        EXPECT_EQ(lazy.find(g), lazy_handles[i]) << "object " << i;
    }
    // A lazy world that meets an explicit guid continues with the same sequence.
    ASSERT_TRUE(lazy.create({.guid = Guid{0x6f1c0a9e3b2d4c11}}));
    EXPECT_EQ(lazy.guid(lazy.create()), eager.guid(eager.create()));
}

// With this seed the second counter value's guid would be the null guid (splitmix64 of
// 0x61c8864680b583eb is 0): that value is skipped, so the second object gets the third's guid.
TEST_F(WorldTest, TheCounterValueWhoseGuidIsNullIsSkipped) {
    World world(registry, WorldDef{.guid_seed = 0xf690b3989c22d525ull});
    const Guid first = world.guid(world.create());
    const Guid second = world.guid(world.create());
    EXPECT_EQ(first, Guid{0x072dc93776830ce4ull});
    EXPECT_EQ(second, Guid{0x6e0f1c2e73f141f8ull});
    EXPECT_EQ(world.new_guid(), Guid{0x33b180443728fba3ull});
}

// create() takes an inline path while generated guids need no check; once an explicit guid is
// in use, a generated guid equal to it must be skipped, whichever path creates the object.
TEST_F(WorldTest, AGeneratedGuidEqualToAnExplicitOneIsSkipped) {
    World reference(registry), world(registry);
    std::vector<Guid> sequence;
    for (int i = 0; i < 4; ++i)
        sequence.push_back(reference.guid(reference.create()));
    world.create();
    world.create();
    const Handle taken = world.create({.guid = sequence[2]}).value(); // the third generated guid
    ASSERT_TRUE(taken);
    const Handle next = world.create();
    EXPECT_EQ(world.guid(next), sequence[3]) << "the taken guid is skipped, not reused";
    EXPECT_EQ(world.find(sequence[2]), taken);
    EXPECT_EQ(world.find(sequence[3]), next);
}

// Transform2D's on_create hook runs for every object, whether create() grew the world's arrays
// for it, had room for it, or reused a freed slot.
TEST(WorldTransformHook, RunsForNewAndReusedSlots) {
    static std::vector<std::pair<Handle, bool>> created; // (handle, the hook saw its transform)
    created.clear();
    TypeRegistry registry;
    ASSERT_TRUE(registry.add(TypeBuilder<Transform2D>("Transform2D")
                                 .field<&Transform2D::position>("position")
                                 .on_create([](World& w, Handle h, Transform2D& t) {
                                     created.emplace_back(h, w.get<Transform2D>(h) == &t);
                                 })
                                 .build()));
    World world(registry);
    std::vector<Handle> handles;
    for (int i = 0; i < 100; ++i)
        handles.push_back(world.create());
    for (int i = 0; i < 100; i += 2)
        world.destroy(handles[static_cast<std::size_t>(i)]);
    world.flush();
    for (int i = 0; i < 50; ++i)
        handles.push_back(world.create());
    ASSERT_EQ(created.size(), 150u);
    for (std::size_t i = 0; i < created.size(); ++i) {
        EXPECT_EQ(created[i].first, handles[i]) << "object " << i;
        EXPECT_TRUE(created[i].second) << "object " << i;
    }
    for (std::size_t i = 100; i < handles.size(); ++i)
        EXPECT_TRUE(handles[i].index < 100 && handles[i].index % 2 == 0) << "a freed slot";
}

TEST_F(WorldTest, FindByNameFollowsRenamesAndDestruction) {
    World world(registry);
    const Handle a = world.create({.name = "paddle"}).value();
    EXPECT_EQ(world.find_by_name("paddle"), a);
    world.set_name(a, "bat");
    EXPECT_FALSE(world.find_by_name("paddle"));
    EXPECT_EQ(world.find_by_name("bat"), a);
    world.destroy(a);
    world.flush();
    EXPECT_FALSE(world.find_by_name("bat"));
    EXPECT_FALSE(world.find(Guid{1}));
}

TEST_F(WorldTest, ObjectsSharingANameAreFoundInTheOrderTheyWereGivenIt) {
    World world(registry);
    const Handle a = world.create({.name = "bullet"}).value();
    const Handle b = world.create({.name = "bullet"}).value();
    const Handle c = world.create({.name = "bullet"}).value();
    EXPECT_EQ(world.find_by_name("bullet"), a);
    world.set_name(a, "bullet"); // named again: now the latest
    EXPECT_EQ(world.find_by_name("bullet"), b);
    world.set_name(b, "shell");
    EXPECT_EQ(world.find_by_name("bullet"), c);
    EXPECT_EQ(world.find_by_name("shell"), b);
    world.destroy(c);
    world.flush();
    EXPECT_EQ(world.find_by_name("bullet"), a);
    EXPECT_EQ(world.name(a), "bullet");
    EXPECT_EQ(world.name(b), "shell");
    world.set_name(a, "");
    EXPECT_FALSE(world.find_by_name("bullet"));
    EXPECT_EQ(world.name(a), "");
    const Handle d = world.create({.name = "bullet"}).value(); // the name comes back
    EXPECT_EQ(world.find_by_name("bullet"), d);
}

TEST_F(WorldTest, NamesMatchAModelThroughRandomCreationRenamingAndDestruction) {
    World world(registry);
    std::mt19937 rng(11);
    const std::vector<std::string> names{"", "bullet", "enemy", "a name longer than sixteen bytes"};
    std::vector<Handle> live;
    std::vector<std::pair<Handle, std::string>> order; // the model: (object, name) by naming time
    const auto rename = [&](Handle h, const std::string& name) {
        std::erase_if(order, [h](const auto& e) { return e.first == h; });
        if (!name.empty()) order.emplace_back(h, name);
    };
    for (int step = 0; step < 4000; ++step) {
        const auto r = rng() % 10u;
        const std::string& name = names[rng() % names.size()];
        if (r < 4 || live.empty()) {
            live.push_back(world.create({.name = name}).value());
            rename(live.back(), name);
        } else if (r < 7) {
            const Handle h = pick(live, rng);
            world.set_name(h, name);
            rename(h, name);
        } else {
            const std::size_t i = static_cast<std::size_t>(rng()) % live.size();
            rename(live[i], "");
            world.destroy(live[i]);
            world.flush();
            live[i] = live.back();
            live.pop_back();
        }
        for (const std::string& n : names) {
            if (n.empty()) continue;
            const auto first = std::find_if(order.begin(), order.end(),
                                            [&n](const auto& e) { return e.second == n; });
            ASSERT_EQ(world.find_by_name(n), first == order.end() ? kNullHandle : first->first)
                << "'" << n << "' at step " << step;
        }
        for (const auto& [h, n] : order)
            ASSERT_EQ(world.name(h), n) << "step " << step;
    }
}

// ---- layers ----

TEST_F(WorldTest, LayersAreNamedAndOrdered) {
    World world(registry);
    EXPECT_EQ(world.layers().size(), 1u);
    const LayerId bg = world.add_layer("background");
    const LayerId ui = world.add_layer("ui");
    EXPECT_EQ(world.add_layer("background"), bg);
    EXPECT_LT(bg, ui);
    EXPECT_EQ(world.find_layer("ui"), ui);
    EXPECT_FALSE(world.find_layer("nope"));
    const Handle h = world.create({.layer = ui}).value();
    EXPECT_EQ(world.layer(h), ui);
    EXPECT_TRUE(world.set_layer(h, bg).ok());
    EXPECT_EQ(world.layer(h), bg);
    EXPECT_FALSE(world.set_layer(h, 99).ok());
    EXPECT_FALSE(world.create({.layer = 42}).ok());
}

// ---- components ----

TEST_F(WorldTest, AddGetHasRemove) {
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

TEST_F(WorldTest, TransformCannotBeRemoved) {
    World world(registry);
    const Handle h = world.create();
    EXPECT_FALSE(world.remove<Transform2D>(h));
    EXPECT_TRUE(world.has<Transform2D>(h));
}

TEST_F(WorldTest, RuntimeTypeIdAccessMatchesTypedAccess) {
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

TEST_F(WorldTest, UngroupedComponentsDoNotMoveWhenMoreAreAdded) {
    World world(registry);
    const Handle first = world.create();
    Sprite* sprite = world.add<Sprite>(first);
    sprite->image = "a.png";
    for (int i = 0; i < 20000; ++i)
        world.add<Sprite>(world.create());
    EXPECT_EQ(world.get<Sprite>(first), sprite) << "paged storage never moves components";
    EXPECT_EQ(sprite->image, "a.png");
}

TEST_F(WorldTest, ValuesFollowTheirObjectsWhenTheGroupReorders) {
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

TEST_F(WorldTest, GetFollowsComponentsMovedBySwapRemovalAndGroupSwaps) {
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

TEST_F(WorldTest, NullAndStaleHandlesFindNoComponent) {
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

TEST_F(WorldTest, DestroyRemovesEveryComponent) {
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

// ---- views ----

TEST_F(WorldTest, ViewVisitsExactlyTheObjectsWithAllTypes) {
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

TEST_F(WorldTest, ViewsOverAGroupsTypesInAnyOrderOrOverPartOfThemVisitTheRightObjects) {
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

TEST_F(WorldTest, GroupedViewMatchesAFilteredScanAfterChurn) {
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

TEST_F(WorldTest, RemovingDuringAViewIsDeferredUntilTheViewEnds) {
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

TEST_F(WorldTest, AddingDuringAViewNeverRevisitsOrInvalidates) {
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

TEST_F(WorldTest, DestroyingDuringAViewIsSafe) {
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

TEST_F(WorldTest, ReAddingDuringAViewCancelsTheDeferredRemoval) {
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

// ---- hierarchy ----

TEST_F(WorldTest, ChildTransformIsLocalToItsParent) {
    World world(registry);
    const Handle parent = world.create();
    world.get<Transform2D>(parent)->position = {100, 0};
    world.get<Transform2D>(parent)->rotation_deg = 90;
    const Handle child = world.create({.parent = parent}).value();
    world.get<Transform2D>(child)->position = {10, 0};
    const glm::vec2 p = world.world_position(child);
    EXPECT_NEAR(p.x, 100.0f, 1e-4f);
    EXPECT_NEAR(p.y, 10.0f, 1e-4f);
    EXPECT_EQ(world.parent(child), parent);
    EXPECT_EQ(world.children(parent), std::vector<Handle>{child});
}

TEST_F(WorldTest, ReparentingIntoADescendantIsRefused) {
    World world(registry);
    const Handle a = world.create();
    const Handle b = world.create({.parent = a}).value();
    const Handle c = world.create({.parent = b}).value();
    auto self = world.set_parent(a, a);
    ASSERT_FALSE(self.ok());
    EXPECT_EQ(self.error().code, ErrorCode::Cycle);
    auto loop = world.set_parent(a, c);
    ASSERT_FALSE(loop.ok());
    EXPECT_EQ(loop.error().code, ErrorCode::Cycle);
    EXPECT_EQ(world.parent(a), kNullHandle) << "a refused reparent changes nothing";
    EXPECT_EQ(world.parent(c), b);
    EXPECT_TRUE(world.set_parent(c, a).ok());
    EXPECT_EQ(world.parent(c), a);
    EXPECT_EQ(world.children(a).size(), 2u);
    EXPECT_TRUE(world.set_parent(c, kNullHandle).ok());
    EXPECT_EQ(world.parent(c), kNullHandle);
}

TEST_F(WorldTest, ReparentKeepingWorldTransform) {
    World world(registry);
    const Handle parent = world.create();
    auto* pt = world.get<Transform2D>(parent);
    pt->position = {50, 20};
    pt->rotation_deg = 30;
    pt->scale = {2, 2};
    const Handle child = world.create();
    world.get<Transform2D>(child)->position = {7, 9};
    ASSERT_TRUE(world.set_parent(child, parent, Reparent::KeepWorld).ok());
    const glm::vec2 p = world.world_position(child);
    EXPECT_NEAR(p.x, 7.0f, 1e-3f);
    EXPECT_NEAR(p.y, 9.0f, 1e-3f);
}

TEST(TransformMatrix, FromMatrixUndoesToMatrix) {
    Transform2D t;
    t.position = {3.0f, 4.0f};
    t.rotation_deg = 30.0f;
    t.scale = {2.0f, -0.5f};
    const Transform2D d = from_matrix(to_matrix(t));
    EXPECT_NEAR(d.position.x, 3.0f, 1e-5f);
    EXPECT_NEAR(d.position.y, 4.0f, 1e-5f);
    EXPECT_NEAR(d.rotation_deg, 30.0f, 1e-4f);
    EXPECT_NEAR(d.scale.x, 2.0f, 1e-5f);
    EXPECT_NEAR(d.scale.y, -0.5f, 1e-5f);
}

TEST_F(WorldTest, DestroyingAParentDestroysItsChildren) {
    World world(registry);
    const Handle root = world.create();
    const Handle child = world.create({.parent = root}).value();
    const Handle grandchild = world.create({.parent = child}).value();
    const Handle other = world.create();
    world.destroy(root);
    EXPECT_TRUE(world.destroying(grandchild));
    EXPECT_EQ(world.flush(), 3u);
    EXPECT_FALSE(world.alive(child));
    EXPECT_FALSE(world.alive(grandchild));
    EXPECT_TRUE(world.alive(other));
}

TEST_F(WorldTest, DestroyingAChildDetachesItFromItsParent) {
    World world(registry);
    const Handle root = world.create();
    const Handle a = world.create({.parent = root}).value();
    const Handle b = world.create({.parent = root}).value();
    const Handle c = world.create({.parent = root}).value();
    world.destroy(b);
    world.flush();
    EXPECT_EQ(world.children(root), (std::vector<Handle>{a, c}));
}

TEST_F(WorldTest, DeepHierarchyDestroysWithoutRecursion) {
    World world(registry);
    Handle parent = world.create();
    const Handle root = parent;
    for (int i = 0; i < 100000; ++i)
        parent = world.create({.parent = parent}).value();
    world.destroy(root);
    EXPECT_EQ(world.flush(), 100001u);
}

TEST_F(WorldTest, HierarchyMatchesAModelThroughRandomCreationReparentingAndDestruction) {
    // Objects are linked long after others were created (and the other way round), so slots on
    // both sides of the last linked one take part.
    World world(registry);
    std::mt19937 rng(5);
    std::vector<Handle> live;
    // The model: each live object's parent (null for a root) in the order it joined the parent.
    std::vector<std::pair<Handle, Handle>> links;
    const auto parent_in_model = [&](Handle h) {
        const auto it =
            std::find_if(links.begin(), links.end(), [h](const auto& l) { return l.first == h; });
        return it == links.end() ? kNullHandle : it->second;
    };
    const auto relink = [&](Handle h, Handle parent) {
        std::erase_if(links, [h](const auto& l) { return l.first == h; });
        if (parent) links.emplace_back(h, parent);
    };
    const auto in_subtree = [&](Handle h, Handle root) {
        for (Handle p = h; p; p = parent_in_model(p))
            if (p == root) return true;
        return false;
    };
    for (int step = 0; step < 3000; ++step) {
        const auto r = rng() % 10u;
        if (r < 3 || live.empty()) {
            live.push_back(world.create());
        } else if (r < 5) {
            const Handle parent = pick(live, rng);
            live.push_back(world.create({.parent = parent}).value());
            relink(live.back(), parent);
        } else if (r < 8) {
            const Handle h = pick(live, rng);
            const Handle parent = rng() % 4u == 0 ? kNullHandle : pick(live, rng);
            const bool cycle = parent && in_subtree(parent, h);
            ASSERT_EQ(world.set_parent(h, parent).ok(), !cycle) << "step " << step;
            if (!cycle) relink(h, parent);
        } else {
            const Handle root = pick(live, rng);
            world.destroy(root);
            world.flush();
            std::erase_if(live, [&](Handle h) { return in_subtree(h, root); });
            std::erase_if(links, [&](const auto& l) { return !world.alive(l.first); });
        }
        for (Handle h : live) {
            ASSERT_TRUE(world.alive(h)) << "step " << step;
            ASSERT_EQ(world.parent(h), parent_in_model(h)) << "step " << step;
            std::vector<Handle> children;
            for (const auto& [child, parent] : links)
                if (parent == h) children.push_back(child);
            ASSERT_EQ(world.children(h), children) << "step " << step;
        }
    }
}

} // namespace
} // namespace diorama
