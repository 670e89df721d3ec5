// Renderer2D: geometry appended per call into chunks of one buffer's size, split into batches
// where the texture or the primitive changes; end() uploads each chunk into one streamed vertex +
// index buffer and issues one draw per batch (solid batches with a program that samples no
// texture, dots without indices), unless the frame is the previous one again and the caller
// keeps unchanged frames.

#include "diorama/render/renderer_2d.h"

#include "diorama/hot_inline.h"
#include "diorama/render/font.h"
#include "diorama/render/texture.h"
#include "font_impl.h"
#include "gl.h"
#include "renderer_2d_impl.h"
#include "renderer_programs.h"

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/matrix.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace diorama::render {

namespace {

using detail::kMaxIndices;
using detail::Vertex;

constexpr std::size_t kMaxCircleSegments = 256;
constexpr float kCircleMaxErrorPx = 0.1f; // largest gap between the polygon and the true circle
DIORAMA_HOT_INLINE std::array<std::uint8_t, 4> pack_color(const glm::vec4& c) {
    // Rounded to the nearest of 0..255 (NaN as 0), inline: std::lround is a libm call, four
    // per dot with 100k dots a frame. Without branches, which random colours mispredict: NaN
    // and v <= 0 clamp to 0 and v >= 1 to 1, then (v * 255 + 0.5) truncated.
    const auto channel = [](float v) -> std::uint8_t {
        const float clamped = std::min(v > 0.0f ? v : 0.0f, 1.0f);
        return static_cast<std::uint8_t>(clamped * 255.0f + 0.5f);
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

void Renderer2D::Impl::quad(const std::array<glm::vec2, 4>& corners, glm::vec2 uv_min,
                            glm::vec2 uv_max, const std::array<std::uint8_t, 4>& rgba,
                            const Texture& texture, RenderStats& stats, Shader shader) {
    const std::uint16_t base = reserve(texture, 4, 6, GL_TRIANGLES, shader);
    push_vertex(Vertex{corners[0], uv_min, rgba});
    push_vertex(Vertex{corners[1], {uv_max.x, uv_min.y}, rgba});
    push_vertex(Vertex{corners[2], uv_max, rgba});
    push_vertex(Vertex{corners[3], {uv_min.x, uv_max.y}, rgba});
    for (std::size_t k : {0, 1, 2, 2, 3, 0})
        push_index(base, k);
    ++stats.quads;
}

void Renderer2D::Impl::local_rect(const glm::mat3& m, glm::vec2 min, glm::vec2 max,
                                  const std::array<std::uint8_t, 4>& rgba, RenderStats& stats) {
    quad({apply(m, {min.x, max.y}), apply(m, max), apply(m, {max.x, min.y}), apply(m, min)},
         {0.5f, 0.5f}, {0.5f, 0.5f}, rgba, *white, stats);
}

void Renderer2D::Impl::use(const Program& p, const Program*& in_use) const {
    if (in_use == &p) return;
    glUseProgram(p.id);
    glUniformMatrix4fv(p.u_view_projection, 1, GL_FALSE, &frame.view_projection[0][0]);
    if (p.u_texture >= 0) glUniform1i(p.u_texture, 0);
    in_use = &p;
}

void Renderer2D::Impl::draw(RenderStats& stats) {
    if (frame.clear_color) {
        const glm::vec4 c = *frame.clear_color;
        glDisable(GL_SCISSOR_TEST);
        glClearColor(c.r, c.g, c.b, c.a);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    if (textured.id == 0 || solid.id == 0) return;
    glViewport(0, 0, frame.size_px.x, frame.size_px.y);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_SCISSOR_TEST);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA); // premultiplied alpha
    glEnable(GL_PROGRAM_POINT_SIZE);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(vao);
    const Program* in_use = nullptr;
    for (std::size_t i = 0; i < frame.used; ++i) {
        const Chunk& c = frame.chunks[i];
        if (c.vertex_count == 0) continue;
        // Orphan then fill, so the driver never waits for the previous upload's draws.
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(kMaxVertices * sizeof(Vertex)),
                     nullptr, GL_STREAM_DRAW);
        glBufferSubData(GL_ARRAY_BUFFER, 0,
                        static_cast<GLsizeiptr>(c.vertex_count * sizeof(Vertex)), c.vertices.get());
        if (!c.indices.empty()) {
            glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                         static_cast<GLsizeiptr>(kMaxIndices * sizeof(std::uint16_t)), nullptr,
                         GL_STREAM_DRAW);
            glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0,
                            static_cast<GLsizeiptr>(c.indices.size() * sizeof(std::uint16_t)),
                            c.indices.data());
        }
        for (const Batch& b : c.batches) {
            if (b.count == 0) continue;
            if (b.shader == Shader::Bands) {
                if (bands_program.id == 0) continue; // logged when it failed to build
                use(bands_program, in_use);
                glBindTexture(GL_TEXTURE_2D, b.texture);
            } else if (b.texture_serial == white->serial()) {
                use(solid, in_use);
            } else {
                use(textured, in_use);
                glBindTexture(GL_TEXTURE_2D, b.texture);
            }
            if (b.mode == GL_POINTS)
                glDrawArrays(GL_POINTS, static_cast<GLint>(b.first), static_cast<GLsizei>(b.count));
            else
                glDrawElements(b.mode, static_cast<GLsizei>(b.count), GL_UNSIGNED_SHORT,
                               reinterpret_cast<const void*>(b.first * sizeof(std::uint16_t)));
            ++stats.draw_calls;
        }
    }
    glDisable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(0);
    glUseProgram(0);
    glBindTexture(GL_TEXTURE_2D, 0);
}

