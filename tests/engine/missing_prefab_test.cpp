// Scenes loaded with SceneLoadOptions::keep_missing_prefabs: an instance of a prefab that is not
// there becomes a placeholder that keeps its data and saves it back unchanged.

#include "diorama/json_io.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "broken_project.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace diorama {
namespace {

namespace fs = std::filesystem;

// A scene in the saved form (keys sorted, pretty) with an instance of a prefab that is missing
// (with a child, an override and a component of an unknown type) next to a good instance.
const char* const kScene = R"({
  "format": "diorama.scene",
  "layers": ["world"],
  "name": "kept",
  "objects": [
    {
      "components": {
        "Shape": {"color": [1.0, 0.0, 0.0, 1.0]},
        "Transform2D": {"position": [64.0, 32.0], "rotation_deg": 90.0},
        "Wobble": {"speed": 3.0}
      },
      "guid": "00000000000000a1",
      "layer": "world",
      "name": "Ghost",
      "prefab": "prefabs/blok.prefab.json"
    },
    {
      "components": {"Transform2D": {"position": [8.0, 0.0]}},
      "guid": "00000000000000a2",
      "layer": "world",
      "name": "Child",
      "parent": "00000000000000a1"
    },
    {
      "components": {"Transform2D": {"position": [200.0, 0.0]}},
      "guid": "00000000000000a3",
      "layer": "world",
      "name": "Good",
      "prefab": "prefabs/block.prefab.json"
    }
  ],
  "version": 1
})";

class MissingPrefabTest : public test::BrokenProjectTest {
protected:
    // The scene text as a save writes it.
    static std::string saved_form() { return to_pretty_json(Json::parse(kScene)); }

    const SceneLoadOptions keep{.keep_missing_prefabs = true};
};

TEST_F(MissingPrefabTest, AStrictLoadStillFailsNamingThePrefabAndSuggestingTheNearOne) {
    World world(registry);
    Diagnostics d;
    EXPECT_FALSE(load_scene_text(world, saved_form(), "kept.scene.json", project, prefabs, d).ok());
    EXPECT_EQ(world.object_count(), 0u);
    EXPECT_NE(d.format().find("kept.scene.json: objects[0].prefab: prefab "
                              "\"prefabs/blok.prefab.json\" not found (or it has errors); did you "
                              "mean \"prefabs/block.prefab.json\"?"),
              std::string::npos)
        << d.format();
}

TEST_F(MissingPrefabTest, AKeepingLoadOpensWithAPlaceholderAndStillReportsTheError) {
    World world(registry);
    Diagnostics d;
    auto info = load_scene_text(world, saved_form(), "kept.scene.json", project, prefabs, d, keep);
    ASSERT_TRUE(info.ok()) << d.format();
    EXPECT_EQ(info->objects, 3u);
    EXPECT_EQ(d.error_count(), 1u) << d.format();
    EXPECT_NE(d.format().find("objects[0].prefab"), std::string::npos);

    const Handle ghost = world.find(Guid{0xa1});
    ASSERT_TRUE(ghost);
    const MissingPrefab* kept = world.get<MissingPrefab>(ghost);
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(kept->prefab, "prefabs/blok.prefab.json");
    EXPECT_EQ(kept->components, Json::parse(kScene)["objects"][0]["components"]);
    // Placed where the file says; nothing else of its data became a component.
    EXPECT_EQ(world.get<Transform2D>(ghost)->position, glm::vec2(64.0f, 32.0f));
    EXPECT_EQ(world.get<Transform2D>(ghost)->rotation_deg, 90.0f);
    EXPECT_EQ(world.get<Shape>(ghost), nullptr);
    EXPECT_EQ(world.get<PrefabInstance>(ghost), nullptr);
    // Its child keeps its parent.
    EXPECT_EQ(world.parent(world.find(Guid{0xa2})), ghost);
}

TEST_F(MissingPrefabTest, SavingAPlaceholderWritesItsEntryBackByteForByte) {
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(
        load_scene_text(world, saved_form(), "kept.scene.json", project, prefabs, d, keep).ok());
    auto text = scene_to_text(world, "kept", prefabs);
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(*text, saved_form());
}

