#pragma once
// EditorSession: everything the editor does, without a window. The ImGui app draws panels and
// turns input into calls here; tests drive it directly. Owns the open game (see game.h: project,
// type registry with its game module, prefabs), the open scene's world, selection, undo history,
// play mode and clipboard.
//
// Play mode runs the game on the edited world itself (a copy of it is kept first, World::clone,
// or its text when scripts hold some of its components, and put back on stop). Edits made while
// playing or paused change the live world only: they are NOT recorded in the history and are lost
// on stop; undo and redo do nothing until stop.

#include "asset_catalog.h"
#include "disk_stamp.h"
#include "problems.h"
#include "project_lock.h"
#include "session_types.h"
#include "tile_painting.h"
#include "transform_handles.h"
#include "undo_stack.h"
#include "viewport_camera.h"

#include "diorama/diagnostics.h"
#include "diorama/export.h"
#include "diorama/file_io.h"
#include "diorama/game.h"
#include "diorama/handle.h"
#include "diorama/input_script.h"
#include "diorama/json_io.h"
#include "diorama/live/live_client.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/reflection.h"
#include "diorama/result.h"
#include "diorama/simulation.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace diorama::editor {

enum class SiblingPlace; // commands.h

class EditCommand;
struct EditContext;
class LiveAttachment;

class EditorSession {
public:
    // Projects open with these options (module folders; see game.h). Starts with no project and
    // an empty scene.
    explicit EditorSession(GameOptions options = {});
    ~EditorSession();

    // ---- project and scene files ----

    // Opens a project: loads its module and prefabs, then its startup scene (or `scene`, a name or
    // project-relative path). Problems are logged and returned; on failure the session keeps
    // whatever it had open before. A startup scene (no scene named) that cannot be loaded does
    // not fail it: see startup_failure(); nor does a module that cannot be loaded: see
    // module_failure(). Play mode is stopped first.
    Result<void> open_project(const std::filesystem::path& folder, const std::string& scene = {});
    // Why the startup scene could not be opened by the last open_project (which then opened the
    // project on a new empty scene, the scene's problems listed); nullopt when it opened.
    [[nodiscard]] const std::optional<Error>& startup_failure() const { return m_startup_failure; }
    // Why the open project's game module is not loaded (it opened without it: its components
    // kept as the files have them, Play refused); nullopt when it is, or the project has none.
    [[nodiscard]] const std::optional<Error>& module_failure() const {
        return m_game->module_error();
    }
    // Opens another scene of the open project (fails while playing).
    Result<void> open_scene(const std::string& scene);
    // Starts a new empty scene (unsaved, named "untitled") with the current scene's layers.
    void new_scene();
    // Saves the scene atomically to its file (when it has none: to SCENE_FOLDER/NAME.scene.json).
    // Keeps the scene dirty on failure. Fails while playing (stop first). A save never replaces
    // what this editor did not write without asking: a file changed on disk since it was loaded
    // or saved, another existing file, or a project folder gone from its path make it fail with
    // save_question() raised (see "the project on disk").
    Result<void> save();
    // Saves to a project-relative path (".scene.json" is appended when missing) and makes it the
    // scene's file; the scene takes the file's name. Asks as save() does. A full path inside the
    // project is taken as the relative one; a full path outside it writes a copy (save_copy).
    Result<void> save_as(const std::string& relative_path);
    [[nodiscard]] bool has_project() const { return m_game->has_project(); }
    [[nodiscard]] const Project& project() const { return m_game->project(); }
    [[nodiscard]] const PrefabLibrary& prefabs() const { return m_game->prefabs(); }
    [[nodiscard]] const TypeRegistry& registry() const { return m_game->registry(); }
    // An export of the project's saved files: the game is opened again from disk, so what is
    // validated is what is shipped. Fails (problems logged) when it cannot be opened.
    [[nodiscard]] Result<std::unique_ptr<Exporter>> export_project(const ExportOptions& options);
    [[nodiscard]] const std::string& scene_name() const { return m_scene_name; }
    // The scene's file, project-relative; empty when unsaved.
    [[nodiscard]] const std::string& scene_path() const { return m_scene_path; }
    // The scene has unsaved changes (while attached: the local scene put aside).
    [[nodiscard]] bool dirty() const;
    // "level1* - BOUNCE - Diorama" (the * when dirty; "level1 [read-only] - ..." when read-only).
    [[nodiscard]] std::string window_title() const;
    // Problems found when the scene or prefabs were loaded (shown in the console).
    [[nodiscard]] const Diagnostics& load_problems() const { return m_load_problems; }

    // ---- problems (session_problems.cpp) ----
    //
    // The Problems panel's list: what loading the open project and scene found, then what the
    // last check_project found. A scene opens even when prefabs it uses are missing: their
    // instances stand in for them (MissingPrefab, kept as the file has them and saved back so),
    // as components of unknown types do (UnknownComponents); both are listed here.

