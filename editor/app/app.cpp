#include "app.h"

#include "ui/gl_target.h"
#include "ui/im_math.h"
#include "ui/menus.h"
#include "ui/start_screen.h"
#include "ui/ui_widgets.h"

#include "diorama/file_io.h"
#include "diorama/log.h"
#include "diorama/render/texture.h"

#include <imgui/backends/imgui_impl_opengl3.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <system_error>

namespace diorama::editor {

namespace {

constexpr float kHeadlessStep = 1.0f / 60.0f; // scripted runs advance time by this per frame
constexpr std::uint64_t kHeadlessFrameCap = 100000;
constexpr int kSettleFrames = 2; // frames drawn after a script ends, so its last step shows

// SIGTERM, SIGINT or SIGHUP received (0: none); the loop shuts down at the end of the frame.
volatile std::sig_atomic_t g_stop_signal = 0;

void on_stop_signal(int signal_number) {
    g_stop_signal = signal_number;
}

// SIGTERM, SIGINT and SIGHUP (a closed terminal, a dropped ssh session) shut the editor down
// cleanly (see App::shutdown_on_signal); a second one ends it at once (the handler resets
// itself). SDL is told to leave these signals alone.
void install_stop_signals() {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    for (const int signal_number : {SIGTERM, SIGINT, SIGHUP})
        sigaction(signal_number, &action, nullptr);
}

const char* signal_name(int signal_number) {
    switch (signal_number) {
    case SIGINT:
        return "SIGINT";
    case SIGHUP:
        return "SIGHUP";
    default:
        return "SIGTERM";
    }
}

// The engine key for an SDL key, for the game while playing.
Key engine_key(SDL_Scancode sc) {
    if (sc >= SDL_SCANCODE_A && sc <= SDL_SCANCODE_Z)
        return static_cast<Key>(static_cast<int>(Key::A) + (sc - SDL_SCANCODE_A));
    if (sc >= SDL_SCANCODE_1 && sc <= SDL_SCANCODE_9)
        return static_cast<Key>(static_cast<int>(Key::Num1) + (sc - SDL_SCANCODE_1));
    switch (sc) {
    case SDL_SCANCODE_0:
        return Key::Num0;
    case SDL_SCANCODE_LEFT:
        return Key::Left;
    case SDL_SCANCODE_RIGHT:
        return Key::Right;
    case SDL_SCANCODE_UP:
        return Key::Up;
    case SDL_SCANCODE_DOWN:
        return Key::Down;
    case SDL_SCANCODE_SPACE:
        return Key::Space;
    case SDL_SCANCODE_RETURN:
        return Key::Enter;
    case SDL_SCANCODE_ESCAPE:
        return Key::Escape;
    case SDL_SCANCODE_TAB:
        return Key::Tab;
    case SDL_SCANCODE_BACKSPACE:
        return Key::Backspace;
    case SDL_SCANCODE_LSHIFT:
    case SDL_SCANCODE_RSHIFT:
        return Key::Shift;
    case SDL_SCANCODE_LCTRL:
    case SDL_SCANCODE_RCTRL:
        return Key::Control;
    case SDL_SCANCODE_LALT:
    case SDL_SCANCODE_RALT:
        return Key::Alt;
    default:
        return Key::Unknown;
    }
}

// The UI scale for the display: DIORAMA_UI_SCALE, else its DPI / 96 in quarter steps (1..3).
float display_scale() {
    if (const char* env = std::getenv("DIORAMA_UI_SCALE"))
        if (const float s = std::strtof(env, nullptr); s >= 0.5f && s <= 4.0f) return s;
    float ddpi = 0.0f;
    if (SDL_GetDisplayDPI(0, &ddpi, nullptr, nullptr) != 0 || !(ddpi > 0.0f)) return 1.0f;
    return std::clamp(std::round(ddpi / 96.0f * 4.0f) / 4.0f, 1.0f, 3.0f);
}

} // namespace

App::App(AppOptions options, std::filesystem::path exe_dir)
    : m_options(std::move(options)), m_exe_dir(std::move(exe_dir)),
      m_dialogs(m_exe_dir / "diorama-player", !m_options.headless()) {
    if (!headless()) {
        m_config_path = editor_config_path();
        if (auto config = load_editor_config(m_config_path))
            m_config = *config;
        else
            log_warning("editor settings: " + config.error().describe() + " (using the defaults)");
        m_session.grid().visible = m_config.show_grid;
        m_session.set_follow_game_camera(m_config.game_camera_in_play);
        m_session.set_autosave_interval(m_config.autosave_seconds);
        m_session.set_backup_count(m_config.scene_backups);
    }
    if (m_options.autosave_seconds >= 0)
        m_session.set_autosave_interval(m_options.autosave_seconds);
    std::error_code ec;
    m_start_path = std::filesystem::current_path(ec).string();
}

App::~App() {
    shutdown_window();
}

// ---- window ----

bool App::init_window() {
    install_stop_signals();
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::cerr << "diorama-editor: cannot start SDL: " << SDL_GetError() << "\n";
        return false;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);

