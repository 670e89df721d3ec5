#include "diorama/world/draw_order.h"

#include "diorama/world.h"

namespace diorama {

std::int32_t draw_order(const World& world, Handle h) {
    return draw_order(world.get<Shape>(h), world.get<Sprite>(h));
}

DrawKey draw_key(const World& world, Handle h) {
    const Shape* shape = world.get<Shape>(h);
    const Sprite* sprite = world.get<Sprite>(h);
    const std::int32_t order = draw_order(shape, sprite);
    // The topmost part: the Text when there is one (drawn at the object's order, after the
    // others), else the later of the parts drawn at that order.
    DrawPart top = DrawPart::Shape;
    if (world.get<Text>(h) != nullptr)
        top = DrawPart::Text;
    else if (sprite != nullptr && sprite->order == order)
        top = DrawPart::Sprite;
    return DrawKey{world.layer(h), order, world.tree_rank(h), top};
}

} // namespace diorama
