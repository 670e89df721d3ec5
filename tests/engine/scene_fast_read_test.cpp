// The scene loader's fast path (engine/src/scene_fast_read.h) against the precise reader: for
// every text the two make the same world and say the same, word for word; the fast path takes
// what saved scenes hold, and leaves everything else to the precise reader.

#include "scene_fast_read.h"

#include "diorama/components.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace diorama {

// A component with an object reference, the one field kind the built-ins lack.
struct FastReadLink {
    Guid target{};
    std::int32_t count = 0;
};

template <>
TypeInfo describe<FastReadLink>() {
    return TypeBuilder<FastReadLink>("FastReadLink")
        .field<&FastReadLink::target>("target")
        .field<&FastReadLink::count>("count")
        .build();
}

namespace {

namespace fs = std::filesystem;

const fs::path kProject = fs::path(DIORAMA_SOURCE_DIR) / "tests/data/broken";

// A scene every kind of field and entry key appears in, read without a word by both paths.
const std::string kScene = R"({
  "format": "diorama.scene",
  "layers": ["world", "ui"],
  "name": "fast",
  "objects": [
    {
      "components": {
        "Shape": {"color": [0.25, 0.5, 1.0], "kind": "circle", "order": 3},
        "Transform2D": {"position": [10.0, -20.5], "rotation_deg": 45, "scale": [2, 0.5]}
      },
      "guid": "0000000000000001",
      "layer": "world",
      "name": "Block",
      "prefab": "prefabs/block.prefab.json"
    },
    {
      "components": {
        "Sprite": {"image": "sprites/dot.png", "tint": [1, 1, 1, 0.5]},
        "Transform2D": {"position": [4.0, 0.0]},
        "Velocity": {"linear": [-0.0, 3e1], "angular_deg": -12}
      },
      "guid": "0000000000000002",
      "layer": "world",
      "name": "Child \"quoted\" \u00e9",
      "parent": "0000000000000001"
    },
    {
      "components": {
        "FastReadLink": {"target": "0000000000000001", "count": -7},
        "Properties": {"values": {"hp": 3, "speed": 1.5, "tag": "boss", "spot": [1, 2]}},
        "Text": {"text": "hello\nworld", "align": "left"},
        "Transform2D": {}
      },
      "guid": "0000000000000003",
      "layer": "ui",
      "name": "Label"
    },
    {"guid": "00000000000000ff", "parent": null, "components": {"Lifetime": {"remaining_s": 2}}}
  ],
  "version": 1
})";

class SceneFastReadTest : public ::testing::Test {
protected:
    SceneFastReadTest() {
        register_builtin_components(registry);
        EXPECT_TRUE(registry.add<FastReadLink>());
        Diagnostics d;
        auto p = load_project(kProject, d);
        EXPECT_TRUE(p.ok()) << d.format();
        project = *p;
        prefabs.load_folder(project, registry, d);
        EXPECT_FALSE(d.has_errors()) << d.format();
    }

    struct Outcome {
        bool ok = false;
        std::string said;
        std::uint64_t hash = 0;
        std::size_t objects = 0;
    };

    Outcome load(const std::string& text, bool precise_only, std::size_t window_bytes = 0) {
        World world(registry);
        Diagnostics d;
        const auto loaded = load_scene_text(
            world, text, "scenes/fast.scene.json", project, prefabs, d,
            SceneLoadOptions{.precise_only = precise_only, .fast_window_bytes = window_bytes});
        return Outcome{loaded.ok(), d.format(), state_hash(world), world.object_count()};
    }

    // Both paths agree on text, the fast one with its own windows and with one per entry;
    // returns what they said.
    std::string same_both_ways(const std::string& text) {
        const Outcome precise = load(text, true);
        for (const std::size_t window_bytes : {std::size_t{0}, std::size_t{1}}) {
            SCOPED_TRACE(window_bytes);
            const Outcome fast = load(text, false, window_bytes);
            EXPECT_EQ(fast.ok, precise.ok) << text;
            EXPECT_EQ(fast.said, precise.said) << text;
            EXPECT_EQ(fast.hash, precise.hash) << text;
            EXPECT_EQ(fast.objects, precise.objects) << text;
        }
        return precise.said;
    }

