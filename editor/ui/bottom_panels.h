#pragma once
// The panels of the bottom row: the Prefabs palette (click to pick a prefab for place mode, or
// drag one into the viewport), the Console (the engine log; errors red; clicking a line naming a
// guid selects that object) and Stats (objects, components, timings, memory).

#include "cpu_time.h"
#include "ui_context.h"

#include "diorama/render/renderer_2d.h"

#include <cstddef>
#include <string>

namespace diorama::editor {

class PrefabPalette {
public:
    // Draws the palette filling the current child window.
    void draw(UiContext& ctx);

private:
    std::string m_filter;
};

class ConsolePanel {
public:
    // Draws the console filling the current child window.
    void draw(UiContext& ctx);

private:
    bool m_show_info = true;
    bool m_show_warnings = true;
    bool m_show_errors = true;
    bool m_follow = true;
    std::uint64_t m_seen = 0; // serial of the newest line drawn (scroll to new lines)
    std::string m_filter;
};

// Figures the Stats panel shows besides the session's.
struct RenderFigures {
    render::RenderStats renderer;
    std::size_t visible_objects = 0;
    ViewportCost viewport; // CPU time of the viewport's scene this frame
};

// Draws the statistics filling the current child window.
void draw_stats(UiContext& ctx, const RenderFigures& figures);

} // namespace diorama::editor
