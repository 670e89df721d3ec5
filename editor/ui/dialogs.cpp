#include "dialogs.h"

#include "modal_dialog.h"
#include "ui_widgets.h"

#include "diorama/log.h"

#include <SDL_scancode.h>

#include <chrono>
#include <ctime>
#include <sys/stat.h>
#include <system_error>

namespace diorama::editor {

namespace {

// "2026-11-22 08:50" for a file's modification time, local time; empty when unknown.
std::string modified_time(const std::filesystem::path& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) return {};
    std::tm local{};
    if (localtime_r(&st.st_mtime, &local) == nullptr) return {};
    char text[32];
    return std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local) > 0 ? text : "";
}

// The path field of the Save As, Open Project and Export dialogs: focused when the dialog appears;
// Enter in it submits.
void path_field(DialogFrame& f, std::string& path, float width, WidgetRegistry& widgets) {
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(width);
    f.submit =
        ui::input_text(widgets, "path", "##path", &path, ImGuiInputTextFlags_EnterReturnsTrue);
}

} // namespace

Dialogs::Dialogs(std::filesystem::path player, bool remember_recent)
    : m_player(std::move(player)), m_remember_recent(remember_recent) {}

Dialogs::~Dialogs() = default;

// ---- opening ----

void Dialogs::ask_unsaved() {
    m_open_unsaved = true;
}

void Dialogs::show_error(std::string title, std::string message) {
    m_errors.push_back({std::move(title), std::move(message)});
}

void Dialogs::open_save_as(const EditorSession& session) {
    m_dialog_path = session.scene_path().empty() ? session.project().scene_folder + "/" +
                                                       session.scene_name() + ".scene.json"
                                                 : session.scene_path();
    m_save_copy = false;
    m_open_save_as = true;
}

void Dialogs::open_project(const EditorSession& session) {
    if (session.has_project()) m_dialog_path = session.project().root.string();
    m_open_project = true;
}

void Dialogs::open_export(const EditorSession& session) {
    if (m_exporter) return;
    if (m_export_path.empty()) {
        const std::filesystem::path root = session.project().root;
        m_export_path = (root.parent_path() / (root.filename().string() + "-export")).string();
    }
    m_export_compact = m_export_force = false; // a replace is asked for each time
    m_export_done.reset();
    m_open_export = true;
}

void Dialogs::project_changed(const EditorSession& session) {
    m_dialog_path = session.project().root.string();
    m_export_path.clear(); // File > Export proposes a folder next to the new project
    if (session.access() == ProjectAccess::ReadOnly && session.project().root != m_elsewhere_root)
        m_open_elsewhere = true;
    m_elsewhere_root = session.project().root;
}

// ---- drawing ----

