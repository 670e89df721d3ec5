#pragma once
// Small ImGui helpers the panels share: recording widgets for scripts, icon buttons drawn with
// the draw list (no icon font needed), panel headers and splitters.

#include "widget_registry.h"

#include <imgui/imgui.h>

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
    Eye,
    EyeOff,
    Lock,
    Unlock,
    Revert,
    Close,
    Plus,
    Layer,
};

// Records the last ImGui item under label (its visible part) in the registry.
void record_item(WidgetRegistry& widgets, std::string_view label,
                 WidgetKind kind = WidgetKind::Other);

// Draws an icon centred at center, size pixels across.
void draw_icon(ImDrawList* draw, Icon icon, ImVec2 center, float size, ImU32 color);

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

} // namespace diorama::editor
