// Prefab authoring in the session, on a copy of BOUNCE: saving a selection as a prefab (one
// instance in its place, the file, the same state after reopening), placing it, overrides
// reverted and applied (other instances follow, overrides stay), undo of each.

#include "core/editor_session.h"

#include "bounce_session.h"

#include "diorama/field_path.h"
#include "diorama/json_io.h"
#include "diorama/state_hash.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;

class PrefabAuthoring : public test::BounceSessionTest {
protected:
    Handle find(const std::string& name) const { return session.world().find_by_name(name); }
    // Saves the first three bricks as "wall"; returns what was saved.
    EditorSession::PrefabSaved save_wall() {
        session.select_only({guid("Brick 0,0"), guid("Brick 1,0"), guid("Brick 2,0")});
        auto saved = session.save_selection_as_prefab("wall");
        EXPECT_TRUE(saved) << (saved ? "" : saved.error().describe());
        return saved ? *saved : EditorSession::PrefabSaved{};
    }
};

TEST_F(PrefabAuthoring, ThreeSelectedObjectsBecomeOneInstanceAndTheSceneReopensTheSame) {
    const std::size_t objects = session.world().object_count();
    const Guid first = guid("Brick 0,0");
    const glm::vec2 where = session.world().world_position(find("Brick 1,0"));

    const auto saved = save_wall();
    EXPECT_EQ(saved.path, "prefabs/wall.prefab.json");
    EXPECT_TRUE(fs::exists(copy.path() / saved.path));
    EXPECT_EQ(session.world().object_count(), objects + 1) << "a root took the three in";
    const Handle root = session.world().find(saved.instance);
    ASSERT_TRUE(root);
    EXPECT_EQ(session.world().name(root), "wall");
    EXPECT_EQ(session.world().children(root).size(), 3u);
    EXPECT_EQ(session.selection(), std::vector<Guid>{saved.instance});
    EXPECT_EQ(session.world().parent(find("Brick 0,0")), root);
    EXPECT_EQ(guid("Brick 0,0"), first) << "objects keep their guids";
    EXPECT_EQ(session.world().world_position(find("Brick 1,0")), where);
    EXPECT_TRUE(session.overrides(saved.instance).empty());
    EXPECT_TRUE(session.overrides(first).empty()) << "the instance is the prefab, as saved";

    const Json file = file_json(saved.path);
    ASSERT_EQ(file["children"].size(), 3u);
    EXPECT_EQ(file["children"][0]["prefab"], "prefabs/brick.prefab.json")
        << "the bricks stay bricks: nested";
    EXPECT_EQ(file["children"][0]["components"]["Brick"]["points"], 20);

    const std::uint64_t converted = session.hash();
    ASSERT_TRUE(session.save());
    ASSERT_TRUE(session.open_scene("level1"));
    EXPECT_EQ(session.hash(), converted) << "saved and reopened, the same state";
    const Json scene = file_json("scenes/level1.scene.json");
    bool found = false;
    for (const Json& o : scene["objects"])
        if (o["guid"] == to_string(first)) {
            found = true;
            EXPECT_EQ(o["prefab"], "prefabs/wall.prefab.json");
            EXPECT_EQ(o["part"], to_string(first));
            EXPECT_EQ(o["components"], Json::object()) << "nothing overridden";
        }
    EXPECT_TRUE(found);
}

TEST_F(PrefabAuthoring, UndoGivesTheObjectsBackAsTheyWere) {
    const std::uint64_t before = session.hash();
    const auto saved = save_wall();
    EXPECT_NE(session.hash(), before);
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
    EXPECT_FALSE(session.world().find(saved.instance));
    ASSERT_TRUE(session.redo());
    EXPECT_TRUE(session.world().find(saved.instance));
}

TEST_F(PrefabAuthoring, OneObjectThatIsNoInstanceBecomesTheRootItself) {
    session.select_only({guid("Score")});
    auto saved = session.save_selection_as_prefab("score keeper");
    ASSERT_TRUE(saved) << saved.error().describe();
    EXPECT_EQ(saved->instance, guid("Score"));
    EXPECT_FALSE(file_json(saved->path).contains("children"));
}

