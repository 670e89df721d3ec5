// EditorSession: autosave to recovery files and the recovery offered when a scene is opened.

#include "editor_session.h"

#include "diorama/file_io.h"
#include "diorama/log.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"

#include <system_error>
#include <utility>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

constexpr const char* kEditorFolder = ".diorama"; // the editor's own files in a project
constexpr const char* kRecoveryFolder = ".diorama/recovery";
// The recovery file of a scene that has no file yet (a dot name no scene is given).
constexpr const char* kUnsavedRecoveryName = ".unsaved.scene.json";

// The hierarchy's order, which the state hash leaves out (it changes no simulated value): a
// reorder alone must be autosaved too. Each object's guid mixed with its place, summed.
std::uint64_t order_digest(const World& world) {
    std::uint64_t digest = 0;
    world.each_object([&](Handle h) {
        std::uint64_t x = world.guid(h).value ^ (std::uint64_t{world.tree_rank(h)} << 1);
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull; // splitmix64's finalizer
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        digest += x ^ (x >> 31);
    });
    return digest;
}

void remove_file(const fs::path& file) {
    std::error_code ec;
    fs::remove(file, ec);
}

// How recovery files are written: no backups, never through a symbolic link, and only inside
// the project's .diorama folder (the folders on the way are made).
SaveOptions recovery_writes(const fs::path& project_root) {
    return SaveOptions{.backups = 0, .confined_to = project_root / kEditorFolder};
}

} // namespace

fs::path EditorSession::recovery_file_for(const std::string& scene_path) const {
    if (!has_project()) return {};
    return project().root / kRecoveryFolder /
           (scene_path.empty() ? std::string(kUnsavedRecoveryName) : scene_path);
}

fs::path EditorSession::recovery_file() const {
    return recovery_file_for(m_scene_path);
}

void EditorSession::reset_autosave() {
    m_next_autosave_s.reset();
    m_recovery_written = false;
    m_recovery_hash = 0;
}

bool EditorSession::autosave_tick(double now_s) {
    if (!owns_recovery() || m_play != PlayState::Editing || m_live || m_recovery_offer ||
        m_autosave_interval_s <= 0.0 || m_showing_prefab)
        return false;
    if (!dirty()) {
        if (m_recovery_written) remove_file(recovery_file());
        reset_autosave();
        return false;
    }
    if (!m_next_autosave_s) {
        m_next_autosave_s = now_s + m_autosave_interval_s;
        return false;
    }
    if (now_s < *m_next_autosave_s) return false;
    m_next_autosave_s = now_s + m_autosave_interval_s;
    const std::uint64_t state = hash() ^ order_digest(*m_world);
    if (m_recovery_written && state == m_recovery_hash) return false;

    const fs::path file = recovery_file();
    if (auto saved =
            save_scene(*m_world, file, m_scene_name, prefabs(), recovery_writes(project().root));
        !saved) {
        log_warning("autosave: " + saved.error().describe());
        return false;
    }
    m_recovery_written = true;
    m_recovery_hash = state;
    std::error_code ec;
    log_info("autosaved to " + fs::relative(file, project().root, ec).string());
    return true;
}

Result<void> EditorSession::write_recovery() {
    if (!has_project() || m_recovery_offer) return {};
    show_tab(false); // the scene's state is the one to keep
    stop();          // the scene to keep is the one before Play
    if (!owns_recovery() && dirty())
        return make_error(ErrorCode::InvalidArgument,
                          "the unsaved changes cannot be kept: the recovery files are not this "
                          "editor's (" +
                              (project_in_place() ? access_note() : "the project folder moved") +
                              ")");
    if (!dirty()) {
        drop_recovery();
        return {};
    }
    const fs::path file = recovery_file();
    if (auto saved =
            save_scene(*m_world, file, m_scene_name, prefabs(), recovery_writes(project().root));
        !saved) {
        log_error("recovery copy: " + saved.error().describe());
        return saved.error();
    }
    m_recovery_written = true;
    m_recovery_hash = hash() ^ order_digest(*m_world);
    std::error_code ec;
    log_info("unsaved changes kept in " + fs::relative(file, project().root, ec).string());
    return {};
}

void EditorSession::drop_recovery() {
    if (!owns_recovery() || m_recovery_offer) return;
    remove_file(recovery_file());
    reset_autosave();
}

void EditorSession::leave_scene() {
    if (m_recovery_offer) {
        // Not decided: the file stays for the next time the scene is opened.
        m_recovery_offer.reset();
        m_recovery_world.reset();
    } else if (owns_recovery()) {
        remove_file(recovery_file());
    }
    reset_autosave();
}

void EditorSession::check_recovery(bool also_unsaved) {
    if (!owns_recovery()) return; // another editor's files, or a folder that moved
    std::vector<std::string> scenes{m_scene_path};
    if (also_unsaved && !m_scene_path.empty()) scenes.emplace_back();
    for (const std::string& scene : scenes) {
        const fs::path file = recovery_file_for(scene);
        std::error_code ec;
        if (!fs::exists(file, ec)) continue;
        Diagnostics problems;
        auto loaded = m_game->load_scene_file(file, problems);
        if (!loaded) {
            log_warning("recovery file " + file.string() +
                        " cannot be read (left in place): " + loaded.error().describe());
            continue;
        }
        if (scene == m_scene_path && state_hash(*loaded->world) == hash()) {
            remove_file(file); // the scene already holds that state
            continue;
        }
        m_recovery_offer = RecoveryOffer{file, scene, loaded->name, loaded->world->object_count()};
        m_recovery_world = std::move(loaded->world);
        log_info("found unsaved changes of " + (scene.empty() ? "an unsaved scene" : scene) +
                 " in " + file.string());
        return;
    }
}

Result<void> EditorSession::restore_recovery() {
    if (!m_recovery_offer) return make_error(ErrorCode::NotFound, "no recovery is offered");
    close_prefab();
    RecoveryOffer offer = std::move(*m_recovery_offer);
    std::unique_ptr<World> world = std::move(m_recovery_world);
    m_recovery_offer.reset();
    set_load_problems(Diagnostics{});
    adopt_scene(std::move(world), offer.scene_name, offer.scene_path);
    m_undo.mark_unsaved();
    // The recovery file holds this state: it stays until the scene is saved or left.
    m_recovery_written = true;
    m_recovery_hash = hash() ^ order_digest(*m_world);
    fit_scene();
    log_info("restored the unsaved changes of " + offer.scene_name + " from " +
             offer.file.string());
    return {};
}

void EditorSession::discard_recovery() {
    if (!m_recovery_offer) return;
    remove_file(m_recovery_offer->file);
    log_info("discarded the unsaved changes in " + m_recovery_offer->file.string());
    m_recovery_offer.reset();
    m_recovery_world.reset();
}

} // namespace diorama::editor
