#include "app.h"

#include "ui/gl_target.h"
#include "ui/im_math.h"
#include "ui/menus.h"
#include "ui/ui_widgets.h"

#include "diorama/file_io.h"
#include "diorama/log.h"
#include "diorama/render/texture.h"

#include <imgui/backends/imgui_impl_opengl3.h>
#include <imgui/imgui_stdlib.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <sys/stat.h>
#include <system_error>

namespace diorama::editor {

namespace {

constexpr float kHeadlessStep = 1.0f / 60.0f; // scripted runs advance time by this per frame
constexpr std::uint64_t kHeadlessFrameCap = 100000;
constexpr int kSettleFrames = 2; // frames drawn after a script ends, so its last step shows

// SIGTERM or SIGINT received (0: none); the loop shuts down at the end of the frame.
volatile std::sig_atomic_t g_stop_signal = 0;

void on_stop_signal(int signal_number) {
    g_stop_signal = signal_number;
}

// SIGTERM and SIGINT shut the editor down cleanly (see App::shutdown_on_signal); a second one
// ends it at once (the handler resets itself). SDL is told to leave these signals alone.
void install_stop_signals() {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);
}

// "2026-11-22 08:50" for a file's modification time, local time; empty when unknown.
std::string modified_time(const std::filesystem::path& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) return {};
    std::tm local{};
    if (localtime_r(&st.st_mtime, &local) == nullptr) return {};
    char text[32];
    return std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local) > 0 ? text : "";
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

// The sample projects shipped with the source tree, for the start screen.
std::vector<std::filesystem::path> sample_projects() {
    std::vector<std::filesystem::path> out;
#ifdef DIORAMA_SAMPLE_PROJECTS
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(DIORAMA_SAMPLE_PROJECTS, ec))
        if (entry.is_directory(ec) && std::filesystem::exists(entry.path() / "project.json", ec))
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
#endif
    return out;
}

} // namespace

