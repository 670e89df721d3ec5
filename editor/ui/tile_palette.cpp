#include "tile_palette.h"

#include "im_math.h"
#include "theme.h"
#include "tile_paint_tool.h"
#include "ui_widgets.h"

#include "diorama/components.h"
#include "diorama/log.h"
#include "diorama/render/texture.h"
#include "diorama/tileset.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace diorama::editor {

namespace {

struct ToolButton {
    TileTool tool;
    const char* text;
    const char* tooltip;
};

constexpr ToolButton kTools[] = {
    {TileTool::Brush, "Brush", "Paint the stamp (B); right-click a cell to pick its tile"},
    {TileTool::Erase, "Erase", "Empty cells (E)"},
    {TileTool::Rectangle, "Rectangle", "Drag a rectangle to fill with the stamp (R)"},
    {TileTool::Fill, "Fill", "Fill the clicked cell's connected region (F)"},
    {TileTool::Pick, "Pick", "Drag over the map to take its tiles as the stamp (I)"},
};

// The stamp as a sentence ("tile 3", "2 x 2 tiles").
std::string stamp_text(const TileStamp& stamp) {
    if (stamp.width == 1 && stamp.height == 1)
        return stamp.tiles[0] == 0 ? "an empty cell" : "tile " + std::to_string(stamp.tiles[0]);
    return std::to_string(stamp.width) + " x " + std::to_string(stamp.height) + " tiles";
}

} // namespace

void TilePalette::draw(UiContext& ctx) {
    const float s = ctx.scale;
    TilePaintState& state = ctx.view.tile_paint;
    ctx.widgets.push_scope("Tiles");
    const Handle target = TilePaintTool::target(ctx);
    const World& world = ctx.session.world();
    const std::string title = target ? "Tiles: " + world.name(target) : std::string("Tiles");
    panel_header(title.c_str(), s);
    if (!target) {
        ImGui::TextDisabled("Select an object with a TileMap to paint it.");
        ctx.widgets.pop_scope();
        return;
    }
    const TileMap& map = *world.get<TileMap>(target);

    for (const ToolButton& b : kTools) {
        const bool on = state.tool == b.tool;
        ui::same_line_if_fits(ImGui::CalcTextSize(b.text).x + ImGui::GetStyle().FramePadding.x * 2);
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, style_color(ImGuiCol_ButtonActive));
        if (ui::button(ctx.widgets, b.text, b.text)) state.tool = b.tool;
        if (on) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", b.tooltip);
    }
    ui::same_line_if_fits(60.0f * s);
    if (ui::button(ctx.widgets, "Done", "Done")) state.active = false;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Leave tile painting (Esc or T)");

    // The layer painted; a new one is added as one undo step.
    const TileGrid& grid = map.tiles;
    state.layer = std::min(state.layer, grid.layers.empty() ? 0 : grid.layers.size() - 1);
    ImGui::SetNextItemWidth(std::min(160.0f * s, ImGui::GetContentRegionAvail().x * 0.5f));
    const std::string current =
        grid.layers.empty() ? "(no layer)" : grid.layers[state.layer].name + "##layer";
    if (ImGui::BeginCombo("##layer", current.c_str())) {
        for (std::size_t i = 0; i < grid.layers.size(); ++i)
            if (ui::selectable(ctx.widgets, "layer " + grid.layers[i].name,
                               grid.layers[i].name.c_str(), i == state.layer))
                state.layer = i;
        ImGui::EndCombo();
    }
    record_item(ctx.widgets, "Layer");
    ImGui::SameLine();
    if (ui::button(ctx.widgets, "Add Layer", "+ Layer")) {
        TileGrid more = grid;
        if (auto added = more.add_layer("layer " + std::to_string(grid.layers.size() + 1));
            !added) {
            log_error("Add Layer: " + added.error().describe());
        } else if (ctx.session.set_field(world.guid(target), "TileMap.tiles",
                                         FieldValue{std::move(more)})) {
            state.layer = grid.layers.size(); // the grid now has the new one last
        }
    }
    ImGui::SameLine();
    ImGui::TextDisabled("%d x %d cells; stamp: %s", grid.width, grid.height,
                        stamp_text(state.stamp).c_str());
    draw_tiles(ctx, map);
    ctx.widgets.pop_scope();
}

