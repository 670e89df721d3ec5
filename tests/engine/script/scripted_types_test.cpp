// Component types declared in Lua: they register in the TypeRegistry with the same kinds and
// hints as C++ reflection, and files, prefabs and the state hash treat them as native types.

#include "script_project.h"

#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

using test::scene_with;
using test::ScriptProject;

constexpr const char* kBatScript = R"lua(
local Bat = component "Bat" {
    { "speed", "float", 60, min = 0, max = 500, step = 2, tooltip = "units per second" },
    { "hits", "int", 3 },
    { "mood", "enum", "calm", values = { "calm", "angry" } },
    { "home", "vec2", vec2(1, 2), applies_when = { "mood", "angry" } },
    { "tint", "color", color(1, 0, 0) },
    { "label", "string", "bat", multiline = true },
    { "target", "object" },
    { "sprite", "asset", "sprites/bat.png", asset = "image" },
    { "awake", "bool", true },
}
)lua";

class ScriptedTypes : public ::testing::Test {
protected:
    ScriptedTypes() {
        project.write("scripts/bat.lua", kBatScript);
        project.write("prefabs/bat.prefab.json", R"({"format": "diorama.prefab", "version": 1,
            "name": "bat", "components": {"Bat": {"speed": 10.0, "label": "from prefab"}}})");
    }

    // Opens the game and loads a scene of these objects (the test fails when either fails).
    LoadedScene open(const std::string& objects) {
        project.write("scenes/main.scene.json", scene_with(objects));
        Diagnostics problems;
        auto opened = Game::open(project.root(), problems);
        EXPECT_TRUE(opened) << problems.format();
        EXPECT_FALSE(problems.has_errors()) << problems.format();
        game = std::move(*opened);
        auto scene = game->load_scene("main", problems);
        EXPECT_TRUE(scene) << problems.format();
        return std::move(*scene);
    }

    // A field of the object's component of the named type.
    FieldValue field_of(const World& world, Handle h, const std::string& type,
                        const std::string& field) {
        const TypeInfo* t = world.registry().find(type);
        EXPECT_NE(t, nullptr);
        const void* c = world.get(h, t->id);
        EXPECT_NE(c, nullptr);
        return t->find_field(field)->get(c);
    }

    ScriptProject project;
    std::unique_ptr<Game> game;
};

TEST_F(ScriptedTypes, RegisterWithTheKindsAndHintsOfCppReflection) {
    open("");
    const TypeInfo* bat = game->registry().find("Bat");
    ASSERT_NE(bat, nullptr);
    EXPECT_TRUE(bat->scripted);
    ASSERT_EQ(bat->fields.size(), 9u);
    const FieldType kinds[] = {FieldType::Float,     FieldType::Int32, FieldType::Enum,
                               FieldType::Vec2,      FieldType::Color, FieldType::String,
                               FieldType::ObjectRef, FieldType::Asset, FieldType::Bool};
    for (std::size_t i = 0; i < 9; ++i)
        EXPECT_EQ(bat->fields[i].type, kinds[i]) << bat->fields[i].name;
    const FieldInfo& speed = bat->fields[0];
    EXPECT_EQ(speed.name, "speed");
    EXPECT_EQ(speed.min, 0.0f);
    EXPECT_EQ(speed.max, 500.0f);
    EXPECT_EQ(speed.speed, 2.0f);
    EXPECT_EQ(speed.tooltip, "units per second");
    EXPECT_EQ(bat->fields[2].enum_names, (std::vector<std::string>{"calm", "angry"}));
    EXPECT_TRUE(bat->fields[5].multiline);
    EXPECT_EQ(bat->fields[7].asset_kind, AssetKind::Image);
    ASSERT_TRUE(bat->fields[3].applies_when);
    EXPECT_EQ(bat->fields[3].applies_when->field, "mood");
    EXPECT_EQ(bat->fields[3].applies_when->values, std::vector<std::int32_t>{1});
    EXPECT_FALSE(bat->field_applies(bat->fields[3], bat->defaults.get())) << "calm: no home";
    EXPECT_TRUE(bat->field_applies(bat->fields[0], bat->defaults.get()));
    // The defaults as declared.
    const void* d = bat->defaults.get();
    EXPECT_EQ(bat->fields[0].get(d), FieldValue{60.0f});
    EXPECT_EQ(bat->fields[1].get(d), FieldValue{std::int32_t{3}});
    EXPECT_EQ(bat->fields[2].get(d), FieldValue{std::int32_t{0}});
    EXPECT_EQ(bat->fields[3].get(d), FieldValue{glm::vec2(1.0f, 2.0f)});
    EXPECT_EQ(bat->fields[4].get(d), FieldValue{glm::vec4(1.0f, 0.0f, 0.0f, 1.0f)});
    EXPECT_EQ(bat->fields[5].get(d), FieldValue{std::string("bat")});
    EXPECT_EQ(bat->fields[6].get(d), FieldValue{Guid{}});
    EXPECT_EQ(bat->fields[7].get(d), FieldValue{std::string("sprites/bat.png")});
    EXPECT_EQ(bat->fields[8].get(d), FieldValue{true});
}

