// The world's spatial side: World::bounds() of every kind of object, and update_spatial() with
// query_rect / query_point / query_circle checked against a brute-force scan of the world.

#include "diorama/components.h"
#include "diorama/geometry.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

using Handles = std::vector<Handle>;

constexpr float kTolerance = 1e-3f;

ObjectDef child_of(Handle parent) {
    ObjectDef def;
    def.parent = parent;
    return def;
}

std::string describe(const Rect& r) {
    return "(" + std::to_string(r.min.x) + ", " + std::to_string(r.min.y) + ") - (" +
           std::to_string(r.max.x) + ", " + std::to_string(r.max.y) + ")";
}

::testing::AssertionResult rect_near(const Rect& actual, const Rect& expected,
                                     float tolerance = kTolerance) {
    const bool near = std::abs(actual.min.x - expected.min.x) <= tolerance &&
                      std::abs(actual.min.y - expected.min.y) <= tolerance &&
                      std::abs(actual.max.x - expected.max.x) <= tolerance &&
                      std::abs(actual.max.y - expected.max.y) <= tolerance;
    if (near) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "bounds " << describe(actual) << ", expected " << describe(expected);
}

Rect centered(glm::vec2 center, glm::vec2 half) {
    return Rect::from_center(center, half);
}

bool by_index(Handle a, Handle b) {
    return a.index < b.index;
}

class WorldSpatialTest : public ::testing::Test {
protected:
    WorldSpatialTest() { register_builtin_components(registry); }

    static Handle object_at(World& world, glm::vec2 position, ObjectDef def = {}) {
        const Handle h = world.create(def).value();
        world.get<Transform2D>(h)->position = position;
        return h;
    }
    static Handle box_at(World& world, glm::vec2 position, glm::vec2 half = glm::vec2(1.0f)) {
        const Handle h = object_at(world, position);
        world.add<Collider>(h)->half_extents = half;
        return h;
    }
    static Handles in_rect(const World& world, const Rect& area) {
        Handles out;
        world.query_rect(area, out);
        return out;
    }
    static Handles at_point(const World& world, glm::vec2 p) {
        Handles out;
        world.query_point(p, out);
        return out;
    }
    static Handles in_circle(const World& world, glm::vec2 c, float r) {
        Handles out;
        world.query_circle(c, r, out);
        return out;
    }

    TypeRegistry registry;
};

// ---- bounds ----

TEST_F(WorldSpatialTest, BoundsOfAnObjectWithoutShapeIsItsPosition) {
    World world(registry);
    const Handle h = object_at(world, {3.0f, -4.0f});
    EXPECT_EQ(world.bounds(h), (Rect{{3.0f, -4.0f}, {3.0f, -4.0f}}));
}

TEST_F(WorldSpatialTest, BoundsOfAnAabbColliderAreItsHalfExtentsAroundPositionPlusOffset) {
    World world(registry);
    const Handle h = object_at(world, {100.0f, 50.0f});
    Collider& c = *world.add<Collider>(h);
    c.kind = ColliderKind::Aabb;
    c.half_extents = {10.0f, 5.0f};
    c.offset = {2.0f, -3.0f};
    EXPECT_EQ(world.bounds(h), (Rect{{92.0f, 42.0f}, {112.0f, 52.0f}}));
}

TEST_F(WorldSpatialTest, BoundsOfACircleColliderAreItsRadiusAroundPositionPlusOffset) {
    World world(registry);
    const Handle h = object_at(world, {100.0f, 50.0f});
    Collider& c = *world.add<Collider>(h);
    c.kind = ColliderKind::Circle;
    c.radius = 7.0f;
    c.half_extents = {100.0f, 100.0f}; // ignored for a circle
    c.offset = {1.0f, 1.0f};
    EXPECT_EQ(world.bounds(h), (Rect{{94.0f, 44.0f}, {108.0f, 58.0f}}));
}

TEST_F(WorldSpatialTest, BoundsOfARectShapeAreHalfItsSize) {
    World world(registry);
    const Handle h = object_at(world, {10.0f, 10.0f});
    Shape& s = *world.add<Shape>(h);
    s.kind = ShapeKind::Rect;
    s.size = {20.0f, 8.0f};
    EXPECT_EQ(world.bounds(h), (Rect{{0.0f, 6.0f}, {20.0f, 14.0f}}));
}

