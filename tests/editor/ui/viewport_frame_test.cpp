// ViewportFrame (editor/ui/viewport_frame.h): the area the viewport draws, kept while the view
// pans within it by whole pixels, and the part of it the view shows.

#include "core/viewport_camera.h"
#include "ui/viewport_frame.h"

#include <gtest/gtest.h>

#include <glm/vec2.hpp>

namespace {

using diorama::Rect;
using namespace diorama::editor;

// Where a world point lands on screen (pixels from the view's top-left, y down) when the view's
// part of the placement's image is shown.
glm::dvec2 shown_at(const FramePlacement& frame, glm::vec2 world) {
    const glm::dvec2 size(frame.size_px);
    const glm::dvec2 image = (glm::dvec2(world) - glm::dvec2(frame.area.min)) * size /
                             glm::dvec2(frame.area.size()); // from the bottom-left
    const glm::dvec2 left_top = glm::dvec2(frame.uv_top_left) * size;
    return {image.x - left_top.x, left_top.y - image.y};
}

// Every sample point of the view is shown where the camera puts it, to a hundredth of a pixel,
// and the part shown is the viewport's size.
void expect_shows_camera(const FramePlacement& frame, const ViewportCamera& camera) {
    const glm::dvec2 shown =
        glm::abs(glm::dvec2(frame.uv_bottom_right) - glm::dvec2(frame.uv_top_left)) *
        glm::dvec2(frame.size_px);
    EXPECT_NEAR(shown.x, camera.viewport().x, 0.01);
    EXPECT_NEAR(shown.y, camera.viewport().y, 0.01);
    const Rect view = camera.visible();
    for (const glm::vec2 f : {glm::vec2(0.0f), glm::vec2(1.0f), glm::vec2(0.3f, 0.8f)}) {
        const glm::vec2 world = view.min + view.size() * f;
        const glm::dvec2 expected(camera.to_screen(world));
        const glm::dvec2 got = shown_at(frame, world);
        EXPECT_NEAR(got.x, expected.x, 0.01) << "at " << f.x << "," << f.y;
        EXPECT_NEAR(got.y, expected.y, 0.01) << "at " << f.x << "," << f.y;
    }
}

ViewportCamera camera_at(glm::vec2 center, float zoom) {
    ViewportCamera camera;
    camera.set_viewport({1600.0f, 900.0f});
    camera.set_center(center);
    camera.set_zoom(zoom);
    return camera;
}

const glm::ivec2 kSize{1600, 900};

// A frame with the view where it was in the frame before (a frame at rest): the area placed then
// shows it.
FramePlacement rest(ViewportFrame& frame, const ViewportCamera& camera, glm::ivec2 size) {
    return frame.place(camera.visible(), size, true);
}

TEST(ViewportFrame, WithoutAMarginTheViewAloneIsDrawnAndShownWhole) {
    ViewportFrame frame;
    const ViewportCamera camera = camera_at({10.0f, 20.0f}, 2.0f);
    const FramePlacement placed = frame.place(camera.visible(), kSize, false);
    EXPECT_EQ(placed.area.min, camera.visible().min);
    EXPECT_EQ(placed.area.max, camera.visible().max);
    EXPECT_EQ(placed.size_px, kSize);
    EXPECT_EQ(placed.uv_top_left, glm::vec2(0.0f, 1.0f));
    EXPECT_EQ(placed.uv_bottom_right, glm::vec2(1.0f, 0.0f));
    EXPECT_FALSE(placed.framed);
}

TEST(ViewportFrame, AFreshAreaReachesAQuarterOfTheViewPastEachSide) {
    ViewportFrame frame;
    const ViewportCamera camera = camera_at({10.0f, 20.0f}, 2.0f);
    const FramePlacement placed = frame.place(camera.visible(), kSize, true);
    EXPECT_TRUE(placed.framed);
    EXPECT_EQ(placed.size_px, glm::ivec2(2400, 1350));
    EXPECT_NEAR(placed.area.min.x, 10.0f - 600.0f, 1e-3);
    EXPECT_NEAR(placed.area.max.y, 20.0f + 337.5f, 1e-3);
    EXPECT_FLOAT_EQ(placed.uv_top_left.x, 400.0f / 2400.0f);
    EXPECT_FLOAT_EQ(placed.uv_top_left.y, 1125.0f / 1350.0f);
    EXPECT_FLOAT_EQ(placed.uv_bottom_right.x, 2000.0f / 2400.0f);
    EXPECT_FLOAT_EQ(placed.uv_bottom_right.y, 225.0f / 1350.0f);
    expect_shows_camera(placed, camera);
}

TEST(ViewportFrame, PansByWholePixelsWithinTheAreaKeepItAndMoveThePartShown) {
    ViewportFrame frame;
    ViewportCamera camera = camera_at({1234.5f, -678.25f}, 0.37f);
    const FramePlacement first = frame.place(camera.visible(), kSize, true);
    // A drag back and forth, as a user pans: every step stays inside the margin.
    // Where the view has gone, in pixels: (37, -12), (-113, 68), (277, 168), (-373, -222).
    for (const glm::vec2 step : {glm::vec2(37.0f, -12.0f), glm::vec2(-150.0f, 80.0f),
                                 glm::vec2(390.0f, 100.0f), glm::vec2(-650.0f, -390.0f)}) {
        camera.pan_pixels(step);
        const FramePlacement placed = frame.place(camera.visible(), kSize, true);
        EXPECT_EQ(placed.area.min, first.area.min);
        EXPECT_EQ(placed.area.max, first.area.max);
        EXPECT_EQ(placed.size_px, first.size_px);
        expect_shows_camera(placed, camera);
    }
}

TEST(ViewportFrame, LeavingTheAreaZoomingOrResizingPlacesAFreshOne) {
    ViewportFrame frame;
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 1.0f);
    const FramePlacement first = frame.place(camera.visible(), kSize, true);
    (void)rest(frame, camera, kSize);

