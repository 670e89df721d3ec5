#include "workspace.h"

#include "im_math.h"
#include "menus.h"
#include "ui_widgets.h"

#include <algorithm>
#include <cstdio>

namespace diorama::editor {

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
    // No background: App::frame clears the frame to the style's window colour, and with a
    // software rasterizer every pixel painted twice costs (llvmpipe: ~1.4 M fragments a frame).
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoNavFocus |
                     ImGuiWindowFlags_NoBackground);
    ImGui::PopStyleVar(3);

    const ImVec2 origin = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    const float toolbar_h = 38.0f * s;
    ImGui::SetCursorScreenPos(origin);
    ImGui::BeginChild("##toolbar", ImVec2(size.x, toolbar_h), false, ImGuiWindowFlags_NoScrollbar);
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

    // background: false for a panel whose content covers it (the viewport's image).
    const auto panel = [&](const char* id, ImVec2 pos, ImVec2 panel_size, bool padded, auto&& draw,
                           bool background = true) {
        ImGui::SetCursorScreenPos(body + pos);
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                            padded ? ImVec2(6.0f * s, 6.0f * s) : ImVec2(0, 0));
        ImGui::BeginChild(
            id, panel_size, false,
            (padded ? ImGuiWindowFlags_AlwaysUseWindowPadding
                    : ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse) |
                ImGuiWindowFlags_NoScrollbar |
                (background ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoBackground));
        ImGui::PopStyleVar();
        draw();
        ImGui::EndChild();
    };

    if (left > 0)
        panel("##hierarchy", ImVec2(pad, 0), ImVec2(left, h), true, [&] { m_hierarchy.draw(ctx); });
    // The viewport's image covers its panel, but for the prefab tabs above it when there are any.
    panel(
        "##viewport", ImVec2(cx0, 0), ImVec2(cw, vh), false, [&] { m_viewport.draw(ctx); },
        !ctx.session.prefab_tab().empty());
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
