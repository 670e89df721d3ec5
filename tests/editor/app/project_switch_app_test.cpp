// Switching projects through File > Open Project end to end, with textures on screen: the editor
// opens a copy of the platformer sample (its sprites drawn in the prefab palette and as the Assets
// tab's thumbnails), opens a copy of bounce through the dialog, then the platformer again. Each
// switch must show the new project whole (its objects in the hierarchy and none of the old one's,
// its scene in the viewport), go on drawing, and report no error, not even one of the GL driver.
// The frame of the switch still draws the old project's textures, so they must live to its end;
// deleted early, they would be missing from that frame only (the UI is redrawn whole the next),
// which no screenshot step can catch, but Mesa reports the draw of a deleted texture.

#include "editor_run.h"
#include "window_image.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::Image;
using diorama::test::load_png;

// Hierarchy rows near the top of each sample's level1 (on screen without scrolling).
constexpr const char* kPlatformerCamera = "da4d58859678bbda";
constexpr const char* kMoon = "0b5dadb43684e4bc";
constexpr const char* kBounceCamera = "4de5af8c4d50966f";
constexpr const char* kPaddle = "d6ef0dbd468d12b8";
constexpr const char* kBall = "457572ac130b82a5";

// The colours of bounce's six rows of bricks, as the viewport draws them.
constexpr std::array<std::array<unsigned char, 3>, 6> kBrickRows = {{{230, 77, 64},
                                                                     {242, 140, 51},
                                                                     {242, 217, 77},
                                                                     {77, 204, 102},
                                                                     {77, 179, 230},
                                                                     {140, 115, 230}}};

// The steps that open FOLDER through File > Open Project (its path field proposes the open one).
std::string open_project(const fs::path& folder) {
    return "menu \"File/Open Project\"\nclick \"OpenProject/path\"\nkey ctrl+a\ntype \"" +
           folder.string() + "\"\nclick \"OpenProject/Open\"\n";
}

// The steps that check a hierarchy row is on screen.
std::string row(const char* guid) {
    return std::string("hover \"Hierarchy/") + guid + "\"\n";
}

// The steps that show the sprites folder in the Assets tab, as thumbnails.
std::string show_sprites() {
    return "click \"Bottom/Assets\"\nclick \"Assets/folder/sprites\"\n"
           "hover \"Assets/sprites/bat.png\"\n";
}

// The steps that take a screenshot with the mouse away from the panels' widgets.
std::string screenshot(const fs::path& file) {
    return "mouse_move_screen 5 880\nwait 2\nscreenshot " + file.string() + "\n";
}

// The lines of a run's stderr that are not "info: " lines of the log.
std::string not_info(const std::string& err) {
    std::istringstream lines(err);
    std::string line;
    std::string rest;
    while (std::getline(lines, line))
        if (!line.starts_with("info: ")) rest += line + "\n";
    return rest;
}

// The most common colour of an image's opaque pixels.
std::array<int, 3> main_colour(const Image& image) {
    std::map<std::array<int, 3>, std::size_t> counts;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            if (image.rgba.get()[(static_cast<std::size_t>(y) * image.width + x) * 4 + 3] == 255)
                ++counts[image.pixel(x, y)];
    return std::max_element(counts.begin(), counts.end(),
                            [](const auto& a, const auto& b) { return a.second < b.second; })
        ->first;
}

// How many pixels of a colour an image holds.
std::size_t count(const Image& image, const std::array<int, 3>& colour) {
    return image
        .patch(static_cast<unsigned char>(colour[0]), static_cast<unsigned char>(colour[1]),
               static_cast<unsigned char>(colour[2]))
        .count;
}

// The pixels two images of one size differ in: how many, and the box around them.
std::string differences(const Image& a, const Image& b) {
    std::size_t n = 0;
    int x0 = a.width;
    int y0 = a.height;
    int x1 = -1;
    int y1 = -1;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            if (a.pixel(x, y) == b.pixel(x, y)) continue;
            ++n;
            x0 = std::min(x0, x);
            y0 = std::min(y0, y);
            x1 = std::max(x1, x);
            y1 = std::max(y1, y);
        }
    if (n == 0) return "";
    return std::to_string(n) + " pixels differ, in columns " + std::to_string(x0) + ".." +
           std::to_string(x1) + ", rows " + std::to_string(y0) + ".." + std::to_string(y1);
}

// A copy of the platformer sample, and one of bounce beside it.
class ProjectSwitchApp : public diorama::test::SampleCopyApp {
protected:
    ProjectSwitchApp() : SampleCopyApp("platformer") {
        // Mesa prints the GL errors of the editor's calls (such as drawing a texture deleted
        // earlier in the frame: "glBindTexture(non-gen name)") to stderr.
        m_env = {"MESA_DEBUG=1"};
    }

