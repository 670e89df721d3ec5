// Renderer2D::banded_rect: each pixel takes the band of its distance in whole pixels from the
// nearest edge, on screen whatever the zoom, the last band colouring the rest; translucent bands
// blend once; rectangles with one band texture are one draw call; a recording replays them.

#include "diorama/render/renderer_2d.h"

#include "box_as_rectangles.h"
#include "diorama/render/texture.h"
#include "gl_canvas.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace diorama::render::test {
namespace {

class RendererBandsTest : public GlTest {};

// A band texture from straight-alpha colours, the outermost first.
Texture bands(const std::vector<std::array<std::uint8_t, 4>>& colors) {
    std::vector<std::uint8_t> rgba;
    for (const auto& c : colors)
        rgba.insert(rgba.end(), c.begin(), c.end());
    return Texture(static_cast<int>(colors.size()), 1, rgba.data(), false);
}

// Whole pixels from (x, y) to the nearest edge of [x0, x1) x [y0, y1), or -1 outside it.
int depth(int x, int y, int x0, int y0, int x1, int y1) {
    if (x < x0 || x >= x1 || y < y0 || y >= y1) return -1;
    return std::min(std::min(x - x0, x1 - 1 - x), std::min(y - y0, y1 - 1 - y));
}

TEST_F(RendererBandsTest, EachPixelTakesTheBandOfItsDistanceFromTheNearestEdge) {
    Canvas canvas(64, 64);
    canvas.clear();
    const Texture rgb = bands({{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}});
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.banded_rect({40, 30}, {10, 10}, rgb);
    r.end();
    canvas.read();
    const auto expected = [](int x, int y) {
        const int d = depth(x, y, 10, 10, 40, 30);
        return d < 0 ? kBlack : d == 0 ? kRed : d == 1 ? kGreen : kBlue;
    };
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return c != expected(x, y); }), 0u)
        << "red on the edge, green one pixel in, blue over the rest";
    EXPECT_EQ(r.stats().quads, 1u);
}

TEST_F(RendererBandsTest, BandsArePixelsOnScreenAtAnyZoomAndTranslucentOnesBlendOnce) {
    Canvas canvas(64, 64);
    canvas.clear();
    const Texture halo = bands({{255, 0, 0, 128}, {255, 0, 0, 128}, {0, 0, 0, 0}});
    Renderer2D r;
    r.begin(canvas.size(), glm::ortho(0.0f, 128.0f, 0.0f, 128.0f, -1.0f, 1.0f));
    r.banded_rect({20, 20}, {100, 60}, halo); // pixels [10, 50) x [10, 30)
    r.end();
    canvas.read();
    const Rgba half = canvas.pixel(10, 10);
    EXPECT_GT(half.r, 110);
    EXPECT_LT(half.r, 140) << "half red over black, once: " << half;
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) {
        const int d = depth(x, y, 10, 10, 50, 30);
        return c != (d == 0 || d == 1 ? half : kBlack);
    }),
              0u)
        << "two pixels of translucent red, a transparent inside, nothing else";
}

TEST_F(RendererBandsTest, RectanglesOfOneBandTextureAreOneDrawCallAndReplay) {
    Canvas canvas(64, 64);
    canvas.clear();
    const Texture rgb = bands({{255, 0, 0, 255}, {0, 255, 0, 255}});
    RenderRecording recording;
    Renderer2D recorder;
    recorder.begin(canvas.size(), canvas.projection());
    recorder.start_recording(recording);
    for (int i = 0; i < 3; ++i) {
        const float x = 4.0f + 20.0f * static_cast<float>(i);
        recorder.banded_rect({x, 4}, {x + 16, 20}, rgb, {1, 1, 1, 1});
    }
    recorder.stop_recording();
    recorder.end();
    EXPECT_EQ(recorder.stats().draw_calls, 1u);

    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.replay(recording);
    r.end();
    canvas.read();
    for (int i = 0; i < 3; ++i) {
        const int x = 4 + 20 * i;
        EXPECT_EQ(canvas.pixel(x, 4), kRed);
        EXPECT_EQ(canvas.pixel(x + 1, 5), kGreen);
        EXPECT_EQ(canvas.pixel(x + 8, 12), kGreen) << "the last band fills the inside";
    }
}

TEST_F(RendererBandsTest, AHugeRectangleKeepsItsBandsWhereTheyShow) {
    // Its far corner 10^8 units away: cut to the view, the visible edges' bands stay exact.
    Canvas canvas(64, 64);
    canvas.clear();
    const Texture rgb = bands({{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}});
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.banded_rect({10, 10}, {1e8f, 1e8f}, rgb);
    r.end();
    canvas.read();
    const auto expected = [](int x, int y) {
        if (x < 10 || y < 10) return kBlack;
        const int d = std::min(x - 10, y - 10);
        return d == 0 ? kRed : d == 1 ? kGreen : kBlue;
    };
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return c != expected(x, y); }), 0u);
}

TEST_F(RendererBandsTest, NothingIsDrawnForAnEmptyRectangle) {
    Canvas canvas(32, 32);
    canvas.clear();
    const Texture red = bands({{255, 0, 0, 255}});
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.banded_rect({5, 5}, {5, 20}, red);
    r.banded_rect({40, 40}, {50, 50}, red); // outside the view
    r.end();
    canvas.read();
    EXPECT_EQ(r.stats().quads, 0u);
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c != kBlack; }), 0u);
}

TEST_F(RendererBandsTest, TheSamePixelsAsFilledRectanglesBlendedOverAnyBackground) {
    // A selection box (translucent halo, opaque outline, faint tint) over a coloured background,
    // as bands and as the nine filled rectangles it replaced.
    const glm::vec4 halo(0.0f, 0.0f, 0.0f, 150.0f / 255.0f);
    const glm::vec4 outline(61.0f / 255.0f, 152.0f / 255.0f, 224.0f / 255.0f, 1.0f);
    const glm::vec4 tint(outline.r, outline.g, outline.b, 34.0f / 255.0f);
    const glm::vec4 background(0.3f, 0.5f, 0.2f, 1.0f);
    Canvas canvas(64, 64);
    const auto draw = [&](const std::function<void(Renderer2D&)>& shapes) {
        canvas.clear(background);
        Renderer2D r;
        r.begin(canvas.size(), canvas.projection());
        shapes(r);
        r.end();
        canvas.read();
        return canvas.pixels();
    };
    const auto byte = [](float v) { return static_cast<std::uint8_t>(v * 255.0f + 0.5f); };
    std::vector<std::array<std::uint8_t, 4>> colors;
    for (const glm::vec4& c : {halo, halo, outline, tint})
        colors.push_back({byte(c.r), byte(c.g), byte(c.b), byte(c.a)});
    const Texture box = bands(colors);
    const std::vector<Rgba> banded = draw([&](Renderer2D& r) {
        r.banded_rect({8, 10}, {50, 40}, box);
    });
    const std::vector<Rgba> rectangles = draw([&](Renderer2D& r) {
        box_as_rectangles(r, {10, 12}, {48, 38}, halo, outline, tint);
    });
    EXPECT_EQ(banded, rectangles);
}

} // namespace
} // namespace diorama::render::test
