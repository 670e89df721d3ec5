#pragma once
// A selection box as the editor drew it before Renderer2D::banded_rect: nine filled rectangles
// (a halo two pixels wide outside [lo, hi], the tint inside, an outline one pixel wide inside
// its edge), for the tests and the benchmark that compare the two. World units are pixels.

#include "diorama/render/renderer_2d.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

namespace diorama::render::test {

inline void box_as_rectangles(Renderer2D& r, glm::vec2 lo, glm::vec2 hi, const glm::vec4& halo,
                              const glm::vec4& outline, const glm::vec4& tint) {
    const auto rect = [&](glm::vec2 a, glm::vec2 b, const glm::vec4& color) {
        r.quad((a + b) * 0.5f, b - a, 0.0f, color);
    };
    // A frame w wide inside [a, b], as four rectangles that do not overlap.
    const auto ring = [&](glm::vec2 a, glm::vec2 b, float w, const glm::vec4& color) {
        rect({a.x, b.y - w}, b, color);
        rect(a, {b.x, a.y + w}, color);
        rect({a.x, a.y + w}, {a.x + w, b.y - w}, color);
        rect({b.x - w, a.y + w}, {b.x, b.y - w}, color);
    };
    ring(lo - 2.0f, hi + 2.0f, 2.0f, halo);
    rect(lo, hi, tint);
    ring(lo, hi, 1.0f, outline);
}

} // namespace diorama::render::test
