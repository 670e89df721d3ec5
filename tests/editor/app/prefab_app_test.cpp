// Prefab authoring end to end on a copy of BOUNCE: three bricks saved as a prefab through the
// hierarchy's menu and the Save as Prefab dialog become one instance (the file written, the scene
// the same after saving and reopening, the player running it); a field applied to the brick
// prefab through the inspector (asked first, other bricks follow) and one reverted.

#include "editor_run.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::Json;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::hashes;

const std::string kBrick00 = "9fe03f1750b80c51";
const std::string kBrick10 = "967894174b2e930e";
const std::string kBrick20 = "8d7d69174601122b";
const std::string kBrick30 = "84d3ae174118a6c0";

class PrefabApp : public diorama::test::SampleCopyApp {
protected:
    PrefabApp() : SampleCopyApp("bounce") {}

    [[nodiscard]] Json file(const std::string& relative) const {
        auto text = diorama::read_file(project() / relative, 64u << 20);
        if (!text) return Json();
        auto json = diorama::parse_json(*text, relative);
        return json ? *json : Json();
    }
};

TEST_F(PrefabApp, ThreeSelectedBricksSavedAsAPrefabBecomeOneInstanceAndReopenTheSame) {
    const ChildResult r = editor("select_guid " + kBrick00 + R"(
click "Hierarchy/)" + kBrick10 + R"(" left ctrl
click "Hierarchy/)" + kBrick20 + R"(" left ctrl
expect_selection 3
click "Hierarchy/)" + kBrick20 + R"S(" right
click "Hierarchy/RowMenu/SaveAsPrefab"
expect_modal "The 3 selected objects"
type "brick row"
click "SavePrefab/Save"
expect_console "saved prefabs/brick row.prefab.json (4 objects)"
expect_selection 1
expect_field Transform2D.position 134 540
print_hash
save
open_scene level1
print_hash
quit
)S");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const auto printed = hashes(r.out);
    ASSERT_EQ(printed.size(), 2u) << describe(r);
    EXPECT_EQ(printed[0], printed[1]) << "saved and reopened, the same state";

    const Json prefab = file("prefabs/brick row.prefab.json");
    ASSERT_TRUE(prefab.is_object());
    ASSERT_EQ(prefab["children"].size(), 3u);
    EXPECT_EQ(prefab["children"][0]["prefab"], "prefabs/brick.prefab.json");
    EXPECT_FALSE(prefab["components"]["Transform2D"].contains("position"))
        << "the root's place is not saved";
    int instances = 0;
    const Json scene = file("scenes/level1.scene.json");
    for (const Json& o : scene["objects"])
        if (o.value("prefab", "") == "prefabs/brick row.prefab.json" && !o.contains("part"))
            ++instances;
    EXPECT_EQ(instances, 1);

    const ChildResult run = diorama::test::run_child(
        DIORAMA_PLAYER_PATH, {"run", project().string(), "--ticks", "60", "--hash"});
    EXPECT_EQ(run.exit_code, 0) << describe(run);
}

TEST_F(PrefabApp, AFieldAppliedFromTheInspectorChangesThePrefabAndTheOtherBricks) {
    const ChildResult r = editor("select_guid " + kBrick00 + R"(
set_field Shape.size 80 30
click "Inspector/Shape/size/apply"
expect_modal "also changes"
click "ApplyPrefab/Apply"
expect_console "prefabs/brick.prefab.json written"
select_guid )" + kBrick30 + R"(
expect_field Shape.size 80 30
# a field reverted: the brick's own colour back to the prefab's
click "Inspector/Shape/color/revert"
expect_field Shape.color 0.3 0.8 0.4 1
save
quit
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const Json prefab = file("prefabs/brick.prefab.json");
    EXPECT_EQ(prefab["components"]["Shape"]["size"], Json::parse("[80.0, 30.0]"));
    const Json scene = file("scenes/level1.scene.json");
    bool found = false;
    for (const Json& o : scene["objects"])
        if (o["guid"] == kBrick30) {
            found = true;
            EXPECT_FALSE(o["components"].contains("Shape")) << "inherits the applied size";
        }
    EXPECT_TRUE(found);
}

TEST_F(PrefabApp, APrefabEditedByAnotherProgramReloadsAndABrokenOneIsKept) {
    const std::string file = "\"" + (project() / "prefabs/brick.prefab.json").string() + "\"";
    const ChildResult r = editor("select_guid " + kBrick30 + "\nedit_file " + file +
                                 R"( "[72.0, 24.0]" "[60.0, 20.0]"
wait 40
expect_console "prefabs/brick.prefab.json changed on disk: reloaded"
expect_field Shape.size 60 20
edit_file )" + file + R"( "\"format\"" "\"form"
wait 40
expect_console "the editor keeps the version of prefabs/brick.prefab.json it last loaded"
expect_field Shape.size 60 20
quit
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
}

} // namespace
