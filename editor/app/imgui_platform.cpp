#include "imgui_platform.h"

#include "ui/text_field.h"

#include <imgui/imgui.h>

#include <cfloat>
#include <string>

namespace diorama::editor {

namespace {

std::string g_clipboard; // keeps the text ImGui reads until the next call

// Text pasted into and copied from text fields goes through the edited field's stand-ins
// (ui_widgets.h), as typed text does.
const char* get_clipboard(void*) {
    char* text = SDL_GetClipboardText();
    g_clipboard = text_for_edited_field(text != nullptr ? text : "");
    SDL_free(text);
    return g_clipboard.c_str();
}

void set_clipboard(void*, const char* text) {
    SDL_SetClipboardText(text_from_edited_field(text).c_str());
}

// ImGui buttons: 0 left, 1 right, 2 middle.
int imgui_button(Uint8 sdl_button) {
    switch (sdl_button) {
    case SDL_BUTTON_LEFT:
        return 0;
    case SDL_BUTTON_RIGHT:
        return 1;
    case SDL_BUTTON_MIDDLE:
        return 2;
    case SDL_BUTTON_X1:
        return 3;
    case SDL_BUTTON_X2:
        return 4;
    default:
        return -1;
    }
}

} // namespace

ImGuiPlatform::ImGuiPlatform(SDL_Window* window) : m_window(window) {
    ImGuiIO& io = ImGui::GetIO();
    io.BackendPlatformName = "diorama_sdl_events";
    io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
    io.SetClipboardTextFn = set_clipboard;
    io.GetClipboardTextFn = get_clipboard;
    io.ClipboardUserData = nullptr;

    io.KeyMap[ImGuiKey_Tab] = SDL_SCANCODE_TAB;
    io.KeyMap[ImGuiKey_LeftArrow] = SDL_SCANCODE_LEFT;
    io.KeyMap[ImGuiKey_RightArrow] = SDL_SCANCODE_RIGHT;
    io.KeyMap[ImGuiKey_UpArrow] = SDL_SCANCODE_UP;
    io.KeyMap[ImGuiKey_DownArrow] = SDL_SCANCODE_DOWN;
    io.KeyMap[ImGuiKey_PageUp] = SDL_SCANCODE_PAGEUP;
    io.KeyMap[ImGuiKey_PageDown] = SDL_SCANCODE_PAGEDOWN;
    io.KeyMap[ImGuiKey_Home] = SDL_SCANCODE_HOME;
    io.KeyMap[ImGuiKey_End] = SDL_SCANCODE_END;
    io.KeyMap[ImGuiKey_Insert] = SDL_SCANCODE_INSERT;
    io.KeyMap[ImGuiKey_Delete] = SDL_SCANCODE_DELETE;
    io.KeyMap[ImGuiKey_Backspace] = SDL_SCANCODE_BACKSPACE;
    io.KeyMap[ImGuiKey_Space] = SDL_SCANCODE_SPACE;
    io.KeyMap[ImGuiKey_Enter] = SDL_SCANCODE_RETURN;
    io.KeyMap[ImGuiKey_Escape] = SDL_SCANCODE_ESCAPE;
    io.KeyMap[ImGuiKey_KeyPadEnter] = SDL_SCANCODE_KP_ENTER;
    io.KeyMap[ImGuiKey_A] = SDL_SCANCODE_A;
    io.KeyMap[ImGuiKey_C] = SDL_SCANCODE_C;
    io.KeyMap[ImGuiKey_V] = SDL_SCANCODE_V;
    io.KeyMap[ImGuiKey_X] = SDL_SCANCODE_X;
    io.KeyMap[ImGuiKey_Y] = SDL_SCANCODE_Y;
    io.KeyMap[ImGuiKey_Z] = SDL_SCANCODE_Z;

    m_cursors[ImGuiMouseCursor_Arrow] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW);
    m_cursors[ImGuiMouseCursor_TextInput] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_IBEAM);
    m_cursors[ImGuiMouseCursor_ResizeAll] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZEALL);
    m_cursors[ImGuiMouseCursor_ResizeNS] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZENS);
    m_cursors[ImGuiMouseCursor_ResizeEW] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZEWE);
    m_cursors[ImGuiMouseCursor_ResizeNESW] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZENESW);
    m_cursors[ImGuiMouseCursor_ResizeNWSE] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZENWSE);
    m_cursors[ImGuiMouseCursor_Hand] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    m_cursors[ImGuiMouseCursor_NotAllowed] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_NO);
}

