// Renderer2D: shapes land on the expected pixels, and batching issues the expected draw calls.

#include "diorama/render/renderer_2d.h"

#include "diorama/render/texture.h"
#include "gl_canvas.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

namespace diorama::render::test {
namespace {

constexpr glm::vec4 kRedF{1, 0, 0, 1};

class Renderer2DTest : public GlTest {};

bool red(Rgba c) {
    return c == kRed;
}

TEST_F(Renderer2DTest, AQuadFillsExactlyItsRectangle) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({32, 32}, {20, 10}, 0.0f, kRedF);
    r.end();
    canvas.read();

    const auto inside = [](int x, int y) { return x >= 22 && x < 42 && y >= 27 && y < 37; };
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c == kRed; }), 200u);
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return inside(x, y) != (c == kRed); }), 0u)
        << "red exactly inside [22,42) x [27,37), black elsewhere";
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c != kRed && c != kBlack; }), 0u);
}

TEST_F(Renderer2DTest, RotationTurnsCounterClockwise) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({32, 32}, {40, 4}, 30.0f, kRedF);
    r.end();
    canvas.read();
    // The bar's +x end turns up and to the right.
    const float c = std::cos(glm::radians(30.0f)) * 15.0f;
    const float s = std::sin(glm::radians(30.0f)) * 15.0f;
    EXPECT_EQ(canvas.pixel(static_cast<int>(32 + c), static_cast<int>(32 + s)), kRed);
    EXPECT_EQ(canvas.pixel(static_cast<int>(32 - c), static_cast<int>(32 - s)), kRed);
    EXPECT_EQ(canvas.pixel(static_cast<int>(32 + c), static_cast<int>(32 - s)), kBlack);
    EXPECT_EQ(canvas.pixel(static_cast<int>(32 - c), static_cast<int>(32 + s)), kBlack);
}

TEST_F(Renderer2DTest, AQuarterTurnMakesAWideBarTall) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({32, 32}, {40, 4}, 90.0f, kRedF);
    r.end();
    canvas.read();
    EXPECT_EQ(canvas.pixel(32, 50), kRed);
    EXPECT_EQ(canvas.pixel(32, 14), kRed);
    EXPECT_EQ(canvas.pixel(50, 32), kBlack);
    EXPECT_EQ(canvas.pixel(14, 32), kBlack);
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c == kRed; }), 160u);
}

TEST_F(Renderer2DTest, ACircleIsFilledAtItsCentreButNotAtItsBoundingBoxCorners) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.circle({32, 32}, 20.0f, kRedF);
    r.end();
    canvas.read();
    EXPECT_EQ(canvas.pixel(32, 32), kRed);
    EXPECT_EQ(canvas.pixel(32, 50), kRed) << "just inside the top";
    EXPECT_EQ(canvas.pixel(50, 32), kRed) << "just inside the right";
    for (const auto& [x, y] :
         std::array<std::pair<int, int>, 4>{{{13, 13}, {50, 13}, {13, 50}, {50, 50}}})
        EXPECT_EQ(canvas.pixel(x, y), kBlack) << "corner " << x << "," << y;
    const double area = static_cast<double>(canvas.count([](int, int, Rgba c) { return red(c); }));
    EXPECT_NEAR(area, 3.14159265 * 20 * 20, 0.02 * 3.14159265 * 20 * 20);
}

TEST_F(Renderer2DTest, ACircleOutlineIsARingInsideTheRadius) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.circle({32, 32}, 20.0f, kRedF, false, 3.0f);
    r.end();
    canvas.read();
    EXPECT_EQ(canvas.pixel(32, 32), kBlack);
    EXPECT_EQ(canvas.pixel(32, 50), kRed);
    EXPECT_EQ(canvas.pixel(13, 32), kRed);
    EXPECT_EQ(canvas.pixel(32, 45), kBlack) << "inside the ring's inner edge";
    EXPECT_EQ(canvas.pixel(32, 53), kBlack) << "outside the radius";
}

TEST_F(Renderer2DTest, ALineCoversItsSegmentWithItsThickness) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.line({10, 32}, {54, 32}, kRedF, 4.0f);
    r.end();
    canvas.read();
    const auto inside = [](int x, int y) { return x >= 10 && x < 54 && y >= 30 && y < 34; };
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return inside(x, y) != red(c); }), 0u);
    EXPECT_EQ(r.stats().quads, 1u);
}

