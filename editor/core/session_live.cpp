// EditorSession attached to a running player (see "attached to a running player" in
// editor_session.h and live_attachment.h).

#include "editor_session.h"

#include "commands.h"
#include "live_attachment.h"

#include "diorama/file_io.h"
#include "diorama/log.h"

#include <filesystem>

namespace diorama::editor {

namespace fs = std::filesystem;

Result<void> EditorSession::attach(const live::LiveAddress& address) {
    if (auto refused = scene_only("Attaching to a player")) return *refused;
    if (!has_project())
        return make_error(ErrorCode::InvalidArgument,
                          "open the player's game first: the editor shows its world with the "
                          "game's types and prefabs");
    stop(); // Play, or another attachment
    end_drag();
    m_local = std::make_unique<LocalScene>(
        LocalScene{std::move(m_world), std::move(m_undo), std::move(m_selection)});
    m_world = m_game->new_world();
    m_undo = UndoStack(m_local->undo.max_steps(), m_local->undo.max_bytes());
    m_selection.clear();
    m_last_pick.clear();
    m_last_click.reset();
    m_live = std::make_unique<LiveAttachment>(address, *m_game);
    m_live_error_seen.clear();
    m_live_state_seen = live::LiveClient::State::Connecting;
    m_live_framed = false;
    log_info("attached to the player at " + m_live->address() + "; " + m_scene_name +
             " is put aside until Detach");
    return {};
}

void EditorSession::detach() {
    if (!m_live) return;
    end_drag();
    const std::string address = m_live->address();
    m_live.reset();
    m_world = std::move(m_local->world);
    m_undo = std::move(m_local->undo);
    m_selection = std::move(m_local->selection);
    m_local.reset();
    m_last_pick.clear();
    m_last_click.reset();
    log_info("detached from the player at " + address + "; back to " + m_scene_name);
}

void EditorSession::follow_player(double now_s) {
    if (!m_live) return;
    const std::vector<Guid>& selected = m_selection;
    auto fresh = m_live->update(*m_world, selected.empty() ? Guid{} : selected.back(), now_s);
    if (fresh && !m_drag) {
        m_world = std::move(fresh);
        prune_selection();
        if (!m_live_framed) {
            m_live_framed = true;
            frame_selection();
        }
    }
    using State = live::LiveClient::State;
    const live::LiveClient::View& view = m_live->view();
    if (view.state != m_live_state_seen) {
        const std::string at = "the player at " + m_live->address();
        if (view.state == State::Connected)
            log_info(at + " answers");
        else if (view.state == State::Lost)
            log_warning("lost " + at + " (retrying; Stop detaches): " + view.problem);
        else if (view.state == State::Unauthorized)
            log_error(at + " refused the token; Detach and attach with the token it logged");
        m_live_state_seen = view.state;
    }
    const std::string& refused = view.last_error;
    if (!refused.empty() && refused != m_live_error_seen) {
        m_live_error_seen = refused;
        log_warning("the player at " + m_live->address() + ": " + refused);
    }
}

Result<void> EditorSession::save_remote_state(const std::string& relative_path) {
    if (!m_live) return make_error(ErrorCode::InvalidArgument, "not attached to a player");
    if (!m_live->has_state())
        return make_error(ErrorCode::InvalidArgument,
                          "the player's state has not been read yet (" + m_live->address() + ")");
    std::string path = relative_path;
    if (!path.ends_with(".scene.json")) path += ".scene.json";
    if (auto inside = check_asset_path(project().root, path); !inside)
        return make_error(inside.error().code, inside.error().message, path);
    const fs::path file = project().root / path;
    std::error_code ec;
    if (fs::exists(file, ec))
        return make_error(ErrorCode::InvalidArgument,
                          "the file exists; choose a new name (a remote state never replaces "
                          "a file)",
                          path);
    if (auto saved = save_file_atomic(file, *m_live->state_text()); !saved) return saved;
    log_info("saved the player's state at tick " + std::to_string(m_live->state_tick()) + " to " +
             path);
    return {};
}

Error EditorSession::refused_while_attached(const std::string& what,
                                            const std::string& instead) const {
    return make_error(ErrorCode::InvalidArgument,
                      what + " is not available while attached to the player at " +
                          m_live->address() + " (" + instead + ")");
}

Result<void> EditorSession::execute_live(std::unique_ptr<EditCommand> command) {
    const std::vector<Guid> targets = command->field_targets();
    if (targets.empty()) {
        Error refused = refused_while_attached(
            command->label(), "only field edits are sent to it; Detach to edit the scene");
        log_warning(refused.message);
        return refused;
    }
    const FieldSnapshot before = LiveAttachment::fields_of(*m_world, targets);
    const std::string label = command->label();
    if (auto rejected = m_undo.try_push(*m_world, std::move(command))) {
        const Error& failure = static_cast<const EditCommand&>(*rejected).failure();
        log_warning(label + ": " + failure.describe());
        return failure;
    }
    m_live->send_changes(*m_world, before);
    prune_selection();
    return {};
}

bool EditorSession::undo_live(bool redo) {
    const Command* next = redo ? m_undo.redo_command() : m_undo.undo_command();
    if (next == nullptr || m_drag) return false;
    const FieldSnapshot before =
        LiveAttachment::fields_of(*m_world, static_cast<const EditCommand*>(next)->field_targets());
    if (!(redo ? m_undo.redo(*m_world) : m_undo.undo(*m_world))) return false;
    m_live->send_changes(*m_world, before);
    prune_selection();
    return true;
}

} // namespace diorama::editor
