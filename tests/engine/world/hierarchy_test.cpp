// The World hierarchy (src/world/hierarchy.cpp): parents, world transforms, destruction.

#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "world_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

using test::pick;

class HierarchyTest : public test::WorldFixture {};

TEST_F(HierarchyTest, ChildTransformIsLocalToItsParent) {
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

TEST_F(HierarchyTest, ReparentingIntoADescendantIsRefused) {
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

TEST_F(HierarchyTest, ReparentKeepingWorldTransform) {
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

TEST_F(HierarchyTest, DestroyingAParentDestroysItsChildren) {
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

TEST_F(HierarchyTest, DestroyingAChildDetachesItFromItsParent) {
    World world(registry);
    const Handle root = world.create();
    const Handle a = world.create({.parent = root}).value();
    const Handle b = world.create({.parent = root}).value();
    const Handle c = world.create({.parent = root}).value();
    world.destroy(b);
    world.flush();
    EXPECT_EQ(world.children(root), (std::vector<Handle>{a, c}));
}

TEST_F(HierarchyTest, DeepHierarchyDestroysWithoutRecursion) {
    World world(registry);
    Handle parent = world.create();
    const Handle root = parent;
    for (int i = 0; i < 100000; ++i)
        parent = world.create({.parent = parent}).value();
    world.destroy(root);
    EXPECT_EQ(world.flush(), 100001u);
}

TEST_F(HierarchyTest, HierarchyMatchesAModelThroughRandomCreationReparentingAndDestruction) {
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

// ---- sibling order ----

std::vector<Handle> roots_of(const World& world) {
    std::vector<Handle> out;
    for (Handle r = world.first_root(); r; r = world.next_sibling(r))
        out.push_back(r);
    return out;
}

TEST_F(HierarchyTest, RootsFollowSlotsUntilOneIsMoved) {
    World world(registry);
    const Handle a = world.create();
    const Handle b = world.create();
    const Handle child = world.create({.parent = a}).value();
    const Handle c = world.create();
    EXPECT_EQ(roots_of(world), (std::vector<Handle>{a, b, c}));
    ASSERT_TRUE(world.move_before(c, a));
    EXPECT_EQ(roots_of(world), (std::vector<Handle>{c, a, b}));
    const Handle d = world.create();
    EXPECT_EQ(roots_of(world), (std::vector<Handle>{c, a, b, d})) << "a new root comes last";
    ASSERT_TRUE(world.set_parent(child, Handle{}));
    EXPECT_EQ(roots_of(world), (std::vector<Handle>{c, a, b, d, child})) << "unparented: last";
    ASSERT_TRUE(world.set_parent(b, a));
    world.destroy(d);
    world.flush();
    EXPECT_EQ(roots_of(world), (std::vector<Handle>{c, a, child}));
    world.clear();
    const Handle e = world.create();
    const Handle f = world.create();
    EXPECT_EQ(roots_of(world), (std::vector<Handle>{e, f})) << "cleared: slot order again";
}

// A flat world keeps no parent per slot: parents cover the slots up to the last one linked.
// Objects made beyond those, and slots freed from a hierarchy and reused, are roots with their
// own transform as world transform, and can be linked like any other.
TEST_F(HierarchyTest, ObjectsBeyondTheLastLinkedSlotAreRootsAndCanBeLinked) {
    World world(registry);
    std::vector<Handle> flat;
    for (int i = 0; i < 10; ++i)
        flat.push_back(world.create());
    ASSERT_TRUE(world.set_parent(flat[3], flat[1]));
    std::vector<Handle> later;
    for (int i = 0; i < 5; ++i) {
        later.push_back(world.create());
        world.get<Transform2D>(later.back())->position = {float(i), 2.0f};
    }
    for (int i = 0; i < 5; ++i) {
        EXPECT_FALSE(world.parent(later[i]));
        EXPECT_FALSE(world.is_descendant(later[i], flat[1]));
        EXPECT_EQ(world.world_position(later[i]), glm::vec2(float(i), 2.0f));
    }
    std::vector<Handle> roots = flat;
    roots.erase(roots.begin() + 3);
    roots.insert(roots.end(), later.begin(), later.end());
    EXPECT_EQ(roots_of(world), roots) << "roots in slot order, the new ones last";

    world.get<Transform2D>(flat[3])->position = {100.0f, 0.0f};
    ASSERT_TRUE(world.set_parent(later[4], flat[3], Reparent::KeepLocal));
    EXPECT_EQ(world.parent(later[4]), flat[3]);
    EXPECT_TRUE(world.is_descendant(later[4], flat[1]));
    EXPECT_EQ(world.world_position(later[4]), glm::vec2(104.0f, 2.0f));

    world.destroy(flat[1]); // takes flat[3] and later[4] with it
    world.flush();
    EXPECT_FALSE(world.alive(later[4]));
    const Handle reused = world.create(); // a slot that was in the hierarchy
    EXPECT_FALSE(world.parent(reused));
    EXPECT_TRUE(world.children(reused).empty());
    const std::vector<Handle> now = roots_of(world);
    EXPECT_EQ(std::count(now.begin(), now.end(), reused), 1);
}

TEST_F(HierarchyTest, ChildrenMoveBeforeASiblingOrLast) {
    World world(registry);
    const Handle p = world.create();
    const Handle a = world.create({.parent = p}).value();
    const Handle b = world.create({.parent = p}).value();
    const Handle c = world.create({.parent = p}).value();
    ASSERT_TRUE(world.move_before(c, a));
    EXPECT_EQ(world.children(p), (std::vector<Handle>{c, a, b}));
    ASSERT_TRUE(world.move_before(c, Handle{}));
    EXPECT_EQ(world.children(p), (std::vector<Handle>{a, b, c}));
    ASSERT_TRUE(world.move_before(b, b));
    EXPECT_EQ(world.children(p), (std::vector<Handle>{a, b, c})) << "before itself: no move";
    const auto refused = world.move_before(a, p);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("not a sibling"), std::string::npos);
    EXPECT_FALSE(world.move_before(Handle{}, a));
}

TEST_F(HierarchyTest, TreeRankIsDepthFirstInSiblingOrder) {
    World world(registry);
    const Handle a = world.create();
    const Handle b = world.create();
    const Handle a1 = world.create({.parent = a}).value();
    const Handle a2 = world.create({.parent = a}).value();
    const auto ranks = [&] {
        return std::vector<std::uint32_t>{world.tree_rank(a), world.tree_rank(a1),
                                          world.tree_rank(a2), world.tree_rank(b)};
    };
    EXPECT_EQ(ranks(), (std::vector<std::uint32_t>{0, 1, 2, 3}));
    ASSERT_TRUE(world.move_before(a2, a1));
    ASSERT_TRUE(world.move_before(b, a));
    EXPECT_EQ(ranks(), (std::vector<std::uint32_t>{1, 3, 2, 0}));
    world.destroy(a2);
    world.flush();
    EXPECT_EQ(world.tree_rank(a1), 2u);
}

TEST_F(HierarchyTest, TheTreeRevisionChangesWithTheTreeAndLayersOnlyAndIsNeverSharedByTwoWorlds) {
    World world(registry);
    const LayerId other = world.add_layer("other");
    std::uint64_t seen = world.tree_revision();
    const auto changed = [&] {
        const bool moved = world.tree_revision() != seen;
        seen = world.tree_revision();
        return moved;
    };
    const Handle a = world.create();
    EXPECT_TRUE(changed()) << "create";
    const Handle b = world.create({.name = "b"}).value();
    EXPECT_TRUE(changed()) << "create";
    ASSERT_TRUE(world.set_parent(b, a));
    EXPECT_TRUE(changed()) << "set_parent";
    ASSERT_TRUE(world.set_parent(b, Handle{}));
    EXPECT_TRUE(changed()) << "back to a root";
    ASSERT_TRUE(world.move_before(b, a));
    EXPECT_TRUE(changed()) << "move_before";
    ASSERT_TRUE(world.set_layer(a, other));
    EXPECT_TRUE(changed()) << "set_layer";
    world.get<Transform2D>(a)->position = {5, 5};
    world.add<Velocity>(a);
    world.set_name(a, "renamed");
    EXPECT_FALSE(changed()) << "components and names are not the tree";
    world.destroy(b);
    EXPECT_FALSE(changed()) << "not until the flush";
    world.flush();
    EXPECT_TRUE(changed()) << "destroyed";

    // A world made where another was (same address, same history) never repeats its numbers.
    std::vector<std::uint64_t> revisions;
    for (int i = 0; i < 3; ++i) {
        auto w = std::make_unique<World>(registry);
        w->create();
        revisions.push_back(w->tree_revision());
    }
    EXPECT_NE(revisions[0], revisions[1]);
    EXPECT_NE(revisions[1], revisions[2]);
    EXPECT_NE(revisions[0], revisions[2]);
}

} // namespace
} // namespace diorama