TEST_F(WorldSpatialTest, BoundsOfACircleShapeAreItsRadius) {
    World world(registry);
    const Handle h = object_at(world, {10.0f, 10.0f});
    Shape& s = *world.add<Shape>(h);
    s.kind = ShapeKind::Circle;
    s.radius = 3.0f;
    s.size = {500.0f, 500.0f}; // ignored for a circle
    EXPECT_EQ(world.bounds(h), (Rect{{7.0f, 7.0f}, {13.0f, 13.0f}}));
}

TEST_F(WorldSpatialTest, BoundsOfASpriteAreHalfItsSize) {
    World world(registry);
    const Handle h = object_at(world, {-10.0f, 0.0f});
    world.add<Sprite>(h)->size = {32.0f, 16.0f};
    EXPECT_EQ(world.bounds(h), (Rect{{-26.0f, -8.0f}, {6.0f, 8.0f}}));
}

TEST_F(WorldSpatialTest, ColliderWinsOverShapeWhichWinsOverSprite) {
    World world(registry);
    const Handle h = object_at(world, {0.0f, 0.0f});
    world.add<Sprite>(h)->size = {100.0f, 100.0f};
    EXPECT_EQ(world.bounds(h), centered({0.0f, 0.0f}, {50.0f, 50.0f}));
    world.add<Shape>(h)->size = {20.0f, 20.0f};
    EXPECT_EQ(world.bounds(h), centered({0.0f, 0.0f}, {10.0f, 10.0f}));
    world.add<Collider>(h)->half_extents = {2.0f, 3.0f};
    EXPECT_EQ(world.bounds(h), centered({0.0f, 0.0f}, {2.0f, 3.0f}));
    world.remove<Collider>(h);
    EXPECT_EQ(world.bounds(h), centered({0.0f, 0.0f}, {10.0f, 10.0f}));
}

TEST_F(WorldSpatialTest, ScaleGrowsBoundsAndANegativeScaleMirrorsWithoutInvertingThem) {
    World world(registry);
    const Handle h = object_at(world, {0.0f, 0.0f});
    world.add<Collider>(h)->half_extents = {10.0f, 5.0f};
    world.get<Transform2D>(h)->scale = {2.0f, 3.0f};
    EXPECT_TRUE(rect_near(world.bounds(h), centered({0.0f, 0.0f}, {20.0f, 15.0f})));
    world.get<Transform2D>(h)->scale = {-2.0f, -3.0f};
    EXPECT_TRUE(rect_near(world.bounds(h), centered({0.0f, 0.0f}, {20.0f, 15.0f})));
}

TEST_F(WorldSpatialTest, RotationTurnsTheBoxAndBoundsEncloseIt) {
    World world(registry);
    const Handle h = object_at(world, {50.0f, 50.0f});
    world.add<Collider>(h)->half_extents = {10.0f, 5.0f};
    world.get<Transform2D>(h)->rotation_deg = 90.0f;
    EXPECT_TRUE(rect_near(world.bounds(h), centered({50.0f, 50.0f}, {5.0f, 10.0f})));
    world.get<Transform2D>(h)->rotation_deg = 45.0f;
    const float e = 15.0f / std::sqrt(2.0f);
    EXPECT_TRUE(rect_near(world.bounds(h), centered({50.0f, 50.0f}, {e, e})));
    world.get<Transform2D>(h)->rotation_deg = 180.0f;
    EXPECT_TRUE(rect_near(world.bounds(h), centered({50.0f, 50.0f}, {10.0f, 5.0f})));
}

TEST_F(WorldSpatialTest, TheColliderOffsetTurnsWithTheObject) {
    World world(registry);
    const Handle h = object_at(world, {0.0f, 0.0f});
    Collider& c = *world.add<Collider>(h);
    c.half_extents = {1.0f, 1.0f};
    c.offset = {10.0f, 0.0f};
    world.get<Transform2D>(h)->rotation_deg = 90.0f;
    EXPECT_TRUE(rect_near(world.bounds(h), centered({0.0f, 10.0f}, {1.0f, 1.0f})));
}

