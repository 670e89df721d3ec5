// Tile painting: what each tool changes in a grid, and strokes through the session as one undo
// step each that restores the state hash exactly.

#include "core/editor_session.h"
#include "core/paint_tiles_command.h"
#include "core/tile_painting.h"

#include "bounce_copy.h"

#include "diorama/state_hash.h"

#include <gtest/gtest.h>

namespace diorama::editor {
namespace {

using test::BounceCopy;

// The grid's layer 0 as rows of digits (row 0 first), for readable expectations.
std::vector<std::string> rows_of(const TileGrid& g, std::size_t layer = 0) {
    std::vector<std::string> out;
    for (std::int32_t y = 0; y < g.height; ++y) {
        std::string row;
        for (std::int32_t x = 0; x < g.width; ++x)
            row += static_cast<char>('0' + g.at(layer, x, y) % 10);
        out.push_back(row);
    }
    return out;
}

void apply_changes(TileGrid& g, const std::vector<TileChange>& changes) {
    for (const TileChange& c : changes)
        g.set(0, c.x, c.y, c.after);
}

TEST(TilePainting, ALineStepsThroughEveryCellWithoutGaps) {
    const std::vector<TileCell> line = cell_line({0, 0}, {4, 2});
    ASSERT_EQ(line.size(), 5u);
    EXPECT_EQ(line.front(), (TileCell{0, 0}));
    EXPECT_EQ(line.back(), (TileCell{4, 2}));
    for (std::size_t i = 1; i < line.size(); ++i) {
        EXPECT_LE(std::abs(line[i].x - line[i - 1].x), 1);
        EXPECT_LE(std::abs(line[i].y - line[i - 1].y), 1);
    }
    EXPECT_EQ(cell_line({3, 3}, {3, 3}).size(), 1u);
    EXPECT_EQ(cell_line({5, 0}, {0, 0}).size(), 6u);
}

TEST(TilePainting, AStampChangesOnlyCellsInsideThatDiffer) {
    TileGrid g = empty_tile_grid(4, 3, "main");
    g.set(0, 1, 1, 2);
    std::vector<TileChange> changes;
    stamp_changes(g, 0, {1, 1}, TileStamp{2, 2, {2, 3, 4, 5}}, changes);
    // (1, 1) already holds 2.
    ASSERT_EQ(changes.size(), 3u);
    EXPECT_EQ(changes[0], (TileChange{2, 1, 0, 3}));
    changes.clear();
    stamp_changes(g, 0, {3, 2}, TileStamp{2, 2, {7, 7, 7, 7}}, changes); // hangs off the corner
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0], (TileChange{3, 2, 0, 7}));
}

TEST(TilePainting, ARectangleRepeatsTheStampFromItsTopLeftFromAnyCorners) {
    TileGrid g = empty_tile_grid(6, 4, "main");
    std::vector<TileChange> changes;
    rectangle_changes(g, 0, {4, 2}, {1, 0}, TileStamp{2, 1, {1, 2}}, changes);
    apply_changes(g, changes);
    EXPECT_EQ(rows_of(g), (std::vector<std::string>{"012120", "012120", "012120", "000000"}));
    changes.clear();
    rectangle_changes(g, 0, {-5, -5}, {100, 0}, TileStamp::single(9), changes); // clipped
    EXPECT_EQ(changes.size(), 6u);
}

TEST(TilePainting, AFillTakesTheConnectedCellsOfTheClickedTileOnly) {
    TileGrid g = empty_tile_grid(5, 4, "main");
    // A wall of 1s splits the grid; the right part is not connected to (0, 0).
    for (std::int32_t y = 0; y < 4; ++y)
        g.set(0, 2, y, 1);
    std::vector<TileChange> changes;
    fill_changes(g, 0, {0, 0}, TileStamp::single(3), changes);
    EXPECT_EQ(changes.size(), 8u);
    apply_changes(g, changes);
    EXPECT_EQ(rows_of(g), (std::vector<std::string>{"33100", "33100", "33100", "33100"}));
    changes.clear();
    fill_changes(g, 0, {2, 0}, TileStamp::single(4), changes); // the wall itself
    EXPECT_EQ(changes.size(), 4u);
    changes.clear();
    fill_changes(g, 0, {9, 9}, TileStamp::single(4), changes);
    EXPECT_TRUE(changes.empty());

    // A whole 1,000 x 1,000 layer fills (no recursion to run out of stack).
    TileGrid big = empty_tile_grid(1000, 1000, "main");
    changes.clear();
    fill_changes(big, 0, {500, 500}, TileStamp::single(1), changes);
    EXPECT_EQ(changes.size(), 1'000'000u);
}