TEST_F(Renderer2DTest, ARectOutlineLiesInsideTheRectangle) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.rect_outline({32, 32}, {20, 20}, 0.0f, glm::vec4(1, 0, 0, 0.5f), 2.0f);
    r.end();
    canvas.read();
    // Translucent, so overlapping strips would show brighter corners: every border pixel is equal.
    const Rgba half{128, 0, 0, 255};
    const auto border = [](int x, int y) {
        const bool in_outer = x >= 22 && x < 42 && y >= 22 && y < 42;
        const bool in_inner = x >= 24 && x < 40 && y >= 24 && y < 40;
        return in_outer && !in_inner;
    };
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return border(x, y) != (c == half); }), 0u);
    EXPECT_EQ(r.stats().quads, 4u);
}

TEST_F(Renderer2DTest, TranslucentColoursBlendOverTheBackground) {
    Canvas canvas(64, 64);
    canvas.clear({1, 1, 1, 1});
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({32, 32}, {64, 64}, 0.0f, glm::vec4(1, 0, 0, 0.5f));
    r.end();
    canvas.read();
    const Rgba c = canvas.pixel(10, 10);
    EXPECT_EQ(c.r, 255);
    EXPECT_NEAR(c.g, 127, 1);
    EXPECT_NEAR(c.b, 127, 1);
}

TEST_F(Renderer2DTest, ATexturedQuadShowsTheImageUprightWithItsColours) {
    // Row 0 (the top of the image): red, green; row 1: blue, white.
    const std::array<std::uint8_t, 16> pixels{255, 0, 0,   255, 0,   255, 0,   255,
                                              0,   0, 255, 255, 255, 255, 255, 255};
    Canvas canvas(64, 64);
    canvas.clear();
    Texture texture(2, 2, pixels.data(), false);
    EXPECT_EQ(texture.size(), glm::ivec2(2, 2));
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({32, 32}, {64, 64}, 0.0f, glm::vec4(1), &texture);
    r.end();
    canvas.read();
    EXPECT_EQ(canvas.pixel(8, 56), kRed);
    EXPECT_EQ(canvas.pixel(56, 56), kGreen);
    EXPECT_EQ(canvas.pixel(8, 8), kBlue);
    EXPECT_EQ(canvas.pixel(56, 8), kWhite);
}

TEST_F(Renderer2DTest, UvBoundsSelectPartOfTheTextureAndTintMultiplies) {
    const std::array<std::uint8_t, 16> pixels{255, 0, 0,   255, 0,   255, 0,   255,
                                              0,   0, 255, 255, 255, 255, 255, 255};
    Canvas canvas(64, 64);
    canvas.clear();
    Texture texture(2, 2, pixels.data(), false);
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({16, 32}, {32, 64}, 0.0f, glm::vec4(1), &texture, {0.5f, 0.5f},
           {1.0f, 1.0f}); // white texel
    r.quad({48, 32}, {32, 64}, 0.0f, glm::vec4(0, 0, 1, 1), &texture, {0.5f, 0.5f}, {1.0f, 1.0f});
    r.end();
    canvas.read();
    EXPECT_EQ(canvas.count([](int x, int, Rgba c) { return x < 32 && c != kWhite; }), 0u);
    EXPECT_EQ(canvas.count([](int x, int, Rgba c) { return x >= 32 && c != kBlue; }), 0u);
}

TEST_F(Renderer2DTest, ATranslucentTextureBlendsWithoutDarkFringes) {
    const std::array<std::uint8_t, 4> half_red{255, 0, 0, 128};
    Canvas canvas(16, 16);
    canvas.clear({1, 1, 1, 1});
    Texture texture(1, 1, half_red.data(), true);
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({8, 8}, {16, 16}, 0.0f, glm::vec4(1), &texture);
    r.end();
    canvas.read();
    const Rgba c = canvas.pixel(8, 8);
    EXPECT_EQ(c.r, 255);
    EXPECT_NEAR(c.g, 127, 1);
}

