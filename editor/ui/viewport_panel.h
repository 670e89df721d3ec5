#pragma once
// The Viewport panel: renders the world with diorama_render into an offscreen target shown as an
// ImGui image, draws the grid, selection outlines and the current tool's handles, and turns mouse
// and keys into EditorSession calls (select, box select, tool drags, pan, zoom, placing prefabs,
// painting tiles).

#include "asset_browser.h"
#include "cpu_time.h"
#include "gl_target.h"
#include "selection_box.h"
#include "target_blit.h"
#include "tile_paint_tool.h"
#include "ui_context.h"
#include "viewport_frame.h"

#include "diorama/render/renderer_2d.h"
#include "diorama/render/world_draw_cache.h"
#include "diorama/render/world_renderer.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

struct ImDrawList;

namespace diorama::render {
class Font;
class TexelCopy;
class Texture;
} // namespace diorama::render

namespace diorama::editor {

class LiveAttachment;

class ViewportPanel {
public:
    // Needs the GL context current (makes the renderer, the font and the target).
    ViewportPanel();
    ~ViewportPanel();
    ViewportPanel(const ViewportPanel&) = delete;
    ViewportPanel& operator=(const ViewportPanel&) = delete;

    // Draws the panel filling the current child window; handles its input.
    void draw(UiContext& ctx);

    // Where a world point was on screen this frame (window pixels), or nullopt before the first
    // draw.
    [[nodiscard]] std::optional<glm::vec2> world_to_window(EditorSession& session,
                                                           glm::vec2 world) const;
    // True when the viewport was the last panel clicked (keys go to the game while playing).
    [[nodiscard]] bool focused() const { return m_focused; }
    [[nodiscard]] const render::RenderStats& render_stats() const { return m_render_stats; }
    [[nodiscard]] std::size_t visible_objects() const { return m_visible; }
    // The CPU time the scene took in this frame's draw (zero when it was not rendered).
    [[nodiscard]] const ViewportCost& cost() const { return m_cost; }

private:
    enum class Gesture { None, Pending, BoxSelect, ToolDrag, Pan };

    void render_scene(UiContext& ctx, glm::ivec2 size_px);
    // The grid's lines and the world's axes across view.
    void draw_grid(EditorSession& session, const Rect& view);
    // The selected objects' boxes over the world, into the image of area (size_px pixels).
    void draw_selection(EditorSession& session, const Rect& area, glm::ivec2 size_px);
    void handle_mouse(UiContext& ctx, bool hovered);
    void handle_drop(UiContext& ctx);
    // A project file dropped at the mouse: an image places a Sprite of its size, a prefab an
    // instance; other kinds are refused with a console line.
    void drop_asset(UiContext& ctx, const std::string& path);
    void forward_game_mouse(UiContext& ctx, bool hovered);
    // While the game plays here: a left click (no drag) on an object also selects it (Alt: the
    // next one below); the game gets the same click.
    void select_while_playing(UiContext& ctx, bool hovered);
    void draw_overlays(UiContext& ctx);
    void draw_handles(UiContext& ctx, ImDrawList* draw);
    // A marked box with "?" and the file's name where each object stands in for a missing prefab.
    void draw_placeholders(UiContext& ctx, ImDrawList* draw);
    // The frame around the viewport in a mode (Play, attached), tinted, with its label centred at
    // the top and, when not empty, a problem below it.
    void draw_mode_frame(UiContext& ctx, ImDrawList* draw, unsigned tint, const std::string& label,
                         const std::string& problem = {});
    // Attached to a player: where, its tick and whether it runs, or why it cannot be seen.
    void draw_live_banner(UiContext& ctx, ImDrawList* draw, const LiveAttachment& live);
    void draw_ghost(UiContext& ctx, ImDrawList* draw, const std::string& prefab, glm::vec2 world);
    void draw_context_menu(UiContext& ctx);
    // The scene's and the prefab's tabs above the viewport while a prefab is open; closing the
    // prefab's asks about its unsaved changes.
    void draw_tabs(UiContext& ctx);
    // Objects on layers that are neither hidden nor locked.
    [[nodiscard]] static PickFilter pickable(const UiContext& ctx);
    // The topmost object under a world point on a layer that is neither hidden nor locked.
    [[nodiscard]] Handle pickable_at(const UiContext& ctx, glm::vec2 world) const;
    // Drops selected objects on hidden or locked layers (after click and box selection).
    void drop_unpickable(UiContext& ctx) const;
    [[nodiscard]] glm::vec2 to_screen(EditorSession& s, glm::vec2 world) const;
    [[nodiscard]] glm::vec2 mouse_world(EditorSession& s) const;

    std::unique_ptr<render::Renderer2D> m_renderer;
    std::unique_ptr<render::Font> m_font;
    std::unique_ptr<render::TexelCopy> m_copy; // shows the target's view in the window
    render::WorldDrawCache m_world_cache;      // the world's geometry while it stays the same
    RenderTarget m_target;                     // the view alone
    RenderTarget m_framed_target;              // the view and a margin (ViewportFrame)
    ViewportFrame m_frame;
    FramePlacement m_shown; // this frame's: the area drawn and the view's part of it
    const RenderTarget* m_shown_target = nullptr; // the target drawn into this frame
    TargetBlit m_blit; // its view's part copied into the window when the UI is rendered
    std::uint64_t m_image_revision = 0; // counts the frames drawn into the targets
    render::RenderStats m_render_stats;
    std::vector<SelectionBox> m_boxes; // this frame's selection boxes (kept: no allocation)
    // Their bands (selection_bands), for other objects and the primary one, at this unit.
    std::array<std::unique_ptr<render::Texture>, 2> m_selection_bands;
    float m_selection_bands_unit = 0.0f;
    std::size_t m_visible = 0;
    ViewportCost m_cost;

    glm::vec2 m_origin{0.0f}; // top-left of the image, window pixels
    glm::vec2 m_size{0.0f};   // image size, window pixels
    bool m_drawn = false;
    bool m_tab_showed_prefab = false; // the tab bar's selection as last drawn
    bool m_hovered = false;
    bool m_focused = false;

    Gesture m_gesture = Gesture::None;
    glm::vec2 m_press_screen{0.0f};
    glm::vec2 m_press_world{0.0f};
    bool m_press_hit = false;         // the press was on a pickable object
    bool m_selected_on_press = false; // the press already changed the selection
    bool m_press_add = false;         // ctrl or shift held at the press
    bool m_play_press = false;        // the left button went down here while the game played
    HandlePart m_drag_part = HandlePart::None;
    TilePaintTool m_tile_paint; // the mouse while ViewState::tile_paint is on
};

} // namespace diorama::editor
