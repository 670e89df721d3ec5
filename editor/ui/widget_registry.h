#pragma once
// WidgetRegistry: where each labelled widget was drawn this frame, so scripts can click, drag and
// type into the editor as a user would. Labels are paths: "Toolbar/Play", "Menu/Edit/Undo",
// "Prefabs/brick", "Inspector/Transform2D/position.x", "Hierarchy/6f1c0a9e3b2d4c11". Panels
// record their widgets while drawing; the registry is cleared at the start of every frame.

#include "diorama/geometry.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace diorama::editor {

// How a script interacts with a widget.
enum class WidgetKind : std::uint8_t {
    Button,     // click it
    DragNumber, // ctrl+click turns it into a text field; type the number and press Enter
    TextInput,  // click, select all, type, press Enter
    Checkbox,   // click toggles
    Other,      // combo boxes, colour buttons, panels: clicked, never typed into
};

struct WidgetInfo {
    Rect rect; // visible part, window pixels (y down)
    WidgetKind kind = WidgetKind::Other;
    bool cut_sideways = false; // its panel cuts part of it off at the left or right
};

class WidgetRegistry {
public:
    // Forgets the previous frame's widgets.
    void begin_frame();

    // Prefixes the labels recorded until the matching pop_scope ("Inspector" then "Transform2D").
    void push_scope(std::string_view name);
    void pop_scope();

    // Records a widget under the current scope; an empty or inverted rect (clipped away) is not
    // recorded. A label recorded twice keeps the first rectangle.
    void add(std::string_view label, const Rect& rect, WidgetKind kind = WidgetKind::Other,
             bool cut_sideways = false);

    // The widget drawn this frame under a full label path, or nullptr.
    [[nodiscard]] const WidgetInfo* find(std::string_view path) const;
    // Full paths starting with prefix, sorted (for error messages that list what exists).
    [[nodiscard]] std::vector<std::string> paths_with_prefix(std::string_view prefix) const;
    // Full paths starting with prefix whose widget is cut off at the side, sorted.
    [[nodiscard]] std::vector<std::string> cut_sideways(std::string_view prefix) const;

private:
    // The full path a label gets under the current scope.
    [[nodiscard]] std::string scoped(std::string_view label) const;

    std::unordered_map<std::string, WidgetInfo> m_widgets;
    std::vector<std::string> m_scopes;
};

} // namespace diorama::editor
