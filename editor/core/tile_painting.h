#pragma once
// Tile painting: what each tool of the editor's tile mode changes in one layer of a TileMap's
// grid, as a list of cell changes (only cells inside the grid whose tile changes). The session
// applies such a list as one undo step (PaintTilesCommand); a stroke's lists merge into one.
//
//   brush      the stamp with its top-left cell at the cursor, along the line the cursor moved
//   erase      a brush of empty cells
//   rectangle  the stamp repeated over a rectangle of cells (any two corners)
//   fill       the stamp repeated over the 4-connected cells of the clicked cell's tile
//   pick       the stamp becomes the tiles of a rectangle of cells (the eyedropper)

#include "diorama/tile_grid.h"
#include "diorama/tile_map.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace diorama::editor {

enum class TileTool { Brush, Erase, Rectangle, Fill, Pick };

// "brush", "erase", "rectangle", "fill", "pick" (script and UI names).
[[nodiscard]] const char* to_string(TileTool tool);
// The tool a name gives, or nothing.
[[nodiscard]] std::optional<TileTool> tile_tool_named(std::string_view name);

// A block of tiles painted at once (one tile, or several picked from the palette or the map).
// A 0 in it paints an empty cell.
struct TileStamp {
    std::int32_t width = 1;
    std::int32_t height = 1;
    std::vector<TileId> tiles{1}; // width * height, row-major, row 0 on top

    // The stamp's tile for grid cell (x, y) when the stamp is repeated from origin.
    [[nodiscard]] TileId tiled(TileCell origin, std::int32_t x, std::int32_t y) const;
    // One tile.
    [[nodiscard]] static TileStamp single(TileId tile) { return TileStamp{1, 1, {tile}}; }
    friend bool operator==(const TileStamp&, const TileStamp&) = default;
};

// One cell's change in a layer.
struct TileChange {
    std::int32_t x = 0;
    std::int32_t y = 0;
    TileId before = 0;
    TileId after = 0;
    friend bool operator==(const TileChange&, const TileChange&) = default;
};

// The cells of the straight line from a to b, both included, each step to a neighbour
// (including diagonals): a fast drag paints without gaps.
[[nodiscard]] std::vector<TileCell> cell_line(TileCell a, TileCell b);

// Appends the changes of painting the stamp with its top-left cell at `at`.
void stamp_changes(const TileGrid& grid, std::size_t layer, TileCell at, const TileStamp& stamp,
                   std::vector<TileChange>& out);
// Appends the changes of the stamp repeated over the rectangle with corners a and b (clipped to
// the grid), repeated from its top-left corner.
void rectangle_changes(const TileGrid& grid, std::size_t layer, TileCell a, TileCell b,
                       const TileStamp& stamp, std::vector<TileChange>& out);
// Appends the changes of the stamp repeated (from `from`) over the cells 4-connected to `from`
// that hold the same tile as it. Nothing when `from` is outside the grid.
void fill_changes(const TileGrid& grid, std::size_t layer, TileCell from, const TileStamp& stamp,
                  std::vector<TileChange>& out);
// The tiles of the rectangle with corners a and b (cells outside the grid read as empty).
[[nodiscard]] TileStamp pick_stamp(const TileGrid& grid, std::size_t layer, TileCell a, TileCell b);

} // namespace diorama::editor
