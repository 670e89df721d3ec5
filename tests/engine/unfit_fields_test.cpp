// Scenes and prefabs loaded with keep_unfit_fields (SceneLoadOptions, PrefabLoadOptions): a field
// its type does not declare, or a value that does not fit a plain field, leaves the field as it
// was (default or the prefab's) and the load goes on, each problem still an error at its JSON
// path; a strict load fails on the same. Other problems fail either load.

#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "broken_project.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

namespace fs = std::filesystem;

// A field of the wrong type and a field the type does not have next to good ones, in a plain
// object and in a prefab instance's override.
const char* const kScene = R"({
  "format": "diorama.scene", "version": 1, "name": "unfit", "layers": ["world"],
  "objects": [
    {"guid": "00000000000000a1", "layer": "world", "name": "Plain",
     "components": {"Transform2D": {"position": "left", "rotation_deg": 45.0, "wobble": 3},
                    "Velocity": {"linear": [2.0, 1.0]}}},
    {"guid": "00000000000000a2", "layer": "world", "name": "Block",
     "prefab": "prefabs/block.prefab.json",
     "components": {"Transform2D": {"position": [200.0, 0.0]},
                    "Shape": {"color": "red", "size": [4.0, 4.0]}}}
  ]
})";

// A prefab with unfit fields in its root and in a child.
const char* const kPrefab = R"({"format": "diorama.prefab", "version": 1, "name": "odd",
  "id": "00000000000000b0",
  "components": {"Transform2D": {"position": "left", "rotation_deg": 30.0},
                 "Shape": {"colour": [1, 0, 0, 1], "radius": 5.0}},
  "children": [{"id": "00000000000000b1", "parent": "00000000000000b0",
                "components": {"Transform2D": {"position": [4.0, 0.0], "scale": "big"}}}]})";

class UnfitFieldsTest : public test::BrokenProjectTest {
protected:
    static bool reported(const Diagnostics& d, const std::string& line) {
        return d.format().find(line) != std::string::npos;
    }
};

TEST_F(UnfitFieldsTest, AStrictLoadFailsNamingEachFieldAtItsPath) {
    for (bool precise_only : {false, true}) {
        SCOPED_TRACE(precise_only);
        World world(registry);
        Diagnostics d;
        EXPECT_FALSE(load_scene_text(world, kScene, "unfit.scene.json", project, prefabs, d,
                                     {.precise_only = precise_only})
                         .ok());
        EXPECT_EQ(world.object_count(), 0u);
        EXPECT_EQ(d.error_count(), 3u) << d.format();
        EXPECT_TRUE(reported(d, "unfit.scene.json: objects[0].components.Transform2D.position: "))
            << d.format();
        EXPECT_TRUE(reported(d, "unfit.scene.json: objects[0].components.Transform2D.wobble: "
                                "Transform2D has no field \"wobble\""))
            << d.format();
        EXPECT_TRUE(reported(d, "unfit.scene.json: objects[1].components.Shape.color: "))
            << d.format();
    }
}

TEST_F(UnfitFieldsTest, AKeepingLoadOpensWithThoseFieldsAsTheyWereAndTheSameErrors) {
    for (bool precise_only : {false, true}) {
        SCOPED_TRACE(precise_only);
        World world(registry);
        Diagnostics d;
        auto info = load_scene_text(world, kScene, "unfit.scene.json", project, prefabs, d,
                                    {.keep_unfit_fields = true, .precise_only = precise_only});
        ASSERT_TRUE(info.ok()) << d.format();
        EXPECT_EQ(info->objects, 2u);
        EXPECT_EQ(d.error_count(), 3u) << d.format();
        EXPECT_TRUE(reported(d, "unfit.scene.json: objects[0].components.Transform2D.wobble: "))
            << d.format();

        const Handle plain = world.find(Guid{0xa1});
        ASSERT_TRUE(plain);
        EXPECT_EQ(world.get<Transform2D>(plain)->position, glm::vec2(0.0f)) << "the default";
        EXPECT_EQ(world.get<Transform2D>(plain)->rotation_deg, 45.0f);
        EXPECT_EQ(world.get<Velocity>(plain)->linear, glm::vec2(2.0f, 1.0f));

        // The prefab's colour stays; the instance's other override is read.
        const Handle block = world.find(Guid{0xa2});
        ASSERT_TRUE(block);
        const Shape* shape = world.get<Shape>(block);
        ASSERT_NE(shape, nullptr);
        EXPECT_EQ(shape->color, glm::vec4(0.5f, 0.5f, 1.0f, 1.0f));
        EXPECT_EQ(shape->size, glm::vec2(4.0f, 4.0f));
        EXPECT_EQ(world.get<Transform2D>(block)->position, glm::vec2(200.0f, 0.0f));
    }
}

