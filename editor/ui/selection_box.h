#pragma once
// The viewport's box around a selected object, on whole pixels, not anti-aliased strokes: one
// banded rectangle each (Renderer2D::banded_rect: a dark halo outside the object's bounds, an
// outline inside them, a faint tint over the rest), so a selection of thousands of objects costs
// a quad per object. The viewport draws them into its image with the world
// (ViewportPanel::draw_selection), so an unchanged selection costs nothing to show again.

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <vector>

namespace diorama::editor {

// A selected object's box: [lo, hi] in pixels (y down), its halo's outer edge; drawn with the
// bands of selection_bands(color, primary, unit).
struct SelectionBox {
    glm::vec2 lo{0.0f};
    glm::vec2 hi{0.0f};
    bool primary = false;
};

// Appends the box of an object whose bounds run from top-left a to bottom-right c (pixels,
// rounded to whole ones; at least one unit), grown by the halo; a unit is `unit` whole pixels.
void selection_box(std::vector<SelectionBox>& out, glm::vec2 a, glm::vec2 c, bool primary,
                   float unit = 1.0f);

// A box's colours from its outer edge in, one per pixel (straight alpha): kSelectionHalo units
// of the dark halo, the outline of color (2 units on the primary selection, else 1), then a
// faint tint of color, which also fills the rest. In a box too small for its outline the outline
// fills it.
[[nodiscard]] std::vector<glm::vec4> selection_bands(const glm::vec4& color, bool primary,
                                                     float unit = 1.0f);

constexpr float kSelectionHalo = 2.0f;
constexpr glm::vec4 kSelectionHaloColor{0.0f, 0.0f, 0.0f, 150.0f / 255.0f};
constexpr float kSelectionTintAlpha = 34.0f / 255.0f;

} // namespace diorama::editor
