#pragma once
// The values EditorSession's API speaks in (editor_session.h): play states, pick filters, who may
// write the project, the questions a save asks and their answers, the grid's settings.

#include "diorama/handle.h"

#include <cstdint>
#include <functional>
#include <string>

namespace diorama::editor {

enum class PlayState { Editing, Playing, Paused };

// Which objects picking may return (the viewport leaves out hidden and locked layers); an empty
// filter lets every object through.
using PickFilter = std::function<bool(Handle)>;

// Who may write the open project's files (see EditorSession, "the project on disk").
enum class ProjectAccess : std::uint8_t {
    Owner,     // this editor holds the project's lock: it saves, autosaves and keeps recovery files
    ReadOnly,  // another editor holds it: nothing is written
    TakenOver, // another editor holds it and the user chose to save anyway: no autosave, recovery
    Unlocked,  // no lock could be made (a read-only folder): saves are tried; no autosave, recovery
};

// What a save found that needs the user's answer before anything is written.
enum class SaveIssue : std::uint8_t {
    ChangedOnDisk, // the scene's file changed on disk since this editor loaded or saved it
    TargetExists,  // the file to write exists and is not the scene's own (Save As onto a scene)
    ProjectMoved,  // the project folder is no longer at its path (renamed, moved or deleted)
    WriteFailed,   // the file could not be written (read-only file or folder, full disk...)
};

struct SaveQuestion {
    SaveIssue issue = SaveIssue::ChangedOnDisk;
    std::string path;      // the file the save was for: project-relative (absolute for a copy)
    std::string message;   // what happened, a sentence naming the file or folder
    std::string keep_as;   // ChangedOnDisk: where Overwrite keeps the other version (relative)
    std::string moved_to;  // ProjectMoved: where the folder is now; empty when unknown or gone
    bool from_save = true; // raised by a save; false: found by check_disk
    bool replace = false;  // WriteFailed: the user had agreed to replace an existing file
};

// The answers to a SaveQuestion.
enum class SaveAnswer : std::uint8_t {
    Reload,        // ChangedOnDisk: open the file as it is on disk; the unsaved changes are lost
    Overwrite,     // write this scene (ChangedOnDisk: the other version is kept as keep_as first)
    SaveElsewhere, // nothing is written now: the caller asks for another file (Save As, save_copy)
    Retry,         // WriteFailed: the same save again (its checks too), the cause being fixed
    Cancel,        // nothing is written
};

struct GridSettings {
    float size = 32.0f;           // world units
    bool snap = true;             // moves and placement snap to the grid
    float angle_snap_deg = 15.0f; // rotate drags snap to this when snap is on (0: free)
    bool visible = true;
};

} // namespace diorama::editor
