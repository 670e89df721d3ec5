// The prefab tab on a copy of BOUNCE: a prefab's own objects edited beside the scene with their
// own history, saved to the file with the scene's instances following (overrides kept), and
// the scene-only actions refused while it shows.

#include "core/editor_session.h"

#include "bounce_session.h"

#include "diorama/field_path.h"
#include "diorama/json_io.h"
#include "diorama/state_hash.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;

class PrefabTab : public test::BounceSessionTest {};

TEST_F(PrefabTab, APrefabOpensInItsTabAndTheSceneWaitsAsItWas) {
    const std::uint64_t scene = session.hash();
    const std::size_t objects = session.world().object_count();
    ASSERT_TRUE(session.open_prefab("brick"));
    EXPECT_TRUE(session.showing_prefab());
    EXPECT_EQ(session.prefab_tab(), "prefabs/brick.prefab.json");
    ASSERT_EQ(session.world().object_count(), 1u);
    const Handle root = session.world().first_root();
    EXPECT_EQ(session.world().name(root), "brick");
    EXPECT_EQ(session.world().get<PrefabInstance>(root), nullptr) << "the prefab itself";
    EXPECT_FALSE(session.can_undo());
    EXPECT_NE(session.window_title().find("prefab prefabs/brick.prefab.json"), std::string::npos);

    ASSERT_TRUE(session.show_tab(false));
    EXPECT_EQ(session.world().object_count(), objects);
    EXPECT_EQ(session.hash(), scene);
}

TEST_F(PrefabTab, SavingThePrefabChangesTheScenesInstancesAndKeepsTheirOverrides) {
    const Guid plain = guid("Brick 3,0");
    const Guid own = guid("Brick 1,0");
    ASSERT_TRUE(session.set_field(own, "Shape.size", FieldValue{glm::vec2(10.0f, 10.0f)}));
    ASSERT_TRUE(session.open_prefab("brick"));
    const Guid root = session.world().guid(session.world().first_root());
    ASSERT_TRUE(session.set_field(root, "Shape.size", FieldValue{glm::vec2(90.0f, 30.0f)}));
    EXPECT_TRUE(session.prefab_dirty());
    EXPECT_TRUE(session.dirty()) << "the scene's own edit";
    ASSERT_TRUE(session.save()) << "Ctrl+S in the prefab's tab saves the prefab";
    EXPECT_FALSE(session.prefab_dirty());
    EXPECT_EQ(file_json("prefabs/brick.prefab.json")["components"]["Shape"]["size"],
              Json::parse("[90.0, 30.0]"));

    ASSERT_TRUE(session.show_tab(false));
    EXPECT_EQ(field(plain, "Shape.size"), FieldValue{glm::vec2(90.0f, 30.0f)});
    EXPECT_EQ(field(own, "Shape.size"), FieldValue{glm::vec2(10.0f, 10.0f)}) << "its override";
    EXPECT_TRUE(session.undo()) << "the instances' update is a step of the scene's history";
    EXPECT_EQ(field(plain, "Shape.size"), FieldValue{glm::vec2(72.0f, 24.0f)});
}

TEST_F(PrefabTab, AChildAddedToThePrefabAppearsInEveryInstanceAndARemovedOneGoes) {
    // A wall of three bricks, placed twice more.
    session.select_only({guid("Brick 0,0"), guid("Brick 1,0"), guid("Brick 2,0")});
    auto wall = session.save_selection_as_prefab("wall");
    ASSERT_TRUE(wall) << wall.error().describe();
    auto second = session.place_prefab("wall", glm::vec2(100.0f, 100.0f));
    ASSERT_TRUE(second);
    const std::size_t objects = session.world().object_count();

    ASSERT_TRUE(session.open_prefab("wall"));
    const Guid root = session.world().guid(session.world().first_root());
    auto lamp = session.create_object("lamp", glm::vec2(0.0f, -40.0f));
    ASSERT_TRUE(lamp);
    ASSERT_TRUE(session.reparent(session.world().guid(*lamp), root));
    session.select_only({guid("Brick 2,0")}); // removed from the prefab
    session.delete_selection();
    ASSERT_TRUE(session.save_prefab());

    ASSERT_TRUE(session.show_tab(false));
    EXPECT_EQ(session.world().object_count(), objects + 2 - 2) << "one lamp in, one brick out each";
    const Handle placed = session.world().find(session.world().guid(*second));
    bool has_lamp = false;
    for (Handle child : session.world().children(placed))
        has_lamp = has_lamp || session.world().name(child) == "lamp";
    EXPECT_TRUE(has_lamp);
    const std::uint64_t updated = session.hash();
    ASSERT_TRUE(session.save());
    ASSERT_TRUE(session.open_scene("level1"));
    EXPECT_EQ(session.hash(), updated) << "the scene reads back as it was updated";
}

TEST_F(PrefabTab, EachTabHasItsOwnHistory) {
    const Guid brick = guid("Brick 0,0");
    ASSERT_TRUE(session.set_field(brick, "Brick.points", FieldValue{std::int32_t{99}}));
    ASSERT_TRUE(session.open_prefab("ball"));
    const Guid root = session.world().guid(session.world().first_root());
    ASSERT_TRUE(session.rename(root, "big ball"));
    ASSERT_TRUE(session.undo());
    EXPECT_FALSE(session.undo()) << "the scene's edit is not in the prefab's history";
    ASSERT_TRUE(session.show_tab(false));
    EXPECT_EQ(field(brick, "Brick.points"), FieldValue{std::int32_t{99}});
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(field(brick, "Brick.points"), FieldValue{std::int32_t{20}});
}

TEST_F(PrefabTab, SceneOnlyActionsWaitWhileThePrefabShows) {
    ASSERT_TRUE(session.open_prefab("brick"));
    session.play();
    EXPECT_EQ(session.play_state(), PlayState::Editing);
    EXPECT_FALSE(session.save_as("scenes/copy.scene.json"));
    EXPECT_FALSE(fs::exists(copy.path() / "scenes/copy.scene.json"));
    EXPECT_FALSE(session.autosave_tick(1e9));
}

TEST_F(PrefabTab, APrefabCannotBePlacedInsideItselfAndNeedsOneRoot) {
    ASSERT_TRUE(session.open_prefab("brick"));
    EXPECT_FALSE(session.place_prefab("brick", glm::vec2(0.0f)));
    ASSERT_TRUE(session.create_object("stray", glm::vec2(50.0f, 0.0f)));
    auto saved = session.save_prefab();
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.error().message.find("a prefab has one root: put 'stray' under 'brick'"),
              std::string::npos);
}

TEST_F(PrefabTab, OpeningAnotherSceneClosesTheTabAndSaveAllSavesBoth) {
    ASSERT_TRUE(session.open_prefab("brick"));
    const Guid root = session.world().guid(session.world().first_root());
    ASSERT_TRUE(session.set_field(root, "Brick.points", FieldValue{std::int32_t{7}}));
    ASSERT_TRUE(session.show_tab(false));
    ASSERT_TRUE(
        session.set_field(guid("Ball"), "Transform2D.position", FieldValue{glm::vec2(1.0f, 2.0f)}));
    ASSERT_TRUE(session.save_all());
    EXPECT_FALSE(session.prefab_dirty());
    EXPECT_FALSE(session.dirty());
    EXPECT_EQ(file_json("prefabs/brick.prefab.json")["components"]["Brick"]["points"], 7);
    ASSERT_TRUE(session.open_scene("level1"));
    EXPECT_EQ(session.prefab_tab(), "");
    EXPECT_FALSE(session.showing_prefab());
}

} // namespace
} // namespace diorama::editor