TEST_F(PrefabAuthoring, BadNamesAndExistingFilesAreRefusedAndNothingChanges) {
    session.select_only({guid("Brick 0,0")});
    const std::uint64_t before = session.hash();
    for (const char* name : {"", "a/b", "../up", " pad", "ball?"})
        EXPECT_FALSE(session.save_selection_as_prefab(name)) << name;
    auto exists = session.save_selection_as_prefab("ball");
    ASSERT_FALSE(exists);
    EXPECT_EQ(exists.error().code, ErrorCode::Duplicate);
    EXPECT_NE(exists.error().message.find("prefabs/ball.prefab.json exists"), std::string::npos);
    EXPECT_EQ(session.hash(), before);
    EXPECT_FALSE(session.can_undo());
}

TEST_F(PrefabAuthoring, APrefabCannotTakeAnInstanceOfItselfIn) {
    const auto saved = save_wall();
    session.select_only({saved.instance, guid("Brick 3,0")});
    auto again = session.save_selection_as_prefab("wall", true);
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().code, ErrorCode::Cycle);
    EXPECT_NE(again.error().message.find("a prefab cannot contain itself"), std::string::npos);
}

TEST_F(PrefabAuthoring, PlacingTheNewPrefabMakesAllItsObjectsWithNewGuids) {
    const auto saved = save_wall();
    auto placed = session.place_prefab("wall", glm::vec2(400.0f, 100.0f));
    ASSERT_TRUE(placed) << placed.error().describe();
    const std::vector<Handle> kids = session.world().children(*placed);
    ASSERT_EQ(kids.size(), 3u);
    EXPECT_NE(session.world().guid(kids[0]), guid("Brick 0,0"));
    EXPECT_EQ(session.world().get<PrefabInstance>(kids[0])->part, guid("Brick 0,0"));
    EXPECT_TRUE(session.overrides(session.world().guid(kids[0])).empty());
    ASSERT_TRUE(session.undo());
    EXPECT_FALSE(session.world().find(session.world().guid(*placed)));
}

TEST_F(PrefabAuthoring, ARevertedFieldTakesThePrefabsValueAgain) {
    const Guid brick = guid("Brick 0,0");
    EXPECT_TRUE(session.is_overridden(brick, "Shape", "color"));
    ASSERT_TRUE(session.revert_to_prefab(brick, "Shape", "color"));
    EXPECT_FALSE(session.is_overridden(brick, "Shape", "color"));
    EXPECT_EQ(field(brick, "Shape.color"), FieldValue{glm::vec4(0.3f, 0.8f, 0.4f, 1.0f)});
    ASSERT_TRUE(session.undo());
    EXPECT_TRUE(session.is_overridden(brick, "Shape", "color"));
}

TEST_F(PrefabAuthoring, RevertObjectUndoesEveryOverrideInOneStep) {
    const Guid brick = guid("Brick 0,0");
    ASSERT_FALSE(session.overrides(brick).empty());
    const std::uint64_t before = session.hash();
    ASSERT_TRUE(session.remove_component(brick, "Collider"));
    ASSERT_TRUE(session.revert_object(brick));
    EXPECT_TRUE(session.overrides(brick).empty()) << "its place is its own, not an override";
    EXPECT_NE(session.world().get<Transform2D>(session.world().find(brick))->position,
              glm::vec2(0.0f));
    EXPECT_NE(session.world().get<Collider>(session.world().find(brick)), nullptr);
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
}

