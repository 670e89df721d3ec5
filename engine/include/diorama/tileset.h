#pragma once
// A tileset: an image cut into equal tiles, numbered from 1 left to right, top to bottom, and
// what each tile is for the game (solid, one-way, key/values). Tile maps name one by path; the
// project's tilesets are every NAME.tileset.json under its tileset folder.
//
//   { "format": "diorama.tileset", "version": 1, "image": "sprites/ground.png",
//     "tile_size": [16, 16], "columns": 4, "count": 8,
//     "tiles": { "1": { "solid": true }, "5": { "one_way": true, "properties": { "kind": "ledge" }
//     } } }

#include "diorama/diagnostics.h"
#include "diorama/json_io.h"
#include "diorama/properties.h"
#include "diorama/reflection.h"
#include "diorama/result.h"
#include "diorama/tile_grid.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

struct Project;

// What one tile is for the game.
struct TileInfo {
    bool solid = false;   // blocks movers from every side
    bool one_way = false; // blocks only from above (a ledge to jump up through)
    PropertyMap properties;

    friend bool operator==(const TileInfo&, const TileInfo&) = default;
};

// The tileset file's own fields.
struct TilesetImage {
    std::string image;          // asset path of the image
    glm::vec2 tile_size{16.0f}; // pixels of one tile in the image
    std::int32_t columns = 1;   // tiles per row of the image
    std::int32_t count = 1;     // tiles in the set, numbered 1..count
};

struct Tileset : TilesetImage {
    std::string path;            // project-relative path of the file
    std::vector<TileInfo> tiles; // count entries: tiles[n - 1] is tile n

    // Tile n's info; nullptr for 0 (empty) and past count.
    [[nodiscard]] const TileInfo* tile(TileId n) const {
        return n == 0 || n > tiles.size() ? nullptr : &tiles[n - 1u];
    }
    // Whether tile n blocks from every side.
    [[nodiscard]] bool solid(TileId n) const {
        const TileInfo* t = tile(n);
        return t != nullptr && t->solid;
    }
};

template <>
TypeInfo describe<TileInfo>();
template <>
TypeInfo describe<TilesetImage>();

// The most tiles a set may have (the tile number is 16 bits; 0 is the empty cell).
inline constexpr std::int32_t kMaxTilesetTiles = 65535;

// Parses a tileset file's text; `path` is its project-relative path, named in messages with the
// JSON path of each problem. Fails when any problem is an error.
[[nodiscard]] Result<Tileset> parse_tileset(std::string_view text, std::string_view path,
                                            const Project& project, Diagnostics& diagnostics);
// Reads and parses the tileset at a project-relative path.
[[nodiscard]] Result<Tileset> load_tileset(const Project& project, std::string_view path,
                                           Diagnostics& diagnostics);
// The tileset file's JSON (tiles with only default values left out).
[[nodiscard]] Result<Json> tileset_to_json(const Tileset& tileset);

// The project's tilesets, by path.
class TilesetLibrary {
public:
    // Loads every *.tileset.json under the project's tileset folder. Problems go to
    // diagnostics; tilesets with errors are left out.
    void load_folder(const Project& project, Diagnostics& diagnostics);
    // Adds (or replaces, by path) a tileset.
    const Tileset& add(Tileset tileset);
    // By project-relative path; nullptr when absent.
    [[nodiscard]] const Tileset* find(std::string_view path) const;
    [[nodiscard]] const std::vector<std::unique_ptr<Tileset>>& all() const { return m_tilesets; }
    // Changes with every add() (and so every load_folder()) to a number no library had before
    // (0 until the first add): a drawing of tile maps made at one revision shows the tilesets as
    // they are while it stays the same.
    [[nodiscard]] std::uint64_t revision() const { return m_revision; }

private:
    std::vector<std::unique_ptr<Tileset>> m_tilesets; // sorted by path
    std::uint64_t m_revision = 0;
};

} // namespace diorama
