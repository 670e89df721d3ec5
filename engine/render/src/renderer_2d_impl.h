#pragma once
// Renderer2D's insides, shared by renderer_2d.cpp (queueing and drawing) and
// render_recording.cpp (recording and replaying): the frame's chunks of geometry and batches.

#include "diorama/hot_inline.h"
#include "diorama/render/renderer_2d.h"
#include "diorama/render/texture.h"
#include "gl.h"
#include "renderer_programs.h"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

namespace diorama::render {

namespace detail {

// One vertex as the shaders take it.
struct Vertex {
    glm::vec2 position{0.0f};
    glm::vec2 uv{0.0f};
    std::array<std::uint8_t, 4> rgba{}; // straight alpha; the shader premultiplies
};

// How a batch's pixels are coloured: its texture times the vertex colour (the solid program when
// the texture is the renderer's white one), or the bands program with its texture
// (Renderer2D::banded_rect).
enum class Shader : std::uint8_t { Texture, Bands };

inline constexpr std::size_t kMaxIndices =
    Renderer2D::kMaxVertices * 3; // circle fans need 3 per vertex

} // namespace detail

struct Renderer2D::Impl {
    using Vertex = detail::Vertex;
    static constexpr std::size_t kMaxIndices = detail::kMaxIndices;

    using Shader = detail::Shader;

    struct Batch {
        GLuint texture = 0;
        std::uint64_t texture_serial = 0; // tells a texture from a later one given the same name
        GLenum mode = GL_TRIANGLES;       // or GL_POINTS
        Shader shader = Shader::Texture;
        std::size_t first = 0;        // first index; a GL_POINTS batch's first vertex
        std::size_t count = 0;        // indices; a GL_POINTS batch's vertices
        std::size_t first_vertex = 0; // its vertices run to the next batch's first_vertex
        bool operator==(const Batch&) const = default;
    };

    // What one upload holds: at most kMaxVertices vertices (16-bit indices).
    struct Chunk {
        // Room for kMaxVertices, made once; [0, vertex_count) hold the frame's. (A vector's
        // push_back stayed a call in the loop of 100k dots a frame; this is a store.)
        std::unique_ptr<Vertex[]> vertices = std::make_unique<Vertex[]>(kMaxVertices);
        std::size_t vertex_count = 0;
        std::vector<std::uint16_t> indices;
        std::vector<Batch> batches;
        bool operator==(const Chunk& o) const {
            return batches == o.batches && indices == o.indices && vertex_count == o.vertex_count &&
                   std::memcmp(vertices.get(), o.vertices.get(), vertex_count * sizeof(Vertex)) ==
                       0;
        }
    };

    // Everything a frame draws, kept until the next one so end() can tell whether it changed.
    struct Frame {
        glm::ivec2 size_px{0};
        glm::mat4 view_projection{1.0f};
        std::optional<glm::vec4> clear_color;
        std::vector<Chunk> chunks; // [0, used) hold the frame; the rest keep their capacity
        std::size_t used = 0;

        [[nodiscard]] bool same_as(const Frame& o) const {
            if (size_px != o.size_px || used != o.used || clear_color != o.clear_color ||
                std::memcmp(&view_projection, &o.view_projection, sizeof view_projection) != 0)
                return false;
            return std::equal(chunks.begin(), chunks.begin() + static_cast<std::ptrdiff_t>(used),
                              o.chunks.begin());
        }
    };

    using Program = ShaderProgram;
    Program textured;
    Program solid;
    Program bands_program; // Renderer2D::banded_rect()
    GLuint vao = 0;
    GLuint vbo = 0;
    GLuint ibo = 0;
    std::unique_ptr<Texture> white; // solid batches' (never sampled)

    glm::vec2 pixels_per_unit{1.0f}; // this frame's, along each world axis
    glm::vec2 view_min{0.0f};        // the world rectangle this frame's view shows
    glm::vec2 view_max{0.0f};
    Frame frame;    // being collected between begin() and end()
    Frame previous; // the last one end() finished (drawn, or left as it was)
    bool has_previous = false;
    bool keep_unchanged = false;
    bool in_frame = false;

