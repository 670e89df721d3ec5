// ViewportCamera: screen <-> world mapping (y down on screen, y up in the world), zoom to the
// cursor, panning, framing and the projection matrix.

#include "core/viewport_camera.h"

#include <glm/vec4.hpp>

#include <gtest/gtest.h>

namespace diorama::editor {
namespace {

void expect_near(glm::vec2 a, glm::vec2 b, float tolerance = 1e-3f) {
    EXPECT_NEAR(a.x, b.x, tolerance);
    EXPECT_NEAR(a.y, b.y, tolerance);
}

ViewportCamera camera_at(glm::vec2 center, float zoom) {
    ViewportCamera camera;
    camera.set_viewport({800.0f, 600.0f});
    camera.set_center(center);
    camera.set_zoom(zoom);
    return camera;
}

TEST(ViewportCamera, TheViewportCentreShowsTheCameraCentre) {
    const ViewportCamera camera = camera_at({100.0f, 50.0f}, 2.0f);
    expect_near(camera.to_world({400.0f, 300.0f}), {100.0f, 50.0f});
    expect_near(camera.to_screen({100.0f, 50.0f}), {400.0f, 300.0f});
}

TEST(ViewportCamera, ScreenYGrowsDownWhileWorldYGrowsUp) {
    const ViewportCamera camera = camera_at({0.0f, 0.0f}, 2.0f);
    expect_near(camera.to_world({400.0f, 200.0f}), {0.0f, 50.0f});
    expect_near(camera.to_world({600.0f, 300.0f}), {100.0f, 0.0f});
    expect_near(camera.to_world({0.0f, 0.0f}), {-200.0f, 150.0f});
}

TEST(ViewportCamera, ToWorldAndToScreenAreInverses) {
    const ViewportCamera camera = camera_at({-37.5f, 912.0f}, 0.37f);
    for (glm::vec2 p : {glm::vec2(0.0f), glm::vec2(13.0f, 590.0f), glm::vec2(799.0f, 1.0f)}) {
        expect_near(camera.to_screen(camera.to_world(p)), p);
        expect_near(camera.to_world(camera.to_screen(p)), p, 1e-2f);
    }
}

TEST(ViewportCamera, ZoomAtKeepsTheWorldPointUnderTheCursor) {
    ViewportCamera camera = camera_at({10.0f, 20.0f}, 1.0f);
    const glm::vec2 cursor(123.0f, 456.0f);
    const glm::vec2 before = camera.to_world(cursor);
    camera.zoom_at(cursor, 1.15f);
    EXPECT_FLOAT_EQ(camera.zoom(), 1.15f);
    expect_near(camera.to_world(cursor), before);
    camera.zoom_at(cursor, 0.25f);
    expect_near(camera.to_world(cursor), before);
}

TEST(ViewportCamera, ZoomIsClampedAndBadValuesAreIgnored) {
    ViewportCamera camera;
    camera.set_zoom(1000.0f);
    EXPECT_EQ(camera.zoom(), ViewportCamera::kMaxZoom);
    camera.set_zoom(1e-6f);
    EXPECT_EQ(camera.zoom(), ViewportCamera::kMinZoom);
    camera.set_zoom(2.0f);
    camera.set_zoom(0.0f);
    camera.set_zoom(-1.0f);
    camera.set_zoom(std::numeric_limits<float>::quiet_NaN());
    EXPECT_EQ(camera.zoom(), 2.0f);
}

TEST(ViewportCamera, PanningMovesTheWorldWithTheMouse) {
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 4.0f);
    const glm::vec2 grabbed = camera.to_world({300.0f, 200.0f});
    camera.pan_pixels({40.0f, -20.0f});
    expect_near(camera.to_world({340.0f, 180.0f}), grabbed);
}

TEST(ViewportCamera, FrameFitsTheRectangleWithAMargin) {
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 1.0f);
    const Rect r{{100.0f, 100.0f}, {300.0f, 150.0f}};
    camera.frame(r);
    expect_near(camera.center(), {200.0f, 125.0f});
    // The width is the tighter fit: 800 px * 0.8 / 200 units.
    EXPECT_FLOAT_EQ(camera.zoom(), 3.2f);
    const glm::vec2 lo = camera.to_screen(r.min);
    const glm::vec2 hi = camera.to_screen(r.max);
    EXPECT_NEAR(lo.x, 80.0f, 1e-3f);
    EXPECT_NEAR(hi.x, 720.0f, 1e-3f);
    EXPECT_GT(lo.y, 0.0f);
    EXPECT_LT(lo.y, 600.0f);
    EXPECT_GT(hi.y, 0.0f);
}

