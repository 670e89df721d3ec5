#include "diorama/file_io.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "broken_project.h"
#include "mapping_flags.h"
#include "under_asan.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace diorama {
namespace {

namespace fs = std::filesystem;

const fs::path& kBroken = test::kBrokenProject;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

class SceneFileTest : public test::BrokenProjectTest {
protected:
    SceneFileTest() {
        temp = fs::temp_directory_path() / ("diorama_scene_test_" + std::to_string(::getpid()));
        fs::create_directories(temp);
    }
    ~SceneFileTest() override { fs::remove_all(temp); }

    // Loads scenes/NAME into a fresh world; returns the diagnostics.
    Diagnostics load(const std::string& name, World& world) {
        Diagnostics d;
        (void)load_scene(world, "scenes/" + name, project, prefabs, d);
        return d;
    }

    // The one error of a broken scene, as "where: message".
    std::string only_error(const std::string& name) {
        World world(registry);
        Diagnostics d = load(name, world);
        EXPECT_TRUE(d.has_errors()) << name << " should not load";
        EXPECT_EQ(world.object_count(), 0u) << "a failed load leaves the world empty";
        return d.has_errors() ? d.first_error().describe() : std::string();
    }

    fs::path temp;
};

TEST_F(SceneFileTest, GoodSceneLoadsWithPrefabHierarchyAndUnknownComponent) {
    World world(registry);
    Diagnostics d = load("good.scene.json", world);
    ASSERT_FALSE(d.has_errors()) << d.format();
    EXPECT_EQ(world.object_count(), 3u);
    const Handle block = world.find(Guid{1});
    const Handle child = world.find(Guid{2});
    ASSERT_TRUE(block && child);
    EXPECT_EQ(world.parent(child), block);
    EXPECT_EQ(world.get<Transform2D>(block)->position, glm::vec2(10, 20));
    ASSERT_NE(world.get<Shape>(block), nullptr) << "components come from the prefab";
    EXPECT_EQ(world.get<Shape>(block)->color, glm::vec4(0.5f, 0.5f, 1.0f, 1.0f));
    EXPECT_NE(world.get<Collider>(block), nullptr);
    EXPECT_EQ(world.layers(), (std::vector<std::string>{"world", "ui"}));
    EXPECT_EQ(d.warning_count(), 1u) << d.format();
    EXPECT_NE(d.format().find("FutureThing"), std::string::npos);
}

TEST_F(SceneFileTest, SavingTwiceGivesIdenticalBytesAndTheUnknownComponentSurvives) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    const fs::path first = temp / "first.scene.json";
    const fs::path second = temp / "second.scene.json";
    ASSERT_TRUE(save_scene(world, first, "good", prefabs).ok());
    World again(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene(again, first, project, prefabs, d).ok()) << d.format();
    EXPECT_EQ(state_hash(again), state_hash(world));
    ASSERT_TRUE(save_scene(again, second, "good", prefabs).ok());
    EXPECT_EQ(slurp(first), slurp(second));
    EXPECT_NE(slurp(second).find("\"FutureThing\""), std::string::npos);
    EXPECT_NE(slurp(second).find("\"nested\": true"), std::string::npos);
}

TEST_F(SceneFileTest, TheCommittedGoodSceneIsAlreadyInSavedForm) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    auto json = scene_to_json(world, "good", prefabs);
    ASSERT_TRUE(json.ok());
    EXPECT_EQ(to_pretty_json(*json), slurp(kBroken / "scenes/good.scene.json"));
}

TEST_F(SceneFileTest, TheSavedTextIsThePrettySceneJson) {
    World world(registry);
    Diagnostics d = load("good.scene.json", world);
    ASSERT_FALSE(d.has_errors()) << d.format();
    auto json = scene_to_json(world, "good \"quoted\"", prefabs);
    auto text = scene_to_text(world, "good \"quoted\"", prefabs);
    ASSERT_TRUE(json.ok() && text.ok());
    EXPECT_EQ(*text, to_pretty_json(*json));
    World empty(registry);
    EXPECT_EQ(*scene_to_text(empty, "e", prefabs),
              to_pretty_json(*scene_to_json(empty, "e", prefabs)));
}

