#include "tile_painting.h"

#include <algorithm>
#include <cstdlib>

namespace diorama::editor {

namespace {

// a mod b for any a, b > 0.
std::int32_t wrap(std::int32_t a, std::int32_t b) {
    const std::int32_t r = a % b;
    return r < 0 ? r + b : r;
}

void change(const TileGrid& grid, std::size_t layer, std::int32_t x, std::int32_t y, TileId tile,
            std::vector<TileChange>& out) {
    if (!grid.contains(x, y) || layer >= grid.layers.size()) return;
    const TileId before = grid.at(layer, x, y);
    if (before != tile) out.push_back(TileChange{x, y, before, tile});
}

} // namespace

const char* to_string(TileTool tool) {
    switch (tool) {
    case TileTool::Brush:
        return "brush";
    case TileTool::Erase:
        return "erase";
    case TileTool::Rectangle:
        return "rectangle";
    case TileTool::Fill:
        return "fill";
    case TileTool::Pick:
        return "pick";
    }
    return "?";
}

std::optional<TileTool> tile_tool_named(std::string_view name) {
    for (TileTool t :
         {TileTool::Brush, TileTool::Erase, TileTool::Rectangle, TileTool::Fill, TileTool::Pick})
        if (name == to_string(t)) return t;
    return std::nullopt;
}

TileId TileStamp::tiled(TileCell origin, std::int32_t x, std::int32_t y) const {
    if (width <= 0 || height <= 0 || tiles.empty()) return 0;
    const std::int32_t sx = wrap(x - origin.x, width);
    const std::int32_t sy = wrap(y - origin.y, height);
    return tiles[static_cast<std::size_t>(sy) * static_cast<std::size_t>(width) +
                 static_cast<std::size_t>(sx)];
}

std::vector<TileCell> cell_line(TileCell a, TileCell b) {
    std::vector<TileCell> out;
    const std::int32_t dx = std::abs(b.x - a.x);
    const std::int32_t dy = -std::abs(b.y - a.y);
    const std::int32_t sx = a.x < b.x ? 1 : -1;
    const std::int32_t sy = a.y < b.y ? 1 : -1;
    std::int32_t err = dx + dy;
    for (TileCell c = a;;) {
        out.push_back(c);
        if (c == b) break;
        const std::int32_t e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            c.x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            c.y += sy;
        }
    }
    return out;
}

void stamp_changes(const TileGrid& grid, std::size_t layer, TileCell at, const TileStamp& stamp,
                   std::vector<TileChange>& out) {
    for (std::int32_t sy = 0; sy < stamp.height; ++sy)
        for (std::int32_t sx = 0; sx < stamp.width; ++sx)
            change(grid, layer, at.x + sx, at.y + sy,
                   stamp.tiles[static_cast<std::size_t>(sy * stamp.width + sx)], out);
}

void rectangle_changes(const TileGrid& grid, std::size_t layer, TileCell a, TileCell b,
                       const TileStamp& stamp, std::vector<TileChange>& out) {
    const TileCell origin{std::min(a.x, b.x), std::min(a.y, b.y)};
    const std::int32_t x0 = std::max(origin.x, 0);
    const std::int32_t y0 = std::max(origin.y, 0);
    const std::int32_t x1 = std::min(std::max(a.x, b.x), grid.width - 1);
    const std::int32_t y1 = std::min(std::max(a.y, b.y), grid.height - 1);
    for (std::int32_t y = y0; y <= y1; ++y)
        for (std::int32_t x = x0; x <= x1; ++x)
            change(grid, layer, x, y, stamp.tiled(origin, x, y), out);
}

void fill_changes(const TileGrid& grid, std::size_t layer, TileCell from, const TileStamp& stamp,
                  std::vector<TileChange>& out) {
    if (!grid.contains(from.x, from.y) || layer >= grid.layers.size()) return;
    const std::size_t first = out.size();
    const TileId target = grid.at(layer, from.x, from.y);
    const auto w = static_cast<std::size_t>(grid.width);
    std::vector<bool> seen(w * static_cast<std::size_t>(grid.height), false);
    std::vector<TileCell> todo{from};
    seen[static_cast<std::size_t>(from.y) * w + static_cast<std::size_t>(from.x)] = true;
    while (!todo.empty()) {
        const TileCell c = todo.back();
        todo.pop_back();
        change(grid, layer, c.x, c.y, stamp.tiled(from, c.x, c.y), out);
        for (const TileCell n : {TileCell{c.x + 1, c.y}, TileCell{c.x - 1, c.y},
                                 TileCell{c.x, c.y + 1}, TileCell{c.x, c.y - 1}}) {
            if (!grid.contains(n.x, n.y)) continue;
            const std::size_t i = static_cast<std::size_t>(n.y) * w + static_cast<std::size_t>(n.x);
            if (seen[i] || grid.at(layer, n.x, n.y) != target) continue;
            seen[i] = true;
            todo.push_back(n);
        }
    }
    // Row by row, left to right: the same list for the same fill whatever the search order.
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
              [](const TileChange& p, const TileChange& q) {
                  return p.y != q.y ? p.y < q.y : p.x < q.x;
              });
}

TileStamp pick_stamp(const TileGrid& grid, std::size_t layer, TileCell a, TileCell b) {
    const TileCell lo{std::min(a.x, b.x), std::min(a.y, b.y)};
    TileStamp stamp;
    stamp.width = std::abs(b.x - a.x) + 1;
    stamp.height = std::abs(b.y - a.y) + 1;
    stamp.tiles.assign(
        static_cast<std::size_t>(stamp.width) * static_cast<std::size_t>(stamp.height), 0);
    for (std::int32_t y = 0; y < stamp.height; ++y)
        for (std::int32_t x = 0; x < stamp.width; ++x)
            stamp.tiles[static_cast<std::size_t>(y * stamp.width + x)] =
                grid.at(layer, lo.x + x, lo.y + y);
    return stamp;
}

} // namespace diorama::editor
