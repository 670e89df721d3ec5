// Dialogs: the Play workflow's. Save Recorded Input As asks where to write the input the last
// Play session's game received (an input script for diorama-player run --input).

#include "dialogs.h"

#include "modal_dialog.h"
#include "ui_widgets.h"

namespace diorama::editor {

void Dialogs::open_save_input(const EditorSession& session) {
    m_input_path = "input/" + session.scene_name() + "-recorded.input.json";
    m_open_save_input = true;
}

void Dialogs::draw_save_input(UiContext& ctx) {
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Save Recorded Input As###save_input", "SaveInput"}, m_modal_text,
        [&](DialogFrame& f) {
            f.modal_text = "Save Recorded Input As";
            const std::string ticks = std::to_string(ctx.session.recorded_ticks());
            const std::string what =
                std::to_string(ctx.session.recorded_input().events.size()) + " events over " +
                ticks + " ticks of the " +
                (ctx.session.play_state() == PlayState::Editing ? "last" : "current") +
                " Play session.";
            ImGui::TextUnformatted(what.c_str());
            ImGui::TextUnformatted("File, relative to the project folder (or absolute):");
            if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
            ImGui::SetNextItemWidth(420.0f * ctx.scale);
            f.submit = ui::input_text(ctx.widgets, "path", "##path", &m_input_path,
                                      ImGuiInputTextFlags_EnterReturnsTrue |
                                          ImGuiInputTextFlags_AutoSelectAll);
            ImGui::TextDisabled("\".input.json\" is added when missing. Replay it with");
            const std::string replay = "diorama-player run PROJECT --input FILE --ticks " + ticks;
            ImGui::TextDisabled("%s", replay.c_str());
            f.buttons = {{"Save"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed != "Save") return;
    if (auto saved = ctx.session.save_recorded_input(m_input_path); !saved)
        show_error("Could not save the recorded input", saved.error().describe());
}

} // namespace diorama::editor