// scene_to_text reserves room for the rest of a large scene from the size of its first objects;
// the text is the same whether those were larger or smaller than the rest.
TEST_F(SceneFileTest, ALargeSceneSavesTheSameTextWhateverSizeItsFirstObjectsAre) {
    for (const bool large_first : {true, false}) {
        World world(registry);
        for (int i = 0; i < 700; ++i) {
            const Handle h = world.create();
            const bool large = (i < 300) == large_first;
            world.set_name(h, std::string(large ? 3000 : 1, static_cast<char>('a' + i % 26)));
        }
        auto text = scene_to_text(world, "big", prefabs);
        auto json = scene_to_json(world, "big", prefabs);
        ASSERT_TRUE(text.ok() && json.ok());
        EXPECT_EQ(*text, to_pretty_json(*json)) << "large objects first: " << large_first;
    }
}

// Once a large scene's text has its room reserved, the string asks for huge pages under it, so
// filling it does not fault in page by page (large_block.h).
TEST_F(SceneFileTest, ALargeScenesTextLiesInMemoryAskingForHugePages) {
    World world(registry);
    for (int i = 0; i < 2500; ++i)
        world.set_name(world.create(), std::string(4000, static_cast<char>('a' + i % 26)));
    auto text = scene_to_text(world, "big", prefabs);
    ASSERT_TRUE(text.ok());
    ASSERT_GT(text->size(), std::size_t{8} << 20);
#if !defined(DIORAMA_UNDER_ASAN)
    const std::string flags = test::vm_flags_of(text->data() + text->size() / 2);
    EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
#endif
    EXPECT_EQ(*text, to_pretty_json(*scene_to_json(world, "big", prefabs)));
}

TEST_F(SceneFileTest, InstancesSaveOnlyTheirOverrides) {
    World world(registry);
    const Prefab* block = prefabs.find("block");
    ASSERT_NE(block, nullptr);
    auto h = instantiate(world, *block, ObjectDef{.guid = Guid{7}});
    ASSERT_TRUE(h.ok());
    world.get<Shape>(*h)->size = {64, 8};
    auto json = scene_to_json(world, "s", prefabs);
    ASSERT_TRUE(json.ok());
    const Json& components = (*json)["objects"][0]["components"];
    EXPECT_EQ(components["Shape"], Json::parse(R"({"size": [64.0, 8.0]})"));
    EXPECT_FALSE(components.contains("Collider")) << "unchanged prefab components are inherited";
    world.remove<Collider>(*h);
    json = scene_to_json(world, "s", prefabs);
    EXPECT_TRUE((*json)["objects"][0]["components"]["Collider"].is_null())
        << "a removed prefab component is null";
}

TEST_F(SceneFileTest, ChangingThePrefabChangesInstancesThatDoNotOverride) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    auto saved = scene_to_json(world, "good", prefabs);
    ASSERT_TRUE(saved.ok());

    PrefabLibrary edited;
    Prefab block = *prefabs.find("block");
    auto shape =
        std::make_shared<Shape>(*static_cast<const Shape*>(block.find(component_id<Shape>())));
    shape->color = {1, 0, 0, 1};
    for (auto& c : block.components)
        if (c.type->id == component_id<Shape>()) c.value = shape;
    edited.add(block);

    World reloaded(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(reloaded, to_pretty_json(*saved), "good", project, edited, d).ok())
        << d.format();
    EXPECT_EQ(reloaded.get<Shape>(reloaded.find(Guid{1}))->color, glm::vec4(1, 0, 0, 1));
    EXPECT_EQ(reloaded.get<Transform2D>(reloaded.find(Guid{1}))->position, glm::vec2(10, 20))
        << "overrides stay";
}