    [[nodiscard]] const std::vector<ProblemLine>& problems() const { return m_problems; }
    // Checks the project's saved files as `diorama-player check PROJECT` does (same messages and
    // JSON paths); its problems replace those of the last check. Returns how many it found.
    std::size_t check_project();
    // Selects the object of the open scene a problem points into (its entry read from the scene's
    // file) and asks the inspector to show the field; false (a console line says why) when the
    // problem is not about an object of the open scene.
    bool go_to_problem(const ProblemLine& problem);
    // The field ("Shape.size", or a component's name) go_to_problem asked the inspector to show;
    // empty once taken.
    [[nodiscard]] std::string take_field_focus() { return std::exchange(m_field_focus, {}); }

    // ---- the world being edited (the live world while playing) ----

    [[nodiscard]] World& world() { return *m_world; }
    [[nodiscard]] const World& world() const { return *m_world; }
    [[nodiscard]] std::uint64_t hash() const; // state_hash of the world

    // ---- selection (by guid, in selection order; the last is the primary) ----

    // Only live objects: edits, undo and stop drop the guids of objects that are gone.
    [[nodiscard]] const std::vector<Guid>& selection() const { return m_selection; }
    // The selected objects that exist, in selection order.
    [[nodiscard]] std::vector<Handle> selected_handles() const;
    void select(Guid g, bool add = false); // add: toggle membership (ctrl/shift click)
    void select_only(const std::vector<Guid>& guids);
    void clear_selection();
    void select_all();
    [[nodiscard]] bool is_selected(Guid g) const;
    // Where the transform handles are drawn: the middle of the box around the selected objects'
    // world positions (the position itself for one object); nullopt when nothing is selected.
    [[nodiscard]] std::optional<glm::vec2> selection_center() const;

    // ---- viewport ----

    [[nodiscard]] ViewportCamera& camera() { return m_camera; }
    [[nodiscard]] GridSettings& grid() { return m_grid; }
    [[nodiscard]] Tool tool() const { return m_tool; }
    void set_tool(Tool t) { m_tool = t; }
    // Objects under a world point that pass the filter, topmost first (layer order, then draw
    // order, then newest). Objects without extent are hit within kPointPickPx of their position;
    // an unfilled Shape (without Sprite or Text) only within kOutlinePickPx of its outline, so a
    // click inside it reaches what it encloses. Brings the world's spatial index up to date first.
    [[nodiscard]] std::vector<Handle> pick(glm::vec2 world_point,
                                           const PickFilter& filter = {}) const;
    // Click selection: the topmost object under the point; clicking again at the same point
    // cycles to the next one below. add: ctrl/shift multi-select.
    void click_select(glm::vec2 world_point, bool add, const PickFilter& filter = {});
    // Alt+click: selects the object under the point just below the selected one, wrapping to the
    // topmost (the topmost when no selected object is under it); nothing under it: no change.
    void cycle_select(glm::vec2 world_point, const PickFilter& filter = {});
    // Selects every object whose bounds lie inside the rectangle (add: keep the current ones).
    void box_select(const Rect& world_rect, bool add);
    // Frames the selection (or everything when nothing is selected) in the camera.
    void frame_selection();
    // Fits every object in the camera (ViewportCamera::fit: at most 100%, kept fitted as the
    // viewport gets its size): what opening a project or scene, or restoring one, shows.
    void fit_scene();
    // The transform handle part under a world point for the current tool and selection (see
    // hit_handle); with Select and Move, a point that picks a selected object (see pick: inside
    // an unfilled shape is not on it) is Free (drag to move).
    [[nodiscard]] HandlePart handle_at(glm::vec2 world_point) const;
    // A drag of a handle part: begin at a point on it, update as the mouse moves (one merged
    // command), end when released. Free/AxisX/AxisY move (the primary object's position snaps to
    // the grid); Rotate turns around the selection centre (angle snap); ScaleX/ScaleY/ScaleUniform
    // scale about it (factors snap to kScaleSnap). Snapping follows grid().snap.
    void begin_drag(HandlePart part, glm::vec2 world_point);
    void update_drag(glm::vec2 world_point);
    void end_drag();
    [[nodiscard]] bool dragging() const { return m_drag.has_value(); }
    // Moves the selection by a world offset (arrow-key nudges), one command.
    void nudge(glm::vec2 offset);

    // ---- edits (each is one undoable command) ----

    // Places an instance of a prefab (name or path) at a world point (snapped to the grid when
    // snap is on) in the prefab's layer; selects it.
    Result<Handle> place_prefab(const std::string& prefab, glm::vec2 world_point);
    // Creates an empty object named name at a world point (snapped like place_prefab), in the
    // primary selection's layer (else layer 0); selects it.
    Result<Handle> create_object(const std::string& name, glm::vec2 world_point);
    // Deletes the selected objects with their children.
    void delete_selection();
    // Copies of the selected objects (with children) under the same parents, offset by one grid
    // step (right and down), selected.
    void duplicate_selection();
    // Copies the selected objects (with children) as roots at their world transforms.
    void copy_selection();
    void cut_selection();
    // Adds the copied objects with new guids, each paste one more grid step off; selects them.
    void paste();
    [[nodiscard]] bool has_clipboard() const { return !m_clipboard.empty(); }
    // Sets a field by path ("Transform2D.position.x") on every selected object that has it;
    // merge_key groups a slider drag into one command (0: never merge).
    Result<void> set_field(const std::string& path, const FieldValue& value,
                           std::uint64_t merge_key = 0);
    // Sets a field on one object.
    Result<void> set_field(Guid object, const std::string& path, const FieldValue& value,
                           std::uint64_t merge_key = 0);
    // Restores an overridden field of a prefab instance to the prefab's value.
    Result<void> revert_to_prefab(Guid object, const std::string& component,
                                  const std::string& field);
    // True when the object is a prefab instance whose field differs from the prefab (an instance
    // root's Transform2D never does: see overrides).
    [[nodiscard]] bool is_overridden(Guid object, const std::string& component,
                                     const std::string& field) const;
    // Changes cells of a layer of the map object's TileMap (tile_painting.h) as one undo step
    // labelled `label`; with a merge key, later calls with the same key merge into it until
    // end_merge (a stroke). Nothing happens for no changes.
    Result<void> paint_tiles(Guid map, std::size_t layer, std::vector<TileChange> changes,
                             const std::string& label, std::uint64_t merge_key = 0);
    Result<void> rename(Guid object, const std::string& name);