TEST_F(Renderer2DTest, AThousandQuadsWithOneTextureAreOneDrawCall) {
    const std::array<std::uint8_t, 4> white{255, 255, 255, 255};
    Texture texture(1, 1, white.data());
    Canvas canvas(64, 64);
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    for (int i = 0; i < 1000; ++i)
        r.quad({i % 64, i / 64}, {1, 1}, 0.0f, glm::vec4(1), &texture);
    r.end();
    EXPECT_EQ(r.stats().draw_calls, 1u);
    EXPECT_EQ(r.stats().quads, 1000u);
    EXPECT_EQ(r.stats().triangles, 2000u);
}

TEST_F(Renderer2DTest, AlternatingTexturesBreakTheBatchEachTime) {
    const std::array<std::uint8_t, 4> white{255, 255, 255, 255};
    Texture a(1, 1, white.data());
    Texture b(1, 1, white.data());
    Canvas canvas(64, 64);
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    for (int i = 0; i < 1000; ++i)
        r.quad({i % 64, i / 64}, {1, 1}, 0.0f, glm::vec4(1), i % 2 == 0 ? &a : &b);
    r.end();
    EXPECT_EQ(r.stats().draw_calls, 1000u);
    EXPECT_EQ(r.stats().quads, 1000u);
    EXPECT_EQ(r.stats().triangles, 2000u);
}

TEST_F(Renderer2DTest, UntexturedShapesShareOneBatch) {
    Canvas canvas(64, 64);
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({10, 10}, {4, 4}, 0.0f, kRedF);
    r.circle({30, 30}, 8.0f, kRedF);
    r.circle({30, 30}, 12.0f, kRedF, false, 1.0f);
    r.line({0, 0}, {60, 60}, kRedF, 1.0f);
    r.rect_outline({40, 20}, {10, 10}, 0.0f, kRedF, 1.0f);
    r.end();
    EXPECT_EQ(r.stats().draw_calls, 1u);
    EXPECT_EQ(r.stats().quads, 6u) << "the quad, the line and four outline strips";
}

TEST_F(Renderer2DTest, AFullVertexBufferFlushesAndKeepsDrawing) {
    constexpr int kQuads = 20000; // 80000 vertices: more than one buffer holds
    static_assert(kQuads * 4 > static_cast<int>(Renderer2D::kMaxVertices));
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({2, 2}, {4, 4}, 0.0f, kRedF);
    for (int i = 1; i < kQuads - 1; ++i)
        r.quad({32, 32}, {2, 2}, 0.0f, glm::vec4(0, 1, 0, 1));
    r.quad({62, 62}, {4, 4}, 0.0f, kRedF);
    r.end();
    canvas.read();
    EXPECT_EQ(r.stats().draw_calls, 2u);
    EXPECT_EQ(r.stats().quads, static_cast<std::size_t>(kQuads));
    EXPECT_EQ(r.stats().triangles, static_cast<std::size_t>(kQuads) * 2);
    EXPECT_EQ(canvas.pixel(2, 2), kRed) << "drawn in the first flush";
    EXPECT_EQ(canvas.pixel(62, 62), kRed) << "drawn in the second flush";
    EXPECT_EQ(canvas.pixel(32, 32), kGreen);
}

TEST_F(Renderer2DTest, CircleSegmentsGrowWithTheRadiusOnScreen) {
    Canvas canvas(64, 64);
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.circle({32, 32}, 2.0f, kRedF);
    r.end();
    const std::size_t small = r.stats().triangles;
    r.begin(canvas.size(), canvas.projection());
    r.circle({32, 32}, 200.0f, kRedF);
    r.end();
    const std::size_t large = r.stats().triangles;
    // Same world radius, zoomed out 8x: as few segments as the small one on screen.
    r.begin(canvas.size(), glm::ortho(0.0f, 512.0f, 0.0f, 512.0f, -1.0f, 1.0f));
    r.circle({32, 32}, 16.0f, kRedF);
    r.end();
    const std::size_t zoomed_out = r.stats().triangles;
    EXPECT_GE(small, 8u);
    EXPECT_GT(large, small * 4);
    EXPECT_EQ(zoomed_out, small);
}

