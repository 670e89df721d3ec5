#pragma once
// Small ImGui helpers the panels share: widgets that record themselves for scripts (ui::), icon
// buttons drawn with the draw list (no icon font needed), panel headers and splitters.

#include "text_field.h"
#include "widget_registry.h"

#include <imgui/imgui.h>

#include <string>
#include <string_view>

namespace diorama::editor {

enum class Icon {
    Play,
    Pause,
    Step,
    Stop,
    Select,
    Move,
    Rotate,
    Scale,
    Grid,
    Snap,
    Place,
    Tiles,
    Eye,
    EyeOff,
    Lock,
    Unlock,
    Revert,
    Apply, // an arrow up into a bar: to the prefab
    Close,
    Plus,
    Layer,
};

// Records the last ImGui item under label (its visible part) in the registry; cut: the caller
// knows part of it is not shown (its panel cutting it off at the side is found here).
void record_item(WidgetRegistry& widgets, std::string_view label,
                 WidgetKind kind = WidgetKind::Other, bool cut = false);

// Draws an icon centred at center, size pixels across.
void draw_icon(ImDrawList* draw, Icon icon, ImVec2 center, float size, ImU32 color);

// The colour of an icon_button's icon: white when active (also disabled: Play while playing
// shows its icon on the highlight), else the text colour, dimmed when disabled.
[[nodiscard]] ImU32 icon_color(bool active, bool enabled);

// A square button showing an icon; active buttons are highlighted. Returns true when clicked.
// Records it under label; tooltip shows on hover.
bool icon_button(WidgetRegistry& widgets, std::string_view label, Icon icon, bool active,
                 const char* tooltip, float size, bool enabled = true);

// A small flat icon toggle (eye, lock) for use inside rows; returns true when clicked.
bool icon_toggle(const char* id, Icon icon, ImU32 color, float size, const char* tooltip);

// The title strip at the top of a panel.
void panel_header(const char* title, float scale);

// A draggable bar between two panels: horizontal (vertical=false) resizes heights. value moves
// by the drag times sign and is kept in [lo, hi]. Returns true while dragged.
bool splitter(const char* id, bool vertical, ImVec2 pos, ImVec2 size, float& value, float sign,
              float lo, float hi);

// ImU32 for ImGui's style colour with an alpha factor.
ImU32 style_color(ImGuiCol col, float alpha = 1.0f);

// text as it fits in width pixels of the current font: itself when it fits, else its start and
// its end (a file's extension, a path's last folder) around an ellipsis, cut between UTF-8
// characters; the ellipsis alone when nothing more fits.
[[nodiscard]] std::string fit_text(std::string_view text, float width);

// ---- widgets that record themselves ----
// Each draws the ImGui widget and records it in the registry under label (its path under the
// current scope), so a script can find it; each returns what the ImGui call returns.
namespace ui {

// Before a toolbar item `width` pixels wide: stays on the line when it fits there, else starts a
// new line (toolbars wrap in narrow panels instead of running past their edge).
void same_line_if_fits(float width);
// ImGui::Checkbox after the previous toolbar item (wrapping as same_line_if_fits), recorded as a
// Checkbox.
bool checkbox_on_toolbar(WidgetRegistry& widgets, std::string_view label, const char* text,
                         bool* value);
// Whether text contains needle, ignoring ASCII case (the panels' filters).
[[nodiscard]] bool contains_nocase(std::string_view text, std::string_view needle);

// ImGui::Button(text, size), recorded as a Button.
bool button(WidgetRegistry& widgets, std::string_view label, const char* text,
            ImVec2 size = ImVec2(0, 0));
// ImGui::Checkbox, recorded as a Checkbox.
bool checkbox(WidgetRegistry& widgets, std::string_view label, const char* text, bool* value);
// ImGui::MenuItem, recorded as a Button.
bool menu_item(WidgetRegistry& widgets, std::string_view label, const char* text,
               const char* shortcut = nullptr, bool selected = false, bool enabled = true);
// ImGui::Selectable, recorded as a Button.
bool selectable(WidgetRegistry& widgets, std::string_view label, const char* text,
                bool selected = false, ImGuiSelectableFlags flags = 0, ImVec2 size = ImVec2(0, 0));
// edit_text, recorded as a TextInput.
bool input_text(WidgetRegistry& widgets, std::string_view label, const char* id, std::string* text,
                ImGuiInputTextFlags flags = 0, const char* hint = nullptr);
// edit_text_multiline, recorded as Other (scripts type into single lines only: Enter adds a line).
bool input_text_multiline(WidgetRegistry& widgets, std::string_view label, const char* id,
                          std::string* text, ImVec2 size);
// ImGui::BeginTabItem, its tab recorded as a Button (cut off when ImGui shortened its label).
bool begin_tab_item(WidgetRegistry& widgets, std::string_view label, const char* text,
                    ImGuiTabItemFlags flags = 0);
// Any other widget: pass its ImGui call's result; the widget it just drew is recorded.
// `if (ui::recorded(widgets, "x", WidgetKind::DragNumber, ImGui::DragFloat(...)))`.
bool recorded(WidgetRegistry& widgets, std::string_view label, WidgetKind kind, bool result);

} // namespace ui

} // namespace diorama::editor
