// Dialogs: prefab authoring's. Save as Prefab asks for the new prefab's name (and whether to
// replace a prefab file of that name); Apply to Prefab tells how many other instance objects of
// the scene an apply changes before it does.

#include "dialogs.h"

#include "modal_dialog.h"
#include "ui_widgets.h"

namespace diorama::editor {

void Dialogs::open_save_prefab() {
    m_prefab_name.clear();
    m_open_save_prefab = true;
}

void Dialogs::open_apply_prefab(EditorSession& session, Guid object,
                                std::vector<std::string> fields) {
    m_apply_count = session.apply_changes_count(object, fields);
    if (m_apply_count == 0) {
        auto done = fields.size() == 1
                        ? session.apply_to_prefab(object, fields[0].substr(0, fields[0].find('.')),
                                                  fields[0].substr(fields[0].find('.') + 1))
                        : session.apply_object(object);
        if (!done) show_error("Could not apply to the prefab", done.error().describe());
        return;
    }
    m_apply_object = object;
    m_apply_fields = std::move(fields);
    m_open_apply = true;
}

void Dialogs::save_prefab(EditorSession& session, bool replace) {
    auto saved = session.save_selection_as_prefab(m_prefab_name, replace);
    if (saved) return;
    if (saved.error().code == ErrorCode::Duplicate && !replace) {
        m_open_replace_prefab = true;
        return;
    }
    show_error("Could not save the prefab", saved.error().describe());
}

void Dialogs::draw_save_prefab(UiContext& ctx) {
    EditorSession& session = ctx.session;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Save as Prefab###save_prefab", "SavePrefab"}, m_modal_text,
        [&](DialogFrame& f) {
            const std::size_t count = session.selection().size();
            const std::string what = "The " + std::to_string(count) + " selected object" +
                                     (count == 1 ? "" : "s") +
                                     " with their children become a prefab and one instance of it.";
            f.modal_text = "Save as Prefab: " + what;
            ImGui::TextUnformatted(what.c_str());
            ImGui::TextUnformatted("Name:");
            if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
            ImGui::SetNextItemWidth(320.0f * ctx.scale);
            f.submit = ui::input_text(ctx.widgets, "name", "##name", &m_prefab_name,
                                      ImGuiInputTextFlags_EnterReturnsTrue);
            const std::string problem = EditorSession::prefab_name_problem(m_prefab_name);
            if (!problem.empty() && !m_prefab_name.empty())
                ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.45f, 1.0f), "%s", problem.c_str());
            else if (!m_prefab_name.empty())
                ImGui::TextDisabled("%s", session.prefab_path_for(m_prefab_name).c_str());
            else
                ImGui::TextDisabled("letters, digits, spaces, '-' and '_'");
            f.submit = f.submit && problem.empty();
            f.buttons = {{"Save"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed == "Save") save_prefab(session, false);
}

void Dialogs::draw_replace_prefab(UiContext& ctx) {
    EditorSession& session = ctx.session;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Replace the prefab?###replace_prefab", "ReplacePrefab"},
        m_modal_text, [&](DialogFrame& f) {
            const std::string path = session.prefab_path_for(m_prefab_name);
            const std::string message = path + " exists.";
            f.modal_text = "Replace the prefab? " + message;
            ImGui::TextUnformatted(message.c_str());
            ImGui::TextDisabled("Replacing it changes every instance of it in every scene.");
            f.buttons = {{"Replace"}, {"Cancel", DialogKeys::EnterOrEscape}};
        });
    if (pressed == "Replace") save_prefab(session, true);
}

void Dialogs::draw_apply_prefab(UiContext& ctx) {
    EditorSession& session = ctx.session;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Apply to Prefab###apply_prefab", "ApplyPrefab"}, m_modal_text,
        [&](DialogFrame& f) {
            const std::string what =
                m_apply_fields.size() == 1 ? m_apply_fields[0] : std::string("every override");
            const std::string message = "Applying " + what + " to the prefab also changes " +
                                        std::to_string(m_apply_count) + " other instance object" +
                                        (m_apply_count == 1 ? "" : "s") + " in this scene.";
            f.modal_text = "Apply to Prefab: " + message;
            ImGui::TextUnformatted(message.c_str());
            ImGui::TextDisabled("Instances that override it keep their own value. Undo writes the "
                                "prefab back.");
            f.buttons = {{"Apply", DialogKeys::Enter}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed != "Apply") return;
    const std::string& path = m_apply_fields.size() == 1 ? m_apply_fields[0] : std::string();
    auto done = !path.empty()
                    ? session.apply_to_prefab(m_apply_object, path.substr(0, path.find('.')),
                                              path.substr(path.find('.') + 1))
                    : session.apply_object(m_apply_object);
    if (!done) show_error("Could not apply to the prefab", done.error().describe());
}

} // namespace diorama::editor