TEST_F(Renderer2DTest, PixelSizeIsWorldUnitsPerPixel) {
    Canvas canvas(64, 64);
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.end();
    EXPECT_FLOAT_EQ(r.pixel_size(), 1.0f);
    r.begin(canvas.size(), glm::ortho(-64.0f, 64.0f, -64.0f, 64.0f, -1.0f, 1.0f));
    r.end();
    EXPECT_FLOAT_EQ(r.pixel_size(), 2.0f);
    r.begin({128, 64}, glm::ortho(0.0f, 32.0f, 0.0f, 16.0f, -1.0f, 1.0f));
    r.end();
    EXPECT_FLOAT_EQ(r.pixel_size(), 0.25f);
}

TEST_F(Renderer2DTest, ATransformPlacesRotatesAndScalesAQuad) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    // Translate to (32, 32), a quarter turn, scale (2, 1): a 10x4 quad becomes 4 wide, 20 tall.
    glm::mat3 m(glm::vec3(0, 2, 0), glm::vec3(-1, 0, 0), glm::vec3(32, 32, 1));
    r.begin(canvas.size(), canvas.projection());
    r.quad(m, {10, 4}, kRedF);
    r.end();
    canvas.read();
    const auto inside = [](int x, int y) { return x >= 30 && x < 34 && y >= 22 && y < 42; };
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return inside(x, y) != red(c); }), 0u);
}

TEST_F(Renderer2DTest, ADotIsASquareOfItsPixelSizeAtAnyZoomInOneDrawCall) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    // Zoomed out 10 times: a world unit is a tenth of a pixel, the dot still 2 pixels.
    r.begin(canvas.size(), glm::scale(canvas.projection(), glm::vec3(0.1f, 0.1f, 1.0f)));
    r.dot({200, 200}, 2, kRedF);
    r.dot({405, 405}, 1, kRedF);  // the centre of pixel (40, 40)
    r.dot({100, 500}, 99, kRedF); // clamped to kMaxDotPixels
    r.end();
    canvas.read();
    EXPECT_EQ(canvas.count([](int x, int y, Rgba c) {
        return x >= 19 && x < 21 && y >= 19 && y < 21 && c == kRed;
    }),
              4u);
    EXPECT_EQ(canvas.pixel(40, 40), kRed);
    const int big = Renderer2D::kMaxDotPixels;
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c == kRed; }),
              static_cast<std::size_t>(4 + 1 + big * big));
    EXPECT_EQ(r.stats().points, 3u);
    EXPECT_EQ(r.stats().draw_calls, 1u);
}

TEST_F(Renderer2DTest, DotsBetweenQuadsKeepTheOrderTheyWereSubmittedIn) {
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({10, 10}, {8, 8}, 0.0f, {0, 0, 1, 1});
    r.dot({10.5f, 10.5f}, 1, kRedF); // over the first quad
    r.quad({30, 30}, {8, 8}, 0.0f, {0, 0, 1, 1});
    r.dot({30.5f, 30.5f}, 1, kRedF);
    r.quad({30, 30}, {4, 4}, 0.0f, {0, 1, 0, 1}); // over the second dot
    r.end();
    canvas.read();
    EXPECT_EQ(canvas.pixel(10, 10), kRed);
    EXPECT_EQ(canvas.pixel(30, 30), kGreen);
    EXPECT_EQ(r.stats().draw_calls, 5u) << "a batch per change between quads and dots";
    EXPECT_EQ(r.stats().triangles, 6u);
}

TEST_F(Renderer2DTest, TexturedAndSolidBatchesEachDrawWithTheirOwnProgram) {
    // Solid shapes and dots use a program that samples no texture; a textured quad after them
    // must sample its texture again, and a solid shape after it must not.
    const std::array<std::uint8_t, 4> blue{0, 0, 255, 255};
    const Texture texture(1, 1, blue.data());
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.quad({10, 10}, {8, 8}, 0.0f, glm::vec4(1), &texture);
    r.quad({30, 10}, {8, 8}, 0.0f, kRedF);
    r.dot({50.5f, 10.5f}, 2, {0, 1, 0, 1});
    r.quad({10, 30}, {8, 8}, 0.0f, glm::vec4(1), &texture);
    r.quad({30, 30}, {8, 8}, 0.0f, {0, 1, 0, 0.5f}); // translucent: premultiplied as before
    r.end();
    canvas.read();
    EXPECT_EQ(canvas.pixel(10, 10), kBlue);
    EXPECT_EQ(canvas.pixel(30, 10), kRed);
    EXPECT_EQ(canvas.pixel(50, 10), kGreen);
    EXPECT_EQ(canvas.pixel(10, 30), kBlue) << "the texture sampled again after solid batches";
    const Rgba half = canvas.pixel(30, 30);
    EXPECT_EQ(half.r, 0);
    EXPECT_NEAR(half.g, 128, 1);
    EXPECT_EQ(half.b, 0);
    EXPECT_EQ(r.stats().draw_calls, 5u);
}

