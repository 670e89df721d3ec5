// Renderer2D's recordings: what was queued since start_recording(), copied out by batch, and
// queued again by replay() through the same room checks as any other geometry.

#include "renderer_2d_impl.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace diorama::render {

// A recording: pieces of geometry, each drawn with one texture, primitive and shader, in queue
// order.
struct RenderRecording::Impl {
    struct Piece {
        GLuint texture = 0;
        std::uint64_t texture_serial = 0;
        GLenum mode = GL_TRIANGLES;
        detail::Shader shader = detail::Shader::Texture;
        std::size_t first_vertex = 0; // into vertices
        std::size_t vertex_count = 0;
        std::size_t first_index = 0; // into indices, which count from the piece's first vertex
        std::size_t index_count = 0;
    };
    std::vector<Piece> pieces;
    std::vector<detail::Vertex> vertices;
    std::vector<std::uint16_t> indices;
    std::size_t quads = 0;  // RenderStats::quads of the recorded calls
    std::size_t points = 0; // RenderStats::points of the recorded calls
};

RenderRecording::RenderRecording() : m_impl(std::make_unique<Impl>()) {}
RenderRecording::~RenderRecording() = default;
RenderRecording::RenderRecording(RenderRecording&&) noexcept = default;
RenderRecording& RenderRecording::operator=(RenderRecording&&) noexcept = default;

std::size_t RenderRecording::vertices() const {
    return m_impl->vertices.size();
}

void Renderer2D::Impl::record(RenderRecording::Impl& out, const RenderStats& now) const {
    out.pieces.clear();
    out.vertices.clear();
    out.indices.clear();
    for (std::size_t ci = mark.chunk; ci < frame.used; ++ci) {
        const Chunk& c = frame.chunks[ci];
        const std::size_t vertex_from = ci == mark.chunk ? mark.vertex : 0;
        const std::size_t index_from = ci == mark.chunk ? mark.index : 0;
        for (std::size_t bi = 0; bi < c.batches.size(); ++bi) {
            const Batch& b = c.batches[bi];
            const std::size_t v_end =
                bi + 1 < c.batches.size() ? c.batches[bi + 1].first_vertex : c.vertex_count;
            const std::size_t v_begin = std::max(b.first_vertex, vertex_from);
            if (v_begin >= v_end) continue; // before the mark
            RenderRecording::Impl::Piece piece{
                b.texture,       b.texture_serial,   b.mode, b.shader, out.vertices.size(),
                v_end - v_begin, out.indices.size(), 0};
            out.vertices.insert(out.vertices.end(), c.vertices.get() + v_begin,
                                c.vertices.get() + v_end);
            if (b.mode != GL_POINTS) {
                // A primitive's indices name only its own vertices: those after the mark
                // name vertices after it.
                for (std::size_t i = std::max(b.first, index_from); i < b.first + b.count; ++i)
                    out.indices.push_back(static_cast<std::uint16_t>(c.indices[i] - v_begin));
                piece.index_count = out.indices.size() - piece.first_index;
            }
            out.pieces.push_back(piece);
        }
    }
    out.quads = now.quads - mark.stats.quads;
    out.points = now.points - mark.stats.points;
}

void Renderer2D::Impl::replay(const RenderRecording::Impl& in) {
    for (const RenderRecording::Impl::Piece& p : in.pieces) {
        const std::uint16_t base =
            reserve(p.texture, p.texture_serial, p.vertex_count, p.index_count, p.mode, p.shader);
        Chunk& c = open();
        std::copy_n(in.vertices.data() + p.first_vertex, p.vertex_count,
                    c.vertices.get() + c.vertex_count);
        c.vertex_count += p.vertex_count;
        for (std::size_t i = 0; i < p.index_count; ++i)
            push_index(base, in.indices[p.first_index + i]);
    }
}

void Renderer2D::start_recording(RenderRecording& recording) {
    Impl& r = *m_impl;
    assert(r.in_frame && r.recording == nullptr && "start_recording() in a frame, once");
    r.recording = recording.m_impl.get();
    r.mark = Impl::Mark{r.frame.used - 1, r.open().vertex_count, r.open().indices.size(), m_stats};
}

void Renderer2D::stop_recording() {
    Impl& r = *m_impl;
    assert(r.in_frame && r.recording != nullptr && "stop_recording() after start_recording()");
    r.record(*r.recording, m_stats);
    r.recording = nullptr;
}

void Renderer2D::replay(const RenderRecording& recording) {
    const RenderRecording::Impl& in = *recording.m_impl;
    m_impl->replay(in);
    m_stats.quads += in.quads;
    m_stats.points += in.points;
}

} // namespace diorama::render
