// diorama-editor's layout at the window sizes people use (1280 x 720, 1600 x 900): the toolbar,
// the prefab tiles, the bottom tabs and the menu bar fit their panels (nothing cut off at the
// side), on both samples.

#include "child_process.h"
#include "editor_run.h"
#include "temp_dir.h"

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kEditor = DIORAMA_EDITOR_PATH;
const fs::path kProjects = fs::path(DIORAMA_SOURCE_DIR) / "projects";

struct Layout {
    const char* project;
    const char* size;
};

class LayoutApp : public ::testing::TestWithParam<Layout> {
protected:
    ChildResult editor(const std::string& project, const std::string& size,
                       const std::string& script) {
        m_dir.write("script.txt", script);
        return run_child(kEditor,
                         {(kProjects / project).string(), "--script",
                          (m_dir.path() / "script.txt").string(), "--size", size, "--screenshot",
                          (m_dir.path() / "shot.png").string()},
                         {"SDL_VIDEODRIVER=offscreen", "DIORAMA_UI_SCALE=1",
                          "XDG_CONFIG_HOME=" + (m_dir.path() / "config").string()},
                         std::chrono::seconds(240));
    }

    TempDir m_dir;
};

TEST_P(LayoutApp, NothingIsCutOffAtTheSide) {
    const Layout layout = GetParam();
    const ChildResult r = editor(layout.project, layout.size, R"(
wait 3
expect_unclipped Toolbar/ Prefabs/ Bottom/ Menu/
click "Bottom/Problems"
expect_unclipped Problems/Check
click "Bottom/Stats"
wait 1
click "Bottom/Console"
expect_unclipped Console/Clear
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::exists(m_dir.path() / "shot.png"));
}

INSTANTIATE_TEST_SUITE_P(
    Sizes, LayoutApp,
    ::testing::Values(Layout{"bounce", "1280x720"}, Layout{"bounce", "1600x900"},
                      Layout{"platformer", "1280x720"}, Layout{"platformer", "1600x900"}),
    [](const ::testing::TestParamInfo<Layout>& param_info) {
        std::string name = std::string(param_info.param.project) + "_" + param_info.param.size;
        std::replace(name.begin(), name.end(), 'x', '_');
        return name;
    });

} // namespace
