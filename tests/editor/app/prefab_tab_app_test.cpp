// The prefab tab end to end on a copy of BOUNCE: a prefab double-clicked in the Assets tab opens
// in its own tab, an edit there saved with Ctrl+S changes the scene's instances that do not
// override it, and each tab undoes on its own.

#include "editor_run.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using diorama::test::ChildResult;
using diorama::test::describe;

const std::string kBrick10 = "967894174b2e930e";
const std::string kBrick30 = "84d3ae174118a6c0";

class PrefabTabApp : public diorama::test::SampleCopyApp {
protected:
    PrefabTabApp() : SampleCopyApp("bounce") {}
};

TEST_F(PrefabTabApp, APrefabEditedInItsTabChangesTheScenesInstancesKeepingOverrides) {
    const std::string shot = (m_dir.path() / "tab.png").string();
    const ChildResult r = editor("select_guid " + kBrick10 + R"(
set_field Shape.size 10 10
click "Bottom/Assets"
click "Assets/folder/prefabs"
double_click "Assets/prefabs/brick.prefab.json"
expect_console "opened the prefab prefabs/brick.prefab.json in its tab"
expect_objects 1
click_world 0 0
expect_selection 1
set_field Shape.size 90 30
key ctrl+s
expect_console "saved prefabs/brick.prefab.json"
screenshot )" + shot + R"(
click "Tabs/scene"
select_guid )" + kBrick30 + R"(
expect_field Shape.size 90 30
select_guid )" + kBrick10 + R"(
expect_field Shape.size 10 10
quit
click "Unsaved/Discard"
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
}

} // namespace
