// Prefabs of several objects: children with local guids, nested prefabs (a child from another
// prefab, its values overridden), instances with their own guids and references, scene entries
// naming the prefab object they come from, and cycles refused.

#include "diorama/json_io.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace prefab_test {
// A component naming another object.
struct Aim {
    diorama::Guid target{};
};
} // namespace prefab_test

namespace diorama {
template <>
TypeInfo describe<prefab_test::Aim>() {
    return TypeBuilder<prefab_test::Aim>("Aim").field<&prefab_test::Aim::target>("target").build();
}

namespace {

namespace fs = std::filesystem;
using prefab_test::Aim;

// A door with a knob below it.
const char* const kDoor = R"({
  "format": "diorama.prefab", "version": 1, "name": "door", "id": "00000000000000d0",
  "components": { "Shape": { "size": [16.0, 32.0] } },
  "children": [
    { "id": "00000000000000d1", "name": "knob",
      "components": { "Transform2D": { "position": [4.0, 0.0] }, "Shape": { "size": [2.0, 2.0] } } }
  ]
})";

// A house: a roof aiming at its door, and a door from door.prefab.json made wider (its knob
// comes along).
const char* const kHouse = R"({
  "format": "diorama.prefab", "version": 1, "name": "house", "id": "00000000000000a0",
  "components": { "Shape": { "size": [64.0, 48.0] } },
  "children": [
    { "id": "00000000000000a1", "name": "roof",
      "components": { "Transform2D": { "position": [0.0, -30.0] },
                      "Aim": { "target": "00000000000000a2" } } },
    { "id": "00000000000000a2", "name": "door", "prefab": "prefabs/door.prefab.json",
      "components": { "Shape": { "size": [20.0, 32.0] } } },
    { "id": "00000000000000a3", "parent": "00000000000000a2", "name": "knob",
      "prefab": "prefabs/door.prefab.json", "part": "00000000000000d1", "components": {} }
  ]
})";

class PrefabChildrenTest : public ::testing::Test {
protected:
    PrefabChildrenTest() {
        root = fs::temp_directory_path() /
               ("diorama_prefab_children_" +
                std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root);
        fs::create_directories(root / "prefabs");
        project.root = root;
        register_builtin_components(registry);
        EXPECT_TRUE(registry.add(describe<Aim>()).ok());
    }
    ~PrefabChildrenTest() override { fs::remove_all(root); }

    void write(const std::string& relative, const std::string& text) const {
        std::ofstream(root / relative) << text;
    }
    void load(Diagnostics& d) { prefabs.load_folder(project, registry, d); }

    fs::path root;
    Project project;
    TypeRegistry registry;
    PrefabLibrary prefabs;
};

TEST_F(PrefabChildrenTest, ANestedChildHasItsPrefabsValuesWithTheOverridesOnTop) {
    write("prefabs/house.prefab.json", kHouse); // listed before door: loaded after it
    write("prefabs/door.prefab.json", kDoor);
    Diagnostics d;
    load(d);
    ASSERT_FALSE(d.has_errors()) << d.format();
    const Prefab* house = prefabs.find("house");
    ASSERT_NE(house, nullptr);
    ASSERT_EQ(house->children.size(), 3u);
    const PrefabPart* door = house->part(Guid{0xa2});
    ASSERT_NE(door, nullptr);
    EXPECT_EQ(door->prefab, "prefabs/door.prefab.json");
    EXPECT_TRUE(door->parent.is_null()) << "the root's id as parent means the root";
    const auto* shape = static_cast<const Shape*>(door->find(component_id<Shape>()));
    ASSERT_NE(shape, nullptr);
    EXPECT_EQ(shape->size, glm::vec2(20.0f, 32.0f)) << "the house's override";
    const auto* knob = static_cast<const Shape*>(house->find(Guid{0xa3}, component_id<Shape>()));
    ASSERT_NE(knob, nullptr);
    EXPECT_EQ(knob->size, glm::vec2(2.0f, 2.0f)) << "the door prefab's knob";
    EXPECT_EQ(house->nested_prefabs(), std::vector<std::string>{"prefabs/door.prefab.json"});
}

