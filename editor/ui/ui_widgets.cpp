#include "ui_widgets.h"

#include "im_math.h"
#include "theme.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>

namespace diorama::editor {

namespace {

void arrow_head(ImDrawList* draw, ImVec2 tip, ImVec2 dir, float size, ImU32 color) {
    const ImVec2 side(-dir.y, dir.x);
    draw->AddTriangleFilled(tip, tip - dir * size + side * (size * 0.6f),
                            tip - dir * size - side * (size * 0.6f), color);
}

} // namespace

void record_item(WidgetRegistry& widgets, std::string_view label, WidgetKind kind, bool cut) {
    if (!ImGui::IsItemVisible()) return;
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 clip_lo = draw->GetClipRectMin();
    const ImVec2 clip_hi = draw->GetClipRectMax();
    Rect r{{std::max(lo.x, clip_lo.x), std::max(lo.y, clip_lo.y)},
           {std::min(hi.x, clip_hi.x), std::min(hi.y, clip_hi.y)}};
    // Slack: a selectable's box reaches half the item spacing past the content on each side, and
    // borders are drawn on pixel centres.
    const float slack = ImGui::GetStyle().ItemSpacing.x * 0.5f + 0.5f;
    cut = cut || lo.x < clip_lo.x - slack || hi.x > clip_hi.x + slack;
    widgets.add(label, r, kind, cut);
}

void draw_icon(ImDrawList* draw, Icon icon, ImVec2 c, float size, ImU32 color) {
    const float h = size * 0.5f;
    const float t = std::max(1.0f, size / 9.0f); // line thickness
    switch (icon) {
    case Icon::Play:
        draw->AddTriangleFilled(c + ImVec2(-h * 0.6f, -h * 0.75f), c + ImVec2(h * 0.8f, 0),
                                c + ImVec2(-h * 0.6f, h * 0.75f), color);
        break;
    case Icon::Pause:
        draw->AddRectFilled(c + ImVec2(-h * 0.6f, -h * 0.7f), c + ImVec2(-h * 0.15f, h * 0.7f),
                            color, 1);
        draw->AddRectFilled(c + ImVec2(h * 0.15f, -h * 0.7f), c + ImVec2(h * 0.6f, h * 0.7f), color,
                            1);
        break;
    case Icon::Step:
        draw->AddTriangleFilled(c + ImVec2(-h * 0.7f, -h * 0.7f), c + ImVec2(h * 0.35f, 0),
                                c + ImVec2(-h * 0.7f, h * 0.7f), color);
        draw->AddRectFilled(c + ImVec2(h * 0.4f, -h * 0.7f), c + ImVec2(h * 0.75f, h * 0.7f), color,
                            1);
        break;
    case Icon::Stop:
        draw->AddRectFilled(c + ImVec2(-h * 0.62f, -h * 0.62f), c + ImVec2(h * 0.62f, h * 0.62f),
                            color, 2);
        break;
    case Icon::Select: {
        const ImVec2 p[] = {c + ImVec2(-h * 0.55f, -h * 0.85f), c + ImVec2(h * 0.6f, h * 0.25f),
                            c + ImVec2(h * 0.02f, h * 0.28f),   c + ImVec2(-h * 0.22f, h * 0.85f),
                            c + ImVec2(-h * 0.42f, h * 0.1f),   c + ImVec2(-h * 0.55f, h * 0.3f)};
        draw->AddConvexPolyFilled(p, 3, color);
        draw->AddTriangleFilled(p[0], p[5], p[2], color);
        draw->AddLine(c + ImVec2(-h * 0.1f, h * 0.15f), c + ImVec2(h * 0.15f, h * 0.8f), color,
                      t * 1.6f);
        break;
    }
    case Icon::Move: {
        const float a = h * 0.85f;
        draw->AddLine(c + ImVec2(-a, 0), c + ImVec2(a, 0), color, t);
        draw->AddLine(c + ImVec2(0, -a), c + ImVec2(0, a), color, t);
        arrow_head(draw, c + ImVec2(a + t, 0), ImVec2(1, 0), h * 0.4f, color);
        arrow_head(draw, c + ImVec2(-a - t, 0), ImVec2(-1, 0), h * 0.4f, color);
        arrow_head(draw, c + ImVec2(0, a + t), ImVec2(0, 1), h * 0.4f, color);
        arrow_head(draw, c + ImVec2(0, -a - t), ImVec2(0, -1), h * 0.4f, color);
        break;
    }
    case Icon::Rotate: {
        // Three quarters of a circle with an arrow head where it ends (clockwise on screen).
        const float r = h * 0.62f;
        const float a0 = -std::numbers::pi_v<float> * 0.5f;
        const float a1 = std::numbers::pi_v<float> * 1.0f;
        draw->PathArcTo(c, r, a0, a1, 24);
        draw->PathStroke(color, 0, t * 1.3f);
        const ImVec2 end = c + ImVec2(std::cos(a1) * r, std::sin(a1) * r);
        const ImVec2 tangent(-std::sin(a1), std::cos(a1));
        arrow_head(draw, end + tangent * (h * 0.3f), tangent, h * 0.42f, color);
        break;
    }
    case Icon::Scale:
        draw->AddRect(c + ImVec2(-h * 0.8f, -h * 0.1f), c + ImVec2(h * 0.1f, h * 0.8f), color, 1, 0,
                      t);
        draw->AddLine(c + ImVec2(-h * 0.1f, h * 0.1f), c + ImVec2(h * 0.7f, -h * 0.7f), color, t);
        arrow_head(draw, c + ImVec2(h * 0.8f, -h * 0.8f), ImVec2(0.707f, -0.707f), h * 0.45f,
                   color);
        break;
    case Icon::Grid:
        for (int i = -1; i <= 1; i += 2) {
            const float o = static_cast<float>(i) * h * 0.33f;
            draw->AddLine(c + ImVec2(o, -h * 0.8f), c + ImVec2(o, h * 0.8f), color, t * 0.8f);
            draw->AddLine(c + ImVec2(-h * 0.8f, o), c + ImVec2(h * 0.8f, o), color, t * 0.8f);
        }
        draw->AddRect(c - ImVec2(h * 0.8f, h * 0.8f), c + ImVec2(h * 0.8f, h * 0.8f), color, 1, 0,
                      t * 0.8f);
        break;
    case Icon::Snap: { // a magnet
        const float r = h * 0.55f;
        draw->PathArcTo(c + ImVec2(0, h * 0.1f), r, 0.0f, std::numbers::pi_v<float>, 16);
        draw->PathStroke(color, 0, t * 2.2f);
        draw->AddLine(c + ImVec2(-r, h * 0.1f), c + ImVec2(-r, -h * 0.7f), color, t * 2.2f);
        draw->AddLine(c + ImVec2(r, h * 0.1f), c + ImVec2(r, -h * 0.7f), color, t * 2.2f);
        break;
    }
    case Icon::Place: // a stamp: a block with a plus
        draw->AddRectFilled(c + ImVec2(-h * 0.75f, -h * 0.1f), c + ImVec2(h * 0.35f, h * 0.75f),
                            color, 2);
        draw->AddLine(c + ImVec2(h * 0.55f, -h * 0.9f), c + ImVec2(h * 0.55f, -h * 0.2f), color,
                      t * 1.4f);
        draw->AddLine(c + ImVec2(h * 0.2f, -h * 0.55f), c + ImVec2(h * 0.9f, -h * 0.55f), color,
                      t * 1.4f);
        break;
    case Icon::Tiles: // a brush over three filled cells
        for (int i = 0; i < 3; ++i) {
            const ImVec2 lo = c + ImVec2(-h * 0.85f + static_cast<float>(i) * h * 0.6f, h * 0.25f);
            draw->AddRectFilled(lo, lo + ImVec2(h * 0.5f, h * 0.5f), color, 1);
        }
        draw->AddLine(c + ImVec2(-h * 0.3f, h * 0.05f), c + ImVec2(h * 0.7f, -h * 0.85f), color,
                      t * 2.0f);
        break;
    case Icon::Eye:
    case Icon::EyeOff: {
        const float w = h * 0.9f;
        draw->PathArcTo(c + ImVec2(0, h * 0.75f), h * 1.2f, -std::numbers::pi_v<float> * 0.78f,
                        -std::numbers::pi_v<float> * 0.22f, 12);
        draw->PathStroke(color, 0, t);
        draw->PathArcTo(c - ImVec2(0, h * 0.75f), h * 1.2f, std::numbers::pi_v<float> * 0.22f,
                        std::numbers::pi_v<float> * 0.78f, 12);
        draw->PathStroke(color, 0, t);
        draw->AddCircleFilled(c, h * 0.28f, color);
        if (icon == Icon::EyeOff)
            draw->AddLine(c + ImVec2(-w, h * 0.7f), c + ImVec2(w, -h * 0.7f), color, t * 1.3f);
        break;
    }
    case Icon::Lock:
    case Icon::Unlock: {
        draw->AddRectFilled(c + ImVec2(-h * 0.6f, -h * 0.05f), c + ImVec2(h * 0.6f, h * 0.8f),
                            color, 1.5f);
        const float shift = icon == Icon::Unlock ? h * 0.55f : 0.0f;
        draw->PathArcTo(c + ImVec2(shift, -h * 0.05f), h * 0.38f, std::numbers::pi_v<float>,
                        2.0f * std::numbers::pi_v<float>, 10);
        draw->PathStroke(color, 0, t * 1.3f);
        break;
    }
    case Icon::Revert: {
        const float r = h * 0.6f;
        draw->PathArcTo(c, r, -std::numbers::pi_v<float> * 0.9f, std::numbers::pi_v<float> * 0.7f,
                        16);
        draw->PathStroke(color, 0, t * 1.2f);
        const ImVec2 start = c + ImVec2(std::cos(-std::numbers::pi_v<float> * 0.9f) * r,
                                        std::sin(-std::numbers::pi_v<float> * 0.9f) * r);
        arrow_head(draw, start + ImVec2(0, h * 0.2f), ImVec2(0, 1), h * 0.4f, color);
        break;
    }
    case Icon::Apply:
        draw->AddLine(c + ImVec2(-h * 0.55f, -h * 0.6f), c + ImVec2(h * 0.55f, -h * 0.6f), color,
                      t * 1.3f);
        draw->AddLine(c + ImVec2(0, h * 0.6f), c + ImVec2(0, -h * 0.2f), color, t * 1.3f);
        arrow_head(draw, c + ImVec2(0, -h * 0.35f), ImVec2(0, -1), h * 0.45f, color);
        break;
    case Icon::Close:
        draw->AddLine(c + ImVec2(-h * 0.5f, -h * 0.5f), c + ImVec2(h * 0.5f, h * 0.5f), color,
                      t * 1.3f);
        draw->AddLine(c + ImVec2(h * 0.5f, -h * 0.5f), c + ImVec2(-h * 0.5f, h * 0.5f), color,
                      t * 1.3f);
        break;
    case Icon::Plus:
        draw->AddLine(c + ImVec2(-h * 0.6f, 0), c + ImVec2(h * 0.6f, 0), color, t * 1.4f);
        draw->AddLine(c + ImVec2(0, -h * 0.6f), c + ImVec2(0, h * 0.6f), color, t * 1.4f);
        break;
    case Icon::Layer: {
        const ImVec2 top[] = {c + ImVec2(0, -h * 0.7f), c + ImVec2(h * 0.8f, -h * 0.25f),
                              c + ImVec2(0, h * 0.2f), c + ImVec2(-h * 0.8f, -h * 0.25f)};
        draw->AddConvexPolyFilled(top, 4, color);
        draw->AddLine(c + ImVec2(-h * 0.8f, h * 0.2f), c + ImVec2(0, h * 0.65f), color, t);
        draw->AddLine(c + ImVec2(0, h * 0.65f), c + ImVec2(h * 0.8f, h * 0.2f), color, t);
        break;
    }
    }
}

ImU32 icon_color(bool active, bool enabled) {
    // An active button shows its icon also when disabled (Play while playing): the dimmed grey
    // would vanish on the active colour.
    if (active) return IM_COL32(255, 255, 255, 255);
    return style_color(enabled ? ImGuiCol_Text : ImGuiCol_TextDisabled);
}

bool icon_button(WidgetRegistry& widgets, std::string_view label, Icon icon, bool active,
                 const char* tooltip, float size, bool enabled) {
    ImGui::PushID(label.data(), label.data() + label.size());
    if (!enabled) ImGui::BeginDisabled();
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_Header));
    const bool clicked = ImGui::Button("##icon", ImVec2(size, size));
    if (active) ImGui::PopStyleColor();
    if (!enabled) ImGui::EndDisabled();
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    draw_icon(ImGui::GetWindowDrawList(), icon, (lo + hi) * 0.5f, size * 0.55f,
              icon_color(active, enabled));
    if (tooltip != nullptr && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", tooltip);
    ImGui::PopID();
    record_item(widgets, label, WidgetKind::Button);
    return clicked;
}

