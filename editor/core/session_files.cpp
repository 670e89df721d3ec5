// EditorSession: saving, and the project on disk: its lock, its folder's identity and the scene
// file's stamp, checked before every write so nobody's work is replaced without a question.

#include "editor_session.h"
#include "live_attachment.h"

#include "diorama/log.h"
#include "diorama/scene_file.h"

#include <ctime>
#include <system_error>
#include <utility>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kSceneSuffix = ".scene.json";
// The other version kept by Overwrite is read whole; scenes load up to 64 MiB, copies go further.
constexpr std::size_t kExternalCopyLimit = std::size_t{1} << 30;

std::string scene_name_of(const std::string& path) {
    std::string name = fs::path(path).filename().string();
    if (name.ends_with(kSceneSuffix)) name.resize(name.size() - kSceneSuffix.size());
    return name;
}

std::string with_suffix(std::string path) {
    if (!path.ends_with(kSceneSuffix)) path += kSceneSuffix;
    return path;
}

// "PATH.external-20261126-014500" (local time), with "-2", "-3"... when that file exists.
std::string external_copy_name(const Project& project, const std::string& path) {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    char stamp[32] = "unknown-time";
    if (localtime_r(&now, &local) != nullptr)
        std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    const std::string base = path + ".external-" + stamp;
    std::string name = base;
    std::error_code ec;
    for (int n = 2; fs::exists(fs::symlink_status(project.absolute(name), ec)); ++n)
        name = base + "-" + std::to_string(n);
    return name;
}

// file's path relative to folder (both absolute), or empty when it is outside it.
fs::path relative_inside(const fs::path& file, const fs::path& folder) {
    const fs::path relative = file.lexically_normal().lexically_relative(folder.lexically_normal());
    if (relative.empty() || *relative.begin() == "..") return {};
    return relative;
}

bool same_file(const FileStamp& a, const FileStamp& b) {
    return a.exists && b.exists && a.device == b.device && a.inode == b.inode;
}

} // namespace

// ---- loading with a stamp ----

Result<LoadedScene> EditorSession::load_stamped(const Game& game, const std::string& scene,
                                                Diagnostics& problems,
                                                std::optional<FileStamp>& stamp) {
    // Stamped before reading: a change made while it loads shows as a change later, never the
    // other way round.
    auto path = scene_file_for(game.project(), scene);
    if (path)
        if (auto before = stamp_file(game.project().absolute(*path))) stamp = *before;
    auto loaded = game.load_scene(scene, problems);
    if (loaded && (!path || loaded->path != *path)) stamp.reset();
    return loaded;
}

// ---- access ----

void EditorSession::adopt_project_access(bool keep_lock) {
    m_moved_reported = false;
    if (keep_lock) return;
    m_lock.reset();
    m_lock_holder.reset();
    m_lock_error.clear();
    m_taken_over = false;
    m_project_folder = FolderHandle::open(project().root);
    LockAttempt attempt = lock_project(project().root);
    m_lock = std::move(attempt.lock);
    m_lock_holder = std::move(attempt.holder);
    m_lock_error = std::move(attempt.error);
    if (m_lock_holder)
        log_warning(project().name + " is open in another editor (" + m_lock_holder->describe() +
                    "): opened read-only");
    if (!m_lock_error.empty())
        log_warning("cannot lock the project (" + m_lock_error +
                    "): autosave and recovery files are off");
}

ProjectAccess EditorSession::access() const {
    if (m_lock) return ProjectAccess::Owner;
    if (m_lock_holder) return m_taken_over ? ProjectAccess::TakenOver : ProjectAccess::ReadOnly;
    return ProjectAccess::Unlocked;
}

std::string EditorSession::access_note() const {
    if (!has_project()) return {};
    switch (access()) {
    case ProjectAccess::Owner:
        return {};
    case ProjectAccess::ReadOnly:
        return "read-only: open in another editor (" + m_lock_holder->describe() + ")";
    case ProjectAccess::TakenOver:
        return "also open in another editor (" + m_lock_holder->describe() + "); autosave is off";
    case ProjectAccess::Unlocked:
        return "not locked (" + m_lock_error + "); autosave is off";
    }
    return {};
}

