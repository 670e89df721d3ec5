// Renderer2D: one streamed vertex + index buffer; geometry appended per call, split into batches
// where the texture changes, flushed (one upload, one glDrawElements per batch) at end() or when
// the buffer is full.

#include "diorama/render/renderer_2d.h"

#include "diorama/log.h"
#include "diorama/render/font.h"
#include "diorama/render/texture.h"
#include "font_impl.h"
#include "gl.h"

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace diorama::render {

namespace {

struct Vertex {
    glm::vec2 position{0.0f};
    glm::vec2 uv{0.0f};
    std::array<std::uint8_t, 4> rgba{}; // straight alpha; the shader premultiplies
};

constexpr std::size_t kMaxIndices = Renderer2D::kMaxVertices * 3; // circle fans need 3 per vertex
constexpr std::size_t kMaxCircleSegments = 256;
constexpr float kCircleMaxErrorPx = 0.1f; // largest gap between the polygon and the true circle

constexpr const char* kVertexShader = R"(#version 330 core
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
uniform mat4 u_view_projection;
out vec2 v_uv;
out vec4 v_color;
void main() {
    v_uv = a_uv;
    v_color = vec4(a_color.rgb * a_color.a, a_color.a);
    gl_Position = u_view_projection * vec4(a_position, 0.0, 1.0);
    gl_PointSize = a_uv.x; // points only: their uv.x is their size in pixels (see dot())
}
)";

constexpr const char* kFragmentShader = R"(#version 330 core
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_texture;
out vec4 o_color;
void main() {
    o_color = texture(u_texture, v_uv) * v_color;
}
)";

GLuint compile_shader(GLenum stage, const char* source) {
    const GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        std::string info(1024, '\0');
        GLsizei length = 0;
        glGetShaderInfoLog(shader, static_cast<GLsizei>(info.size()), &length, info.data());
        info.resize(static_cast<std::size_t>(length));
        log_error("renderer: shader does not compile: " + info);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

// The quad shader program, or 0 (logged) when it does not build.
GLuint build_program() {
    const GLuint vs = compile_shader(GL_VERTEX_SHADER, kVertexShader);
    const GLuint fs = compile_shader(GL_FRAGMENT_SHADER, kFragmentShader);
    if (vs == 0 || fs == 0) {
        glDeleteShader(vs);
        glDeleteShader(fs);
        return 0;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        std::string info(1024, '\0');
        GLsizei length = 0;
        glGetProgramInfoLog(program, static_cast<GLsizei>(info.size()), &length, info.data());
        info.resize(static_cast<std::size_t>(length));
        log_error("renderer: shader program does not link: " + info);
        glDeleteProgram(program);
        program = 0;
    }
    return program;
}

std::array<std::uint8_t, 4> pack_color(const glm::vec4& c) {
    const auto channel = [](float v) {
        return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
    };
    return {channel(c.r), channel(c.g), channel(c.b), channel(c.a)};
}

glm::vec2 apply(const glm::mat3& m, glm::vec2 p) {
    return glm::vec2(m * glm::vec3(p, 1.0f));
}

glm::mat3 translation(glm::vec2 position) {
    glm::mat3 m(1.0f);
    m[2] = glm::vec3(position, 1.0f);
    return m;
}

// Rotation (counter-clockwise, degrees) about center, then translation to it.
glm::mat3 pose(glm::vec2 center, float rotation_deg) {
    const float r = glm::radians(rotation_deg);
    const float c = std::cos(r);
    const float s = std::sin(r);
    return glm::mat3(glm::vec3(c, s, 0.0f), glm::vec3(-s, c, 0.0f), glm::vec3(center, 1.0f));
}

// Segments for a circle of radius_px on screen, so the polygon strays at most kCircleMaxErrorPx.
std::size_t circle_segments(float radius_px) {
    constexpr std::size_t kMin = 8;
    if (!(radius_px > kCircleMaxErrorPx * 2.0f)) return kMin;
    const float step = 2.0f * std::acos(1.0f - kCircleMaxErrorPx / radius_px);
    const float n = std::ceil(glm::two_pi<float>() / step);
    return std::clamp(static_cast<std::size_t>(n), kMin, kMaxCircleSegments);
}

} // namespace

struct Renderer2D::Impl {
    struct Batch {
        GLuint texture = 0;
        GLenum mode = GL_TRIANGLES; // or GL_POINTS
        std::size_t first = 0;      // first index
        std::size_t count = 0;      // indices
    };

    GLuint program = 0;
    GLint u_view_projection = -1;
    GLint u_texture = -1;
    GLuint vao = 0;
    GLuint vbo = 0;
    GLuint ibo = 0;
    std::unique_ptr<Texture> white;