App::App(AppOptions options, std::filesystem::path exe_dir)
    : m_options(std::move(options)), m_exe_dir(std::move(exe_dir)),
      m_session({m_exe_dir / ".." / "modules"}) {
    if (!headless()) {
        m_config_path = editor_config_path();
        if (auto config = load_editor_config(m_config_path))
            m_config = *config;
        else
            log_warning("editor settings: " + config.error().describe() + " (using the defaults)");
        m_session.grid().visible = m_config.show_grid;
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
    m_viewport = std::make_unique<ViewportPanel>();
    m_textures = std::make_unique<render::TextureCache>(m_start_path);
    log_info(std::string("OpenGL ") + reinterpret_cast<const char*>(glGetString(GL_VERSION)) +
             " on " + reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
    return true;
}

void App::shutdown_window() {
    // GL objects go before the context.
    if (m_frame_done != nullptr) glDeleteSync(m_frame_done);
    m_frame_done = nullptr;
    m_viewport.reset();
    m_textures.reset();
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
    if (!m_viewport || !m_session.has_project()) return std::nullopt;
    return m_viewport->world_to_window(m_session, world);
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
        m_timing.add_frame(thread_cpu_ms() - cpu_start, std::chrono::duration<double, std::milli>(
                                                            std::chrono::steady_clock::now() - now)
                                                            .count());
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
    m_modal_text.clear();

    UiContext ctx{m_session, m_widgets, m_log,       m_config, m_view,
                  *this,     m_fonts,   *m_textures, m_scale};
    if (m_session.has_project()) {
        draw_editor(ctx);
        handle_shortcuts(ctx);
    } else {
        draw_start_screen();
    }
    draw_modals();
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
    if (m_frame_done != nullptr && m_viewport && m_viewport->render_stats().reused) {
        constexpr GLuint64 kOneSecondNs = 1'000'000'000;
        glClientWaitSync(m_frame_done, GL_SYNC_FLUSH_COMMANDS_BIT, kOneSecondNs);
        glDeleteSync(m_frame_done);
        m_frame_done = nullptr;
    }
    glViewport(0, 0, fb.x, fb.y);
    glClearColor(0.118f, 0.125f, 0.141f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    m_platform->update_cursor();
    report_missing_textures();
    update_title();
    ++m_frames;

    if (!m_screenshot_request.empty()) {
        if (auto written = write_window_png(m_screenshot_request, fb); !written)
            log_error("screenshot: " + written.error().describe());
        else
            log_info("screenshot written to " + m_screenshot_request.string());
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
    if (m_quit_now && !m_options.screenshot.empty()) {
        if (auto written = write_window_png(m_options.screenshot, fb); !written)
            std::cerr << "diorama-editor: screenshot: " << written.error().describe() << "\n";
    }
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
    }
}

void App::forward_game_key(const SDL_Event& event) {
    if (m_session.play_state() != PlayState::Playing || !m_viewport || !m_viewport->focused() ||
        event.key.repeat != 0 || ImGui::GetIO().WantTextInput)
        return;
    const Key key = engine_key(event.key.keysym.scancode);
    if (key == Key::Unknown) return;
    InputEvent e;
    e.kind = event.type == SDL_KEYDOWN ? InputEventKind::KeyDown : InputEventKind::KeyUp;
    e.key = key;
    m_session.push_input(e);
}

// ---- layout ----

void App::draw_editor(UiContext& ctx) {
    const float s = m_scale;
    EditorLayout& layout = m_config.layout;
    const float menu_h = draw_main_menu(ctx);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->Pos + ImVec2(0, menu_h));
    ImGui::SetNextWindowSize(vp->Size - ImVec2(0, menu_h));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoNavFocus);
    ImGui::PopStyleVar(3);

    const ImVec2 origin = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    const float toolbar_h = 38.0f * s;
    ImGui::SetCursorScreenPos(origin);
    ImGui::BeginChild("##toolbar", ImVec2(size.x, toolbar_h), false, ImGuiWindowFlags_NoScrollbar);
    draw_toolbar(ctx);
    ImGui::EndChild();

    // Body: hierarchy | viewport over the bottom row | inspector, with splitters between.
    const float pad = 4.0f * s;
    const float gap = 5.0f * s;
    const ImVec2 body = origin + ImVec2(0, toolbar_h);
    const float w = size.x;
    const float h = size.y - toolbar_h - pad;
    float left =
        layout.show_hierarchy ? std::clamp(layout.left_width * s, 140.0f * s, w * 0.4f) : 0.0f;
    float right =
        layout.show_inspector ? std::clamp(layout.right_width * s, 200.0f * s, w * 0.45f) : 0.0f;
    // The viewport keeps at least 40% of the width: side panels shrink in small windows.
    if (const float sides = left + right; sides > w * 0.6f) {
        left *= w * 0.6f / sides;
        right *= w * 0.6f / sides;
    }
    const float cx0 = pad + (left > 0 ? left + gap : 0.0f);
    const float cx1 = w - pad - (right > 0 ? right + gap : 0.0f);
    const float cw = std::max(cx1 - cx0, 50.0f);
    float bottom =
        layout.show_bottom ? std::clamp(layout.bottom_height * s, 90.0f * s, h * 0.65f) : 0.0f;
    const float vh = h - (bottom > 0 ? bottom + gap : 0.0f);

    const auto panel = [&](const char* id, ImVec2 pos, ImVec2 panel_size, bool padded,
                           auto&& draw) {
        ImGui::SetCursorScreenPos(body + pos);
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                            padded ? ImVec2(6.0f * s, 6.0f * s) : ImVec2(0, 0));
        ImGui::BeginChild(
            id, panel_size, false,
            (padded ? ImGuiWindowFlags_AlwaysUseWindowPadding
                    : ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse) |
                ImGuiWindowFlags_NoScrollbar);
        ImGui::PopStyleVar();
        draw();
        ImGui::EndChild();
    };

    if (left > 0)
        panel("##hierarchy", ImVec2(pad, 0), ImVec2(left, h), true, [&] { m_hierarchy.draw(ctx); });
    panel("##viewport", ImVec2(cx0, 0), ImVec2(cw, vh), false, [&] { m_viewport->draw(ctx); });
    if (m_frame_pending) {
        m_session.frame_selection();
        m_frame_pending = false;
    }
    if (right > 0)
        panel("##inspector", ImVec2(w - pad - right, 0), ImVec2(right, h), true,
              [&] { m_inspector.draw(ctx); });
    float palette = 0.0f;
    if (bottom > 0) {
        palette = std::clamp(layout.palette_width * s, 160.0f * s, cw * 0.5f);
        panel("##prefabs", ImVec2(cx0, vh + gap), ImVec2(palette, bottom), true,
              [&] { m_palette.draw(ctx); });
        panel("##bottom", ImVec2(cx0 + palette + gap, vh + gap), ImVec2(cw - palette - gap, bottom),
              true, [&] {
                  if (ImGui::BeginTabBar("##bottom_tabs")) {
                      const bool console = ImGui::BeginTabItem("Console");
                      record_item(m_widgets, "Bottom/Console", WidgetKind::Button);
                      if (console) {
                          m_console.draw(ctx);
                          ImGui::EndTabItem();
                      }
                      const bool stats = ImGui::BeginTabItem("Stats");
                      record_item(m_widgets, "Bottom/Stats", WidgetKind::Button);
                      if (stats) {
                          draw_stats(ctx, RenderFigures{m_viewport->render_stats(),
                                                        m_viewport->visible_objects()});
                          ImGui::EndTabItem();
                      }
                      ImGui::EndTabBar();
                  }
              });
    }

    // Splitters (values are stored unscaled).
    if (left > 0 && splitter("##split_left", true, body + ImVec2(pad + left, 0), ImVec2(gap, h),
                             left, 1.0f, 140.0f * s, w * 0.4f))
        layout.left_width = left / s;
    if (right > 0 && splitter("##split_right", true, body + ImVec2(w - pad - right - gap, 0),
                              ImVec2(gap, h), right, -1.0f, 200.0f * s, w * 0.45f))
        layout.right_width = right / s;
    if (bottom > 0) {
        if (splitter("##split_bottom", false, body + ImVec2(cx0, vh), ImVec2(cw, gap), bottom,
                     -1.0f, 90.0f * s, h * 0.65f))
            layout.bottom_height = bottom / s;
        if (splitter("##split_palette", true, body + ImVec2(cx0 + palette, vh + gap),
                     ImVec2(gap, bottom), palette, 1.0f, 160.0f * s, cw * 0.5f))
            layout.palette_width = palette / s;
    }
    ImGui::End();
}