    // The windows the fast path stages text in (0: indexed whole); nullopt when it leaves the
    // text to the precise reader.
    std::optional<std::size_t> windows(std::string text, std::size_t window_bytes) {
        World world(registry);
        detail::AssetChecks assets(project.root);
        const std::size_t size = text.size();
        text.append(detail::kFastReadPadding, '\0');
        detail::StageContext context{world, prefabs, assets, "x", JsonLimits{}};
        context.window_bytes = window_bytes;
        const auto staged = detail::stage_scene(std::string_view(text.data(), size), context);
        if (!staged) return std::nullopt;
        return staged->windows;
    }

    // True when the fast path stages text itself.
    bool staged(const std::string& text) {
        return windows(text, detail::kFastReadWindowBytes).has_value();
    }

    static std::string replaced(std::string text, const std::string& from, const std::string& to) {
        const auto at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        if (at != std::string::npos) text.replace(at, from.size(), to);
        return text;
    }

    TypeRegistry registry;
    Project project;
    PrefabLibrary prefabs;
};

TEST_F(SceneFastReadTest, ASceneOfEveryFieldKindIsStagedAndMakesThePreciseWorld) {
    EXPECT_TRUE(staged(kScene));
    EXPECT_EQ(same_both_ways(kScene), "");
    const Outcome fast = load(kScene, false);
    EXPECT_TRUE(fast.ok);
    EXPECT_EQ(fast.objects, 4u);
}

TEST_F(SceneFastReadTest, TheFastWorldHasTheValuesWritten) {
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(world, kScene, "s", project, prefabs, d).ok()) << d.format();
    const Handle block = world.find(Guid{1});
    const Handle child = world.find(Guid{2});
    ASSERT_TRUE(block && child);
    EXPECT_EQ(world.parent(child), block);
    EXPECT_EQ(world.get<Shape>(block)->color, glm::vec4(0.25f, 0.5f, 1.0f, 1.0f));
    EXPECT_EQ(world.get<Shape>(block)->kind, ShapeKind::Circle);
    EXPECT_NE(world.get<Collider>(block), nullptr) << "from the prefab";
    ASSERT_NE(world.get<PrefabInstance>(block), nullptr);
    EXPECT_EQ(world.get<PrefabInstance>(block)->prefab, "prefabs/block.prefab.json");
    EXPECT_EQ(world.get<Velocity>(child)->linear, glm::vec2(-0.0f, 30.0f));
    EXPECT_TRUE(std::signbit(world.get<Velocity>(child)->linear.x)) << "-0.0 stays negative";
    EXPECT_EQ(world.name(child), "Child \"quoted\" \u00e9");
    EXPECT_EQ(world.get<FastReadLink>(world.find(Guid{3}))->target, Guid{1});
    EXPECT_EQ(world.get<Text>(world.find(Guid{3}))->text, "hello\nworld");
    EXPECT_EQ(world.layer(world.find(Guid{3})), *world.find_layer("ui"));
}

TEST_F(SceneFastReadTest, ALoadedWorldsIndexAnswersAsTheObjectsAreWhenFirstQueried) {
    // No system of these types queries, so the loader leaves the index to the first query.
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(world, kScene, "s", project, prefabs, d).ok()) << d.format();
    const Handle block = world.find(Guid{1});
    std::vector<Handle> found;
    world.query_point(world.bounds(block).center(), found);
    EXPECT_NE(std::find(found.begin(), found.end(), block), found.end());
    EXPECT_EQ(world.spatial().size(), world.object_count());
    EXPECT_EQ(world.spatial().box(block.index), world.bounds(block));
}

// The staged objects' and pools' first room is guessed from the text's size (an entry per 128
// bytes); entries much shorter than that outgrow the guess, and children named before their
// parents and references to later objects are linked once all are made.
TEST_F(SceneFastReadTest, EntriesShorterThanTheGuessOutgrowItAndMakeThePreciseWorld) {
    constexpr int kObjects = 3000;
    std::string text =
        R"({"format": "diorama.scene", "layers": ["world"], "version": 1, "objects": [)";
    for (int i = 1; i <= kObjects; ++i) {
        char entry[160];
        if (i % 3 == 2)
            std::snprintf(entry, sizeof entry,
                          R"({"guid":"%016x","parent":"%016x","components":{"Velocity":{}}},)", i,
                          i + 1);
        else if (i % 3 == 1)
            std::snprintf(entry, sizeof entry,
                          R"({"guid":"%016x","components":{"FastReadLink":{"target":"%016x"}}},)",
                          i, i + 2);
        else
            std::snprintf(entry, sizeof entry, R"({"guid":"%016x"},)", i);
        text += entry;
    }
    text.back() = ']';
    text += "}";
    ASSERT_LT(text.size() / kObjects, 128u) << "entries shorter than the guess";
    EXPECT_TRUE(staged(text));
    EXPECT_EQ(same_both_ways(text), "");
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(world, text, "s", project, prefabs, d).ok()) << d.format();
    EXPECT_EQ(world.object_count(), std::size_t{kObjects});
    EXPECT_EQ(world.parent(world.find(Guid{2})), world.find(Guid{3}));
    EXPECT_EQ(world.get<FastReadLink>(world.find(Guid{kObjects - 2}))->target, Guid{kObjects});
    EXPECT_NE(world.get<Velocity>(world.find(Guid{kObjects - 1})), nullptr);
}

