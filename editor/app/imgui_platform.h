#pragma once
// The SDL2 side of Dear ImGui, driven only by SDL events. Dear ImGui 1.86's imgui_impl_sdl polls
// SDL_GetMouseState and SDL_GetModState, which events pushed with SDL_PushEvent never change, so
// a scripted click would not reach ImGui; here every input comes from the event queue, whether a
// person or a script produced it. Rendering stays with imgui_impl_opengl3.

#include <SDL.h>

#include <array>

namespace diorama::editor {

class ImGuiPlatform {
public:
    // Sets ImGui's key map, clipboard and cursor support for window (ImGui context current).
    explicit ImGuiPlatform(SDL_Window* window);
    ~ImGuiPlatform();
    ImGuiPlatform(const ImGuiPlatform&) = delete;
    ImGuiPlatform& operator=(const ImGuiPlatform&) = delete;

    // Feeds one event to ImGui (mouse, wheel, keys, text, focus).
    void process_event(const SDL_Event& event);
    // Display size, framebuffer scale, time step and mouse buttons for the next ImGui frame.
    void new_frame(float delta_s);
    // Shows the cursor shape ImGui asks for (call after ImGui::Render or before NewFrame).
    void update_cursor();

private:
    SDL_Window* m_window = nullptr;
    std::array<bool, 5> m_held{};    // buttons down according to the events
    std::array<bool, 5> m_pressed{}; // pressed since the last frame (a click shorter than a frame)
    std::array<SDL_Cursor*, 9> m_cursors{};
    int m_last_cursor = -2;
};

} // namespace diorama::editor