TEST_F(WorldSpatialTest, ParentTransformsApplyToAChildsBounds) {
    World world(registry);
    const Handle parent = object_at(world, {100.0f, 0.0f});
    world.get<Transform2D>(parent)->rotation_deg = 90.0f;
    const Handle child = object_at(world, {10.0f, 0.0f}, child_of(parent));
    world.add<Collider>(child)->half_extents = {4.0f, 2.0f};
    EXPECT_TRUE(rect_near(world.bounds(child), centered({100.0f, 10.0f}, {2.0f, 4.0f})));

    world.get<Transform2D>(parent)->scale = {2.0f, 2.0f};
    EXPECT_TRUE(rect_near(world.bounds(child), centered({100.0f, 20.0f}, {4.0f, 8.0f})));

    const Handle grandchild = object_at(world, {0.0f, 5.0f}, child_of(child));
    world.add<Shape>(grandchild)->size = {2.0f, 2.0f};
    // grandchild local (0, 5) -> child frame; the parent's 90 degrees turn it to -x, scale 2.
    EXPECT_TRUE(rect_near(world.bounds(grandchild), centered({90.0f, 20.0f}, {2.0f, 2.0f})));
    // The parent's own bounds are a point: it has no shape.
    EXPECT_EQ(world.bounds(parent), (Rect{{100.0f, 0.0f}, {100.0f, 0.0f}}));
}

TEST_F(WorldSpatialTest, BoundsOfACircleDoNotDependOnTheObjectsRotation) {
    World world(registry);
    const Handle collider = object_at(world, {0.0f, 0.0f});
    Collider& c = *world.add<Collider>(collider);
    c.kind = ColliderKind::Circle;
    c.radius = 10.0f;
    const Handle shape = object_at(world, {0.0f, 0.0f});
    Shape& s = *world.add<Shape>(shape);
    s.kind = ShapeKind::Circle;
    s.radius = 10.0f;
    for (float degrees : {0.0f, 30.0f, 45.0f, 90.0f, 135.0f}) {
        world.get<Transform2D>(collider)->rotation_deg = degrees;
        world.get<Transform2D>(shape)->rotation_deg = degrees;
        EXPECT_TRUE(rect_near(world.bounds(collider), centered({0.0f, 0.0f}, {10.0f, 10.0f})))
            << "collider circle at " << degrees << " degrees";
        EXPECT_TRUE(rect_near(world.bounds(shape), centered({0.0f, 0.0f}, {10.0f, 10.0f})))
            << "shape circle at " << degrees << " degrees";
    }
}

TEST_F(WorldSpatialTest, BoundsOfAStaleHandleAreEmptyAndCounted) {
    World world(registry);
    const Handle h = box_at(world, {10.0f, 10.0f});
    world.destroy(h);
    world.flush();
    const std::size_t stale_before = world.stats().stale_accesses;
    EXPECT_EQ(world.bounds(h), Rect{});
    EXPECT_GT(world.stats().stale_accesses, stale_before);
}

// ---- the index through the world ----

TEST_F(WorldSpatialTest, ObjectsAreIndexedOnlyOnceUpdateSpatialRuns) {
    World world(registry);
    const Handle h = box_at(world, {10.0f, 10.0f});
    EXPECT_TRUE(at_point(world, {10.0f, 10.0f}).empty());
    world.update_spatial();
    EXPECT_EQ(at_point(world, {10.0f, 10.0f}), (Handles{h}));
    EXPECT_EQ(world.spatial().box(h.index), world.bounds(h));
}

TEST_F(WorldSpatialTest, QueriesSeeTheBoundsAsOfTheLastUpdateSpatial) {
    World world(registry);
    const Handle h = box_at(world, {0.0f, 0.0f});
    world.update_spatial();
    world.get<Transform2D>(h)->position = {1000.0f, -1000.0f};
    EXPECT_EQ(at_point(world, {0.0f, 0.0f}), (Handles{h}));
    EXPECT_TRUE(at_point(world, {1000.0f, -1000.0f}).empty());
    world.update_spatial();
    EXPECT_TRUE(at_point(world, {0.0f, 0.0f}).empty());
    EXPECT_EQ(at_point(world, {1000.0f, -1000.0f}), (Handles{h}));
}

TEST_F(WorldSpatialTest, MovingAParentMovesItsChildrenInTheIndex) {
    World world(registry);
    const Handle parent = object_at(world, {0.0f, 0.0f});
    const Handle child = object_at(world, {5.0f, 0.0f}, child_of(parent));
    world.add<Collider>(child)->half_extents = {1.0f, 1.0f};
    world.update_spatial();
    world.get<Transform2D>(parent)->position = {500.0f, 500.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {505.0f, 500.0f}), (Handles{child}));
    EXPECT_TRUE(in_rect(world, centered({5.0f, 0.0f}, {2.0f, 2.0f})).empty());
}

