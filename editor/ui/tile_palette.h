#pragma once
// The Tiles panel: in tile painting mode it takes the Prefabs panel's place. It shows the tools,
// the layer being painted (and adds layers), the stamp, and the tileset's tiles to pick from.

#include "ui_context.h"

namespace diorama::editor {

class TilePalette {
public:
    // Draws the panel filling the current child window, for the map being painted.
    void draw(UiContext& ctx);

private:
    // The tileset's tiles as buttons; click: that tile; Shift+click: the block from the last
    // clicked tile to this one.
    void draw_tiles(UiContext& ctx, const TileMap& map);

    TileId m_anchor = 0; // the last tile clicked (a Shift+click's other corner)
};

} // namespace diorama::editor