void EditorSession::take_over() {
    if (access() != ProjectAccess::ReadOnly) return;
    m_taken_over = true;
    log_warning("saving " + project().name + " although it is open in another editor (" +
                m_lock_holder->describe() + "); each save checks the file on disk first");
}

bool EditorSession::project_in_place() const {
    return m_project_folder && m_project_folder->is_at(project().root);
}

bool EditorSession::owns_recovery() const {
    return has_project() && m_lock && project_in_place();
}

Result<void> EditorSession::check_access() {
    if (access() != ProjectAccess::ReadOnly) return {};
    // The other editor may have closed the project since.
    LockAttempt attempt = lock_project(project().root);
    if (attempt.lock) {
        m_lock = std::move(attempt.lock);
        m_lock_holder.reset();
        log_info("the other editor closed " + project().name + ": this editor holds it now");
        return {};
    }
    if (attempt.holder) m_lock_holder = std::move(attempt.holder);
    return make_error(ErrorCode::InvalidArgument,
                      "the project is open in another editor (" + m_lock_holder->describe() +
                          "), so this one opened it read-only; nothing was saved",
                      project().root.string());
}

// ---- saving ----

Result<void> EditorSession::save() {
    if (m_showing_prefab) return save_prefab();
    if (!m_scene_path.empty()) return save_as(m_scene_path);
    const std::string folder = has_project() ? project().scene_folder : std::string("scenes");
    return save_as(folder + "/" + m_scene_name + std::string(kSceneSuffix));
}

Result<void> EditorSession::save_as(const std::string& relative_path) {
    if (auto refused = scene_only("Save As")) return *refused;
    if (!has_project()) {
        log_error("save: no project is open");
        return make_error(ErrorCode::InvalidArgument, "no project is open");
    }
    if (m_play != PlayState::Editing) {
        log_error("save: stop playing first (the world holds the game's state)");
        return make_error(ErrorCode::InvalidArgument, "cannot save while playing");
    }
    if (fs::path(relative_path).is_absolute()) {
        // A full path: inside the project it is the same as the relative one; outside, a copy.
        const fs::path relative = relative_inside(relative_path, project().root);
        if (relative.empty()) return save_copy(relative_path);
        return save_as(relative.string());
    }
    const std::string path = with_suffix(relative_path);
    if (auto inside = check_asset_path(project().root, path); !inside) {
        log_error(path + ": " + inside.error().message);
        return make_error(inside.error().code, inside.error().message, path);
    }
    return write_scene(path, false);
}

Error EditorSession::raise(SaveQuestion question) {
    const bool failed = question.issue == SaveIssue::WriteFailed;
    Error error = make_error(failed ? ErrorCode::Io : ErrorCode::InvalidArgument, question.message,
                             question.path);
    if (failed)
        log_error("save: " + error.describe());
    else
        log_warning("save: " + error.describe());
    m_save_question = std::move(question);
    return error;
}

SaveQuestion EditorSession::moved_question(bool from_save) const {
    SaveQuestion q{.issue = SaveIssue::ProjectMoved, .path = m_scene_path, .from_save = from_save};
    if (const auto now = m_project_folder ? m_project_folder->where_now() : std::nullopt)
        q.moved_to = now->string();
    q.message = "the project folder " + project().root.string() + " is no longer there (" +
                (q.moved_to.empty() ? "renamed, moved or deleted" : "it is now " + q.moved_to) +
                "); nothing was written and your changes are still open";
    return q;
}

SaveQuestion EditorSession::write_failed(const std::string& path, const Error& error,
                                         bool replace) const {
    return {.issue = SaveIssue::WriteFailed,
            .path = path,
            .message = "could not write " + (error.where.empty() ? path : error.where) + ": " +
                       error.message + "; nothing was lost: the changes are still open, unsaved",
            .from_save = true,
            .replace = replace};
}