TEST_F(WorldSpatialTest, DestroyedObjectsStayIndexedUntilFlushAndLeaveAtFlush) {
    World world(registry);
    const Handle doomed = box_at(world, {0.0f, 0.0f});
    const Handle keeper = box_at(world, {0.5f, 0.5f});
    world.update_spatial();
    world.destroy(doomed);
    EXPECT_EQ(at_point(world, {0.0f, 0.0f}), (Handles{doomed, keeper})) << "alive until flush";
    world.flush();
    EXPECT_EQ(at_point(world, {0.0f, 0.0f}), (Handles{keeper}));
    EXPECT_FALSE(world.spatial().contains(doomed.index));
    EXPECT_EQ(world.spatial().size(), 1u);
}

TEST_F(WorldSpatialTest, AnObjectReusingAFlushedSlotIsNotFoundAtTheOldPlace) {
    World world(registry);
    const Handle doomed = box_at(world, {0.0f, 0.0f});
    world.update_spatial();
    world.destroy(doomed);
    world.flush();
    const Handle successor = box_at(world, {800.0f, 800.0f});
    ASSERT_EQ(successor.index, doomed.index) << "the test needs the slot to be reused";
    EXPECT_TRUE(at_point(world, {0.0f, 0.0f}).empty());
    world.update_spatial();
    EXPECT_TRUE(at_point(world, {0.0f, 0.0f}).empty());
    EXPECT_EQ(at_point(world, {800.0f, 800.0f}), (Handles{successor}));
}

TEST_F(WorldSpatialTest, ClearEmptiesTheIndex) {
    World world(registry);
    for (int i = 0; i < 20; ++i)
        box_at(world, {static_cast<float>(i) * 50.0f, 0.0f});
    world.update_spatial();
    ASSERT_EQ(world.spatial().size(), 20u);
    world.clear();
    EXPECT_EQ(world.spatial().size(), 0u);
    EXPECT_TRUE(in_rect(world, centered({0.0f, 0.0f}, {5000.0f, 5000.0f})).empty());
}

TEST_F(WorldSpatialTest, QueriesAppendEachObjectOnceInSlotOrder) {
    World world(registry);
    Handles expected;
    for (int i = 0; i < 40; ++i) {
        // Overlapping boxes spanning several cells each, created in an order unlike their places.
        const float x = static_cast<float>((i * 7) % 40) * 10.0f;
        expected.push_back(box_at(world, {x, 0.0f}, {150.0f, 150.0f}));
    }
    world.update_spatial();
    const Handle sentinel{12345, 7};
    Handles out{sentinel};
    world.query_rect(centered({200.0f, 0.0f}, {300.0f, 10.0f}), out);
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(out.front(), sentinel) << "existing contents are kept";
    const Handles found(out.begin() + 1, out.end());
    EXPECT_EQ(found, expected);
    EXPECT_TRUE(std::is_sorted(found.begin(), found.end(), by_index));
}

TEST_F(WorldSpatialTest, EdgesAreInclusiveForEveryQuery) {
    World world(registry);
    const Handle h = box_at(world, {0.0f, 0.0f}, {10.0f, 10.0f});
    world.update_spatial();
    EXPECT_EQ(at_point(world, {10.0f, 10.0f}), (Handles{h}));
    EXPECT_EQ(at_point(world, {-10.0f, 0.0f}), (Handles{h}));
    EXPECT_TRUE(at_point(world, {10.001f, 0.0f}).empty());
    EXPECT_EQ(in_rect(world, Rect{{10.0f, 10.0f}, {20.0f, 20.0f}}), (Handles{h}));
    EXPECT_EQ(in_circle(world, {15.0f, 0.0f}, 5.0f), (Handles{h}));
    EXPECT_TRUE(in_circle(world, {15.0f, 0.0f}, 4.99f).empty());
    // The corner is sqrt(2) * 5 away from (15, 15).
    EXPECT_TRUE(in_circle(world, {15.0f, 15.0f}, 7.0f).empty());
    EXPECT_EQ(in_circle(world, {15.0f, 15.0f}, 7.1f), (Handles{h}));
}

TEST_F(WorldSpatialTest, AnObjectMovedToANanPositionLeavesTheIndexAndReturnsWhenValid) {
    World world(registry);
    const Handle h = box_at(world, {0.0f, 0.0f});
    world.update_spatial();
    world.get<Transform2D>(h)->position.x = std::numeric_limits<float>::quiet_NaN();
    world.update_spatial();
    EXPECT_TRUE(in_rect(world, centered({0.0f, 0.0f}, {1e6f, 1e6f})).empty());
    world.get<Transform2D>(h)->position = {3.0f, 3.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {3.0f, 3.0f}), (Handles{h}));
}