TEST_F(PrefabChildrenTest, InstancesGetTheirOwnGuidsAndReferencesFollowThem) {
    write("prefabs/door.prefab.json", kDoor);
    write("prefabs/house.prefab.json", kHouse);
    Diagnostics d;
    load(d);
    ASSERT_FALSE(d.has_errors()) << d.format();
    World world(registry);
    const Prefab& house = *prefabs.find("house");
    auto first = instantiate(world, house, ObjectDef{.name = "house"});
    auto second = instantiate(world, house, ObjectDef{.name = "house"});
    ASSERT_TRUE(first.ok() && second.ok());
    EXPECT_EQ(world.object_count(), 8u);
    for (Handle h : {*first, *second}) {
        const std::vector<Handle> kids = world.children(h);
        ASSERT_EQ(kids.size(), 2u);
        EXPECT_EQ(world.name(kids[0]), "roof");
        EXPECT_EQ(world.name(kids[1]), "door");
        ASSERT_EQ(world.children(kids[1]).size(), 1u) << "the knob is below the door";
        EXPECT_EQ(world.get<PrefabInstance>(kids[1])->part, Guid{0xa2});
        EXPECT_EQ(world.get<Aim>(kids[0])->target, world.guid(kids[1]))
            << "the roof aims at its own house's door";
    }
    EXPECT_NE(world.guid(world.children(*first)[1]), world.guid(world.children(*second)[1]));
}

TEST_F(PrefabChildrenTest, AnInstanceSavesWhatItOverridesPerObjectAndLoadsBackTheSame) {
    write("prefabs/door.prefab.json", kDoor);
    write("prefabs/house.prefab.json", kHouse);
    Diagnostics d;
    load(d);
    World world(registry);
    auto house = instantiate(world, *prefabs.find("house"), ObjectDef{.name = "house"});
    ASSERT_TRUE(house.ok());
    const Handle knob = world.children(world.children(*house)[1])[0];
    world.get<Shape>(knob)->size = glm::vec2(3.0f, 3.0f);

    auto json = scene_to_json(world, "s", prefabs);
    ASSERT_TRUE(json.ok());
    const Json& objects = (*json)["objects"];
    ASSERT_EQ(objects.size(), 4u);
    EXPECT_EQ(objects[1]["part"], "00000000000000a1");
    EXPECT_EQ(objects[1]["components"], Json::object()) << "the roof is as the prefab has it";
    EXPECT_EQ(objects[3]["part"], "00000000000000a3");
    EXPECT_EQ(objects[3]["components"]["Shape"]["size"], Json::parse("[3.0, 3.0]"));

    World again(registry);
    ASSERT_TRUE(
        load_scene_text(again, to_pretty_json(*json), "s.scene.json", project, prefabs, d).ok())
        << d.format();
    EXPECT_EQ(state_hash(again), state_hash(world));
}

TEST_F(PrefabChildrenTest, AnEntryNamingAnObjectThePrefabNoLongerHasIsAnErrorWithItsPath) {
    write("prefabs/door.prefab.json", kDoor);
    Diagnostics d;
    load(d);
    World world(registry);
    const char* text = R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "0000000000000001", "prefab": "prefabs/door.prefab.json"},
        {"guid": "0000000000000002", "parent": "0000000000000001",
         "prefab": "prefabs/door.prefab.json", "part": "00000000000000e9"}]})";
    EXPECT_FALSE(load_scene_text(world, text, "s.scene.json", project, prefabs, d).ok());
    EXPECT_NE(d.format().find("s.scene.json: objects[1].part: prefab "
                              "\"prefabs/door.prefab.json\" has no object 00000000000000e9"),
              std::string::npos)
        << d.format();
}

