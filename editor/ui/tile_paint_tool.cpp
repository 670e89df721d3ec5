#include "tile_paint_tool.h"

#include "im_math.h"
#include "theme.h"

#include "diorama/components.h"
#include "diorama/log.h"
#include "diorama/world.h"

#include <imgui/imgui.h>

#include <algorithm>
#include <cmath>

namespace diorama::editor {

namespace {

constexpr ImU32 kCellLine = IM_COL32(255, 255, 255, 38);
constexpr ImU32 kMapEdge = IM_COL32(255, 255, 255, 110);
constexpr ImU32 kEraseColor = IM_COL32(235, 90, 80, 230);
constexpr float kMinCellPx = 6.0f; // cell lines are drawn from this size on screen up

// The grid point (x, y) of a map (column and row edges) in the world.
glm::vec2 grid_point(const World& world, Handle map, const TileMap& tiles, float x, float y) {
    const glm::mat3 m = world.world_matrix(map);
    return glm::vec2(m * glm::vec3(x * tiles.cell_size.x, -y * tiles.cell_size.y, 1.0f));
}

// The outline of cells [x0, x1) x [y0, y1) on screen.
void outline(ImDrawList* draw, const std::function<glm::vec2(glm::vec2)>& to_screen,
             const World& world, Handle map, const TileMap& tiles, std::int32_t x0, std::int32_t y0,
             std::int32_t x1, std::int32_t y1, ImU32 color, float thickness) {
    const auto at = [&](std::int32_t x, std::int32_t y) {
        return to_im(
            to_screen(grid_point(world, map, tiles, static_cast<float>(x), static_cast<float>(y))));
    };
    const ImVec2 points[] = {at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1)};
    draw->AddPolyline(points, 4, color, ImDrawFlags_Closed, thickness);
}

} // namespace

Handle TilePaintTool::target(const UiContext& ctx) {
    const std::vector<Handle> selected = ctx.session.selected_handles();
    if (selected.empty()) return Handle{};
    const Handle h = selected.back();
    return ctx.session.world().get<TileMap>(h) != nullptr ? h : Handle{};
}

void TilePaintTool::paint(UiContext& ctx, Handle map, std::vector<TileChange> changes,
                          const char* label, std::uint64_t merge_key) {
    TilePaintState& state = ctx.view.tile_paint;
    const Guid guid = ctx.session.world().guid(map);
    if (auto painted =
            ctx.session.paint_tiles(guid, state.layer, std::move(changes), label, merge_key);
        !painted)
        log_error(std::string(label) + ": " + painted.error().describe());
}

void TilePaintTool::press(UiContext& ctx, Handle map, TileCell cell) {
    TilePaintState& state = ctx.view.tile_paint;
    const TileGrid& grid = ctx.session.world().get<TileMap>(map)->tiles;
    m_down = true;
    m_press = m_last = cell;
    std::vector<TileChange> changes;
    switch (state.tool) {
    case TileTool::Brush:
    case TileTool::Erase: {
        m_stroke = state.next_stroke++;
        TileStamp stamp = state.stamp;
        if (state.tool == TileTool::Erase) std::fill(stamp.tiles.begin(), stamp.tiles.end(), 0);
        stamp_changes(grid, state.layer, cell, stamp, changes);
        paint(ctx, map, std::move(changes),
              state.tool == TileTool::Erase ? "Erase Tiles" : "Paint Tiles", m_stroke);
        break;
    }
    case TileTool::Fill:
        fill_changes(grid, state.layer, cell, state.stamp, changes);
        paint(ctx, map, std::move(changes), "Fill Tiles", 0);
        m_down = false;
        break;
    case TileTool::Rectangle:
    case TileTool::Pick:
        break; // on release
    }
}

void TilePaintTool::drag(UiContext& ctx, Handle map, TileCell cell) {
    TilePaintState& state = ctx.view.tile_paint;
    if ((state.tool != TileTool::Brush && state.tool != TileTool::Erase) || cell == m_last) {
        m_last = cell;
        return;
    }
    const TileGrid& grid = ctx.session.world().get<TileMap>(map)->tiles;
    TileStamp stamp = state.stamp;
    if (state.tool == TileTool::Erase) std::fill(stamp.tiles.begin(), stamp.tiles.end(), 0);
    // Every cell the cursor passed since the last frame, so a fast drag leaves no gaps.
    std::vector<TileChange> changes;
    const std::vector<TileCell> line = cell_line(m_last, cell);
    for (std::size_t i = 1; i < line.size(); ++i)
        stamp_changes(grid, state.layer, line[i], stamp, changes);
    paint(ctx, map, std::move(changes),
          state.tool == TileTool::Erase ? "Erase Tiles" : "Paint Tiles", m_stroke);
    m_last = cell;
}

