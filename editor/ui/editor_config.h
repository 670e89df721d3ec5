#pragma once
// The editor's remembered settings: panel sizes, view toggles, recent projects, autosave and
// backups, kept in $XDG_CONFIG_HOME/diorama/editor.json (or ~/.config/diorama/editor.json).
// Headless runs never touch it.

#include "diorama/result.h"

#include <filesystem>
#include <string>
#include <vector>

namespace diorama::editor {

struct EditorLayout {
    float left_width = 280.0f;    // Hierarchy column, unscaled pixels
    float right_width = 360.0f;   // Inspector column, unscaled pixels
    float bottom_height = 230.0f; // Prefabs / Console / Stats row, unscaled pixels
    float palette_width = 420.0f; // Prefabs part of the bottom row, unscaled pixels
    bool show_hierarchy = true;
    bool show_inspector = true;
    bool show_bottom = true;
};

struct EditorConfig {
    static constexpr std::size_t kMaxRecent = 10;

    EditorLayout layout;
    bool show_grid = true;
    bool show_colliders = false;
    bool game_camera_in_play = true;          // Play shows the scene's active Camera2D
    std::vector<std::string> recent_projects; // absolute folders, most recent first
    int autosave_seconds = 120; // unsaved changes autosaved at most this often (0: never)
    int scene_backups = 3;      // previous versions kept as NAME.scene.json.1..N
};

// Where the settings live; empty when neither XDG_CONFIG_HOME nor HOME is set.
[[nodiscard]] std::filesystem::path editor_config_path();

// Reads settings; a missing file gives the defaults, a malformed one the defaults and an error.
[[nodiscard]] Result<EditorConfig> load_editor_config(const std::filesystem::path& file);

// Writes settings atomically, creating the folder.
Result<void> save_editor_config(const std::filesystem::path& file, const EditorConfig& config);

// Moves (or adds) a project folder to the front of the recent list, keeping at most kMaxRecent.
void add_recent_project(EditorConfig& config, const std::string& folder);

} // namespace diorama::editor
