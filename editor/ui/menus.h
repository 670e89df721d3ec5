#pragma once
// The menu bar, the toolbar and the keyboard shortcuts. Every entry calls the session or the
// app's actions; the menu items and toolbar buttons are recorded for scripts ("Menu/Edit/Undo",
// "Toolbar/Play").

#include "ui_context.h"

namespace diorama::editor {

// Draws the main menu bar; returns its height in pixels.
float draw_main_menu(UiContext& ctx);

// Draws the toolbar row (tools, play controls, grid) at the cursor, full width.
void draw_toolbar(UiContext& ctx);

// Applies the editor's shortcuts for this frame (skipped while a text field has focus).
void handle_shortcuts(UiContext& ctx);

} // namespace diorama::editor