    // Prefab files changed on disk (by another program) load again: the open scene's instances
    // take every new value they did not override, as one undo step per prefab. A prefab file
    // that no longer reads keeps the version last loaded (its instances too), and the console
    // says so. Returns how many prefabs were reloaded. Nothing happens while playing or attached
    // (session_prefab_sync.cpp).
    int reload_changed_prefabs();

    // ---- the prefab tab (session_prefab_tab.cpp) ----
    //
    // A prefab opens for editing in a tab of its own beside the scene's: its objects in a world
    // of their own (the root at the origin, nested prefabs' objects linked to them), with its own
    // history, selection and camera; switching tabs keeps each as it is. While the prefab's tab
    // shows, save() saves the prefab, and the scene's instances take what they do not override
    // (an undo step of the scene's history). Play, Save As, attaching and autosave belong to the
    // scene's tab (refused, or waiting, while the prefab's shows). Opening another scene or
    // project, or a new scene, closes the prefab tab (the app asks about unsaved changes first:
    // dirty() || prefab_dirty(), save_all()).

    // Opens a prefab (name or path) in the prefab tab and shows it; the prefab already open is
    // just shown. Refused while playing or attached, or while another prefab's tab has unsaved
    // changes.
    Result<void> open_prefab(const std::string& prefab);
    // The prefab open in the prefab tab (project-relative), "" when none.
    [[nodiscard]] const std::string& prefab_tab() const { return m_prefab_path; }
    // The prefab's tab shows (world(), the history, selection and camera are the prefab's).
    [[nodiscard]] bool showing_prefab() const { return m_showing_prefab; }
    // Shows the scene's tab or the prefab's (refused while playing: false).
    bool show_tab(bool prefab);
    // The prefab tab has changes not saved to its file.
    [[nodiscard]] bool prefab_dirty() const;
    // Writes the prefab tab's objects to its file (one root: the prefab's) and the open scene's
    // instances follow, keeping their overrides. Refused for a prefab that would contain itself.
    Result<void> save_prefab();
    // Closes the prefab tab (its unsaved changes are dropped: ask first) and shows the scene.
    void close_prefab();
    // Saves the prefab tab when it has unsaved changes, then the scene when it has (whichever
    // tab shows); stops at the first failure.
    Result<void> save_all();

    // ---- the project's files (session_assets.cpp) ----

    // Renames or moves a project file (project-relative paths; the new one's folders are made)
    // and every reference follows it: the project's scene, prefab and tileset files and
    // project.json are rewritten (nothing else in them changes), and so are the open scene's
    // objects; one undo step (undo moves it back and rewrites them again). Refused for the open
    // scene's own file and project.json, a new path that exists or leaves the project or changes
    // the kind of file (its ending), while playing or attached, and read-only. Returns the files
    // rewritten.
    Result<std::vector<std::string>> rename_asset(const std::string& from, const std::string& to);
    // Places a new object showing an image (a Sprite of the given size, world units) at a world
    // point (snapped like place_prefab), named after the file, in the primary selection's layer;
    // selects it. Refused for a path that is not an image of the project.
    Result<Handle> place_image(const std::string& image, glm::vec2 world_point, glm::vec2 size);
    // Where the project's saved files name a path (what deleting it would break).
    [[nodiscard]] std::vector<AssetUse> asset_uses(const std::string& path) const;
    // Deletes a project file by moving it into PROJECT/.diorama/trash (undo brings it back); its
    // references stay as they are. Refused as rename_asset is for the open scene's file and
    // project.json.
    Result<void> delete_asset(const std::string& path);

    // ---- prefab authoring (session_prefabs.cpp) ----

