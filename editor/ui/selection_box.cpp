// Selection boxes from frames and a filled rectangle.

#include "selection_box.h"

#include <glm/common.hpp>

#include <cmath>

namespace diorama::editor {

void selection_box(std::vector<BoxPiece>& out, glm::vec2 a, glm::vec2 c, const glm::vec4& color,
                   bool primary, float unit) {
    const glm::vec2 lo(std::round(a.x), std::round(a.y));
    const glm::vec2 hi = glm::max(glm::vec2(std::round(c.x), std::round(c.y)), lo + unit);
    const float halo = kSelectionHalo * unit;
    out.push_back({lo - glm::vec2(halo), hi + glm::vec2(halo), kSelectionHaloColor, halo});
    out.push_back({lo, hi, glm::vec4(color.r, color.g, color.b, kSelectionTintAlpha)});
    out.push_back({lo, hi, color, (primary ? 2.0f : 1.0f) * unit});
}

} // namespace diorama::editor