TEST_F(SceneFileTest, EachBrokenSceneGivesItsOwnError) {
    struct Case {
        const char* file;
        const char* expected; // a piece of "where: message"
    };
    const Case cases[] = {
        {"truncated.scene.json", "truncated.scene.json:1:"},
        {"wrong_type.scene.json",
         "objects[0].components.Transform2D.position: expected [x, y], got a string"},
        {"nan.scene.json", "nan.scene.json:2:"},
        {"null_number.scene.json",
         "objects[0].components.Transform2D.position[1]: expected a number, got null"},
        {"duplicate_guid.scene.json",
         "objects[1].guid: guid 0000000000000001 is also used by objects[0]"},
        {"parent_cycle.scene.json", "makes a cycle"},
        {"missing_prefab.scene.json",
         "objects[0].prefab: prefab \"prefabs/nothing.prefab.json\" not found"},
        {"escaping_path.scene.json", "objects[0].components.Sprite.image: asset path "
                                     "\"../../../etc/passwd\" leaves the project"},
        {"absolute_path.scene.json",
         "objects[0].components.Sprite.image: asset path \"/etc/passwd\" is absolute"},
        {"newer_version.scene.json", "version: version 99 was written by a newer Diorama"},
        {"duplicate_key.scene.json", "objects[0].name: duplicate key \"name\""},
        {"unknown_field.scene.json",
         "objects[0].components.Shape.colour: Shape has no field \"colour\""},
        {"bad_enum.scene.json",
         "objects[0].components.Shape.kind: \"triangle\" is not one of: rect, circle"},
        {"negative_size.scene.json",
         "objects[0].components.Shape.size: value outside the field's range"},
        {"unknown_layer.scene.json", "objects[0].layer: layer \"sky\" is not in \"layers\""},
        {"wrong_format.scene.json", "format: expected \"format\": \"diorama.scene\""},
        {"deep_nesting.scene.json", "nesting deeper than 64 levels"},
    };
    for (const Case& c : cases) {
        const std::string error = only_error(c.file);
        EXPECT_NE(error.find(c.expected), std::string::npos) << c.file << " gave: " << error;
        EXPECT_NE(error.find(c.file), std::string::npos) << "the error names the file: " << error;
    }
}

TEST_F(SceneFileTest, EveryProblemIsListedNotJustTheFirst) {
    World world(registry);
    Diagnostics d;
    const char* text =
        R"({"format": "diorama.scene", "version": 1, "layers": ["world"], "objects": [
        {"guid": "0000000000000001", "components": {"Shape": {"kind": "hexagon", "radius": "big"}}},
        {"guid": "zz", "name": 5}]})";
    EXPECT_FALSE(load_scene_text(world, text, "many.scene.json", project, prefabs, d).ok());
    EXPECT_GE(d.error_count(), 3u) << d.format();
}

TEST_F(SceneFileTest, ObjectsBeforeTheirLayersInTheTextStillFindThem) {
    World world(registry);
    Diagnostics d;
    const char* text = R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "0000000000000001", "layer": "front"}], "layers": ["world", "front"]})";
    ASSERT_TRUE(load_scene_text(world, text, "late.scene.json", project, prefabs, d).ok())
        << d.format();
    const Handle h = world.find(Guid{1});
    ASSERT_TRUE(h);
    EXPECT_EQ(world.layers()[world.layer(h)], "front");
}

TEST_F(SceneFileTest, BrokenTextAfterTheObjectsGivesOnlyTheSyntaxErrorAndNoObjects) {
    World world(registry);
    Diagnostics d;
    const char* text = R"({"format": "diorama.scene", "version": 1, "layers": ["world"],
        "objects": [{"guid": "0000000000000001"}, {"guid": "zz"}], "name": })";
    EXPECT_FALSE(load_scene_text(world, text, "cut.scene.json", project, prefabs, d).ok());
    EXPECT_EQ(d.error_count(), 1u) << d.format();
    EXPECT_NE(d.format().find("cut.scene.json:2:"), std::string::npos) << d.format();
    EXPECT_EQ(world.object_count(), 0u);
}

TEST_F(SceneFileTest, AnUnusableHeaderAfterTheObjectsHidesTheirProblems) {
    World world(registry);
    Diagnostics d;
    const char* text = R"({"format": "diorama.scene", "layers": ["world"],
        "objects": [{"guid": "zz"}], "version": 99})";
    EXPECT_FALSE(load_scene_text(world, text, "new.scene.json", project, prefabs, d).ok());
    EXPECT_EQ(d.error_count(), 1u) << d.format();
    EXPECT_NE(d.format().find("new.scene.json: version"), std::string::npos) << d.format();
    EXPECT_EQ(world.object_count(), 0u);
}

