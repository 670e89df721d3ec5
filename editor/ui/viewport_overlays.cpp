// ViewportPanel: what is drawn over the scene (the selection's boxes, in the image; placeholders,
// handles, the ghost of a prefab being placed, the Play and live frames and banner, over it).

#include "viewport_panel.h"

#include "im_math.h"
#include "ui_widgets.h"

#include "core/live_attachment.h"

#include "diorama/components.h"
#include "diorama/prefab.h"
#include "diorama/render/texture.h"
#include "diorama/scene_file.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>

namespace diorama::editor {

namespace {

constexpr ImU32 kSelection = colors::kAccent;
constexpr ImU32 kHandleHot = IM_COL32(255, 214, 64, 255);
constexpr ImU32 kHandleCenter = IM_COL32(120, 170, 255, 255);

ImU32 part_color(HandlePart part, HandlePart hot, ImU32 normal) {
    return part == hot ? kHandleHot : normal;
}

} // namespace

// ---- overlays ----

void ViewportPanel::draw_placeholders(UiContext& ctx, ImDrawList* draw) {
    World& world = ctx.session.world();
    if (world.count<MissingPrefab>() == 0) return;
    const float s = ctx.scale;
    const float half = 14.0f * s;
    world.view<MissingPrefab>().each([&](Handle h, MissingPrefab& missing) {
        if (ctx.view.layer_hidden(world.layer(h))) return;
        const ImVec2 at = to_im(to_screen(ctx.session, world.bounds(h).center()));
        draw->AddRectFilled(at - ImVec2(half, half), at + ImVec2(half, half),
                            (colors::kPlaceholder & 0x00ffffffu) | 0x40000000u);
        draw->AddRect(at - ImVec2(half, half), at + ImVec2(half, half), colors::kPlaceholder, 0, 0,
                      2.0f * s);
        const ImVec2 mark = ImGui::CalcTextSize("?");
        draw->AddText(at - mark * 0.5f, colors::kPlaceholder, "?");
        const std::string name = std::filesystem::path(missing.prefab).filename().string();
        const ImVec2 text = ImGui::CalcTextSize(name.c_str());
        draw->AddText(at + ImVec2(-text.x * 0.5f, half + 2.0f * s), colors::kPlaceholder,
                      name.c_str());
    });
}

void ViewportPanel::draw_selection(EditorSession& session, const Rect& area, glm::ivec2 size_px) {
    const std::vector<Handle> selected = session.selected_handles();
    if (selected.empty()) return;
    // Boxes are built in the image's pixels (y down from the area's top-left), where whole
    // pixels are the view's (ViewportFrame places the area on them), then drawn in world units.
    const glm::vec2 per_unit = glm::vec2(size_px) / area.size();
    const auto to_pixels = [&](glm::vec2 w) {
        return glm::vec2((w.x - area.min.x) * per_unit.x, (area.max.y - w.y) * per_unit.y);
    };
    const auto to_world = [&](glm::vec2 p) {
        return glm::vec2(area.min.x + p.x / per_unit.x, area.max.y - p.y / per_unit.y);
    };
    // Widths in the UI's units, as the overlays over the image: whole pixels per unit.
    const float unit = std::max(1.0f, std::round(ImGui::GetIO().DisplayFramebufferScale.x));
    const float gap = 2.0f * unit; // between the object and its box
    // Boxes reaching into the area only (a select-all of a large scene stays cheap).
    const glm::vec2 reach = glm::vec2(gap + (kSelectionHalo + 1.0f) * unit) / per_unit;
    const Rect drawn{area.min - reach, area.max + reach};
    const World& world = session.world();
    if (m_selection_bands_unit != unit) {
        // The bands' textures for this unit (the framebuffer's pixels per UI unit changed).
        const ImVec4 accent = ImGui::ColorConvertU32ToFloat4(kSelection);
        const glm::vec4 color(accent.x, accent.y, accent.z, accent.w);
        for (const bool primary : {false, true}) {
            std::vector<std::uint8_t> rgba;
            for (const glm::vec4& band : selection_bands(color, primary, unit))
                for (int c = 0; c < 4; ++c)
                    rgba.push_back(static_cast<std::uint8_t>(std::lround(band[c] * 255.0f)));
            m_selection_bands[primary ? 1 : 0] = std::make_unique<render::Texture>(
                static_cast<int>(rgba.size() / 4), 1, rgba.data(), false);
        }
        m_selection_bands_unit = unit;
    }
    m_boxes.clear();
    for (std::size_t i = 0; i < selected.size(); ++i) {
        const Rect b = world.bounds(selected[i]);
        if (!b.overlaps(drawn)) continue;
        selection_box(m_boxes, to_pixels({b.min.x, b.max.y}) - glm::vec2(gap),
                      to_pixels({b.max.x, b.min.y}) + glm::vec2(gap), i + 1 == selected.size(),
                      unit);
    }
    for (const SelectionBox& box : m_boxes)
        m_renderer->banded_rect(to_world(box.lo), to_world(box.hi),
                                *m_selection_bands[box.primary ? 1 : 0]);
}

void ViewportPanel::draw_overlays(UiContext& ctx) {
    EditorSession& session = ctx.session;
    const World& world = session.world();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(to_im(m_origin), to_im(m_origin + m_size), true);

    // Hover highlight (the selection's boxes are in the image, under it).
    const bool game_input = session.play_state() == PlayState::Playing && !session.attached();
    const bool painting = ctx.view.tile_paint.active && !game_input;
    if (m_hovered && m_gesture == Gesture::None && !game_input && !ctx.view.place_mode &&
        !painting && !ImGui::IsPopupOpen("ViewportContext")) {
        if (const Handle h = pickable_at(ctx, mouse_world(session));
            h && !session.is_selected(world.guid(h))) {
            const Rect b = world.bounds(h);
            const glm::vec2 a = to_screen(session, {b.min.x, b.max.y});
            const glm::vec2 c = to_screen(session, {b.max.x, b.min.y});
            draw->AddRect(to_im(a), to_im(c), IM_COL32(255, 255, 255, 90), 0, 0, 1.0f);
        }
    }
    // The selection's boxes are in the image already (draw_selection).
    draw_placeholders(ctx, draw);
    if (painting)
        m_tile_paint.draw(ctx, draw, [&](glm::vec2 w) { return to_screen(session, w); });
    else if (!game_input)
        draw_handles(ctx, draw);

    if (m_gesture == Gesture::BoxSelect) {
        const ImVec2 a = to_im(m_press_screen);
        const ImVec2 b = ImGui::GetIO().MousePos;
        draw->AddRectFilled(a, b, IM_COL32(61, 152, 224, 40));
        draw->AddRect(a, b, IM_COL32(61, 152, 224, 200), 0, 0, 1.0f);
    }

    // A ghost of the prefab that a click (place mode) or a drop would place.
    if (m_hovered) {
        if (const ImGuiPayload* payload = ImGui::GetDragDropPayload();
            payload != nullptr && payload->IsDataType("DIORAMA_PREFAB")) {
            draw_ghost(ctx, draw,
                       std::string(static_cast<const char*>(payload->Data),
                                   static_cast<std::size_t>(payload->DataSize)),
                       mouse_world(session));
        } else if (ctx.view.place_mode && !ctx.view.active_prefab.empty()) {
            draw_ghost(ctx, draw, ctx.view.active_prefab, mouse_world(session));
        }
    }

    // Status text: the mouse's world position, the zoom and the tool or mode.
    const float s = ctx.scale;
    const glm::vec2 mw = mouse_world(session);
    static constexpr const char* kTools[] = {"Select", "Move", "Rotate", "Scale"};
    const std::string paint_mode =
        std::string("Paint Tiles: ") + to_string(ctx.view.tile_paint.tool);
    const char* mode = painting              ? paint_mode.c_str()
                       : ctx.view.place_mode ? "Place"
                                             : kTools[static_cast<int>(session.tool())];
    char status[160];
    if (m_hovered)
        std::snprintf(status, sizeof status, "%s   x %.0f  y %.0f   %.0f%%", mode,
                      static_cast<double>(mw.x), static_cast<double>(mw.y),
                      static_cast<double>(session.camera().zoom() * 100.0f));
    else
        std::snprintf(status, sizeof status, "%s   %.0f%%", mode,
                      static_cast<double>(session.camera().zoom() * 100.0f));
    const ImVec2 text_pos = to_im(m_origin + glm::vec2(10.0f * s, m_size.y - 24.0f * s));
    draw->AddText(text_pos + ImVec2(1, 1), IM_COL32(0, 0, 0, 160), status);
    draw->AddText(text_pos, IM_COL32(220, 224, 232, 200), status);

    if (const LiveAttachment* live = session.live()) {
        draw_live_banner(ctx, draw, *live);
    } else if (session.play_state() != PlayState::Editing) {
        // Play mode: a tinted frame and a label.
        const bool playing = session.play_state() == PlayState::Playing;
        const Simulation* sim = session.simulation();
        draw_mode_frame(ctx, draw, playing ? colors::kPlaying : colors::kPaused,
                        std::string(playing ? "PLAYING" : "PAUSED") + "  tick " +
                            std::to_string(sim != nullptr ? sim->tick_count() : 0) +
                            (session.viewing_game_camera() ? "  game camera" : "  editor camera"));
    }
    draw->PopClipRect();
}

void ViewportPanel::draw_mode_frame(UiContext& ctx, ImDrawList* draw, unsigned tint,
                                    const std::string& label, const std::string& problem) {
    const float s = ctx.scale;
    const float t = 3.0f * s;
    draw->AddRect(to_im(m_origin + glm::vec2(t * 0.5f)),
                  to_im(m_origin + m_size - glm::vec2(t * 0.5f)), tint, 0, 0, t);
    ImVec2 pos = to_im(m_origin + glm::vec2(m_size.x * 0.5f, 10.0f * s));
    for (const auto& [text, fill] :
         {std::pair{&label, tint}, std::pair{&problem, colors::kError}}) {
        if (text->empty()) continue;
        const ImVec2 size = ImGui::CalcTextSize(text->c_str());
        const ImVec2 at = pos - ImVec2(size.x * 0.5f, 0);
        draw->AddRectFilled(at - ImVec2(8 * s, 3 * s), at + size + ImVec2(8 * s, 3 * s), fill,
                            4 * s);
        draw->AddText(at, IM_COL32(20, 20, 20, 255), text->c_str());
        pos.y += size.y + 10.0f * s;
    }
}

void ViewportPanel::draw_live_banner(UiContext& ctx, ImDrawList* draw, const LiveAttachment& live) {
    using State = live::LiveClient::State;
    const live::LiveClient::View& view = live.view();
    const std::string at = live.address();
    std::string label;
    unsigned tint = colors::kLive;
    switch (view.state) {
    case State::Connecting:
        label = "CONNECTING to the player at " + at + "\u2026";
        break;
    case State::Connected:
        label = "LIVE  player " + at + "  \u2022  tick " + std::to_string(live.tick()) +
                "  \u2022  " + (live.paused() ? "paused" : "running");
        break;
    case State::Unauthorized:
        label = "REFUSED by the player at " + at + ": " + view.problem;
        tint = colors::kError;
        break;
    case State::Lost:
        label = "LOST the player at " + at + " (retrying; F8 detaches): " + view.problem;
        tint = colors::kError;
        break;
    }
    draw_mode_frame(ctx, draw, tint, label,
                    live.load_problem().empty() ? std::string()
                                                : "cannot show its state: " + live.load_problem());
}

void ViewportPanel::draw_handles(UiContext& ctx, ImDrawList* draw) {
    EditorSession& session = ctx.session;
    const std::optional<glm::vec2> center_world = session.selection_center();
    if (!center_world || session.tool() == Tool::Select || ctx.view.place_mode) return;
    const glm::vec2 c = to_screen(session, *center_world);
    const HandlePart hot = m_gesture == Gesture::ToolDrag ? m_drag_part
                           : m_hovered && m_gesture == Gesture::None
                               ? session.handle_at(mouse_world(session))
                               : HandlePart::None;
    const float len = kHandleLengthPx;
    const float box = kHandleBoxHalfPx;
    const ImVec2 tip_x = to_im(c + glm::vec2(len, 0.0f));
    const ImVec2 tip_y = to_im(c - glm::vec2(0.0f, len)); // +y world is up on screen
    const ImVec2 ci = to_im(c);
    const float t = 2.5f;

    switch (session.tool()) {
    case Tool::Move: {
        const ImU32 cx = part_color(HandlePart::AxisX, hot, colors::kAxisX);
        const ImU32 cy = part_color(HandlePart::AxisY, hot, colors::kAxisY);
        draw->AddLine(ci, tip_x - ImVec2(10, 0), cx, t);
        draw->AddTriangleFilled(tip_x, tip_x + ImVec2(-12, -6), tip_x + ImVec2(-12, 6), cx);
        draw->AddLine(ci, tip_y + ImVec2(0, 10), cy, t);
        draw->AddTriangleFilled(tip_y, tip_y + ImVec2(-6, 12), tip_y + ImVec2(6, 12), cy);
        const ImU32 cc = part_color(HandlePart::Free, hot, kHandleCenter);
        draw->AddRectFilled(ci - ImVec2(box, box), ci + ImVec2(box, box),
                            (cc & 0x00ffffffu) | 0x60000000u);
        draw->AddRect(ci - ImVec2(box, box), ci + ImVec2(box, box), cc, 0, 0, 1.5f);
        break;
    }
    case Tool::Rotate: {
        const ImU32 col = part_color(HandlePart::Rotate, hot, IM_COL32(120, 170, 255, 230));
        draw->AddCircle(ci, kRotateRadiusPx, col, 64, hot == HandlePart::Rotate ? 3.0f : 2.0f);
        // A tick showing the primary object's rotation.
        const std::vector<Handle> sel = session.selected_handles();
        if (!sel.empty())
            if (const Transform2D* tr = session.world().get<Transform2D>(sel.back())) {
                const float a = tr->rotation_deg * std::numbers::pi_v<float> / 180.0f;
                const ImVec2 dir(std::cos(a), -std::sin(a));
                draw->AddLine(ci, ci + dir * kRotateRadiusPx, IM_COL32(255, 255, 255, 120), 1.0f);
            }
        draw->AddCircleFilled(ci, 3.0f, IM_COL32(255, 255, 255, 200));
        break;
    }
    case Tool::Scale: {
        const ImU32 cx = part_color(HandlePart::ScaleX, hot, colors::kAxisX);
        const ImU32 cy = part_color(HandlePart::ScaleY, hot, colors::kAxisY);
        draw->AddLine(ci, tip_x, cx, t);
        draw->AddRectFilled(tip_x - ImVec2(box, box), tip_x + ImVec2(box, box), cx);
        draw->AddLine(ci, tip_y, cy, t);
        draw->AddRectFilled(tip_y - ImVec2(box, box), tip_y + ImVec2(box, box), cy);
        const ImU32 cc = part_color(HandlePart::ScaleUniform, hot, kHandleCenter);
        draw->AddRectFilled(ci - ImVec2(box, box), ci + ImVec2(box, box), cc);
        break;
    }
    case Tool::Select:
        break;
    }
}

void ViewportPanel::draw_ghost(UiContext& ctx, ImDrawList* draw, const std::string& prefab_name,
                               glm::vec2 world) {
    EditorSession& session = ctx.session;
    const Prefab* prefab = session.prefabs().find(prefab_name);
    if (prefab == nullptr) return;
    const GridSettings grid = ctx.session.grid();
    if (grid.snap && grid.size > 0.0f) world = glm::round(world / grid.size) * grid.size;
    glm::vec2 half(8.0f);
    ImU32 color = IM_COL32(255, 255, 255, 110);
    bool circle = false;
    if (const auto* shape = static_cast<const Shape*>(prefab->find(component_id<Shape>()))) {
        circle = shape->kind == ShapeKind::Circle;
        half = circle ? glm::vec2(shape->radius) : shape->size * 0.5f;
        color = ImGui::ColorConvertFloat4ToU32(
            ImVec4(shape->color.r, shape->color.g, shape->color.b, 0.45f));
    } else if (const auto* sprite =
                   static_cast<const Sprite*>(prefab->find(component_id<Sprite>()))) {
        half = sprite->size * 0.5f;
    }
    const glm::vec2 a = to_screen(session, world + glm::vec2(-half.x, half.y));
    const glm::vec2 b = to_screen(session, world + glm::vec2(half.x, -half.y));
    if (circle) {
        const ImVec2 c = to_im((a + b) * 0.5f);
        draw->AddCircleFilled(c, (b.x - a.x) * 0.5f, color);
        draw->AddCircle(c, (b.x - a.x) * 0.5f, IM_COL32(255, 255, 255, 160));
    } else {
        draw->AddRectFilled(to_im(a), to_im(b), color);
        draw->AddRect(to_im(a), to_im(b), IM_COL32(255, 255, 255, 160));
    }
}

} // namespace diorama::editor
