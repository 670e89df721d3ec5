#pragma once
// OpenGL pieces the app needs besides diorama_render: an offscreen colour target the viewport
// draws into (shown with ImGui::Image), and reading the window back into a PNG.

#include "diorama/result.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <filesystem>

namespace diorama::editor {

// A framebuffer with one RGBA8 colour texture. Needs a current GL context for its whole life.
class RenderTarget {
public:
    RenderTarget() = default;
    ~RenderTarget();
    RenderTarget(const RenderTarget&) = delete;
    RenderTarget& operator=(const RenderTarget&) = delete;

    // (Re)creates the storage when the size changed; sizes below 1 become 1.
    void resize(glm::ivec2 size_px);
    // Draws into the target from now on (sets the GL viewport to its size).
    void bind() const;
    // Draws into the window again.
    static void unbind();
    [[nodiscard]] std::uint32_t texture() const { return m_texture; }

private:
    std::uint32_t m_framebuffer = 0;
    std::uint32_t m_texture = 0;
    glm::ivec2 m_size{0, 0};
};

// Reads the window's framebuffer (size_px, drawable pixels) and writes it as a PNG, creating the
// folder. Call after drawing a frame and before swapping buffers.
Result<void> write_window_png(const std::filesystem::path& file, glm::ivec2 size_px);

} // namespace diorama::editor