TEST_F(SceneFileTest, DanglingReferencesAreReportedButLoad) {
    struct Holder {
        Guid target{};
    };
    (void)registry; // a local registry with a reference-holding type
    TypeRegistry local;
    register_builtin_components(local);
    ASSERT_TRUE(
        local.add(TypeBuilder<Holder>("Holder").field<&Holder::target>("target").build()).ok());
    World world(local);
    Diagnostics d;
    const char* text = R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "0000000000000001", "components": {"Holder": {"target": "00000000000000ff"}}}]})";
    ASSERT_TRUE(load_scene_text(world, text, "refs.scene.json", project, prefabs, d).ok())
        << d.format();
    EXPECT_EQ(d.warning_count(), 1u);
    EXPECT_NE(
        d.format().find(
            "objects[0].components.Holder.target: reference to missing object 00000000000000ff"),
        std::string::npos)
        << d.format();
}

TEST_F(SceneFileTest, OversizedFilesAreRefusedBeforeReading) {
    const fs::path huge = project.root / "scenes" / "huge_generated.scene.json";
    { std::ofstream(huge).put(' '); }
    fs::resize_file(huge, 300ull << 20); // sparse: no disk used
    World world(registry);
    Diagnostics d;
    EXPECT_FALSE(load_scene(world, huge, project, prefabs, d).ok());
    fs::remove(huge);
    EXPECT_NE(d.format().find("the limit is"), std::string::npos) << d.format();
}

TEST_F(SceneFileTest, HugeArraysAreReportedWithoutCrashing) {
    std::string text = R"({"format": "diorama.scene", "version": 1, "objects": [)";
    for (int i = 0; i < 200000; ++i)
        text += i ? ",1" : "1";
    text += "]}";
    World world(registry);
    Diagnostics d;
    EXPECT_FALSE(load_scene_text(world, text, "huge.scene.json", project, prefabs, d).ok());
    EXPECT_EQ(d.error_count(), 200000u);
    EXPECT_EQ(d.problems().size(), Diagnostics::kMaxStored);
}

TEST_F(SceneFileTest, NanIsRefusedOnSave) {
    World world(registry);
    const Handle h = world.create();
    world.get<Transform2D>(h)->rotation_deg = std::numeric_limits<float>::quiet_NaN();
    const fs::path path = temp / "nan.scene.json";
    auto saved = save_scene(world, path, "nan", prefabs);
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.error().describe().find("Transform2D.rotation_deg"), std::string::npos)
        << saved.error().describe();
    EXPECT_FALSE(fs::exists(path));
}

TEST_F(SceneFileTest, AFailedSaveLeavesThePreviousFileLoadable) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    const fs::path path = temp / "level.scene.json";
    ASSERT_TRUE(save_scene(world, path, "good", prefabs).ok());
    const std::string before = slurp(path);
    world.get<Transform2D>(world.find(Guid{1}))->position = {99, 99};

    for (SaveStage stage :
         {SaveStage::Open, SaveStage::Write, SaveStage::Sync, SaveStage::Rename}) {
        inject_save_fault(stage, stage == SaveStage::Write ? ENOSPC : EIO);
        auto saved = save_scene(world, path, "good", prefabs);
        inject_save_fault(stage, 0);
        ASSERT_FALSE(saved.ok());
        EXPECT_NE(saved.error().describe().find(path.string()), std::string::npos)
            << saved.error().describe();
        EXPECT_EQ(slurp(path), before) << "the previous file is untouched";
        for (const auto& e : fs::directory_iterator(temp))
            EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos)
                << "temp file left: " << e.path();
    }
    World reloaded(registry);
    Diagnostics d;
    EXPECT_TRUE(load_scene(reloaded, path, project, prefabs, d).ok()) << d.format();
}

TEST_F(SceneFileTest, SaveKeepsThePreviousVersionAsABackup) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    const fs::path path = temp / "level.scene.json";
    ASSERT_TRUE(save_scene(world, path, "good", prefabs).ok());
    const std::string first = slurp(path);
    world.get<Transform2D>(world.find(Guid{1}))->position = {99, 99};
    ASSERT_TRUE(save_scene(world, path, "good", prefabs).ok());
    EXPECT_EQ(slurp(path.string() + ".1"), first);
    EXPECT_NE(slurp(path), first);
}

