#pragma once
// What the Inspector's sources share (inspector_panel.cpp, inspector_value_widget.cpp,
// inspector_properties.cpp): the row a field is drawn from, and how a widget's edit becomes one
// undoable command.

#include "inspector_panel.h"

#include <string>

namespace diorama::editor {

struct InspectorPanel::FieldRow {
    const TypeInfo* type = nullptr;
    const FieldInfo* field = nullptr;
    std::string path;   // "Shape.color"
    FieldValue value;   // the primary object's value
    bool mixed = false; // another selected object holds a different value
    Guid primary{};
};

namespace inspector {

// Sets path on every selected object that has it, merging the gesture of the widget "##v" (every
// value widget of the inspector has that id in its own ID scope) into one command.
void apply(UiContext& ctx, const std::string& path, const FieldValue& value);
// Closes the widget's merge window when it is released.
void end_gesture(UiContext& ctx);

} // namespace inspector

} // namespace diorama::editor