    std::vector<Vertex> vertices;
    std::vector<std::uint16_t> indices;
    std::vector<Batch> batches;
    glm::ivec2 size_px{0};
    glm::mat4 view_projection{1.0f};
    bool in_frame = false;

    // Room for nv vertices and ni indices in a batch of texture (flushing first when full);
    // returns the index of the first new vertex.
    std::uint16_t reserve(GLuint texture, std::size_t nv, std::size_t ni, RenderStats& stats,
                          GLenum mode = GL_TRIANGLES) {
        assert(in_frame && "draw calls go between begin() and end()");
        assert(nv <= kMaxVertices && ni <= kMaxIndices);
        if (vertices.size() + nv > kMaxVertices || indices.size() + ni > kMaxIndices) flush(stats);
        if (batches.empty() || batches.back().texture != texture || batches.back().mode != mode)
            batches.push_back(Batch{texture, mode, indices.size(), 0});
        batches.back().count += ni;
        return static_cast<std::uint16_t>(vertices.size());
    }

    void push_index(std::uint16_t base, std::size_t offset) {
        indices.push_back(static_cast<std::uint16_t>(base + offset));
    }

    // A quad from its corners (top-left, top-right, bottom-right, bottom-left) and the texture
    // coordinates of its top-left and bottom-right.
    void quad(const std::array<glm::vec2, 4>& corners, glm::vec2 uv_min, glm::vec2 uv_max,
              const std::array<std::uint8_t, 4>& rgba, GLuint texture, RenderStats& stats) {
        const std::uint16_t base = reserve(texture, 4, 6, stats);
        vertices.push_back(Vertex{corners[0], uv_min, rgba});
        vertices.push_back(Vertex{corners[1], {uv_max.x, uv_min.y}, rgba});
        vertices.push_back(Vertex{corners[2], uv_max, rgba});
        vertices.push_back(Vertex{corners[3], {uv_min.x, uv_max.y}, rgba});
        for (std::size_t k : {0, 1, 2, 2, 3, 0})
            push_index(base, k);
        ++stats.quads;
    }

    // An untextured local rectangle [min, max] under m.
    void local_rect(const glm::mat3& m, glm::vec2 min, glm::vec2 max,
                    const std::array<std::uint8_t, 4>& rgba, RenderStats& stats) {
        quad({apply(m, {min.x, max.y}), apply(m, max), apply(m, {max.x, min.y}), apply(m, min)},
             {0.5f, 0.5f}, {0.5f, 0.5f}, rgba, white->id(), stats);
    }

    void flush(RenderStats& stats) {
        if (indices.empty()) return;
        if (program != 0) {
            glViewport(0, 0, size_px.x, size_px.y);
            glDisable(GL_DEPTH_TEST);
            glDisable(GL_CULL_FACE);
            glDisable(GL_SCISSOR_TEST);
            glEnable(GL_BLEND);
            glBlendEquation(GL_FUNC_ADD);
            glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA); // premultiplied alpha
            glEnable(GL_PROGRAM_POINT_SIZE);
            glUseProgram(program);
            glUniformMatrix4fv(u_view_projection, 1, GL_FALSE, &view_projection[0][0]);
            glUniform1i(u_texture, 0);
            glActiveTexture(GL_TEXTURE0);
            glBindVertexArray(vao);
            // Orphan then fill, so the driver never waits for the previous flush's draws.
            glBindBuffer(GL_ARRAY_BUFFER, vbo);
            glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(kMaxVertices * sizeof(Vertex)),
                         nullptr, GL_STREAM_DRAW);
            glBufferSubData(GL_ARRAY_BUFFER, 0,
                            static_cast<GLsizeiptr>(vertices.size() * sizeof(Vertex)),
                            vertices.data());
            glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                         static_cast<GLsizeiptr>(kMaxIndices * sizeof(std::uint16_t)), nullptr,
                         GL_STREAM_DRAW);
            glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0,
                            static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint16_t)),
                            indices.data());
            for (const Batch& b : batches) {
                if (b.count == 0) continue;
                glBindTexture(GL_TEXTURE_2D, b.texture);
                glDrawElements(b.mode, static_cast<GLsizei>(b.count), GL_UNSIGNED_SHORT,
                               reinterpret_cast<const void*>(b.first * sizeof(std::uint16_t)));
                ++stats.draw_calls;
                if (b.mode == GL_TRIANGLES) stats.triangles += b.count / 3;
            }
            glDisable(GL_PROGRAM_POINT_SIZE);
            glBindVertexArray(0);
            glUseProgram(0);
            glBindTexture(GL_TEXTURE_2D, 0);
        }
        vertices.clear();
        indices.clear();
        batches.clear();
    }
};