// ---- every way bounds can change is seen by update_spatial ----

// True when the index holds h with exactly the bounds World::bounds computes now.
::testing::AssertionResult indexed_as_now(const World& world, Handle h) {
    if (!world.spatial().contains(h.index))
        return ::testing::AssertionFailure() << "slot " << h.index << " is not indexed";
    const Rect indexed = world.spatial().box(h.index);
    if (indexed == world.bounds(h)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "indexed " << describe(indexed) << ", bounds now " << describe(world.bounds(h));
}

TEST_F(WorldSpatialTest, EditingAColliderInPlaceIsSeenByTheNextUpdate) {
    World world(registry);
    const Handle h = box_at(world, {0.0f, 0.0f});
    world.update_spatial();
    world.get<Collider>(h)->half_extents = {50.0f, 50.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {40.0f, 40.0f}), (Handles{h}));
    world.get<Collider>(h)->offset = {500.0f, 0.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {540.0f, 40.0f}), (Handles{h}));
    world.get<Collider>(h)->kind = ColliderKind::Circle;
    world.get<Collider>(h)->radius = 5.0f;
    world.update_spatial();
    EXPECT_TRUE(at_point(world, {540.0f, 40.0f}).empty());
    EXPECT_EQ(at_point(world, {504.0f, 0.0f}), (Handles{h}));
    EXPECT_TRUE(indexed_as_now(world, h));
}

TEST_F(WorldSpatialTest, EditingTheShapeOrSpriteThatGivesTheBoundsIsSeen) {
    World world(registry);
    const Handle shaped = object_at(world, {0.0f, 0.0f});
    world.add<Shape>(shaped)->size = {2.0f, 2.0f};
    const Handle sprite = object_at(world, {1000.0f, 0.0f});
    world.add<Sprite>(sprite)->size = {2.0f, 2.0f};
    world.update_spatial();
    world.get<Shape>(shaped)->size = {100.0f, 100.0f};
    world.get<Sprite>(sprite)->size = {100.0f, 100.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {40.0f, 40.0f}), (Handles{shaped}));
    EXPECT_EQ(at_point(world, {1040.0f, 40.0f}), (Handles{sprite}));
    world.get<Shape>(shaped)->kind = ShapeKind::Circle;
    world.get<Shape>(shaped)->radius = 200.0f;
    world.update_spatial();
    EXPECT_EQ(at_point(world, {150.0f, 150.0f}), (Handles{shaped}));
    EXPECT_TRUE(indexed_as_now(world, shaped));
    EXPECT_TRUE(indexed_as_now(world, sprite));
}

TEST_F(WorldSpatialTest, AddingAndRemovingTheComponentsThatGiveTheBoundsIsSeen) {
    World world(registry);
    const Handle h = object_at(world, {0.0f, 0.0f});
    world.update_spatial();
    EXPECT_TRUE(at_point(world, {10.0f, 10.0f}).empty()) << "a point";
    world.add<Sprite>(h)->size = {40.0f, 40.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {15.0f, 15.0f}), (Handles{h})) << "the sprite";
    world.add<Shape>(h)->size = {20.0f, 20.0f};
    world.update_spatial();
    EXPECT_TRUE(at_point(world, {15.0f, 15.0f}).empty()) << "the shape wins over the sprite";
    world.add<Collider>(h)->half_extents = {100.0f, 100.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {90.0f, 90.0f}), (Handles{h})) << "the collider wins";
    world.remove<Collider>(h);
    world.update_spatial();
    EXPECT_TRUE(at_point(world, {90.0f, 90.0f}).empty()) << "back to the shape";
    EXPECT_EQ(at_point(world, {9.0f, 9.0f}), (Handles{h}));
    world.remove<Shape>(h);
    world.remove<Sprite>(h);
    world.update_spatial();
    EXPECT_TRUE(at_point(world, {9.0f, 9.0f}).empty()) << "a point again";
    EXPECT_EQ(at_point(world, {0.0f, 0.0f}), (Handles{h}));
}

TEST_F(WorldSpatialTest, RotatingAndScalingThroughTheTransformIsSeen) {
    World world(registry);
    const Handle h = box_at(world, {0.0f, 0.0f}, {20.0f, 1.0f});
    world.update_spatial();
    world.get<Transform2D>(h)->rotation_deg = 90.0f;
    world.update_spatial();
    EXPECT_EQ(at_point(world, {0.0f, 15.0f}), (Handles{h}));
    world.get<Transform2D>(h)->scale = {1.0f, 30.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {25.0f, 0.0f}), (Handles{h}));
    EXPECT_TRUE(indexed_as_now(world, h));
}