    // What save_selection_as_prefab wrote.
    struct PrefabSaved {
        std::string path;                 // the prefab file, project-relative
        Guid instance{};                  // the instance's root, which replaced the selection
        std::vector<std::string> leaving; // references to objects outside, kept on the instance
    };
    // Why name cannot name a prefab file ("" when it can): not empty, no folders, letters,
    // digits, spaces, '-' and '_' only.
    [[nodiscard]] static std::string prefab_name_problem(const std::string& name);
    // The prefab file a name would be saved to: PREFAB_FOLDER/NAME.prefab.json.
    [[nodiscard]] std::string prefab_path_for(const std::string& name) const;
    // Saves the selected objects with their children as a new prefab and makes them one
    // instance of it, as one undo step (undo unlinks them; the file stays). One selected object
    // that is not a prefab instance's becomes the prefab's root; otherwise a new root named
    // `name` takes the selected objects in, in the first one's place in the hierarchy. Every
    // object keeps its guid, its place and its values; references between them become the
    // prefab's; references leaving the selection stay on this instance only (listed). Refused
    // for an invalid name, an existing file unless replace, while playing or attached, a stand-in
    // in the selection, or a prefab that would contain itself.
    Result<PrefabSaved> save_selection_as_prefab(const std::string& name, bool replace = false);
    // Applies an instance object's field to its prefab: the prefab's file is written, and every
    // other instance object of the scene that did not override the field takes the new value;
    // one undo step (undo writes the file back). See apply_changes_count.
    Result<void> apply_to_prefab(Guid object, const std::string& component,
                                 const std::string& field);
    // The overridden fields of an instance object ("Shape.size"), in registry order. An instance
    // root's Transform2D is its place in the scene: never an override.
    [[nodiscard]] std::vector<std::string> overrides(Guid object) const;
    // Every override of the object reverted (fields back to the prefab's values, the prefab's
    // components it removed back, components it added removed), one undo step.
    Result<void> revert_object(Guid object);
    // Every overridden field of the object applied to its prefab, as apply_to_prefab does.
    Result<void> apply_object(Guid object);
    // How many other instance objects of the scene an apply of these fields ("Shape.size"; empty:
    // every override of the object) would change: what the editor asks about first.
    [[nodiscard]] std::size_t apply_changes_count(Guid object,
                                                  const std::vector<std::string>& fields) const;
    // Moves the object to an existing layer (by name).
    Result<void> set_layer(Guid object, const std::string& layer);
    // Keeps the world transform; a null parent makes it a root. Refused (ErrorCode::Cycle) when
    // new_parent is the object or one of its descendants.
    Result<void> reparent(Guid object, Guid new_parent);
    // Moves objects (with their subtrees) to just before or after target among target's
    // siblings, in their shown order, as one undo step: objects under another parent are
    // reparented (keeping their world transform) and roots join the target's layer. Refused
    // (ErrorCode::Cycle) when target is inside one of the objects' subtrees.
    Result<void> reorder(const std::vector<Guid>& objects, Guid target, SiblingPlace place);
    // Adds a component of a registered type (a prefab instance gets the prefab's values).
    Result<void> add_component(Guid object, const std::string& type);
    // Removes a component (not Transform2D); undo restores its values.
    Result<void> remove_component(Guid object, const std::string& type);
    // Properties: add or change a key (any property type, so also a retype), rename a key,
    // remove a key. set_property adds the Properties component when missing (same command).
    Result<void> set_property(Guid object, const std::string& key, const PropertyValue& value);
    Result<void> rename_property(Guid object, const std::string& from, const std::string& to);
    Result<void> remove_property(Guid object, const std::string& key);
    void end_merge() { m_undo.end_merge(); }
    // Undo and redo do nothing (false) while playing.
    bool undo();
    bool redo();
    [[nodiscard]] bool can_undo() const {
        return m_play == PlayState::Editing && m_undo.can_undo();
    }
    [[nodiscard]] bool can_redo() const {
        return m_play == PlayState::Editing && m_undo.can_redo();
    }
    [[nodiscard]] const UndoStack& history() const { return m_undo; }
    // Bounds of the undo history (see UndoStack); the oldest steps beyond them are dropped.
    void set_history_limits(std::size_t max_steps, std::size_t max_bytes) {
        m_undo.set_limits(max_steps, max_bytes);
    }
    // How many previous versions a save keeps as NAME.scene.json.1..N (default 3; 0: none).
    void set_backup_count(int backups) { m_backups = backups; }
    [[nodiscard]] int backup_count() const { return m_backups; }

    // ---- the project on disk: its lock, and what other programs did (session_files.cpp) ----
    //
    // Opening a project takes its lock (ProjectLock). When another editor holds it, the project
    // opens read-only: saves are refused, and that editor's recovery files are neither offered
    // nor removed nor written; take_over lets this editor save anyway. Only the lock's owner
    // autosaves and keeps recovery files.
    //
    // The scene file's stamp (size, times, a hash of its bytes) is kept from when it was loaded or
    // last saved, and the project folder's identity (device and inode) from when it was opened.
    // Before every write, a save checks them: the folder gone from its path refuses the save
    // (ProjectMoved; nothing is written, nothing is created at the old path); the scene's file
    // changed on disk asks (ChangedOnDisk); an existing file that is not the scene's own asks
    // (TargetExists). A write that fails (a read-only file or folder, a full disk) raises
    // WriteFailed: the scene stays as it is in memory, unsaved (history, autosave and recovery
    // go on), until Retry or a Save As elsewhere. answer_save_question takes the user's answer.

