// Selection boxes from filled rectangles.

#include "selection_box.h"

#include "im_math.h"

#include <algorithm>
#include <cmath>

namespace diorama::editor {

void frame_inside(ImDrawList* draw, ImVec2 lo, ImVec2 hi, float width, ImU32 color) {
    if (hi.x - lo.x <= 2.0f * width || hi.y - lo.y <= 2.0f * width) {
        draw->AddRectFilled(lo, hi, color);
        return;
    }
    draw->AddRectFilled(lo, ImVec2(hi.x, lo.y + width), color);
    draw->AddRectFilled(ImVec2(lo.x, hi.y - width), hi, color);
    draw->AddRectFilled(ImVec2(lo.x, lo.y + width), ImVec2(lo.x + width, hi.y - width), color);
    draw->AddRectFilled(ImVec2(hi.x - width, lo.y + width), ImVec2(hi.x, hi.y - width), color);
}

void selection_box(ImDrawList* draw, ImVec2 a, ImVec2 c, ImU32 color, bool primary) {
    const ImVec2 lo(std::round(a.x), std::round(a.y));
    const ImVec2 hi(std::max(std::round(c.x), lo.x + 1.0f), std::max(std::round(c.y), lo.y + 1.0f));
    const ImVec2 halo(kSelectionHalo, kSelectionHalo);
    frame_inside(draw, lo - halo, hi + halo, kSelectionHalo, IM_COL32(0, 0, 0, 150));
    draw->AddRectFilled(lo, hi, (color & 0x00ffffffu) | 0x22000000u);
    frame_inside(draw, lo, hi, primary ? 2.0f : 1.0f, color);
}

} // namespace diorama::editor
