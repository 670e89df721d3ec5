// The viewport's selection boxes (editor/ui/selection_box.h), read back as the banded rectangles
// draw them: each pixel takes the band of its distance from the box's nearest edge.

#include "ui/selection_box.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace diorama::editor {
namespace {

const glm::vec4 kBlue{60.0f / 255.0f, 150.0f / 255.0f, 225.0f / 255.0f, 1.0f};
const glm::vec4 kTint{kBlue.r, kBlue.g, kBlue.b, kSelectionTintAlpha};

using ColourKey = std::tuple<float, float, float, float>;
ColourKey key(const glm::vec4& c) {
    return {c.r, c.g, c.b, c.a};
}

using Pixels = std::map<std::pair<int, int>, int>;

// The pixels of each colour the boxes paint, as Renderer2D::banded_rect paints them (a pixel
// of several boxes counted once per box).
std::map<ColourKey, Pixels> painted(const std::vector<SelectionBox>& boxes, float unit = 1.0f) {
    std::map<ColourKey, Pixels> out;
    for (const SelectionBox& box : boxes) {
        const std::vector<glm::vec4> bands = selection_bands(kBlue, box.primary, unit);
        for (int y = 0; y < 200; ++y)
            for (int x = 0; x < 200; ++x) {
                const float px = static_cast<float>(x) + 0.5f;
                const float py = static_cast<float>(y) + 0.5f;
                if (!(px > box.lo.x && px < box.hi.x && py > box.lo.y && py < box.hi.y)) continue;
                const float depth = std::min(std::min(px - box.lo.x, box.hi.x - px),
                                             std::min(py - box.lo.y, box.hi.y - py));
                const auto band = std::min(static_cast<std::size_t>(depth), bands.size() - 1);
                ++out[key(bands[band])][{x, y}];
            }
    }
    return out;
}

// The pixels of the frame width wide just inside [x0, x1) x [y0, y1).
Pixels ring(int x0, int y0, int x1, int y1, int width) {
    Pixels pixels;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            if (x < x0 + width || x >= x1 - width || y < y0 + width || y >= y1 - width)
                pixels[{x, y}] = 1;
    return pixels;
}

TEST(SelectionBox, AnOutlineInsideAHaloOutsideAndATintWithinEachPixelOnce) {
    // Rounded to whole pixels: the object's box is [10, 41) x [21, 60).
    std::vector<SelectionBox> boxes;
    selection_box(boxes, {10.4f, 20.6f}, {40.5f, 59.7f}, false);
    ASSERT_EQ(boxes.size(), 1u);
    EXPECT_EQ(boxes[0].lo, glm::vec2(8.0f, 19.0f)) << "grown by the halo";
    EXPECT_EQ(boxes[0].hi, glm::vec2(43.0f, 62.0f));
    const auto c = painted(boxes);
    EXPECT_EQ(c.at(key(kBlue)), ring(10, 21, 41, 60, 1));
    EXPECT_EQ(c.at(key(kSelectionHaloColor)), ring(8, 19, 43, 62, 2));
    EXPECT_EQ(c.at(key(kTint)), ring(11, 22, 40, 59, 100));
}

TEST(SelectionBox, ThePrimarySelectionsOutlineIsTwoPixelsWide) {
    std::vector<SelectionBox> boxes;
    selection_box(boxes, {50.0f, 50.0f}, {90.0f, 70.0f}, true);
    EXPECT_TRUE(boxes[0].primary);
    EXPECT_EQ(painted(boxes).at(key(kBlue)), ring(50, 50, 90, 70, 2));
}

TEST(SelectionBox, ABoxTooSmallForItsOutlineIsFilledByIt) {
    // Three pixels wide: the primary selection's outline of two covers it.
    std::vector<SelectionBox> narrow;
    selection_box(narrow, {5.0f, 5.0f}, {8.0f, 30.0f}, true);
    const auto n = painted(narrow);
    EXPECT_EQ(n.at(key(kBlue)), ring(5, 5, 8, 30, 100));
    EXPECT_EQ(n.count(key(kTint)), 0u);
    // An object with no size still gets a box of one pixel (the outline fills it), in its halo.
    std::vector<SelectionBox> point;
    selection_box(point, {100.0f, 100.0f}, {100.2f, 100.1f}, false);
    const auto c = painted(point);
    EXPECT_EQ(c.at(key(kBlue)), ring(100, 100, 101, 101, 1));
    EXPECT_EQ(c.at(key(kSelectionHaloColor)), ring(98, 98, 103, 103, 2));
}

TEST(SelectionBox, AUnitOfTwoPixelsDoublesEveryWidth) {
    // A framebuffer of two pixels per UI unit: halo 4 pixels, outline 2 (primary 4).
    std::vector<SelectionBox> boxes;
    selection_box(boxes, {20.0f, 20.0f}, {60.0f, 50.0f}, false, 2.0f);
    const auto c = painted(boxes, 2.0f);
    EXPECT_EQ(c.at(key(kBlue)), ring(20, 20, 60, 50, 2));
    EXPECT_EQ(c.at(key(kSelectionHaloColor)), ring(16, 16, 64, 54, 4));
    boxes.clear();
    selection_box(boxes, {20.0f, 20.0f}, {60.0f, 50.0f}, true, 2.0f);
    EXPECT_EQ(painted(boxes, 2.0f).at(key(kBlue)), ring(20, 20, 60, 50, 4));
}

TEST(SelectionBox, TheBandsRunFromTheHaloInToTheTint) {
    const std::vector<glm::vec4> other = selection_bands(kBlue, false);
    ASSERT_EQ(other.size(), 4u);
    EXPECT_EQ(key(other[0]), key(kSelectionHaloColor));
    EXPECT_EQ(key(other[1]), key(kSelectionHaloColor));
    EXPECT_EQ(key(other[2]), key(kBlue));
    EXPECT_EQ(key(other[3]), key(kTint));
    EXPECT_EQ(selection_bands(kBlue, true).size(), 5u) << "an outline of two";
    EXPECT_EQ(selection_bands(kBlue, true, 2.0f).size(), 9u) << "4 halo, 4 outline, the tint";
}

TEST(SelectionBox, BoxesAreAppendedAfterWhatIsThere) {
    std::vector<SelectionBox> boxes;
    selection_box(boxes, {10.0f, 10.0f}, {40.0f, 40.0f}, false);
    selection_box(boxes, {60.0f, 10.0f}, {90.0f, 40.0f}, true);
    ASSERT_EQ(boxes.size(), 2u);
    EXPECT_EQ(boxes[0].lo, glm::vec2(8.0f, 8.0f));
    EXPECT_EQ(boxes[1].lo, glm::vec2(58.0f, 8.0f));
    EXPECT_FALSE(boxes[0].primary);
    EXPECT_TRUE(boxes[1].primary);
}

} // namespace
} // namespace diorama::editor