    [[nodiscard]] ProjectAccess access() const;
    // The other editor holding the project's lock (ReadOnly, TakenOver).
    [[nodiscard]] const std::optional<LockHolder>& lock_holder() const { return m_lock_holder; }
    // Why this editor does not fully own the project, for the window ("" for the owner).
    [[nodiscard]] std::string access_note() const;
    // ReadOnly -> TakenOver: this editor saves too (each save still checks the file on disk).
    void take_over();
    // The question the last save or check_disk raised, until it is answered.
    [[nodiscard]] const std::optional<SaveQuestion>& save_question() const {
        return m_save_question;
    }
    // Answers the question: Reload reopens the scene from disk; Overwrite keeps the other
    // version (ChangedOnDisk: copied to keep_as) and saves; Retry saves to the same file again;
    // SaveElsewhere and Cancel write nothing. The question goes either way (a save may raise a
    // new one).
    Result<void> answer_save_question(SaveAnswer answer);
    // Looks for what other programs did since the scene was loaded or saved (the project folder
    // moved, the scene file changed) and raises a question for what was not shown yet; call when
    // the window regains focus. Nothing happens while playing or while a question or a recovery
    // offer waits. True when it raised one.
    bool check_disk();
    // Writes the scene to an absolute file in an existing folder outside the project (anywhere
    // while the project folder is gone: ProjectMoved) and counts it as saved; the scene's file
    // stays what it was. ".scene.json" is appended when missing; an existing file is a
    // TargetExists question, a failed write a WriteFailed one. Refused inside the project.
    Result<void> save_copy(const std::filesystem::path& file);

    // ---- autosave and recovery (session_recovery.cpp) ----
    //
    // While the scene has unsaved changes, autosave_tick writes it at most every interval to its
    // recovery file, PROJECT/.diorama/recovery/<the scene's project-relative path> (an unsaved
    // scene: .diorama/recovery/untitled.scene.json), never over the scene. A save, or leaving the
    // scene (its changes saved or thrown away), removes the recovery file, and so does undoing
    // back to the saved state. Opening a project or scene looks for a recovery file of that scene
    // (and, when opening a project, of an unsaved scene): one holding the scene's own state is
    // removed; another is offered (recovery_offer) and kept, with autosave paused, until
    // restore_recovery or discard_recovery. All of this happens only in a session that owns the
    // project (it holds the project's lock and the folder is where it was opened): another
    // editor's recovery files are never offered, written or removed.

    static constexpr double kDefaultAutosaveSeconds = 120.0;

    // A recovery file found when the scene was opened, waiting for the user's decision.
    struct RecoveryOffer {
        std::filesystem::path file;
        std::string scene_path; // the scene it belongs to (project-relative; empty: unsaved)
        std::string scene_name;
        std::size_t objects = 0;
    };

    // Seconds between autosaves (0: never).
    void set_autosave_interval(double seconds) { m_autosave_interval_s = seconds; }
    [[nodiscard]] double autosave_interval() const { return m_autosave_interval_s; }
    // The open scene's recovery file; empty without a project.
    [[nodiscard]] std::filesystem::path recovery_file() const;
    // Call every frame with a monotonic clock (seconds). When the scene has had unsaved changes
    // for an interval since the last autosave and its state differs from the last one written,
    // writes the recovery file; when the scene is clean, removes the one it wrote. Nothing
    // happens while playing or while a recovery is offered. True when it wrote.
    bool autosave_tick(double now_s);
    // Writes the recovery file now when the scene has unsaved changes, else removes it (a
    // shutdown by signal). Nothing happens while a recovery is offered.
    Result<void> write_recovery();
    // Removes the open scene's recovery file: its changes were saved or thrown away (a clean
    // quit). Nothing happens while a recovery is offered.
    void drop_recovery();
    [[nodiscard]] const std::optional<RecoveryOffer>& recovery_offer() const {
        return m_recovery_offer;
    }
    // Replaces the open scene with the offered recovery copy: the same state (state hash) as when
    // it was autosaved, the scene it belongs to, unsaved changes (dirty), an empty history. The
    // file is kept until the scene is saved or left.
    Result<void> restore_recovery();
    // Removes the offered recovery file; the open scene stays as loaded.
    void discard_recovery();

    // ---- play mode ----

    // Snapshots the scene and runs the same Simulation the player runs (at the project's tick
    // rate) on the edited world; resumes when paused.
    void play();
    void pause();
    // Advances exactly one tick (pauses first when playing).
    void step();
    // Starts Play paused at tick 0 with an input script replayed (the player's --input): the
    // same scene and script give the player's state hash after the same ticks. Fails (nothing
    // starts) when the script cannot be loaded or Play is already running.
    Result<void> play_input(const std::filesystem::path& input_file);
    // Puts back the world kept as Play started (the hash before play; the same handles too unless
    // scripts hold components, which are loaded again from the scene's text, running their
    // on_create); the selection is kept for the objects that exist in it. While attached to a
    // player: detaches.
    void stop();
    // While attached to a player: Playing or Paused as the player is.
    [[nodiscard]] PlayState play_state() const;
    // Feeds real elapsed time while playing; runs whole ticks. Returns ticks run. A script
    // error pauses Play (the console names the script's file:line, the system or hook, and the
    // object).
    int advance(double elapsed_s);
    // Reloads the game's scripts that changed on disk (see Scripts::reload): while playing or
    // paused into the running game (on_reload runs), while editing into the edited world's
    // types. One console line per script reloaded; a script that fails keeps its previous
    // version and its error goes to the console. Returns the scripts reloaded.
    int reload_changed_scripts();
    // Input for the game while playing (ignored otherwise).
    void push_input(const InputEvent& event);
    [[nodiscard]] const Simulation* simulation() const { return m_simulation.get(); }

