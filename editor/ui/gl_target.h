#pragma once
// OpenGL pieces the app needs besides diorama_render: an offscreen colour target the viewport
// draws into (copied into the window: target_blit.h), and reading the window back into a PNG.

#include "diorama/result.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <filesystem>
#include <vector>

namespace diorama::editor {

// A framebuffer with one 8-bit RGBA colour texture, its texels stored as BGRA (as window buffers
// are, so render::TexelCopy copies it into the window as memory: texel_copy.h). Needs a current
// GL context for its whole life.
class RenderTarget {
public:
    RenderTarget() = default;
    ~RenderTarget();
    RenderTarget(const RenderTarget&) = delete;
    RenderTarget& operator=(const RenderTarget&) = delete;

    // (Re)creates the storage when the size changed (returns true then: its pixels are
    // undefined); sizes below 1 become 1.
    bool resize(glm::ivec2 size_px);
    // Draws into the target from now on (sets the GL viewport to its size).
    void bind() const;
    // Draws into the window again.
    static void unbind();
    // The GL colour texture (0 before the first resize), for copying from it.
    [[nodiscard]] std::uint32_t texture() const { return m_texture; }
    // The size of its storage, pixels.
    [[nodiscard]] glm::ivec2 size() const { return m_size; }

private:
    std::uint32_t m_framebuffer = 0;
    std::uint32_t m_texture = 0;
    glm::ivec2 m_size{0, 0};
};

// A window's pixels: RGBA, opaque, the top row first.
struct WindowPixels {
    glm::ivec2 size{0, 0};
    std::vector<unsigned char> rgba;
};

// Reads the window's framebuffer (size_px, drawable pixels; none when empty). Call after drawing
// a frame and before swapping buffers.
[[nodiscard]] WindowPixels read_window_pixels(glm::ivec2 size_px);

// Writes pixels as a PNG, creating the folder.
Result<void> write_png(const std::filesystem::path& file, const WindowPixels& pixels);

} // namespace diorama::editor