TEST_F(ScriptedTypes, RoundTripThroughSaveAndLoadNextToNativeComponents) {
    LoadedScene scene = open(R"({"guid": "00000000000000a1", "name": "A", "layer": "world",
        "components": {"Transform2D": {"position": [5.0, 6.0]}, "Velocity": {"linear": [1.0, 0.0]},
                       "Bat": {"speed": 12.5, "hits": 7, "mood": "angry", "home": [3.0, 4.0],
                               "tint": [0.0, 1.0, 0.0, 0.5], "label": "é ✓",
                               "target": "00000000000000a1", "awake": false}}})");
    World& world = *scene.world;
    const Handle a = world.find_by_name("A");
    ASSERT_TRUE(world.alive(a));
    EXPECT_EQ(field_of(world, a, "Bat", "speed"), FieldValue{12.5f});
    EXPECT_EQ(field_of(world, a, "Bat", "mood"), FieldValue{std::int32_t{1}});
    EXPECT_EQ(field_of(world, a, "Bat", "home"), FieldValue{glm::vec2(3.0f, 4.0f)});
    EXPECT_EQ(field_of(world, a, "Bat", "target"), FieldValue{Guid{0xa1}});
    EXPECT_EQ(field_of(world, a, "Bat", "label"), FieldValue{std::string("é ✓")});
    EXPECT_EQ(field_of(world, a, "Bat", "sprite"), FieldValue{std::string("sprites/bat.png")});

    auto text = scene_to_text(world, "main", game->prefabs());
    ASSERT_TRUE(text) << text.error().describe();
    EXPECT_NE(text->find("\"mood\": \"angry\""), std::string::npos) << *text;
    EXPECT_EQ(text->find("\"sprite\""), std::string::npos) << "defaults are not written";
    Diagnostics problems;
    auto again = game->load_scene_text(*text, "again", problems);
    ASSERT_TRUE(again) << problems.format();
    auto text_again = scene_to_text(*again->world, "main", game->prefabs());
    ASSERT_TRUE(text_again);
    EXPECT_EQ(*text_again, *text);
    EXPECT_EQ(state_hash(*again->world), state_hash(world));
}

TEST_F(ScriptedTypes, APrefabCarriesThemAndAnInstanceSavesOnlyItsOverrides) {
    LoadedScene scene = open(R"({"guid": "00000000000000b1", "name": "B", "layer": "world",
        "prefab": "prefabs/bat.prefab.json", "components": {"Bat": {"hits": 9}}})");
    World& world = *scene.world;
    const Handle b = world.find_by_name("B");
    EXPECT_EQ(field_of(world, b, "Bat", "speed"), FieldValue{10.0f});          // the prefab's
    EXPECT_EQ(field_of(world, b, "Bat", "hits"), FieldValue{std::int32_t{9}}); // the override
    EXPECT_EQ(field_of(world, b, "Bat", "label"), FieldValue{std::string("from prefab")});
    auto text = scene_to_text(world, "main", game->prefabs());
    ASSERT_TRUE(text);
    EXPECT_NE(text->find("\"hits\": 9"), std::string::npos) << *text;
    EXPECT_EQ(text->find("\"speed\""), std::string::npos) << *text;
    EXPECT_EQ(text->find("from prefab"), std::string::npos) << *text;

    // Spawning at run time gives the prefab's values.
    const Handle spawned = spawn(world, "bat", glm::vec2(1.0f));
    ASSERT_TRUE(world.alive(spawned));
    EXPECT_EQ(field_of(world, spawned, "Bat", "speed"), FieldValue{10.0f});
    EXPECT_EQ(field_of(world, spawned, "Bat", "hits"), FieldValue{std::int32_t{3}});
}

