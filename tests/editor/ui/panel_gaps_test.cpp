// uncovered (editor/ui/panel_gaps.h): the parts of the window between the workspace's panels,
// which the window's colour is painted into.

#include "ui/panel_gaps.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using diorama::Rect;
using diorama::editor::uncovered;

// How many of the rectangles hold the point (edges: a minimum inclusive, a maximum exclusive).
int holding(const std::vector<Rect>& rects, glm::vec2 p) {
    int count = 0;
    for (const Rect& r : rects)
        if (p.x >= r.min.x && p.x < r.max.x && p.y >= r.min.y && p.y < r.max.y) ++count;
    return count;
}

// Every pixel centre of the area lies in exactly one gap or one panel, never in both.
void expect_tiles(const Rect& area, const std::vector<Rect>& panels) {
    const std::vector<Rect> gaps = uncovered(area, panels);
    for (float y = area.min.y + 0.5f; y < area.max.y; y += 1.0f)
        for (float x = area.min.x + 0.5f; x < area.max.x; x += 1.0f) {
            const int in_gaps = holding(gaps, {x, y});
            const int in_panels = holding(panels, {x, y});
            ASSERT_EQ(in_gaps + in_panels, 1)
                << "at " << x << "," << y << ": " << in_gaps << " gaps, " << in_panels << " panels";
        }
    for (const Rect& gap : gaps) {
        EXPECT_LT(gap.min.x, gap.max.x);
        EXPECT_LT(gap.min.y, gap.max.y);
    }
}

TEST(PanelGaps, WithoutPanelsTheWholeAreaIsOneGap) {
    const Rect area{{10.0f, 20.0f}, {110.0f, 70.0f}};
    const std::vector<Rect> gaps = uncovered(area, {});
    ASSERT_EQ(gaps.size(), 1u);
    EXPECT_EQ(gaps[0], area);
}

TEST(PanelGaps, TheWorkspacesLayoutLeavesThePaddingAndTheGapsBetweenPanels) {
    // Toolbar across the top; hierarchy | viewport over prefabs and tabs | inspector.
    const Rect area{{0.0f, 20.0f}, {200.0f, 140.0f}};
    const std::vector<Rect> panels = {
        {{0.0f, 20.0f}, {200.0f, 30.0f}},   {{4.0f, 30.0f}, {40.0f, 136.0f}},
        {{45.0f, 30.0f}, {150.0f, 100.0f}}, {{155.0f, 30.0f}, {196.0f, 136.0f}},
        {{45.0f, 105.0f}, {90.0f, 136.0f}}, {{95.0f, 105.0f}, {150.0f, 136.0f}},
    };
    expect_tiles(area, panels);
    const std::vector<Rect> gaps = uncovered(area, panels);
    // The gap between the viewport and the bottom row, and the one between prefabs and tabs.
    EXPECT_EQ(holding(gaps, {100.0f, 102.0f}), 1);
    EXPECT_EQ(holding(gaps, {92.0f, 120.0f}), 1);
    // The padding along the bottom spans the window.
    EXPECT_EQ(holding(gaps, {1.0f, 138.0f}), 1);
    EXPECT_EQ(holding(gaps, {199.0f, 138.0f}), 1);
}

TEST(PanelGaps, HiddenPanelsLeaveTheirPlaceToTheGaps) {
    const Rect area{{0.0f, 0.0f}, {100.0f, 60.0f}};
    // Only the viewport: the side panels are hidden.
    const std::vector<Rect> panels = {{{4.0f, 0.0f}, {96.0f, 56.0f}}};
    expect_tiles(area, panels);
}

TEST(PanelGaps, PartsOfPanelsOutsideTheAreaAndEmptyPanelsAreIgnored) {
    const Rect area{{0.0f, 0.0f}, {50.0f, 40.0f}};
    const std::vector<Rect> panels = {{{-10.0f, -5.0f}, {20.0f, 10.0f}},
                                      {{30.0f, 30.0f}, {70.0f, 60.0f}},
                                      {{10.0f, 20.0f}, {10.0f, 35.0f}}};
    expect_tiles(area, panels);
    const std::vector<Rect> gaps = uncovered(area, panels);
    for (const Rect& gap : gaps) {
        EXPECT_GE(gap.min.x, area.min.x);
        EXPECT_GE(gap.min.y, area.min.y);
        EXPECT_LE(gap.max.x, area.max.x);
        EXPECT_LE(gap.max.y, area.max.y);
    }
    EXPECT_EQ(holding(gaps, {10.0f, 25.0f}), 1); // the empty panel covers nothing
    EXPECT_EQ(holding(gaps, {5.0f, 5.0f}), 0);
    EXPECT_EQ(holding(gaps, {40.0f, 35.0f}), 0);
}

TEST(PanelGaps, OverlappingPanelsLeaveTheRestOfTheirUnion) {
    // In a window too small for the layout the viewport keeps a least width over its neighbour.
    const Rect area{{0.0f, 0.0f}, {60.0f, 30.0f}};
    const std::vector<Rect> panels = {{{0.0f, 0.0f}, {30.0f, 20.0f}},
                                      {{20.0f, 5.0f}, {50.0f, 30.0f}}};
    const std::vector<Rect> gaps = uncovered(area, panels);
    for (float y = 0.5f; y < 30.0f; y += 1.0f)
        for (float x = 0.5f; x < 60.0f; x += 1.0f)
            ASSERT_EQ(holding(gaps, {x, y}), holding(panels, {x, y}) > 0 ? 0 : 1)
                << "at " << x << "," << y;
}

TEST(PanelGaps, PanelsSideBySideInABandLeaveOnlyTheSpaceBetweenThem) {
    const Rect area{{0.0f, 0.0f}, {30.0f, 10.0f}};
    const std::vector<Rect> gaps = uncovered(
        area, std::vector<Rect>{{{20.0f, 0.0f}, {30.0f, 10.0f}}, {{0.0f, 0.0f}, {10.0f, 10.0f}}});
    ASSERT_EQ(gaps.size(), 1u);
    EXPECT_EQ(gaps[0], (Rect{{10.0f, 0.0f}, {20.0f, 10.0f}}));
}

} // namespace