void Dialogs::draw(UiContext& ctx) {
    const bool any_open = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
    if (ctx.session.recovery_offer() && !any_open)
        ImGui::OpenPopup("Recover unsaved changes###recovery");
    if (const auto& q = ctx.session.save_question(); q && !any_open) {
        switch (q->issue) {
        case SaveIssue::ChangedOnDisk:
            ImGui::OpenPopup("Changed on disk###changed");
            break;
        case SaveIssue::TargetExists:
            ImGui::OpenPopup("Replace the file?###replace");
            break;
        case SaveIssue::ProjectMoved:
            ImGui::OpenPopup("Project folder moved###moved");
            break;
        case SaveIssue::WriteFailed:
            ImGui::OpenPopup("Could not save###save_failed");
            break;
        }
    }
    if (m_open_elsewhere && !any_open) {
        ImGui::OpenPopup("Project open in another editor###elsewhere");
        m_open_elsewhere = false;
    }
    if (m_open_unsaved) ImGui::OpenPopup("Unsaved changes###unsaved");
    if (m_open_save_as) ImGui::OpenPopup("Save Scene As###save_as");
    if (m_open_project) ImGui::OpenPopup("Open Project###open_project");
    if (m_open_export) ImGui::OpenPopup("Export###export");
    if (m_open_attach) ImGui::OpenPopup("Attach to Player###attach");
    if (m_open_save_remote) ImGui::OpenPopup("Save Remote State As###save_remote");
    if (m_open_save_input) ImGui::OpenPopup("Save Recorded Input As###save_input");
    if (m_open_save_prefab) ImGui::OpenPopup("Save as Prefab###save_prefab");
    if (m_open_replace_prefab) ImGui::OpenPopup("Replace the prefab?###replace_prefab");
    if (m_open_apply) ImGui::OpenPopup("Apply to Prefab###apply_prefab");
    m_open_save_prefab = m_open_replace_prefab = m_open_apply = false;
    m_open_attach = m_open_save_remote = m_open_save_input = false;
    if (!m_errors.empty() && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
        ImGui::OpenPopup("###error");
    m_open_unsaved = m_open_save_as = m_open_project = m_open_export = false;
    m_modal_text.clear();
    draw_recovery(ctx);
    draw_unsaved(ctx);
    draw_save_as(ctx);
    draw_open_project(ctx);
    draw_export(ctx);
    draw_changed_on_disk(ctx);
    draw_replace(ctx);
    draw_moved(ctx);
    draw_save_failed(ctx);
    draw_open_elsewhere(ctx);
    draw_attach(ctx);
    draw_save_remote_state(ctx);
    draw_save_input(ctx);
    draw_save_prefab(ctx);
    draw_replace_prefab(ctx);
    draw_apply_prefab(ctx);
    draw_error(ctx);
}

void Dialogs::draw_unsaved(UiContext& ctx) {
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Unsaved changes###unsaved", "Unsaved"}, m_modal_text,
        [&](DialogFrame& f) {
            const EditorSession& s = ctx.session;
            const std::string message =
                s.prefab_dirty() && s.dirty() ? "\"" + s.scene_name() + "\" and the prefab " +
                                                    s.prefab_tab() + " have unsaved changes."
                : s.prefab_dirty() ? "The prefab " + s.prefab_tab() + " has unsaved changes."
                                   : "\"" + s.scene_name() + "\" has unsaved changes.";
            f.modal_text = "Unsaved changes: " + message;
            ImGui::TextUnformatted(message.c_str());
            ImGui::TextDisabled("Save them before you go on?");
            f.buttons = {{"Save", DialogKeys::Enter}, {"Discard"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed == "Save") ctx.actions.answer_unsaved(GuardAnswer::Save);
    if (pressed == "Discard") ctx.actions.answer_unsaved(GuardAnswer::Discard);
    if (pressed == "Cancel") ctx.actions.answer_unsaved(GuardAnswer::Cancel);
}

void Dialogs::draw_recovery(UiContext& ctx) {
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Recover unsaved changes###recovery", "Recovery"}, m_modal_text,
        [&](DialogFrame& f) {
            const auto& offer = ctx.session.recovery_offer();
            if (!offer) {
                f.close = true;
                return;
            }
            const std::string message =
                offer->scene_path.empty()
                    ? "An unsaved new scene was autosaved before the editor stopped."
                    : "\"" + offer->scene_name +
                          "\" has changes that were autosaved but never saved.";
            f.modal_text = "Recover unsaved changes: " + message;
            ImGui::TextUnformatted(message.c_str());
            std::error_code ec;
            const std::string where =
                std::filesystem::relative(offer->file, ctx.session.project().root, ec).string();
            const std::string when = modified_time(offer->file);
            ImGui::TextDisabled("Autosaved %s%s: %zu objects, in %s", when.empty() ? "" : "at ",
                                when.c_str(), offer->objects, where.c_str());
            ImGui::TextDisabled(
                "Restore opens them as unsaved changes; Discard deletes that copy.");
            f.buttons = {{"Restore", DialogKeys::Enter}, {"Discard"}};
        });
    if (pressed == "Restore") {
        if (auto restored = ctx.session.restore_recovery(); restored)
            ctx.actions.project_changed();
        else
            m_errors.push_back({"Could not restore", restored.error().describe()});
    }
    if (pressed == "Discard") ctx.session.discard_recovery();
}

void Dialogs::draw_error(UiContext& ctx) {
    if (m_errors.empty()) return;
    const ErrorMessage& e = m_errors.front();
    const DialogSpec spec{e.title + "###error", "Error", ImVec2(380.0f, 0), ImVec2(760.0f, 600.0f)};
    const std::string pressed =
        modal_dialog(ctx.widgets, ctx.scale, spec, m_modal_text, [&](DialogFrame& f) {
            f.modal_text = e.title + ": " + e.message;
            ImGui::PushStyleColor(ImGuiCol_Text, colors::kError);
            ImGui::PushTextWrapPos(720.0f * ctx.scale);
            ImGui::TextUnformatted(e.message.c_str());
            ImGui::PopTextWrapPos();
            ImGui::PopStyleColor();
            ImGui::TextDisabled("Nothing was changed; the details are in the console.");
            f.buttons = {{"OK", DialogKeys::EnterOrEscape}};
        });
    if (pressed == "OK") m_errors.pop_front();
}

void Dialogs::draw_save_as(UiContext& ctx) {
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Save Scene As###save_as", "SaveAs"}, m_modal_text,
        [&](DialogFrame& f) {
            f.modal_text =
                m_save_copy ? "Save Scene As (the project folder moved)" : "Save Scene As";
            ImGui::TextUnformatted(m_save_copy
                                       ? "The project folder moved. Full path of the file:"
                                       : "File, relative to the project folder (a full path "
                                         "outside it writes a copy there):");
            path_field(f, m_dialog_path, (m_save_copy ? 560.0f : 420.0f) * ctx.scale, ctx.widgets);
            ImGui::TextDisabled(
                m_save_copy ? "\".scene.json\" is added when missing; the folder must exist."
                            : "\".scene.json\" is added when missing.");
            f.gap = 6.0f;
            f.buttons = {{"Save"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed != "Save") return;
    const Result<void> saved =
        m_save_copy ? ctx.session.save_copy(m_dialog_path) : ctx.session.save_as(m_dialog_path);
    report(ctx.session, saved, "Could not save");
    if (saved && !m_save_copy && m_remember_recent)
        add_recent_project(ctx.config, ctx.session.project().root.string());
}

void Dialogs::draw_open_project(UiContext& ctx) {
    const std::string pressed =
        modal_dialog(ctx.widgets, ctx.scale, {"Open Project###open_project", "OpenProject"},
                     m_modal_text, [&](DialogFrame& f) {
                         f.modal_text = "Open Project";
                         ImGui::TextUnformatted("Project folder (the one holding project.json):");
                         path_field(f, m_dialog_path, 480.0f * ctx.scale, ctx.widgets);
                         if (!ctx.config.recent_projects.empty()) {
                             ImGui::TextDisabled("Recent:");
                             for (const std::string& folder : ctx.config.recent_projects)
                                 if (ImGui::Selectable(folder.c_str(), folder == m_dialog_path))
                                     m_dialog_path = folder;
                         }
                         f.gap = 6.0f;
                         f.buttons = {{"Open"}, {"Cancel", DialogKeys::Escape}};
                     });
    if (pressed == "Open") ctx.actions.open_project(m_dialog_path);
}

void Dialogs::draw_export(UiContext& ctx) {
    const ImVec2 bar(520.0f * ctx.scale, 0);
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Export###export", "Export"}, m_modal_text, [&](DialogFrame& f) {
            f.gap = 6.0f;
            const bool failed = m_exporter && !advance_export();
            if (m_exporter) {
                const ExportProgress p = m_exporter->progress();
                f.modal_text = "Export: " + std::to_string(p.done) + "/" + std::to_string(p.total) +
                               " " + p.step;
                ImGui::TextUnformatted(
                    ("Exporting " + ctx.session.project().name + "\u2026").c_str());
                const float fraction =
                    p.total > 0 ? static_cast<float>(p.done) / static_cast<float>(p.total) : 0.0f;
                ImGui::ProgressBar(fraction, bar);
                record_item(ctx.widgets, "progress");
                ImGui::TextDisabled("%s", p.step.c_str());
            } else if (failed) {
                // The error dialog opens next frame; scripts see its text from now on.
                f.modal_text = m_errors.back().title + ": " + m_errors.back().message;
                f.close = true;
            } else if (m_export_done) {
                const ExportSummary& done = *m_export_done;
                f.modal_text = "Export finished: " + std::to_string(done.files.size()) +
                               " files written to " + done.output.string();
                ImGui::TextUnformatted(("Exported " + ctx.session.project().name).c_str());
                ImGui::ProgressBar(1.0f, bar, "done");
                record_item(ctx.widgets, "progress");
                ImGui::Text("%zu files, %s, in", done.files.size(),
                            describe_byte_size(done.bytes).c_str());
                ImGui::PushFont(ctx.fonts.mono);
                ImGui::TextUnformatted(done.output.c_str());
                ImGui::PopFont();
                ImGui::TextDisabled(
                    "Run it anywhere with ./run.sh (e.g. ./run.sh --ticks 600 --hash).");
                f.buttons = {{"Close", DialogKeys::EnterOrEscape}};
            } else {
                f.modal_text = "Export";
                ImGui::TextUnformatted("Output folder (created; outside the project folder):");
                path_field(f, m_export_path, bar.x, ctx.widgets);
                ui::checkbox(ctx.widgets, "compact", "Compact JSON (minified scenes and prefabs)",
                             &m_export_compact);
                ui::checkbox(ctx.widgets, "force",
                             "Replace the folder's contents when it is not empty", &m_export_force);
                if (ctx.session.dirty())
                    ImGui::TextColored(
                        ImGui::ColorConvertU32ToFloat4(colors::kWarning),
                        "The open scene has unsaved changes; the saved files are exported.");
                ImGui::TextDisabled(
                    "The player, engine, game module, data and run.sh, checked first.");
                // Export stays open: the dialog shows the export running.
                f.buttons = {{"Export", DialogKeys::None, false}, {"Cancel", DialogKeys::Escape}};
            }
        });
    if (pressed == "Close") m_export_done.reset();
    if (pressed == "Export") {
        ExportOptions options;
        options.output = m_export_path;
        options.player = m_player;
        options.compact = m_export_compact;
        options.force = m_export_force;
        if (auto exporter = ctx.session.export_project(options)) {
            m_exporter = std::move(*exporter);
            log_info("export of " + ctx.session.project().name + " to " + m_export_path +
                     " started");
        }
    }
}

bool Dialogs::advance_export() {
    constexpr auto kSlice = std::chrono::milliseconds(8); // of each frame, so the UI stays live
    const auto start = std::chrono::steady_clock::now();
    while (m_exporter->step() && std::chrono::steady_clock::now() - start < kSlice) {
    }
    if (!m_exporter->finished()) return true;
    for (const Problem& p : m_exporter->diagnostics().problems()) {
        if (p.severity == Severity::Error)
            log_error("export: " + p.error.describe());
        else
            log_warning("export: " + p.error.describe());
    }
    auto result = m_exporter->result();
    if (result) {
        log_info("exported " + std::to_string(result->files.size()) + " files to " +
                 result->output.string());
        m_export_done = std::move(*result);
        m_exporter.reset();
        return true;
    }
    std::string message = m_exporter->diagnostics().format();
    if (message.empty()) message = result.error().describe();
    if (m_exporter->progress().stage == ExportStage::Validate)
        message += "\n" + result.error().message; // the count after the list
    m_errors.push_back({"Could not export", message});
    m_exporter.reset();
    return false;
}

} // namespace diorama::editor