void App::draw_start_screen() {
    const float s = m_scale;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->Pos);
    ImGui::SetNextWindowSize(vp->Size);
    ImGui::Begin("##start", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
    m_widgets.push_scope("Start");
    const float card_w = std::min(640.0f * s, vp->Size.x - 40.0f * s);
    ImGui::SetCursorPos(
        ImVec2((vp->Size.x - card_w) * 0.5f, std::max(40.0f * s, vp->Size.y * 0.14f)));
    ImGui::BeginChild("##card", ImVec2(card_w, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::SetWindowFontScale(1.9f);
    ImGui::PushFont(m_fonts.bold);
    ImGui::TextUnformatted("Diorama");
    ImGui::PopFont();
    ImGui::SetWindowFontScale(1.0f);
    ImGui::TextDisabled("A 2D game toolkit: open a project folder to edit its scenes.");
    ImGui::Dummy(ImVec2(0, 14.0f * s));

    ImGui::TextUnformatted("Open a project folder");
    const float button_w = 90.0f * s;
    ImGui::SetNextItemWidth(card_w - button_w - ImGui::GetStyle().ItemSpacing.x - 16.0f * s);
    const bool enter =
        ImGui::InputTextWithHint("##path", "/path/to/project (the folder holding project.json)",
                                 &m_start_path, ImGuiInputTextFlags_EnterReturnsTrue);
    record_item(m_widgets, "path", WidgetKind::TextInput);
    ImGui::SameLine();
    if (ImGui::Button("Open", ImVec2(button_w, 0)) || enter) open_project(m_start_path);
    record_item(m_widgets, "Open", WidgetKind::Button);
    ImGui::Dummy(ImVec2(0, 12.0f * s));

    const auto project_list = [&](const char* title, const std::vector<std::string>& folders,
                                  const char* scope) {
        if (folders.empty()) return;
        ImGui::PushFont(m_fonts.bold);
        ImGui::TextUnformatted(title);
        ImGui::PopFont();
        ImGui::Separator();
        m_widgets.push_scope(scope);
        for (const std::string& folder : folders) {
            const std::filesystem::path p(folder);
            ImGui::PushID(folder.c_str());
            const ImVec2 pos = ImGui::GetCursorScreenPos();
            if (ImGui::Selectable("##project", false, 0,
                                  ImVec2(0, ImGui::GetTextLineHeight() * 2.3f)))
                open_project(p);
            record_item(m_widgets, p.filename().string(), WidgetKind::Button);
            ImDrawList* draw = ImGui::GetWindowDrawList();
            draw->AddText(m_fonts.bold, m_fonts.bold->FontSize, pos + ImVec2(8 * s, 2 * s),
                          style_color(ImGuiCol_Text), p.filename().c_str());
            draw->AddText(pos + ImVec2(8 * s, ImGui::GetTextLineHeight() + 4 * s),
                          style_color(ImGuiCol_TextDisabled), folder.c_str());
            ImGui::PopID();
        }
        m_widgets.pop_scope();
        ImGui::Dummy(ImVec2(0, 10.0f * s));
    };
    project_list("Recent projects", m_config.recent_projects, "Recent");
    std::vector<std::string> samples;
    for (const auto& p : sample_projects())
        samples.push_back(p.string());
    project_list("Sample projects", samples, "Samples");
    ImGui::EndChild();
    m_widgets.pop_scope();
    ImGui::End();
}

// ---- dialogs ----

void App::draw_modals() {
    if (m_session.recovery_offer() && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
        ImGui::OpenPopup("Recover unsaved changes###recovery");
    if (m_open_unsaved) ImGui::OpenPopup("Unsaved changes###unsaved");
    if (m_open_save_as) ImGui::OpenPopup("Save Scene As###save_as");
    if (m_open_project_dialog) ImGui::OpenPopup("Open Project###open_project");
    if (m_open_export) ImGui::OpenPopup("Export###export");
    if (!m_errors.empty() && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
        ImGui::OpenPopup("###error");
    m_open_unsaved = m_open_save_as = m_open_project_dialog = m_open_export = false;
    draw_recovery_modal();
    draw_unsaved_modal();
    draw_save_as_modal();
    draw_open_project_modal();
    draw_export_modal();
    draw_error_modal();
}

void App::draw_unsaved_modal() {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Unsaved changes###unsaved", nullptr,
                                ImGuiWindowFlags_AlwaysAutoResize))
        return;
    m_widgets.push_scope("Unsaved");
    const std::string message = "\"" + m_session.scene_name() + "\" has unsaved changes.";
    m_modal_text = "Unsaved changes: " + message;
    ImGui::TextUnformatted(message.c_str());
    ImGui::TextDisabled("Save them before you go on?");
    ImGui::Dummy(ImVec2(0, 8.0f * m_scale));
    const ImVec2 button(100.0f * m_scale, 0);
    if (ImGui::Button("Save", button) || ImGui::IsKeyPressed(SDL_SCANCODE_RETURN)) {
        ImGui::CloseCurrentPopup();
        answer_unsaved(GuardAnswer::Save);
    }
    record_item(m_widgets, "Save", WidgetKind::Button);
    ImGui::SameLine();
    if (ImGui::Button("Discard", button)) {
        ImGui::CloseCurrentPopup();
        answer_unsaved(GuardAnswer::Discard);
    }
    record_item(m_widgets, "Discard", WidgetKind::Button);
    ImGui::SameLine();
    if (ImGui::Button("Cancel", button) || ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE)) {
        ImGui::CloseCurrentPopup();
        answer_unsaved(GuardAnswer::Cancel);
    }
    record_item(m_widgets, "Cancel", WidgetKind::Button);
    m_widgets.pop_scope();
    ImGui::EndPopup();
}

void App::draw_recovery_modal() {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Recover unsaved changes###recovery", nullptr,
                                ImGuiWindowFlags_AlwaysAutoResize))
        return;
    const auto& offer = m_session.recovery_offer();
    if (!offer) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return;
    }
    m_widgets.push_scope("Recovery");
    const std::string message =
        offer->scene_path.empty()
            ? "An unsaved new scene was autosaved before the editor stopped."
            : "\"" + offer->scene_name + "\" has changes that were autosaved but never saved.";
    m_modal_text = "Recover unsaved changes: " + message;
    ImGui::TextUnformatted(message.c_str());
    std::error_code ec;
    const std::string where =
        std::filesystem::relative(offer->file, m_session.project().root, ec).string();
    const std::string when = modified_time(offer->file);
    ImGui::TextDisabled("Autosaved %s%s: %zu objects, in %s", when.empty() ? "" : "at ",
                        when.c_str(), offer->objects, where.c_str());
    ImGui::TextDisabled("Restore opens them as unsaved changes; Discard deletes that copy.");
    ImGui::Dummy(ImVec2(0, 8.0f * m_scale));
    const ImVec2 button(100.0f * m_scale, 0);
    if (ImGui::Button("Restore", button) || ImGui::IsKeyPressed(SDL_SCANCODE_RETURN)) {
        ImGui::CloseCurrentPopup();
        if (auto restored = m_session.restore_recovery(); restored)
            after_project_change();
        else
            m_errors.push_back({"Could not restore", restored.error().describe()});
    }
    record_item(m_widgets, "Restore", WidgetKind::Button);
    ImGui::SameLine();
    if (ImGui::Button("Discard", button)) {
        ImGui::CloseCurrentPopup();
        m_session.discard_recovery();
    }
    record_item(m_widgets, "Discard", WidgetKind::Button);
    m_widgets.pop_scope();
    ImGui::EndPopup();
}

