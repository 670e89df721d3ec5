// App's actions on projects and scenes (open, new, save, the dialogs that ask for them), each
// guarded so that no unsaved work is left without asking.

#include "app.h"

#include "diorama/render/texture.h"

#include <filesystem>
#include <system_error>

namespace diorama::editor {

// ---- actions ----

void App::guard(LeaveAction action) {
    // Play mode edits the live world; the scene to keep is the one before Play.
    if (m_session.play_state() != PlayState::Editing) m_session.stop();
    if (auto now =
            m_unsaved.request(std::move(action), m_session.dirty() || m_session.prefab_dirty()))
        perform(*now);
    else
        m_dialogs.ask_unsaved();
}

void App::project_changed() {
    after_project_change();
}

void App::answer_unsaved(GuardAnswer answer) {
    const GuardOutcome outcome = m_unsaved.answer(answer, [this] { return m_session.save_all(); });
    // A save that raised a question (changed on disk...) shows that question instead.
    if (outcome.save_error && !m_session.save_question())
        m_dialogs.show_error("Could not save", outcome.save_error->describe());
    perform(outcome.run);
}

void App::perform(const LeaveAction& action) {
    switch (action.kind) {
    case LeaveKind::None:
        break;
    case LeaveKind::Quit:
        m_quit_now = true;
        break;
    case LeaveKind::NewScene:
        m_session.new_scene();
        m_view.place_mode = false;
        break;
    case LeaveKind::OpenScene:
        if (auto opened = m_session.open_scene(action.arg); !opened)
            m_dialogs.show_error("Could not open the scene", opened.error().describe());
        else
            after_project_change();
        break;
    case LeaveKind::OpenProject:
        load_project(action.arg, "");
        break;
    }
}

void App::load_project(const std::filesystem::path& folder, const std::string& scene) {
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(folder, ec);
    if (auto opened = m_session.open_project(ec ? folder : absolute, scene); !opened) {
        m_dialogs.show_error("Could not open the project", opened.error().describe());
        return;
    }
    after_project_change();
    if (const auto& failure = m_session.module_failure())
        m_dialogs.show_error("Could not load the game module",
                             failure->describe() +
                                 "\n\nThe project opened without it: objects keep its components "
                                 "as the files have them, and Play needs the module. Rebuild it, "
                                 "then open the project again.");
    if (const auto& failure = m_session.startup_failure())
        m_dialogs.show_error("Could not open the startup scene",
                             failure->describe() +
                                 "\n\nThe project opened on a new scene; the Problems tab lists "
                                 "what is wrong. Fix the file and open it again (File > Open "
                                 "Scene).");
    if (!headless()) add_recent_project(m_config, m_session.project().root.string());
}

void App::after_project_change() {
    m_view.hidden_layers.clear();
    m_view.locked_layers.clear();
    m_view.place_mode = false;
    m_view.active_prefab.clear();
    if (m_session.project().root != m_texture_root) {
        m_texture_root = m_session.project().root;
        // This frame's UI may still draw the old cache's textures: it goes at the frame's end.
        if (!m_retired_textures) m_retired_textures = std::move(m_textures);
        m_textures = std::make_unique<render::TextureCache>(m_texture_root);
        m_missing_reported = 0;
        // The UI is redrawn whole this frame and the next: the new cache counts its revisions
        // afresh, and GL hands the old textures' names to new ones.
        m_ui_redraw_frames = 2;
    }
    m_dialogs.project_changed(m_session);
}

void App::new_scene() {
    guard({LeaveKind::NewScene, {}});
}

void App::open_scene(const std::string& scene) {
    guard({LeaveKind::OpenScene, scene});
}

void App::open_project(const std::filesystem::path& folder) {
    guard({LeaveKind::OpenProject, folder.string()});
}

void App::save() {
    if (m_session.attached()) {
        m_dialogs.show_error("Could not save",
                             "Attached to a player: Detach (F8) to save the scene; File > Save "
                             "Remote State As writes the player's state.");
        return;
    }
    if (m_session.play_state() != PlayState::Editing) {
        m_dialogs.show_error("Could not save",
                             "Stop playing first: the world holds the game's state.");
        return;
    }
    if (m_session.scene_path().empty()) {
        save_as_dialog();
        return;
    }
    if (auto saved = m_session.save(); !saved && !m_session.save_question())
        m_dialogs.show_error("Could not save", saved.error().describe());
}

void App::save_as_dialog() {
    if (m_session.has_project()) m_dialogs.open_save_as(m_session);
}

void App::open_project_dialog() {
    m_dialogs.open_project(m_session);
}

void App::export_dialog() {
    if (m_session.has_project()) m_dialogs.open_export(m_session);
}

void App::attach_dialog() {
    if (m_session.has_project()) m_dialogs.open_attach();
}

void App::save_remote_state_dialog() {
    if (m_session.attached()) m_dialogs.open_save_remote_state(m_session);
}

void App::save_prefab_dialog() {
    if (m_session.has_project() && !m_session.selection().empty()) m_dialogs.open_save_prefab();
}

void App::apply_to_prefab(Guid object, std::vector<std::string> fields) {
    m_dialogs.open_apply_prefab(m_session, object, std::move(fields));
}

void App::save_input_dialog() {
    if (m_session.has_project()) m_dialogs.open_save_input(m_session);
}

void App::quit() {
    guard({LeaveKind::Quit, {}});
}

} // namespace diorama::editor