TEST_F(WorldSpatialTest, ReparentingMovesTheObjectAndItsChildrenInTheIndex) {
    World world(registry);
    const Handle far_parent = object_at(world, {1000.0f, 1000.0f});
    const Handle h = box_at(world, {5.0f, 0.0f});
    const Handle child = object_at(world, {0.0f, 5.0f}, child_of(h));
    world.add<Collider>(child)->half_extents = {1.0f, 1.0f};
    world.update_spatial();
    ASSERT_TRUE(world.set_parent(h, far_parent).ok()); // keeps the local transform
    world.update_spatial();
    EXPECT_EQ(at_point(world, {1005.0f, 1000.0f}), (Handles{h}));
    EXPECT_EQ(at_point(world, {1005.0f, 1005.0f}), (Handles{child}));
    ASSERT_TRUE(world.set_parent(h, kNullHandle).ok());
    world.update_spatial();
    EXPECT_EQ(at_point(world, {5.0f, 0.0f}), (Handles{h}));
    EXPECT_EQ(at_point(world, {5.0f, 5.0f}), (Handles{child}));
    EXPECT_TRUE(indexed_as_now(world, child));
}

TEST_F(WorldSpatialTest, MovingAnAncestorInALaterSlotMovesEveryDescendant) {
    World world(registry);
    // Created leaf first, so the leaf's slot comes before its parent's and grandparent's.
    const Handle leaf = box_at(world, {0.0f, 1.0f});
    const Handle middle = object_at(world, {1.0f, 0.0f});
    const Handle top = object_at(world, {0.0f, 0.0f});
    ASSERT_TRUE(world.set_parent(leaf, middle).ok());
    ASSERT_TRUE(world.set_parent(middle, top).ok());
    world.update_spatial();
    world.get<Transform2D>(top)->position = {300.0f, 0.0f};
    world.update_spatial();
    EXPECT_EQ(at_point(world, {301.0f, 1.0f}), (Handles{leaf}));
    world.get<Transform2D>(top)->rotation_deg = 180.0f;
    world.update_spatial();
    EXPECT_TRUE(indexed_as_now(world, leaf));
    EXPECT_TRUE(indexed_as_now(world, middle));
    world.get<Transform2D>(middle)->scale = {10.0f, 10.0f};
    world.update_spatial();
    EXPECT_TRUE(indexed_as_now(world, leaf));
}

TEST_F(WorldSpatialTest, ANewObjectInAFlushedSlotIsIndexedEvenWithTheSameInputs) {
    World world(registry);
    const Handle doomed = box_at(world, {7.0f, 7.0f});
    world.update_spatial();
    world.destroy(doomed);
    world.flush();
    const Handle successor = box_at(world, {7.0f, 7.0f}); // same transform and collider
    ASSERT_EQ(successor.index, doomed.index) << "the test needs the slot to be reused";
    world.update_spatial();
    EXPECT_EQ(at_point(world, {7.0f, 7.0f}), (Handles{successor}));
}

TEST_F(WorldSpatialTest, TheIndexAgreesWithBoundsAfterEveryKindOfRandomEdit) {
    World world(registry);
    std::mt19937 rng(42);
    const auto uniform = [&rng](float lo, float hi) {
        return std::uniform_real_distribution<float>(lo, hi)(rng);
    };
    const auto pick = [&rng](std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    };
    std::vector<Handle> objects;
    for (int i = 0; i < 300; ++i)
        objects.push_back(box_at(world, {uniform(-500.0f, 500.0f), uniform(-500.0f, 500.0f)}));
    for (int round = 0; round < 60; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        for (int edit = 0; edit < 40; ++edit) {
            const Handle h = objects[pick(objects.size())];
            if (!world.alive(h)) continue;
            switch (pick(10)) {
            case 0:
                world.get<Transform2D>(h)->position += glm::vec2(uniform(-50.0f, 50.0f), 0.0f);
                break;
            case 1:
                world.get<Transform2D>(h)->rotation_deg = uniform(-180.0f, 180.0f);
                break;
            case 2:
                world.get<Transform2D>(h)->scale = {uniform(-2.0f, 2.0f), uniform(-2.0f, 2.0f)};
                break;
            case 3:
                if (Collider* c = world.get<Collider>(h))
                    c->half_extents = {uniform(0.0f, 30.0f), uniform(0.0f, 30.0f)};
                else
                    world.add<Collider>(h)->radius = uniform(0.0f, 30.0f);
                break;
            case 4:
                world.remove<Collider>(h);
                break;
            case 5:
                world.add<Shape>(h)->size = {uniform(0.0f, 60.0f), uniform(0.0f, 60.0f)};
                break;
            case 6:
                world.remove(h, component_id<Shape>());
                world.add<Sprite>(h)->size = {uniform(0.0f, 60.0f), uniform(0.0f, 60.0f)};
                break;
            case 7: {
                const Handle parent = objects[pick(objects.size())];
                const Reparent mode = pick(2) == 0 ? Reparent::KeepLocal : Reparent::KeepWorld;
                if (world.alive(parent))
                    (void)world.set_parent(h, pick(4) == 0 ? kNullHandle : parent, mode);
                break;
            }
            case 8:
                world.destroy(h);
                break;
            default:
                objects[pick(objects.size())] = box_at(world, {uniform(-500.0f, 500.0f), 0.0f});
                break;
            }
        }
        if (round % 3 == 0) world.flush();
        world.update_spatial();
        world.each_object([&world](Handle h) { ASSERT_TRUE(indexed_as_now(world, h)); });
        if (HasFatalFailure()) return;
    }
}

