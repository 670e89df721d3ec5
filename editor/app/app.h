#pragma once
// App: the diorama-editor window. Owns SDL, the GL context and ImGui; each frame draws the
// workspace (or the start screen) and the dialogs (editor/ui); performs what the unsaved-changes
// guard lets through; feeds play mode; replays scripts and writes screenshots for headless runs.
// All editing goes through EditorSession.

#include "app_options.h"
#include "core/log_buffer.h"
#include "frame_timing.h"
#include "imgui_platform.h"
#include "script/script_runner.h"
#include "ui/dialogs.h"
#include "ui/editor_config.h"
#include "ui/gl_target.h"
#include "ui/kept_ui_image.h"
#include "ui/theme.h"
#include "ui/ui_context.h"
#include "ui/widget_registry.h"
#include "ui/workspace.h"

#include "core/editor_session.h"
#include "core/unsaved_guard.h"

#include "diorama/export.h"

#include <SDL.h>

#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct __GLsync; // OpenGL's sync object (GLsync is a pointer to it)

namespace diorama::render {
class TextureCache;
}

namespace diorama::editor {

// Process exit codes.
enum class ExitCode : int { Ok = 0, ScriptFailed = 1, Usage = 2, NoWindow = 3 };

class App final : public AppActions, public ScriptHost {
public:
    // exe_dir: the folder of the executable (modules are looked for in exe_dir/../modules).
    App(AppOptions options, std::filesystem::path exe_dir);
    ~App() override;
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    // Opens the window, runs until quit (or the script / frame count ends), returns the exit code.
    ExitCode run();

    // ---- AppActions ----
    void new_scene() override;
    void open_scene(const std::string& scene) override;
    void open_project(const std::filesystem::path& folder) override;
    void save() override;
    void save_as_dialog() override;
    void open_project_dialog() override;
    void export_dialog() override;
    void attach_dialog() override;
    void save_remote_state_dialog() override;
    void save_input_dialog() override;
    void save_prefab_dialog() override;
    void apply_to_prefab(Guid object, std::vector<std::string> fields) override;
    void quit() override;
    void answer_unsaved(GuardAnswer answer) override;
    void project_changed() override;

    // ---- ScriptHost ----
    EditorSession& script_session() override { return m_session; }
    [[nodiscard]] const WidgetRegistry& script_widgets() const override { return m_widgets; }
    [[nodiscard]] const LogBuffer& script_log() const override { return m_log; }
    [[nodiscard]] std::optional<glm::vec2> world_to_window(glm::vec2 world) override;
    [[nodiscard]] std::string modal_text() const override { return m_dialogs.modal_text(); }
    void request_screenshot(const std::filesystem::path& file) override {
        m_screenshot_request = file;
    }
    [[nodiscard]] bool screenshot_pending() const override { return !m_screenshot_request.empty(); }
    [[nodiscard]] std::uint32_t window_id() const override;
    void reset_timing() override { m_timing.reset_frames(); }

private:
    // Opens a prefab or switches tabs as the panels asked this frame (ViewState).
    void change_tabs();
    bool init_window();
    void shutdown_window();
    void frame(float dt_s);
    // Writes the screenshots the last frame read (m_screenshots).
    void write_screenshots();
    void process_events();
    void forward_game_key(const SDL_Event& event);
    // Runs the action now, or asks first when it would drop unsaved changes.
    void guard(LeaveAction action);
    void perform(const LeaveAction& action);
    void load_project(const std::filesystem::path& folder, const std::string& scene);
    void after_project_change();
    void report_missing_textures();
    void update_title();
    void save_config();
    // SIGTERM/SIGINT/SIGHUP: unsaved changes go to the scene's recovery file (a clean scene
    // leaves none), then the loop ends with exit code 0.
    void shutdown_on_signal();
    [[nodiscard]] bool headless() const { return m_options.headless(); }

    AppOptions m_options;
    std::filesystem::path m_exe_dir;
    LogBuffer m_log; // first: captures everything the session logs
    EditorSession m_session;
    EditorConfig m_config;
    std::filesystem::path m_config_path;
    WidgetRegistry m_widgets;
    ViewState m_view;
    UiFonts m_fonts;
    float m_scale = 1.0f;

    SDL_Window* m_window = nullptr;
    SDL_GLContext m_gl = nullptr;
    // Signalled when the previous frame's drawing is done (a GLsync): see frame().
    ::__GLsync* m_frame_done = nullptr;
    bool m_imgui = false;
    std::unique_ptr<ImGuiPlatform> m_platform;
    std::unique_ptr<KeptUiImage> m_ui_image; // the window's UI, with the GL context
    std::unique_ptr<Workspace> m_workspace;  // with the GL context
    std::unique_ptr<render::TextureCache> m_textures;
    // The cache a project change replaced during this frame, freed at the frame's end.
    std::unique_ptr<render::TextureCache> m_retired_textures;
    int m_ui_redraw_frames = 0; // frames whose UI is still to be redrawn whole
    std::filesystem::path m_texture_root;
    std::size_t m_missing_reported = 0;
    std::unique_ptr<ScriptRunner> m_script;

    UnsavedGuard m_unsaved;
    Dialogs m_dialogs;
    std::string m_start_path;

    // loop state
    bool m_quit_now = false;
    bool m_done = false;
    ExitCode m_exit = ExitCode::Ok;
    std::uint64_t m_frames = 0;
    double m_clock_s = 0.0; // for autosave: real seconds, or 1/60 s per frame when headless
    bool m_stopped_by_signal = false;
    int m_settle = -1; // frames left to draw after the script finished
    std::filesystem::path m_screenshot_request;
    // Screenshots read in a frame, written after it: encoding a PNG is the tool's work, not the
    // frame's (--timing). at_exit: the --screenshot one, whose failure goes to stderr.
    struct Screenshot {
        std::filesystem::path file;
        WindowPixels pixels;
        bool at_exit = false;
    };
    std::vector<Screenshot> m_screenshots;
    std::string m_title;
    FrameTiming m_timing; // for --timing
};

} // namespace diorama::editor
