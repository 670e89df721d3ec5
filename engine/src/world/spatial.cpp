// World: the spatial index of object bounds (the rule is in draw_order.h) and its queries.

#include "diorama/world.h"

#include "diorama/type_registry.h"

#include <glm/mat3x3.hpp>

#include <cmath>

namespace diorama {

// ---- spatial index ----

namespace {

bool is_finite(const Transform2D& t) {
    return std::isfinite(t.position.x) && std::isfinite(t.position.y) && std::isfinite(t.scale.x) &&
           std::isfinite(t.scale.y);
}

} // namespace

DIORAMA_HOT_INLINE World::ShapeSources World::shape_sources() const {
    return ShapeSources{find_typed_pool<Collider>(), find_typed_pool<Shape>(),
                        find_typed_pool<Sprite>(), find_typed_pool<TileMap>()};
}

DIORAMA_HOT_INLINE glm::mat3 World::world_matrix_at(std::uint32_t index) const {
    const Transform2D& t = *m_transforms->get(index);
    // A finite root's matrix times the identity is itself (up to the sign of zeros); a
    // non-finite one keeps the product, whose NaNs keep such an object out of the index.
    if (parent_slot(index) == kNone && is_finite(t)) return to_matrix(t);
    glm::mat3 m(1.0f);
    for (std::uint32_t i = index; i != kNone; i = parent_slot(i))
        m = to_matrix(*m_transforms->get(i)) * m;
    return m;
}

DIORAMA_HOT_INLINE Rect World::bounds_at(std::uint32_t index, const ShapeSources& from) const {
    // The rule of draw_order.h; each pool is looked in only when the ones before had nothing.
    const LocalBounds local = detail::local_bounds(
        [&] { return from.colliders != nullptr ? from.colliders->get(index) : nullptr; },
        [&] { return from.shapes != nullptr ? from.shapes->get(index) : nullptr; },
        [&] { return from.sprites != nullptr ? from.sprites->get(index) : nullptr; },
        [&] { return from.tile_maps != nullptr ? from.tile_maps->get(index) : nullptr; });
    return detail::world_bounds(world_matrix_at(index), local);
}

Rect World::bounds(Handle h) const {
    if (!check(h)) return Rect{};
    return bounds_at(h.index, shape_sources());
}

void World::update_spatial() {
    refresh_spatial();
}

void World::settle_spatial() {
    // With no code in a tick that reads the index, nothing can tell when it is brought up to
    // date: the next query does it (a tick of objects that only move costs their moves).
    if (m_registry->tick_may_query_space())
        update_spatial();
    else
        defer_spatial_update();
}

void World::refresh_spatial() const {
    m_spatial_deferred = false;
    // Every live object's bounds are computed again and handed to the grid, which only relinks
    // the boxes that changed cells. No copy of the inputs is kept: when most objects move,
    // comparing inputs costs more memory traffic than computing the bounds, and nothing can
    // go stale.
    const ShapeSources from = shape_sources();
    const std::uint32_t n = slot_count();
    for (std::uint32_t i = 0; i < n; ++i) {
        if ((m_generation[i] & kFreeBit) != 0) continue;
        m_grid.set(i, bounds_at(i, from));
    }
}

void World::query_rect(const Rect& area, std::vector<Handle>& out) const {
    catch_up_spatial();
    m_query_ids.clear();
    m_grid.query_rect(area, m_query_ids);
    append_handles(out);
}

void World::query_point(glm::vec2 point, std::vector<Handle>& out) const {
    catch_up_spatial();
    m_query_ids.clear();
    m_grid.query_point(point, m_query_ids);
    append_handles(out);
}

void World::query_circle(glm::vec2 center, float radius, std::vector<Handle>& out) const {
    catch_up_spatial();
    m_query_ids.clear();
    m_grid.query_circle(center, radius, m_query_ids);
    append_handles(out);
}

void World::append_handles(std::vector<Handle>& out) const {
    for (const std::uint32_t i : m_query_ids)
        out.push_back(handle_of(i));
}

} // namespace diorama
