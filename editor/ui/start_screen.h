#pragma once
// The start screen, shown while no project is open: a folder to type, the recent projects and
// the samples shipped with the source tree; opening goes through AppActions::open_project.

#include "ui_context.h"

#include <string>

namespace diorama::editor {

// Draws the start screen over the whole window; path is the folder field's text.
void draw_start_screen(UiContext& ctx, std::string& path);

} // namespace diorama::editor
