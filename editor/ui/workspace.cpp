#include "workspace.h"

#include "im_math.h"
#include "menus.h"
#include "panel_gaps.h"
#include "ui_widgets.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace diorama::editor {
namespace {

// The window's colour on every part of `window` outside the panels, and around their rounded
// corners: the panels then look as if each painted its own background over the window's.
void paint_between_panels(ImDrawList& draw, const Rect& window, std::span<const Rect> panels) {
    const ImU32 window_bg = style_color(ImGuiCol_WindowBg);
    for (const Rect& part : uncovered(window, panels))
        draw.AddRectFilled(to_im(part.min), to_im(part.max), window_bg);
    // Each corner's square in the window's colour, then the panel's rounded corner over it: the
    // arc a whole panel's background has (ImGui rounds a panel by at most half its side less a
    // pixel, one corner of a piece r + 1 wide by r), on pieces that never reach another corner.
    const ImU32 panel_bg = style_color(ImGuiCol_ChildBg);
    const ImDrawFlags corner_flags[] = {
        ImDrawFlags_RoundCornersTopLeft, ImDrawFlags_RoundCornersTopRight,
        ImDrawFlags_RoundCornersBottomLeft, ImDrawFlags_RoundCornersBottomRight};
    for (const Rect& panel : panels) {
        const glm::vec2 size = panel.size();
        const float r =
            std::min(ImGui::GetStyle().ChildRounding, std::min(size.x, size.y) * 0.5f - 1.0f);
        if (r < 0.5f) continue;
        const float piece = r + 1.0f;
        const glm::vec2 corners[] = {panel.min,
                                     {panel.max.x - piece, panel.min.y},
                                     {panel.min.x, panel.max.y - piece},
                                     panel.max - glm::vec2(piece)};
        const glm::vec2 squares[] = {{0.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}, {1.0f, 1.0f}};
        for (int i = 0; i < 4; ++i) {
            const glm::vec2 square = corners[i] + squares[i];
            draw.AddRectFilled(to_im(square), to_im(square + glm::vec2(r)), window_bg);
            draw.AddRectFilled(to_im(corners[i]), to_im(corners[i] + glm::vec2(piece)), panel_bg, r,
                               corner_flags[i]);
        }
    }
}

} // namespace

void Workspace::draw_problems_tab(UiContext& ctx) {
    // A load or check that finds problems brings the tab to the front once.
    const std::size_t count = ctx.session.problems().size();
    const bool show = count != m_problems_seen && count > 0;
    m_problems_seen = count;
    char label[48];
    std::snprintf(label, sizeof label, "Problems (%zu)###problems", count);
    if (ui::begin_tab_item(ctx.widgets, "Bottom/Problems", label,
                           show ? ImGuiTabItemFlags_SetSelected : 0)) {
        m_problems.draw(ctx);
        ImGui::EndTabItem();
    }
}

