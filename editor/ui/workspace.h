#pragma once
// Workspace: the window's content while a project is open — menu bar, toolbar, hierarchy on the
// left, the viewport over the prefab palette and the Console/Problems/Stats tabs, inspector on the
// right — laid out with splitters whose sizes live in the settings (EditorLayout, unscaled).

#include "asset_browser.h"
#include "bottom_panels.h"
#include "hierarchy_panel.h"
#include "inspector_panel.h"
#include "problems_panel.h"
#include "tile_palette.h"
#include "ui_context.h"
#include "viewport_panel.h"

namespace diorama::editor {

class Workspace {
public:
    // Creates the viewport's GL objects: the GL context must be current, also when destroyed.
    Workspace() = default;

    // Draws every panel into the whole window for this frame.
    void draw(UiContext& ctx);

    [[nodiscard]] ViewportPanel& viewport() { return m_viewport; }

private:
    // The Problems tab of the bottom row.
    void draw_problems_tab(UiContext& ctx);

    ViewportPanel m_viewport;
    HierarchyPanel m_hierarchy;
    InspectorPanel m_inspector;
    PrefabPalette m_palette;
    TilePalette m_tile_palette; // in the palette's place while painting tiles
    AssetBrowser m_assets;
    ConsolePanel m_console;
    ProblemsPanel m_problems;
    std::size_t m_problems_seen = 0; // the problems' count last drawn
};

} // namespace diorama::editor