Result<void> EditorSession::write_scene(const std::string& path, bool replace) {
    if (m_live) {
        Error refused = refused_while_attached(
            "Saving the scene", "Detach first; File > Save Remote State As writes the player's");
        log_error("save: " + refused.message);
        return refused;
    }
    // The folder first: a save never recreates a project at the path it left.
    if (!project_in_place()) return raise(moved_question(true));
    if (auto allowed = check_access(); !allowed) {
        log_error("save: " + allowed.error().describe());
        return allowed;
    }
    const fs::path file = project().absolute(path);
    FileStamp there;
    if (auto now = stamp_file(file, false)) there = *now;
    const bool own = (!m_scene_path.empty() && fs::path(path).lexically_normal() ==
                                                   fs::path(m_scene_path).lexically_normal()) ||
                     same_file(there, m_disk);
    if (own && m_disk.exists) {
        FileStamp now;
        if (compare_with_disk(m_disk, file, now, false) == DiskChange::Changed)
            return raise({.issue = SaveIssue::ChangedOnDisk,
                          .path = path,
                          .message = path + " was changed on disk by another program since this "
                                            "editor loaded or saved it",
                          .keep_as = external_copy_name(project(), path)});
    } else if (!replace) {
        std::error_code ec;
        if (fs::exists(fs::symlink_status(file, ec)))
            return raise({.issue = SaveIssue::TargetExists,
                          .path = path,
                          .message = path + " already exists (it is another scene's file)"});
    }

    const std::string name = scene_name_of(path);
    auto text = scene_to_text(*m_world, name, prefabs());
    if (!text) {
        Error e = text.error();
        e.where = file.string() + ": " + e.where;
        log_error("save: " + e.describe());
        return e;
    }
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (auto saved = save_file_atomic(file, *text, {.backups = m_backups}); !saved)
        return raise(write_failed(path, saved.error(), replace));
    // What this editor wrote is the version on disk now.
    auto written = stamp_file(file, false);
    m_disk = written ? *written : FileStamp{};
    m_disk.content = content_hash(*text);
    m_seen_on_disk.reset();
    m_save_question.reset();
    // The file holds the changes now: the recovery copies of the old and the new path go.
    if (!m_recovery_offer && owns_recovery()) {
        std::error_code removed;
        fs::remove(recovery_file_for(m_scene_path), removed);
        fs::remove(recovery_file_for(path), removed);
        reset_autosave();
    }
    m_scene_path = path;
    m_scene_name = name;
    m_undo.mark_saved();
    log_info("saved " + m_scene_path);
    return {};
}

Result<void> EditorSession::save_copy(const fs::path& file) {
    if (!has_project() || m_play != PlayState::Editing)
        return make_error(ErrorCode::InvalidArgument, "no project is open, or it is playing");
    if (!file.is_absolute())
        return make_error(ErrorCode::InvalidArgument, "give the full path of the file",
                          file.string());
    if (project_in_place() && !relative_inside(file, project().root).empty())
        return make_error(ErrorCode::InvalidArgument,
                          "the file is inside the project folder: use Save As to save there",
                          file.string());
    return write_copy(with_suffix(file.string()), false);
}

Result<void> EditorSession::write_copy(const fs::path& file, bool replace) {
    if (m_live)
        return refused_while_attached(
            "Saving the scene", "Detach first; File > Save Remote State As writes the player's");
    std::error_code ec;
    if (!fs::is_directory(file.parent_path(), ec))
        return make_error(ErrorCode::NotFound, "no folder " + file.parent_path().string(),
                          file.string());
    if (!replace && fs::exists(fs::symlink_status(file, ec)))
        return raise({.issue = SaveIssue::TargetExists,
                      .path = file.string(),
                      .message = file.string() + " already exists"});
    auto text = scene_to_text(*m_world, scene_name_of(file.string()), prefabs());
    if (!text) {
        log_error("save a copy: " + text.error().describe());
        return text.error();
    }
    if (auto saved = save_file_atomic(file, *text, {.backups = m_backups}); !saved)
        return raise(write_failed(file.string(), saved.error(), replace));
    m_save_question.reset();
    m_undo.mark_saved();
    if (project_in_place())
        log_info("saved a copy of " + m_scene_name + " to " + file.string() +
                 " (outside the project; Save still writes " +
                 (m_scene_path.empty() ? std::string("a new file") : m_scene_path) + ")");
    else
        log_info("saved a copy of " + m_scene_name + " to " + file.string() +
                 "; open the project from its new place to go on saving");
    return {};
}

