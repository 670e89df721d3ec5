#include "diorama/spatial_grid.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <vector>

namespace diorama {
namespace {

using Ids = std::vector<std::uint32_t>;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kMaxFloat = std::numeric_limits<float>::max();

Rect rect(float x0, float y0, float x1, float y1) {
    return Rect{{x0, y0}, {x1, y1}};
}

Ids in_rect(const SpatialGrid& grid, const Rect& area) {
    Ids out;
    grid.query_rect(area, out);
    return out;
}

Ids at_point(const SpatialGrid& grid, glm::vec2 point) {
    Ids out;
    grid.query_point(point, out);
    return out;
}

Ids in_circle(const SpatialGrid& grid, glm::vec2 center, float radius) {
    Ids out;
    grid.query_circle(center, radius, out);
    return out;
}

// ---- basics ----

TEST(SpatialGrid, StartsEmptyWithTheGivenCellSize) {
    const SpatialGrid grid(32.0f);
    EXPECT_EQ(grid.cell_size(), 32.0f);
    EXPECT_EQ(grid.size(), 0u);
    EXPECT_FALSE(grid.contains(0));
    EXPECT_TRUE(in_rect(grid, rect(-1e6f, -1e6f, 1e6f, 1e6f)).empty());
    EXPECT_TRUE(at_point(grid, {0.0f, 0.0f}).empty());
    EXPECT_TRUE(in_circle(grid, {0.0f, 0.0f}, 1e6f).empty());
    EXPECT_EQ(SpatialGrid().cell_size(), 128.0f);
}

TEST(SpatialGrid, FindsAnInsertedBoxWithEveryKindOfQuery) {
    SpatialGrid grid(64.0f);
    grid.set(7, rect(10, 10, 20, 20));
    EXPECT_TRUE(grid.contains(7));
    EXPECT_FALSE(grid.contains(6));
    EXPECT_EQ(grid.size(), 1u);
    EXPECT_EQ(grid.box(7), rect(10, 10, 20, 20));

    EXPECT_EQ(in_rect(grid, rect(15, 15, 30, 30)), Ids{7});
    EXPECT_EQ(in_rect(grid, rect(0, 0, 9, 100)), Ids{});
    EXPECT_EQ(at_point(grid, {12, 18}), Ids{7});
    EXPECT_EQ(at_point(grid, {21, 18}), Ids{});
    EXPECT_EQ(in_circle(grid, {25, 15}, 5.5f), Ids{7});
    EXPECT_EQ(in_circle(grid, {25, 25}, 5.5f), Ids{}); // the corner is sqrt(50) away
}

TEST(SpatialGrid, MovingABoxToOtherCellsFindsItOnlyThere) {
    SpatialGrid grid(64.0f);
    grid.set(1, rect(10, 10, 20, 20));
    grid.set(2, rect(12, 12, 14, 14));
    grid.set(1, rect(1000, 1000, 1010, 1010));
    EXPECT_EQ(grid.size(), 2u);
    EXPECT_EQ(grid.box(1), rect(1000, 1000, 1010, 1010));
    EXPECT_EQ(in_rect(grid, rect(0, 0, 30, 30)), Ids{2});
    EXPECT_EQ(in_rect(grid, rect(990, 990, 1005, 1005)), Ids{1});

    grid.set(1, rect(11, 11, 13, 13)); // and back into the cell it shared with 2
    EXPECT_EQ(in_rect(grid, rect(0, 0, 30, 30)), (Ids{1, 2}));
    EXPECT_EQ(in_rect(grid, rect(990, 990, 1005, 1005)), Ids{});
}

TEST(SpatialGrid, SettingABoxWithinTheSameCellsStillUpdatesTheStoredBox) {
    SpatialGrid grid(128.0f);
    grid.set(3, rect(10, 10, 100, 100));
    grid.set(3, rect(10, 10, 20, 20));
    EXPECT_EQ(grid.box(3), rect(10, 10, 20, 20));
    EXPECT_EQ(at_point(grid, {50, 50}), Ids{}); // inside the old box, same cell
    EXPECT_EQ(at_point(grid, {15, 15}), Ids{3});
    EXPECT_EQ(in_circle(grid, {60, 15}, 39.0f), Ids{});
    EXPECT_EQ(in_circle(grid, {60, 15}, 40.0f), Ids{3});
}

TEST(SpatialGrid, ASmallBoxIsFoundFromACellItReachesButIsNotFiledIn) {
    SpatialGrid grid(10.0f);
    grid.set(1, rect(7.25f, 2, 12.25f, 3)); // half a cell wide: filed by its centre, in cell 0
    grid.set(2, rect(20, 20, 40, 21));      // wider: filed in the cells it covers
    EXPECT_EQ(in_rect(grid, rect(12.2f, 0, 15, 5)), Ids{1}) << "only cell 1 is covered";
    EXPECT_EQ(at_point(grid, {12.25f, 2.5f}), Ids{1});
    EXPECT_EQ(in_circle(grid, {14.25f, 2.5f}, 2.0f), Ids{1});
    EXPECT_EQ(in_rect(grid, rect(12.3f, 0, 15, 5)), Ids{});
    EXPECT_EQ(at_point(grid, {39, 20.5f}), Ids{2});
}

TEST(SpatialGrid, ASmallBoxThatGrowsInPlaceIsFoundAtItsNewFarEdge) {
    SpatialGrid grid(10.0f);
    grid.set(1, rect(9.5f, 5, 10.5f, 6)); // centre (10, 5.5): cell 1; reaches half a unit
    grid.set(1, rect(9.6f, 5, 10.4f, 6)); // smaller, same centre cell
    EXPECT_EQ(at_point(grid, {9.6f, 5.5f}), Ids{1});
    // Grown to half a cell, its centre still in cell 1: it now reaches 2.5 into cell 0.
    grid.set(1, rect(7.5f, 5, 12.5f, 6));
    EXPECT_EQ(grid.box(1), rect(7.5f, 5, 12.5f, 6));
    EXPECT_EQ(in_rect(grid, rect(7, 5, 7.6f, 5.5f)), Ids{1}) << "found from cell 0";
    EXPECT_EQ(at_point(grid, {7.5f, 6}), Ids{1});
}

TEST(SpatialGrid, RemovingAnIdForgetsItAndRemovingAgainDoesNothing) {
    SpatialGrid grid(64.0f);
    grid.set(1, rect(0, 0, 10, 10));
    grid.set(2, rect(5, 5, 15, 15));
    grid.remove(1);
    EXPECT_FALSE(grid.contains(1));
    EXPECT_EQ(grid.size(), 1u);
    EXPECT_EQ(in_rect(grid, rect(0, 0, 100, 100)), Ids{2});
    EXPECT_EQ(at_point(grid, {2, 2}), Ids{});

    grid.remove(1);
    grid.remove(99); // beyond every id ever set
    EXPECT_EQ(grid.size(), 1u);

    grid.set(1, rect(0, 0, 10, 10));
    EXPECT_EQ(in_rect(grid, rect(0, 0, 100, 100)), (Ids{1, 2}));
    grid.remove(2);
    grid.remove(1);
    EXPECT_EQ(grid.size(), 0u);
    EXPECT_EQ(in_rect(grid, rect(0, 0, 100, 100)), Ids{});
}

// ---- where boxes are ----

TEST(SpatialGrid, NegativeCoordinatesUseTheCellBelowZero) {
    SpatialGrid grid(100.0f);
    grid.set(1, rect(-0.5f, -0.5f, -0.1f, -0.1f)); // cell (-1, -1), right next to the origin
    grid.set(2, rect(0.1f, 0.1f, 0.5f, 0.5f));     // cell (0, 0)
    grid.set(3, rect(-150, -250, -120, -210));
    grid.set(4, rect(-10, -10, 10, 10)); // four cells around the origin

    EXPECT_EQ(in_rect(grid, rect(-0.6f, -0.6f, -0.05f, -0.05f)), (Ids{1, 4}));
    EXPECT_EQ(in_rect(grid, rect(-1000, -1000, -100, -100)), Ids{3});
    EXPECT_EQ(at_point(grid, {-130, -230}), Ids{3});
    EXPECT_EQ(at_point(grid, {-0.3f, -0.3f}), (Ids{1, 4}));
    EXPECT_EQ(in_circle(grid, {0, 0}, 0.2f), (Ids{1, 2, 4})); // corners of 1 and 2 are 0.14 away

    grid.set(3, rect(120, 210, 150, 250)); // mirrored into positive cells
    EXPECT_EQ(in_rect(grid, rect(-1000, -1000, -100, -100)), Ids{});
    EXPECT_EQ(at_point(grid, {130, 230}), Ids{3});
}

TEST(SpatialGrid, EdgesOnCellBoundariesAreInclusive) {
    SpatialGrid grid(100.0f);
    grid.set(1, rect(0, 0, 100, 100));         // max on a cell boundary
    grid.set(2, rect(100, 0, 200, 100));       // min on the same boundary
    grid.set(3, rect(200, 200, 200, 200));     // a point on a cell corner
    grid.set(4, rect(-100, -100, -100, -100)); // a point on a negative cell corner

    EXPECT_EQ(at_point(grid, {100, 50}), (Ids{1, 2}));
    EXPECT_EQ(at_point(grid, {100, 100}), (Ids{1, 2}));
    EXPECT_EQ(in_rect(grid, rect(100, 100, 100, 100)), (Ids{1, 2}));
    EXPECT_EQ(in_rect(grid, rect(150, 100, 199.99f, 150)), Ids{2});
    EXPECT_EQ(at_point(grid, {200, 200}), Ids{3});
    EXPECT_EQ(in_rect(grid, rect(200, 200, 300, 300)), Ids{3});
    EXPECT_EQ(in_rect(grid, rect(200.01f, 200, 300, 300)), Ids{});
    EXPECT_EQ(in_rect(grid, rect(-300, -300, -100, -100)), Ids{4});
    EXPECT_EQ(at_point(grid, {-100, -100}), Ids{4});
    EXPECT_EQ(in_circle(grid, {200, 300}, 100.0f), Ids{3}); // touches at exactly the radius
    EXPECT_EQ(in_circle(grid, {-50, 50}, 50.0f), Ids{1});
    EXPECT_EQ(in_circle(grid, {-50, 50}, 49.99f), Ids{});
}

TEST(SpatialGrid, ZeroSizeBoxesBehaveAsPoints) {
    SpatialGrid grid(16.0f);
    for (std::uint32_t i = 0; i < 10; ++i) {
        const float c = static_cast<float>(i) * 7.5f - 30.0f;
        grid.set(i, rect(c, -c, c, -c));
    }
    EXPECT_EQ(grid.size(), 10u);
    EXPECT_EQ(at_point(grid, {-30.0f, 30.0f}), Ids{0});
    EXPECT_EQ(at_point(grid, {15.0f, -15.0f}), Ids{6});
    EXPECT_EQ(at_point(grid, {15.0f, -15.01f}), Ids{});
    EXPECT_EQ(in_circle(grid, {0.0f, 0.0f}, 0.0f), Ids{4});
    EXPECT_EQ(in_rect(grid, rect(-1, -8, 8, 1)), (Ids{4, 5}));
}

TEST(SpatialGrid, BoxesSpanningManyCellsAreFoundWhereverTheyReach) {
    SpatialGrid grid(10.0f);
    grid.set(5, rect(-500, -500, 500, 500)); // 101 x 101 cells: kept aside
    grid.set(6, rect(0, 0, 79.9f, 79.9f));   // 8 x 8 = kMaxCellsPerBox cells: still in the grid
    grid.set(7, rect(0, 0, 649.9f, 5));      // 65 x 1 cells: just over the limit
    grid.set(8, rect(480, 480, 490, 490));

    EXPECT_EQ(at_point(grid, {-499, 499}), Ids{5});
    EXPECT_EQ(at_point(grid, {485, 485}), (Ids{5, 8}));
    EXPECT_EQ(at_point(grid, {40, 4}), (Ids{5, 6, 7}));
    EXPECT_EQ(at_point(grid, {600, 4}), Ids{7});
    EXPECT_EQ(at_point(grid, {501, 0}), Ids{7});
    EXPECT_EQ(in_rect(grid, rect(600, 600, 700, 700)), Ids{});
    EXPECT_EQ(in_circle(grid, {0, 0}, 1.0f), (Ids{5, 6, 7}));

    grid.set(5, rect(-1000, -1000, 1000, 1000)); // still oversized
    EXPECT_EQ(at_point(grid, {-999, -999}), Ids{5});
    grid.set(5, rect(-1, -1, 1, 1)); // now an ordinary box
    EXPECT_EQ(at_point(grid, {-999, -999}), Ids{});
    EXPECT_EQ(at_point(grid, {0, 0}), (Ids{5, 6, 7}));
    grid.set(6, rect(0, 0, 500, 500)); // ordinary -> oversized
    EXPECT_EQ(at_point(grid, {499, 499}), Ids{6});
    grid.remove(7);
    grid.remove(6);
    EXPECT_EQ(at_point(grid, {40, 4}), Ids{});
    EXPECT_EQ(grid.size(), 2u);
}

TEST(SpatialGrid, EachIdAppearsOnceInAscendingOrder) {
    SpatialGrid grid(10.0f);
    Ids expected;
    for (std::uint32_t id = 0; id <= 50; ++id)
        expected.push_back(id);
    for (std::uint32_t i = 0; i <= 50; ++i) { // descending ids, each box over several cells
        const std::uint32_t id = 50 - i;
        const float extent = 5.0f + static_cast<float>(id % 6) * 7.0f;
        grid.set(id, rect(-extent, -extent, extent, extent));
    }
    EXPECT_EQ(in_rect(grid, rect(-3, -3, 3, 3)), expected);
    EXPECT_EQ(in_rect(grid, rect(-100, -100, 100, 100)), expected);
    EXPECT_EQ(at_point(grid, {0, 0}), expected); // a corner shared by four cells
    EXPECT_EQ(in_circle(grid, {0, 0}, 4.0f), expected);
}

TEST(SpatialGrid, QueriesAppendAfterExistingContentsWithoutReorderingThem) {
    SpatialGrid grid(16.0f);
    for (std::uint32_t id = 0; id < 400; ++id) {
        const float x = static_cast<float>(id % 20) * 16.0f;
        const float y = static_cast<float>(id / 20) * 16.0f;
        grid.set(id, rect(x, y, x + 20.0f, y + 20.0f));
    }
    Ids out{99, 3, 42};
    grid.query_rect(rect(0, 0, 4, 4), out); // a few cells
    EXPECT_EQ(out, (Ids{99, 3, 42, 0}));
    grid.query_point({17, 17}, out);
    EXPECT_EQ(out, (Ids{99, 3, 42, 0, 0, 1, 20, 21}));

    Ids all{500, 1};
    grid.query_rect(rect(-1, -1, 1000, 1000), all); // the whole grid
    ASSERT_EQ(all.size(), 402u);
    EXPECT_EQ(all[0], 500u);
    EXPECT_EQ(all[1], 1u);
    for (std::size_t i = 2; i < all.size(); ++i)
        EXPECT_EQ(all[i], i - 2);
}

TEST(SpatialGrid, IdsFarApartAreAllKept) {
    SpatialGrid grid(64.0f);
    grid.set(1'000'000, rect(0, 0, 1, 1));
    grid.set(0, rect(2, 2, 3, 3));
    grid.set(5, rect(4, 4, 5, 5));
    EXPECT_EQ(grid.size(), 3u);
    EXPECT_TRUE(grid.contains(1'000'000));
    EXPECT_FALSE(grid.contains(999'999));
    EXPECT_FALSE(grid.contains(2'000'000));
    EXPECT_EQ(in_rect(grid, rect(0, 0, 10, 10)), (Ids{0, 5, 1'000'000}));
    EXPECT_EQ(in_circle(grid, {0, 0}, 1.0f), Ids{1'000'000});
    grid.remove(1'000'000);
    EXPECT_EQ(in_rect(grid, rect(0, 0, 10, 10)), (Ids{0, 5}));
}

// ---- hostile input ----

TEST(SpatialGrid, BoxWithANanCoordinateIsNotInsertedAndRemovesTheId) {
    SpatialGrid grid(64.0f);
    grid.set(1, rect(kNan, 0, 10, 10));
    EXPECT_FALSE(grid.contains(1));
    EXPECT_EQ(grid.size(), 0u);

    grid.set(2, rect(0, 0, 10, 10));
    grid.set(3, rect(5, 5, 20, 20));
    grid.set(2, rect(0, 0, 10, kNan));
    EXPECT_FALSE(grid.contains(2));
    EXPECT_EQ(grid.size(), 1u);
    EXPECT_EQ(in_rect(grid, rect(0, 0, 100, 100)), Ids{3});

    grid.set(3, rect(kNan, kNan, kNan, kNan));
    EXPECT_EQ(grid.size(), 0u);
    grid.set(3, rect(5, 5, 20, 20)); // a valid box inserts it again
    EXPECT_EQ(at_point(grid, {6, 6}), Ids{3});
}

TEST(SpatialGrid, QueriesWithNanMatchNothing) {
    SpatialGrid grid(64.0f);
    grid.set(1, rect(-10, -10, 10, 10));
    grid.set(2, rect(-1e6f, -1e6f, 1e6f, 1e6f));
    EXPECT_EQ(in_rect(grid, rect(kNan, 0, 1, 1)), Ids{});
    EXPECT_EQ(in_rect(grid, rect(kNan, kNan, kNan, kNan)), Ids{});
    EXPECT_EQ(at_point(grid, {kNan, 0}), Ids{});
    EXPECT_EQ(in_circle(grid, {0, kNan}, 5.0f), Ids{});
    EXPECT_EQ(in_circle(grid, {0, 0}, kNan), Ids{});
    EXPECT_EQ(in_circle(grid, {kNan, 0}, kInf), Ids{});
}

TEST(SpatialGrid, HugeAndInfiniteCoordinatesAreHandledExactly) {
    SpatialGrid grid(16.0f);
    grid.set(1, rect(1e30f, 1e30f, 1e30f, 1e30f));
    grid.set(2, rect(1e31f, 1e31f, 2e31f, 2e31f)); // clamps to the same cell as 1
    grid.set(3, rect(-kMaxFloat, -kMaxFloat, -3e38f, -3e38f));
    grid.set(4, rect(kInf, kInf, kInf, kInf));
    grid.set(5, rect(-kInf, -kInf, kInf, kInf)); // everywhere
    grid.set(6, rect(0, 0, kInf, 1));            // a ray along +x
    grid.set(7, rect(3e9f, -3e9f, 3e9f, -3e9f)); // just past int32 in world units, cell 1.9e8
    EXPECT_EQ(grid.size(), 7u);

    EXPECT_EQ(at_point(grid, {1e30f, 1e30f}), (Ids{1, 5}));
    EXPECT_EQ(at_point(grid, {1.5e31f, 1.5e31f}), (Ids{2, 5}));
    EXPECT_EQ(at_point(grid, {2e30f, 2e30f}), Ids{5});
    EXPECT_EQ(at_point(grid, {-3e38f, -3e38f}), (Ids{3, 5}));
    EXPECT_EQ(at_point(grid, {kInf, kInf}), (Ids{4, 5}));
    EXPECT_EQ(at_point(grid, {kInf, 0.5f}), (Ids{5, 6}));
    EXPECT_EQ(at_point(grid, {3e9f, -3e9f}), (Ids{5, 7}));
    EXPECT_EQ(at_point(grid, {0, 0}), (Ids{5, 6}));
    EXPECT_EQ(in_rect(grid, rect(-kInf, -kInf, kInf, kInf)), (Ids{1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(in_rect(grid, rect(-kMaxFloat, -kMaxFloat, kMaxFloat, kMaxFloat)),
              (Ids{1, 2, 3, 5, 6, 7}));
    EXPECT_EQ(in_rect(grid, rect(5e29f, 5e29f, 5e30f, 5e30f)), (Ids{1, 5}));
    EXPECT_EQ(in_circle(grid, {0, 0}, kInf), (Ids{1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(in_circle(grid, {1e30f, 1e30f}, 1e18f), (Ids{1, 5}));
    // A radius whose square overflows touches everything, as circle_overlaps_rect decides.
    EXPECT_EQ(in_circle(grid, {1e30f, 1e30f}, 1e20f), (Ids{1, 2, 3, 4, 5, 6, 7}));

    for (std::uint32_t id = 1; id <= 7; ++id)
        grid.remove(id);
    EXPECT_EQ(grid.size(), 0u);
    EXPECT_EQ(in_rect(grid, rect(-kInf, -kInf, kInf, kInf)), Ids{});
}

TEST(SpatialGrid, CircleFindsABoxThatOnlyRoundingBringsWithinReach) {
    SpatialGrid grid(8388608.0f);            // 2^23, so the circle below spans 5 x 5 cells
    grid.set(1, rect(-1e-4f, 0, -1e-4f, 0)); // just left of the cell boundary at x = 0
    // 2^24 + 1e-4 rounds to 2^24 = the radius, so circle_overlaps_rect accepts the box although
    // center.x - radius is exactly 0, in the cell to its right.
    ASSERT_TRUE(circle_overlaps_rect({16777216.0f, 0}, 16777216.0f, grid.box(1)));
    EXPECT_EQ(in_circle(grid, {16777216.0f, 0}, 16777216.0f), Ids{1});
}

TEST(SpatialGrid, ClearRemovesEverythingAndKeepsTheCellSize) {
    SpatialGrid grid(24.0f);
    for (std::uint32_t id = 0; id < 100; ++id) {
        const float x = static_cast<float>(id) * 10.0f;
        grid.set(id, rect(x, 0, x + 5.0f, 5.0f));
    }
    grid.set(200, rect(-1e5f, -1e5f, 1e5f, 1e5f));
    grid.clear();
    EXPECT_EQ(grid.size(), 0u);
    EXPECT_EQ(grid.cell_size(), 24.0f);
    EXPECT_FALSE(grid.contains(0));
    EXPECT_FALSE(grid.contains(200));
    EXPECT_EQ(in_rect(grid, rect(-1e6f, -1e6f, 1e6f, 1e6f)), Ids{});
    EXPECT_EQ(at_point(grid, {2, 2}), Ids{});

    grid.set(3, rect(0, 0, 5, 5));
    EXPECT_EQ(in_rect(grid, rect(-1e6f, -1e6f, 1e6f, 1e6f)), Ids{3});
}

TEST(SpatialGrid, MemoryBytesGrowsWithContent) {
    SpatialGrid grid(32.0f);
    const std::size_t empty = grid.memory_bytes();
    for (std::uint32_t id = 0; id < 1000; ++id) {
        const float x = static_cast<float>(id % 40) * 40.0f;
        const float y = static_cast<float>(id / 40) * 40.0f;
        grid.set(id, rect(x, y, x + 8.0f, y + 8.0f));
    }
    const std::size_t some = grid.memory_bytes();
    EXPECT_GT(some, empty + 1000 * sizeof(Rect));
    for (std::uint32_t id = 1000; id < 20000; ++id) {
        const float x = static_cast<float>(id % 200) * 40.0f;
        const float y = static_cast<float>(id / 200) * 40.0f;
        grid.set(id, rect(x, y, x + 8.0f, y + 8.0f));
    }
    EXPECT_GT(grid.memory_bytes(), some + 19000 * sizeof(Rect));
}

TEST(SpatialGrid, MemoryFollowsTheContentNotTheAreaVisited) {
    SpatialGrid grid(10.0f);
    const auto place_all_at = [&grid](float offset) {
        for (std::uint32_t id = 0; id < 4000; ++id) { // one box per cell
            const float x = offset + static_cast<float>(id % 100) * 20.0f;
            const float y = static_cast<float>(id / 100) * 20.0f;
            grid.set(id, rect(x, y, x + 1.0f, y + 1.0f));
        }
    };
    place_all_at(0.0f);
    const std::size_t settled = grid.memory_bytes();
    for (int trip = 1; trip <= 20; ++trip)
        place_all_at(static_cast<float>(trip) * 5000.0f);
    EXPECT_LT(grid.memory_bytes(), 4 * settled); // 20 areas' worth of cells would be ~16x
    EXPECT_EQ(in_rect(grid, rect(0, 0, 2000, 2000)), Ids{});
    EXPECT_EQ(at_point(grid, {100000.5f, 0.5f}), Ids{0});
    EXPECT_EQ(grid.size(), 4000u);
}

// ---- against a brute-force scan ----

struct RandomWorld {
    float cell_size = 64.0f;
    float half_extent = 2000.0f; // boxes and queries mostly within +-half_extent
    std::uint32_t id_space = 4000;
    int boxes = 3000;
    int rounds = 300;
    int changes_per_round = 60;
    int queries_per_round = 10; // of each kind
    std::uint32_t seed = 1;
};

// Mirrors the grid with a plain table and compares every query with a scan of that table.
class BruteForceCheck {
public:
    explicit BruteForceCheck(const RandomWorld& world)
        : m_world(world), m_rng(world.seed), m_grid(world.cell_size), m_boxes(world.id_space) {}

    void run() {
        for (int i = 0; i < m_world.boxes; ++i)
            set(random_id(), random_box());
        for (int round = 0; round < m_world.rounds; ++round) {
            SCOPED_TRACE(::testing::Message() << "round " << round);
            for (int i = 0; i < m_world.changes_per_round; ++i)
                change();
            ASSERT_NO_FATAL_FAILURE(check_contents());
            for (int i = 0; i < m_world.queries_per_round; ++i) {
                ASSERT_NO_FATAL_FAILURE(check_rect(random_area()));
                ASSERT_NO_FATAL_FAILURE(check_point(random_point()));
                ASSERT_NO_FATAL_FAILURE(check_circle(random_point(), random_radius()));
            }
        }
    }

private:
    static constexpr std::uint32_t kSentinel = 0xDEADBEEF;

    float uniform(float lo, float hi) {
        return std::uniform_real_distribution<float>(lo, hi)(m_rng);
    }
    double fraction() { return std::uniform_real_distribution<double>(0.0, 1.0)(m_rng); }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }
    std::uint32_t random_id() {
        return std::uniform_int_distribution<std::uint32_t>(0, m_world.id_space - 1)(m_rng);
    }

    // A coordinate, often exactly on a cell or half-cell boundary so that edges touch.
    float coordinate() {
        const float h = m_world.half_extent;
        if (chance(0.25)) {
            const int steps = static_cast<int>(h / (m_world.cell_size * 0.5f));
            return static_cast<float>(std::uniform_int_distribution<int>(-steps, steps)(m_rng)) *
                   m_world.cell_size * 0.5f;
        }
        return uniform(-h, h);
    }

    // A length: zero, a fraction of a cell, a few cells (sometimes whole half-cells), or huge.
    float length(float few_cells, float huge) {
        const float c = m_world.cell_size;
        const double kind = fraction();
        if (kind < 0.15) return 0.0f;
        if (kind < 0.60) return uniform(0.0f, c);
        if (kind < 0.75)
            return static_cast<float>(std::uniform_int_distribution<int>(1, 8)(m_rng)) * c * 0.5f;
        if (kind < 0.96) return uniform(0.0f, few_cells * c);
        return uniform(0.0f, huge);
    }

    Rect sized_at(glm::vec2 min, float few_cells, float huge) {
        return Rect{min, min + glm::vec2(length(few_cells, huge), length(few_cells, huge))};
    }
    Rect random_box() { return sized_at({coordinate(), coordinate()}, 3.0f, m_world.half_extent); }
    Rect random_area() {
        return sized_at({coordinate(), coordinate()}, 12.0f, 3.0f * m_world.half_extent);
    }

    // Often a corner or edge point of a stored box, so that touching is exercised.
    glm::vec2 random_point() {
        if (chance(0.4)) {
            if (const std::optional<Rect>& b = m_boxes[random_id()]) {
                const glm::vec2 corner{chance(0.5) ? b->min.x : b->max.x,
                                       chance(0.5) ? b->min.y : b->max.y};
                return chance(0.5) ? corner : glm::vec2(corner.x, uniform(b->min.y, b->max.y));
            }
        }
        return {coordinate(), coordinate()};
    }
    float random_radius() { return chance(0.1) ? 0.0f : length(6.0f, m_world.half_extent); }

    void set(std::uint32_t id, const Rect& box) {
        m_grid.set(id, box);
        m_boxes[id] = box;
    }

    void change() {
        const std::uint32_t id = random_id();
        const double kind = fraction();
        if (kind < 0.2) {
            m_grid.remove(id);
            m_boxes[id].reset();
        } else if (kind < 0.6 && m_boxes[id]) {
            const glm::vec2 step{uniform(-3.0f, 3.0f), uniform(-3.0f, 3.0f)};
            set(id, Rect{m_boxes[id]->min + step, m_boxes[id]->max + step}); // a small move
        } else {
            set(id, random_box());
        }
    }

    void check_contents() {
        std::size_t count = 0;
        for (std::uint32_t id = 0; id < m_world.id_space; ++id) {
            ASSERT_EQ(m_grid.contains(id), m_boxes[id].has_value()) << "id " << id;
            if (!m_boxes[id]) continue;
            ++count;
            ASSERT_EQ(m_grid.box(id), *m_boxes[id]) << "id " << id;
        }
        ASSERT_EQ(m_grid.size(), count);
    }

    template <class Accept>
    Ids expected(Accept accept) const {
        Ids ids{kSentinel};
        for (std::uint32_t id = 0; id < m_world.id_space; ++id) {
            if (m_boxes[id] && accept(*m_boxes[id])) ids.push_back(id);
        }
        return ids;
    }

    void check_rect(const Rect& area) {
        Ids out{kSentinel};
        m_grid.query_rect(area, out);
        ASSERT_EQ(out, expected([&](const Rect& b) { return b.overlaps(area); }))
            << "rect (" << area.min.x << ", " << area.min.y << ") - (" << area.max.x << ", "
            << area.max.y << ")";
    }
    void check_point(glm::vec2 p) {
        Ids out{kSentinel};
        m_grid.query_point(p, out);
        ASSERT_EQ(out, expected([&](const Rect& b) { return b.contains(p); }))
            << "point (" << p.x << ", " << p.y << ")";
    }
    void check_circle(glm::vec2 c, float r) {
        Ids out{kSentinel};
        m_grid.query_circle(c, r, out);
        ASSERT_EQ(out, expected([&](const Rect& b) { return circle_overlaps_rect(c, r, b); }))
            << "circle (" << c.x << ", " << c.y << ") r " << r;
    }

    RandomWorld m_world;
    std::mt19937 m_rng;
    SpatialGrid m_grid;
    std::vector<std::optional<Rect>> m_boxes; // by id; the truth
};

TEST(SpatialGrid, MatchesABruteForceScanOnRandomBoxesMovesAndRemovals) {
    BruteForceCheck(RandomWorld{}).run();
}

TEST(SpatialGrid, MatchesABruteForceScanWithSmallCellsAndManyOversizedBoxes) {
    RandomWorld world;
    world.cell_size = 7.5f; // not a power of two: cell edges are rounded
    world.half_extent = 600.0f;
    world.id_space = 2500;
    world.boxes = 2000;
    world.seed = 2;
    BruteForceCheck(world).run();
}

TEST(SpatialGrid, MatchesABruteForceScanWithSparseIdsAndLargeCells) {
    RandomWorld world;
    world.cell_size = 512.0f;
    world.half_extent = 20000.0f;
    world.id_space = 20000;
    world.boxes = 1500;
    world.rounds = 150;
    world.seed = 3;
    BruteForceCheck(world).run();
}

// The grid stamps each id it has looked at during a query; stamps wrap around after enough
// queries. This runs past several wraps, with gaps of every length around 2^16 between two looks
// at the same id, which would expose a stale stamp mistaken for the current one.
TEST(SpatialGrid, QueriesStayCorrectWhenTheQueryStampWrapsAround) {
    SpatialGrid grid(10.0f);
    // Enough boxes elsewhere that small queries probe cells rather than scan every box.
    for (std::uint32_t id = 2; id < 1000; ++id) {
        const float x = 1000.0f + static_cast<float>(id % 32) * 20.0f;
        const float y = 1000.0f + static_cast<float>(id / 32) * 20.0f;
        grid.set(id, rect(x, y, x + 5.0f, y + 5.0f));
    }
    grid.set(0, rect(0, 0, 15, 15)); // four cells
    grid.set(1, rect(100, 100, 115, 115));
    Ids out;
    for (std::uint32_t gap = 65530; gap <= 65541; ++gap) {
        out.clear();
        grid.query_rect(rect(0, 0, 20, 20), out);
        ASSERT_EQ(out, Ids{0}) << "gap " << gap;
        for (std::uint32_t i = 0; i < gap; ++i) {
            out.clear();
            grid.query_rect(rect(105, 105, 106, 106), out);
            ASSERT_EQ(out, Ids{1}) << "gap " << gap << ", query " << i;
        }
    }
}

// ---- broken preconditions ----

TEST(SpatialGridDeathTest, InvertedBoxAssertsAndIsNeverInserted) {
    SpatialGrid grid(64.0f);
    EXPECT_DEBUG_DEATH(grid.set(1, rect(10, 0, 0, 10)), "min must be <= box.max");
    EXPECT_FALSE(grid.contains(1));
}

TEST(SpatialGridDeathTest, InvertedQueryAreaAssertsAndMatchesNothing) {
    SpatialGrid grid(64.0f);
    grid.set(1, rect(0, 0, 10, 10));
    Ids out;
    EXPECT_DEBUG_DEATH(grid.query_rect(rect(5, 0, 4, 10), out), "min must be <= max");
    EXPECT_TRUE(out.empty());
}

#ifndef NDEBUG
TEST(SpatialGridDeathTest, BoxOfAnAbsentIdAsserts) {
    SpatialGrid grid(64.0f);
    grid.set(1, rect(0, 0, 10, 10));
    grid.remove(1);
    EXPECT_DEATH((void)grid.box(1), "not in the grid");
    EXPECT_DEATH((void)grid.box(5), "not in the grid");
}
#endif

} // namespace
} // namespace diorama