TEST_F(SceneFastReadTest, SavedScenesAreStagedAndReadBackAlike) {
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(world, kScene, "s", project, prefabs, d).ok()) << d.format();
    auto text = scene_to_text(world, "fast", prefabs);
    ASSERT_TRUE(text.ok());
    EXPECT_TRUE(staged(*text)) << *text;
    EXPECT_EQ(same_both_ways(*text), "");
}

TEST_F(SceneFastReadTest, TheSavedTextIsThePrettyJsonOfTheSceneByteForByte) {
    // Written without making the JSON (scene_to_text); the same bytes as to_pretty_json's,
    // also for a component removed from an instance, a prefab's value kept and an unknown type.
    const std::string text =
        replaced(replaced(kScene, "\"Shape\": {",
                          "\"Collider\": null, \"Future\": {\"a\": [1, {}]}, \"Shape\": {"),
                 "\"color\": [0.25, 0.5, 1.0], ", "");
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(world, text, "s", project, prefabs, d).ok()) << d.format();
    world.get<Shape>(world.find(Guid{1}))->color =
        glm::vec4(0.5f, 0.5f, 1.0f, 1.0f); // as the prefab
    World plain(registry);
    ASSERT_TRUE(load_scene_text(plain, kScene, "s", project, prefabs, d).ok()) << d.format();
    for (const World* w : {&world, &plain}) {
        auto saved = scene_to_text(*w, "fast \"quoted\"", prefabs);
        auto json = scene_to_json(*w, "fast \"quoted\"", prefabs);
        ASSERT_TRUE(saved.ok() && json.ok());
        EXPECT_EQ(*saved, to_pretty_json(*json));
    }
    EXPECT_EQ(world.get<Collider>(world.find(Guid{1})), nullptr);
}

TEST_F(SceneFastReadTest, AnIntegerMinusZeroIsAPositiveZeroAsInThePreciseReader) {
    const std::string text = replaced(kScene, "[-0.0, 3e1]", "[-0, 3e1]");
    EXPECT_TRUE(staged(text));
    same_both_ways(text);
}