// ---- questions ----

Result<void> EditorSession::keep_external_version(const SaveQuestion& question) {
    const fs::path file = project().absolute(question.path);
    auto before = stamp_file(file, false);
    auto bytes = read_file(file, kExternalCopyLimit);
    if (!before || !bytes) {
        const Error e = !before ? before.error() : bytes.error();
        log_error("keep the other version: " + e.describe());
        return e;
    }
    if (auto kept = save_file_atomic(project().absolute(question.keep_as), *bytes, {.backups = 0});
        !kept) {
        log_error("keep the other version: " + kept.error().describe());
        return kept.error();
    }
    log_info("the version of " + question.path + " changed on disk is kept as " + question.keep_as);
    // That version is the one this save replaces; a further change still asks again.
    m_disk = *before;
    m_disk.content = content_hash(*bytes);
    return {};
}

Result<void> EditorSession::answer_save_question(SaveAnswer answer) {
    if (!m_save_question) return make_error(ErrorCode::NotFound, "no question is waiting");
    const SaveQuestion q = std::move(*m_save_question);
    m_save_question.reset();
    if (answer == SaveAnswer::Cancel || answer == SaveAnswer::SaveElsewhere) {
        if (q.issue == SaveIssue::ChangedOnDisk)
            if (auto seen = stamp_file(project().absolute(q.path), false)) m_seen_on_disk = *seen;
        return {};
    }
    const bool copy = fs::path(q.path).is_absolute();
    switch (q.issue) {
    case SaveIssue::ChangedOnDisk:
        if (answer == SaveAnswer::Reload) {
            log_info("reloading " + q.path + " from disk; the unsaved changes are dropped");
            return open_scene(q.path);
        }
        if (auto kept = keep_external_version(q); !kept) return kept;
        return write_scene(q.path, false);
    case SaveIssue::TargetExists:
        if (answer != SaveAnswer::Overwrite) break;
        return copy ? write_copy(q.path, true) : write_scene(q.path, true);
    case SaveIssue::WriteFailed:
        if (answer != SaveAnswer::Retry) break;
        return copy ? write_copy(q.path, q.replace) : write_scene(q.path, q.replace);
    case SaveIssue::ProjectMoved:
        break;
    }
    return make_error(ErrorCode::InvalidArgument, "that answer does not fit the question");
}

bool EditorSession::check_disk() {
    if (!has_project() || m_play != PlayState::Editing || m_live || m_save_question ||
        m_recovery_offer || m_showing_prefab)
        return false;
    if (!project_in_place()) {
        if (m_moved_reported) return false;
        m_moved_reported = true;
        m_save_question = moved_question(false);
        log_warning(m_save_question->message);
        return true;
    }
    if (m_scene_path.empty() || !m_disk.exists) return false;
    FileStamp now;
    const DiskChange change =
        compare_with_disk(m_disk, project().absolute(m_scene_path), now, true);
    if (change == DiskChange::Same) m_disk = now; // touched, or the same bytes again
    if (change != DiskChange::Changed) return false;
    if (m_seen_on_disk && now.same_metadata(*m_seen_on_disk)) return false;
    m_seen_on_disk = now;
    m_save_question = SaveQuestion{
        .issue = SaveIssue::ChangedOnDisk,
        .path = m_scene_path,
        .message = m_scene_path + " was changed on disk by another program since this editor "
                                  "loaded or saved it",
        .keep_as = external_copy_name(project(), m_scene_path),
        .from_save = false};
    log_warning(m_save_question->message);
    return true;
}

// ---- the window ----

std::string EditorSession::window_title() const {
    std::string title = m_scene_name + (dirty() ? "*" : "");
    if (m_showing_prefab)
        title = "prefab " + m_prefab_path + (prefab_dirty() ? "*" : "") + " (" + title + ")";
    if (m_live) title = "player " + m_live->address() + " (" + title + " put aside)";
    if (has_project() && access() == ProjectAccess::ReadOnly) title += " [read-only]";
    if (has_project()) title += " - " + project().name;
    return title + " - Diorama";
}

} // namespace diorama::editor