TEST_F(PrefabChildrenTest, APrefabThatContainsItselfIsRefusedNamingTheChain) {
    write("prefabs/a.prefab.json", R"({"format": "diorama.prefab", "version": 1, "name": "a",
        "children": [{"id": "0000000000000001", "prefab": "prefabs/b.prefab.json"}]})");
    write("prefabs/b.prefab.json", R"({"format": "diorama.prefab", "version": 1, "name": "b",
        "children": [{"id": "0000000000000002", "prefab": "prefabs/a.prefab.json"}]})");
    write("prefabs/self.prefab.json", R"({"format": "diorama.prefab", "version": 1,
        "children": [{"id": "0000000000000003", "prefab": "prefabs/self.prefab.json"}]})");
    Diagnostics d;
    load(d);
    const std::string text = d.format();
    EXPECT_NE(text.find("prefabs/b.prefab.json: children[0].prefab: prefab cycle "
                        "prefabs/a.prefab.json -> prefabs/b.prefab.json -> "
                        "prefabs/a.prefab.json: a prefab cannot contain itself"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("prefabs/self.prefab.json: children[0].prefab: prefab cycle "
                        "prefabs/self.prefab.json -> prefabs/self.prefab.json"),
              std::string::npos)
        << text;
    EXPECT_EQ(prefabs.find("b"), nullptr);
    EXPECT_EQ(prefabs.find("self"), nullptr);
}

TEST_F(PrefabChildrenTest, PrefabCycleTellsWhetherANewChildWouldCloseACycle) {
    write("prefabs/door.prefab.json", kDoor);
    write("prefabs/house.prefab.json", kHouse);
    Diagnostics d;
    load(d);
    EXPECT_EQ(prefab_cycle(prefabs, "prefabs/door.prefab.json", {"prefabs/house.prefab.json"}),
              "prefabs/door.prefab.json -> prefabs/house.prefab.json -> prefabs/door.prefab.json");
    EXPECT_EQ(prefab_cycle(prefabs, "prefabs/street.prefab.json", {"prefabs/house.prefab.json"}),
              "");
}

TEST_F(PrefabChildrenTest, BrokenChildrenAreErrorsWithTheirJsonPaths) {
    write("prefabs/door.prefab.json", kDoor);
    write("prefabs/bad.prefab.json", R"({"format": "diorama.prefab", "version": 1,
        "id": "0000000000000001",
        "children": [
          {"name": "no id"},
          {"id": "0000000000000001"},
          {"id": "0000000000000002", "parent": "00000000000000ff"},
          {"id": "0000000000000003", "prefab": "prefabs/dor.prefab.json"},
          {"id": "0000000000000004", "prefab": "prefabs/door.prefab.json", "part": "0000000000000009"},
          {"id": "0000000000000005", "components": {"Shape": null}}
        ]})");
    Diagnostics d;
    load(d);
    const std::string text = d.format();
    for (const char* expected :
         {"bad.prefab.json: children[0]: missing \"id\"",
          "children[1].id: id 0000000000000001 is used twice in the prefab",
          "children[2].parent: parent 00000000000000ff is neither the prefab's \"id\" nor an "
          "object listed before this one",
          "children[3].prefab: prefab \"prefabs/dor.prefab.json\" not found (or it has errors); "
          "did you mean \"prefabs/door.prefab.json\"?",
          "children[4].part: prefab \"prefabs/door.prefab.json\" has no object 0000000000000009",
          "children[5].components.Shape: null only removes a component the nested prefab has"})
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
    EXPECT_EQ(prefabs.find("bad"), nullptr);
}

TEST_F(PrefabChildrenTest, AWrittenPrefabReadsBackToTheSameFile) {
    write("prefabs/door.prefab.json", kDoor);
    write("prefabs/house.prefab.json", kHouse);
    Diagnostics d;
    load(d);
    const Prefab& house = *prefabs.find("house");
    auto json = prefab_to_json(house, &prefabs);
    ASSERT_TRUE(json.ok()) << json.error().describe();
    EXPECT_EQ((*json)["children"][1]["components"],
              Json::parse(R"({"Shape": {"size": [20.0, 32.0]}})"))
        << "a nested child writes what differs from its prefab";
    EXPECT_EQ((*json)["children"][2]["components"], Json::object());
    auto again = parse_prefab(to_pretty_json(*json), house.path, project, registry, d, &prefabs);
    ASSERT_TRUE(again.ok()) << d.format();
    EXPECT_EQ(*prefab_to_json(*again, &prefabs), *json);
}

} // namespace
} // namespace diorama
