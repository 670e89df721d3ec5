// The Problems list of EditorSession: a scene with a missing prefab and an unknown component
// opens with stand-ins, its problems are listed as diorama-player check prints them, going to one
// selects its object and field, stand-ins take no new components, and a startup scene that cannot
// be read leaves the project open.

#include "core/editor_session.h"
#include "core/problems.h"

#include "bounce_copy.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"
#include "diorama/scene_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

const Guid kPaddle{0xd6ef0dbd468d12b8}; // objects[3]
const Guid kBall{0x457572ac130b82a5};   // objects[4]

TEST(ProblemLines, SplitFileAndJsonPathAsCheckPrintsThem) {
    Diagnostics d;
    d.error(make_error(ErrorCode::NotFound, "prefab \"x\" not found",
                       "scenes/a.scene.json: objects[4].prefab"));
    d.warning(make_error(ErrorCode::NotFound, "asset missing", "prefabs/b.prefab.json"));
    d.error(make_error(ErrorCode::Type, "no where"));
    const std::vector<ProblemLine> lines = problem_lines(d);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].file, "scenes/a.scene.json");
    EXPECT_EQ(lines[0].json_path, "objects[4].prefab");
    EXPECT_EQ(lines[0].text,
              "error: scenes/a.scene.json: objects[4].prefab: prefab \"x\" not found");
    EXPECT_EQ(lines[1].severity, Severity::Warning);
    EXPECT_EQ(lines[1].file, "prefabs/b.prefab.json");
    EXPECT_EQ(lines[1].json_path, "");
    EXPECT_EQ(lines[2].file, "");
    EXPECT_EQ(lines[2].text, "error: no where");
}

TEST(ProblemLines, ScenePlacesPointIntoObjectsAndTheirComponents) {
    auto field = scene_place("objects[12].components.Shape.size");
    ASSERT_TRUE(field);
    EXPECT_EQ(field->object, 12u);
    EXPECT_EQ(field->field, "Shape.size");
    auto entry = scene_place("objects[3].prefab");
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->object, 3u);
    EXPECT_EQ(entry->field, "");
    EXPECT_FALSE(scene_place("layers[1]"));
    EXPECT_FALSE(scene_place("objects[x].name"));
    EXPECT_FALSE(scene_place("objects[3"));
    EXPECT_FALSE(scene_place(""));
}

class ProblemsSession : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        auto text = read_file(scene_file(), 64u << 20);
        ASSERT_TRUE(text.ok());
        auto scene = parse_json(*text, "level1");
        ASSERT_TRUE(scene.ok());
        Json& objects = (*scene)["objects"];
        objects[3]["components"]["Veloctiy"] = Json::parse(R"({"linear": [1.0, 2.0]})");
        objects[4]["prefab"] = "prefabs/bal.prefab.json";
        broken = to_pretty_json(*scene);
        ASSERT_TRUE(save_file_atomic(scene_file(), broken).ok());
    }

    [[nodiscard]] fs::path scene_file() const {
        return copy.path() / "scenes" / "level1.scene.json";
    }
    [[nodiscard]] const ProblemLine* problem_with(const std::string& text) const {
        for (const ProblemLine& p : session.problems())
            if (p.text.find(text) != std::string::npos) return &p;
        return nullptr;
    }

    BounceCopy copy;
    EditorSession session;
    std::string broken;
};

TEST_F(ProblemsSession, TheSceneOpensWithAStandInAndBothProblemsListed) {
    ASSERT_TRUE(session.open_project(copy.path()));
    EXPECT_EQ(session.world().object_count(), 65u);
    const Handle ball = session.world().find(kBall);
    ASSERT_TRUE(ball);
    ASSERT_NE(session.world().get<MissingPrefab>(ball), nullptr);
    EXPECT_EQ(session.world().get<Transform2D>(ball)->position, glm::vec2(400.0f, 56.0f));
    EXPECT_NE(problem_with("error: scenes/level1.scene.json: objects[4].prefab: prefab "
                           "\"prefabs/bal.prefab.json\" not found (or it has errors); did you mean "
                           "\"prefabs/ball.prefab.json\"?"),
              nullptr);
    EXPECT_NE(problem_with("warning: scenes/level1.scene.json: objects[3].components.Veloctiy: "
                           "unknown component type \"Veloctiy\" is kept as is; did you mean "
                           "\"Velocity\"?"),
              nullptr);
    EXPECT_FALSE(session.dirty());
}