TEST_F(Renderer2DTest, DotsInOneRunDrawExactlyWhatDotByDotDraws) {
    // More dots than a buffer holds, over each other in a 64x64 canvas (order shows through the
    // translucent ones), colours changing from dot to dot or repeated, out of range and NaN,
    // sizes out of range; a quad before and after the run.
    std::vector<Renderer2D::Dot> run;
    for (int i = 0; i < 70000; ++i) {
        const float k = static_cast<float>(i % 97) / 96.0f;
        glm::vec4 color{k, 1.0f - k, i % 5 == 0 ? 1.5f : -0.25f * k, i % 7 == 0 ? 0.5f : 1.0f};
        if (i % 1000 == 3) color.g = std::nanf("");
        if (i % 3 == 1) color = run.back().color;
        run.push_back(
            {glm::vec2(0.5f + static_cast<float>(i % 61), 0.5f + static_cast<float>(i % 59)),
             i % 7 - 1, color});
    }
    Canvas canvas(64, 64);
    const auto draw = [&](bool as_one_run) {
        canvas.clear();
        Renderer2D r;
        r.begin(canvas.size(), canvas.projection());
        r.quad({10, 10}, {8, 8}, 0.0f, {0, 0, 1, 1});
        if (as_one_run)
            r.dots(run);
        else
            for (const Renderer2D::Dot& d : run)
                r.dot(d.center, d.size_px, d.color);
        r.quad({40, 40}, {8, 8}, 0.0f, {0, 0, 1, 0.5f});
        r.end();
        canvas.read();
        return std::tuple(canvas.pixels(), r.stats().points, r.stats().draw_calls);
    };
    const auto [pixels, points, draw_calls] = draw(true);
    const auto [dot_pixels, dot_points, dot_draw_calls] = draw(false);
    EXPECT_EQ(points, 70000u);
    EXPECT_EQ(dot_points, points);
    EXPECT_EQ(draw_calls, 4u) << "the quad, dots in each of two buffers, the quad";
    EXPECT_EQ(dot_draw_calls, draw_calls);
    EXPECT_TRUE(pixels == dot_pixels);
    EXPECT_GT(std::count_if(pixels.begin(), pixels.end(), [&](Rgba c) { return c != pixels[0]; }),
              1000)
        << "the dots cover the canvas in many colours";
}

TEST_F(Renderer2DTest, AnEmptyRunOfDotsDrawsNothing) {
    Canvas canvas(8, 8);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.dots({});
    r.end();
    canvas.read();
    EXPECT_EQ(r.stats().points, 0u);
    EXPECT_EQ(r.stats().draw_calls, 0u);
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c != kBlack; }), 0u);
}

TEST_F(Renderer2DTest, MoreDotsThanABufferHoldsAreAllDrawnThenTheShapesAfterThem) {
    constexpr int kDots = 70000; // more than one buffer's vertices, and no indices at all
    static_assert(kDots > static_cast<int>(Renderer2D::kMaxVertices));
    Canvas canvas(64, 64);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.dot({2.5f, 2.5f}, 1, kRedF);
    for (int i = 1; i < kDots - 1; ++i)
        r.dot({32.5f, 32.5f}, 1, {0, 1, 0, 1});
    r.dot({61.5f, 61.5f}, 1, kRedF); // in the second buffer
    r.quad({10, 50}, {4, 4}, 0.0f, {0, 0, 1, 1});
    r.end();
    canvas.read();
    EXPECT_EQ(r.stats().points, static_cast<std::size_t>(kDots));
    EXPECT_EQ(r.stats().draw_calls, 3u) << "dots in each buffer, then the quad";
    EXPECT_EQ(canvas.pixel(2, 2), kRed);
    EXPECT_EQ(canvas.pixel(32, 32), kGreen);
    EXPECT_EQ(canvas.pixel(61, 61), kRed);
    EXPECT_EQ(canvas.pixel(10, 50), kBlue);
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c != kBlack; }), 3u + 16u);
}

