// The viewport's selection boxes (editor/ui/selection_box.h), read back from the pieces they are
// made of: which pixel centres each colour covers, and how often.

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

// How many of a colour's pieces cover each pixel centre, per colour.
using Coverage = std::map<ColourKey, std::map<std::pair<int, int>, int>>;

Coverage covered(const std::vector<BoxPiece>& pieces) {
    Coverage out;
    for (const BoxPiece& piece : pieces)
        for (int y = 0; y < 200; ++y)
            for (int x = 0; x < 200; ++x) {
                const float px = static_cast<float>(x) + 0.5f;
                const float py = static_cast<float>(y) + 0.5f;
                const bool inside =
                    px > piece.lo.x && px < piece.hi.x && py > piece.lo.y && py < piece.hi.y;
                // A frame: within its width of the nearest edge.
                const float to_edge = std::min(std::min(px - piece.lo.x, piece.hi.x - px),
                                               std::min(py - piece.lo.y, piece.hi.y - py));
                if (inside && (piece.frame <= 0.0f || to_edge < piece.frame))
                    ++out[key(piece.color)][{x, y}];
            }
    return out;
}

// The pixels of the frame width wide just inside [x0, x1) x [y0, y1).
std::map<std::pair<int, int>, int> ring(int x0, int y0, int x1, int y1, int width) {
    std::map<std::pair<int, int>, int> pixels;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            if (x < x0 + width || x >= x1 - width || y < y0 + width || y >= y1 - width)
                pixels[{x, y}] = 1;
    return pixels;
}

TEST(SelectionBox, AnOutlineInsideAHaloOutsideAndATintBetweenEachPixelOnce) {
    // Rounded to whole pixels: the box is [10, 41) x [21, 60).
    std::vector<BoxPiece> pieces;
    selection_box(pieces, {10.4f, 20.6f}, {40.5f, 59.7f}, kBlue, false);
    const Coverage c = covered(pieces);
    EXPECT_EQ(c.at(key(kBlue)), ring(10, 21, 41, 60, 1));
    EXPECT_EQ(c.at(key(kSelectionHaloColor)), ring(8, 19, 43, 62, 2));
    EXPECT_EQ(c.at(key(kTint)), ring(10, 21, 41, 60, 100));
    // Drawn in that order: the halo first, the outline last.
    EXPECT_EQ(key(pieces.front().color), key(kSelectionHaloColor));
    EXPECT_EQ(key(pieces.back().color), key(kBlue));
}

TEST(SelectionBox, ThePrimarySelectionsOutlineIsTwoPixelsWide) {
    std::vector<BoxPiece> pieces;
    selection_box(pieces, {50.0f, 50.0f}, {90.0f, 70.0f}, kBlue, true);
    EXPECT_EQ(covered(pieces).at(key(kBlue)), ring(50, 50, 90, 70, 2));
}

TEST(SelectionBox, ABoxTooSmallForItsOutlineIsFilledByIt) {
    // Three pixels wide: the primary selection's outline of two covers it.
    std::vector<BoxPiece> narrow;
    selection_box(narrow, {5.0f, 5.0f}, {8.0f, 30.0f}, kBlue, true);
    EXPECT_EQ(covered(narrow).at(key(kBlue)), ring(5, 5, 8, 30, 100));
    // An object with no size still gets a box of one pixel (the outline fills it), in its halo.
    std::vector<BoxPiece> point;
    selection_box(point, {100.0f, 100.0f}, {100.2f, 100.1f}, kBlue, false);
    const Coverage c = covered(point);
    EXPECT_EQ(c.at(key(kBlue)), ring(100, 100, 101, 101, 1));
    EXPECT_EQ(c.at(key(kSelectionHaloColor)), ring(98, 98, 103, 103, 2));
}

TEST(SelectionBox, ABoxIsThreePiecesAHaloFrameATintAndAnOutlineFrame) {
    std::vector<BoxPiece> pieces;
    selection_box(pieces, {10.0f, 10.0f}, {40.0f, 30.0f}, kBlue, false);
    ASSERT_EQ(pieces.size(), 3u);
    EXPECT_EQ(pieces[0].frame, kSelectionHalo);
    EXPECT_EQ(pieces[1].frame, 0.0f) << "the tint is filled";
    EXPECT_EQ(pieces[2].frame, 1.0f);
}

TEST(SelectionBox, AUnitOfTwoPixelsDoublesEveryWidth) {
    // A framebuffer of two pixels per UI unit: halo 4 pixels, outline 2 (primary 4).
    std::vector<BoxPiece> pieces;
    selection_box(pieces, {20.0f, 20.0f}, {60.0f, 50.0f}, kBlue, false, 2.0f);
    Coverage c = covered(pieces);
    EXPECT_EQ(c.at(key(kBlue)), ring(20, 20, 60, 50, 2));
    EXPECT_EQ(c.at(key(kSelectionHaloColor)), ring(16, 16, 64, 54, 4));
    pieces.clear();
    selection_box(pieces, {20.0f, 20.0f}, {60.0f, 50.0f}, kBlue, true, 2.0f);
    EXPECT_EQ(covered(pieces).at(key(kBlue)), ring(20, 20, 60, 50, 4));
}

TEST(SelectionBox, BoxesAreAppendedAfterWhatIsThere) {
    std::vector<BoxPiece> pieces;
    selection_box(pieces, {10.0f, 10.0f}, {40.0f, 40.0f}, kBlue, false);
    const std::size_t one = pieces.size();
    selection_box(pieces, {60.0f, 10.0f}, {90.0f, 40.0f}, kBlue, true);
    ASSERT_EQ(pieces.size(), 2 * one);
    EXPECT_EQ(pieces[0].lo, glm::vec2(8.0f, 8.0f));
    EXPECT_EQ(pieces[one].lo, glm::vec2(58.0f, 8.0f));
}

} // namespace
} // namespace diorama::editor
