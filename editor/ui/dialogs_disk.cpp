// Dialogs: the questions about the project on disk. Each one says what happened, names the files
// and says what each button does before it is pressed; the decisions are the session's.

#include "dialogs.h"

#include "modal_dialog.h"

namespace diorama::editor {

namespace {

constexpr float kWrapPx = 600.0f; // unscaled: message lines wrap here

// A message line wrapped at the dialog's width, in the given colour (0: the text colour).
void wrapped(float scale, const std::string& text, unsigned color = 0) {
    if (color != 0) ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::PushTextWrapPos(kWrapPx * scale);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    if (color != 0) ImGui::PopStyleColor();
}

// A line saying what a button does; a path it names goes on its own line, whole.
void explains(float scale, const char* button, const std::string& what,
              const std::string& path = {}) {
    ImGui::PushTextWrapPos(kWrapPx * scale);
    ImGui::TextDisabled("%s: %s", button, what.c_str());
    ImGui::PopTextWrapPos();
    if (path.empty()) return;
    ImGui::Indent();
    ImGui::TextDisabled("%s", path.c_str());
    ImGui::Unindent();
}

DialogSpec spec(const char* id, const char* scope) {
    return {id, scope, ImVec2(420.0f, 0.0f), ImVec2(820.0f, 700.0f)};
}

} // namespace

void Dialogs::report(const EditorSession& session, const Result<void>& done, std::string title) {
    if (!done && !session.save_question())
        m_errors.push_back({std::move(title), done.error().describe()});
}

void Dialogs::draw_changed_on_disk(UiContext& ctx) {
    EditorSession& s = ctx.session;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, spec("Changed on disk###changed", "Changed"), m_modal_text,
        [&](DialogFrame& f) {
            const auto& q = s.save_question();
            if (!q || q->issue != SaveIssue::ChangedOnDisk) {
                f.close = true;
                return;
            }
            f.modal_text =
                "Changed on disk: " + q->message + "; Overwrite keeps it as " + q->keep_as;
            wrapped(ctx.scale, q->path + " was changed by another program since this editor "
                                         "loaded or saved it.");
            if (s.dirty())
                wrapped(ctx.scale, "This editor has unsaved changes to it.", colors::kWarning);
            else
                wrapped(ctx.scale, "This editor has no unsaved changes to it.");
            ImGui::Spacing();
            explains(ctx.scale, "Reload",
                     "open the version on disk" +
                         std::string(s.dirty() ? "; your unsaved changes are lost." : "."));
            explains(ctx.scale, "Overwrite", "save yours over it; the other version is kept as",
                     q->keep_as);
            explains(ctx.scale, "Save As", "save yours as a new file; the changed file stays.");
            explains(ctx.scale, "Cancel",
                     q->from_save ? "save nothing now." : "change nothing now; saving asks again.");
            f.buttons = {{"Reload"}, {"Overwrite"}, {"Save As"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed == "Reload") {
        const Result<void> reloaded = s.answer_save_question(SaveAnswer::Reload);
        report(s, reloaded, "Could not reload");
        if (reloaded) ctx.actions.project_changed();
    }
    if (pressed == "Overwrite")
        report(s, s.answer_save_question(SaveAnswer::Overwrite), "Could not save");
    if (pressed == "Save As") {
        (void)s.answer_save_question(SaveAnswer::SaveElsewhere);
        open_save_as(s);
    }
    if (pressed == "Cancel") (void)s.answer_save_question(SaveAnswer::Cancel);
}

void Dialogs::draw_replace(UiContext& ctx) {
    EditorSession& s = ctx.session;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, spec("Replace the file?###replace", "Replace"), m_modal_text,
        [&](DialogFrame& f) {
            const auto& q = s.save_question();
            if (!q || q->issue != SaveIssue::TargetExists) {
                f.close = true;
                return;
            }
            f.modal_text = "Replace the file?: " + q->message;
            wrapped(ctx.scale, q->path + " already exists.");
            if (s.backup_count() > 0)
                explains(ctx.scale, "Overwrite",
                         "replace it with this scene; the file replaced is kept as",
                         q->path + ".1");
            else
                explains(ctx.scale, "Overwrite",
                         "replace it with this scene; no backup is kept (scene_backups is 0).");
            explains(ctx.scale, "Cancel", "write nothing.");
            f.buttons = {{"Overwrite"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed == "Overwrite") {
        const Result<void> saved = s.answer_save_question(SaveAnswer::Overwrite);
        report(s, saved, "Could not save");
        if (saved && m_remember_recent) add_recent_project(ctx.config, s.project().root.string());
    }
    if (pressed == "Cancel") (void)s.answer_save_question(SaveAnswer::Cancel);
}

void Dialogs::draw_moved(UiContext& ctx) {
    EditorSession& s = ctx.session;
    std::string proposal;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, spec("Project folder moved###moved", "Moved"), m_modal_text,
        [&](DialogFrame& f) {
            const auto& q = s.save_question();
            if (!q || q->issue != SaveIssue::ProjectMoved) {
                f.close = true;
                return;
            }
            f.modal_text = "Project folder moved: " + q->message;
            wrapped(ctx.scale, "The project folder " + s.project().root.string() +
                                   " is no longer there" +
                                   (q->moved_to.empty() ? " (renamed, moved or deleted)."
                                                        : ": it is now " + q->moved_to + "."));
            wrapped(ctx.scale, q->from_save
                                   ? "Nothing was saved, and nothing was created at the old path."
                                   : "Saving will not write there.");
            wrapped(ctx.scale, "Your changes are still open.", colors::kWarning);
            explains(ctx.scale, "Save As",
                     "write the scene to a file you choose (a full path), e.g. in the folder's "
                     "new place; then open the project from there.");
            explains(ctx.scale, "Cancel", "write nothing now.");
            f.buttons = {{"Save As", DialogKeys::Enter}, {"Cancel", DialogKeys::Escape}};
            const std::string scene = s.scene_path().empty() ? s.project().scene_folder + "/" +
                                                                   s.scene_name() + ".scene.json"
                                                             : s.scene_path();
            const std::filesystem::path folder =
                q->moved_to.empty() ? s.project().root : std::filesystem::path(q->moved_to);
            proposal = (folder / scene).string();
        });
    if (pressed == "Save As") {
        (void)s.answer_save_question(SaveAnswer::SaveElsewhere);
        m_dialog_path = proposal;
        m_save_copy = true;
        m_open_save_as = true;
    }
    if (pressed == "Cancel") (void)s.answer_save_question(SaveAnswer::Cancel);
}

void Dialogs::draw_save_failed(UiContext& ctx) {
    EditorSession& s = ctx.session;
    std::string failed_path;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, spec("Could not save###save_failed", "SaveFailed"), m_modal_text,
        [&](DialogFrame& f) {
            const auto& q = s.save_question();
            if (!q || q->issue != SaveIssue::WriteFailed) {
                f.close = true;
                return;
            }
            f.modal_text = "Could not save: " + q->message;
            wrapped(ctx.scale, "The scene could not be written to " + q->path + ":");
            wrapped(ctx.scale, q->message, colors::kError);
            wrapped(ctx.scale,
                    "Nothing was lost: your changes are still open, unsaved, and can be undone; "
                    "autosave keeps its recovery copy.",
                    colors::kWarning);
            ImGui::Spacing();
            explains(ctx.scale, "Save As",
                     "write the scene to another file: in the project, or a full path elsewhere "
                     "(another disk).");
            explains(ctx.scale, "Retry",
                     "write the same file again, once the cause is fixed (space freed, the file "
                     "or folder made writable).");
            explains(ctx.scale, "Cancel", "write nothing now; the scene stays unsaved.");
            f.buttons = {{"Save As", DialogKeys::Enter}, {"Retry"}, {"Cancel", DialogKeys::Escape}};
            failed_path = q->path;
        });
    if (pressed == "Save As") {
        (void)s.answer_save_question(SaveAnswer::SaveElsewhere);
        m_dialog_path = failed_path; // a full path (a copy) is taken as such by save_as
        m_save_copy = false;
        m_open_save_as = true;
    }
    if (pressed == "Retry") report(s, s.answer_save_question(SaveAnswer::Retry), "Could not save");
    if (pressed == "Cancel") (void)s.answer_save_question(SaveAnswer::Cancel);
}

void Dialogs::draw_open_elsewhere(UiContext& ctx) {
    EditorSession& s = ctx.session;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, spec("Project open in another editor###elsewhere", "Elsewhere"),
        m_modal_text, [&](DialogFrame& f) {
            if (s.access() != ProjectAccess::ReadOnly) {
                f.close = true;
                return;
            }
            const std::string who = s.lock_holder()->describe();
            f.modal_text = "Project open in another editor: " + s.project().name + " (" + who +
                           "); opened read-only";
            wrapped(ctx.scale, s.project().name + " is open in another editor (" + who + ").");
            wrapped(ctx.scale,
                    "This editor opened it read-only: it saves nothing, and the "
                    "other editor's recovery files are left alone.",
                    colors::kWarning);
            explains(ctx.scale, "Read-only", "look, play and edit here without saving.");
            explains(ctx.scale, "Edit anyway",
                     "save from here too. Each save first checks that the file on disk is the "
                     "one this editor loaded, and asks when the other editor changed it. "
                     "Autosave stays off.");
            f.buttons = {{"Read-only", DialogKeys::EnterOrEscape}, {"Edit anyway"}};
        });
    if (pressed == "Edit anyway") s.take_over();
}

} // namespace diorama::editor
