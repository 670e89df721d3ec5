// Bounds and draw order of an object (diorama/world/draw_order.h): the rule the spatial index,
// the renderer and picking share. tests/render checks the renderer draws by it.

#include "diorama/world/draw_order.h"

#include "diorama/components.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

namespace diorama {
namespace {

const TypeRegistry& builtins() {
    static TypeRegistry registry;
    static const bool registered = (register_builtin_components(registry), true);
    (void)registered;
    return registry;
}

class DrawOrderTest : public ::testing::Test {
protected:
    Handle object_with(int shape_order, int sprite_order, bool text = false) {
        const Handle h = world.create();
        if (shape_order >= 0) world.add<Shape>(h)->order = shape_order;
        if (sprite_order >= 0) world.add<Sprite>(h)->order = sprite_order;
        if (text) world.add<Text>(h);
        return h;
    }
    World world{builtins()};
};

TEST_F(DrawOrderTest, AnObjectIsDrawnAtTheHigherOrderOfItsShapeAndSprite) {
    EXPECT_EQ(draw_order(world, object_with(-1, -1)), 0);
    EXPECT_EQ(draw_order(world, object_with(4, -1)), 4);
    EXPECT_EQ(draw_order(world, object_with(-1, 7)), 7);
    EXPECT_EQ(draw_order(world, object_with(9, 2)), 9);
    EXPECT_EQ(draw_order(world, object_with(2, 9)), 9);
    EXPECT_EQ(draw_order(world, Handle{}), 0) << "a stale handle";
}

TEST_F(DrawOrderTest, KeysRankLayerThenOrderThenTreeOrder) {
    const Handle low = object_with(5, -1);
    const Handle high = object_with(6, -1);
    const Handle later_slot = object_with(5, -1);
    EXPECT_GT(draw_key(world, high), draw_key(world, low));
    EXPECT_GT(draw_key(world, high), draw_key(world, later_slot));
    EXPECT_GT(draw_key(world, later_slot), draw_key(world, low)) << "equal order: the later root";

    const LayerId front = world.add_layer("front");
    ASSERT_TRUE(world.set_layer(low, front));
    EXPECT_GT(draw_key(world, low), draw_key(world, high)) << "a later layer beats any order";
}

TEST_F(DrawOrderTest, EqualOrdersDrawInTheHierarchysOrder) {
    const Handle first = object_with(5, -1);
    const Handle second = object_with(5, -1);
    EXPECT_GT(draw_key(world, second), draw_key(world, first));
    ASSERT_TRUE(world.move_before(second, first));
    EXPECT_GT(draw_key(world, first), draw_key(world, second)) << "moved before: drawn below";
    const Handle child = object_with(5, -1);
    ASSERT_TRUE(world.set_parent(child, second));
    EXPECT_GT(draw_key(world, child), draw_key(world, second)) << "a child over its parent";
    EXPECT_GT(draw_key(world, first), draw_key(world, child)) << "a later root over the subtree";
    const Handle low_last = object_with(4, -1);
    ASSERT_TRUE(world.move_before(low_last, Handle{}));
    EXPECT_GT(draw_key(world, first), draw_key(world, low_last)) << "order still comes first";
}

TEST_F(DrawOrderTest, TheKeyNamesTheTopmostPart) {
    EXPECT_EQ(draw_key(world, object_with(3, -1)).part, DrawPart::Shape);
    EXPECT_EQ(draw_key(world, object_with(3, 3)).part, DrawPart::Sprite);
    EXPECT_EQ(draw_key(world, object_with(4, 3)).part, DrawPart::Shape);
    EXPECT_EQ(draw_key(world, object_with(3, 3, true)).part, DrawPart::Text);
    const DrawKey key = draw_key(world, object_with(1, 8, true));
    EXPECT_EQ(key.order, 8) << "a Text is drawn at the object's order";
}

TEST_F(DrawOrderTest, BoundsComeFromTheColliderElseShapeElseSpriteElseThePosition) {
    const Handle h = world.create();
    world.get<Transform2D>(h)->position = {100.0f, 50.0f};
    EXPECT_EQ(world.bounds(h), (Rect{{100.0f, 50.0f}, {100.0f, 50.0f}}));

    world.add<Sprite>(h)->size = {40.0f, 20.0f};
    EXPECT_EQ(world.bounds(h), (Rect{{80.0f, 40.0f}, {120.0f, 60.0f}}));

    Shape* shape = world.add<Shape>(h);
    shape->kind = ShapeKind::Circle;
    shape->radius = 5.0f;
    EXPECT_EQ(world.bounds(h), (Rect{{95.0f, 45.0f}, {105.0f, 55.0f}}));

    Collider* collider = world.add<Collider>(h);
    collider->kind = ColliderKind::Aabb;
    collider->half_extents = {2.0f, 3.0f};
    collider->offset = {10.0f, 0.0f};
    EXPECT_EQ(world.bounds(h), (Rect{{108.0f, 47.0f}, {112.0f, 53.0f}}));
}

} // namespace
} // namespace diorama