    // ---- the Play workflow (session_play.cpp) ----

    // Every event the game received in this Play session (after Stop: the last one), each at the
    // tick whose input phase received it; a new Play starts a new recording.
    [[nodiscard]] const InputScript& recorded_input() const;
    // The ticks that session ran: the player's --ticks for the same final state.
    [[nodiscard]] std::uint64_t recorded_ticks() const;
    // Writes recorded_input() as an input script (player run --input) to path, relative to the
    // project folder unless absolute (".input.json" appended when missing, folders made).
    // Refused before the first Play. Returns the file written.
    Result<std::filesystem::path> save_recorded_input(const std::string& path);
    // Keep Live Values: while playing or paused, marks the selected objects; Stop copies their
    // live component values into the scene as one undoable command (objects gone are skipped
    // with a console line). Returns how many objects were newly marked.
    std::size_t keep_live_values();
    [[nodiscard]] const std::vector<Guid>& kept_objects() const { return m_keep; }
    // While playing or paused, the viewport shows the scene's active camera (the first primary
    // Camera2D: its world position at the centre, its zoom) when follow is on (the default);
    // off, or after Stop, the editor's own camera is back as it was.
    void set_follow_game_camera(bool follow);
    [[nodiscard]] bool follow_game_camera() const { return m_follow_camera; }
    // The viewport shows the game's camera now.
    [[nodiscard]] bool viewing_game_camera() const { return m_editor_view.has_value(); }

    // ---- attached to a running player (session_live.cpp) ----
    //
    // Attached, the session shows and edits a running player's world (its live link, see
    // live_attachment.h) instead of the scene: the scene's world, history and selection are put
    // aside unchanged until detach. world() is the player's world as last read (replaced as
    // fresher states arrive: keep guids, not handles); edits of fields (the inspector, moves,
    // rotates, scales, properties) apply to it at once and are sent to the player, and undo and
    // redo send the inverse. Other edits (add, delete, rename, reparent...) are refused with a
    // console message. Play, Pause and Step act on the player and play_state() is the player's;
    // Stop detaches. Saving the scene is refused (save_remote_state writes the player's state);
    // autosave waits. Opening a project or scene, or a recovery write, detaches first.

    // Attaches (stopping Play first); refused without a project. The first state arrives in a
    // later follow_player.
    Result<void> attach(const live::LiveAddress& address);
    // Back to the scene exactly as it was put aside (world, history, selection, dirty).
    void detach();
    [[nodiscard]] bool attached() const { return m_live != nullptr; }
    [[nodiscard]] const LiveAttachment* live() const { return m_live.get(); }
    // Call every frame while attached (nothing otherwise): takes what the player's client read
    // (a fresher world, the selected object's fields) and logs the player's refusals.
    void follow_player(double now_s);
    // Writes the player's state as last read, byte for byte, to a new project-relative scene
    // file (".scene.json" appended when missing); refused when the file exists.
    Result<void> save_remote_state(const std::string& relative_path);

private:
    // A transform drag in progress.
    struct Drag {
        struct Item {
            Guid object{};
            Transform2D start_local;
            glm::vec2 start_world{0.0f};
            glm::mat3 parent_world{1.0f}; // identity for a root
        };
        HandlePart part = HandlePart::None;
        glm::vec2 start{0.0f};       // world point where it began
        glm::vec2 pivot{0.0f};       // the selection centre at the start
        float handle_length = 1.0f;  // kHandleLengthPx in world units at the start
        std::uint64_t merge_key = 0; // its commands merge into one
        bool recorded = false;       // a command was made (later ones merge into it)
        std::vector<Item> items;     // the selected objects not below another selected one
    };

    // ---- helpers (editor_session.cpp) ----
    // What play() keeps for stop(): a copy of the world, or (world null) its saved text.
    struct PlaySnapshot {
        std::unique_ptr<World> world;
        std::string text;
    };
    // Keeps the world as it is in m_play_snapshot; fails (keeping nothing) when it cannot.
    Result<void> keep_for_stop();
    // The world m_play_snapshot kept, taken out of it (the snapshot is empty after); an error when
    // its text does not load.
    Result<std::unique_ptr<World>> take_kept_world();

    [[nodiscard]] const Project& project_or_empty() const;
    [[nodiscard]] EditContext edit_context() const;
    // Pauses Play when a script raised an error since the last look, saying so in the console.
    void pause_on_script_error();
    // Replaces the world with a newly loaded scene: clears history, selection and play mode.
    // disk: the stamp of the scene's file taken before it was read (nullopt: stamped now).
    void adopt_scene(std::unique_ptr<World> world, std::string name, std::string path,
                     std::optional<FileStamp> disk = std::nullopt);
    // Applies a command: recorded in the history when editing, applied to the live world only
    // while playing. Prunes the selection after.
    Result<void> execute(std::unique_ptr<EditCommand> command);
    void prune_selection();