void App::draw_error_modal() {
    if (m_errors.empty()) return;
    const ErrorMessage& e = m_errors.front();
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(380.0f * m_scale, 0),
                                        ImVec2(760.0f * m_scale, 600.0f * m_scale));
    if (!ImGui::BeginPopupModal((e.title + "###error").c_str(), nullptr,
                                ImGuiWindowFlags_AlwaysAutoResize))
        return;
    m_widgets.push_scope("Error");
    m_modal_text = e.title + ": " + e.message;
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kError);
    ImGui::PushTextWrapPos(720.0f * m_scale);
    ImGui::TextUnformatted(e.message.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::TextDisabled("Nothing was changed; the details are in the console.");
    ImGui::Dummy(ImVec2(0, 8.0f * m_scale));
    if (ImGui::Button("OK", ImVec2(100.0f * m_scale, 0)) ||
        ImGui::IsKeyPressed(SDL_SCANCODE_RETURN) || ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE)) {
        ImGui::CloseCurrentPopup();
        m_errors.pop_front();
    }
    record_item(m_widgets, "OK", WidgetKind::Button);
    m_widgets.pop_scope();
    ImGui::EndPopup();
}

void App::draw_save_as_modal() {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Save Scene As###save_as", nullptr,
                                ImGuiWindowFlags_AlwaysAutoResize))
        return;
    m_widgets.push_scope("SaveAs");
    m_modal_text = "Save Scene As";
    ImGui::TextUnformatted("File, relative to the project folder:");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(420.0f * m_scale);
    const bool enter =
        ImGui::InputText("##path", &m_dialog_path, ImGuiInputTextFlags_EnterReturnsTrue);
    record_item(m_widgets, "path", WidgetKind::TextInput);
    ImGui::TextDisabled("\".scene.json\" is added when missing.");
    ImGui::Dummy(ImVec2(0, 6.0f * m_scale));
    const ImVec2 button(100.0f * m_scale, 0);
    if (ImGui::Button("Save", button) || enter) {
        ImGui::CloseCurrentPopup();
        if (auto saved = m_session.save_as(m_dialog_path); !saved)
            m_errors.push_back({"Could not save", saved.error().describe()});
        else if (!headless())
            add_recent_project(m_config, m_session.project().root.string());
    }
    record_item(m_widgets, "Save", WidgetKind::Button);
    ImGui::SameLine();
    if (ImGui::Button("Cancel", button) || ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE))
        ImGui::CloseCurrentPopup();
    record_item(m_widgets, "Cancel", WidgetKind::Button);
    m_widgets.pop_scope();
    ImGui::EndPopup();
}

