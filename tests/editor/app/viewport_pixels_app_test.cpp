// diorama-editor's viewport as the user sees it: the rendered scene reaches the window upright,
// in the viewport panel, with the game camera's background around it (read back from the
// editor's own screenshot of the window).

#include "child_process.h"
#include "editor_run.h"
#include "temp_dir.h"

#include <gtest/gtest.h>

#include <stb/stb_image.h>

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::describe;

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

// Pixels of one exact colour in an image: how many, and the mean of their rows and columns.
struct ColourPatch {
    std::size_t count = 0;
    double row = 0.0;
    double column = 0.0;
};

struct Image {
    int width = 0;
    int height = 0;
    std::unique_ptr<unsigned char, void (*)(void*)> rgba{nullptr, stbi_image_free};

    [[nodiscard]] ColourPatch patch(unsigned char r, unsigned char g, unsigned char b) const {
        ColourPatch p;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const unsigned char* px =
                    rgba.get() + (static_cast<std::size_t>(y) * width + x) * 4;
                if (px[0] != r || px[1] != g || px[2] != b) continue;
                ++p.count;
                p.row += y;
                p.column += x;
            }
        if (p.count > 0) {
            p.row /= static_cast<double>(p.count);
            p.column /= static_cast<double>(p.count);
        }
        return p;
    }
};

Image load_png(const fs::path& file) {
    Image image;
    int channels = 0;
    image.rgba.reset(stbi_load(file.c_str(), &image.width, &image.height, &channels, 4));
    return image;
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

} // namespace
