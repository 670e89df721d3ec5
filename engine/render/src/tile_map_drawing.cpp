#include "tile_map_drawing.h"

#include "diorama/render/renderer_2d.h"
#include "diorama/render/texture.h"
#include "diorama/tileset.h"
#include "diorama/world/draw_order.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>

namespace diorama::render {

namespace {

// Where tile n is in the tileset's image, as texture coordinates (top-left origin), inset by
// half a texel so that filtering never reaches the neighbouring tile.
struct TileUv {
    glm::vec2 min{0.0f};
    glm::vec2 max{1.0f};
};

TileUv tile_uv(const Tileset& set, glm::ivec2 image_px, TileId n) {
    if (image_px.x <= 0 || image_px.y <= 0 || set.columns <= 0) return {};
    const int index = static_cast<int>(n) - 1;
    const glm::vec2 cell(static_cast<float>(index % set.columns),
                         static_cast<float>(index / set.columns));
    const glm::vec2 size(image_px);
    const glm::vec2 lo = cell * set.tile_size + glm::vec2(0.5f);
    const glm::vec2 hi = (cell + glm::vec2(1.0f)) * set.tile_size - glm::vec2(0.5f);
    return TileUv{lo / size, hi / size};
}

// The cell range [lo, hi) along one axis that a local interval [a, b] overlaps.
void visible_range(float a, float b, float cell, std::int32_t count, std::int32_t& lo,
                   std::int32_t& hi) {
    lo = static_cast<std::int32_t>(
        std::clamp(std::floor(a / cell), 0.0f, static_cast<float>(count)));
    hi = static_cast<std::int32_t>(
        std::clamp(std::floor(b / cell) + 1.0f, 0.0f, static_cast<float>(count)));
}

} // namespace

std::size_t draw_tile_map(const TileMap& map, const glm::mat3& m, const Tileset* tileset,
                          const Rect& view, Renderer2D& renderer, TextureCache& textures) {
    const TileGrid& grid = map.tiles;
    const glm::vec2 cell = map.cell_size;
    if (grid.width == 0 || grid.height == 0 || !(cell.x > 0.0f && cell.y > 0.0f)) return 0;
    const float det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
    if (!std::isfinite(det) || std::abs(det) < 1e-12f) return 0;

    // The view in the map's frame (the box around it, for a turned map).
    const glm::mat3 inv = glm::inverse(m);
    const Rect local = detail::transformed_box(inv, view.center(), view.size() * 0.5f);
    std::int32_t x_lo = 0, x_hi = 0, y_lo = 0, y_hi = 0;
    visible_range(local.min.x, local.max.x, cell.x, grid.width, x_lo, x_hi);
    visible_range(-local.max.y, -local.min.y, cell.y, grid.height, y_lo, y_hi);

    const Texture& placeholder = textures.placeholder();
    const Texture& image =
        tileset != nullptr && !tileset->image.empty() ? textures.get(tileset->image) : placeholder;
    const glm::ivec2 image_px = image.size();
    const float scale = std::min(glm::length(glm::vec2(m[0])), glm::length(glm::vec2(m[1])));
    const bool coarse = std::min(cell.x, cell.y) * scale < 2.0f * renderer.pixel_size();

    std::size_t queued = 0;
    // A quad over cells [x0, x1) of row y showing tile n.
    const auto run = [&](std::int32_t x0, std::int32_t x1, std::int32_t y, TileId n) {
        const glm::vec2 center((static_cast<float>(x0 + x1) * 0.5f) * cell.x,
                               -(static_cast<float>(y) + 0.5f) * cell.y);
        glm::mat3 at = m;
        at[2] = m * glm::vec3(center, 1.0f);
        // A tile past the set shows the placeholder, as a missing image does.
        const bool known = tileset != nullptr && n <= tileset->count;
        const TileUv uv = known ? tile_uv(*tileset, image_px, n) : TileUv{};
        renderer.quad(at, glm::vec2(static_cast<float>(x1 - x0) * cell.x, cell.y), map.tint,
                      known ? &image : &placeholder, uv.min, uv.max);
        queued += static_cast<std::size_t>(x1 - x0);
    };
    for (std::size_t layer = 0; layer < grid.layers.size(); ++layer) {
        const TileId* cells = grid.layers[layer].cells.data();
        for (std::int32_t y = y_lo; y < y_hi; ++y) {
            const TileId* row = cells + static_cast<std::size_t>(y) * grid.width;
            for (std::int32_t x = x_lo; x < x_hi;) {
                const TileId n = row[x];
                std::int32_t start = x;
                std::int32_t end = x + 1;
                if (coarse) {
                    // The whole run, past the view on either side: its quad, and the tile's
                    // texels stretched over it, are the same wherever the view cuts the row.
                    while (start > 0 && row[start - 1] == n)
                        --start;
                    while (end < grid.width && row[end] == n)
                        ++end;
                }
                if (n != 0) run(start, end, y, n);
                x = end;
            }
        }
    }
    return queued;
}

} // namespace diorama::render
