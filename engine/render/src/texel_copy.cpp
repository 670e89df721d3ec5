// TexelCopy: one opaque textured quad per copy, in clip space.

#include "diorama/render/texel_copy.h"

#include "gl.h"
#include "renderer_programs.h"

#include <array>
#include <utility>

namespace diorama::render {

TexelCopy::TexelCopy() : m_program(make_texel_copy_program().id) {
    // Samplers, so the copied texture's own filters are left as they are.
    glGenSamplers(1, &m_nearest);
    glGenSamplers(1, &m_linear);
    for (const auto& [sampler, filter] :
         {std::pair{m_nearest, GL_NEAREST}, std::pair{m_linear, GL_LINEAR}}) {
        glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, filter);
        glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, filter);
        glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glGenVertexArrays(1, &m_vertex_array);
    glGenBuffers(1, &m_buffer);
    glBindVertexArray(m_vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    constexpr GLsizei kStride = 4 * sizeof(float); // position (clip space), uv
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, kStride, nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, kStride,
                          reinterpret_cast<const void*>(2 * sizeof(float)));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

TexelCopy::~TexelCopy() {
    glDeleteSamplers(1, &m_linear);
    glDeleteSamplers(1, &m_nearest);
    if (m_program != 0) glDeleteProgram(m_program);
    glDeleteBuffers(1, &m_buffer);
    glDeleteVertexArrays(1, &m_vertex_array);
}

void TexelCopy::copy(std::uint32_t texture, glm::ivec2 texture_size, const PixelBox& from,
                     const PixelBox& to, glm::ivec2 framebuffer_size) const {
    if (m_program == 0 || texture == 0 || texture_size.x <= 0 || texture_size.y <= 0 ||
        framebuffer_size.x <= 0 || framebuffer_size.y <= 0)
        return;
    const glm::vec2 to_clip = 2.0f / glm::vec2(framebuffer_size);
    const glm::vec2 to_uv = 1.0f / glm::vec2(texture_size);
    const glm::vec2 p0 = glm::vec2(to.min) * to_clip - 1.0f;
    const glm::vec2 p1 = glm::vec2(to.max) * to_clip - 1.0f;
    const glm::vec2 t0 = glm::vec2(from.min) * to_uv;
    const glm::vec2 t1 = glm::vec2(from.max) * to_uv;
    // Two triangles sharing a diagonal, as a rasterizer recognises a rectangle by.
    const std::array<float, 24> vertices{p0.x, p0.y, t0.x, t0.y, p1.x, p0.y, t1.x, t0.y,
                                         p1.x, p1.y, t1.x, t1.y, p0.x, p0.y, t0.x, t0.y,
                                         p1.x, p1.y, t1.x, t1.y, p0.x, p1.y, t0.x, t1.y};
    const bool same_size = to.max - to.min == from.max - from.min;

    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, framebuffer_size.x, framebuffer_size.y);
    glUseProgram(m_program);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    glBindSampler(0, same_size ? m_nearest : m_linear);
    glBindVertexArray(m_vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    glBufferData(GL_ARRAY_BUFFER, sizeof(vertices), vertices.data(), GL_STREAM_DRAW);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glBindSampler(0, 0);
}

} // namespace diorama::render