bool icon_toggle(const char* id, Icon icon, ImU32 color, float size, const char* tooltip) {
    const bool clicked = ImGui::InvisibleButton(id, ImVec2(size, size));
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    if (ImGui::IsItemHovered()) {
        ImGui::GetWindowDrawList()->AddRectFilled(lo, hi, style_color(ImGuiCol_ButtonHovered), 3);
        if (tooltip != nullptr) ImGui::SetTooltip("%s", tooltip);
    }
    draw_icon(ImGui::GetWindowDrawList(), icon, (lo + hi) * 0.5f, size * 0.7f, color);
    return clicked;
}

void panel_header(const char* title, float scale) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float height = ImGui::GetTextLineHeight() + 8.0f * scale;
    const float width = ImGui::GetContentRegionAvail().x;
    draw->AddRectFilled(pos, pos + ImVec2(width, height), style_color(ImGuiCol_TableHeaderBg),
                        3.0f * scale);
    draw->AddText(pos + ImVec2(8.0f * scale, 4.0f * scale), style_color(ImGuiCol_Text), title);
    ImGui::Dummy(ImVec2(width, height));
}

bool splitter(const char* id, bool vertical, ImVec2 pos, ImVec2 size, float& value, float sign,
              float lo, float hi) {
    ImGui::SetCursorScreenPos(pos);
    ImGui::InvisibleButton(id, size);
    const bool active = ImGui::IsItemActive();
    const bool hovered = ImGui::IsItemHovered();
    if (active || hovered)
        ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
    if (active) {
        const ImVec2 delta = ImGui::GetIO().MouseDelta;
        value = std::clamp(value + sign * (vertical ? delta.x : delta.y), lo, std::max(lo, hi));
    }
    if (active || hovered) {
        const ImVec2 c = pos + size * 0.5f;
        const ImVec2 half = vertical ? ImVec2(1.0f, size.y * 0.5f) : ImVec2(size.x * 0.5f, 1.0f);
        ImGui::GetWindowDrawList()->AddRectFilled(
            c - half, c + half,
            style_color(active ? ImGuiCol_SeparatorActive : ImGuiCol_SeparatorHovered));
    }
    return active;
}