    glm::ivec2 size = m_options.size;
    if (size.x == 0) {
        size = {1600, 900};
        SDL_Rect usable{};
        if (!headless() && SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0)
            size = glm::clamp(glm::ivec2(glm::vec2(usable.w, usable.h) * 0.88f),
                              glm::ivec2(1024, 700), glm::ivec2(2400, 1500));
    }
    const auto flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE |
                                                    SDL_WINDOW_ALLOW_HIGHDPI);
    m_window = SDL_CreateWindow("Diorama", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, size.x,
                                size.y, flags);
    if (m_window == nullptr) {
        std::cerr << "diorama-editor: cannot open a window: " << SDL_GetError() << "\n";
        return false;
    }
    m_gl = SDL_GL_CreateContext(m_window);
    if (m_gl == nullptr) {
        std::cerr << "diorama-editor: cannot create an OpenGL 3.3 core context: " << SDL_GetError()
                  << "\n";
        return false;
    }
    SDL_GL_MakeCurrent(m_window, m_gl);
    SDL_GL_SetSwapInterval(headless() ? 0 : 1);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    m_imgui = true;
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // the layout lives in editor.json
    io.ConfigWindowsMoveFromTitleBarOnly = true;
    m_scale = display_scale();
    m_fonts = load_fonts(m_scale);
    apply_theme(m_scale);
    m_platform = std::make_unique<ImGuiPlatform>(m_window);
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
        std::cerr << "diorama-editor: cannot set up ImGui's OpenGL renderer\n";
        return false;
    }
    m_ui_image = std::make_unique<KeptUiImage>();
    m_workspace = std::make_unique<Workspace>();
    m_textures = std::make_unique<render::TextureCache>(m_start_path);
    log_info(std::string("OpenGL ") + reinterpret_cast<const char*>(glGetString(GL_VERSION)) +
             " on " + reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
    return true;
}

void App::shutdown_window() {
    // GL objects go before the context.
    if (m_frame_done != nullptr) glDeleteSync(m_frame_done);
    m_frame_done = nullptr;
    m_workspace.reset();
    m_textures.reset();
    m_retired_textures.reset();
    m_ui_image.reset();
    if (m_imgui) {
        ImGui_ImplOpenGL3_Shutdown();
        m_platform.reset();
        ImGui::DestroyContext();
        m_imgui = false;
    }
    if (m_gl != nullptr) SDL_GL_DeleteContext(m_gl);
    m_gl = nullptr;
    if (m_window != nullptr) SDL_DestroyWindow(m_window);
    m_window = nullptr;
    SDL_Quit();
}

std::uint32_t App::window_id() const {
    return m_window != nullptr ? SDL_GetWindowID(m_window) : 0;
}

std::optional<glm::vec2> App::world_to_window(glm::vec2 world) {
    if (!m_workspace || !m_session.has_project()) return std::nullopt;
    return m_workspace->viewport().world_to_window(m_session, world);
}

// ---- run ----

