#pragma once
// The Problems panel (a tab of the bottom row): every error and warning from loading the open
// project and scene and from the last Check Project, as `diorama-player check` prints them (file,
// JSON path, message with "did you mean ...?"). Clicking one selects the object it is about and
// shows its field in the inspector.

#include "ui_context.h"

#include <cstddef>
#include <string>

namespace diorama::editor {

class ProblemsPanel {
public:
    // Draws the panel filling the current child window.
    void draw(UiContext& ctx);

private:
    bool m_show_warnings = true;
    std::string m_filter;
};

} // namespace diorama::editor
