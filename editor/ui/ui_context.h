#pragma once
// What the panels share while drawing one frame: the session they edit, the widget registry
// scripts read, the log, settings, the app's view state and the app-level actions (those that go
// through the unsaved-changes guard or open dialogs).

#include "core/log_buffer.h"
#include "editor_config.h"
#include "theme.h"
#include "widget_registry.h"

#include "core/editor_session.h"
#include "core/tile_painting.h"
#include "core/unsaved_guard.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace diorama::render {
class TextureCache;
}

namespace diorama::editor {

// Actions the App performs for panels; the ones that would drop unsaved changes ask first.
class AppActions {
public:
    virtual ~AppActions() = default;
    virtual void new_scene() = 0;
    virtual void open_scene(const std::string& scene) = 0;
    virtual void open_project(const std::filesystem::path& folder) = 0;
    // Saves; a scene without a file opens the Save As dialog.
    virtual void save() = 0;
    virtual void save_as_dialog() = 0;
    virtual void open_project_dialog() = 0;
    // Opens File > Export: the output folder, then the export's progress.
    virtual void export_dialog() = 0;
    // Opens File > Attach to Player: the player's address and token (or its token file).
    virtual void attach_dialog() = 0;
    // Opens File > Save Remote State As: a new scene file for the attached player's state.
    virtual void save_remote_state_dialog() = 0;
    // Opens Play > Save Recorded Input As: an input script file for the last Play's input.
    virtual void save_input_dialog() = 0;
    // Opens Save as Prefab for the selection: the prefab's name (asks before replacing a file).
    virtual void save_prefab_dialog() = 0;
    // Applies fields of an instance object ("Shape.size"; empty: every override) to its prefab,
    // asking first when other instance objects of the scene will change.
    virtual void apply_to_prefab(Guid object, std::vector<std::string> fields) = 0;
    virtual void quit() = 0;
    // The unsaved-changes dialog's answer: runs or drops the action that asked.
    virtual void answer_unsaved(GuardAnswer answer) = 0;
    // The dialogs replaced the scene (a restored recovery file): the view follows.
    virtual void project_changed() = 0;
};

// The tile painting mode: on while the primary selection has a TileMap and the Paint Tiles tool
// is chosen; the viewport then paints instead of selecting.
struct TilePaintState {
    bool active = false;
    TileTool tool = TileTool::Brush;
    std::size_t layer = 0;
    TileStamp stamp;               // what the brush, rectangle and fill paint (Erase: empty cells)
    std::uint64_t next_stroke = 1; // merge key of the next stroke (one undo step each)
};

// View state that is the app's, not the session's (nothing here is saved in scenes).
struct ViewState {
    std::string active_prefab; // palette selection (prefab path); empty: none
    bool place_mode = false;   // clicks in the viewport place active_prefab
    TilePaintState tile_paint;
    // Tab changes asked for while the panels draw, made by the app after them (the world the
    // panels show stays the same within a frame): a prefab to open, the tab to show.
    std::string open_prefab;
    std::optional<bool> show_prefab_tab;
    std::vector<bool> hidden_layers; // by LayerId: not drawn, not pickable
    std::vector<bool> locked_layers; // by LayerId: drawn, not pickable
    float frame_ms = 0.0f;           // wall time of the last frame
    // Keys that went down while the game had the keyboard (by SDL scancode), until released:
    // held on into Pause or Stop, they belong to the game, not to the editor's shortcuts.
    std::vector<int> game_keys;

    [[nodiscard]] bool layer_hidden(std::uint32_t layer) const {
        return layer < hidden_layers.size() && hidden_layers[layer];
    }
    [[nodiscard]] bool layer_locked(std::uint32_t layer) const {
        return layer < locked_layers.size() && locked_layers[layer];
    }
    // Hidden or locked: the viewport does not pick it.
    [[nodiscard]] bool layer_pickable(std::uint32_t layer) const {
        return !layer_hidden(layer) && !layer_locked(layer);
    }
};

struct UiContext {
    EditorSession& session;
    WidgetRegistry& widgets;
    LogBuffer& log;
    EditorConfig& config;
    ViewState& view;
    AppActions& actions;
    const UiFonts& fonts;
    render::TextureCache& textures; // images of the open project
    float scale = 1.0f;             // DPI scale: multiply unscaled pixel sizes by it
};

} // namespace diorama::editor