// ---- keeping unchanged frames ----

// Draws a red 8x8 quad at (x, 20) over a black clear: the frame the tests below repeat or vary.
void red_quad_frame(Renderer2D& r, const Canvas& canvas, float x, const Texture* texture = nullptr,
                    glm::vec4 clear = {0, 0, 0, 1}) {
    r.begin(canvas.size(), canvas.projection(), clear);
    r.quad({x, 20}, {8, 8}, 0.0f, kRedF, texture);
    r.end();
}

TEST_F(Renderer2DTest, AKeptFrameThatDidNotChangeIsNotDrawnAgain) {
    Canvas canvas(64, 64);
    Renderer2D r;
    r.keep_unchanged_frames(true);
    red_quad_frame(r, canvas, 20);
    EXPECT_FALSE(r.stats().reused) << "the first frame has nothing to repeat";
    canvas.read();
    EXPECT_EQ(canvas.pixel(20, 20), kRed);
    EXPECT_EQ(canvas.pixel(40, 40), kBlack) << "cleared by begin's colour";

    canvas.clear({0, 1, 0, 1}); // marks the target: a frame drawn again would clear it to black
    red_quad_frame(r, canvas, 20);
    canvas.read();
    EXPECT_TRUE(r.stats().reused);
    EXPECT_EQ(r.stats().draw_calls, 0u);
    EXPECT_EQ(r.stats().quads, 1u) << "what the frame holds is still counted";
    EXPECT_EQ(r.stats().triangles, 2u);
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c != kGreen; }), 0u)
        << "nothing was cleared or drawn";
}

TEST_F(Renderer2DTest, AnUnchangedFrameIsDrawnAgainOnceThePreviousOneIsForgotten) {
    Canvas canvas(64, 64);
    Renderer2D r;
    r.keep_unchanged_frames(true);
    red_quad_frame(r, canvas, 20);
    canvas.clear({0, 1, 0, 1}); // another target, say, that never held the frame
    r.forget_previous_frame();
    red_quad_frame(r, canvas, 20);
    canvas.read();
    EXPECT_FALSE(r.stats().reused);
    EXPECT_EQ(canvas.pixel(20, 20), kRed);
    EXPECT_EQ(canvas.pixel(40, 40), kBlack);
    red_quad_frame(r, canvas, 20);
    EXPECT_TRUE(r.stats().reused) << "kept again from then on";
}

TEST_F(Renderer2DTest, AnyChangeToAKeptFrameDrawsItAgain) {
    const std::array<std::uint8_t, 4> white{255, 255, 255, 255};
    const Texture texture(1, 1, white.data());
    Canvas canvas(64, 64);
    const glm::mat4 shifted = glm::ortho(-1.0f, 63.0f, 0.0f, 64.0f, -1.0f, 1.0f);
    const std::vector<std::pair<const char*, std::function<void(Renderer2D&)>>> changes{
        {"a vertex moved", [&](Renderer2D& r) { red_quad_frame(r, canvas, 20.25f); }},
        {"another texture", [&](Renderer2D& r) { red_quad_frame(r, canvas, 20, &texture); }},
        {"another clear colour",
         [&](Renderer2D& r) {
             red_quad_frame(r, canvas, 20, nullptr, {0, 0, 1, 1});
         }},
        {"another view",
         [&](Renderer2D& r) {
             r.begin(canvas.size(), shifted, glm::vec4{0, 0, 0, 1});
             r.quad({20, 20}, {8, 8}, 0.0f, kRedF);
             r.end();
         }},
        {"another size",
         [&](Renderer2D& r) {
             r.begin({32, 32}, canvas.projection(), glm::vec4{0, 0, 0, 1});
             r.quad({20, 20}, {8, 8}, 0.0f, kRedF);
             r.end();
         }},
        {"one more dot",
         [&](Renderer2D& r) {
             r.begin(canvas.size(), canvas.projection(), glm::vec4{0, 0, 0, 1});
             r.quad({20, 20}, {8, 8}, 0.0f, kRedF);
             r.dot({40, 40}, 1, kRedF);
             r.end();
         }},
    };
    for (const auto& [what, frame] : changes) {
        Renderer2D r;
        r.keep_unchanged_frames(true);
        red_quad_frame(r, canvas, 20);
        canvas.clear({0, 1, 0, 1});
        frame(r);
        canvas.read();
        EXPECT_FALSE(r.stats().reused) << what;
        EXPECT_GE(r.stats().draw_calls, 1u) << what;
        EXPECT_NE(canvas.pixel(2, 2), kGreen) << what << ": cleared and drawn again";
    }
}

