// World identity (src/world/identity.cpp): guids, their generation and lookup, and layers.

#include "diorama/log.h"
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

class IdentityTest : public test::WorldFixture {};

TEST_F(IdentityTest, GuidsAreUniqueAndFindable) {
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

TEST_F(IdentityTest, GivenGuidIsKeptAndDuplicatesAreRefused) {
    World world(registry);
    const Guid g{0x6f1c0a9e3b2d4c11};
    const Handle h = world.create({.guid = g}).value();
    EXPECT_EQ(world.guid(h), g);
    auto again = world.create({.guid = g});
    ASSERT_FALSE(again.ok());
    EXPECT_EQ(again.error().code, ErrorCode::Duplicate);
    EXPECT_EQ(world.object_count(), 1u);
}

TEST_F(IdentityTest, EachBadDefinitionFailsWithItsReasonAndCreatesNothing) {
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

TEST_F(IdentityTest, CreateWithoutADefinitionMakesARootOnLayerZeroWithAFindableGuid) {
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

TEST_F(IdentityTest, SameSeedGivesSameGuids) {
    World a(registry), b(registry);
    for (int i = 0; i < 10; ++i)
        EXPECT_EQ(a.guid(a.create()), b.guid(b.create()));
}

// Until an explicit guid is used, a world keeps only each object's creation counter and derives
// the guid when asked; afterwards it generates guids at creation (checking them against explicit
// ones). Both give the same values, so files and state hashes do not depend on the order of
// creates and lookups.
TEST_F(IdentityTest, GuidsDerivedLazilyEqualGuidsGeneratedAtCreation) {
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
TEST_F(IdentityTest, TheCounterValueWhoseGuidIsNullIsSkipped) {
    World world(registry, WorldDef{.guid_seed = 0xf690b3989c22d525ull});
    const Guid first = world.guid(world.create());
    const Guid second = world.guid(world.create());
    EXPECT_EQ(first, Guid{0x072dc93776830ce4ull});
    EXPECT_EQ(second, Guid{0x6e0f1c2e73f141f8ull});
    EXPECT_EQ(world.new_guid(), Guid{0x33b180443728fba3ull});
}

// create() takes an inline path while generated guids need no check; once an explicit guid is
// in use, a generated guid equal to it must be skipped, whichever path creates the object.
TEST_F(IdentityTest, AGeneratedGuidEqualToAnExplicitOneIsSkipped) {
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

// Generated guids wait to be indexed: a reused slot's in a queue, a new slot's among the slots
// made since the last lookup. Every live object is found by its guid whichever way it waited,
// including slots freed and reused between two lookups; a freed object's guid is not found.
TEST_F(IdentityTest, GuidsOfNewAndReusedSlotsAreFoundAcrossLookups) {
    World world(registry);
    std::vector<Handle> live;
    for (int i = 0; i < 100; ++i)
        live.push_back(world.create());
    EXPECT_EQ(world.find(world.guid(live[7])), live[7]); // indexes the first hundred
    for (int i = 0; i < 50; ++i)
        live.push_back(world.create());
    std::vector<Guid> gone;
    for (std::size_t i : {3u, 40u, 99u, 100u, 120u, 149u}) { // old and new slots
        gone.push_back(world.guid(live[i]));
        world.destroy(live[i]);
    }
    world.flush();
    std::vector<Handle> kept;
    for (std::size_t i = 0; i < live.size(); ++i)
        if (world.alive(live[i])) kept.push_back(live[i]);
    for (int i = 0; i < 8; ++i) // six reused slots, two new ones
        kept.push_back(world.create());
    const Guid given{0x5a17c0ffee15900d};
    kept.push_back(world.create({.guid = given}).value());
    kept.push_back(world.create());
    ASSERT_EQ(world.object_count(), kept.size());
    for (const Handle h : kept)
        EXPECT_EQ(world.find(world.guid(h)), h) << "slot " << h.index;
    for (const Guid g : gone)
        EXPECT_FALSE(world.find(g)) << to_string(g);
    EXPECT_EQ(world.find(given), kept[kept.size() - 2]);
}

// Explicit and generated guids in turn, with no lookup between them (as a scene load and game
// code spawning at once make): every guid is found, and a generated guid still waiting to be
// indexed cannot be given again.
TEST_F(IdentityTest, ExplicitAndGeneratedGuidsInTurnAreAllFound) {
    World world(registry);
    std::vector<Handle> made;
    std::vector<Guid> given;
    for (std::uint64_t i = 1; i <= 20; ++i) {
        given.push_back(Guid{0xfeed000000000000ull + i});
        made.push_back(world.create({.guid = given.back()}).value());
        if (i % 3 == 0) made.push_back(world.create());
        if (i % 5 == 0) made.push_back(world.create());
    }
    const Handle last_generated = made.back();
    const auto again = world.create({.guid = world.guid(last_generated)});
    ASSERT_FALSE(again.ok()) << "a waiting generated guid was given again";
    EXPECT_EQ(again.error().code, ErrorCode::Duplicate);
    const Handle second = made[1];
    const Guid gone_generated = world.guid(made[3]);
    world.destroy(made[0]); // given[0]
    world.destroy(made[3]); // the first generated guid
    world.flush();
    made.erase(made.begin() + 3);
    made.erase(made.begin());
    made.push_back(world.create({.guid = Guid{0xfeed00000000ffffull}}).value()); // a reused slot
    made.push_back(world.create());                                              // the other one
    made.push_back(world.create({.guid = Guid{0xfeed00000000fffeull}}).value()); // a new slot
    made.push_back(world.create());
    ASSERT_EQ(world.object_count(), made.size());
    for (const Handle h : made)
        EXPECT_EQ(world.find(world.guid(h)), h) << "slot " << h.index;
    EXPECT_FALSE(world.find(given[0]));
    EXPECT_FALSE(world.find(gone_generated));
    EXPECT_EQ(world.find(given[1]), second);
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

TEST_F(IdentityTest, LayersAreNamedAndOrdered) {
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

} // namespace
} // namespace diorama
