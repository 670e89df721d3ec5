#include "modal_dialog.h"

#include "ui_widgets.h"

#include <SDL_scancode.h>

namespace diorama::editor {

namespace {

bool key_pressed(DialogKeys keys) {
    const bool enter = ImGui::IsKeyPressed(SDL_SCANCODE_RETURN);
    const bool escape = ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE);
    switch (keys) {
    case DialogKeys::None:
        return false;
    case DialogKeys::Enter:
        return enter;
    case DialogKeys::Escape:
        return escape;
    case DialogKeys::EnterOrEscape:
        return enter || escape;
    }
    return false;
}

} // namespace

std::string modal_dialog(WidgetRegistry& widgets, float scale, const DialogSpec& spec,
                         std::string& modal_text, const std::function<void(DialogFrame&)>& body) {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (spec.max_size.x > 0.0f)
        ImGui::SetNextWindowSizeConstraints(
            ImVec2(spec.min_size.x * scale, spec.min_size.y * scale),
            ImVec2(spec.max_size.x * scale, spec.max_size.y * scale));
    if (!ImGui::BeginPopupModal(spec.id.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize))
        return {};
    widgets.push_scope(spec.scope);
    DialogFrame frame;
    body(frame);
    if (!frame.close || !frame.modal_text.empty()) modal_text = frame.modal_text;
    std::string pressed;
    if (frame.close) ImGui::CloseCurrentPopup();
    if (!frame.close && !frame.buttons.empty()) {
        ImGui::Dummy(ImVec2(0, frame.gap * scale));
        const ImVec2 size(100.0f * scale, 0);
        for (std::size_t i = 0; i < frame.buttons.size(); ++i) {
            const DialogButton& b = frame.buttons[i];
            if (i > 0) ImGui::SameLine();
            const std::string label(b.label);
            const bool clicked = ui::button(widgets, label, label.c_str(), size);
            if (pressed.empty() && (clicked || key_pressed(b.keys) || (i == 0 && frame.submit))) {
                pressed = label;
                if (b.closes) ImGui::CloseCurrentPopup();
            }
        }
    }
    widgets.pop_scope();
    ImGui::EndPopup();
    return pressed;
}

} // namespace diorama::editor
