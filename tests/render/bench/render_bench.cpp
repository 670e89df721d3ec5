// What the parts of an editor viewport frame cost the GL driver (Mesa's llvmpipe on CI and
// headless hosts), each iteration a whole frame drawn and finished (glFinish) into a BGRA target
// the size of the viewport in a 1600x900 window (942 x 596): the selection's boxes as the editor
// draws them (one banded rectangle each) and, for comparison, as nine filled rectangles each
// (the editor before); the grid's lines; a zoomed-in view's shapes; and the viewport's image
// copied into the window by TexelCopy against drawing it as a textured quad. Real time: the
// rasterizer's threads count.

#include "box_as_rectangles.h"
#include "diorama/render/renderer_2d.h"
#include "diorama/render/texel_copy.h"
#include "diorama/render/texture.h"
#include "offscreen_gl.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <benchmark/benchmark.h>

#include <glm/gtc/matrix_transform.hpp>

#include <cstdint>
#include <functional>
#include <vector>

namespace {

using namespace diorama::render;
using diorama::render::test::offscreen_gl_context_error;

constexpr int kWidth = 942;
constexpr int kHeight = 596;
constexpr int kBoxes = 1000;

// A framebuffer with a colour texture stored BGRA, as the editor's viewport targets are.
class Target {
public:
    Target() {
        glGenTextures(1, &m_texture);
        glBindTexture(GL_TEXTURE_2D, m_texture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, kWidth, kHeight, 0, GL_BGRA, GL_UNSIGNED_BYTE,
                     nullptr);
        glBindTexture(GL_TEXTURE_2D, 0);
        glGenFramebuffers(1, &m_framebuffer);
        glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, m_texture, 0);
    }
    ~Target() {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteFramebuffers(1, &m_framebuffer);
        glDeleteTextures(1, &m_texture);
    }
    Target(const Target&) = delete;
    Target& operator=(const Target&) = delete;
    void bind() const { glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer); }
    [[nodiscard]] GLuint texture() const { return m_texture; }

private:
    GLuint m_texture = 0;
    GLuint m_framebuffer = 0;
};

// Skips the benchmark when there is no context; true when there is one.
bool have_context(benchmark::State& state) {
    if (const std::string& error = offscreen_gl_context_error(); !error.empty()) {
        state.SkipWithError(error.c_str());
        return false;
    }
    return true;
}

// Times frames of `draw` into a viewport-sized target, world units = pixels.
void time_frames(benchmark::State& state, const std::function<void(Renderer2D&)>& draw) {
    if (!have_context(state)) return;
    const Target target;
    target.bind();
    Renderer2D renderer;
    const glm::mat4 projection = glm::ortho(0.0f, static_cast<float>(kWidth), 0.0f,
                                            static_cast<float>(kHeight), -1.0f, 1.0f);
    for (auto _ : state) {
        renderer.begin({kWidth, kHeight}, projection, glm::vec4(0.1f, 0.1f, 0.12f, 1.0f));
        draw(renderer);
        renderer.end();
        glFinish();
    }
    state.counters["quads"] = static_cast<double>(renderer.stats().quads);
    state.counters["triangles"] = static_cast<double>(renderer.stats().triangles);
}

// The corners of kBoxes objects' boxes of 10 x 7 pixels in a block of 50 x 20, as a drag of a
// 1,000-object selection zoomed in shows them.
template <typename Each>
void each_box(Each each) {
    for (int i = 0; i < kBoxes; ++i) {
        const glm::vec2 lo(150.0f + static_cast<float>(i % 50) * 13.0f,
                           150.0f + static_cast<float>(i / 50) * 13.0f);
        each(lo, lo + glm::vec2(10.0f, 7.0f));
    }
}

const glm::vec4 kHalo(0.0f, 0.0f, 0.0f, 150.0f / 255.0f);
const glm::vec4 kOutline(0.24f, 0.6f, 0.88f, 1.0f);
const glm::vec4 kTint(0.24f, 0.6f, 0.88f, 34.0f / 255.0f);

