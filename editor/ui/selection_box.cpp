// Selection boxes as banded rectangles.

#include "selection_box.h"

#include <glm/common.hpp>

#include <cmath>
#include <cstddef>

namespace diorama::editor {

void selection_box(std::vector<SelectionBox>& out, glm::vec2 a, glm::vec2 c, bool primary,
                   float unit) {
    const glm::vec2 lo(std::round(a.x), std::round(a.y));
    const glm::vec2 hi = glm::max(glm::vec2(std::round(c.x), std::round(c.y)), lo + unit);
    const glm::vec2 halo(kSelectionHalo * unit);
    out.push_back({lo - halo, hi + halo, primary});
}

std::vector<glm::vec4> selection_bands(const glm::vec4& color, bool primary, float unit) {
    const auto pixels = [unit](float units) {
        return static_cast<std::size_t>(std::lround(units * unit));
    };
    std::vector<glm::vec4> bands(pixels(kSelectionHalo), kSelectionHaloColor);
    bands.insert(bands.end(), pixels(primary ? 2.0f : 1.0f), color);
    bands.emplace_back(color.r, color.g, color.b, kSelectionTintAlpha);
    return bands;
}

} // namespace diorama::editor