ImU32 style_color(ImGuiCol col, float alpha) {
    return ImGui::GetColorU32(col, alpha);
}

std::string fit_text(std::string_view text, float width) {
    const auto width_of = [](std::string_view t) {
        return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
    };
    if (text.empty() || width_of(text) <= width) return std::string(text);
    const auto continuation = [&](std::size_t i) {
        return i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0u) == 0x80u;
    };
    // The end kept is the extension (from the last dot) or the last folder, at most half.
    const std::size_t mark = text.find_last_of("./");
    const std::size_t wanted_tail = mark == std::string_view::npos ? 0 : text.size() - mark;
    constexpr std::string_view kEllipsis = "\u2026";
    // The text shortened to `kept` bytes around the ellipsis (fewer, at character boundaries);
    // it never gets narrower as kept grows, so the widest that fits is found by bisection.
    const auto shortened = [&](std::size_t kept) {
        const std::size_t tail = std::min(wanted_tail, kept / 2);
        std::size_t head = kept - tail;
        while (head > 0 && continuation(head))
            --head;
        std::size_t tail_from = text.size() - tail;
        while (continuation(tail_from))
            ++tail_from;
        std::string fitted(text.substr(0, head));
        fitted += kEllipsis;
        fitted += text.substr(tail_from);
        return fitted;
    };
    std::size_t fits = 0;            // shortened(fits) fits (0: the ellipsis alone, by contract)
    std::size_t fails = text.size(); // shortened(fails) does not (the whole text does not)
    while (fails - fits > 1) {
        const std::size_t kept = fits + (fails - fits) / 2;
        (width_of(shortened(kept)) <= width ? fits : fails) = kept;
    }
    return fits == 0 ? std::string(kEllipsis) : shortened(fits);
}