// Each variant is something the fast path must not take as is: the precise reader reads it and
// reports, and the outcome is the same whichever path was tried first.
TEST_F(SceneFastReadTest, WhatTheFastPathDoesNotTakeIsReadAndReportedByThePreciseReader) {
    const std::vector<std::pair<std::string, std::string>> variants = {
        {"\"version\": 1", "\"version\": 1, \"version\": 1"},                // duplicate root key
        {"\"name\": \"Label\"", "\"name\": \"Label\", \"name\": \"x\""},     // duplicate entry key
        {"\"count\": -7", "\"count\": -7, \"count\": 2"},                    // duplicate field
        {"\"Transform2D\": {}", "\"Transform2D\": {}, \"Transform2D\": {}"}, // duplicate component
        {"\"count\": -7", "\"count\": 1e2"},                                 // not an integer
        {"\"count\": -7", "\"count\": 4294967296"},                          // beyond 32 bits
        {"\"count\": -7", "\"count\": 18446744073709551616"},                // beyond 64 bits
        {"\"remaining_s\": 2", "\"remaining_s\": 1e39"},                     // beyond float
        {"\"remaining_s\": 2", "\"remaining_s\": 1e400"},                    // beyond double
        {"\"remaining_s\": 2", "\"remaining_s\": 02"},                       // leading zero
        {"\"remaining_s\": 2", "\"remaining_s\": null"},                     // null number
        {"\"remaining_s\": 2", "\"remaining_s\": \"2\""},                    // wrong type
        {"\"kind\": \"circle\"", "\"kind\": \"circel\""},                    // unknown enum name
        {"\"Lifetime\"", "\"Lifetim\""},                                     // unknown component
        {"\"remaining_s\"", "\"remaining\""},                                // unknown field
        {"\"remaining_s\"", "\"remaining\\u005fs\""},                        // escaped field name
        {"\"guid\": \"00000000000000ff\"", "\"g\\u0075id\": \"00000000000000ff\""}, // escaped key
        {"\"00000000000000ff\"", "\"0000000000000003\""},                  // duplicate guid
        {"\"00000000000000ff\"", "\"0000000000000000\""},                  // null guid
        {"\"00000000000000ff\"", "\"00000000000000fg\""},                  // not a guid
        {"\"layer\": \"ui\"", "\"layer\": \"hud\""},                       // unknown layer
        {"\"parent\": null", "\"parent\": 5"},                             // parent of wrong type
        {"\"prefabs/block.prefab.json\"", "\"prefabs/blok.prefab.json\""}, // missing prefab
        {"\"prefabs/block.prefab.json\"", "\"../block.prefab.json\""},     // escaping path
        {"\"parent\": null", "\"part\": null"},                            // part without a prefab
        {"\"sprites/dot.png\"", "\"sprites/none.png\""},                   // missing asset
        {"\"hello\\nworld\"", "\"bell\\u0007\""},                          // control character
        {"\"values\": {\"hp\": 3", "\"values\": {\"hp\": [[[3]]]"},        // bad property
        {"\"spot\": [1, 2]", "\"spot\": [1, 2], \"spot\": [3, 4]"},        // duplicate property
        {"\"layers\": [\"world\", \"ui\"],", ""},                          // no layers
        {"\"layers\": [\"world\", \"ui\"]", "\"layers\": [\"world\", \"world\"]"}, // layer twice
        {"\"version\": 1", "\"version\": 1, \"extra\": true"},         // unknown root key
        {"\"name\": \"Label\"", "\"name\": \"Label\", \"colour\": 1"}, // unknown entry key
        {"\"components\": {\"Lifetime\"",
         "\"components\": [], \"x\": {\"Lifetime\""},                // not an object
        {"\"version\": 1\n}", "\"version\": 1\n} {}"},               // trailing text
        {"\"version\": 1\n}", "\"version\": 1\n"},                   // truncated
        {"\"tint\": [1, 1, 1, 0.5]", "\"tint\": [1, 1, 1, 0.5, 9]"}, // five colour values
        {"\"position\": [4.0, 0.0]", "\"position\": [4.0]"},         // one coordinate
    };
    for (const auto& [from, to] : variants) {
        SCOPED_TRACE(to);
        const std::string text = replaced(kScene, from, to);
        EXPECT_FALSE(staged(text));
        same_both_ways(text);
    }
    // Staged, then refused by the checks both paths share: the header, parents.
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"\"format\": \"diorama.scene\"", "\"format\": \"diorama.prefab\""},
             {"\"version\": 1", "\"version\": 99"},
             {"\"parent\": null", "\"parent\": \"00000000000000aa\""}}) {
        SCOPED_TRACE(to);
        EXPECT_NE(same_both_ways(replaced(kScene, from, to)), "");
    }
    // Objects listed before the layers they name are read by the precise reader at the end.
    const auto objects_at = kScene.find("\"objects\"");
    const auto version_at = kScene.find("\"version\"");
    std::string reordered = kScene;
    reordered.erase(objects_at, version_at - objects_at);
    reordered.insert(reordered.find("\"format\""),
                     kScene.substr(objects_at, version_at - objects_at));
    EXPECT_FALSE(staged(reordered));
    EXPECT_EQ(same_both_ways(reordered), "");
}

TEST_F(SceneFastReadTest, AByteOrderMarkAndAnEmptySceneAreTaken) {
    EXPECT_TRUE(staged("\xEF\xBB\xBF" + kScene));
    EXPECT_EQ(same_both_ways("\xEF\xBB\xBF" + kScene), "");
    const std::string empty =
        R"({"format": "diorama.scene", "version": 1, "layers": ["a"], "objects": []})";
    EXPECT_TRUE(staged(empty));
    EXPECT_EQ(same_both_ways(empty), "");
}