void TilePalette::draw_tiles(UiContext& ctx, const TileMap& map) {
    const float s = ctx.scale;
    TilePaintState& state = ctx.view.tile_paint;
    const World& world = ctx.session.world();
    const Tileset* set =
        world.tilesets() != nullptr ? world.tilesets()->find(map.tileset) : nullptr;
    ImGui::BeginChild("##tileset", ImVec2(0, 0), false);
    if (set == nullptr) {
        ImGui::TextWrapped("%s", map.tileset.empty()
                                     ? "This map has no tileset: choose one in the Inspector "
                                       "(TileMap > Tileset)."
                                     : ("The tileset \"" + map.tileset +
                                        "\" is missing or has errors (see Problems).")
                                           .c_str());
        ImGui::EndChild();
        return;
    }
    const render::Texture& texture = ctx.textures.get(set->image);
    const glm::vec2 image(std::max(texture.size().x, 1), std::max(texture.size().y, 1));
    const float side = 40.0f * s;
    const float avail = ImGui::GetContentRegionAvail().x;
    const float step = side + ImGui::GetStyle().ItemSpacing.x;
    const int per_row =
        std::max(1, static_cast<int>((avail + ImGui::GetStyle().ItemSpacing.x) / step));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const auto in_stamp = [&](TileId n) {
        return std::find(state.stamp.tiles.begin(), state.stamp.tiles.end(), n) !=
               state.stamp.tiles.end();
    };
    for (TileId n = 1; n <= set->count; ++n) {
        if ((n - 1) % per_row != 0) ImGui::SameLine();
        const ImVec2 lo = ImGui::GetCursorScreenPos();
        const std::string label = "tile " + std::to_string(n);
        ImGui::PushID(n);
        const bool clicked = ui::recorded(ctx.widgets, label, WidgetKind::Button,
                                          ImGui::InvisibleButton("##tile", ImVec2(side, side)));
        ImGui::PopID();
        const ImVec2 hi = lo + ImVec2(side, side);
        const int col = (n - 1) % set->columns;
        const int row = (n - 1) / set->columns;
        const glm::vec2 uv0 = glm::vec2(col, row) * set->tile_size / image;
        const glm::vec2 uv1 = glm::vec2(col + 1, row + 1) * set->tile_size / image;
        draw->AddRectFilled(lo, hi, style_color(ImGuiCol_FrameBg));
        draw->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture.id())),
                       lo + ImVec2(2, 2), hi - ImVec2(2, 2), to_im(uv0), to_im(uv1));
        const TileInfo* info = set->tile(n);
        if (info != nullptr && (info->solid || info->one_way))
            draw->AddText(lo + ImVec2(3, 1), IM_COL32(255, 255, 255, 200), info->solid ? "S" : "1");
        if (in_stamp(n) && state.tool != TileTool::Erase)
            draw->AddRect(lo, hi, colors::kAccent, 0, 0, 2.0f * s);
        else if (ImGui::IsItemHovered())
            draw->AddRect(lo, hi, IM_COL32(255, 255, 255, 120));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("tile %d%s%s", static_cast<int>(n),
                              info != nullptr && info->solid ? ", solid" : "",
                              info != nullptr && info->one_way ? ", one-way" : "");
        if (!clicked) continue;
        if (ImGui::GetIO().KeyShift && m_anchor != 0) {
            // The block of the tileset between the anchor and this tile.
            const int a_col = (m_anchor - 1) % set->columns;
            const int a_row = (m_anchor - 1) / set->columns;
            const int c0 = std::min(a_col, col), c1 = std::max(a_col, col);
            const int r0 = std::min(a_row, row), r1 = std::max(a_row, row);
            TileStamp stamp;
            stamp.width = c1 - c0 + 1;
            stamp.height = r1 - r0 + 1;
            stamp.tiles.clear();
            for (int r = r0; r <= r1; ++r)
                for (int c = c0; c <= c1; ++c) {
                    const int t = r * set->columns + c + 1;
                    stamp.tiles.push_back(t <= set->count ? static_cast<TileId>(t) : TileId{0});
                }
            state.stamp = std::move(stamp);
        } else {
            state.stamp = TileStamp::single(n);
            m_anchor = n;
        }
        if (state.tool == TileTool::Erase || state.tool == TileTool::Pick)
            state.tool = TileTool::Brush;
    }
    ImGui::EndChild();
}

} // namespace diorama::editor