    // ---- helpers (session_assets.cpp) ----
    // Why a project file may not be renamed or deleted ("" when it may).
    [[nodiscard]] std::string asset_refusal(const std::string& path) const;
    // After files moved or were rewritten: the prefabs and tilesets load again, and the open
    // scene's file, when rewritten, is this editor's version on disk.
    void assets_moved(const std::vector<std::string>& written);

    // ---- helpers (session_prefab_tab.cpp) ----
    // What the tab not shown keeps.
    struct TabState {
        std::unique_ptr<World> world;
        UndoStack undo;
        std::vector<Guid> selection;
        ViewportCamera camera;
    };
    // Shows the other tab: its world, history, selection and camera trade places with these.
    void swap_tabs();
    // Why a scene-only action cannot run now ("" when it can): the prefab's tab shows.
    [[nodiscard]] std::optional<Error> scene_only(const std::string& what) const;

    // ---- helpers (session_prefab_sync.cpp) ----
    // Remembers every prefab file's stamp as it is now (after the editor read or wrote them).
    void stamp_prefabs();
    // What the open world's instances of a prefab need when it changes from before to after: the
    // fields they did not override take after's values, components after adds are added, ones
    // it drops (and they did not change) removed; objects after adds are made in every
    // instance, objects it no longer has deleted from them.
    [[nodiscard]] std::vector<std::unique_ptr<EditCommand>>
    rebase_commands(const Prefab& before, const Prefab& after) const;
    // rebase_commands' objects added and removed.
    void add_new_parts(const Prefab& before, const Prefab& after,
                       std::vector<std::unique_ptr<EditCommand>>& steps) const;

    // ---- helpers (session_prefabs.cpp) ----
    // Writes a prefab file (read back first: nothing is written when it does not read) and puts
    // the prefab in the game's library.
    Result<void> write_prefab_file(const std::string& path, const std::string& text);
    // What applying fields of an instance object to its prefab does (see apply_to_prefab).
    struct ApplyPlan {
        std::string path;          // the prefab file
        std::string text;          // its new text
        std::vector<Guid> changed; // other instance objects that take new values
        std::vector<std::unique_ptr<EditCommand>> updates; // their new values
    };
    [[nodiscard]] Result<ApplyPlan> plan_apply(Handle h, std::vector<std::string> fields) const;
    // Scene entries of a new instance of prefab (its root named name, at a local position, in a
    // layer), with guids new to the edited world.
    [[nodiscard]] Result<Json> instance_entries(const Prefab& prefab, const std::string& name,
                                                LayerId layer, glm::vec2 position) const;
    // Runs a plan as one undo step labelled label.
    Result<void> run_apply(ApplyPlan plan, const std::string& label);

    // ---- helpers (session_edits.cpp) ----
    Result<void> add_entries(const std::string& label, const Json& entries, glm::vec2 offset);
    [[nodiscard]] std::vector<Handle> selected_top_level() const;
    // The point on the grid nearest world_point when snapping is on, else world_point.
    [[nodiscard]] glm::vec2 snapped(glm::vec2 world_point) const;

    // ---- helpers (session_files.cpp) ----
    // Loads a scene of game; stamp receives its file's stamp, taken before it is read.
    static Result<LoadedScene> load_stamped(const Game& game, const std::string& scene,
                                            Diagnostics& problems, std::optional<FileStamp>& stamp);
    // The project's lock and folder after a project was opened (keep_lock: the same project).
    void adopt_project_access(bool keep_lock);
    // The project folder is still at project().root.
    [[nodiscard]] bool project_in_place() const;
    // Recovery files are this session's to read, write and remove: it holds the project's lock
    // and the project folder is where it was opened.
    [[nodiscard]] bool owns_recovery() const;
    // Saving is allowed (read-only: tries to take the lock again, the other editor may be gone).
    Result<void> check_access();
    // Writes the scene to its project-relative path after the checks above; replace: the user
    // agreed to replace an existing file that is not the scene's own.
    Result<void> write_scene(const std::string& path, bool replace);
    // save_copy's write; replace as above.
    Result<void> write_copy(const std::filesystem::path& file, bool replace);
    // Raises the question and returns its message as the save's error.
    Error raise(SaveQuestion question);
    // The WriteFailed question for a write of path that failed with error.
    [[nodiscard]] SaveQuestion write_failed(const std::string& path, const Error& error,
                                            bool replace) const;
    // The ProjectMoved question for a save (from_save) or check_disk.
    [[nodiscard]] SaveQuestion moved_question(bool from_save) const;
    // ChangedOnDisk Overwrite: copies the file on disk to keep_as; m_disk becomes that version.
    Result<void> keep_external_version(const SaveQuestion& question);

    // ---- helpers (session_recovery.cpp) ----
    [[nodiscard]] std::filesystem::path recovery_file_for(const std::string& scene_path) const;
    // Looks for recovery files of the open scene (and, with also_unsaved, of an unsaved scene);
    // see the autosave section.
    void check_recovery(bool also_unsaved);
    // The open scene is about to be replaced: its recovery file goes (unless one is offered).
    void leave_scene();
    void reset_autosave();