void App::draw_open_project_modal() {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Open Project###open_project", nullptr,
                                ImGuiWindowFlags_AlwaysAutoResize))
        return;
    m_widgets.push_scope("OpenProject");
    m_modal_text = "Open Project";
    ImGui::TextUnformatted("Project folder (the one holding project.json):");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(480.0f * m_scale);
    const bool enter =
        ImGui::InputText("##path", &m_dialog_path, ImGuiInputTextFlags_EnterReturnsTrue);
    record_item(m_widgets, "path", WidgetKind::TextInput);
    if (!m_config.recent_projects.empty()) {
        ImGui::TextDisabled("Recent:");
        for (const std::string& folder : m_config.recent_projects)
            if (ImGui::Selectable(folder.c_str(), folder == m_dialog_path)) m_dialog_path = folder;
    }
    ImGui::Dummy(ImVec2(0, 6.0f * m_scale));
    const ImVec2 button(100.0f * m_scale, 0);
    bool open = false;
    if (ImGui::Button("Open", button) || enter) {
        ImGui::CloseCurrentPopup();
        open = true;
    }
    record_item(m_widgets, "Open", WidgetKind::Button);
    ImGui::SameLine();
    if (ImGui::Button("Cancel", button) || ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE))
        ImGui::CloseCurrentPopup();
    record_item(m_widgets, "Cancel", WidgetKind::Button);
    m_widgets.pop_scope();
    ImGui::EndPopup();
    if (open) guard({LeaveKind::OpenProject, m_dialog_path});
}