TEST_F(MissingPrefabTest, AMovedPlaceholderSavesItsNewTransformAndKeepsTheRest) {
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(
        load_scene_text(world, saved_form(), "kept.scene.json", project, prefabs, d, keep).ok());
    world.get<Transform2D>(world.find(Guid{0xa1}))->position = glm::vec2(100.0f, 50.0f);
    auto json = scene_to_json(world, "kept", prefabs);
    ASSERT_TRUE(json.ok());
    const Json& entry = (*json)["objects"][0];
    EXPECT_EQ(entry["prefab"], "prefabs/blok.prefab.json");
    EXPECT_EQ(entry["components"]["Transform2D"],
              Json::parse(R"({"position": [100.0, 50.0], "rotation_deg": 90.0})"));
    EXPECT_EQ(entry["components"]["Wobble"], Json::parse(R"({"speed": 3.0})"));
    EXPECT_EQ(entry["components"]["Shape"], Json::parse(R"({"color": [1.0, 0.0, 0.0, 1.0]})"));
}

TEST_F(MissingPrefabTest, PlaceholdersCountInTheStateHash) {
    World a(registry);
    World b(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(a, saved_form(), "a", project, prefabs, d, keep).ok());
    std::string other = saved_form();
    other.replace(other.find("3.0"), 3, "4.0"); // Wobble.speed, kept verbatim
    ASSERT_TRUE(load_scene_text(b, other, "b", project, prefabs, d, keep).ok());
    EXPECT_NE(state_hash(a), state_hash(b));
}

TEST_F(MissingPrefabTest, CarriedEntriesKeepTheirPlaceholders) {
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(
        load_scene_text(world, saved_form(), "kept.scene.json", project, prefabs, d, keep).ok());
    const Handle ghost = world.find(Guid{0xa1});
    auto entries = objects_to_json(world, std::span(&ghost, 1), prefabs);
    ASSERT_TRUE(entries.ok());
    world.destroy(ghost);
    world.flush();
    Diagnostics again;
    auto added = add_objects(world, *entries, project, prefabs, again, false, keep);
    ASSERT_TRUE(added.ok()) << again.format();
    ASSERT_EQ(added->size(), 1u);
    ASSERT_NE(world.get<MissingPrefab>((*added)[0]), nullptr);
    // A strict add refuses it.
    world.destroy((*added)[0]);
    world.flush();
    Diagnostics strict;
    EXPECT_FALSE(add_objects(world, *entries, project, prefabs, strict).ok());
}

TEST_F(MissingPrefabTest, APrefabPathThatLeavesTheProjectIsNeverKept) {
    World world(registry);
    Diagnostics d;
    std::string text = saved_form();
    text.replace(text.find("prefabs/blok.prefab.json"), 24, "../outside.prefab.json");
    EXPECT_FALSE(load_scene_text(world, text, "kept.scene.json", project, prefabs, d, keep).ok());
    EXPECT_EQ(world.object_count(), 0u);
}

// A prefab's components of types nobody registered (its module not loaded) stay when the prefab
// is edited as objects and written back (the editor's prefab tab).
TEST_F(MissingPrefabTest, APrefabsUnknownComponentsSurviveEditingItAsObjects) {
    const char* const text = R"({"format": "diorama.prefab", "version": 1, "name": "paddle",
        "id": "00000000000000c0",
        "components": {"Shape": {"radius": 5.0}, "Paddle": {"speed": 300}},
        "children": [{"id": "00000000000000c1", "parent": "00000000000000c0",
                      "components": {"Trail": {"length": [1, 2]}}}]})";
    Diagnostics d;
    auto prefab = parse_prefab(text, "prefabs/paddle.prefab.json", project, registry, d);
    ASSERT_TRUE(prefab) << d.format();
    World world(registry);
    auto root = prefab_objects(world, *prefab, world.add_layer("world"));
    ASSERT_TRUE(root) << root.error().describe();
    const PrefabFromObjects back =
        prefab_from_objects(world, *root, "prefabs/paddle.prefab.json", "paddle");
    EXPECT_EQ(back.prefab.unknown, Json::parse(R"({"Paddle": {"speed": 300}})"));
    ASSERT_EQ(back.prefab.children.size(), 1u);
    EXPECT_EQ(back.prefab.children[0].unknown, Json::parse(R"({"Trail": {"length": [1, 2]}})"));
    auto written = prefab_to_json(back.prefab);
    ASSERT_TRUE(written) << written.error().describe();
    EXPECT_EQ((*written)["components"]["Paddle"], Json::parse(R"({"speed": 300})"));
    EXPECT_EQ((*written)["children"][0]["components"]["Trail"],
              Json::parse(R"({"length": [1, 2]})"));
}

} // namespace
} // namespace diorama