void TilePaintTool::release(UiContext& ctx, Handle map, TileCell cell) {
    TilePaintState& state = ctx.view.tile_paint;
    const TileGrid& grid = ctx.session.world().get<TileMap>(map)->tiles;
    m_down = false;
    switch (state.tool) {
    case TileTool::Rectangle: {
        std::vector<TileChange> changes;
        rectangle_changes(grid, state.layer, m_press, cell, state.stamp, changes);
        paint(ctx, map, std::move(changes), "Fill Rectangle", 0);
        break;
    }
    case TileTool::Pick: {
        const TileCell end{
            std::clamp(cell.x, m_press.x - kMaxStampSide + 1, m_press.x + kMaxStampSide - 1),
            std::clamp(cell.y, m_press.y - kMaxStampSide + 1, m_press.y + kMaxStampSide - 1)};
        state.stamp = pick_stamp(grid, state.layer, m_press, end);
        state.tool = TileTool::Brush;
        break;
    }
    case TileTool::Brush:
    case TileTool::Erase:
    case TileTool::Fill:
        break;
    }
    ctx.session.end_merge();
}

bool TilePaintTool::handle_mouse(UiContext& ctx, glm::vec2 world, bool hovered) {
    const Handle map = target(ctx);
    if (!map) {
        ctx.view.tile_paint.active = false;
        m_down = false;
        return false;
    }
    const std::optional<TileCell> cell = tile_cell_at(ctx.session.world(), map, world);
    m_hover = hovered ? cell : std::nullopt;
    if (!cell) return true;
    if (!m_down && hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
        // The eyedropper: the tile under the cursor.
        const TileGrid& grid = ctx.session.world().get<TileMap>(map)->tiles;
        ctx.view.tile_paint.stamp = pick_stamp(grid, ctx.view.tile_paint.layer, *cell, *cell);
        if (ctx.view.tile_paint.tool == TileTool::Erase ||
            ctx.view.tile_paint.tool == TileTool::Pick)
            ctx.view.tile_paint.tool = TileTool::Brush;
        return true;
    }
    if (!m_down && hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        press(ctx, map, *cell);
        return true;
    }
    if (m_down && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        drag(ctx, map, *cell);
        return true;
    }
    if (m_down) release(ctx, map, *cell);
    return true;
}

void TilePaintTool::draw(UiContext& ctx, ImDrawList* draw,
                         const std::function<glm::vec2(glm::vec2)>& to_screen) const {
    const Handle map = target(ctx);
    if (!map) return;
    const World& world = ctx.session.world();
    const TileMap& tiles = *world.get<TileMap>(map);
    const TileGrid& grid = tiles.tiles;
    const float s = ctx.scale;

    // The cell lines in view, when cells are big enough to tell apart.
    const glm::vec2 cell_px = glm::abs(to_screen(grid_point(world, map, tiles, 1.0f, 1.0f)) -
                                       to_screen(grid_point(world, map, tiles, 0.0f, 0.0f)));
    if (std::min(cell_px.x, cell_px.y) >= kMinCellPx) {
        const Rect view = ctx.session.camera().visible();
        const auto lo = tile_cell_at(world, map, {view.min.x, view.max.y});
        const auto hi = tile_cell_at(world, map, {view.max.x, view.min.y});
        if (lo && hi) {
            const std::int32_t x0 = std::clamp(std::min(lo->x, hi->x), 0, grid.width);
            const std::int32_t x1 = std::clamp(std::max(lo->x, hi->x) + 1, 0, grid.width);
            const std::int32_t y0 = std::clamp(std::min(lo->y, hi->y), 0, grid.height);
            const std::int32_t y1 = std::clamp(std::max(lo->y, hi->y) + 1, 0, grid.height);
            const auto at = [&](std::int32_t x, std::int32_t y) {
                return to_im(to_screen(
                    grid_point(world, map, tiles, static_cast<float>(x), static_cast<float>(y))));
            };
            for (std::int32_t x = x0; x <= x1; ++x)
                draw->AddLine(at(x, y0), at(x, y1), kCellLine);
            for (std::int32_t y = y0; y <= y1; ++y)
                draw->AddLine(at(x0, y), at(x1, y), kCellLine);
        }
    }
    outline(draw, to_screen, world, map, tiles, 0, 0, grid.width, grid.height, kMapEdge, 1.0f);

    const TilePaintState& state = ctx.view.tile_paint;
    const ImU32 color = state.tool == TileTool::Erase ? kEraseColor : colors::kAccent;
    if (m_down && (state.tool == TileTool::Rectangle || state.tool == TileTool::Pick)) {
        outline(draw, to_screen, world, map, tiles, std::min(m_press.x, m_last.x),
                std::min(m_press.y, m_last.y), std::max(m_press.x, m_last.x) + 1,
                std::max(m_press.y, m_last.y) + 1, color, 2.0f * s);
    } else if (m_hover) {
        const bool one = state.tool == TileTool::Fill || state.tool == TileTool::Pick;
        const std::int32_t w = one ? 1 : state.stamp.width;
        const std::int32_t h = one ? 1 : state.stamp.height;
        outline(draw, to_screen, world, map, tiles, m_hover->x, m_hover->y, m_hover->x + w,
                m_hover->y + h, color, 2.0f * s);
    }
}

} // namespace diorama::editor