TEST_F(PrefabAuthoring, AnAppliedFieldChangesThePrefabAndTheInstancesThatDidNotOverrideIt) {
    // Brick 0,0 overrides its colour; most bricks of the top row share it, others differ.
    const Guid source = guid("Brick 0,0");
    ASSERT_TRUE(session.set_field(source, "Shape.size", FieldValue{glm::vec2(80.0f, 30.0f)}));
    const std::size_t others = session.apply_changes_count(source, {"Shape.size"});
    EXPECT_GT(others, 10u) << "every other brick has the prefab's size";
    // One brick overrides the size too: it keeps its own.
    const Guid own = guid("Brick 1,0");
    ASSERT_TRUE(session.set_field(own, "Shape.size", FieldValue{glm::vec2(10.0f, 10.0f)}));
    EXPECT_EQ(session.apply_changes_count(source, {"Shape.size"}), others - 1);

    ASSERT_TRUE(session.apply_to_prefab(source, "Shape", "size"));
    EXPECT_FALSE(session.is_overridden(source, "Shape", "size"));
    EXPECT_EQ(field(guid("Brick 2,0"), "Shape.size"), FieldValue{glm::vec2(80.0f, 30.0f)});
    EXPECT_EQ(field(own, "Shape.size"), FieldValue{glm::vec2(10.0f, 10.0f)});
    EXPECT_EQ(file_json("prefabs/brick.prefab.json")["components"]["Shape"]["size"],
              Json::parse("[80.0, 30.0]"));
    EXPECT_EQ(
        static_cast<const Shape*>(session.prefabs().find("brick")->find(component_id<Shape>()))
            ->size,
        glm::vec2(80.0f, 30.0f));

    ASSERT_TRUE(session.undo());
    EXPECT_EQ(file_json("prefabs/brick.prefab.json")["components"]["Shape"]["size"],
              Json::parse("[72.0, 24.0]"))
        << "undo writes the prefab back";
    EXPECT_EQ(field(guid("Brick 2,0"), "Shape.size"), FieldValue{glm::vec2(72.0f, 24.0f)});
    EXPECT_TRUE(session.is_overridden(source, "Shape", "size"));
}

TEST_F(PrefabAuthoring, ApplyObjectAppliesEveryOverrideOfIt) {
    const Guid source = guid("Brick 0,0");
    ASSERT_TRUE(session.apply_object(source));
    EXPECT_TRUE(session.overrides(source).empty());
    const Json prefab = file_json("prefabs/brick.prefab.json");
    EXPECT_EQ(prefab["components"]["Brick"]["points"], 20);
}

TEST_F(PrefabAuthoring, ANestedInstanceObjectAppliesToTheOuterPrefab) {
    const auto saved = save_wall();
    const Guid brick = guid("Brick 0,0");
    ASSERT_TRUE(session.set_field(brick, "Shape.size", FieldValue{glm::vec2(50.0f, 50.0f)}));
    ASSERT_TRUE(session.apply_to_prefab(brick, "Shape", "size"));
    const Json wall = file_json(saved.path);
    EXPECT_EQ(wall["children"][0]["components"]["Shape"]["size"], Json::parse("[50.0, 50.0]"));
    EXPECT_EQ(file_json("prefabs/brick.prefab.json")["components"]["Shape"]["size"],
              Json::parse("[72.0, 24.0]"))
        << "the brick prefab itself is untouched";
}

TEST_F(PrefabAuthoring, APrefabChangedOnDiskReloadsAndTheInstancesFollowIt) {
    const std::uint64_t before = session.hash();
    const Guid brick = guid("Brick 0,0");
    {
        std::ofstream(copy.path() / "prefabs/brick.prefab.json") << R"({
  "format": "diorama.prefab", "version": 1, "name": "brick", "layer": "world",
  "components": { "Brick": {}, "Collider": { "half_extents": [36.0, 12.0] },
                  "Properties": { "values": { "hp": 1 } },
                  "Shape": { "color": [0.3, 0.8, 0.4, 1.0], "size": [60.0, 20.0] } } })";
    }
    EXPECT_EQ(session.reload_changed_prefabs(), 1);
    EXPECT_EQ(field(brick, "Shape.size"), FieldValue{glm::vec2(60.0f, 20.0f)});
    EXPECT_EQ(field(brick, "Shape.color"), FieldValue{glm::vec4(0.9f, 0.3f, 0.25f, 1.0f)})
        << "its own colour stays";
    EXPECT_EQ(session.reload_changed_prefabs(), 0) << "nothing changed since";
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
}

TEST_F(PrefabAuthoring, APrefabThatNoLongerReadsKeepsTheVersionLastLoaded) {
    { std::ofstream(copy.path() / "prefabs/brick.prefab.json") << "{ \"format\": \"diorama.pref"; }
    const std::uint64_t before = session.hash();
    EXPECT_EQ(session.reload_changed_prefabs(), 0);
    ASSERT_NE(session.prefabs().find("brick"), nullptr) << "the last good version";
    EXPECT_EQ(session.hash(), before);
    auto placed = session.place_prefab("brick", glm::vec2(0.0f));
    EXPECT_TRUE(placed) << "placing it still works";
}

} // namespace
} // namespace diorama::editor