TEST(TilePainting, PickingReadsARectangleIntoAStamp) {
    TileGrid g = empty_tile_grid(4, 4, "main");
    g.set(0, 1, 1, 5);
    g.set(0, 2, 2, 6);
    const TileStamp s = pick_stamp(g, 0, {2, 2}, {1, 1});
    EXPECT_EQ(s, (TileStamp{2, 2, {5, 0, 0, 6}}));
    EXPECT_EQ(pick_stamp(g, 0, {3, 3}, {4, 4}), (TileStamp{2, 2, {0, 0, 0, 0}}));
}

TEST(TilePainting, ToolsHaveNamesBothWays) {
    for (TileTool t :
         {TileTool::Brush, TileTool::Erase, TileTool::Rectangle, TileTool::Fill, TileTool::Pick})
        EXPECT_EQ(tile_tool_named(to_string(t)), t);
    EXPECT_EQ(tile_tool_named("spray"), std::nullopt);
}

// ---- through the session ----

class TilePaintingSession : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(session.open_project(copy.path()));
        auto made = session.create_object("Ground", glm::vec2(0.0f));
        ASSERT_TRUE(made);
        map = session.world().guid(*made);
        ASSERT_TRUE(session.add_component(map, "TileMap"));
    }
    const TileGrid& grid() const {
        return session.world().get<TileMap>(session.world().find(map))->tiles;
    }
    // One frame of a brush stroke at a cell (what the viewport sends while dragging).
    void brush(TileCell at, TileId tile, std::uint64_t stroke) {
        std::vector<TileChange> changes;
        stamp_changes(grid(), 0, at, TileStamp::single(tile), changes);
        ASSERT_TRUE(session.paint_tiles(map, 0, std::move(changes), "Paint Tiles", stroke));
    }

    BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
    Guid map{};
};

TEST_F(TilePaintingSession, AStrokeOfManyFramesIsOneUndoStepThatRestoresTheHash) {
    const std::uint64_t before = state_hash(session.world());
    for (std::int32_t x = 0; x < 10; ++x)
        brush({x, 3}, 2, 77);
    brush({4, 3}, 5, 77); // over a cell painted earlier in the stroke
    session.end_merge();
    EXPECT_EQ(grid().at(0, 0, 3), 2);
    EXPECT_EQ(grid().at(0, 4, 3), 5);
    ASSERT_NE(session.history().undo_command(), nullptr);
    EXPECT_EQ(session.history().undo_command()->label(), "Paint Tiles");
    const auto* command = dynamic_cast<const PaintTilesCommand*>(session.history().undo_command());
    ASSERT_NE(command, nullptr);
    EXPECT_EQ(command->changes().size(), 10u);
    EXPECT_TRUE(session.dirty());

    ASSERT_TRUE(session.undo());
    EXPECT_EQ(state_hash(session.world()), before);
    ASSERT_TRUE(session.redo());
    EXPECT_EQ(grid().at(0, 4, 3), 5);
    EXPECT_EQ(grid().at(0, 9, 3), 2);
}

TEST_F(TilePaintingSession, TwoStrokesAreTwoStepsAndAFillIsOne) {
    brush({0, 0}, 1, 1);
    session.end_merge();
    brush({1, 0}, 1, 2);
    session.end_merge();
    std::vector<TileChange> fill;
    fill_changes(grid(), 0, {5, 5}, TileStamp::single(3), fill);
    ASSERT_TRUE(session.paint_tiles(map, 0, std::move(fill), "Fill Tiles"));
    EXPECT_EQ(grid().at(0, 15, 15), 3);
    EXPECT_EQ(grid().at(0, 0, 0), 1);
    ASSERT_TRUE(session.undo()); // the fill
    EXPECT_EQ(grid().at(0, 15, 15), 0);
    EXPECT_EQ(grid().at(0, 1, 0), 1);
    ASSERT_TRUE(session.undo()); // the second stroke
    EXPECT_EQ(grid().at(0, 1, 0), 0);
    EXPECT_EQ(grid().at(0, 0, 0), 1);
}

TEST_F(TilePaintingSession, PaintingAMapThatIsGoneFailsAndChangesNothing) {
    EXPECT_FALSE(session.paint_tiles(Guid{0x1234}, 0, {TileChange{0, 0, 0, 1}}, "Paint Tiles"));
    EXPECT_FALSE(session.paint_tiles(map, 3, {TileChange{0, 0, 0, 1}}, "Paint Tiles"));
    EXPECT_FALSE(session.paint_tiles(map, 0, {TileChange{99, 0, 0, 1}}, "Paint Tiles"));
    EXPECT_EQ(grid().highest_tile(), 0);
}

} // namespace
} // namespace diorama::editor