// ---- brute force ----

// A few thousand random objects of every kind, churned between rounds of random queries, each
// checked against a scan of every object's bounds.
class RandomSpatialCheck {
public:
    RandomSpatialCheck(World& world, std::uint32_t seed) : m_world(world), m_rng(seed) {}

    void run(int objects, int rounds) {
        for (int i = 0; i < objects; ++i)
            create_random();
        for (int round = 0; round < rounds; ++round) {
            SCOPED_TRACE("round " + std::to_string(round));
            churn();
            // Objects marked for destruction are still alive: update_spatial keeps them current.
            destroy_some(0.02);
            m_world.update_spatial();
            check_queries(60);
            // Destroyed objects stay in the index until the flush, then leave it at once:
            // no update_spatial between these checks.
            destroy_some(0.03);
            check_queries(20);
            m_world.flush();
            check_queries(20);
            if (::testing::Test::HasFatalFailure()) return;
        }
    }

private:
    float uniform(float lo, float hi) {
        return std::uniform_real_distribution<float>(lo, hi)(m_rng);
    }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }
    std::size_t pick(std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(m_rng);
    }
    float size() { return chance(0.02) ? uniform(500.0f, 4000.0f) : uniform(0.0f, 40.0f); }

    std::vector<Handle> live() const {
        std::vector<Handle> out;
        m_world.each_object([&out](Handle h) { out.push_back(h); });
        return out;
    }

    void create_random() {
        ObjectDef def;
        const std::vector<Handle> candidates = live();
        if (!candidates.empty() && chance(0.15)) def.parent = candidates[pick(candidates.size())];
        const Handle h = m_world.create(def).value();
        randomise_transform(h, def.parent ? 50.0f : 3000.0f);
        switch (pick(6)) {
        case 0:
            break; // a point
        case 1: {
            Collider& c = *m_world.add<Collider>(h);
            c.half_extents = {size(), size()};
            if (chance(0.5)) c.offset = {uniform(-30.0f, 30.0f), uniform(-30.0f, 30.0f)};
            break;
        }
        case 2: {
            Collider& c = *m_world.add<Collider>(h);
            c.kind = ColliderKind::Circle;
            c.radius = size();
            if (chance(0.5)) c.offset = {uniform(-30.0f, 30.0f), uniform(-30.0f, 30.0f)};
            break;
        }
        case 3:
            m_world.add<Shape>(h)->size = {size(), size()};
            break;
        case 4: {
            Shape& s = *m_world.add<Shape>(h);
            s.kind = ShapeKind::Circle;
            s.radius = size();
            break;
        }
        default:
            m_world.add<Sprite>(h)->size = {size(), size()};
            break;
        }
    }

    void randomise_transform(Handle h, float extent) {
        Transform2D& t = *m_world.get<Transform2D>(h);
        t.position = {uniform(-extent, extent), uniform(-extent, extent)};
        t.rotation_deg = chance(0.3) ? uniform(-180.0f, 180.0f) : 0.0f;
        t.scale =
            chance(0.2) ? glm::vec2(uniform(-2.0f, 2.0f), uniform(-2.0f, 2.0f)) : glm::vec2(1.0f);
    }

    void churn() {
        const std::vector<Handle> objects = live();
        for (Handle h : objects) {
            if (chance(0.1)) {
                Transform2D& t = *m_world.get<Transform2D>(h);
                if (chance(0.7))
                    t.position += glm::vec2(uniform(-20.0f, 20.0f), uniform(-20.0f, 20.0f));
                else
                    randomise_transform(h, m_world.parent(h) ? 50.0f : 3000.0f);
            }
            if (chance(0.02)) {
                // A change of kind: the object's bounds come from another component now.
                if (!m_world.remove<Collider>(h))
                    m_world.add<Collider>(h)->half_extents = {size(), size()};
            }
        }
        const int creations = static_cast<int>(objects.size() / 30) + 1;
        for (int i = 0; i < creations; ++i)
            create_random();
    }

    void destroy_some(double p) {
        for (Handle h : live())
            if (chance(p)) m_world.destroy(h); // descendants go too
    }

    // Every live object's bounds, in slot order: the truth the index must agree with.
    std::vector<std::pair<Handle, Rect>> snapshot() const {
        std::vector<std::pair<Handle, Rect>> out;
        m_world.each_object([&](Handle h) { out.emplace_back(h, m_world.bounds(h)); });
        return out;
    }

    template <class Accept>
    static Handles expected(const std::vector<std::pair<Handle, Rect>>& truth, Accept accept) {
        Handles out;
        for (const auto& [h, box] : truth)
            if (accept(box)) out.push_back(h);
        return out;
    }

    static Handles sorted(Handles v) {
        std::sort(v.begin(), v.end(), by_index);
        return v;
    }

    glm::vec2 random_point(const std::vector<std::pair<Handle, Rect>>& truth) {
        if (!truth.empty() && chance(0.4)) {
            // A corner or edge of a stored box, so touching is exercised.
            const Rect& b = truth[pick(truth.size())].second;
            return {chance(0.5) ? b.min.x : b.max.x,
                    chance(0.5) ? b.min.y : uniform(b.min.y, b.max.y)};
        }
        return {uniform(-3500.0f, 3500.0f), uniform(-3500.0f, 3500.0f)};
    }

    void check_queries(int count) {
        const std::vector<std::pair<Handle, Rect>> truth = snapshot();
        ASSERT_EQ(m_world.spatial().size(), truth.size());
        for (int q = 0; q < count; ++q) {
            const glm::vec2 a = random_point(truth);
            const glm::vec2 half = chance(0.2)
                                       ? glm::vec2(0.0f)
                                       : glm::vec2(uniform(0.0f, 600.0f), uniform(0.0f, 600.0f));
            const Rect area = centered(a, half);
            Handles out;
            m_world.query_rect(area, out);
            ASSERT_EQ(sorted(out), expected(truth, [&](const Rect& b) { return b.overlaps(area); }))
                << "rect " << describe(area);
            ASSERT_EQ(out, sorted(out)) << "slot order";

            const glm::vec2 p = random_point(truth);
            out.clear();
            m_world.query_point(p, out);
            ASSERT_EQ(sorted(out), expected(truth, [&](const Rect& b) { return b.contains(p); }))
                << "point " << p.x << ", " << p.y;

            const glm::vec2 c = random_point(truth);
            const float r = chance(0.1) ? 0.0f : uniform(0.0f, 500.0f);
            out.clear();
            m_world.query_circle(c, r, out);
            ASSERT_EQ(sorted(out),
                      expected(truth, [&](const Rect& b) { return circle_overlaps_rect(c, r, b); }))
                << "circle " << c.x << ", " << c.y << " r " << r;
            for (Handle h : out)
                ASSERT_TRUE(m_world.alive(h));
        }
    }

    World& m_world;
    std::mt19937 m_rng;
};

TEST_F(WorldSpatialTest, QueriesMatchABruteForceScanOverThousandsOfChangingObjects) {
    World world(registry);
    RandomSpatialCheck(world, 1234).run(3000, 12);
    EXPECT_GT(world.object_count(), 1000u);
}

TEST_F(WorldSpatialTest, QueriesMatchABruteForceScanWithSmallCells) {
    WorldDef def;
    def.spatial_cell_size = 16.0f;
    World world(registry, def);
    RandomSpatialCheck(world, 99).run(2000, 8);
}

TEST_F(WorldSpatialTest, QueriesMatchABruteForceScanWithHugeCells) {
    WorldDef def;
    def.spatial_cell_size = 4096.0f;
    World world(registry, def);
    RandomSpatialCheck(world, 7).run(2000, 8);
}

} // namespace
} // namespace diorama