    // ---- helpers (session_live.cpp) ----
    // What attach puts aside.
    struct LocalScene {
        std::unique_ptr<World> world;
        UndoStack undo;
        std::vector<Guid> selection;
    };
    // execute and undo/redo while attached: field edits only, sent to the player.
    Result<void> execute_live(std::unique_ptr<EditCommand> command);
    bool undo_live(bool redo);
    // "WHAT is not available while attached to the player at ADDRESS (INSTEAD)".
    [[nodiscard]] Error refused_while_attached(const std::string& what,
                                               const std::string& instead) const;

    // The problems of a load replace the previous ones (and the last check's).
    void set_load_problems(Diagnostics problems);
    // ---- helpers (session_play.cpp) ----
    // A kept object's live component values, taken at Stop before the scene is restored.
    struct KeptObject {
        Guid object{};
        Json values; // components_to_json of the live object
        std::vector<std::pair<const TypeInfo*, std::shared_ptr<void>>> components;
    };
    // Play started at tick 0: a new recording, no kept objects, the game's camera shown.
    void begin_play_workflow();
    // Play stops (the live world still there): keeps the recording, gives the editor's camera
    // back and returns the kept objects' live values.
    [[nodiscard]] std::vector<KeptObject> end_play_workflow();
    // After Stop restored the scene: the kept values as one command.
    void apply_kept_values(std::vector<KeptObject> kept);
    // Moves the editor's camera onto the active game camera (keeping the editor's view aside).
    void sync_game_camera();
    void restore_editor_camera();

    // ---- helpers (session_viewport.cpp) ----
    void refresh_spatial() const;
    void apply_drag(glm::vec2 world_point);

    GameOptions m_game_options;
    std::unique_ptr<Game> m_game; // never null: a game without a project until one is opened
    std::unique_ptr<World> m_world;
    std::string m_scene_name = "untitled";
    std::string m_scene_path;
    Diagnostics m_load_problems;
    std::vector<ProblemLine> m_problems; // m_load_problems', then the last check's
    std::size_t m_checked_from = 0;      // where the last check's lines start in m_problems
    std::string m_field_focus;
    std::optional<Error> m_startup_failure;
    std::vector<Guid> m_selection;
    ViewportCamera m_camera;
    GridSettings m_grid;
    Tool m_tool = Tool::Select;
    std::optional<Drag> m_drag;
    UndoStack m_undo;
    PlayState m_play = PlayState::Editing;
    std::unique_ptr<Simulation> m_simulation;
    PlaySnapshot m_play_snapshot;          // the world as Play started
    Json m_clipboard = Json::array();      // scene entries; roots at their world transforms
    int m_paste_count = 0;                 // pastes of the current clipboard
    std::vector<Guid> m_last_pick;         // what the last click_select found, topmost first
    std::optional<glm::vec2> m_last_click; // where (world units)
    std::uint64_t m_next_drag_key = 1;
    int m_backups = SaveOptions::kDefaultBackups;

    std::map<std::string, FileStamp> m_prefab_stamps; // prefab files as last read or written
    std::string m_prefab_path;                        // the prefab tab's prefab ("": none)
    bool m_showing_prefab = false;                    // the prefab tab shows
    std::unique_ptr<TabState> m_other_tab;            // the tab not shown (null: no prefab tab)

    // the Play workflow
    InputScript m_recorded;                      // the last Play session's input, after Stop
    std::uint64_t m_recorded_ticks = 0;          // the ticks it ran
    bool m_played = false;                       // a Play ran in this session
    std::vector<Guid> m_keep;                    // Keep Live Values: copied into the scene at Stop
    bool m_follow_camera = true;                 // Play shows the game's active camera
    std::optional<ViewportCamera> m_editor_view; // the editor's camera while the game's is shown

    // the project on disk
    std::unique_ptr<ProjectLock> m_lock;          // held: this session owns the project
    std::optional<LockHolder> m_lock_holder;      // another editor holds the lock
    std::string m_lock_error;                     // why no lock could be made
    bool m_taken_over = false;                    // saving while another editor holds the lock
    std::optional<FolderHandle> m_project_folder; // the project folder as opened
    bool m_moved_reported = false;                // check_disk told of the folder gone
    FileStamp m_disk;                             // the scene's file as loaded or last saved
    std::optional<FileStamp> m_seen_on_disk;      // a changed version the user already saw
    std::optional<SaveQuestion> m_save_question;

    // autosave
    double m_autosave_interval_s = kDefaultAutosaveSeconds;
    std::optional<double> m_next_autosave_s; // when the next autosave is due (set once dirty)
    bool m_recovery_written = false;         // this session wrote the open scene's recovery file
    std::uint64_t m_recovery_hash = 0;       // the state it holds
    std::optional<RecoveryOffer> m_recovery_offer;
    std::unique_ptr<World> m_recovery_world; // the offered state, loaded

    // attached to a player (declared last: they go before the game they use)
    std::unique_ptr<LocalScene> m_local;         // the scene put aside
    std::unique_ptr<LiveAttachment> m_live;      // null: not attached
    std::string m_live_error_seen;               // the player's last refusal already logged
    live::LiveClient::State m_live_state_seen{}; // the connection's state already logged
    bool m_live_framed = false;                  // the camera framed the first state
};

} // namespace diorama::editor