TEST_F(ProblemsSession, GoingToAProblemSelectsItsObjectAndAsksForItsField) {
    ASSERT_TRUE(session.open_project(copy.path()));
    const ProblemLine* velocity = problem_with("Veloctiy");
    ASSERT_NE(velocity, nullptr);
    EXPECT_TRUE(session.go_to_problem(*velocity));
    EXPECT_EQ(session.selection(), std::vector<Guid>{kPaddle});
    EXPECT_EQ(session.take_field_focus(), "Veloctiy");
    EXPECT_EQ(session.take_field_focus(), "");
    const ProblemLine* prefab = problem_with("bal.prefab.json");
    ASSERT_NE(prefab, nullptr);
    EXPECT_TRUE(session.go_to_problem(*prefab));
    EXPECT_EQ(session.selection(), std::vector<Guid>{kBall});
    // A problem of another file, or of no object, goes nowhere.
    ProblemLine elsewhere = *prefab;
    elsewhere.file = "scenes/other.scene.json";
    EXPECT_FALSE(session.go_to_problem(elsewhere));
    ProblemLine layers = *prefab;
    layers.json_path = "layers[0]";
    EXPECT_FALSE(session.go_to_problem(layers));
}

TEST_F(ProblemsSession, AStandInTakesNoNewComponentsOrPropertiesButMovesUndoablyAndSaves) {
    ASSERT_TRUE(session.open_project(copy.path()));
    EXPECT_FALSE(session.add_component(kBall, "Velocity"));
    EXPECT_FALSE(session.set_property(kBall, "hp", PropertyValue{3}));
    EXPECT_FALSE(session.dirty());
    // Deleting it and undoing brings the stand-in back with its data.
    session.select_only({kBall});
    session.delete_selection();
    EXPECT_FALSE(session.world().find(kBall));
    ASSERT_TRUE(session.undo());
    const Handle ball = session.world().find(kBall);
    ASSERT_TRUE(ball);
    ASSERT_NE(session.world().get<MissingPrefab>(ball), nullptr);
    EXPECT_TRUE(session.save());
    auto saved = read_file(scene_file(), 64u << 20);
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(*saved, broken);
}

TEST_F(ProblemsSession, CheckProjectAddsWhatThePlayersCheckFinds) {
    ASSERT_TRUE(session.open_project(copy.path()));
    const std::size_t loaded = session.problems().size();
    EXPECT_EQ(session.check_project(), 2u);
    EXPECT_EQ(session.problems().size(), loaded + 2);
    // Checking again replaces the last check's lines.
    EXPECT_EQ(session.check_project(), 2u);
    EXPECT_EQ(session.problems().size(), loaded + 2);
}

TEST_F(ProblemsSession, AStartupSceneThatCannotBeReadLeavesTheProjectOpenOnANewScene) {
    ASSERT_TRUE(save_file_atomic(scene_file(), "{ \"format\": \"diorama.scene\", ").ok());
    ASSERT_TRUE(session.open_project(copy.path()));
    ASSERT_TRUE(session.startup_failure());
    EXPECT_EQ(session.world().object_count(), 0u);
    EXPECT_EQ(session.scene_path(), "");
    EXPECT_NE(problem_with("scenes/level1.scene.json"), nullptr);
    // Named explicitly, the scene must open.
    EditorSession other;
    EXPECT_FALSE(other.open_project(copy.path(), "level1"));
}

} // namespace
} // namespace diorama::editor