void App::draw_export_modal() {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Export###export", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
        return;
    m_widgets.push_scope("Export");
    const float s = m_scale;
    const ImVec2 button(100.0f * s, 0);
    const ImVec2 bar(520.0f * s, 0);
    const bool failed = m_exporter && !advance_export();
    if (m_exporter) {
        const ExportProgress p = m_exporter->progress();
        m_modal_text =
            "Export: " + std::to_string(p.done) + "/" + std::to_string(p.total) + " " + p.step;
        ImGui::TextUnformatted(("Exporting " + m_session.project().name + "\u2026").c_str());
        const float fraction =
            p.total > 0 ? static_cast<float>(p.done) / static_cast<float>(p.total) : 0.0f;
        ImGui::ProgressBar(fraction, bar);
        record_item(m_widgets, "progress");
        ImGui::TextDisabled("%s", p.step.c_str());
    } else if (failed) {
        // The error dialog opens next frame; scripts see its text from now on.
        m_modal_text = m_errors.back().title + ": " + m_errors.back().message;
        ImGui::CloseCurrentPopup();
    } else if (m_export_done) {
        const ExportSummary& done = *m_export_done;
        m_modal_text = "Export finished: " + std::to_string(done.files.size()) +
                       " files written to " + done.output.string();
        ImGui::TextUnformatted(("Exported " + m_session.project().name).c_str());
        ImGui::ProgressBar(1.0f, bar, "done");
        record_item(m_widgets, "progress");
        ImGui::Text("%zu files, %s, in", done.files.size(), describe_byte_size(done.bytes).c_str());
        ImGui::PushFont(m_fonts.mono);
        ImGui::TextUnformatted(done.output.c_str());
        ImGui::PopFont();
        ImGui::TextDisabled("Run it anywhere with ./run.sh (e.g. ./run.sh --ticks 600 --hash).");
        ImGui::Dummy(ImVec2(0, 6.0f * s));
        if (ImGui::Button("Close", button) || ImGui::IsKeyPressed(SDL_SCANCODE_RETURN) ||
            ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE)) {
            ImGui::CloseCurrentPopup();
            m_export_done.reset();
        }
        record_item(m_widgets, "Close", WidgetKind::Button);
    } else {
        m_modal_text = "Export";
        ImGui::TextUnformatted("Output folder (created; outside the project folder):");
        if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
        ImGui::SetNextItemWidth(bar.x);
        const bool enter =
            ImGui::InputText("##path", &m_export_path, ImGuiInputTextFlags_EnterReturnsTrue);
        record_item(m_widgets, "path", WidgetKind::TextInput);
        ImGui::Checkbox("Compact JSON (minified scenes and prefabs)", &m_export_compact);
        record_item(m_widgets, "compact", WidgetKind::Checkbox);
        ImGui::Checkbox("Replace the folder's contents when it is not empty", &m_export_force);
        record_item(m_widgets, "force", WidgetKind::Checkbox);
        if (m_session.dirty())
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::kWarning),
                               "The open scene has unsaved changes; the saved files are exported.");
        ImGui::TextDisabled("The player, engine, game module, data and run.sh, checked first.");
        ImGui::Dummy(ImVec2(0, 6.0f * s));
        if (ImGui::Button("Export", button) || enter) {
            ExportOptions options;
            options.output = m_export_path;
            options.player = m_exe_dir / "diorama-player";
            options.module = m_session.module_file();
            options.compact = m_export_compact;
            options.force = m_export_force;
            m_exporter =
                std::make_unique<Exporter>(m_session.project(), m_session.registry(), options);
            log_info("export of " + m_session.project().name + " to " + m_export_path + " started");
        }
        record_item(m_widgets, "Export", WidgetKind::Button);
        ImGui::SameLine();
        if (ImGui::Button("Cancel", button) || ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE))
            ImGui::CloseCurrentPopup();
        record_item(m_widgets, "Cancel", WidgetKind::Button);
    }
    m_widgets.pop_scope();
    ImGui::EndPopup();
}

