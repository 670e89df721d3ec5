// Font: baked TrueType text draws where it is placed; the fallbacks always draw something.

#include "diorama/render/font.h"

#include "diorama/render/renderer_2d.h"
#include "gl_canvas.h"

#include <algorithm>
#include <filesystem>
#include <string_view>

namespace diorama::render::test {
namespace {

class FontTest : public GlTest {};

bool lit(Rgba c) {
    return c.r > 0 || c.g > 0 || c.b > 0;
}

// The lit pixels' bounding box (min x, min y, max x, max y) after drawing text.
struct Ink {
    std::size_t pixels = 0;
    int x0 = 1 << 20, y0 = 1 << 20, x1 = -1, y1 = -1;
};

Ink draw_text(const Font& font, std::string_view text, glm::vec2 at, float size, int align = 0,
              glm::ivec2 canvas_size = {128, 64}) {
    Canvas canvas(canvas_size.x, canvas_size.y);
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.text(font, text, at, size, glm::vec4(1), align);
    r.end();
    canvas.read();
    Ink ink;
    ink.pixels = canvas.count([&](int x, int y, Rgba c) {
        if (!lit(c)) return false;
        ink.x0 = std::min(ink.x0, x);
        ink.y0 = std::min(ink.y0, y);
        ink.x1 = std::max(ink.x1, x);
        ink.y1 = std::max(ink.y1, y);
        return true;
    });
    return ink;
}

TEST_F(FontTest, DejaVuTextDrawsAlongItsBaseline) {
    Font font(kDefaultFontPath, 32.0f);
    ASSERT_TRUE(font.ok());
    EXPECT_EQ(font.source(), FontSource::File);
    const float width = font.measure("Hello", 24.0f);
    const Ink ink = draw_text(font, "Hello", {8, 24}, 24.0f);
    EXPECT_GT(ink.pixels, 100u);
    EXPECT_GE(ink.x0, 8);
    EXPECT_LE(ink.x1, 8 + static_cast<int>(width) + 1);
    EXPECT_GE(ink.y0, 23) << "'Hello' has no descender: nothing below the baseline";
    EXPECT_GE(ink.y1, 24 + 14) << "capitals reach most of the ascent";
    EXPECT_LE(ink.y1, 24 + static_cast<int>(font.ascent(24.0f)) + 1);
}

TEST_F(FontTest, RightAndCentreAlignmentPlaceTextAroundThePosition) {
    Font font(kDefaultFontPath);
    const Ink right = draw_text(font, "Right", {100, 20}, 20.0f, 2);
    EXPECT_LT(right.x1, 101);
    EXPECT_GT(right.x0, 100 - static_cast<int>(font.measure("Right", 20.0f)) - 2);
    const Ink centre = draw_text(font, "Centre", {64, 20}, 20.0f, 1);
    EXPECT_NEAR((centre.x0 + centre.x1) * 0.5, 64.0, 2.0);
}

TEST_F(FontTest, MeasureIsTheWidestLineAndScalesWithSize) {
    Font font(kDefaultFontPath);
    EXPECT_FLOAT_EQ(font.measure("ab\nabcd", 16.0f), font.measure("abcd", 16.0f));
    EXPECT_FLOAT_EQ(font.measure("abcd", 32.0f), 2.0f * font.measure("abcd", 16.0f));
    EXPECT_EQ(font.measure("", 16.0f), 0.0f);
    EXPECT_LT(font.measure("ii", 16.0f), font.measure("WW", 16.0f));
    EXPECT_LT(font.measure("AV", 16.0f), font.measure("A", 16.0f) + font.measure("V", 16.0f))
        << "kerning";
}

TEST_F(FontTest, LinesStackDownwardsOneLineHeightApart) {
    Font font(kDefaultFontPath);
    const Ink one = draw_text(font, "H", {10, 40}, 16.0f);
    const Ink two = draw_text(font, "H\nH", {10, 40}, 16.0f);
    EXPECT_EQ(two.pixels, one.pixels * 2);
    EXPECT_EQ(two.y1, one.y1);
    EXPECT_EQ(two.y0, one.y0 - 16);
}

TEST_F(FontTest, CharactersOutsideTheBakedRangeDrawAsAQuestionMark) {
    Font font(kDefaultFontPath);
    const Ink question = draw_text(font, "?", {10, 20}, 20.0f);
    const Ink han = draw_text(font, "\xe4\xb8\xad", {10, 20}, 20.0f); // U+4E2D
    EXPECT_GT(question.pixels, 0u);
    EXPECT_EQ(han.pixels, question.pixels);
    const Ink latin1 = draw_text(font, "\xc3\xa9", {10, 20}, 20.0f); // U+00E9, baked
    EXPECT_NE(latin1.pixels, question.pixels);
    EXPECT_EQ(draw_text(font, "\xff", {10, 20}, 20.0f).pixels, question.pixels) << "invalid UTF-8";
}

TEST_F(FontTest, AMissingFileFallsBackToDejaVu) {
    Font font("/no/such/font.ttf");
    EXPECT_FALSE(font.ok());
    EXPECT_EQ(font.source(), FontSource::Fallback);
    EXPECT_GT(draw_text(font, "Fallback", {4, 20}, 20.0f).pixels, 50u);
}

TEST_F(FontTest, WithoutAnyFontFileTheBuiltInBlockFontStillDraws) {
    Font font("/no/such/font.ttf", 32.0f, "");
    EXPECT_FALSE(font.ok());
    EXPECT_EQ(font.source(), FontSource::Builtin);
    const float width = font.measure("Block", 20.0f);
    EXPECT_GT(width, 20.0f);
    const Ink ink = draw_text(font, "Block", {4, 20}, 20.0f);
    EXPECT_GT(ink.pixels, 50u);
    EXPECT_GE(ink.x0, 4);
    EXPECT_LE(ink.x1, 4 + static_cast<int>(width) + 1);
    EXPECT_GE(ink.y0, 20) << "no descenders in 'Block'";
    EXPECT_LE(ink.y1, 20 + static_cast<int>(font.ascent(20.0f)));
}

TEST_F(FontTest, TextIsOneBatchOfOneQuadPerVisibleGlyph) {
    Font font(kDefaultFontPath);
    Canvas canvas(64, 64);
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    r.text(font, "a b c", {0, 10}, 10.0f, glm::vec4(1));
    r.end();
    EXPECT_EQ(r.stats().quads, 3u);
    EXPECT_EQ(r.stats().draw_calls, 1u);
}

} // namespace
} // namespace diorama::render::test
