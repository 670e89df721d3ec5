// Renderer2D's recordings: what is queued between start_recording() and stop_recording() and
// later replayed draws the pixels the recorded calls drew, whatever was queued around it.

#include "diorama/render/font.h"
#include "diorama/render/renderer_2d.h"
#include "diorama/render/texture.h"
#include "gl_canvas.h"

#include <glm/gtc/matrix_transform.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace diorama::render::test {
namespace {

class RenderRecordingTest : public GlTest {
protected:
    void SetUp() override {
        GlTest::SetUp();
        if (HasFatalFailure()) return;
        canvas.emplace(160, 120);
        font = std::make_unique<Font>(kDefaultFontPath, 24.0f);
        const std::array<std::uint8_t, 16> checker{255, 0, 0,   255, 0,   255, 0, 255,
                                                   0,   0, 255, 255, 255, 255, 0, 128};
        texture = std::make_unique<Texture>(2, 2, checker.data(), false);
        renderer = std::make_unique<Renderer2D>();
    }
    void TearDown() override {
        renderer.reset();
        texture.reset();
        font.reset();
        canvas.reset();
    }

    // A bit of everything: quads solid and textured, an outline, a disc, a ring, a line, text,
    // and more dots than one buffer holds, in colours that change.
    void scene(Renderer2D& r) const {
        r.quad({40, 40}, {30, 20}, 15.0f, {1, 0.5f, 0, 1});
        r.quad({100, 40}, {24, 24}, -30.0f, {1, 1, 1, 0.8f}, texture.get());
        r.rect_outline({80, 80}, {40, 30}, 0.0f, {0, 1, 1, 1}, 2.0f);
        r.circle({30, 90}, 14.0f, {0.2f, 0.9f, 0.3f, 1});
        r.circle({130, 90}, 12.0f, {0.9f, 0.2f, 0.6f, 0.7f}, false, 3.0f);
        r.line({5, 5}, {155, 115}, {1, 1, 0, 0.6f}, 1.5f);
        r.text(*font, "Rec", {60, 100}, 18.0f, {1, 1, 1, 1});
        std::vector<Renderer2D::Dot> dots;
        for (int i = 0; i < 70000; ++i)
            dots.push_back(
                {{static_cast<float>(i % 157) + 1.5f, static_cast<float>(i % 113) + 2.5f},
                 1 + i % 3,
                 {static_cast<float>(i % 7) / 6.0f, 0.3f, static_cast<float>(i % 5) / 4.0f, 1.0f}});
        r.dots(dots);
        r.quad({120, 20}, {20, 10}, 0.0f, {0.5f, 0.5f, 1, 1}); // after the dots
    }

    // One frame at view_projection: before(r), then body(r), then a quad on top; the pixels.
    std::vector<Rgba> frame(const glm::mat4& view_projection,
                            const std::function<void(Renderer2D&)>& before,
                            const std::function<void(Renderer2D&)>& body,
                            RenderStats* stats = nullptr) {
        Renderer2D& r = *renderer;
        canvas->clear();
        r.begin(canvas->size(), view_projection);
        before(r);
        body(r);
        r.quad({150, 110}, {12, 12}, 0.0f, {1, 0, 0, 1});
        r.end();
        if (stats != nullptr) *stats = r.stats();
        canvas->read();
        std::vector<Rgba> pixels;
        for (int y = 0; y < canvas->size().y; ++y)
            for (int x = 0; x < canvas->size().x; ++x)
                pixels.push_back(canvas->pixel(x, y));
        return pixels;
    }

    std::optional<Canvas> canvas;
    std::unique_ptr<Font> font;
    std::unique_ptr<Texture> texture;
    std::unique_ptr<Renderer2D> renderer; // one for every frame, as a viewport has
};

// A white quad, so the recording starts inside a batch the frame had open.
void white_quad_before(Renderer2D& r) {
    r.quad({10, 60}, {8, 8}, 0.0f, {1, 1, 1, 1});
}

TEST_F(RenderRecordingTest, ReplayingDrawsWhatTheRecordedCallsDrew) {
    const glm::mat4 view = canvas->projection();
    RenderStats direct_stats;
    const std::vector<Rgba> direct = frame(
        view, white_quad_before, [&](Renderer2D& x) { scene(x); }, &direct_stats);
    ASSERT_GT(direct_stats.points, Renderer2D::kMaxVertices) << "the dots span two buffers";

    RenderRecording recording;
    RenderStats recorded_stats;
    const std::vector<Rgba> recorded = frame(
        view, white_quad_before,
        [&](Renderer2D& x) {
            x.start_recording(recording);
            scene(x);
            x.stop_recording();
        },
        &recorded_stats);
    EXPECT_EQ(recorded, direct) << "recording changes nothing drawn";
    EXPECT_GT(recording.vertices(), 70000u);

    RenderStats replayed_stats;
    const std::vector<Rgba> replayed = frame(
        view, white_quad_before, [&](Renderer2D& x) { x.replay(recording); }, &replayed_stats);
    EXPECT_EQ(replayed, direct);
    EXPECT_EQ(replayed_stats.quads, direct_stats.quads);
    EXPECT_EQ(replayed_stats.points, direct_stats.points);
    EXPECT_EQ(replayed_stats.triangles, direct_stats.triangles);
}

TEST_F(RenderRecordingTest, AReplayAfterOtherGeometryAndUnderAnotherViewMatchesTheCalls) {
    RenderRecording recording;
    frame(canvas->projection(), white_quad_before, [&](Renderer2D& x) {
        x.start_recording(recording);
        scene(x);
        x.stop_recording();
    });
    // 30,000 dots first: the buffers now split the recording elsewhere; and the view moves.
    const auto many_dots = [](Renderer2D& x) {
        for (int i = 0; i < 30000; ++i)
            x.dot({static_cast<float>(i % 50) + 100.5f, static_cast<float>(i % 40) + 0.5f}, 2,
                  {0, 0, 1, 1});
    };
    const glm::mat4 moved = glm::translate(canvas->projection(), glm::vec3(-17.0f, 9.0f, 0.0f));
    const std::vector<Rgba> direct = frame(moved, many_dots, [&](Renderer2D& x) { scene(x); });
    const std::vector<Rgba> replayed =
        frame(moved, many_dots, [&](Renderer2D& x) { x.replay(recording); });
    EXPECT_EQ(replayed, direct);
}

TEST_F(RenderRecordingTest, AnEmptyRecordingReplaysNothing) {
    RenderRecording recording;
    const auto nothing = [](Renderer2D&) {};
    const std::vector<Rgba> plain = frame(canvas->projection(), white_quad_before, nothing);
    frame(canvas->projection(), white_quad_before, [&](Renderer2D& x) {
        x.start_recording(recording);
        x.stop_recording();
    });
    EXPECT_EQ(recording.vertices(), 0u);
    RenderStats stats;
    EXPECT_EQ(frame(
                  canvas->projection(), white_quad_before,
                  [&](Renderer2D& x) { x.replay(recording); }, &stats),
              plain);
    EXPECT_EQ(stats.quads, 2u);
    EXPECT_EQ(stats.points, 0u);
}

} // namespace
} // namespace diorama::render::test
