#pragma once
// The viewport's box around a selected object, as filled rectangles and frames on whole pixels,
// not anti-aliased strokes: a selection of thousands of objects costs three quads each while
// their boxes are small on screen (Renderer2D::frame; nine when larger), not a stroke's many
// thin triangles. The viewport draws them into its image
// with the world (ViewportPanel::draw_selection), so an unchanged selection costs nothing to show
// again.

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <vector>

namespace diorama::editor {

// One piece of a box: [lo, hi] in pixels (y down), a colour with straight alpha, filled or, with
// a frame width, the frame that many pixels wide just inside it (filled when it is too small for
// it), each pixel of it once.
struct BoxPiece {
    glm::vec2 lo{0.0f};
    glm::vec2 hi{0.0f};
    glm::vec4 color{1.0f};
    float frame = 0.0f; // pixels; 0: filled
};

// Appends a selected object's box from top-left a to bottom-right c (pixels, rounded to whole
// ones), in drawing order: a dark halo of kSelectionHalo units outside it that keeps it visible
// on light objects, a faint tint of color inside, and an outline of color inside its edge
// (2 units on the primary selection, else 1); a unit is `unit` whole pixels.
void selection_box(std::vector<BoxPiece>& out, glm::vec2 a, glm::vec2 c, const glm::vec4& color,
                   bool primary, float unit = 1.0f);
constexpr float kSelectionHalo = 2.0f;
constexpr glm::vec4 kSelectionHaloColor{0.0f, 0.0f, 0.0f, 150.0f / 255.0f};
constexpr float kSelectionTintAlpha = 34.0f / 255.0f;

} // namespace diorama::editor
