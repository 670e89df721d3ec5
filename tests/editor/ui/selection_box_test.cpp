// The viewport's selection boxes (editor/ui/selection_box.h), read back from the rectangles they
// add to an ImGui draw list: which pixel centres each colour covers, and how often.

#include "imgui_test.h"
#include "ui/selection_box.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <utility>

namespace diorama::editor {
namespace {

const ImU32 kBlue = IM_COL32(60, 150, 225, 255);
const ImU32 kHaloColor = IM_COL32(0, 0, 0, 150);
const ImU32 kTint = IM_COL32(60, 150, 225, 0x22);

// How many of a colour's triangles cover each pixel centre, per colour.
using Coverage = std::map<ImU32, std::map<std::pair<int, int>, int>>;

// An ImGui frame whose foreground draw list gets what draw adds, rasterized at pixel centres.
class SelectionBox : public test::ImGuiTest {
protected:
    SelectionBox() : ImGuiTest(ImVec2(200.0f, 200.0f)) {}

    template <class Draw>
    Coverage drawn(Draw&& draw) {
        ImGui::NewFrame();
        ImDrawList* list = ImGui::GetForegroundDrawList();
        const int first = list->IdxBuffer.Size;
        draw(list);
        // Every shape here is an axis-aligned rectangle: 4 vertices, 6 indices.
        Coverage covered;
        EXPECT_EQ((list->IdxBuffer.Size - first) % 6, 0);
        for (int i = first; i + 5 < list->IdxBuffer.Size; i += 6) {
            ImVec2 lo(1e9f, 1e9f);
            ImVec2 hi(-1e9f, -1e9f);
            const ImU32 col = list->VtxBuffer[list->IdxBuffer[i]].col;
            for (int k = 0; k < 6; ++k) {
                const ImDrawVert& v = list->VtxBuffer[list->IdxBuffer[i + k]];
                EXPECT_EQ(v.col, col);
                lo = ImVec2(std::min(lo.x, v.pos.x), std::min(lo.y, v.pos.y));
                hi = ImVec2(std::max(hi.x, v.pos.x), std::max(hi.y, v.pos.y));
            }
            for (int y = 0; y < 200; ++y)
                for (int x = 0; x < 200; ++x) {
                    const float px = static_cast<float>(x) + 0.5f;
                    const float py = static_cast<float>(y) + 0.5f;
                    if (px > lo.x && px < hi.x && py > lo.y && py < hi.y) ++covered[col][{x, y}];
                }
        }
        ImGui::Render();
        return covered;
    }
};

// The pixels of the frame width wide just inside [x0, x1) x [y0, y1).
std::map<std::pair<int, int>, int> ring(int x0, int y0, int x1, int y1, int width) {
    std::map<std::pair<int, int>, int> pixels;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            if (x < x0 + width || x >= x1 - width || y < y0 + width || y >= y1 - width)
                pixels[{x, y}] = 1;
    return pixels;
}

TEST_F(SelectionBox, AnOutlineInsideAHaloOutsideAndATintBetweenEachPixelOnce) {
    // Rounded to whole pixels: the box is [10, 41) x [21, 60).
    const Coverage covered = drawn([](ImDrawList* list) {
        selection_box(list, ImVec2(10.4f, 20.6f), ImVec2(40.5f, 59.7f), kBlue, false);
    });
    EXPECT_EQ(covered.at(kBlue), ring(10, 21, 41, 60, 1));
    EXPECT_EQ(covered.at(kHaloColor), ring(8, 19, 43, 62, 2));
    EXPECT_EQ(covered.at(kTint), ring(10, 21, 41, 60, 100));
}

TEST_F(SelectionBox, ThePrimarySelectionsOutlineIsTwoPixelsWide) {
    const Coverage covered = drawn(
        [](ImDrawList* list) { selection_box(list, ImVec2(50, 50), ImVec2(90, 70), kBlue, true); });
    EXPECT_EQ(covered.at(kBlue), ring(50, 50, 90, 70, 2));
}

TEST_F(SelectionBox, ABoxTooSmallForItsFrameIsFilled) {
    const Coverage covered = drawn(
        [](ImDrawList* list) { frame_inside(list, ImVec2(5, 5), ImVec2(8, 30), 2.0f, kBlue); });
    EXPECT_EQ(covered.at(kBlue), ring(5, 5, 8, 30, 100));
    // An object with no size still gets a box of one pixel (the outline fills it), in its halo.
    const Coverage point = drawn([](ImDrawList* list) {
        selection_box(list, ImVec2(100, 100), ImVec2(100.2f, 100.1f), kBlue, false);
    });
    EXPECT_EQ(point.at(kBlue), ring(100, 100, 101, 101, 1));
    EXPECT_EQ(point.at(kHaloColor), ring(98, 98, 103, 103, 2));
}

} // namespace
} // namespace diorama::editor
