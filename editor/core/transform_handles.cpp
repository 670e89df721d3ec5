#include "transform_handles.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace diorama::editor {

namespace {

// Distance from p to the segment a-b.
float distance_to_segment(glm::vec2 p, glm::vec2 a, glm::vec2 b) {
    const glm::vec2 ab = b - a;
    const float t = std::clamp(glm::dot(p - a, ab) / glm::dot(ab, ab), 0.0f, 1.0f);
    return glm::length(p - (a + t * ab));
}

bool in_box(glm::vec2 p, glm::vec2 center, float half) {
    return std::abs(p.x - center.x) <= half && std::abs(p.y - center.y) <= half;
}

} // namespace

HandlePart hit_handle(Tool tool, glm::vec2 center, glm::vec2 point, float zoom) {
    if (!(zoom > 0.0f)) return HandlePart::None;
    // Everything below in pixels, relative to the centre.
    const glm::vec2 p = (point - center) * zoom;
    const glm::vec2 origin(0.0f);
    const glm::vec2 tip_x(kHandleLengthPx, 0.0f);
    const glm::vec2 tip_y(0.0f, kHandleLengthPx);
    const bool on_x = distance_to_segment(p, origin, tip_x) <= kHandlePickPx;
    const bool on_y = distance_to_segment(p, origin, tip_y) <= kHandlePickPx;
    switch (tool) {
    case Tool::Select:
        return HandlePart::None;
    case Tool::Move:
        if (in_box(p, origin, kHandleBoxHalfPx)) return HandlePart::Free;
        if (on_x) return HandlePart::AxisX;
        if (on_y) return HandlePart::AxisY;
        return HandlePart::None;
    case Tool::Rotate:
        return std::abs(glm::length(p) - kRotateRadiusPx) <= kHandlePickPx ? HandlePart::Rotate
                                                                           : HandlePart::None;
    case Tool::Scale:
        if (in_box(p, origin, kHandleBoxHalfPx)) return HandlePart::ScaleUniform;
        if (on_x || in_box(p, tip_x, kHandleBoxHalfPx)) return HandlePart::ScaleX;
        if (on_y || in_box(p, tip_y, kHandleBoxHalfPx)) return HandlePart::ScaleY;
        return HandlePart::None;
    }
    return HandlePart::None;
}

} // namespace diorama::editor
