#pragma once
// Draws a World's TileMaps, Sprites, Shapes and Texts: layer by layer in layer order, within a
// layer by each component's `order`, objects outside the view culled through the world's spatial
// index (and, since the index files an object by one source, a Collider's bounds first, by what
// they draw: a sprite larger than its collider shows while any of it is in view).

#include "diorama/geometry.h"

#include <glm/vec4.hpp>

#include <cstddef>
#include <vector>

namespace diorama {
class World;
}

namespace diorama::render {

class Renderer2D;
class TextureCache;
class Font;

struct WorldRenderOptions {
    Rect view{};                     // world rectangle visible (culling)
    std::vector<bool> hidden_layers; // by LayerId; true = not drawn (missing entries = shown)
    bool draw_colliders = false;     // outlines of Collider shapes (debug)
};

// Figures of the last call.
struct WorldRenderStats {
    std::size_t visible = 0; // objects drawn after culling (in shown layers, drawing something)
};

// Queues the world into renderer (between its begin/end). Text uses font, vertically centred
// on its object. Culls through the spatial index, so call world.update_spatial() after moving
// objects outside a Simulation tick; a Text is also drawn when its laid-out box reaches the view,
// and a Shape, Sprite or TileMap lying outside the source its object's bounds come from (a
// Collider, say) when it reaches the view.
// Within a layer: by `order` (a Text takes its object's Shape/Sprite order), then slot index;
// per object TileMap (the cells in view, tiles from world.tilesets()), then Shape, then Sprite,
// then Text. Colliders (when asked) are drawn last, on top. A Shape
// under 3 pixels on screen is drawn as a dot of its colour (Renderer2D::dot), at least a pixel.
// Keeps its working buffers between calls (per thread).
WorldRenderStats draw_world(const World& world, Renderer2D& renderer, TextureCache& textures,
                            const Font& font, const WorldRenderOptions& options);

} // namespace diorama::render