bool App::advance_export() {
    constexpr auto kSlice = std::chrono::milliseconds(8); // of each frame, so the UI stays live
    const auto start = std::chrono::steady_clock::now();
    while (m_exporter->step() && std::chrono::steady_clock::now() - start < kSlice) {
    }
    if (!m_exporter->finished()) return true;
    for (const Problem& p : m_exporter->diagnostics().problems()) {
        if (p.severity == Severity::Error)
            log_error("export: " + p.error.describe());
        else
            log_warning("export: " + p.error.describe());
    }
    auto result = m_exporter->result();
    if (result) {
        log_info("exported " + std::to_string(result->files.size()) + " files to " +
                 result->output.string());
        m_export_done = std::move(*result);
        m_exporter.reset();
        return true;
    }
    std::string message = m_exporter->diagnostics().format();
    if (message.empty()) message = result.error().describe();
    if (m_exporter->progress().stage == ExportStage::Validate)
        message += "\n" + result.error().message; // the count after the list
    m_errors.push_back({"Could not export", message});
    m_exporter.reset();
    return false;
}

// ---- actions ----

void App::guard(LeaveAction action) {
    // Play mode edits the live world; the scene to keep is the one before Play.
    if (m_session.play_state() != PlayState::Editing) m_session.stop();
    if (auto now = m_unsaved.request(std::move(action), m_session.dirty()))
        perform(*now);
    else
        m_open_unsaved = true;
}