Renderer2D::Renderer2D() : m_impl(std::make_unique<Impl>()) {
    Impl& r = *m_impl;
    r.program = build_program();
    if (r.program != 0) {
        r.u_view_projection = glGetUniformLocation(r.program, "u_view_projection");
        r.u_texture = glGetUniformLocation(r.program, "u_texture");
    }
    glGenVertexArrays(1, &r.vao);
    glGenBuffers(1, &r.vbo);
    glGenBuffers(1, &r.ibo);
    glBindVertexArray(r.vao);
    glBindBuffer(GL_ARRAY_BUFFER, r.vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, r.ibo);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<const void*>(offsetof(Vertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<const void*>(offsetof(Vertex, uv)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(Vertex),
                          reinterpret_cast<const void*>(offsetof(Vertex, rgba)));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);

    const std::array<std::uint8_t, 4> white{255, 255, 255, 255};
    r.white = std::make_unique<Texture>(1, 1, white.data(), false);
    r.vertices.reserve(kMaxVertices);
    r.indices.reserve(kMaxIndices);
}

Renderer2D::~Renderer2D() {
    Impl& r = *m_impl;
    glDeleteBuffers(1, &r.ibo);
    glDeleteBuffers(1, &r.vbo);
    glDeleteVertexArrays(1, &r.vao);
    glDeleteProgram(r.program);
}

void Renderer2D::begin(glm::ivec2 size_px, const glm::mat4& view_projection) {
    Impl& r = *m_impl;
    assert(!r.in_frame && "begin() twice without end()");
    r.in_frame = true;
    r.size_px = size_px;
    r.view_projection = view_projection;
    m_stats = {};
    // Pixels per world unit along each world axis; a pixel_size line is >= 1 pixel either way.
    const glm::vec2 half(static_cast<float>(size_px.x) * 0.5f,
                         static_cast<float>(size_px.y) * 0.5f);
    const float along_x =
        glm::length(glm::vec2(view_projection[0][0], view_projection[0][1]) * half);
    const float along_y =
        glm::length(glm::vec2(view_projection[1][0], view_projection[1][1]) * half);
    const float px_per_unit = std::min(along_x, along_y);
    m_pixel_size = std::isfinite(px_per_unit) && px_per_unit > 0.0f ? 1.0f / px_per_unit : 1.0f;
}

void Renderer2D::end() {
    Impl& r = *m_impl;
    assert(r.in_frame && "end() without begin()");
    r.flush(m_stats);
    r.in_frame = false;
}

// ---- centre and rotation ----

void Renderer2D::quad(glm::vec2 center, glm::vec2 size, float rotation_deg, const glm::vec4& color,
                      const Texture* texture, glm::vec2 uv_min, glm::vec2 uv_max) {
    quad(pose(center, rotation_deg), size, color, texture, uv_min, uv_max);
}

void Renderer2D::rect_outline(glm::vec2 center, glm::vec2 size, float rotation_deg,
                              const glm::vec4& color, float thickness) {
    rect_outline(pose(center, rotation_deg), size, color, thickness);
}

void Renderer2D::circle(glm::vec2 center, float radius, const glm::vec4& color, bool filled,
                        float thickness) {
    circle(translation(center), radius, color, filled, thickness);
}

void Renderer2D::line(glm::vec2 a, glm::vec2 b, const glm::vec4& color, float thickness) {
    const glm::vec2 d = b - a;
    const float length = glm::length(d);
    if (!(length > 0.0f)) return;
    const glm::vec2 n = glm::vec2(-d.y, d.x) * (0.5f * thickness / length);
    m_impl->quad({a + n, b + n, b - n, a - n}, {0.5f, 0.5f}, {0.5f, 0.5f}, pack_color(color),
                 m_impl->white->id(), m_stats);
}

void Renderer2D::text(const Font& font, std::string_view utf8, glm::vec2 position, float size,
                      const glm::vec4& color, int align) {
    text(font, utf8, translation(position), size, color, align);
}

void Renderer2D::dot(glm::vec2 center, int size_px, const glm::vec4& color) {
    Impl& r = *m_impl;
    const std::uint16_t base = r.reserve(r.white->id(), 1, 1, m_stats, GL_POINTS);
    const float size = static_cast<float>(std::clamp(size_px, 1, kMaxDotPixels));
    r.vertices.push_back(Vertex{center, {size, 0.5f}, pack_color(color)}); // white at any uv
    r.push_index(base, 0);
    ++m_stats.points;
}

// ---- under a transform ----

void Renderer2D::quad(const glm::mat3& transform, glm::vec2 size, const glm::vec4& color,
                      const Texture* texture, glm::vec2 uv_min, glm::vec2 uv_max) {
    const glm::vec2 h = size * 0.5f;
    const GLuint id = texture != nullptr ? texture->id() : m_impl->white->id();
    m_impl->quad({apply(transform, {-h.x, h.y}), apply(transform, h), apply(transform, {h.x, -h.y}),
                  apply(transform, -h)},
                 uv_min, uv_max, pack_color(color), id, m_stats);
}

void Renderer2D::rect_outline(const glm::mat3& transform, glm::vec2 size, const glm::vec4& color,
                              float thickness) {
    const glm::vec2 h = glm::abs(size) * 0.5f;
    const float scale_x = glm::length(glm::vec2(transform[0]));
    const float scale_y = glm::length(glm::vec2(transform[1]));
    if (!(scale_x > 0.0f && scale_y > 0.0f && thickness > 0.0f)) return;
    const glm::vec2 t(thickness / scale_x, thickness / scale_y); // local thickness per axis
    const auto rgba = pack_color(color);
    if (t.x >= h.x || t.y >= h.y) { // the border covers it all
        m_impl->local_rect(transform, -h, h, rgba, m_stats);
        return;
    }
    // Four strips that do not overlap, so translucent outlines have even corners.
    m_impl->local_rect(transform, {-h.x, h.y - t.y}, h, rgba, m_stats);
    m_impl->local_rect(transform, -h, {h.x, -h.y + t.y}, rgba, m_stats);
    m_impl->local_rect(transform, {-h.x, -h.y + t.y}, {-h.x + t.x, h.y - t.y}, rgba, m_stats);
    m_impl->local_rect(transform, {h.x - t.x, -h.y + t.y}, {h.x, h.y - t.y}, rgba, m_stats);
}

void Renderer2D::circle(const glm::mat3& transform, float radius, const glm::vec4& color,
                        bool filled, float thickness) {
    const float r = std::abs(radius);
    const float scale =
        std::max(glm::length(glm::vec2(transform[0])), glm::length(glm::vec2(transform[1])));
    if (!(r * scale > 0.0f)) return;
    const std::size_t n = circle_segments(r * scale / m_pixel_size);
    const float inner = filled ? 0.0f : r - std::abs(thickness) / scale;
    const auto rgba = pack_color(color);
    const GLuint white = m_impl->white->id();
    Impl& b = *m_impl;
    const auto rim = [&](std::size_t i, float radius_local) {
        const float a = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(n);
        return apply(transform, glm::vec2(std::cos(a), std::sin(a)) * radius_local);
    };
    if (inner <= 0.0f) { // a triangle fan around the centre
        const std::uint16_t base = b.reserve(white, n + 1, n * 3, m_stats);
        b.vertices.push_back(Vertex{apply(transform, glm::vec2(0.0f)), {0.5f, 0.5f}, rgba});
        for (std::size_t i = 0; i < n; ++i)
            b.vertices.push_back(Vertex{rim(i, r), {0.5f, 0.5f}, rgba});
        for (std::size_t i = 0; i < n; ++i) {
            b.push_index(base, 0);
            b.push_index(base, 1 + i);
            b.push_index(base, 1 + (i + 1) % n);
        }
        return;
    }
    // A ring: vertices alternate outer, inner; two triangles per segment.
    const std::uint16_t base = b.reserve(white, n * 2, n * 6, m_stats);
    for (std::size_t i = 0; i < n; ++i) {
        b.vertices.push_back(Vertex{rim(i, r), {0.5f, 0.5f}, rgba});
        b.vertices.push_back(Vertex{rim(i, inner), {0.5f, 0.5f}, rgba});
    }
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t o0 = i * 2;
        const std::size_t o1 = ((i + 1) % n) * 2;
        for (std::size_t k : {o0, o1, o1 + 1, o1 + 1, o0 + 1, o0})
            b.push_index(base, k);
    }
}

void Renderer2D::text(const Font& font, std::string_view utf8, const glm::mat3& transform,
                      float size, const glm::vec4& color, int align) {
    const Font::Impl& f = font.impl();
    const GLuint atlas = f.atlas->id();
    const auto rgba = pack_color(color);
    f.layout(utf8, align, [&](const Font::Impl::Glyph& g, glm::vec2 pen) {
        const glm::vec2 lo = (pen + g.min) * size;
        const glm::vec2 hi = (pen + g.max) * size;
        m_impl->quad({apply(transform, {lo.x, hi.y}), apply(transform, hi),
                      apply(transform, {hi.x, lo.y}), apply(transform, lo)},
                     g.uv_min, g.uv_max, rgba, atlas, m_stats);
    });
}

} // namespace diorama::render
