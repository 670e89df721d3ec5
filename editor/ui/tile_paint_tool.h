#pragma once
// The viewport's tile painting mode (ViewState::tile_paint): the mouse paints the primary
// selection's TileMap with the palette's tool instead of selecting, and the map's cells, the
// stamp under the cursor and the rectangle being dragged are drawn over the viewport.
//
//   left drag   Brush / Erase: a stroke (one undo step); Rectangle: fills the dragged cells on
//               release; Fill: fills the clicked cell's region; Pick: the dragged cells become
//               the stamp (then Brush)
//   right click the tile under the cursor becomes the stamp (the eyedropper), from any tool

#include "ui_context.h"

#include "diorama/handle.h"
#include "diorama/tile_map.h"

#include <glm/vec2.hpp>

#include <functional>
#include <optional>

struct ImDrawList;

namespace diorama::editor {

class TilePaintTool {
public:
    // The object being painted: the primary selection when it has a TileMap; null otherwise.
    [[nodiscard]] static Handle target(const UiContext& ctx);

    // One frame of the mouse at world point `world` while the mode is on; hovered: over the
    // viewport. Leaves the mode (false) when there is no target; true when it took the mouse.
    bool handle_mouse(UiContext& ctx, glm::vec2 world, bool hovered);
    // Draws the target's cell grid (when cells are big enough on screen), the stamp at the
    // hovered cell and the rectangle being dragged; to_screen maps world points to the window.
    void draw(UiContext& ctx, ImDrawList* draw,
              const std::function<glm::vec2(glm::vec2)>& to_screen) const;
    // A stroke or rectangle is being dragged.
    [[nodiscard]] bool dragging() const { return m_down; }

private:
    // Paints changes as one step (merge_key 0) or part of the current stroke.
    static void paint(UiContext& ctx, Handle map, std::vector<TileChange> changes,
                      const char* label, std::uint64_t merge_key);
    void press(UiContext& ctx, Handle map, TileCell cell);
    void drag(UiContext& ctx, Handle map, TileCell cell);
    void release(UiContext& ctx, Handle map, TileCell cell);

    bool m_down = false;
    TileCell m_press{};
    TileCell m_last{};
    std::uint64_t m_stroke = 0;
    std::optional<TileCell> m_hover;
};

// The largest stamp the eyedropper takes (cells on each side); a bigger drag is cut to it.
inline constexpr std::int32_t kMaxStampSide = 64;

} // namespace diorama::editor