    // Where start_recording() was called: the open chunk, its vertex and index counts, the stats.
    struct Mark {
        std::size_t chunk = 0;
        std::size_t vertex = 0;
        std::size_t index = 0;
        RenderStats stats;
    };
    RenderRecording::Impl* recording = nullptr; // being recorded into, from mark
    Mark mark;

    DIORAMA_HOT_INLINE Chunk& open() { return frame.chunks[frame.used - 1]; }

    // Starts another chunk, reusing a spare one's buffers.
    void next_chunk() {
        if (frame.used == frame.chunks.size()) {
            frame.chunks.emplace_back();
            frame.chunks.back().indices.reserve(kMaxIndices);
        }
        Chunk& c = frame.chunks[frame.used++];
        c.vertex_count = 0;
        c.indices.clear();
        c.batches.clear();
    }

    // Room for nv vertices and ni indices in a batch of texture and shader (in a new chunk when
    // the open one is full); returns the index of the first new vertex. GL_POINTS batches take
    // vertices only (drawn in order, without indices).
    DIORAMA_HOT_INLINE std::uint16_t reserve(const Texture& texture, std::size_t nv, std::size_t ni,
                                             GLenum mode = GL_TRIANGLES,
                                             Shader shader = Shader::Texture) {
        return reserve(texture.id(), texture.serial(), nv, ni, mode, shader);
    }
    // The same for a texture named by its GL name and serial.
    DIORAMA_HOT_INLINE std::uint16_t reserve(GLuint texture, std::uint64_t serial, std::size_t nv,
                                             std::size_t ni, GLenum mode, Shader shader) {
        assert(in_frame && "draw calls go between begin() and end()");
        assert(nv <= kMaxVertices && ni <= kMaxIndices);
        assert(mode != GL_POINTS || ni == 0);
        if (open().vertex_count + nv > kMaxVertices || open().indices.size() + ni > kMaxIndices)
            next_chunk();
        Chunk& c = open();
        const bool points = mode == GL_POINTS;
        if (c.batches.empty() || c.batches.back().texture != texture ||
            c.batches.back().texture_serial != serial || c.batches.back().mode != mode ||
            c.batches.back().shader != shader)
            c.batches.push_back(Batch{texture, serial, mode, shader,
                                      points ? c.vertex_count : c.indices.size(), 0,
                                      c.vertex_count});
        c.batches.back().count += points ? nv : ni;
        return static_cast<std::uint16_t>(c.vertex_count);
    }

    // Copies what was queued since mark into out (replacing what it held).
    void record(RenderRecording::Impl& out, const RenderStats& now) const;

    // Queues a recording's pieces again.
    void replay(const RenderRecording::Impl& in);

    // Appends a vertex reserve() made room for.
    DIORAMA_HOT_INLINE void push_vertex(const Vertex& v) {
        Chunk& c = open();
        assert(c.vertex_count < kMaxVertices);
        c.vertices[c.vertex_count++] = v;
    }
    DIORAMA_HOT_INLINE void push_index(std::uint16_t base, std::size_t offset) {
        open().indices.push_back(static_cast<std::uint16_t>(base + offset));
    }

    // A quad from its corners (top-left, top-right, bottom-right, bottom-left) and the texture
    // coordinates of its top-left and bottom-right.
    void quad(const std::array<glm::vec2, 4>& corners, glm::vec2 uv_min, glm::vec2 uv_max,
              const std::array<std::uint8_t, 4>& rgba, const Texture& texture, RenderStats& stats,
              Shader shader = Shader::Texture);

    // An untextured local rectangle [min, max] under m.
    void local_rect(const glm::mat3& m, glm::vec2 min, glm::vec2 max,
                    const std::array<std::uint8_t, 4>& rgba, RenderStats& stats);

    // Makes p the program in use (with the frame's view) unless it already is.
    void use(const Program& p, const Program*& in_use) const;

    // Clears (when the frame asks) and draws the whole frame into the bound framebuffer.
    void draw(RenderStats& stats);
};

} // namespace diorama::render
