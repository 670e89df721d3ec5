#pragma once
// Questions about the World's tile maps (TileMap in components.h): which cell is under a point,
// where a cell is, and the solid tiles near an area as merged boxes for movers to collide with.

#include "diorama/components.h"
#include "diorama/geometry.h"
#include "diorama/handle.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace diorama {

class World;
class TilesetLibrary;

// A cell of a tile map: column x (rightwards), row y (downwards).
struct TileCell {
    std::int32_t x = 0;
    std::int32_t y = 0;
    friend bool operator==(const TileCell&, const TileCell&) = default;
};

// The cell of the map's object under a world point, also outside the grid (the grid holds it
// when map.tiles.contains(x, y)); nullopt for a stale handle, an object without a TileMap or a
// transform that cannot be inverted.
[[nodiscard]] std::optional<TileCell> tile_cell_at(const World& world, Handle map,
                                                   glm::vec2 world_point);

// The world box of a cell of the map's object (for a turned map, the box around the turned
// cell).
[[nodiscard]] Rect tile_cell_rect(const World& world, Handle map, TileCell cell);

// Solid tiles as one box.
struct TileSolid {
    Rect rect;            // world units
    Handle map;           // the tile map's object
    bool one_way = false; // blocks only from above
};

// Appends the solid and one-way tiles of every tile map the spatial index finds overlapping
// area, in slot order, each row's neighbouring tiles of one kind merged into one box, clipped to
// the cells that overlap area. Tiles whose tileset is not in world.tilesets() are not solid. A
// turned map gives the boxes around its turned runs.
void tile_solids(const World& world, const Rect& area, std::vector<TileSolid>& out);

// A tile map that does not fit its tileset.
struct TileMapProblem {
    std::string message;
    std::string path; // JSON path below the TileMap: "tileset" or "tiles.layers[L].rows[Y]"
};

// What is wrong with a map against the project's tilesets: a tileset that is not there, cells
// past the set's tiles (the first in each row; at most kMaxTileMapProblems rows, the last saying
// how many more). Empty when the map names no tileset and has no tiles.
[[nodiscard]] std::vector<TileMapProblem> tile_map_problems(const TileMap& map,
                                                            const TilesetLibrary& tilesets);
inline constexpr std::size_t kMaxTileMapProblems = 20;

} // namespace diorama