void Workspace::draw(UiContext& ctx) {
    const float s = ctx.scale;
    EditorLayout& layout = ctx.config.layout;
    const float menu_h = draw_main_menu(ctx);
    m_assets.poll(ctx.session, ImGui::GetTime());
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->Pos + ImVec2(0, menu_h));
    ImGui::SetNextWindowSize(vp->Size - ImVec2(0, menu_h));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
    // No background, nor on the panels: App::frame clears the frame to the panels' colour and the
    // window's goes between them only (at the end): with a software rasterizer every pixel
    // painted costs (llvmpipe: ~1.4 M fragments a frame), a cleared one next to nothing.
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoNavFocus |
                     ImGuiWindowFlags_NoBackground);
    ImGui::PopStyleVar(3);

    const ImVec2 origin = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    const float toolbar_h = 38.0f * s;
    std::vector<Rect> panels; // where the panels were drawn (whole pixels: ImGui rounds them)
    const auto record_panel = [&] {
        panels.push_back(Rect{to_glm(ImGui::GetWindowPos()),
                              to_glm(ImGui::GetWindowPos() + ImGui::GetWindowSize())});
    };
    ImGui::SetCursorScreenPos(origin);
    ImGui::BeginChild("##toolbar", ImVec2(size.x, toolbar_h), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoBackground);
    record_panel();
    draw_toolbar(ctx);
    ImGui::EndChild();

    // Body: hierarchy | viewport over the bottom row | inspector, with splitters between.
    const float pad = 4.0f * s;
    const float gap = 5.0f * s;
    const ImVec2 body = origin + ImVec2(0, toolbar_h);
    const float w = size.x;
    const float h = size.y - toolbar_h - pad;
    float left =
        layout.show_hierarchy ? std::clamp(layout.left_width * s, 140.0f * s, w * 0.4f) : 0.0f;
    float right =
        layout.show_inspector ? std::clamp(layout.right_width * s, 200.0f * s, w * 0.45f) : 0.0f;
    // The viewport keeps at least 40% of the width: side panels shrink in small windows.
    if (const float sides = left + right; sides > w * 0.6f) {
        left *= w * 0.6f / sides;
        right *= w * 0.6f / sides;
    }
    const float cx0 = pad + (left > 0 ? left + gap : 0.0f);
    const float cx1 = w - pad - (right > 0 ? right + gap : 0.0f);
    const float cw = std::max(cx1 - cx0, 50.0f);
    float bottom =
        layout.show_bottom ? std::clamp(layout.bottom_height * s, 90.0f * s, h * 0.65f) : 0.0f;
    const float vh = h - (bottom > 0 ? bottom + gap : 0.0f);

    const auto panel = [&](const char* id, ImVec2 pos, ImVec2 panel_size, bool padded,
                           auto&& draw) {
        ImGui::SetCursorScreenPos(body + pos);
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                            padded ? ImVec2(6.0f * s, 6.0f * s) : ImVec2(0, 0));
        ImGui::BeginChild(
            id, panel_size, false,
            (padded ? ImGuiWindowFlags_AlwaysUseWindowPadding
                    : ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse) |
                ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoBackground);
        ImGui::PopStyleVar();
        record_panel();
        draw();
        ImGui::EndChild();
    };

    if (left > 0)
        panel("##hierarchy", ImVec2(pad, 0), ImVec2(left, h), true, [&] { m_hierarchy.draw(ctx); });
    panel("##viewport", ImVec2(cx0, 0), ImVec2(cw, vh), false, [&] { m_viewport.draw(ctx); });
    if (right > 0)
        panel("##inspector", ImVec2(w - pad - right, 0), ImVec2(right, h), true,
              [&] { m_inspector.draw(ctx); });
    float palette = 0.0f;
    if (bottom > 0) {
        palette = std::clamp(layout.palette_width * s, 160.0f * s, cw * 0.5f);
        panel("##prefabs", ImVec2(cx0, vh + gap), ImVec2(palette, bottom), true, [&] {
            if (ctx.view.tile_paint.active)
                m_tile_palette.draw(ctx);
            else
                m_palette.draw(ctx);
        });
        panel("##bottom", ImVec2(cx0 + palette + gap, vh + gap), ImVec2(cw - palette - gap, bottom),
              true, [&] {
                  if (ImGui::BeginTabBar("##bottom_tabs")) {
                      const bool console =
                          ui::begin_tab_item(ctx.widgets, "Bottom/Console", "Console");
                      if (console) {
                          m_console.draw(ctx);
                          ImGui::EndTabItem();
                      }
                      draw_problems_tab(ctx);
                      if (ui::begin_tab_item(ctx.widgets, "Bottom/Assets", "Assets")) {
                          m_assets.draw(ctx);
                          ImGui::EndTabItem();
                      }
                      const bool stats = ui::begin_tab_item(ctx.widgets, "Bottom/Stats", "Stats");
                      if (stats) {
                          draw_stats(ctx, RenderFigures{m_viewport.render_stats(),
                                                        m_viewport.visible_objects(),
                                                        m_viewport.cost()});
                          ImGui::EndTabItem();
                      }
                      ImGui::EndTabBar();
                  }
              });
    }

    // Behind every window, down to the display's last row (the root's size may fall short of it
    // by a part of a pixel).
    paint_between_panels(*ImGui::GetBackgroundDrawList(),
                         Rect{to_glm(origin), to_glm(vp->Pos + vp->Size)}, panels);

    // Splitters (values are stored unscaled).
    if (left > 0 && splitter("##split_left", true, body + ImVec2(pad + left, 0), ImVec2(gap, h),
                             left, 1.0f, 140.0f * s, w * 0.4f))
        layout.left_width = left / s;
    if (right > 0 && splitter("##split_right", true, body + ImVec2(w - pad - right - gap, 0),
                              ImVec2(gap, h), right, -1.0f, 200.0f * s, w * 0.45f))
        layout.right_width = right / s;
    if (bottom > 0) {
        if (splitter("##split_bottom", false, body + ImVec2(cx0, vh), ImVec2(cw, gap), bottom,
                     -1.0f, 90.0f * s, h * 0.65f))
            layout.bottom_height = bottom / s;
        if (splitter("##split_palette", true, body + ImVec2(cx0 + palette, vh + gap),
                     ImVec2(gap, bottom), palette, 1.0f, 160.0f * s, cw * 0.5f))
            layout.palette_width = palette / s;
    }
    ImGui::End();
}

} // namespace diorama::editor