    void SetUp() override {
        SampleCopyApp::SetUp();
        if (HasFatalFailure()) return;
        fs::copy(fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce", bounce(),
                 fs::copy_options::recursive);
        fs::remove_all(bounce() / "game");
    }

    [[nodiscard]] fs::path bounce() const { return m_dir.path() / "bounce"; }
    [[nodiscard]] fs::path shot(const std::string& name) const { return m_dir.path() / name; }
};

TEST_F(ProjectSwitchApp, OpeningAnotherProjectShowsItWholeAndOpeningTheFirstAgainShowsItAsBefore) {
    const fs::path first = shot("platformer.png");
    const fs::path switched = shot("bounce.png");
    const fs::path again = shot("platformer_again.png");
    const ChildResult r =
        editor(show_sprites() + screenshot(first) + open_project(bounce()) + "expect_objects 65\n" +
               row(kBounceCamera) + row(kPaddle) + row(kBall) + screenshot(switched) +
               open_project(project()) + "expect_objects 43\n" + row(kPlatformerCamera) +
               row(kMoon) + show_sprites() + screenshot(again) + "quit\n");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(not_info(r.err), "") << describe(r);
    // The console says which project opened, in the order of the switches.
    const std::size_t opened = r.err.find("info: opened PLATFORMER: scenes/level1.scene.json");
    const std::size_t to_bounce = r.err.find("info: opened BOUNCE: scenes/level1.scene.json");
    const std::size_t back = r.err.rfind("info: opened PLATFORMER: scenes/level1.scene.json");
    ASSERT_NE(to_bounce, std::string::npos) << r.err;
    EXPECT_LT(opened, to_bounce) << r.err;
    EXPECT_GT(back, to_bounce) << r.err;

    const Image before = load_png(first);
    const Image after = load_png(switched);
    const Image last = load_png(again);
    ASSERT_NE(before.rgba, nullptr) << "no screenshot at " << first;
    ASSERT_NE(after.rgba, nullptr) << "no screenshot at " << switched;
    ASSERT_NE(last.rgba, nullptr) << "no screenshot at " << again;
    ASSERT_EQ(before.width, 1600);
    ASSERT_EQ(before.height, 900);

    // The platformer's sprites are on screen (the player's, in the palette and the Assets tab),
    // and gone with its project; bounce's rows of bricks fill the viewport in their place.
    const Image player = load_png(project() / "sprites/player.png");
    ASSERT_NE(player.rgba, nullptr);
    const std::array<int, 3> sprite = main_colour(player);
    EXPECT_GT(count(before, sprite), 500u);
    EXPECT_EQ(count(after, sprite), 0u);
    for (const auto& [red, green, blue] : kBrickRows) {
        // Eleven bricks a row; the hierarchy's swatches of their colours are far smaller.
        EXPECT_EQ(before.patch(red, green, blue).count, 0u)
            << +red << " " << +green << " " << +blue;
        EXPECT_GT(after.patch(red, green, blue).count, 5000u)
            << +red << " " << +green << " " << +blue;
    }
    // Back on the platformer, the window is what it was the first time, pixel for pixel.
    EXPECT_EQ(differences(before, last), "");
}

TEST_F(ProjectSwitchApp, TheHierarchyKeepsNoRowOfTheProjectLeftBehind) {
    // A row that is not on screen fails its hover (after 120 frames), naming the rows that are.
    const ChildResult away =
        editor(open_project(bounce()) + row(kBounceCamera) + row(kPlatformerCamera));
    EXPECT_NE(away.exit_code, 0) << describe(away);
    EXPECT_NE(away.err.find("hover: no widget \"Hierarchy/" + std::string(kPlatformerCamera) +
                            "\" on screen"),
              std::string::npos)
        << describe(away);
    EXPECT_NE(away.err.find("Hierarchy/" + std::string(kBall)), std::string::npos)
        << describe(away);

    const ChildResult back = editor(open_project(bounce()) + row(kBall) + open_project(project()) +
                                    row(kPlatformerCamera) + row(kBall));
    EXPECT_NE(back.exit_code, 0) << describe(back);
    EXPECT_NE(back.err.find("hover: no widget \"Hierarchy/" + std::string(kBall) + "\" on screen"),
              std::string::npos)
        << describe(back);
    EXPECT_NE(back.err.find("Hierarchy/" + std::string(kMoon)), std::string::npos)
        << describe(back);
}

} // namespace