TEST_F(Renderer2DTest, ATextureMadeUnderAnEarlierTexturesGlNameIsAChange) {
    const std::array<std::uint8_t, 4> red{255, 0, 0, 255};
    const std::array<std::uint8_t, 4> blue{0, 0, 255, 255};
    Canvas canvas(64, 64);
    Renderer2D r;
    r.keep_unchanged_frames(true);
    auto first = std::make_unique<Texture>(1, 1, red.data());
    const std::uint32_t name = first->id();
    const std::uint64_t serial = first->serial();
    r.begin(canvas.size(), canvas.projection(), glm::vec4{0, 0, 0, 1});
    r.quad({20, 20}, {8, 8}, 0.0f, glm::vec4(1), first.get());
    r.end();
    first.reset();
    const Texture second(1, 1, blue.data()); // GL may hand out the freed name again
    EXPECT_NE(second.serial(), serial);
    r.begin(canvas.size(), canvas.projection(), glm::vec4{0, 0, 0, 1});
    r.quad({20, 20}, {8, 8}, 0.0f, glm::vec4(1), &second);
    r.end();
    canvas.read();
    EXPECT_FALSE(r.stats().reused) << "name " << name << " then " << second.id();
    EXPECT_EQ(canvas.pixel(20, 20), kBlue);
}

TEST_F(Renderer2DTest, FramesAreDrawnEveryTimeUnlessKept) {
    Canvas canvas(64, 64);
    Renderer2D r;
    red_quad_frame(r, canvas, 20);
    canvas.clear({0, 1, 0, 1});
    red_quad_frame(r, canvas, 20);
    canvas.read();
    EXPECT_FALSE(r.stats().reused);
    EXPECT_EQ(r.stats().draw_calls, 1u);
    EXPECT_EQ(canvas.pixel(20, 20), kRed);
    EXPECT_EQ(canvas.pixel(40, 40), kBlack);
}

TEST_F(Renderer2DTest, AKeptFrameOfSeveralBuffersIsComparedWhole) {
    constexpr int kQuads = 20000; // more than one buffer's worth of vertices
    static_assert(kQuads * 4 > static_cast<int>(Renderer2D::kMaxVertices));
    Canvas canvas(64, 64);
    Renderer2D r;
    r.keep_unchanged_frames(true);
    const auto frame = [&](glm::vec4 last_color) {
        r.begin(canvas.size(), canvas.projection(), glm::vec4{0, 0, 0, 1});
        for (int i = 0; i < kQuads - 1; ++i)
            r.quad({32, 32}, {2, 2}, 0.0f, glm::vec4(0, 1, 0, 1));
        r.quad({62, 62}, {4, 4}, 0.0f, last_color);
        r.end();
    };
    frame(kRedF);
    EXPECT_EQ(r.stats().draw_calls, 2u);
    frame(kRedF);
    EXPECT_TRUE(r.stats().reused);
    frame({0, 0, 1, 1}); // only the second buffer differs
    canvas.read();
    EXPECT_FALSE(r.stats().reused);
    EXPECT_EQ(r.stats().draw_calls, 2u);
    EXPECT_EQ(canvas.pixel(62, 62), kBlue);
    EXPECT_EQ(canvas.pixel(32, 32), kGreen);
}

} // namespace
} // namespace diorama::render::test