TEST_F(SceneFileTest, SavingIntoAMissingFolderFailsWithThePath) {
    World world(registry);
    const fs::path path = temp / "no" / "such" / "folder" / "x.scene.json";
    auto saved = save_scene(world, path, "x", prefabs);
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.error().describe().find("no/such/folder"), std::string::npos)
        << saved.error().describe();
}

TEST_F(SceneFileTest, ObjectsRoundTripIntoAWorldThatHasOthers) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    const Handle block = world.find(Guid{1});
    const Handle child = world.find(Guid{2});
    const std::uint64_t before = state_hash(world);
    auto entries = objects_to_json(world, std::vector<Handle>{child, block}, prefabs);
    ASSERT_TRUE(entries.ok());
    ASSERT_EQ(entries->size(), 2u);
    EXPECT_EQ((*entries)[0]["guid"], "0000000000000001") << "parents come first";

    world.destroy(block); // and with it the child
    world.flush();
    ASSERT_EQ(world.object_count(), 1u);
    Diagnostics d;
    auto added = add_objects(world, *entries, project, prefabs, d);
    ASSERT_TRUE(added.ok()) << d.format();
    EXPECT_EQ(added->size(), 2u);
    EXPECT_EQ(state_hash(world), before) << "deleting and re-adding restores the exact state";
}

TEST_F(SceneFileTest, FreshGuidsDuplicateObjectsAndTheirLinks) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    const Handle block = world.find(Guid{1});
    auto entries = objects_to_json(world, std::vector<Handle>{block, world.find(Guid{2})}, prefabs);
    ASSERT_TRUE(entries.ok());
    Diagnostics d;
    auto copies = add_objects(world, *entries, project, prefabs, d, true);
    ASSERT_TRUE(copies.ok()) << d.format();
    ASSERT_EQ(copies->size(), 2u);
    EXPECT_EQ(world.object_count(), 5u);
    const Handle copy_block = (*copies)[0];
    const Handle copy_child = (*copies)[1];
    EXPECT_NE(world.guid(copy_block), Guid{1});
    EXPECT_EQ(world.parent(copy_child), copy_block)
        << "the copy's child hangs under the copied parent";
    EXPECT_EQ(world.parent(world.find(Guid{2})), block) << "the original is untouched";
}

TEST_F(SceneFileTest, AddingObjectsWithGuidsInUseAddsNothing) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    auto entries = objects_to_json(world, std::vector<Handle>{world.find(Guid{3})}, prefabs);
    ASSERT_TRUE(entries.ok());
    Diagnostics d;
    EXPECT_FALSE(add_objects(world, *entries, project, prefabs, d).ok());
    EXPECT_EQ(world.object_count(), 3u);
    EXPECT_NE(d.format().find("already used"), std::string::npos) << d.format();
}

// The reader finds earlier entries through the world's own guid index; an entry whose object was
// refused still claims its guid.
TEST_F(SceneFileTest, ADuplicateOfAnEntryThatWasRefusedIsStillNamedADuplicate) {
    World world(registry);
    Diagnostics d;
    const char* text = R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "0000000000000001"},
        {"guid": "0000000000000002", "prefab": "prefabs/nothing.prefab.json"},
        {"guid": "0000000000000002"},
        {"guid": "0000000000000001"}]})";
    EXPECT_FALSE(load_scene_text(world, text, "dup.scene.json", project, prefabs, d).ok());
    const std::string report = d.format();
    EXPECT_NE(report.find("objects[2].guid: guid 0000000000000002 is also used by objects[1]"),
              std::string::npos)
        << report;
    EXPECT_NE(report.find("objects[3].guid: guid 0000000000000001 is also used by objects[0]"),
              std::string::npos)
        << report;
}

TEST_F(SceneFileTest, PastedEntriesThatRepeatAGuidAreDuplicatesOfEachOtherNotOfTheWorld) {
    World world(registry);
    ASSERT_FALSE(load("good.scene.json", world).has_errors());
    const Json entries =
        Json::parse(R"([{"guid": "00000000000000f1"}, {"guid": "00000000000000f1"}])");
    Diagnostics d;
    EXPECT_FALSE(add_objects(world, entries, project, prefabs, d).ok());
    EXPECT_NE(d.format().find("objects[1].guid: guid 00000000000000f1 is also used by objects[0]"),
              std::string::npos)
        << d.format();
    EXPECT_EQ(world.object_count(), 3u);
}