void selection_boxes_bench(benchmark::State& state) {
    if (!have_context(state)) return;
    // The bands from the halo's outer edge in: two of halo, one of outline, then the tint.
    std::vector<std::uint8_t> rgba;
    for (const glm::vec4& band : {kHalo, kHalo, kOutline, kTint})
        for (int c = 0; c < 4; ++c)
            rgba.push_back(static_cast<std::uint8_t>(band[c] * 255.0f + 0.5f));
    const Texture bands(4, 1, rgba.data(), false);
    time_frames(state, [&](Renderer2D& r) {
        each_box([&](glm::vec2 lo, glm::vec2 hi) { r.banded_rect(lo - 2.0f, hi + 2.0f, bands); });
    });
}
BENCHMARK(selection_boxes_bench)
    ->Name("Render/SelectionBoxes/1000")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void selection_boxes_as_strips_bench(benchmark::State& state) {
    time_frames(state, [](Renderer2D& r) {
        each_box([&](glm::vec2 lo, glm::vec2 hi) {
            diorama::render::test::box_as_rectangles(r, lo, hi, kHalo, kOutline, kTint);
        });
    });
}
BENCHMARK(selection_boxes_as_strips_bench)
    ->Name("Render/SelectionBoxesAsStrips/1000")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void grid_lines_bench(benchmark::State& state) {
    // Minor lines 11.5 pixels apart and major ones every eighth, across the whole target.
    time_frames(state, [](Renderer2D& r) {
        for (const float step : {11.5f, 92.0f}) {
            const glm::vec4 color(1.0f, 1.0f, 1.0f, step < 20.0f ? 0.05f : 0.09f);
            for (float x = 0.0f; x <= kWidth; x += step)
                r.line({x, 0.0f}, {x, static_cast<float>(kHeight)}, color, 1.0f);
            for (float y = 0.0f; y <= kHeight; y += step)
                r.line({0.0f, y}, {static_cast<float>(kWidth), y}, color, 1.0f);
        }
    });
}
BENCHMARK(grid_lines_bench)->Name("Render/GridLines")->UseRealTime()->Unit(benchmark::kMillisecond);

void shapes_bench(benchmark::State& state) {
    // 2,100 rotated rectangles of 10 x 7 pixels and 700 circles 6 pixels across.
    time_frames(state, [](Renderer2D& r) {
        for (int i = 0; i < 2100; ++i)
            r.quad({10.0f + static_cast<float>(i % 70) * 13.3f,
                    10.0f + static_cast<float>(i / 70) * 19.0f},
                   {10.0f, 7.0f}, static_cast<float>(i % 7) * 13.0f,
                   {static_cast<float>(i % 5) * 0.2f, 0.5f, 0.8f, 1.0f});
        for (int i = 0; i < 700; ++i)
            r.circle({16.0f + static_cast<float>(i % 35) * 26.6f,
                      14.0f + static_cast<float>(i / 35) * 28.0f},
                     2.9f, {1.0f, 0.85f, 0.2f, 1.0f});
    });
}
BENCHMARK(shapes_bench)->Name("Render/Shapes/2800")->UseRealTime()->Unit(benchmark::kMillisecond);

void texel_copy_bench(benchmark::State& state) {
    if (!have_context(state)) return;
    const Target source;
    const Target window;
    const TexelCopy copy;
    window.bind();
    for (auto _ : state) {
        copy.copy(source.texture(), {kWidth, kHeight}, {{0, 0}, {kWidth, kHeight}},
                  {{0, 0}, {kWidth, kHeight}}, {kWidth, kHeight});
        glFinish();
    }
}
BENCHMARK(texel_copy_bench)
    ->Name("Render/TexelCopy/942x596")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void textured_quad_bench(benchmark::State& state) {
    // The same pixels as an ImGui image draws them: a blended textured quad.
    if (!have_context(state)) return;
    const std::vector<std::uint8_t> pixels(static_cast<std::size_t>(kWidth * kHeight * 4), 200);
    const Texture image(kWidth, kHeight, pixels.data(), false);
    time_frames(state, [&](Renderer2D& r) {
        r.quad({kWidth / 2.0f, kHeight / 2.0f}, {kWidth, kHeight}, 0.0f, glm::vec4(1.0f), &image);
    });
}
BENCHMARK(textured_quad_bench)
    ->Name("Render/TexturedQuad/942x596")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

} // namespace
