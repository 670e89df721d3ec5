// diorama-editor's viewport as the user sees it: the rendered scene reaches the window upright,
// in the viewport panel, with the game camera's background around it (read back from the
// editor's own screenshot of the window).

#include "child_process.h"
#include "editor_run.h"
#include "temp_dir.h"
#include "window_image.h"

#include <gtest/gtest.h>

#include <glm/vec2.hpp>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::ColourPatch;
using diorama::test::describe;
using diorama::test::Image;
using diorama::test::load_png;

// A scene with a pure green camera background, a red rectangle above a blue one (world y up).
constexpr const char* kScene = R"({
  "format": "diorama.scene",
  "version": 1,
  "name": "pixels",
  "layers": ["world"],
  "objects": [
    { "guid": "00000000000000a1", "layer": "world", "name": "Camera",
      "components": { "Transform2D": { "position": [0.0, 0.0] },
                      "Camera2D": { "background": [0.0, 1.0, 0.0, 1.0] } } },
    { "guid": "00000000000000a2", "layer": "world", "name": "Top",
      "components": { "Transform2D": { "position": [0.0, 60.0] },
                      "Shape": { "size": [200.0, 100.0], "color": [1.0, 0.0, 0.0, 1.0] } } },
    { "guid": "00000000000000a3", "layer": "world", "name": "Bottom",
      "components": { "Transform2D": { "position": [0.0, -60.0] },
                      "Shape": { "size": [200.0, 100.0], "color": [0.0, 0.0, 1.0, 1.0] } } }
  ]
})";

// A box of pixels: columns [x0, x1), rows [y0, y1).
struct Box {
    int x0 = 0;
    int y0 = 0;
    int x1 = 0;
    int y1 = 0;
};

// The rows and columns the camera's green background spans: the viewport.
Box background_box(const Image& image) {
    Box box{image.width, image.height, 0, 0};
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            const unsigned char* px =
                image.rgba.get() + (static_cast<std::size_t>(y) * image.width + x) * 4;
            if (px[0] != 0 || px[1] != 255 || px[2] != 0) continue;
            box.x0 = std::min(box.x0, x);
            box.y0 = std::min(box.y0, y);
            box.x1 = std::max(box.x1, x + 1);
            box.y1 = std::max(box.y1, y + 1);
        }
    return box;
}

class ViewportPixelsApp : public diorama::test::SampleCopyApp {
protected:
    ViewportPixelsApp() : SampleCopyApp("bounce") {}

    [[nodiscard]] fs::path shot() const { return m_dir.path() / "shot.png"; }
};

TEST_F(ViewportPixelsApp, TheSceneIsShownUprightInTheViewportOverTheCameraBackground) {
    m_dir.write("bounce/scenes/pixels.scene.json", kScene);
    // Panning draws the viewport anew in later frames; the last one is the screenshot's.
    const ChildResult r = editor(R"(
wait 3
drag_screen 800 450 820 460 middle
wait 2
)",
                                 {"--scene", "pixels", "--screenshot", shot().string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const Image image = load_png(shot());
    ASSERT_NE(image.rgba, nullptr) << "no screenshot at " << shot();
    ASSERT_EQ(image.width, 1600);
    ASSERT_EQ(image.height, 900);

    const ColourPatch background = image.patch(0, 255, 0);
    const ColourPatch top = image.patch(255, 0, 0);
    const ColourPatch bottom = image.patch(0, 0, 255);
    // The viewport is a large part of the window, and mostly the camera's background.
    EXPECT_GT(background.count, 1600u * 900u / 10u);
    // Both rectangles are drawn the same size, the red one above the blue one (PNG rows go down).
    ASSERT_GT(top.count, 500u);
    ASSERT_GT(bottom.count, 500u);
    EXPECT_NEAR(static_cast<double>(top.count) / static_cast<double>(bottom.count), 1.0, 0.05);
    EXPECT_LT(top.row, bottom.row);
    EXPECT_NEAR(top.column, bottom.column, 2.0);
    // The rectangles sit inside the background around them, not elsewhere in the window.
    EXPECT_NEAR((top.row + bottom.row) / 2.0, background.row, 0.25 * image.height);
    EXPECT_NEAR(top.column, background.column, 0.25 * image.width);
}

// The same scene with a magenta square far to the right, out of view.
std::string scene_with_far_square() {
    std::string scene = kScene;
    const std::string far = R"(,
    { "guid": "00000000000000a4", "layer": "world", "name": "Far",
      "components": { "Transform2D": { "position": [5000.0, 0.0] },
                      "Shape": { "size": [100.0, 100.0], "color": [1.0, 0.0, 1.0, 1.0] } } }
  ])";
    scene.replace(scene.rfind("\n  ]"), 4, far);
    return scene;
}

