// TexelCopy: each texel lands on its pixel, opaque and unclipped whatever the GL state before,
// a scaled copy fills its box, and nothing is drawn without a texture.

#include "diorama/render/texel_copy.h"

#include "gl_canvas.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <cstdint>
#include <vector>

namespace diorama::render::test {
namespace {

class TexelCopyTest : public GlTest {};

// A texture as the editor's render targets are made (unsized RGBA, BGRA texels), its texels
// given as straight RGBA by a function of their position (y up).
class SourceTexture {
public:
    SourceTexture(int width, int height, Rgba (*texel)(int x, int y)) {
        std::vector<std::uint8_t> bgra;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const Rgba c = texel(x, y);
                bgra.insert(bgra.end(), {c.b, c.g, c.r, c.a});
            }
        glGenTextures(1, &m_id);
        glBindTexture(GL_TEXTURE_2D, m_id);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_BGRA, GL_UNSIGNED_BYTE,
                     bgra.data());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    ~SourceTexture() { glDeleteTextures(1, &m_id); }
    SourceTexture(const SourceTexture&) = delete;
    SourceTexture& operator=(const SourceTexture&) = delete;
    [[nodiscard]] std::uint32_t id() const { return m_id; }

private:
    GLuint m_id = 0;
};

// Every texel different, some of them transparent.
Rgba numbered(int x, int y) {
    return {static_cast<std::uint8_t>(x * 16), static_cast<std::uint8_t>(y * 16), 200,
            static_cast<std::uint8_t>((x + y) % 3 == 0 ? 0 : 255 - x)};
}

TEST_F(TexelCopyTest, EachTexelLandsOnItsPixelOpaqueAndUnclipped) {
    Canvas canvas(64, 48);
    canvas.clear();
    const SourceTexture source(16, 12, &numbered);
    // State a caller (the UI backend) leaves on: blending, a scissor and a viewport elsewhere.
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 4, 4);
    glViewport(0, 0, 4, 4);
    const TexelCopy copy;
    copy.copy(source.id(), {16, 12}, {{2, 3}, {10, 9}}, {{20, 30}, {28, 36}}, canvas.size());
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    canvas.read();

    const auto inside = [](int x, int y) { return x >= 20 && x < 28 && y >= 30 && y < 36; };
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) {
        return inside(x, y) && c != numbered(x - 20 + 2, y - 30 + 3);
    }),
              0u)
        << "every pixel of the box is its texel, alpha too (the copy does not blend)";
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return !inside(x, y) && c != kBlack; }), 0u)
        << "nothing outside the box";
}

Rgba red_then_blue(int x, int) {
    return x == 0 ? kRed : kBlue;
}

TEST_F(TexelCopyTest, AScaledCopyFillsItsBoxBlendingBetweenTexels) {
    Canvas canvas(32, 16);
    canvas.clear();
    const SourceTexture source(2, 1, &red_then_blue);
    const TexelCopy copy;
    copy.copy(source.id(), {2, 1}, {{0, 0}, {2, 1}}, {{4, 4}, {12, 6}}, canvas.size());
    canvas.read();

    EXPECT_EQ(canvas.pixel(4, 4), kRed);
    EXPECT_EQ(canvas.pixel(4, 5), kRed);
    EXPECT_EQ(canvas.pixel(11, 4), kBlue);
    EXPECT_EQ(canvas.pixel(11, 5), kBlue);
    const Rgba middle = canvas.pixel(8, 4);
    EXPECT_GT(middle.r, 0);
    EXPECT_GT(middle.b, 0) << "linear filtering between the two texels: " << middle;
    const auto inside = [](int x, int y) { return x >= 4 && x < 12 && y >= 4 && y < 6; };
    EXPECT_EQ(canvas.count([&](int x, int y, Rgba c) { return inside(x, y) == (c == kBlack); }), 0u)
        << "the box filled, nothing around it";
}

TEST_F(TexelCopyTest, TheTexturesOwnFiltersAndTheSamplerBindingAreLeftAsTheyWere) {
    Canvas canvas(32, 16);
    canvas.clear();
    const SourceTexture source(2, 1, &red_then_blue);
    glBindTexture(GL_TEXTURE_2D, source.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    const TexelCopy copy;
    copy.copy(source.id(), {2, 1}, {{0, 0}, {2, 1}}, {{0, 0}, {2, 1}}, canvas.size());
    copy.copy(source.id(), {2, 1}, {{0, 0}, {2, 1}}, {{4, 4}, {12, 6}}, canvas.size());
    GLint min_filter = 0;
    GLint mag_filter = 0;
    GLint sampler = -1;
    glBindTexture(GL_TEXTURE_2D, source.id());
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &min_filter);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &mag_filter);
    glGetIntegerv(GL_SAMPLER_BINDING, &sampler);
    glBindTexture(GL_TEXTURE_2D, 0);
    EXPECT_EQ(min_filter, GL_LINEAR_MIPMAP_LINEAR);
    EXPECT_EQ(mag_filter, GL_LINEAR);
    EXPECT_EQ(sampler, 0) << "no sampler left on unit 0 to override the next draw's texture";
    canvas.read();
    EXPECT_EQ(canvas.pixel(0, 0), kRed) << "copied all the same";
    EXPECT_EQ(canvas.pixel(1, 0), kBlue);
}

TEST_F(TexelCopyTest, NothingIsDrawnWithoutATexture) {
    Canvas canvas(16, 16);
    canvas.clear();
    const TexelCopy copy;
    copy.copy(0, {4, 4}, {{0, 0}, {4, 4}}, {{0, 0}, {4, 4}}, canvas.size());
    canvas.read();
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c != kBlack; }), 0u);
}

} // namespace
} // namespace diorama::render::test
