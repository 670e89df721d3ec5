#include "diorama/tile_map.h"

#include "diorama/tileset.h"
#include "diorama/world.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include "diorama/json_io.h"

#include <algorithm>
#include <cmath>

namespace diorama {

namespace {

// The local box of the cells [x0, x1) of row y.
Rect local_run(const TileMap& map, std::int32_t x0, std::int32_t x1, std::int32_t y) {
    const glm::vec2 c = map.cell_size;
    return Rect{glm::vec2(static_cast<float>(x0) * c.x, -static_cast<float>(y + 1) * c.y),
                glm::vec2(static_cast<float>(x1) * c.x, -static_cast<float>(y) * c.y)};
}

Rect to_world(const glm::mat3& m, const Rect& local) {
    return detail::transformed_box(m, local.center(), local.size() * 0.5f);
}

// The cell range [lo, hi) along one axis that a local interval [a, b] overlaps.
void cell_range(float a, float b, float cell, std::int32_t count, std::int32_t& lo,
                std::int32_t& hi) {
    const float first = std::floor(a / cell);
    const float last = std::floor(b / cell) + 1.0f;
    lo = static_cast<std::int32_t>(std::clamp(first, 0.0f, static_cast<float>(count)));
    hi = static_cast<std::int32_t>(std::clamp(last, 0.0f, static_cast<float>(count)));
}

enum class Block : std::uint8_t { None, Solid, OneWay };

Block block_of(const Tileset& set, TileId tile) {
    const TileInfo* info = set.tile(tile);
    if (info == nullptr) return Block::None;
    if (info->solid) return Block::Solid;
    return info->one_way ? Block::OneWay : Block::None;
}

} // namespace

std::optional<TileCell> tile_cell_at(const World& world, Handle map, glm::vec2 world_point) {
    const TileMap* tiles = world.get<TileMap>(map);
    if (tiles == nullptr || tiles->cell_size.x <= 0.0f || tiles->cell_size.y <= 0.0f)
        return std::nullopt;
    const glm::mat3 m = world.world_matrix(map);
    const float det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
    if (!std::isfinite(det) || std::abs(det) < 1e-12f) return std::nullopt;
    const glm::vec2 local = glm::vec2(glm::inverse(m) * glm::vec3(world_point, 1.0f));
    return TileCell{static_cast<std::int32_t>(std::floor(local.x / tiles->cell_size.x)),
                    static_cast<std::int32_t>(std::floor(-local.y / tiles->cell_size.y))};
}

Rect tile_cell_rect(const World& world, Handle map, TileCell cell) {
    const TileMap* tiles = world.get<TileMap>(map);
    if (tiles == nullptr) return Rect{};
    return to_world(world.world_matrix(map), local_run(*tiles, cell.x, cell.x + 1, cell.y));
}

void tile_solids(const World& world, const Rect& area, std::vector<TileSolid>& out) {
    const TilesetLibrary* tilesets = world.tilesets();
    if (tilesets == nullptr) return;
    std::vector<Handle> found;
    world.query_rect(area, found);
    for (const Handle h : found) {
        const TileMap* map = world.get<TileMap>(h);
        if (map == nullptr || world.destroying(h)) continue;
        const Tileset* set = tilesets->find(map->tileset);
        const TileGrid& grid = map->tiles;
        if (set == nullptr || grid.width == 0 || grid.height == 0 || map->cell_size.x <= 0.0f ||
            map->cell_size.y <= 0.0f)
            continue;
        const glm::mat3 m = world.world_matrix(h);
        // The area in the map's frame (its box there, for a turned map).
        const glm::mat3 inv = glm::inverse(m);
        const Rect local_area = to_world(inv, area);
        if (!std::isfinite(local_area.min.x) || !std::isfinite(local_area.max.y)) continue;
        std::int32_t x_lo = 0, x_hi = 0, y_lo = 0, y_hi = 0;
        cell_range(local_area.min.x, local_area.max.x, map->cell_size.x, grid.width, x_lo, x_hi);
        cell_range(-local_area.max.y, -local_area.min.y, map->cell_size.y, grid.height, y_lo, y_hi);
        for (std::int32_t y = y_lo; y < y_hi; ++y) {
            for (std::int32_t x = x_lo; x < x_hi;) {
                // The strongest block of the cell over every layer.
                const auto block_at = [&](std::int32_t cx) {
                    Block b = Block::None;
                    for (std::size_t l = 0; l < grid.layers.size() && b != Block::Solid; ++l)
                        b = std::max(b, block_of(*set, grid.at(l, cx, y)));
                    return b;
                };
                const Block b = block_at(x);
                std::int32_t end = x + 1;
                if (b != Block::None)
                    while (end < x_hi && block_at(end) == b)
                        ++end;
                if (b != Block::None)
                    out.push_back(
                        TileSolid{to_world(m, local_run(*map, x, end, y)), h, b == Block::OneWay});
                x = end;
            }
        }
    }
}

std::vector<TileMapProblem> tile_map_problems(const TileMap& map, const TilesetLibrary& tilesets) {
    std::vector<TileMapProblem> out;
    const TileGrid& grid = map.tiles;
    const TileId highest = grid.highest_tile();
    if (map.tileset.empty()) {
        if (highest != 0) out.push_back({"the map has tiles but names no tileset", "tileset"});
        return out;
    }
    const Tileset* set = tilesets.find(map.tileset);
    if (set == nullptr) {
        out.push_back({"tileset \"" + map.tileset + "\" not found (or it has errors)", "tileset"});
        return out;
    }
    if (highest <= set->count) return out;
    std::size_t rows = 0;
    for (std::size_t l = 0; l < grid.layers.size(); ++l) {
        for (std::int32_t y = 0; y < grid.height; ++y) {
            for (std::int32_t x = 0; x < grid.width; ++x) {
                const TileId n = grid.at(l, x, y);
                if (n <= set->count) continue;
                if (++rows <= kMaxTileMapProblems)
                    out.push_back({"tile " + std::to_string(n) + " at column " + std::to_string(x) +
                                       " is past the tileset's " + std::to_string(set->count) +
                                       " tiles",
                                   json_path(json_path(json_path("tiles.layers", l), "rows"),
                                             static_cast<std::size_t>(y))});
                break;
            }
        }
    }
    if (rows > kMaxTileMapProblems)
        out.back().message +=
            " (and " + std::to_string(rows - kMaxTileMapProblems) + " more rows like it)";
    return out;
}

} // namespace diorama