TEST(ViewportCamera, FramingAPointOnlyCentresIt) {
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 1.5f);
    camera.frame(Rect{{5.0f, 6.0f}, {5.0f, 6.0f}});
    expect_near(camera.center(), {5.0f, 6.0f});
    EXPECT_EQ(camera.zoom(), 1.5f);
}

TEST(ViewportCamera, FitZoomsInNoFurtherThanOneHundredPercent) {
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 4.0f);
    camera.fit(Rect{{100.0f, 100.0f}, {300.0f, 150.0f}}); // frame() would zoom to 320%
    expect_near(camera.center(), {200.0f, 125.0f});
    EXPECT_EQ(camera.zoom(), ViewportCamera::kFitMaxZoom);
    camera.fit(Rect{{0.0f, 0.0f}, {8000.0f, 100.0f}});
    EXPECT_FLOAT_EQ(camera.zoom(), 800.0f * 0.8f / 8000.0f) << "a large scene zooms out";
}

TEST(ViewportCamera, AFitFollowsTheViewportSizeUntilTheViewIsMovedOrZoomed) {
    ViewportCamera camera = camera_at({0.0f, 0.0f}, 1.0f);
    const Rect r{{0.0f, 0.0f}, {4000.0f, 1000.0f}};
    camera.fit(r);
    EXPECT_TRUE(camera.fitting());
    camera.set_viewport({400.0f, 300.0f}); // the window's first layout
    EXPECT_FLOAT_EQ(camera.zoom(), 400.0f * 0.8f / 4000.0f);
    EXPECT_TRUE(camera.visible().contains(r.min));
    EXPECT_TRUE(camera.visible().contains(r.max));
    camera.pan_pixels({10.0f, 0.0f});
    EXPECT_FALSE(camera.fitting());
    const float zoom = camera.zoom();
    camera.set_viewport({800.0f, 600.0f});
    EXPECT_EQ(camera.zoom(), zoom) << "a moved view stays as the user left it";

    camera.fit(r);
    camera.zoom_at({0.0f, 0.0f}, 2.0f);
    EXPECT_FALSE(camera.fitting());
    camera.fit(r);
    camera.frame(r);
    EXPECT_FALSE(camera.fitting()) << "framing the selection (F) is not a fit";
}

TEST(ViewportCamera, VisibleIsTheViewportInWorldUnits) {
    const ViewportCamera camera = camera_at({100.0f, 100.0f}, 2.0f);
    const Rect v = camera.visible();
    expect_near(v.min, {-100.0f, -50.0f});
    expect_near(v.max, {300.0f, 250.0f});
}

TEST(ViewportCamera, ViewProjectionMapsTheVisibleRectToClipSpace) {
    const ViewportCamera camera = camera_at({30.0f, -40.0f}, 0.8f);
    const glm::mat4 m = camera.view_projection();
    const Rect v = camera.visible();
    const glm::vec4 lo = m * glm::vec4(v.min, 0.0f, 1.0f);
    const glm::vec4 hi = m * glm::vec4(v.max, 0.0f, 1.0f);
    EXPECT_NEAR(lo.x, -1.0f, 1e-5f);
    EXPECT_NEAR(lo.y, -1.0f, 1e-5f);
    EXPECT_NEAR(hi.x, 1.0f, 1e-5f);
    EXPECT_NEAR(hi.y, 1.0f, 1e-5f);
    // Agrees with to_screen: clip y up is screen y down.
    const glm::vec2 world(71.0f, 12.0f);
    const glm::vec4 clip = m * glm::vec4(world, 0.0f, 1.0f);
    const glm::vec2 screen = camera.to_screen(world);
    EXPECT_NEAR((clip.x + 1.0f) * 0.5f * 800.0f, screen.x, 1e-2f);
    EXPECT_NEAR((1.0f - clip.y) * 0.5f * 600.0f, screen.y, 1e-2f);
}

} // namespace
} // namespace diorama::editor