// Problems that are not a plain field left as it was still fail a keeping load: a default there
// would lose more than one value (a component that is no object, a tile map, an asset path), or
// the scene around the objects is wrong (a duplicate guid, a header that is not one: the objects
// before it are read as the text streams, their unfit fields counted, and still nothing loads).
TEST_F(UnfitFieldsTest, OtherProblemsStillFailAKeepingLoad) {
    const auto scene = [](const std::string& objects, const std::string& version = "1") {
        return R"({"format": "diorama.scene", "name": "bad", "layers": ["world"], "objects": [)" +
               objects + R"(], "version": )" + version + "}";
    };
    const std::string unfit = R"({"guid": "00000000000000a1", "layer": "world",
        "components": {"Transform2D": {"position": "left", "size": 1, "spin": 2}}})";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {scene(unfit + R"(, {"guid": "00000000000000a1", "layer": "world"})"),
         "bad.scene.json: objects[1].guid: "},
        {scene(unfit + R"(, {"guid": "00000000000000a2", "layer": "world",
            "components": {"Velocity": [1, 2]}})"),
         "bad.scene.json: objects[1].components.Velocity: expected an object"},
        {scene(unfit + R"(, {"guid": "00000000000000a2", "layer": "world",
            "components": {"TileMap": {"tiles": {"size": [2, 2], "layers": "none"}}}})"),
         "bad.scene.json: objects[1].components.TileMap.tiles"},
        {scene(unfit + R"(, {"guid": "00000000000000a2", "layer": "world",
            "components": {"Sprite": {"image": "../outside.png"}}})"),
         "bad.scene.json: objects[1].components.Sprite.image: "},
        {scene(unfit, "7"), "bad.scene.json: version: "},
    };
    for (const auto& [text, expected] : cases) {
        SCOPED_TRACE(expected);
        for (bool precise_only : {false, true}) {
            World world(registry);
            Diagnostics d;
            EXPECT_FALSE(load_scene_text(world, text, "bad.scene.json", project, prefabs, d,
                                         {.keep_unfit_fields = true, .precise_only = precise_only})
                             .ok());
            EXPECT_EQ(world.object_count(), 0u);
            EXPECT_TRUE(reported(d, expected)) << d.format();
        }
    }
}

TEST_F(UnfitFieldsTest, AStrictPrefabLoadFailsNamingEachField) {
    Diagnostics d;
    EXPECT_FALSE(parse_prefab(kPrefab, "prefabs/odd.prefab.json", project, registry, d).ok());
    EXPECT_EQ(d.error_count(), 3u) << d.format();
    EXPECT_TRUE(reported(d, "prefabs/odd.prefab.json: components.Transform2D.position: "))
        << d.format();
    EXPECT_TRUE(reported(d, "prefabs/odd.prefab.json: components.Shape.colour: Shape has no "
                            "field \"colour\""))
        << d.format();
    EXPECT_TRUE(reported(d, "prefabs/odd.prefab.json: children[0].components.Transform2D.scale: "))
        << d.format();
}

TEST_F(UnfitFieldsTest, AKeepingPrefabLoadHasThoseFieldsAtTheirDefaultsAndTheSameErrors) {
    Diagnostics d;
    auto prefab = parse_prefab(kPrefab, "prefabs/odd.prefab.json", project, registry, d, nullptr,
                               {.keep_unfit_fields = true});
    ASSERT_TRUE(prefab.ok()) << d.format();
    EXPECT_EQ(d.error_count(), 3u) << d.format();
    const auto* root = static_cast<const Transform2D*>(prefab->find(component_id<Transform2D>()));
    ASSERT_NE(root, nullptr);
    EXPECT_EQ(root->position, glm::vec2(0.0f));
    EXPECT_EQ(root->rotation_deg, 30.0f);
    const auto* shape = static_cast<const Shape*>(prefab->find(component_id<Shape>()));
    ASSERT_NE(shape, nullptr);
    EXPECT_EQ(shape->radius, 5.0f);
    EXPECT_EQ(shape->color, glm::vec4(1.0f));
    const Guid child{0xb1};
    const auto* moved =
        static_cast<const Transform2D*>(prefab->find(child, component_id<Transform2D>()));
    ASSERT_NE(moved, nullptr);
    EXPECT_EQ(moved->position, glm::vec2(4.0f, 0.0f));
    EXPECT_EQ(moved->scale, glm::vec2(1.0f));
}

TEST_F(UnfitFieldsTest, OtherProblemsStillFailAKeepingPrefabLoad) {
    const std::string head = R"({"format": "diorama.prefab", "version": 1, "name": "odd",
        "components": {"Transform2D": {"position": "left"})";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {head + R"(}, "children": [{"parent": "00000000000000b0"}]})", "children[0]: missing"},
        {head + R"(, "Velocity": 3}})", "components.Velocity: expected an object"},
        {head + R"(, "Sprite": {"image": "/etc/passwd"}}})", "components.Sprite.image: "},
    };
    for (const auto& [text, expected] : cases) {
        SCOPED_TRACE(expected);
        Diagnostics d;
        EXPECT_FALSE(parse_prefab(text, "prefabs/odd.prefab.json", project, registry, d, nullptr,
                                  {.keep_unfit_fields = true})
                         .ok());
        EXPECT_TRUE(reported(d, "prefabs/odd.prefab.json: " + expected)) << d.format();
    }
}

} // namespace
} // namespace diorama
