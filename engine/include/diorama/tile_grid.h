#pragma once
// The cells of a tile map: a width x height grid per layer, each cell a tile number (0 empty,
// n the tileset's tile n, counted from 1). Row 0 is the top row. A value type: TileMap's `tiles`
// field carries one, and save/load, undo and the state hash treat it like any field value.
//
// In files each layer is a list of rows, each row run-length text read left to right:
//   "0*3 4 4 5*10"   three empty cells, two of tile 4, ten of tile 5, the rest of the row empty
// Cells left off the end of a row are empty; "" is an empty row.

#include "diorama/result.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

// A tile number: 0 is an empty cell.
using TileId = std::uint16_t;

// One layer of cells, drawn in layer order (later on top).
struct TileLayer {
    std::string name;
    std::vector<TileId> cells; // width * height, row-major, row 0 at the top

    friend bool operator==(const TileLayer&, const TileLayer&) = default;
};

// The limits a grid stays within (what a file may ask for).
inline constexpr std::int32_t kMaxTileGridSide = 8192;
inline constexpr std::int32_t kMaxTileLayers = 16;

struct TileGrid {
    std::int32_t width = 0;  // cells
    std::int32_t height = 0; // cells
    std::vector<TileLayer> layers;

    // Whether (x, y) is a cell of the grid.
    [[nodiscard]] bool contains(std::int32_t x, std::int32_t y) const {
        return x >= 0 && y >= 0 && x < width && y < height;
    }
    // The tile at (x, y) of a layer; 0 outside the grid or past the layers.
    [[nodiscard]] TileId at(std::size_t layer, std::int32_t x, std::int32_t y) const;
    // Sets the cell (x, y) of a layer; false (and nothing changes) outside the grid.
    bool set(std::size_t layer, std::int32_t x, std::int32_t y, TileId tile);
    // Resizes every layer to w x h, keeping each cell that is still inside (anchored at the top
    // left); fails past kMaxTileGridSide or for a negative side.
    Result<void> resize(std::int32_t w, std::int32_t h);
    // Adds an empty layer at the end; fails past kMaxTileLayers.
    Result<void> add_layer(std::string name);
    // The highest tile number used in any cell (0 for an empty grid).
    [[nodiscard]] TileId highest_tile() const;

    friend bool operator==(const TileGrid&, const TileGrid&) = default;
};

// A w x h grid (within the limits) with one empty layer of this name.
[[nodiscard]] TileGrid empty_tile_grid(std::int32_t w, std::int32_t h, std::string layer_name);

// The run-length text of row y of a layer (trailing empty cells left off).
[[nodiscard]] std::string tile_row_text(const TileGrid& grid, std::size_t layer, std::int32_t y);

// Reads run-length row text into `row` (one row's cells, already zeroed). Fails with a message
// naming the token when the text is not tokens of `N` or `N*COUNT` (N 0..65535, COUNT >= 1)
// separated by spaces, or when it holds more cells than the row.
Result<void> read_tile_row(std::string_view text, std::span<TileId> row);

} // namespace diorama