ImGuiPlatform::~ImGuiPlatform() {
    for (SDL_Cursor* c : m_cursors)
        if (c != nullptr) SDL_FreeCursor(c);
    ImGuiIO& io = ImGui::GetIO();
    io.SetClipboardTextFn = nullptr;
    io.GetClipboardTextFn = nullptr;
}

void ImGuiPlatform::process_event(const SDL_Event& event) {
    ImGuiIO& io = ImGui::GetIO();
    switch (event.type) {
    case SDL_MOUSEMOTION:
        io.MousePos =
            ImVec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y));
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
        io.MousePos =
            ImVec2(static_cast<float>(event.button.x), static_cast<float>(event.button.y));
        const int b = imgui_button(event.button.button);
        if (b < 0) break;
        const bool down = event.type == SDL_MOUSEBUTTONDOWN;
        m_held[static_cast<std::size_t>(b)] = down;
        if (down) m_pressed[static_cast<std::size_t>(b)] = true;
        break;
    }
    case SDL_MOUSEWHEEL:
        io.MouseWheel += static_cast<float>(event.wheel.y);
        io.MouseWheelH += static_cast<float>(event.wheel.x);
        break;
    case SDL_TEXTINPUT:
        io.AddInputCharactersUTF8(text_for_edited_field(event.text.text).c_str());
        break;
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
        const int key = event.key.keysym.scancode;
        if (key >= 0 && key < IM_ARRAYSIZE(io.KeysDown))
            io.KeysDown[key] = event.type == SDL_KEYDOWN;
        const Uint16 mod = event.key.keysym.mod;
        io.KeyShift = (mod & KMOD_SHIFT) != 0;
        io.KeyCtrl = (mod & KMOD_CTRL) != 0;
        io.KeyAlt = (mod & KMOD_ALT) != 0;
        io.KeySuper = (mod & KMOD_GUI) != 0;
        break;
    }
    case SDL_WINDOWEVENT:
        if (event.window.event == SDL_WINDOWEVENT_LEAVE && !ImGui::IsAnyMouseDown())
            io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
        else if (event.window.event == SDL_WINDOWEVENT_FOCUS_GAINED)
            io.AddFocusEvent(true);
        else if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST)
            io.AddFocusEvent(false);
        break;
    default:
        break;
    }
}

void ImGuiPlatform::new_frame(float delta_s) {
    ImGuiIO& io = ImGui::GetIO();
    int w = 0, h = 0, dw = 0, dh = 0;
    SDL_GetWindowSize(m_window, &w, &h);
    if ((SDL_GetWindowFlags(m_window) & SDL_WINDOW_MINIMIZED) != 0) w = h = 0;
    SDL_GL_GetDrawableSize(m_window, &dw, &dh);
    io.DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));
    if (w > 0 && h > 0)
        io.DisplayFramebufferScale = ImVec2(static_cast<float>(dw) / static_cast<float>(w),
                                            static_cast<float>(dh) / static_cast<float>(h));
    io.DeltaTime = delta_s > 0.0f ? delta_s : 1.0f / 60.0f;
    for (std::size_t b = 0; b < m_held.size(); ++b) {
        io.MouseDown[b] = m_held[b] || m_pressed[b];
        m_pressed[b] = false;
    }
}

void ImGuiPlatform::update_cursor() {
    const ImGuiIO& io = ImGui::GetIO();
    if ((io.ConfigFlags & ImGuiConfigFlags_NoMouseCursorChange) != 0) return;
    const int cursor = ImGui::GetMouseCursor();
    if (cursor == m_last_cursor) return;
    m_last_cursor = cursor;
    if (io.MouseDrawCursor || cursor == ImGuiMouseCursor_None) {
        SDL_ShowCursor(SDL_FALSE);
        return;
    }
    SDL_Cursor* c = m_cursors[static_cast<std::size_t>(cursor)];
    SDL_SetCursor(c != nullptr ? c : m_cursors[ImGuiMouseCursor_Arrow]);
    SDL_ShowCursor(SDL_TRUE);
}

} // namespace diorama::editor
