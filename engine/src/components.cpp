// The built-in components' declarations and systems.

#include "diorama/components.h"

#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <cassert>
#include <cmath>

namespace diorama {

// One line per field with its hints reads best, so the declarations are left unformatted.
// clang-format off
template <>
TypeInfo describe<Transform2D>() {
    return TypeBuilder<Transform2D>("Transform2D")
        .field<&Transform2D::position>("position").speed(1.0f)
        .field<&Transform2D::rotation_deg>("rotation_deg").speed(1.0f)
        .field<&Transform2D::scale>("scale").speed(0.01f)
        .build();
}

template <>
TypeInfo describe<Sprite>() {
    return TypeBuilder<Sprite>("Sprite")
        .field<&Sprite::image>("image").asset(AssetKind::Image)
        .field<&Sprite::tint>("tint")
        .field<&Sprite::size>("size").min(0.0f).speed(0.5f)
        .field<&Sprite::order>("order")
        .build();
}

template <>
TypeInfo describe<Shape>() {
    return TypeBuilder<Shape>("Shape")
        .field<&Shape::kind>("kind").enumeration({"rect", "circle"})
        .field<&Shape::size>("size").min(0.0f).speed(0.5f).applies_when("kind", {"rect"})
        .field<&Shape::radius>("radius").min(0.0f).speed(0.25f).applies_when("kind", {"circle"})
        .field<&Shape::color>("color")
        .field<&Shape::filled>("filled")
        .field<&Shape::order>("order")
        .build();
}

template <>
TypeInfo describe<Collider>() {
    return TypeBuilder<Collider>("Collider")
        .field<&Collider::kind>("kind").enumeration({"aabb", "circle"})
        .field<&Collider::half_extents>("half_extents").min(0.0f).speed(0.25f).applies_when("kind", {"aabb"})
        .field<&Collider::radius>("radius").min(0.0f).speed(0.25f).applies_when("kind", {"circle"})
        .field<&Collider::offset>("offset").speed(0.25f)
        .field<&Collider::trigger>("trigger").tooltip("Reports overlaps without blocking")
        .build();
}

namespace {
void integrate_velocity(World& world, float dt) {
    world.view<Transform2D, Velocity>().each([dt](Transform2D& t, Velocity& v) {
        t.position += v.linear * dt;
        t.rotation_deg += v.angular_deg * dt;
    });
}

void expire_lifetimes(World& world, float dt) {
    world.view<Lifetime>().each([&world, dt](Handle h, Lifetime& life) {
        life.remaining_s -= dt;
        if (life.remaining_s <= 0.0f) world.destroy(h);
    });
}
} // namespace

template <>
TypeInfo describe<Velocity>() {
    return TypeBuilder<Velocity>("Velocity")
        .field<&Velocity::linear>("linear").speed(1.0f)
        .field<&Velocity::angular_deg>("angular_deg").speed(1.0f)
        .system(integrate_velocity)
        .never_queries_space()
        .build();
}

template <>
TypeInfo describe<Properties>() {
    return TypeBuilder<Properties>("Properties").field<&Properties::values>("values").build();
}

template <>
TypeInfo describe<Camera2D>() {
    return TypeBuilder<Camera2D>("Camera2D")
        .field<&Camera2D::zoom>("zoom").range(0.01f, 100.0f).speed(0.01f)
        .field<&Camera2D::primary>("primary")
        .field<&Camera2D::background>("background")
        .build();
}

template <>
TypeInfo describe<Text>() {
    return TypeBuilder<Text>("Text")
        .field<&Text::text>("text").multiline()
        .field<&Text::font>("font").asset(AssetKind::Font)
        .field<&Text::size>("size").min(1.0f).speed(0.5f)
        .field<&Text::color>("color")
        .field<&Text::align>("align").enumeration({"left", "center", "right"})
        .build();
}

template <>
TypeInfo describe<Lifetime>() {
    return TypeBuilder<Lifetime>("Lifetime")
        .field<&Lifetime::remaining_s>("remaining_s").min(0.0f).speed(0.05f)
        .system(expire_lifetimes)
        .never_queries_space()
        .build();
}

template <>
TypeInfo describe<TileMap>() {
    return TypeBuilder<TileMap>("TileMap")
        .field<&TileMap::tileset>("tileset").asset(AssetKind::Tileset)
        .field<&TileMap::cell_size>("cell_size").min(0.01f).speed(0.5f).tooltip("World units of one cell")
        .field<&TileMap::tint>("tint")
        .field<&TileMap::order>("order")
        .field<&TileMap::tiles>("tiles")
        .build();
}

// clang-format on

Transform2D from_matrix(const glm::mat3& m) {
    Transform2D t;
    t.position = glm::vec2(m[2]);
    const glm::vec2 x_axis(m[0]);
    const glm::vec2 y_axis(m[1]);
    const float det = x_axis.x * y_axis.y - x_axis.y * y_axis.x;
    t.scale =
        glm::vec2(glm::length(x_axis), det < 0.0f ? -glm::length(y_axis) : glm::length(y_axis));
    t.rotation_deg = glm::degrees(std::atan2(x_axis.y, x_axis.x));
    return t;
}

void register_builtin_components(TypeRegistry& registry) {
    // Registration of the built-ins cannot fail unless called twice, which is a programmer error.
    [[maybe_unused]] bool ok = true;
    ok &= registry.add<Transform2D>().ok();
    ok &= registry.add<Sprite>().ok();
    ok &= registry.add<Shape>().ok();
    ok &= registry.add<Collider>().ok();
    ok &= registry.add<Velocity>().ok();
    ok &= registry.add<Properties>().ok();
    ok &= registry.add<Camera2D>().ok();
    ok &= registry.add<Text>().ok();
    ok &= registry.add<Lifetime>().ok();
    ok &= registry.add<TileMap>().ok();
    assert(ok && "register_builtin_components called twice on one registry");
}

} // namespace diorama
