#pragma once
// Plain 2D geometry shared by the spatial index, colliders and queries. World units throughout.

#include <glm/vec2.hpp>

#include <algorithm>

namespace diorama {

// An axis-aligned rectangle, min <= max on both axes (edges inclusive).
struct Rect {
    glm::vec2 min{0.0f};
    glm::vec2 max{0.0f};

    [[nodiscard]] static Rect from_center(glm::vec2 center, glm::vec2 half_extents) {
        return Rect{center - half_extents, center + half_extents};
    }
    [[nodiscard]] glm::vec2 center() const { return (min + max) * 0.5f; }
    [[nodiscard]] glm::vec2 size() const { return max - min; }
    [[nodiscard]] bool overlaps(const Rect& o) const {
        return min.x <= o.max.x && o.min.x <= max.x && min.y <= o.max.y && o.min.y <= max.y;
    }
    [[nodiscard]] bool contains(glm::vec2 p) const {
        return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
    }
    friend bool operator==(const Rect&, const Rect&) = default;
};

// True when the circle (center, radius) touches the rectangle (edges inclusive).
[[nodiscard]] inline bool circle_overlaps_rect(glm::vec2 center, float radius, const Rect& r) {
    const float cx = std::clamp(center.x, r.min.x, r.max.x);
    const float cy = std::clamp(center.y, r.min.y, r.max.y);
    const float dx = center.x - cx;
    const float dy = center.y - cy;
    return dx * dx + dy * dy <= radius * radius;
}

} // namespace diorama