Renderer2D::Renderer2D() : m_impl(std::make_unique<Impl>()) {
    Impl& r = *m_impl;
    r.textured = make_textured_program();
    r.solid = make_solid_program();
    r.bands_program = make_bands_program();
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
}

Renderer2D::~Renderer2D() {
    Impl& r = *m_impl;
    glDeleteBuffers(1, &r.ibo);
    glDeleteBuffers(1, &r.vbo);
    glDeleteVertexArrays(1, &r.vao);
    glDeleteProgram(r.bands_program.id);
    glDeleteProgram(r.solid.id);
    glDeleteProgram(r.textured.id);
}

void Renderer2D::begin(glm::ivec2 size_px, const glm::mat4& view_projection,
                       std::optional<glm::vec4> clear_color) {
    Impl& r = *m_impl;
    assert(!r.in_frame && "begin() twice without end()");
    r.in_frame = true;
    r.frame.size_px = size_px;
    r.frame.view_projection = view_projection;
    r.frame.clear_color = clear_color;
    r.frame.used = 0;
    r.next_chunk();
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
    r.pixels_per_unit = glm::vec2(along_x, along_y);
    // The world rectangle around the view's corners.
    const glm::mat4 to_world = glm::inverse(view_projection);
    r.view_min = glm::vec2(std::numeric_limits<float>::max());
    r.view_max = glm::vec2(std::numeric_limits<float>::lowest());
    for (const glm::vec2 corner :
         {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
        const glm::vec4 w = to_world * glm::vec4(corner, 0.0f, 1.0f);
        r.view_min = glm::min(r.view_min, glm::vec2(w));
        r.view_max = glm::max(r.view_max, glm::vec2(w));
    }
}

void Renderer2D::end() {
    Impl& r = *m_impl;
    assert(r.in_frame && "end() without begin()");
    assert(r.recording == nullptr && "stop_recording() before end()");
    r.in_frame = false;
    for (std::size_t i = 0; i < r.frame.used; ++i)
        for (const Impl::Batch& b : r.frame.chunks[i].batches)
            if (b.mode == GL_TRIANGLES) m_stats.triangles += b.count / 3;
    m_stats.reused = r.keep_unchanged && r.has_previous && r.frame.same_as(r.previous);
    if (!m_stats.reused) r.draw(m_stats);
    std::swap(r.frame, r.previous);
    r.has_previous = true;
}

void Renderer2D::keep_unchanged_frames(bool on) {
    m_impl->keep_unchanged = on;
}

void Renderer2D::forget_previous_frame() {
    m_impl->has_previous = false;
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
                 *m_impl->white, m_stats);
}

void Renderer2D::text(const Font& font, std::string_view utf8, glm::vec2 position, float size,
                      const glm::vec4& color, int align) {
    text(font, utf8, translation(position), size, color, align);
}

void Renderer2D::dot(glm::vec2 center, int size_px, const glm::vec4& color) {
    const Dot one{center, size_px, color};
    dots({&one, 1});
}

