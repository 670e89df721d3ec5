#pragma once
// The viewport's tools and their transform handles: what they look like (sizes in screen pixels,
// shared by the app that draws them and the session that hit-tests them) and where a point hits.
//
// Handles are drawn at the selection's centre (EditorSession::selection_center()), axis-aligned
// in the world (+x to the right, +y up on screen):
//   Move    a box at the centre (free move) and two arrows, +x and +y (axis moves)
//   Rotate  a ring around the centre
//   Scale   a box at the centre (uniform) and two lines ending in boxes, +x and +y (axis scales)

#include <glm/vec2.hpp>

namespace diorama::editor {

enum class Tool { Select, Move, Rotate, Scale };

// Which part of a transform handle a drag grabbed.
enum class HandlePart { None, Free, AxisX, AxisY, Rotate, ScaleX, ScaleY, ScaleUniform };

// ---- sizes (screen pixels: divide by the camera's zoom for world units) ----

inline constexpr float kHandleLengthPx = 80.0f; // from the centre to the tip of an axis handle
inline constexpr float kHandleBoxHalfPx = 7.0f; // half the side of the centre box and scale tips
inline constexpr float kHandlePickPx = 6.0f;    // a click this close to a line still grabs it
inline constexpr float kRotateRadiusPx = 70.0f; // radius of the rotate ring
inline constexpr float kPointPickPx = 8.0f;     // objects without extent: pick distance (icons)
inline constexpr float kOutlinePickPx = 6.0f;   // unfilled shapes: pick distance from the outline
inline constexpr float kClickRepeatPx = 3.0f;   // clicks this close count as the same point

// ---- snapping ----

inline constexpr float kScaleSnap = 0.1f; // scale factors snap to multiples of this

// The part of `tool`'s handle drawn at `center` that `point` hits (both in world units; zoom in
// pixels per world unit), or None. The centre box wins over the axes; Select has no handle.
[[nodiscard]] HandlePart hit_handle(Tool tool, glm::vec2 center, glm::vec2 point, float zoom);

} // namespace diorama::editor
