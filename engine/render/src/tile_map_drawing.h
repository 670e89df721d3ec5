#pragma once
// Internal to draw_world: queues the cells of one tile map that fall in the view.

#include "diorama/components.h"
#include "diorama/geometry.h"

#include <glm/mat3x3.hpp>

namespace diorama {
struct Tileset;
} // namespace diorama

namespace diorama::render {

class Renderer2D;
class TextureCache;

// Queues the map's non-empty cells that overlap view (world units), layer by layer, each a quad
// of its tile cut from the tileset's image, under the map's world matrix m. Without a tileset
// (null: not found) the cells are drawn with the missing-image placeholder. When a cell is under
// 2 pixels on screen, each row's runs of one tile that reach the view become one quad over the
// whole run (the same quad whatever the view). Returns the cells queued.
std::size_t draw_tile_map(const TileMap& map, const glm::mat3& m, const Tileset* tileset,
                          const Rect& view, Renderer2D& renderer, TextureCache& textures);

} // namespace diorama::render
