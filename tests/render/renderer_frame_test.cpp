// Renderer2D::frame: a frame of its width just inside its rectangle, each pixel drawn once (one
// quad whose inside is discarded when small on screen, four strips when large), filling a
// rectangle too small for it; frames drawn in turn are one draw call, and recorded ones replay.

#include "diorama/render/renderer_2d.h"

#include "gl_canvas.h"

#include <glm/gtc/matrix_transform.hpp>

#include <limits>

namespace diorama::render::test {
namespace {

class RendererFrameTest : public GlTest {};

// Pixels inside [x0, x1) x [y0, y1) within width of its edge.
auto ring(int x0, int y0, int x1, int y1, int width) {
    return [=](int x, int y) {
        const bool inside = x >= x0 && x < x1 && y >= y0 && y < y1;
        return inside && (x < x0 + width || x >= x1 - width || y < y0 + width || y >= y1 - width);
    };
}

// Draws one frame on black and reads the canvas back; returns the renderer's stats.
RenderStats draw_frame(Canvas& canvas, glm::vec2 a, glm::vec2 b, float width,
                       const glm::vec4& color) {
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.frame(a, b, width, color);
    r.end();
    canvas.read();
    return r.stats();
}

TEST_F(RendererFrameTest, ASmallFrameIsOneQuadCoveringExactlyItsRing) {
    Canvas canvas(64, 64);
    const RenderStats stats = draw_frame(canvas, {10, 25}, {30, 10}, 2.0f, {1, 0, 0, 1});
    const auto in_ring = ring(10, 10, 30, 25, 2);
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return in_ring(x, y) != (c == kRed); }), 0u)
        << "red exactly on the frame two pixels wide inside [10,30) x [10,25)";
    EXPECT_EQ(stats.quads, 1u);
    EXPECT_EQ(stats.triangles, 2u);
}

TEST_F(RendererFrameTest, ALargeFrameIsFourStripsCoveringExactlyItsRing) {
    Canvas canvas(64, 64);
    const RenderStats stats = draw_frame(canvas, {2, 2}, {62, 61}, 3.0f, {1, 0, 0, 1});
    const auto in_ring = ring(2, 2, 62, 61, 3);
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return in_ring(x, y) != (c == kRed); }), 0u);
    EXPECT_EQ(stats.quads, 4u) << "an inside of 54 x 53 pixels is not shaded for nothing";
}

TEST_F(RendererFrameTest, ATranslucentFrameIsEvenAtItsCornersSmallOrLarge) {
    Canvas canvas(64, 64);
    for (const int size : {12, 60}) {
        const float far = 2.0f + static_cast<float>(size);
        draw_frame(canvas, {2, 2}, {far, far}, 1.0f, {1, 0, 0, 0.5f});
        const auto in_ring = ring(2, 2, 2 + size, 2 + size, 1);
        const Rgba corner = canvas.pixel(2, 2);
        EXPECT_GT(corner.r, 100);
        EXPECT_LT(corner.r, 160) << "half red over black, blended once";
        EXPECT_EQ(
            canvas.count([&](int x, int y, Rgba c) { return in_ring(x, y) != (c == corner); }), 0u)
            << "every pixel of the " << size << "-pixel frame alike, and nothing else";
    }
}

TEST_F(RendererFrameTest, AFrameTooWideForItsRectangleFillsIt) {
    Canvas canvas(64, 64);
    draw_frame(canvas, {5, 5}, {8, 30}, 2.0f, {1, 0, 0, 1});
    const auto in_rect = ring(5, 5, 8, 30, 100);
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return in_rect(x, y) != (c == kRed); }), 0u);
    draw_frame(canvas, {10, 10}, {50, 40}, std::numeric_limits<float>::infinity(), {1, 0, 0, 1});
    const auto in_big = ring(10, 10, 50, 40, 100);
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return in_big(x, y) != (c == kRed); }), 0u)
        << "an infinite width fills a rectangle of any size";
}

TEST_F(RendererFrameTest, NothingIsDrawnForAnEmptyRectangleOrNoWidth) {
    Canvas canvas(32, 32);
    EXPECT_EQ(draw_frame(canvas, {5, 5}, {5, 20}, 1.0f, {1, 0, 0, 1}).quads, 0u);
    EXPECT_EQ(draw_frame(canvas, {5, 5}, {20, 20}, 0.0f, {1, 0, 0, 1}).quads, 0u);
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c != kBlack; }), 0u);
}

TEST_F(RendererFrameTest, FramesAndFilledRectanglesInTurnAreOneDrawCall) {
    // A selection box: a translucent halo outside, a tint inside, an outline over the tint.
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    for (int i = 0; i < 3; ++i) {
        const glm::vec2 lo(4.0f + 20.0f * static_cast<float>(i), 4.0f);
        r.frame(lo - 2.0f, lo + 14.0f, 2.0f, {0, 0, 0, 0.6f});
        r.frame(lo, lo + 12.0f, std::numeric_limits<float>::infinity(), {0, 0, 1, 0.25f});
        r.frame(lo, lo + 12.0f, 1.0f, {0, 1, 0, 1});
    }
    r.end();
    canvas.read();
    EXPECT_EQ(r.stats().draw_calls, 1u);
    EXPECT_EQ(canvas.pixel(4, 4), kGreen);
    EXPECT_EQ(canvas.pixel(44 + 11, 4 + 11), kGreen);
    const Rgba tint = canvas.pixel(10, 10);
    EXPECT_EQ(tint.r, 0);
    EXPECT_GT(tint.b, 40);
    EXPECT_LT(tint.b, 90) << "a quarter blue over black: " << tint;
}

TEST_F(RendererFrameTest, AFrameIsOneQuadUpToAnInsideOf1024PixelsOnScreen) {
    // Two world units per pixel: the frame's size on screen is what counts.
    Canvas canvas(64, 64);
    const glm::mat4 zoomed_out = glm::ortho(0.0f, 128.0f, 0.0f, 128.0f, -1.0f, 1.0f);
    const auto frame = [&](glm::vec2 b) {
        canvas.clear();
        Renderer2D r;
        r.begin(canvas.size(), zoomed_out);
        r.frame({4, 4}, b, 2.0f, {1, 0, 0, 1});
        r.end();
        canvas.read();
        return r.stats().quads;
    };
    EXPECT_EQ(frame({72, 72}), 1u) << "34 x 34 pixels, an inside of 32 x 32";
    const auto in_ring = ring(2, 2, 36, 36, 1);
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return in_ring(x, y) != (c == kRed); }), 0u)
        << "a frame of one pixel (two world units) inside [2,36)";
    EXPECT_EQ(frame({74, 72}), 4u) << "35 x 34 pixels, an inside of 33 x 32";
    const auto in_wider = ring(2, 2, 37, 36, 1);
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return in_wider(x, y) != (c == kRed); }),
              0u);
}

TEST_F(RendererFrameTest, ARecordedFrameReplaysTheSamePixelsInAnyRenderer) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D recorder;
    RenderRecording recording;
    recorder.begin(canvas.size(), canvas.projection());
    recorder.start_recording(recording);
    recorder.frame({10, 10}, {30, 25}, 2.0f, {1, 0, 0, 1});
    recorder.stop_recording();
    recorder.end();
    canvas.clear();
    Renderer2D r; // not the one that recorded it
    r.begin(canvas.size(), canvas.projection());
    r.replay(recording);
    r.end();
    canvas.read();
    const auto in_ring = ring(10, 10, 30, 25, 2);
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return in_ring(x, y) != (c == kRed); }), 0u);
}

} // namespace
} // namespace diorama::render::test
