// Selection boxes from filled rectangles.

#include "selection_box.h"

#include <glm/common.hpp>

#include <cmath>

namespace diorama::editor {

void frame_inside(std::vector<BoxPiece>& out, glm::vec2 lo, glm::vec2 hi, float width,
                  const glm::vec4& color) {
    if (hi.x - lo.x <= 2.0f * width || hi.y - lo.y <= 2.0f * width) {
        out.push_back({lo, hi, color});
        return;
    }
    out.push_back({lo, {hi.x, lo.y + width}, color});
    out.push_back({{lo.x, hi.y - width}, hi, color});
    out.push_back({{lo.x, lo.y + width}, {lo.x + width, hi.y - width}, color});
    out.push_back({{hi.x - width, lo.y + width}, {hi.x, hi.y - width}, color});
}

void selection_box(std::vector<BoxPiece>& out, glm::vec2 a, glm::vec2 c, const glm::vec4& color,
                   bool primary, float unit) {
    const glm::vec2 lo(std::round(a.x), std::round(a.y));
    const glm::vec2 hi = glm::max(glm::vec2(std::round(c.x), std::round(c.y)), lo + unit);
    const float halo = kSelectionHalo * unit;
    frame_inside(out, lo - glm::vec2(halo), hi + glm::vec2(halo), halo, kSelectionHaloColor);
    out.push_back({lo, hi, glm::vec4(color.r, color.g, color.b, kSelectionTintAlpha)});
    frame_inside(out, lo, hi, (primary ? 2.0f : 1.0f) * unit, color);
}

} // namespace diorama::editor