// Components are matched to their types in one pass over the entry; types the registry does not
// know are kept, and every entry starts from nothing (no component leaks into the next entry).
TEST_F(SceneFileTest, EachEntryGetsExactlyItsOwnComponents) {
    World world(registry);
    Diagnostics d;
    const char* text = R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "0000000000000001", "components": {"Alien": {"x": 1},
            "Shape": {"size": [3, 4]}, "Velocity": {"linear": [1, 2]}}},
        {"guid": "0000000000000002", "components": {"Transform2D": {"position": [5, 6]}}}]})";
    ASSERT_TRUE(load_scene_text(world, text, "mix.scene.json", project, prefabs, d).ok())
        << d.format();
    const Handle first = world.find(Guid{1});
    const Handle second = world.find(Guid{2});
    ASSERT_NE(world.get<Shape>(first), nullptr);
    EXPECT_EQ(world.get<Shape>(first)->size, glm::vec2(3, 4));
    ASSERT_NE(world.get<Velocity>(first), nullptr);
    ASSERT_NE(world.get<UnknownComponents>(first), nullptr);
    EXPECT_EQ(world.get<UnknownComponents>(first)->components.at("Alien"),
              Json::parse(R"({"x": 1})"));
    EXPECT_EQ(world.get<Shape>(second), nullptr);
    EXPECT_EQ(world.get<Velocity>(second), nullptr);
    EXPECT_EQ(world.get<UnknownComponents>(second), nullptr);
    EXPECT_EQ(world.get<Transform2D>(second)->position, glm::vec2(5, 6));
    EXPECT_EQ(d.warning_count(), 1u) << d.format();
}

TEST_F(SceneFileTest, TheOrderOfRootsAndChildrenIsSavedAndComesBack) {
    World world(registry);
    const Handle a = world.create({.name = "A", .guid = Guid{0xa}}).value();
    const Handle b = world.create({.name = "B", .guid = Guid{0xb}}).value();
    const Handle c = world.create({.name = "C", .guid = Guid{0xc}}).value();
    const Handle c1 = world.create({.name = "C1", .parent = c, .guid = Guid{0xc1}}).value();
    const Handle c2 = world.create({.name = "C2", .parent = c, .guid = Guid{0xc2}}).value();
    ASSERT_TRUE(world.move_before(c, a));
    ASSERT_TRUE(world.move_before(b, a));
    ASSERT_TRUE(world.move_before(c2, c1));
    const fs::path file = temp / "order.scene.json";
    ASSERT_TRUE(save_scene(world, file, "order", prefabs).ok());
    const std::string text = slurp(file);
    const auto at = [&](const char* guid) { return text.find(guid); };
    EXPECT_LT(at("\"000000000000000c\""), at("\"00000000000000c2\""));
    EXPECT_LT(at("\"00000000000000c2\""), at("\"00000000000000c1\""));
    EXPECT_LT(at("\"00000000000000c1\""), at("\"000000000000000b\""));
    EXPECT_LT(at("\"000000000000000b\""), at("\"000000000000000a\""));

    World again(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene(again, file, project, prefabs, d).ok()) << d.format();
    std::vector<Guid> roots;
    for (Handle r = again.first_root(); r; r = again.next_sibling(r))
        roots.push_back(again.guid(r));
    EXPECT_EQ(roots, (std::vector<Guid>{Guid{0xc}, Guid{0xb}, Guid{0xa}}));
    std::vector<Guid> kids;
    for (Handle k : again.children(again.find(Guid{0xc})))
        kids.push_back(again.guid(k));
    EXPECT_EQ(kids, (std::vector<Guid>{Guid{0xc2}, Guid{0xc1}}));
    EXPECT_LT(again.tree_rank(again.find(Guid{0xb})), again.tree_rank(again.find(Guid{0xa})));
    const fs::path second = temp / "order2.scene.json";
    ASSERT_TRUE(save_scene(again, second, "order", prefabs).ok());
    EXPECT_EQ(slurp(second), text) << "the reloaded order saves the same bytes";
}

} // namespace
} // namespace diorama
