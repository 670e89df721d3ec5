#pragma once
// Bounds and draw order of an object: the one rule that the spatial index, the renderer and
// editor picking share.
//
// Bounds (World::bounds, the spatial index, picking): the object's Collider, else its Shape,
// else its Sprite, else its TileMap's grid, placed by its world transform; an object with none
// of them is the point at its world position.
//
// Draw order: the renderer draws an object's visible parts (Shape, Sprite, Text) as items
// sorted by DrawKey: layer first, then order within the layer, then the object's place in the
// hierarchy (World::tree_rank: later siblings and children on top), then part. A Shape's
// and a Sprite's order is its own `order`; a Text takes the object's draw order. An object's
// draw order is therefore the order of its topmost part: the higher of its Shape's and its
// Sprite's `order` (its TileMap's when it has neither; else 0). A TileMap is drawn before the
// other parts at the same order. Of two objects, the one drawn on top is the one with
// the greater draw_key(); picking ranks hits by that key, so a click selects what is seen on top.

#include "diorama/components.h"
#include "diorama/geometry.h"
#include "diorama/handle.h"
#include "diorama/hot_inline.h"
#include "diorama/world/objects.h"

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

#include <algorithm>
#include <cmath>
#include <compare>
#include <cstdint>

namespace diorama {

class World;

// An object's visible parts, in the order they are drawn when their orders are equal.
enum class DrawPart : std::uint8_t { Tiles, Shape, Sprite, Text };

// Where a drawn part falls in the renderer's order: greater keys are drawn later (on top).
struct DrawKey {
    LayerId layer = 0;
    std::int32_t order = 0; // within the layer
    std::uint32_t rank = 0; // the object's World::tree_rank
    DrawPart part = DrawPart::Shape;
    friend constexpr auto operator<=>(const DrawKey&, const DrawKey&) = default;
};

// The draw order of an object with this Shape and Sprite (either may be null): the higher
// `order` of the two, 0 when both are null. Its Text is drawn at this order.
[[nodiscard]] constexpr std::int32_t draw_order(const Shape* shape, const Sprite* sprite) {
    if (shape != nullptr && sprite != nullptr) return std::max(shape->order, sprite->order);
    if (shape != nullptr) return shape->order;
    return sprite != nullptr ? sprite->order : 0;
}
// The object's draw order (see above); 0 for a stale handle.
[[nodiscard]] std::int32_t draw_order(const World& world, Handle h);
// The key of the object's topmost drawn part; of two objects the greater is drawn on top.
[[nodiscard]] DrawKey draw_key(const World& world, Handle h);

namespace detail {

// An object's bounds source in its local frame.
struct LocalBounds {
    glm::vec2 center{0.0f}; // local
    glm::vec2 extent{0.0f}; // Box: half extents; Circle: the radius in x (y is 0)
    enum Kind : std::uint32_t { Point, Box, Circle } kind = Point;
};

// The local box a tile map's grid covers: right and down from the origin.
[[nodiscard]] inline LocalBounds tile_map_bounds(const TileMap& map) {
    const glm::vec2 half = glm::vec2(static_cast<float>(map.tiles.width) * map.cell_size.x,
                                     static_cast<float>(map.tiles.height) * map.cell_size.y) *
                           0.5f;
    return LocalBounds{glm::vec2(half.x, -half.y), half, LocalBounds::Box};
}

// The rule above, over lookups that return the object's component or null: each is called only
// when the ones before it found nothing.
template <class FindCollider, class FindShape, class FindSprite, class FindTileMap>
DIORAMA_HOT_INLINE LocalBounds local_bounds(FindCollider&& find_collider, FindShape&& find_shape,
                                            FindSprite&& find_sprite, FindTileMap&& find_tile_map) {
    if (const Collider* c = find_collider())
        return c->kind == ColliderKind::Circle
                   ? LocalBounds{c->offset, glm::vec2(c->radius, 0.0f), LocalBounds::Circle}
                   : LocalBounds{c->offset, c->half_extents, LocalBounds::Box};
    if (const Shape* s = find_shape())
        return s->kind == ShapeKind::Circle
                   ? LocalBounds{glm::vec2(0.0f), glm::vec2(s->radius, 0.0f), LocalBounds::Circle}
                   : LocalBounds{glm::vec2(0.0f), s->size * 0.5f, LocalBounds::Box};
    if (const Sprite* s = find_sprite())
        return LocalBounds{glm::vec2(0.0f), s->size * 0.5f, LocalBounds::Box};
    if (const TileMap* map = find_tile_map()) return tile_map_bounds(*map);
    return LocalBounds{};
}

// The world box of a local box (center, half extents) under m; negative extents count as positive.
DIORAMA_HOT_INLINE Rect transformed_box(const glm::mat3& m, glm::vec2 center, glm::vec2 half) {
    half = glm::abs(half);
    const glm::vec2 c = glm::vec2(m * glm::vec3(center, 1.0f));
    const glm::vec2 ex(std::abs(m[0][0]) * half.x + std::abs(m[1][0]) * half.y,
                       std::abs(m[0][1]) * half.x + std::abs(m[1][1]) * half.y);
    return Rect{c - ex, c + ex};
}

// The world box of a local circle under m: rotation does not grow it; the larger scale does.
DIORAMA_HOT_INLINE Rect transformed_circle(const glm::mat3& m, glm::vec2 center, float radius) {
    const glm::vec2 c = glm::vec2(m * glm::vec3(center, 1.0f));
    const float scale = std::max(glm::length(glm::vec2(m[0])), glm::length(glm::vec2(m[1])));
    const glm::vec2 r(std::abs(radius) * scale);
    return Rect{c - r, c + r};
}

// The world box of local bounds under the object's world matrix m.
DIORAMA_HOT_INLINE Rect world_bounds(const glm::mat3& m, const LocalBounds& b) {
    switch (b.kind) {
    case LocalBounds::Box:
        return transformed_box(m, b.center, b.extent);
    case LocalBounds::Circle:
        return transformed_circle(m, b.center, b.extent.x);
    case LocalBounds::Point:
        break;
    }
    const glm::vec2 p(m[2]);
    return Rect{p, p};
}

} // namespace detail
} // namespace diorama