TEST_F(ViewportPixelsApp, EditsShowAtOnceWhileTheViewportKeepsTheUnchangedWorld) {
    m_dir.write("bounce/scenes/pixels.scene.json", scene_with_far_square());
    const fs::path far = m_dir.path() / "far.png";
    const fs::path moved = m_dir.path() / "moved.png";
    const fs::path recoloured = m_dir.path() / "recoloured.png";
    // Zoomed in on the rectangles, the square out of view. Idle frames replay the kept world;
    // each edit (through the inspector's command, the mouse away from the viewport, so no pick
    // brings the spatial index up to date) must show in the next frames: the square moved into
    // view, then its new colour.
    // The selection is dropped (a click on empty space) before each screenshot, so that no
    // selection outline covers the square.
    const std::string deselect = "click_screen 1150 620\nmouse_move_screen 5 5\nwait 3\n";
    const ChildResult r =
        editor("wait 3\nmouse_move_world 0 0\nwheel 3\n" + deselect + "screenshot " + far.string() +
                   "\nselect_guid 00000000000000a4\nset_field Transform2D.position 250 0\n" +
                   deselect + "screenshot " + moved.string() +
                   "\nselect_guid 00000000000000a4\nset_field Shape.color 1 1 0 1\n" + deselect +
                   "screenshot " + recoloured.string() + "\n",
               {"--scene", "pixels"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const Image before = load_png(far);
    const Image after = load_png(moved);
    const Image last = load_png(recoloured);
    ASSERT_NE(before.rgba, nullptr);
    ASSERT_NE(after.rgba, nullptr);
    ASSERT_NE(last.rgba, nullptr);
    // Counted in the viewport only (the hierarchy shows a swatch of each shape's colour).
    const Box viewport = background_box(before);
    ASSERT_GT(viewport.x1 - viewport.x0, 400) << "the viewport's background";
    const auto in_view = [&](const Image& image, unsigned char red, unsigned char green,
                             unsigned char blue) {
        return image.patch(red, green, blue, viewport.x0, viewport.y0, viewport.x1, viewport.y1)
            .count;
    };
    EXPECT_EQ(in_view(before, 255, 0, 255), 0u) << "out of view";
    EXPECT_GT(in_view(after, 255, 0, 255), 300u) << "moved into view";
    EXPECT_EQ(in_view(last, 255, 0, 255), 0u) << "recoloured";
    EXPECT_GT(in_view(last, 255, 255, 0), 300u) << "recoloured";
}

// Pans within the margin drawn around the view show part of the image already drawn
// (ViewportFrame); a pan past it draws a fresh one. Either way the scene moves by exactly the
// pan, whole and upright.
TEST_F(ViewportPixelsApp, PansWithinAndPastTheDrawnMarginMoveTheSceneByExactlyThePan) {
    m_dir.write("bounce/scenes/pixels.scene.json", kScene);
    const fs::path start = m_dir.path() / "start.png";
    const fs::path within = m_dir.path() / "within.png";
    const fs::path past = m_dir.path() / "past.png";
    const ChildResult run =
        editor("wait 3\nmouse_move_screen 5 5\nwait 2\nscreenshot " + start.string() +
                   "\ndrag_screen 800 450 830 470 middle\nmouse_move_screen 5 "
                   "5\nwait 2\nscreenshot " +
                   within.string() +
                   "\ndrag_screen 800 450 1070 430 middle\nmouse_move_screen 5 "
                   "5\nwait 2\nscreenshot " +
                   past.string() + "\n",
               {"--scene", "pixels"});
    ASSERT_EQ(run.exit_code, 0) << describe(run);
    const Image images[] = {load_png(start), load_png(within), load_png(past)};
    for (const Image& image : images)
        ASSERT_NE(image.rgba, nullptr);
    // Where each rectangle is in each screenshot's viewport (the hierarchy shows swatches of
    // the shapes' colours): the same size, moved by the pan so far.
    const Box viewport = background_box(images[0]);
    ASSERT_GT(viewport.x1 - viewport.x0, 400) << "the viewport's background";
    const glm::dvec2 moved[] = {{0.0, 0.0}, {30.0, 20.0}, {300.0, 0.0}};
    for (const auto& [r, g, b] : {std::tuple(255, 0, 0), std::tuple(0, 0, 255)}) {
        const auto patch = [&](const Image& image) {
            return image.patch(static_cast<unsigned char>(r), static_cast<unsigned char>(g),
                               static_cast<unsigned char>(b), viewport.x0, viewport.y0, viewport.x1,
                               viewport.y1);
        };
        const ColourPatch first = patch(images[0]);
        ASSERT_GT(first.count, 500u);
        for (int i = 1; i < 3; ++i) {
            const ColourPatch p = patch(images[i]);
            EXPECT_EQ(p.count, first.count) << "screenshot " << i << ", colour " << r << g << b;
            EXPECT_DOUBLE_EQ(p.column - first.column, moved[i].x) << "screenshot " << i;
            EXPECT_DOUBLE_EQ(p.row - first.row, moved[i].y) << "screenshot " << i;
        }
    }
}

// The selection's boxes are drawn into the viewport's image with the world: a selection shows
// at once around its object, moves with a pan within the drawn margin, follows a new selection.
TEST_F(ViewportPixelsApp, TheSelectionsBoxIsInTheImageAroundItsObject) {
    m_dir.write("bounce/scenes/pixels.scene.json", kScene);
    const fs::path shots[] = {m_dir.path() / "none.png", m_dir.path() / "top.png",
                              m_dir.path() / "panned.png", m_dir.path() / "bottom.png"};
    const ChildResult run = editor(
        "wait 3\nmouse_move_screen 5 5\nwait 2\nscreenshot " + shots[0].string() +
            "\nselect_guid 00000000000000a2\nwait 2\nscreenshot " + shots[1].string() +
            "\ndrag_screen 800 450 830 470 middle\nmouse_move_screen 5 5\nwait 2\nscreenshot " +
            shots[2].string() + "\nselect_guid 00000000000000a3\nwait 2\nscreenshot " +
            shots[3].string() + "\n",
        {"--scene", "pixels"});
    ASSERT_EQ(run.exit_code, 0) << describe(run);
    std::vector<Image> images;
    for (const fs::path& shot : shots) {
        images.push_back(load_png(shot));
        ASSERT_NE(images.back().rgba, nullptr) << shot;
    }
    const Box viewport = background_box(images[0]);
    ASSERT_GT(viewport.x1 - viewport.x0, 400) << "the viewport's background";
    // The outline is the theme's accent (editor/ui/theme.h), opaque.
    const auto in_view = [&](const Image& image, unsigned char r, unsigned char g,
                             unsigned char b) {
        return image.patch(r, g, b, viewport.x0, viewport.y0, viewport.x1, viewport.y1);
    };
    const auto outline = [&](const Image& image) { return in_view(image, 61, 152, 224); };
    EXPECT_EQ(outline(images[0]).count, 0u) << "nothing selected";
    const ColourPatch top = outline(images[1]);
    // Where the rectangles are before any tint of a selection covers them.
    const ColourPatch red = in_view(images[0], 255, 0, 0);
    const ColourPatch blue = in_view(images[0], 0, 0, 255);
    ASSERT_GT(top.count, 400u) << "the box around the red rectangle";
    EXPECT_NEAR(top.row, red.row, 0.5);
    EXPECT_NEAR(top.column, red.column, 0.5);
    const ColourPatch panned = outline(images[2]);
    EXPECT_EQ(panned.count, top.count);
    EXPECT_DOUBLE_EQ(panned.row - top.row, 20.0);
    EXPECT_DOUBLE_EQ(panned.column - top.column, 30.0);
    const ColourPatch bottom = outline(images[3]);
    EXPECT_EQ(bottom.count, top.count);
    EXPECT_NEAR(bottom.row, blue.row + 20.0, 0.5) << "after the pan";
    EXPECT_NEAR(bottom.column, blue.column + 30.0, 0.5);
}

// The run succeeded over at least `least` frames after its `reset_timing`, and the timing
// report's `counted` frames are all of them.
void expect_every_frame(const ChildResult& run, const fs::path& timing, const std::string& counted,
                        double least) {
    ASSERT_EQ(run.exit_code, 0) << describe(run);
    const auto report = diorama::test::timing_report(timing);
    ASSERT_TRUE(report.count("frames") && report.count(counted)) << describe(run);
    EXPECT_GE(report.at("frames"), least);
    const auto text = diorama::read_file(timing, 1u << 20);
    EXPECT_EQ(report.at(counted), report.at("frames"))
        << "timing report:\n"
        << (text ? *text : std::string()) << describe(run);
}

// A pan within the margin drawn around the view draws nothing new: every frame of the drag
// shows part of the image already drawn (ViewportFrame), which the renderer keeps.
TEST_F(ViewportPixelsApp, APanWithinTheDrawnMarginDrawsNoFrameAnew) {
    m_dir.write("bounce/scenes/pixels.scene.json", kScene);
    const fs::path timing = m_dir.path() / "timing.txt";
    const ChildResult run =
        editor("wait 3\nmouse_move_screen 5 5\nwait 2\nreset_timing\n"
               "drag_screen 800 450 840 470 middle\ndrag_screen 840 470 790 440 middle\n",
               {"--scene", "pixels", "--timing", timing.string()});
    expect_every_frame(run, timing, "viewport_kept_frames", 6.0);
}

// A window where nothing changes redraws none of its UI: each frame shows the kept image
// (KeptUiImage).
TEST_F(ViewportPixelsApp, AnUnchangingWindowRedrawsNoneOfItsUi) {
    m_dir.write("bounce/scenes/pixels.scene.json", kScene);
    const fs::path timing = m_dir.path() / "timing.txt";
    const ChildResult run = editor("wait 3\nmouse_move_screen 5 5\nwait 2\nreset_timing\nwait 10\n",
                                   {"--scene", "pixels", "--timing", timing.string()});
    expect_every_frame(run, timing, "ui_kept_frames", 10.0);
    const auto report = diorama::test::timing_report(timing);
    ASSERT_TRUE(report.count("ui_redrawn_max")) << describe(run);
    EXPECT_EQ(report.at("ui_redrawn_max"), 0.0);
}

} // namespace
