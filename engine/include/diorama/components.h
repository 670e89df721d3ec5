#pragma once
// The built-in components every project has, without a game module. Each is declared once for
// reflection (see components.cpp); register them with register_builtin_components().

#include "diorama/properties.h"
#include "diorama/reflection.h"
#include "diorama/tile_grid.h"

#include <glm/mat3x3.hpp>
#include <glm/trigonometric.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cmath>
#include <cstdint>
#include <string>

namespace diorama {

class TypeRegistry;

// Position, rotation and scale relative to the parent (or the world when there is none).
// Every object has one.
struct Transform2D {
    glm::vec2 position{0.0f};  // world units
    float rotation_deg = 0.0f; // counter-clockwise
    glm::vec2 scale{1.0f};

    friend bool operator==(const Transform2D&, const Transform2D&) = default;
};

// The matrix of a transform (translation * rotation * scale; columns: x axis, y axis, origin).
// Inline: the spatial index computes one per moved object.
[[nodiscard]] inline glm::mat3 to_matrix(const Transform2D& t) {
    const float r = glm::radians(t.rotation_deg);
    // Most objects are not turned: cos(+-0) is 1 and sin(+-0) is +-0 exactly, so skipping the
    // trigonometry there changes no bit of the result.
    const bool turned = t.rotation_deg != 0.0f;
    const float c = turned ? std::cos(r) : 1.0f;
    const float s = turned ? std::sin(r) : r;
    return glm::mat3(glm::vec3(c * t.scale.x, s * t.scale.x, 0.0f),
                     glm::vec3(-s * t.scale.y, c * t.scale.y, 0.0f), glm::vec3(t.position, 1.0f));
}

// The transform of a matrix without shear (the inverse of to_matrix, up to rotation range).
[[nodiscard]] Transform2D from_matrix(const glm::mat3& m);

// An image drawn centred on the object.
struct Sprite {
    std::string image;      // asset path, relative to the project
    glm::vec4 tint{1.0f};   // multiplied with the image, rgba 0..1
    glm::vec2 size{32.0f};  // world units
    std::int32_t order = 0; // draw order within the layer, higher on top
};

enum class ShapeKind : std::int32_t { Rect, Circle };

// A filled or outlined rectangle or circle centred on the object.
struct Shape {
    ShapeKind kind = ShapeKind::Rect;
    glm::vec2 size{32.0f}; // Rect: width and height, world units
    float radius = 16.0f;  // Circle: world units
    glm::vec4 color{1.0f}; // rgba 0..1
    bool filled = true;
    std::int32_t order = 0; // draw order within the layer, higher on top
};

enum class ColliderKind : std::int32_t { Aabb, Circle };

// The object's collision shape; also what the spatial index stores for it.
struct Collider {
    ColliderKind kind = ColliderKind::Aabb;
    glm::vec2 half_extents{16.0f}; // Aabb; local units, scaled and rotated with the object
    float radius = 16.0f;          // Circle; local units, scaled with the object
    glm::vec2 offset{0.0f};        // from the object's origin, in its local frame
    bool trigger = false;          // reports overlaps but does not block
};

// Linear and angular velocity; the built-in motion system integrates it into Transform2D.
struct Velocity {
    glm::vec2 linear{0.0f};   // world units per second
    float angular_deg = 0.0f; // degrees per second, counter-clockwise
};

// Typed key/value pairs for data that needs no component of its own.
struct Properties {
    PropertyMap values;
};

// A view onto the world: the editor's and renderer's camera.
struct Camera2D {
    float zoom = 1.0f;   // screen pixels per world unit
    bool primary = true; // the camera the game is seen through
    glm::vec4 background{0.08f, 0.09f, 0.12f, 1.0f};
};

enum class TextAlign : std::int32_t { Left, Center, Right };

// A line (or lines) of text drawn at the object.
struct Text {
    std::string text;
    std::string font;   // asset path; empty: the default font
    float size = 16.0f; // world units
    glm::vec4 color{1.0f};
    TextAlign align = TextAlign::Center;
};

// Destroys its object when the time runs out (particles, pickups).
struct Lifetime {
    float remaining_s = 1.0f; // seconds left
};

// A grid of tiles cut from a tileset (tileset.h), its top-left corner at the object's origin:
// column x runs right, row y runs down. Drawn layer by layer; its solid tiles block movers
// (tile_collision.h), merged into runs.
struct TileMap {
    std::string tileset;        // asset path of a NAME.tileset.json
    glm::vec2 cell_size{32.0f}; // world units of one cell
    glm::vec4 tint{1.0f};       // multiplied with the tiles, rgba 0..1
    std::int32_t order = 0;     // draw order within the layer, higher on top
    TileGrid tiles = empty_tile_grid(16, 16, "main");
};

template <>
TypeInfo describe<Transform2D>();
template <>
TypeInfo describe<Sprite>();
template <>
TypeInfo describe<Shape>();
template <>
TypeInfo describe<Collider>();
template <>
TypeInfo describe<Velocity>();
template <>
TypeInfo describe<Properties>();
template <>
TypeInfo describe<Camera2D>();
template <>
TypeInfo describe<Text>();
template <>
TypeInfo describe<Lifetime>();
template <>
TypeInfo describe<TileMap>();

// Registers the built-in components, in the order above (their systems run in that order).
void register_builtin_components(TypeRegistry& registry);

} // namespace diorama