void App::answer_unsaved(GuardAnswer answer) {
    const GuardOutcome outcome = m_unsaved.answer(answer, [this] { return m_session.save(); });
    if (outcome.save_error) m_errors.push_back({"Could not save", outcome.save_error->describe()});
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
            m_errors.push_back({"Could not open the scene", opened.error().describe()});
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
        m_errors.push_back({"Could not open the project", opened.error().describe()});
        return;
    }
    after_project_change();
    if (!headless()) add_recent_project(m_config, m_session.project().root.string());
}

void App::after_project_change() {
    m_view.hidden_layers.clear();
    m_view.locked_layers.clear();
    m_view.place_mode = false;
    m_view.active_prefab.clear();
    m_frame_pending = true;
    if (m_session.project().root != m_texture_root) {
        m_texture_root = m_session.project().root;
        m_textures = std::make_unique<render::TextureCache>(m_texture_root);
        m_missing_reported = 0;
    }
    m_dialog_path = m_session.project().root.string();
    m_export_path.clear(); // File > Export proposes a folder next to the new project
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
    if (m_session.play_state() != PlayState::Editing) {
        m_errors.push_back(
            {"Could not save", "Stop playing first: the world holds the game's state."});
        return;
    }
    if (m_session.scene_path().empty()) {
        save_as_dialog();
        return;
    }
    if (auto saved = m_session.save(); !saved)
        m_errors.push_back({"Could not save", saved.error().describe()});
}

void App::save_as_dialog() {
    if (!m_session.has_project()) return;
    m_dialog_path = m_session.scene_path().empty() ? m_session.project().scene_folder + "/" +
                                                         m_session.scene_name() + ".scene.json"
                                                   : m_session.scene_path();
    m_open_save_as = true;
}

void App::open_project_dialog() {
    if (m_session.has_project()) m_dialog_path = m_session.project().root.string();
    m_open_project_dialog = true;
}

void App::export_dialog() {
    if (!m_session.has_project() || m_exporter) return;
    if (m_export_path.empty()) {
        const std::filesystem::path root = m_session.project().root;
        m_export_path = (root.parent_path() / (root.filename().string() + "-export")).string();
    }
    m_export_compact = m_export_force = false; // a replace is asked for each time
    m_export_done.reset();
    m_open_export = true;
}

void App::quit() {
    guard({LeaveKind::Quit, {}});
}

// ---- upkeep ----

void App::shutdown_on_signal() {
    m_stopped_by_signal = true;
    log_info(std::string(g_stop_signal == SIGINT ? "SIGINT" : "SIGTERM") + ": shutting down");
    if (auto kept = m_session.write_recovery(); !kept)
        std::cerr << "diorama-editor: could not keep the unsaved changes: "
                  << kept.error().describe() << "\n";
}

void App::report_missing_textures() {
    const auto& missing = m_textures->missing();
    for (; m_missing_reported < missing.size(); ++m_missing_reported)
        log_error("missing image '" + missing[m_missing_reported] +
                  "': drawn as a checkerboard (the file does not exist or cannot be read)");
}

void App::update_title() {
    const std::string title = m_session.has_project() ? m_session.window_title() : "Diorama";
    if (title == m_title) return;
    m_title = title;
    SDL_SetWindowTitle(m_window, title.c_str());
}

void App::save_config() {
    m_config.show_grid = m_session.grid().visible;
    if (auto saved = save_editor_config(m_config_path, m_config); !saved)
        std::cerr << "diorama-editor: cannot save the editor settings: " << saved.error().describe()
                  << "\n";
}

} // namespace diorama::editor
