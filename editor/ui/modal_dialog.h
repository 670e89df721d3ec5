#pragma once
// The one skeleton of the editor's modal dialogs: centred, sized to its content, a body, a row of
// buttons that Enter or Escape may press, every widget recorded for scripts under the dialog's
// scope, and the text scripts check with expect_modal.

#include "widget_registry.h"

#include <imgui/imgui.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::editor {

// The keys that press a button besides a click.
enum class DialogKeys : std::uint8_t { None, Enter, Escape, EnterOrEscape };

struct DialogButton {
    std::string_view label; // its text, and its widget label under the dialog's scope
    DialogKeys keys = DialogKeys::None;
    bool closes = true; // pressing it closes the dialog
};

// What the body reports while it draws one frame of the dialog.
struct DialogFrame {
    std::string modal_text;            // what scripts read while the dialog is open
    std::vector<DialogButton> buttons; // the row drawn after the body; none: no row
    bool submit = false;               // Enter in a text field: presses the first button
    bool close = false;                // closes the dialog without a button
    float gap = 8.0f;                  // space above the buttons, unscaled pixels
};

struct DialogSpec {
    std::string id;    // the popup's ImGui id ("Save Scene As###save_as"), opened with OpenPopup
    std::string scope; // the scope of its widget labels ("SaveAs")
    ImVec2 min_size{0.0f, 0.0f}; // size constraints, unscaled pixels; zero: none
    ImVec2 max_size{0.0f, 0.0f};
};

// Draws the popup spec.id when it is open: body draws the content and fills the frame, then the
// buttons follow. Returns the label of the button pressed this frame (the popup is closed), or
// an empty string. modal_text receives the frame's text while the dialog is open.
[[nodiscard]] std::string modal_dialog(WidgetRegistry& widgets, float scale, const DialogSpec& spec,
                                       std::string& modal_text,
                                       const std::function<void(DialogFrame&)>& body);

} // namespace diorama::editor
