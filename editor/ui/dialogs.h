#pragma once
// Dialogs: the editor's modal dialogs, each built on modal_dialog(): unsaved changes, recover
// unsaved changes, errors, Save As, Open Project and Export (with its progress), the questions
// about the project on disk (dialogs_disk.cpp): the scene changed on disk, Save As onto an
// existing scene, the project folder moved, a save that could not be written (Save As, Retry),
// the project open in another editor; and the live
// link's (dialogs_live.cpp): Attach to Player, Save Remote State As. The app opens them; answers
// that leave the scene or open a project go back through AppActions.

#include "ui_context.h"

#include "diorama/export.h"

#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace diorama::editor {

class Dialogs {
public:
    // player: the diorama-player File > Export ships; remember_recent: a project saved into
    // with Save As joins the recent projects.
    Dialogs(std::filesystem::path player, bool remember_recent);
    ~Dialogs();
    Dialogs(const Dialogs&) = delete;
    Dialogs& operator=(const Dialogs&) = delete;

    // ---- opening (shown from the next draw) ----
    // Asks about unsaved changes; the answer goes to AppActions::answer_unsaved.
    void ask_unsaved();
    // Queues an error; errors show one at a time, when no other dialog is open.
    void show_error(std::string title, std::string message);
    // Save As, proposing the scene's file (or a name in the scene folder for a new scene).
    void open_save_as(const EditorSession& session);
    // Open Project, proposing the open project's folder.
    void open_project(const EditorSession& session);
    // File > Export, proposing <project>-export next to the project; not while one runs.
    void open_export(const EditorSession& session);
    // File > Attach to Player: the address and token (or token file) typed last time.
    void open_attach();
    // File > Save Remote State As, proposing a new file named after the remote scene and tick.
    void open_save_remote_state(const EditorSession& session);
    // Play > Save Recorded Input As, proposing input/<scene>-recorded.input.json
    // (dialogs_play.cpp).
    void open_save_input(const EditorSession& session);
    // Save as Prefab for the selection (dialogs_prefab.cpp): its name, then a question when the
    // file exists.
    void open_save_prefab();
    // Applies an instance object's fields to its prefab (empty: every override): at once when no
    // other instance object changes, else after asking how many will.
    void open_apply_prefab(EditorSession& session, Guid object, std::vector<std::string> fields);
    // The path fields follow a newly opened project; a project another editor holds says so.
    void project_changed(const EditorSession& session);

    // Opens the dialogs asked for and draws the open one; call once per frame after the panels.
    void draw(UiContext& ctx);

    // The open dialog's title and message this frame ("" when none), for scripts.
    [[nodiscard]] const std::string& modal_text() const { return m_modal_text; }

private:
    struct ErrorMessage {
        std::string title;
        std::string message;
    };

    void draw_recovery(UiContext& ctx);
    void draw_unsaved(UiContext& ctx);
    void draw_error(UiContext& ctx);
    void draw_save_as(UiContext& ctx);
    void draw_open_project(UiContext& ctx);
    void draw_export(UiContext& ctx);
    // ---- the project on disk (dialogs_disk.cpp) ----
    // The session's save question, each kind its own dialog.
    void draw_changed_on_disk(UiContext& ctx);
    void draw_replace(UiContext& ctx);
    void draw_moved(UiContext& ctx);
    void draw_save_failed(UiContext& ctx);
    void draw_open_elsewhere(UiContext& ctx);
    // ---- the live link (dialogs_live.cpp) ----
    void draw_attach(UiContext& ctx);
    void draw_save_remote_state(UiContext& ctx);
    void draw_save_input(UiContext& ctx);
    // ---- prefabs (dialogs_prefab.cpp) ----
    void draw_save_prefab(UiContext& ctx);
    void draw_replace_prefab(UiContext& ctx);
    void draw_apply_prefab(UiContext& ctx);
    // Saves the selection as m_prefab_name (replace: over an existing file).
    void save_prefab(EditorSession& session, bool replace);
    // Shows a failed answer's error unless it raised another question (whose dialog follows).
    void report(const EditorSession& session, const Result<void>& done, std::string title);
    // Runs export steps for a slice of this frame and reports the outcome when it finishes;
    // false when it failed (the error dialog is queued).
    bool advance_export();

    std::filesystem::path m_player;
    bool m_remember_recent = false;
    bool m_open_unsaved = false;
    bool m_open_save_as = false;
    bool m_open_project = false;
    bool m_open_export = false;
    bool m_save_copy = false;               // Save As writes a copy anywhere (the project moved)
    bool m_open_elsewhere = false;          // tell that another editor holds the project
    std::filesystem::path m_elsewhere_root; // the project it was told for
    std::string m_dialog_path;              // Save As's file or Open Project's folder
    std::deque<ErrorMessage> m_errors;
    std::string m_export_path;                  // the output folder typed in the dialog
    bool m_export_compact = false;              // minified JSON
    bool m_export_force = false;                // replace a non-empty folder
    std::unique_ptr<Exporter> m_exporter;       // while an export runs
    std::optional<ExportSummary> m_export_done; // after it succeeded, until Close
    bool m_open_attach = false;
    bool m_open_save_remote = false;
    std::string m_attach_address = "127.0.0.1:7777"; // what the player logged: HOST:PORT
    std::string m_attach_token;                      // typed, or
    std::string m_attach_token_file;                 // read from its --inspect-token-file
    std::string m_remote_path;                       // Save Remote State As's file
    bool m_open_save_input = false;
    std::string m_input_path; // Save Recorded Input As's file
    bool m_open_save_prefab = false;
    bool m_open_replace_prefab = false;
    bool m_open_apply = false;
    std::string m_prefab_name; // Save as Prefab's name
    Guid m_apply_object{};     // Apply to Prefab's instance object
    std::vector<std::string> m_apply_fields;
    std::size_t m_apply_count = 0; // the other instance objects it changes
    std::string m_modal_text;
};

} // namespace diorama::editor