ExitCode App::run() {
    if (!m_options.script.empty()) {
        auto text = read_file(m_options.script, 4u << 20);
        if (!text) {
            std::cerr << "diorama-editor: " << text.error().describe() << "\n";
            return ExitCode::Usage;
        }
        auto steps = parse_script(*text, m_options.script.string());
        if (!steps) {
            std::cerr << "diorama-editor: " << steps.error().describe() << "\n";
            return ExitCode::Usage;
        }
        m_script =
            std::make_unique<ScriptRunner>(std::move(*steps), m_options.script.string(), std::cout);
    }
    if (!init_window()) return ExitCode::NoWindow;
    if (!m_options.project.empty()) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_cpu_ms();
        load_project(m_options.project, m_options.scene);
        m_timing.set_open_seconds(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
            (thread_cpu_ms() - cpu_start) / 1000.0);
    }

    auto last = std::chrono::steady_clock::now();
    while (!m_done) {
        const auto now = std::chrono::steady_clock::now();
        const float elapsed = std::chrono::duration<float>(now - last).count();
        last = now;
        m_view.frame_ms = elapsed * 1000.0f;
        const double cpu_start = thread_cpu_ms();
        m_clock_s += headless() ? kHeadlessStep : elapsed;
        frame(headless() ? kHeadlessStep : std::clamp(elapsed, 1e-4f, 0.25f));
        // Kept only for --timing: a frame's figures would otherwise pile up for the session.
        if (!m_options.timing.empty())
            m_timing.add_frame(
                thread_cpu_ms() - cpu_start,
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - now)
                    .count(),
                m_workspace && m_session.has_project() ? m_workspace->viewport().cost()
                                                       : ViewportCost{},
                m_ui_image->redrawn_share());
        write_screenshots();
        if (!headless() && (SDL_GetWindowFlags(m_window) & SDL_WINDOW_MINIMIZED) != 0)
            SDL_Delay(50);
        if (g_stop_signal != 0) {
            shutdown_on_signal();
            break;
        }
    }
    if (!m_stopped_by_signal) m_session.drop_recovery(); // a clean quit: nothing to recover
    if (!headless()) save_config();
    if (!m_options.timing.empty()) {
        if (auto written =
                save_file_atomic(m_options.timing, m_timing.report(), SaveOptions{.backups = 0});
            !written) {
            std::cerr << "diorama-editor: timing: " << written.error().describe() << "\n";
            if (m_exit == ExitCode::Ok) m_exit = ExitCode::Usage;
        }
    }
    return m_exit;
}

void App::frame(float dt_s) {
    process_events();
    ImGui_ImplOpenGL3_NewFrame();
    m_platform->new_frame(dt_s);
    ImGui::NewFrame();
    m_widgets.begin_frame();

    UiContext ctx{m_session, m_widgets, m_log,       m_config, m_view,
                  *this,     m_fonts,   *m_textures, m_scale};
    // What the attached player's client read since the last frame, before the panels show it.
    m_session.follow_player(m_clock_s);
    const bool workspace = m_session.has_project();
    if (workspace) {
        m_workspace->draw(ctx);
        handle_shortcuts(ctx);
    } else {
        draw_start_screen(ctx, m_start_path);
    }
    m_dialogs.draw(ctx);
    change_tabs();
    // Scripts and prefabs changed on disk reload a few times a second (a stat per file).
    constexpr std::uint64_t kScriptCheckFrames = 15;
    if (m_session.has_project() && m_frames % kScriptCheckFrames == 0) {
        m_session.reload_changed_scripts();
        m_session.reload_changed_prefabs();
    }
    if (m_session.play_state() == PlayState::Playing) m_session.advance(dt_s);
    m_session.autosave_tick(m_clock_s);

    ImGui::Render();
    const ImGuiIO& io = ImGui::GetIO();
    const glm::ivec2 fb(static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
                        static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
    // The UI's vertex buffers are refilled below; while the previous frame still uses them the
    // driver must allocate fresh ones. A viewport drawn this frame gave the previous frame time
    // to finish; when it had nothing to redraw, wait for it instead (else Mesa's llvmpipe spends
    // milliseconds a frame on page faults of freshly allocated buffers).
    if (m_frame_done != nullptr && m_workspace && m_workspace->viewport().render_stats().reused) {
        constexpr GLuint64 kOneSecondNs = 1'000'000'000;
        glClientWaitSync(m_frame_done, GL_SYNC_FLUSH_COMMANDS_BIT, kOneSecondNs);
        glDeleteSync(m_frame_done);
        m_frame_done = nullptr;
    }
    // The workspace's panels paint no background of their own: the frame starts in their colour
    // (opaque in the theme, as a clear cannot blend) and the workspace paints the window's
    // between them (Workspace::draw).
    const ImVec4 clear = ImGui::GetStyle().Colors[workspace ? ImGuiCol_ChildBg : ImGuiCol_WindowBg];
    if (m_ui_redraw_frames > 0) {
        m_ui_image->invalidate();
        --m_ui_redraw_frames;
    }
    m_ui_image->render(*ImGui::GetDrawData(), glm::vec4(clear.x, clear.y, clear.z, 1.0f),
                       m_textures->revision());
    m_retired_textures.reset();
    m_platform->update_cursor();
    // Images changed on disk reload twice a second (a stat per image; no texture is in use now).
    constexpr std::uint64_t kImageCheckFrames = 30;
    if (m_frames % kImageCheckFrames == 0)
        for (const std::string& path : m_textures->refresh_changed())
            log_info("image " + path + " changed on disk: reloaded");
    report_missing_textures();
    update_title();
    ++m_frames;

    if (!m_screenshot_request.empty()) {
        m_screenshots.push_back({m_screenshot_request, read_window_pixels(fb), false});
        m_screenshot_request.clear();
    }

    // Scripts act on what this frame drew; their events arrive with the next frame.
    if (m_script && m_settle < 0) {
        m_script->update(*this);
        if (m_script->finished()) {
            if (m_script->failed()) {
                std::cerr << "diorama-editor: " << m_script->error() << "\n";
                m_exit = ExitCode::ScriptFailed;
                m_quit_now = true;
            } else {
                m_settle = kSettleFrames;
            }
        }
    } else if (m_settle > 0) {
        --m_settle;
    }
    if (m_settle == 0) m_quit_now = true;
    if (m_options.frames > 0 && m_frames >= static_cast<std::uint64_t>(m_options.frames)) {
        if (m_script && !m_script->finished()) {
            std::cerr << "diorama-editor: the script did not finish within " << m_options.frames
                      << " frames\n";
            m_exit = ExitCode::ScriptFailed;
        }
        m_quit_now = true;
    }
    if (m_script && m_frames >= kHeadlessFrameCap && !m_quit_now) {
        std::cerr << "diorama-editor: the script did not finish within " << kHeadlessFrameCap
                  << " frames\n";
        m_exit = ExitCode::ScriptFailed;
        m_quit_now = true;
    }
    if (m_quit_now && !m_options.screenshot.empty())
        m_screenshots.push_back({m_options.screenshot, read_window_pixels(fb), true});
    SDL_GL_SwapWindow(m_window);
    m_frame_done = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (m_quit_now) m_done = true;
}

void App::process_events() {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        m_platform->process_event(event);
        if (event.type == SDL_QUIT ||
            (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
             event.window.windowID == window_id()))
            quit();
        if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) forward_game_key(event);
        // Back from another program: look at what it may have done to the project.
        if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_FOCUS_GAINED &&
            event.window.windowID == window_id())
            m_session.check_disk();
    }
}