TEST_F(SceneFastReadTest, TheObjectsAreIndexedAWindowOfWholeEntriesAtATime) {
    EXPECT_EQ(windows(kScene, 1), 4u); // a window per entry
    EXPECT_EQ(windows(kScene, 400), 2u);
    EXPECT_EQ(windows(kScene, detail::kFastReadWindowBytes), 0u); // one would hold all: whole
    const std::string spaced = replaced(kScene, "},\n    {\"guid\"", "}\n  ,\t{\"guid\"");
    EXPECT_EQ(windows(spaced, 1), 4u);
    EXPECT_EQ(same_both_ways(spaced), "");
    const std::string blank = R"({"format": "diorama.scene", "version": 1, "layers": ["a"],
                                  "objects": [ ]})";
    EXPECT_EQ(windows(blank, 1), 0u);
    EXPECT_EQ(same_both_ways(blank), "");
    const std::string big_last =
        replaced(kScene, "\"remaining_s\": 2", "\"remaining_s\": 2" + std::string(500, ' '));
    EXPECT_EQ(windows(big_last, 1), 4u);
    EXPECT_EQ(windows(big_last, 400), 2u);
    EXPECT_EQ(same_both_ways(big_last), "");
}

// The windows are guessed from the bytes; text in strings that looks like a cut or like the end
// of the objects makes a guess miss, and the whole text is indexed at once instead.
TEST_F(SceneFastReadTest, StringsThatLookLikeACutOrTheObjectsEndAreReadWholeAlike) {
    const std::string cut_in_name = replaced(kScene, "\"Block\"", "\"a}, {b\"");
    EXPECT_EQ(windows(cut_in_name, 1), 0u);
    EXPECT_EQ(same_both_ways(cut_in_name), "");

    std::string bracket_after = replaced(kScene, "  \"name\": \"fast\",\n", "");
    bracket_after = replaced(bracket_after, "\"version\": 1", "\"name\": \"a]b\", \"version\": 1");
    EXPECT_EQ(windows(bracket_after, 1), 0u);
    EXPECT_EQ(same_both_ways(bracket_after), "");

    const std::string layer_named_objects =
        replaced(kScene, "[\"world\", \"ui\"]", "[\"objects\", \"world\", \"ui\"]");
    EXPECT_EQ(windows(layer_named_objects, 1), 4u);
    EXPECT_EQ(same_both_ways(layer_named_objects), "");

    // The array closing before the last ']' (a second "objects", text after the root): the
    // window holding the close has text after its array, and the whole text is read instead.
    const std::string second_objects =
        replaced(kScene, "\"objects\": [", "\"objects\": [], \"objects\": [");
    EXPECT_FALSE(windows(second_objects, 1).has_value());
    EXPECT_NE(same_both_ways(second_objects), "");
    const std::string trailing =
        replaced(kScene, "\"version\": 1\n}", "\"version\": 1\n} {\"x\": []}");
    EXPECT_FALSE(windows(trailing, 1).has_value());
    EXPECT_NE(same_both_ways(trailing), "");
    // A cut between objects of an array inside an entry leaves a window unbalanced.
    const std::string nested =
        replaced(kScene, "\"spot\": [1, 2]", "\"spot\": [{\"a\": 1}, {\"b\": 2}]");
    same_both_ways(nested);

    // A broken entry in the second window is reported as in a text read whole.
    const std::string broken = replaced(kScene, "\"angular_deg\": -12", "\"angular_deg\": -12,");
    EXPECT_FALSE(windows(broken, 1).has_value());
    EXPECT_NE(same_both_ways(broken).find("scenes/fast.scene.json:"), std::string::npos);
}

TEST_F(SceneFastReadTest, BrokenTextIsReportedWithItsLineAndColumnByThePreciseReader) {
    const std::string text = replaced(kScene, "\"order\": 3}", "\"order\": 3,}");
    EXPECT_FALSE(staged(text));
    const std::string said = same_both_ways(text);
    EXPECT_NE(said.find("scenes/fast.scene.json:8:75: objects[0].components.Shape: syntax error"),
              std::string::npos)
        << said;
}

TEST_F(SceneFastReadTest, ASceneWithANulByteOrBadUtf8IsLeftToThePreciseReader) {
    std::string nul = kScene;
    nul[nul.find("Label")] = '\0';
    EXPECT_FALSE(staged(nul));
    same_both_ways(nul);
    std::string bad = kScene;
    bad[bad.find("Label")] = '\xff';
    EXPECT_FALSE(staged(bad));
    same_both_ways(bad);
}

} // namespace
} // namespace diorama