void Renderer2D::dots(std::span<const Dot> run) {
    Impl& r = *m_impl;
    glm::vec4 packed_color = run.empty() ? glm::vec4(0.0f) : run.front().color;
    std::array<std::uint8_t, 4> packed = pack_color(packed_color);
    for (std::size_t done = 0; done < run.size();) {
        // As many as the open buffer holds (a full one: a new buffer), as dot() would split them.
        const std::size_t room = kMaxVertices - r.open().vertex_count;
        const std::size_t n = std::min(run.size() - done, room == 0 ? kMaxVertices : room);
        r.reserve(*r.white, n, 0, GL_POINTS);
        Impl::Chunk& c = r.open();
        Vertex* out = c.vertices.get() + c.vertex_count;
        for (const Dot& d : run.subspan(done, n)) {
            // Neighbouring dots often share a colour (instances of one prefab): packed once.
            if (d.color != packed_color) {
                packed_color = d.color;
                packed = pack_color(d.color);
            }
            const float size = static_cast<float>(std::clamp(d.size_px, 1, kMaxDotPixels));
            *out++ = Vertex{d.center, {size, 0.5f}, packed};
        }
        c.vertex_count += n;
        done += n;
    }
    m_stats.points += run.size();
}

// ---- under a transform ----

void Renderer2D::quad(const glm::mat3& transform, glm::vec2 size, const glm::vec4& color,
                      const Texture* texture, glm::vec2 uv_min, glm::vec2 uv_max) {
    const glm::vec2 h = size * 0.5f;
    const Texture& drawn = texture != nullptr ? *texture : *m_impl->white;
    m_impl->quad({apply(transform, {-h.x, h.y}), apply(transform, h), apply(transform, {h.x, -h.y}),
                  apply(transform, -h)},
                 uv_min, uv_max, pack_color(color), drawn, m_stats);
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

void Renderer2D::banded_rect(glm::vec2 a, glm::vec2 b, const Texture& bands,
                             const glm::vec4& color) {
    Impl& r = *m_impl;
    // Cut to the view grown by more than the bands: a pixel in view keeps its band, and the
    // quad's places stay small enough for floats to be exact to a fraction of a pixel.
    const glm::vec2 margin = static_cast<float>(bands.size().x + 1) / r.pixels_per_unit;
    const glm::vec2 lo = glm::max(glm::min(a, b), r.view_min - margin);
    const glm::vec2 hi = glm::min(glm::max(a, b), r.view_max + margin);
    if (!(hi.x > lo.x && hi.y > lo.y)) return;
    // Each corner's place from the centre, in pixels: the bands program's a_uv.
    const glm::vec2 h = (hi - lo) * 0.5f * r.pixels_per_unit;
    r.quad({glm::vec2(lo.x, hi.y), hi, glm::vec2(hi.x, lo.y), lo}, {-h.x, h.y}, {h.x, -h.y},
           pack_color(color), bands, m_stats, Impl::Shader::Bands);
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
    const Texture& white = *m_impl->white;
    Impl& b = *m_impl;
    const auto rim = [&](std::size_t i, float radius_local) {
        const float a = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(n);
        return apply(transform, glm::vec2(std::cos(a), std::sin(a)) * radius_local);
    };
    if (inner <= 0.0f) { // a triangle fan around the centre
        const std::uint16_t base = b.reserve(white, n + 1, n * 3);
        b.push_vertex(Vertex{apply(transform, glm::vec2(0.0f)), {0.5f, 0.5f}, rgba});
        for (std::size_t i = 0; i < n; ++i)
            b.push_vertex(Vertex{rim(i, r), {0.5f, 0.5f}, rgba});
        for (std::size_t i = 0; i < n; ++i) {
            b.push_index(base, 0);
            b.push_index(base, 1 + i);
            b.push_index(base, 1 + (i + 1) % n);
        }
        return;
    }
    // A ring: vertices alternate outer, inner; two triangles per segment.
    const std::uint16_t base = b.reserve(white, n * 2, n * 6);
    for (std::size_t i = 0; i < n; ++i) {
        b.push_vertex(Vertex{rim(i, r), {0.5f, 0.5f}, rgba});
        b.push_vertex(Vertex{rim(i, inner), {0.5f, 0.5f}, rgba});
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
    const Texture& atlas = *f.atlas;
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
