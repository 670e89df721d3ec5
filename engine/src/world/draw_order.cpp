#include "diorama/world/draw_order.h"

#include "diorama/world.h"

namespace diorama {

namespace {
// An object's draw order when its Shape and Sprite (either may be null) are these.
std::int32_t object_order(const World& world, Handle h, const Shape* shape, const Sprite* sprite) {
    if (shape == nullptr && sprite == nullptr)
        if (const TileMap* map = world.get<TileMap>(h)) return map->order;
    return draw_order(shape, sprite);
}
} // namespace

std::int32_t draw_order(const World& world, Handle h) {
    return object_order(world, h, world.get<Shape>(h), world.get<Sprite>(h));
}

DrawKey draw_key(const World& world, Handle h) {
    const Shape* shape = world.get<Shape>(h);
    const Sprite* sprite = world.get<Sprite>(h);
    const std::int32_t order = object_order(world, h, shape, sprite);
    // The topmost part: the Text when there is one (drawn at the object's order, after the
    // others), else the later of the parts drawn at that order.
    DrawPart top = shape == nullptr && sprite == nullptr && world.get<TileMap>(h) != nullptr
                       ? DrawPart::Tiles
                       : DrawPart::Shape;
    if (world.get<Text>(h) != nullptr)
        top = DrawPart::Text;
    else if (sprite != nullptr && sprite->order == order)
        top = DrawPart::Sprite;
    return DrawKey{world.layer(h), order, world.tree_rank(h), top};
}

} // namespace diorama
