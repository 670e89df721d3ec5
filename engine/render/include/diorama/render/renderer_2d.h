#pragma once
// Renderer2D: batched 2D drawing with OpenGL 3.3 core. Quads (sprites, rects), circles, lines and
// text are collected between begin() and end() and drawn with one draw call per texture batch.
// A renderer that owns its framebuffer can keep unchanged frames: end() then skips drawing when
// the frame is byte for byte the previous one (same geometry, textures, view, size and clear).
// Needs a current GL 3.3 context for its whole life (create it after the context, destroy it
// before). Never includes ImGui or editor code.
//
// Conventions: world units are y up; texture coordinates (0,0) are the image's top-left; colours
// are straight (not premultiplied) rgba 0..1. Outlines lie inside the shape's edge. Drawing
// changes GL state: viewport (0,0,size_px), blending (premultiplied alpha), depth/cull/scissor
// tests off, texture unit 0; the program and vertex array are unbound afterwards. It draws into
// whatever framebuffer is bound.

#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace diorama::render {

class Texture;
class Font;
class Renderer2D;

// Geometry a Renderer2D queued between start_recording() and stop_recording(), kept to be queued
// again in later frames by replay() without making it again. It names textures by their GL name
// and serial, so replaying draws with them as they were (the caller makes sure they still live).
class RenderRecording {
public:
    RenderRecording();
    ~RenderRecording();
    RenderRecording(RenderRecording&&) noexcept;
    RenderRecording& operator=(RenderRecording&&) noexcept;

    // Vertices held (every primitive's, dots included).
    [[nodiscard]] std::size_t vertices() const;

private:
    friend class Renderer2D;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// Figures of the last frame, for the Stats panel and tests.
struct RenderStats {
    std::size_t draw_calls = 0; // draws issued (one per batch of a texture, primitive and shader)
    std::size_t quads = 0;      // quads drawn (sprites, rects, glyphs, line segments)
    std::size_t triangles = 0;  // all triangles
    std::size_t points = 0;     // dots drawn (one vertex each)
    bool reused = false;        // the frame was the previous one: nothing drawn (draw_calls 0)
};

class Renderer2D {
public:
    Renderer2D(); // compiles shaders (logs an error and draws nothing if they fail), makes buffers
    ~Renderer2D();
    Renderer2D(const Renderer2D&) = delete;
    Renderer2D& operator=(const Renderer2D&) = delete;

    // Starts a frame in a viewport of size_px pixels; view_projection maps world to clip space;
    // with a clear_color (straight rgba) end() clears the framebuffer to it before drawing.
    // Resets stats().
    void begin(glm::ivec2 size_px, const glm::mat4& view_projection,
               std::optional<glm::vec4> clear_color = std::nullopt);
    // Draws everything collected since begin(), batched by texture, in submission order, into
    // the bound framebuffer; or nothing (stats().reused) when keeping unchanged frames and this
    // frame is the previous one again.
    void end();
    // On: the caller promises that the bound framebuffer at end() still holds what this
    // renderer's previous end() left there (it draws into a target of its own, nothing else
    // draws into it), so an unchanged frame need not be drawn again. Off by default.
    void keep_unchanged_frames(bool on);
    // The bound framebuffer no longer holds the previous frame (another target, or one made
    // anew): the next end() draws even an unchanged frame.
    void forget_previous_frame();

    // Most vertices one flush holds (quads take 4, a circle segments + 1).
    static constexpr std::size_t kMaxVertices = 65536;

    // A textured quad centred at center (world units), rotated counter-clockwise; texture may be
    // null (solid colour). uv_min/uv_max select part of the texture.
    void quad(glm::vec2 center, glm::vec2 size, float rotation_deg, const glm::vec4& color,
              const Texture* texture = nullptr, glm::vec2 uv_min = {0, 0},
              glm::vec2 uv_max = {1, 1});
    // An outlined rectangle; thickness in world units.
    void rect_outline(glm::vec2 center, glm::vec2 size, float rotation_deg, const glm::vec4& color,
                      float thickness);
    // An axis-aligned rectangle with corners a and b (world units) coloured by each pixel's
    // distance from its nearest edge, in a view that does not rotate: the pixels whose centre
    // lies i to i + 1 pixels inside take texel i of the first row of `bands` (the last texel
    // colours everything deeper), times color. One quad whatever its size and however many
    // bands: a border, a halo outside it and a tinted inside in one. Cut to this frame's view
    // (grown by the bands).
    void banded_rect(glm::vec2 a, glm::vec2 b, const Texture& bands,
                     const glm::vec4& color = glm::vec4(1.0f));
    // A filled circle (segments chosen from its size on screen) or its outline.
    void circle(glm::vec2 center, float radius, const glm::vec4& color, bool filled = true,
                float thickness = 1.0f);
    // A line segment of the given thickness (world units).
    void line(glm::vec2 a, glm::vec2 b, const glm::vec4& color, float thickness);
    // Text with its baseline starting at position (world units); size is the line height in world
    // units; align 0 left, 1 centre, 2 right.
    void text(const Font& font, std::string_view utf8, glm::vec2 position, float size,
              const glm::vec4& color, int align = 0);
    // A solid square of size_px pixels (1..kMaxDotPixels) centred at center (world units), the
    // same size at any zoom: one vertex, for objects too small on screen to show their shape.
    void dot(glm::vec2 center, int size_px, const glm::vec4& color);
    static constexpr int kMaxDotPixels = 4;
    // One dot() call's arguments.
    struct Dot {
        glm::vec2 center{0.0f};
        int size_px = 1;
        glm::vec4 color{1.0f};
    };
    // dot() for each of these in order, with the same result, at a fraction of the cost per dot
    // (the buffer and batch are checked once per run, not per dot: 100k dots a frame).
    void dots(std::span<const Dot> run);

    // ---- under a transform (local to world, e.g. World::world_matrix): exact for any
    // rotation, scale or parent chain ----

    // A quad of size centred on the transform's origin.
    void quad(const glm::mat3& transform, glm::vec2 size, const glm::vec4& color,
              const Texture* texture = nullptr, glm::vec2 uv_min = {0, 0},
              glm::vec2 uv_max = {1, 1});
    // An outlined rectangle centred on the origin; thickness in world units.
    void rect_outline(const glm::mat3& transform, glm::vec2 size, const glm::vec4& color,
                      float thickness);
    // A circle (an ellipse under non-uniform scale) centred on the origin; thickness in world
    // units.
    void circle(const glm::mat3& transform, float radius, const glm::vec4& color,
                bool filled = true, float thickness = 1.0f);
    // Text whose first baseline starts at the origin; size is the line height in local units.
    void text(const Font& font, std::string_view utf8, const glm::mat3& transform, float size,
              const glm::vec4& color, int align = 0);

    // ---- recording ----

    // Keeps a copy of everything queued from now until stop_recording() (in this frame) in
    // recording, replacing what it held.
    void start_recording(RenderRecording& recording);
    void stop_recording();
    // Queues what recording holds again, in its order: the pixels of the calls it recorded,
    // under this frame's view (calls whose result depends on pixel_size(), such as circles'
    // segments and dots, and banded rectangles' bands and cut, keep the view they were recorded
    // at); stats() count them again.
    void replay(const RenderRecording& recording);

    [[nodiscard]] const RenderStats& stats() const { return m_stats; }
    // World units per pixel at the current view (for lines that stay one pixel wide).
    [[nodiscard]] float pixel_size() const { return m_pixel_size; }

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    RenderStats m_stats;
    float m_pixel_size = 1.0f;
};

} // namespace diorama::render