    camera.pan_pixels({401.0f, 0.0f}); // one pixel past the margin
    const FramePlacement past = frame.place(camera.visible(), kSize, true);
    EXPECT_TRUE(past.framed);
    EXPECT_NE(past.area.min, first.area.min);
    EXPECT_FLOAT_EQ(past.uv_top_left.x, 400.0f / 2400.0f); // the view in the middle again
    expect_shows_camera(past, camera);
    (void)rest(frame, camera, kSize);

    camera.set_zoom(1.5f);
    const FramePlacement zoomed = frame.place(camera.visible(), kSize, true);
    EXPECT_TRUE(zoomed.framed);
    EXPECT_NE(zoomed.area.size(), past.area.size());
    expect_shows_camera(zoomed, camera);
    (void)rest(frame, camera, kSize);

    // A smaller viewport still lies inside the area; a larger one does not.
    camera.set_viewport({1000.0f, 700.0f});
    const FramePlacement smaller = frame.place(camera.visible(), {1000, 700}, true);
    EXPECT_EQ(smaller.size_px, zoomed.size_px);
    expect_shows_camera(smaller, camera);
    camera.set_viewport({2600.0f, 1000.0f});
    const FramePlacement larger = frame.place(camera.visible(), {2600, 1000}, true);
    EXPECT_EQ(larger.size_px, glm::ivec2(3900, 1500));
    expect_shows_camera(larger, camera);
}

TEST(ViewportFrame, APanByPartOfAPixelPlacesAFreshArea) {
    ViewportFrame frame;
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 1.0f);
    const FramePlacement first = frame.place(camera.visible(), kSize, true);
    (void)rest(frame, camera, kSize);
    camera.pan_pixels({10.5f, 0.0f}); // e.g. a drag at a fractional display scale
    const FramePlacement placed = frame.place(camera.visible(), kSize, true);
    EXPECT_TRUE(placed.framed);
    EXPECT_NE(placed.area.min.x, first.area.min.x);
    EXPECT_FLOAT_EQ(placed.uv_top_left.x, 400.0f / 2400.0f);
    expect_shows_camera(placed, camera);
}

// Frame after frame off whole pixels, every frame would draw a fresh margin: the view is drawn
// alone until it rests, then framed again.
TEST(ViewportFrame, AViewMovingOffTheKeptAreaFrameAfterFrameIsDrawnAloneUntilItRests) {
    ViewportFrame frame;
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 1.0f);
    (void)frame.place(camera.visible(), kSize, true);
    (void)rest(frame, camera, kSize);
    camera.pan_pixels({0.5f, 0.0f});
    EXPECT_TRUE(frame.place(camera.visible(), kSize, true).framed) << "the first miss";
    for (int i = 0; i < 4; ++i) {
        camera.pan_pixels({1.3f, 0.0f}); // never a whole pixel from where it was kept
        const FramePlacement moving = frame.place(camera.visible(), kSize, true);
        EXPECT_FALSE(moving.framed) << i;
        EXPECT_EQ(moving.area.min, camera.visible().min) << i;
        expect_shows_camera(moving, camera);
    }
    const FramePlacement resting = rest(frame, camera, kSize);
    EXPECT_TRUE(resting.framed);
    expect_shows_camera(resting, camera);
    const FramePlacement again = rest(frame, camera, kSize);
    EXPECT_EQ(again.area.min, resting.area.min) << "kept";
}

TEST(ViewportFrame, AnAreaLargerThanTheTargetsLimitIsNotPlaced) {
    ViewportFrame frame;
    frame.set_max_size(2000); // 1600 + 2 * 400 pixels would not fit
    const ViewportCamera camera = camera_at({0.0f, 0.0f}, 1.0f);
    const FramePlacement placed = frame.place(camera.visible(), kSize, true);
    EXPECT_FALSE(placed.framed);
    EXPECT_EQ(placed.size_px, kSize);
    expect_shows_camera(placed, camera);
}

TEST(ViewportFrame, AViewTooFarOutForWholePixelsIsDrawnAlone) {
    ViewportFrame frame;
    // 64 pixels a unit at x = 1e7, where a float steps by 1 unit: a margin of 6.25 units cannot
    // be placed, and the view would lie in the area off whole pixels.
    const Rect view{{1.0e7f, 0.0f}, {1.0e7f + 25.0f, 14.0625f}};
    const FramePlacement placed = frame.place(view, kSize, true);
    EXPECT_FALSE(placed.framed);
    EXPECT_EQ(placed.size_px, kSize);
    EXPECT_EQ(placed.area.min, view.min);
    EXPECT_EQ(placed.area.max, view.max);
    EXPECT_EQ(placed.uv_top_left, glm::vec2(0.0f, 1.0f));
}

TEST(ViewportFrame, DrawingWithoutAMarginForgetsTheKeptArea) {
    ViewportFrame frame;
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 1.0f);
    const FramePlacement first = frame.place(camera.visible(), kSize, true);
    (void)frame.place(camera.visible(), kSize, false);
    camera.pan_pixels({20.0f, 0.0f});
    const FramePlacement placed = frame.place(camera.visible(), kSize, true);
    EXPECT_NE(placed.area.min.x, first.area.min.x); // fresh, around the panned view
    EXPECT_FLOAT_EQ(placed.uv_top_left.x, 400.0f / 2400.0f);
}

} // namespace
