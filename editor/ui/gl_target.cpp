#include "gl_target.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <stb/stb_image_write.h>

#include <glm/common.hpp>

#include <algorithm>
#include <system_error>
#include <vector>

namespace diorama::editor {

RenderTarget::~RenderTarget() {
    if (m_framebuffer != 0) glDeleteFramebuffers(1, &m_framebuffer);
    if (m_texture != 0) glDeleteTextures(1, &m_texture);
}

bool RenderTarget::resize(glm::ivec2 size_px) {
    size_px = glm::max(size_px, glm::ivec2(1));
    if (size_px == m_size && m_framebuffer != 0) return false;
    m_size = size_px;
    if (m_texture == 0) glGenTextures(1, &m_texture);
    glBindTexture(GL_TEXTURE_2D, m_texture);
    // Unsized RGBA with BGRA data: Mesa then stores the texels as BGRA, the layout of window
    // buffers, which a texel copy needs to be a memory copy (GL_RGBA8 is stored as RGBA).
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, m_size.x, m_size.y, 0, GL_BGRA, GL_UNSIGNED_BYTE,
                 nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    if (m_framebuffer == 0) glGenFramebuffers(1, &m_framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, m_texture, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return true;
}

void RenderTarget::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer);
    glViewport(0, 0, m_size.x, m_size.y);
}

void RenderTarget::unbind() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

WindowPixels read_window_pixels(glm::ivec2 size_px) {
    WindowPixels out;
    if (size_px.x <= 0 || size_px.y <= 0) return out;
    out.size = size_px;
    const auto width = static_cast<std::size_t>(size_px.x);
    const auto height = static_cast<std::size_t>(size_px.y);
    std::vector<unsigned char> pixels(width * height * 4);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, size_px.x, size_px.y, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    // GL rows start at the bottom; PNG rows at the top. The window is opaque.
    out.rgba.resize(pixels.size());
    const std::size_t row = width * 4;
    for (std::size_t y = 0; y < height; ++y)
        std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * row), row,
                    out.rgba.begin() + static_cast<std::ptrdiff_t>(y * row));
    for (std::size_t i = 3; i < out.rgba.size(); i += 4)
        out.rgba[i] = 255;
    return out;
}

Result<void> write_png(const std::filesystem::path& file, const WindowPixels& pixels) {
    if (pixels.size.x <= 0 || pixels.size.y <= 0)
        return make_error(ErrorCode::InvalidArgument, "the window has no pixels", file.string());
    std::error_code ec;
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
    if (stbi_write_png(file.c_str(), pixels.size.x, pixels.size.y, 4, pixels.rgba.data(),
                       pixels.size.x * 4) == 0)
        return make_error(ErrorCode::Io, "could not write the PNG", file.string());
    return {};
}

} // namespace diorama::editor