// ---- widgets that record themselves ----

namespace ui {

void same_line_if_fits(float width) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

bool checkbox_on_toolbar(WidgetRegistry& widgets, std::string_view label, const char* text,
                         bool* value) {
    const ImGuiStyle& style = ImGui::GetStyle();
    same_line_if_fits(ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                      ImGui::CalcTextSize(text, nullptr, true).x);
    return recorded(widgets, label, WidgetKind::Checkbox, ImGui::Checkbox(text, value));
}

bool contains_nocase(std::string_view text, std::string_view needle) {
    return std::search(text.begin(), text.end(), needle.begin(), needle.end(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           }) != text.end();
}

bool button(WidgetRegistry& widgets, std::string_view label, const char* text, ImVec2 size) {
    return recorded(widgets, label, WidgetKind::Button, ImGui::Button(text, size));
}

bool checkbox(WidgetRegistry& widgets, std::string_view label, const char* text, bool* value) {
    return recorded(widgets, label, WidgetKind::Checkbox, ImGui::Checkbox(text, value));
}

bool menu_item(WidgetRegistry& widgets, std::string_view label, const char* text,
               const char* shortcut, bool selected, bool enabled) {
    return recorded(widgets, label, WidgetKind::Button,
                    ImGui::MenuItem(text, shortcut, selected, enabled));
}

bool selectable(WidgetRegistry& widgets, std::string_view label, const char* text, bool selected,
                ImGuiSelectableFlags flags, ImVec2 size) {
    return recorded(widgets, label, WidgetKind::Button,
                    ImGui::Selectable(text, selected, flags, size));
}

bool input_text(WidgetRegistry& widgets, std::string_view label, const char* id, std::string* text,
                ImGuiInputTextFlags flags, const char* hint) {
    return recorded(widgets, label, WidgetKind::TextInput, edit_text(id, text, flags, hint));
}

bool input_text_multiline(WidgetRegistry& widgets, std::string_view label, const char* id,
                          std::string* text, ImVec2 size) {
    return recorded(widgets, label, WidgetKind::Other, edit_text_multiline(id, text, size));
}

bool begin_tab_item(WidgetRegistry& widgets, std::string_view label, const char* text,
                    ImGuiTabItemFlags flags) {
    const bool open = ImGui::BeginTabItem(text, nullptr, flags);
    // A tab bar too narrow for its tabs shortens their labels ("Co...").
    const float needed =
        ImGui::CalcTextSize(text, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
    record_item(widgets, label, WidgetKind::Button, ImGui::GetItemRectSize().x + 1.0f < needed);
    return open;
}

bool recorded(WidgetRegistry& widgets, std::string_view label, WidgetKind kind, bool result) {
    record_item(widgets, label, kind);
    return result;
}

} // namespace ui

} // namespace diorama::editor