TEST_F(ScriptedTypes, TheStateHashCoversEveryScriptedField) {
    LoadedScene scene = open(R"({"guid": "00000000000000a1", "name": "A", "layer": "world",
        "components": {"Bat": {}}})");
    World& world = *scene.world;
    const Handle a = world.find_by_name("A");
    const TypeInfo* bat = world.registry().find("Bat");
    const std::uint64_t before = state_hash(world);
    for (const FieldInfo& field : bat->fields) {
        void* c = world.get(a, bat->id);
        const FieldValue old = field.get(c);
        FieldValue changed = old;
        std::visit(
            [](auto& v) {
                using V = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<V, bool>)
                    v = !v;
                else if constexpr (std::is_same_v<V, std::int32_t>)
                    v = 1;
                else if constexpr (std::is_same_v<V, float>)
                    v += 1.0f;
                else if constexpr (std::is_same_v<V, std::string>)
                    v += "x";
                else if constexpr (std::is_same_v<V, glm::vec2>)
                    v.x += 1.0f;
                else if constexpr (std::is_same_v<V, glm::vec4>)
                    v.g += 0.5f;
                else if constexpr (std::is_same_v<V, Guid>)
                    v.value = 0xa1;
            },
            changed);
        field.set(c, changed);
        EXPECT_NE(state_hash(world), before) << field.name;
        field.set(c, old);
        EXPECT_EQ(state_hash(world), before) << field.name;
    }
}

TEST_F(ScriptedTypes, AWrongValueInAFileIsReportedWithItsJsonPath) {
    project.write("scenes/main.scene.json",
                  scene_with(R"({"guid": "00000000000000a1", "name": "A", "layer": "world",
                      "components": {"Bat": {"mood": "furious", "hits": 2.5}}})"));
    Diagnostics problems;
    auto opened = Game::open(project.root(), problems);
    ASSERT_TRUE(opened) << problems.format();
    auto scene = (*opened)->load_scene("main", problems);
    EXPECT_FALSE(scene);
    const std::string report = problems.format();
    EXPECT_NE(report.find("objects[0].components.Bat.mood"), std::string::npos) << report;
    EXPECT_NE(report.find("furious"), std::string::npos) << report;
    EXPECT_NE(report.find("objects[0].components.Bat.hits"), std::string::npos) << report;
}

TEST_F(ScriptedTypes, ComponentsAddedAtRunTimeStartWithTheDefaults) {
    LoadedScene scene = open("");
    World& world = *scene.world;
    const TypeInfo* bat = world.registry().find("Bat");
    const Handle h = world.create();
    ASSERT_NE(world.add(h, bat->id), nullptr);
    EXPECT_EQ(field_of(world, h, "Bat", "speed"), FieldValue{60.0f});
    EXPECT_EQ(field_of(world, h, "Bat", "home"), FieldValue{glm::vec2(1.0f, 2.0f)});
    // Copies are deep: changing a copy's vec2 leaves the original alone.
    auto copy = bat->make_instance();
    bat->copy(copy.get(), world.get(h, bat->id));
    bat->find_field("home")->set(copy.get(), FieldValue{glm::vec2(9.0f)});
    EXPECT_EQ(field_of(world, h, "Bat", "home"), FieldValue{glm::vec2(1.0f, 2.0f)});
    // Many objects come and go; each keeps its own data.
    std::vector<Handle> made;
    for (int i = 0; i < 200; ++i) {
        const Handle o = world.create();
        bat->find_field("hits")->set(world.add(o, bat->id), FieldValue{std::int32_t{i}});
        made.push_back(o);
    }
    for (int i = 0; i < 200; i += 2)
        world.destroy(made[static_cast<std::size_t>(i)]);
    world.flush();
    for (int i = 1; i < 200; i += 2)
        EXPECT_EQ(field_of(world, made[static_cast<std::size_t>(i)], "Bat", "hits"),
                  FieldValue{std::int32_t{i}});
}

TEST_F(ScriptedTypes, AnAppliesWhenHintNamesAnEnumFieldDeclaredBeforeAndItsValues) {
    for (const auto& [hint, why] : std::vector<std::pair<std::string, std::string>>{
             {R"({ "size", "big" })", "applies_when: 'size' is not an enum field declared before"},
             {R"({ "shape", "square" })", "applies_when: 'square' is not a value of shape"},
             {R"({ "shape" })", "applies_when = {"},
             {R"("shape")", "applies_when = {"}}) {
        project.write("scripts/bat.lua", R"lua(
component "Blob" {
    { "shape", "enum", "round", values = { "round", "flat" } },
    { "size", "float", 1, applies_when = )lua" +
                                             hint + R"lua( },
}
)lua");
        Diagnostics problems;
        (void)Game::open(project.root(), problems);
        EXPECT_NE(problems.format().find(why), std::string::npos) << hint << "\n"
                                                                  << problems.format();
    }
}

} // namespace
} // namespace diorama
