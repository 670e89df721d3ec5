#pragma once
// The viewport's box around a selected object, drawn as filled rectangles on whole pixels, not
// anti-aliased strokes: a selection of thousands of objects costs a few quads each, not a
// stroke's many thin triangles (on a software rasterizer those took half of a frame dragging
// 1,000 objects).

#include <imgui/imgui.h>

namespace diorama::editor {

// A frame width pixels wide just inside the box [lo, hi] (whole pixels), as four rectangles that
// do not overlap, so a translucent colour is even at the corners; a box too small for it is
// filled instead.
void frame_inside(ImDrawList* draw, ImVec2 lo, ImVec2 hi, float width, ImU32 color);

// A selected object's box from top-left a to bottom-right c (screen pixels, rounded to whole
// ones): a dark halo of kSelectionHalo pixels outside it that keeps it visible on light objects,
// a faint tint of color inside, and an outline of color inside its edge (2 pixels on the primary
// selection, else 1).
void selection_box(ImDrawList* draw, ImVec2 a, ImVec2 c, ImU32 color, bool primary);
constexpr float kSelectionHalo = 2.0f;

} // namespace diorama::editor
