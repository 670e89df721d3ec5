// Renderer2D::banded_rect: each pixel takes the band of its distance in whole pixels from the
// nearest edge, on screen whatever the zoom, the last band colouring the rest; translucent bands
// blend once; rectangles with one band texture are one draw call; a recording replays them.

#include "diorama/render/renderer_2d.h"

#include "diorama/render/texture.h"
#include "gl_canvas.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
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

} // namespace
} // namespace diorama::render::test
