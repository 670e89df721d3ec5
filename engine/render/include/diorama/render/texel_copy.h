#pragma once
// TexelCopy: draws a part of a texture into the bound framebuffer, texel for pixel and opaque.
// Mesa's software rasterizer (llvmpipe) turns exactly such a draw into a memory copy per tile
// when the texture's texels are stored as the framebuffer's pixels are (BGRA, as window buffers
// are: give the texture an unsized GL_RGBA internal format with GL_BGRA pixel data); a
// glBlitFramebuffer into an sRGB-capable window buffer, or a blended or filtered quad, is shaded
// pixel by pixel instead, several times slower. On a GPU any of them is cheap.

#include <glm/vec2.hpp>

#include <cstdint>

namespace diorama::render {

// A rectangle of whole pixels or texels in GL's coordinates (y up from the bottom row): min
// inclusive, max exclusive.
struct PixelBox {
    glm::ivec2 min{0, 0};
    glm::ivec2 max{0, 0};
};

class TexelCopy {
public:
    // Builds its program and buffers (the GL context must be current for its whole life); when
    // the program does not build it logs why and copies nothing.
    TexelCopy();
    ~TexelCopy();
    TexelCopy(const TexelCopy&) = delete;
    TexelCopy& operator=(const TexelCopy&) = delete;

    // Draws the texels `from` of `texture` (texture_size texels) onto the pixels `to` of the bound
    // framebuffer (framebuffer_size pixels): texel for pixel (nearest) when the boxes are the same
    // size, else scaled with linear filtering (its own samplers: the texture's filters are left
    // alone). Opaque and unclipped: it turns blending and the scissor test off, sets the
    // viewport to the whole framebuffer, and binds its program, vertex array and buffer and the
    // texture on unit 0 (the caller restores what it needs).
    void copy(std::uint32_t texture, glm::ivec2 texture_size, const PixelBox& from,
              const PixelBox& to, glm::ivec2 framebuffer_size) const;

private:
    std::uint32_t m_program = 0;
    std::uint32_t m_vertex_array = 0;
    std::uint32_t m_buffer = 0;
    std::uint32_t m_nearest = 0; // samplers
    std::uint32_t m_linear = 0;
};

} // namespace diorama::render