void App::forward_game_key(const SDL_Event& event) {
    if (m_session.play_state() != PlayState::Playing || !m_workspace ||
        !m_workspace->viewport().focused() || event.key.repeat != 0 || ImGui::GetIO().WantTextInput)
        return;
    const Key key = engine_key(event.key.keysym.scancode);
    if (key == Key::Unknown) return;
    InputEvent e;
    e.kind = event.type == SDL_KEYDOWN ? InputEventKind::KeyDown : InputEventKind::KeyUp;
    e.key = key;
    m_session.push_input(e);
}

// ---- upkeep ----

void App::write_screenshots() {
    for (const Screenshot& shot : m_screenshots) {
        const Result<void> written = write_png(shot.file, shot.pixels);
        if (shot.at_exit) {
            if (!written)
                std::cerr << "diorama-editor: screenshot: " << written.error().describe() << "\n";
        } else if (!written) {
            log_error("screenshot: " + written.error().describe());
        } else {
            log_info("screenshot written to " + shot.file.string());
        }
    }
    m_screenshots.clear();
}

void App::shutdown_on_signal() {
    m_stopped_by_signal = true;
    log_info(std::string(signal_name(g_stop_signal)) + ": shutting down");
    if (auto kept = m_session.write_recovery(); !kept)
        std::cerr << "diorama-editor: could not keep the unsaved changes: "
                  << kept.error().describe() << "\n";
}

void App::change_tabs() {
    if (!m_view.open_prefab.empty()) {
        (void)m_session.open_prefab(m_view.open_prefab);
        m_view.open_prefab.clear();
    }
    if (m_view.show_prefab_tab) m_session.show_tab(*m_view.show_prefab_tab);
    m_view.show_prefab_tab.reset();
}

void App::report_missing_textures() {
    const auto& missing = m_textures->missing();
    for (; m_missing_reported < missing.size(); ++m_missing_reported) {
        const std::string& path = missing[m_missing_reported];
        const std::string problem = m_textures->problem(path);
        log_error("image " + (problem.empty() ? path : problem) + ": drawn as a checkerboard");
    }
}

void App::update_title() {
    const std::string title = m_session.has_project() ? m_session.window_title() : "Diorama";
    if (title == m_title) return;
    m_title = title;
    SDL_SetWindowTitle(m_window, title.c_str());
}

void App::save_config() {
    m_config.show_grid = m_session.grid().visible;
    m_config.game_camera_in_play = m_session.follow_game_camera();
    if (auto saved = save_editor_config(m_config_path, m_config); !saved)
        std::cerr << "diorama-editor: cannot save the editor settings: " << saved.error().describe()
                  << "\n";
}

} // namespace diorama::editor
