// diorama-editor's workspace as the user sees it: the panels in their colour with rounded
// corners, the window's colour in the gaps between them and along the window's edges, also at a
// UI scale that puts the layout between whole pixels (read back from the editor's screenshot).
// The panels paint no background (the frame is cleared to their colour); Workspace paints the
// rest.

#include "child_process.h"
#include "editor_run.h"
#include "window_image.h"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>

namespace {

using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::Image;
using diorama::test::load_png;

using Colour = std::array<int, 3>;
const Colour kWindowBg{30, 32, 36}; // editor/ui/theme.cpp: ImGuiCol_WindowBg
const Colour kPanelBg{37, 39, 44};  // ImGuiCol_ChildBg

class WorkspacePixelsApp : public diorama::test::SampleCopyApp {
protected:
    WorkspacePixelsApp() : SampleCopyApp("bounce") {}
};

TEST_F(WorkspacePixelsApp, PanelsAndTheGapsBetweenThemKeepTheirColoursAtAFractionalUiScale) {
    m_ui_scale = "1.25";
    const std::filesystem::path shot = m_dir.path() / "shot.png";
    const ChildResult r = editor("wait 3\n", {"--screenshot", shot.string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const Image image = load_png(shot);
    ASSERT_NE(image.rgba, nullptr) << "no screenshot at " << shot;

    // The padding along the window's bottom, down to its last row.
    for (int x = 0; x < image.width; ++x)
        ASSERT_EQ(image.pixel(x, image.height - 1), kWindowBg) << "column " << x;

    // Across the middle: the left padding, the gaps beside the viewport and the right padding.
    const int mid = image.height / 2;
    int runs = 0;
    for (int x = 0; x < image.width; ++x)
        if (image.pixel(x, mid) == kWindowBg && (x == 0 || image.pixel(x - 1, mid) != kWindowBg))
            ++runs;
    EXPECT_GE(runs, 4) << "the window's colour between the panels across row " << mid;
    EXPECT_EQ(image.pixel(0, mid), kWindowBg);
    EXPECT_EQ(image.pixel(image.width - 1, mid), kWindowBg);

    // The hierarchy's left edge; up along it, its top-left corner is rounded: the first pixel
    // that is not the panel's shows the window's colour or a blend of the two (without the
    // rounding the edge would run on in the panel's colour into the toolbar above it).
    int left = 0;
    while (left < image.width && image.pixel(left, mid) == kWindowBg)
        ++left;
    ASSERT_LT(left, image.width / 4);
    ASSERT_EQ(image.pixel(left, mid), kPanelBg);
    int y = mid;
    while (y > 0 && image.pixel(left, y) == kPanelBg)
        --y;
    const Colour corner = image.pixel(left, y);
    for (int i = 0; i < 3; ++i) {
        EXPECT_GE(corner[i], kWindowBg[i]) << "corner at " << left << "," << y;
        EXPECT_LT(corner[i], kPanelBg[i]) << "corner at " << left << "," << y;
    }
}

} // namespace
