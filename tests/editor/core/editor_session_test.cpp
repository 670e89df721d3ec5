// EditorSession on the real BOUNCE sample (a copy in a temporary folder) with its built module:
// files, edits and their undo, the dirty mark, play mode, picking and the transform tools.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/field_path.h"
#include "diorama/log.h"
#include "diorama/state_hash.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

// Collects log messages at warning level and above while alive.
class LogCapture {
public:
    LogCapture() {
        m_previous = set_log_sink([this](LogLevel level, std::string_view message) {
            if (level >= LogLevel::Warning) m_lines.emplace_back(message);
        });
    }
    ~LogCapture() { set_log_sink(m_previous); }
    LogCapture(const LogCapture&) = delete;
    LogCapture& operator=(const LogCapture&) = delete;

    [[nodiscard]] bool contains(std::string_view text) const {
        for (const std::string& line : m_lines)
            if (line.find(text) != std::string::npos) return true;
        return false;
    }

private:
    LogSink m_previous;
    std::vector<std::string> m_lines;
};

class SessionTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
    }

    Handle find(const std::string& name) const { return session.world().find_by_name(name); }
    Guid guid(const std::string& name) const { return session.world().guid(find(name)); }
    Guid guid(Handle h) const { return session.world().guid(h); }
    Transform2D& transform(Guid g) {
        return *session.world().get<Transform2D>(session.world().find(g));
    }
    FieldValue field(Guid g, const std::string& path) const {
        auto value = get_field(session.world(), session.world().find(g), path);
        EXPECT_TRUE(value) << path;
        return value ? *value : FieldValue{};
    }

    BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
};

// ---- files ----

TEST_F(SessionTest, OpensBounceWithItsModuleAndStartupScene) {
    EXPECT_TRUE(session.has_project());
    EXPECT_EQ(session.project().name, "BOUNCE");
    EXPECT_EQ(session.scene_name(), "level1");
    EXPECT_EQ(session.scene_path(), "scenes/level1.scene.json");
    EXPECT_EQ(session.world().object_count(), 65u);
    EXPECT_NE(session.registry().find("Brick"), nullptr);
    EXPECT_FALSE(session.load_problems().has_errors());
    EXPECT_FALSE(session.dirty());
    EXPECT_EQ(session.window_title(), "level1 - BOUNCE - Diorama");
}

TEST_F(SessionTest, OpensASceneByEveryNameFormThePlayerAccepts) {
    // The same forms as the player's --scene (tests/player/player_test.cpp): both go through the
    // game layer's scene_file_for.
    for (const std::string& form :
         {std::string("level1"), std::string("level1.scene.json"), std::string("scenes/level1"),
          std::string("scenes/level1.scene.json"),
          (copy.path() / "scenes" / "level1.scene.json").string()}) {
        session.new_scene();
        ASSERT_TRUE(session.open_scene(form)) << form;
        EXPECT_EQ(session.scene_path(), "scenes/level1.scene.json") << form;
        EXPECT_EQ(session.scene_name(), "level1") << form;
    }
}

TEST_F(SessionTest, AFailedOpenKeepsWhatWasOpen) {
    LogCapture log;
    const std::uint64_t before = session.hash();
    EXPECT_FALSE(session.open_project(copy.path() / "no_such_folder"));
    EXPECT_FALSE(session.open_project(copy.path(), "no_such_scene"));
    EXPECT_FALSE(session.open_scene("../outside"));
    EXPECT_TRUE(log.contains("no_such_scene"));
    EXPECT_EQ(session.scene_name(), "level1");
    EXPECT_EQ(session.hash(), before);
}

TEST(SessionWithoutProject, EditsAnEmptySceneButCannotSaveIt) {
    LogCapture log;
    EditorSession session;
    EXPECT_FALSE(session.has_project());
    EXPECT_EQ(session.window_title(), "untitled - Diorama");
    auto h = session.create_object("thing", {10.0f, 10.0f});
    ASSERT_TRUE(h);
    EXPECT_EQ(session.world().get<Transform2D>(*h)->position, glm::vec2(0.0f, 0.0f)); // snapped
    EXPECT_EQ(session.window_title(), "untitled* - Diorama");
    EXPECT_FALSE(session.place_prefab("ball", {0.0f, 0.0f}));
    EXPECT_FALSE(session.save());
    EXPECT_FALSE(session.open_scene("level1"));
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.world().object_count(), 0u);
}

// A project whose module is not found opens without it: its components are kept as the files
// have them (a scene saved meanwhile loses nothing of them) and Play is refused. Once
// $DIORAMA_MODULE_PATH finds the module, the project opens with it.
TEST(SessionModules, ModulesAreFoundThroughDioramaModulePathAndAMissingOneLosesNothing) {
    BounceCopy copy;
    const char* old = std::getenv("DIORAMA_MODULE_PATH");
    const std::string saved = old != nullptr ? old : "";
    std::uint64_t with_module = 0;
    {
        EditorSession session(GameOptions{.module_dirs = {test::module_dir()}});
        ASSERT_TRUE(session.open_project(copy.path()));
        with_module = state_hash(session.world());
    }
    {
        EditorSession session(GameOptions{.module_dirs = {}}); // no module folders of its own
        unsetenv("DIORAMA_MODULE_PATH");
        LogCapture log;
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
        ASSERT_TRUE(session.module_failure());
        EXPECT_EQ(session.module_failure()->code, ErrorCode::Module);
        EXPECT_NE(session.module_failure()->message.find("module 'bounce' (bounce.so) not found"),
                  std::string::npos)
            << session.module_failure()->message;
        EXPECT_TRUE(std::any_of(
            session.problems().begin(), session.problems().end(),
            [](const ProblemLine& p) { return p.text.find("not found") != std::string::npos; }));
        EXPECT_GT(session.world().object_count(), 0u);
        EXPECT_EQ(session.registry().find("Paddle"), nullptr);

        session.play();
        EXPECT_EQ(session.play_state(), PlayState::Editing);
        EXPECT_TRUE(log.contains("Play needs the game module")) << "refused, saying why";
        session.step();
        EXPECT_EQ(session.play_state(), PlayState::Editing);

        ASSERT_TRUE(session.save_as("scenes/without_module.scene.json"));
        setenv("DIORAMA_MODULE_PATH", test::module_dir().c_str(), 1);
        ASSERT_TRUE(session.open_project(copy.path(), "scenes/without_module.scene.json"));
        EXPECT_FALSE(session.module_failure());
        EXPECT_NE(session.registry().find("Paddle"), nullptr);
        EXPECT_EQ(state_hash(session.world()), with_module)
            << "the module's components came back whole from the scene saved without it";
        session.play();
        EXPECT_EQ(session.play_state(), PlayState::Playing);
        session.stop();
    }
    if (old != nullptr)
        setenv("DIORAMA_MODULE_PATH", saved.c_str(), 1);
    else
        unsetenv("DIORAMA_MODULE_PATH");
}

TEST_F(SessionTest, PlaceMoveEditUndoRedoSaveAndReload) {
    session.grid().size = 32.0f;
    session.grid().snap = true;
    std::vector<Guid> placed;
    for (glm::vec2 at :
         {glm::vec2(100.0f, 300.0f), glm::vec2(205.0f, 310.0f), glm::vec2(330.0f, 250.0f)}) {
        auto h = session.place_prefab("brick", at);
        ASSERT_TRUE(h) << h.error().describe();
        placed.push_back(guid(*h));
        EXPECT_TRUE(session.dirty());
    }
    EXPECT_EQ(session.world().object_count(), 68u);
    EXPECT_EQ(transform(placed[0]).position, glm::vec2(96.0f, 288.0f));
    EXPECT_EQ(transform(placed[1]).position, glm::vec2(192.0f, 320.0f));
    EXPECT_EQ(transform(placed[2]).position, glm::vec2(320.0f, 256.0f));
    EXPECT_EQ(session.world().layers()[session.world().layer(session.world().find(placed[0]))],
              "world");
    EXPECT_EQ(session.selection(), std::vector<Guid>{placed[2]});

    // Move the second brick with a Move drag on its free handle: one command, snapped.
    session.set_tool(Tool::Move);
    session.select(placed[1]);
    const glm::vec2 center = *session.selection_center();
    EXPECT_EQ(session.handle_at(center), HandlePart::Free);
    const std::size_t steps = session.history().size();
    session.begin_drag(HandlePart::Free, center);
    session.update_drag(center + glm::vec2(20.0f, 3.0f));
    session.update_drag(center + glm::vec2(45.0f, 14.0f));
    session.update_drag(center + glm::vec2(70.0f, -20.0f));
    session.end_drag();
    EXPECT_EQ(session.history().size(), steps + 1);
    EXPECT_EQ(session.history().undo_label(), "Move");
    EXPECT_EQ(transform(placed[1]).position, glm::vec2(256.0f, 288.0f));

    // Change a field, then undo twice and redo once.
    ASSERT_TRUE(session.set_field(placed[0], "Brick.points", FieldValue{50}));
    EXPECT_EQ(std::get<std::int32_t>(field(placed[0], "Brick.points")), 50);
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(std::get<std::int32_t>(field(placed[0], "Brick.points")), 10);
    EXPECT_EQ(transform(placed[1]).position, glm::vec2(192.0f, 320.0f));
    ASSERT_TRUE(session.redo());
    EXPECT_EQ(transform(placed[1]).position, glm::vec2(256.0f, 288.0f));
    EXPECT_EQ(std::get<std::int32_t>(field(placed[0], "Brick.points")), 10);

    // Save: clean; the redo step past the save point makes it dirty again, undo makes it clean.
    EXPECT_EQ(session.window_title(), "level1* - BOUNCE - Diorama");
    ASSERT_TRUE(session.save());
    EXPECT_FALSE(session.dirty());
    EXPECT_EQ(session.window_title(), "level1 - BOUNCE - Diorama");
    ASSERT_TRUE(session.redo());
    EXPECT_TRUE(session.dirty());
    ASSERT_TRUE(session.undo());
    EXPECT_FALSE(session.dirty());

    // The saved scene loads into the same state in a fresh session.
    const std::uint64_t saved_hash = session.hash();
    EditorSession reloaded(GameOptions{.module_dirs = {test::module_dir()}});
    ASSERT_TRUE(reloaded.open_project(copy.path(), "level1"));
    EXPECT_EQ(reloaded.hash(), saved_hash);
    EXPECT_EQ(reloaded.world().object_count(), 68u);
    for (Guid g : placed) {
        const Handle h = reloaded.world().find(g);
        ASSERT_TRUE(h);
        EXPECT_EQ(reloaded.world().get<Transform2D>(h)->position, transform(g).position);
        EXPECT_EQ(get_field(reloaded.world(), h, "Brick.points").value(), field(g, "Brick.points"));
        // Each placed brick has a name of its own ("brick", "brick 2", ...), saved and read back.
        EXPECT_EQ(reloaded.world().name(h), session.world().name(session.world().find(g)));
        EXPECT_EQ(reloaded.world().name(h).rfind("brick", 0), 0u);
    }
    EXPECT_EQ(reloaded.world().name(reloaded.world().find(placed.front())), "brick");
    EXPECT_TRUE(fs::exists(copy.path() / "scenes" / "level1.scene.json.1"));
}

TEST_F(SessionTest, SaveAsWritesANewSceneThatOpens) {
    ASSERT_TRUE(session.rename(guid("Ball"), "Orb"));
    ASSERT_TRUE(session.save_as("scenes/level2"));
    EXPECT_EQ(session.scene_path(), "scenes/level2.scene.json");
    EXPECT_EQ(session.scene_name(), "level2");
    EXPECT_FALSE(session.dirty());
    const std::uint64_t saved = session.hash();
    ASSERT_TRUE(session.open_scene("level1"));
    EXPECT_TRUE(find("Ball"));
    ASSERT_TRUE(session.open_scene("level2"));
    EXPECT_EQ(session.hash(), saved);
    EXPECT_FALSE(session.save_as("../escape.scene.json"));
}

TEST_F(SessionTest, ANewSceneIsEmptyKeepsTheLayersAndSavesUnderItsName) {
    session.new_scene();
    EXPECT_EQ(session.world().object_count(), 0u);
    EXPECT_EQ(session.world().layers(), (std::vector<std::string>{"background", "world", "ui"}));
    EXPECT_EQ(session.scene_name(), "untitled");
    EXPECT_TRUE(session.scene_path().empty());
    EXPECT_FALSE(session.dirty());
    ASSERT_TRUE(session.place_prefab("ball", {10.0f, 10.0f}));
    EXPECT_EQ(session.window_title(), "untitled* - BOUNCE - Diorama");
    ASSERT_TRUE(session.save());
    EXPECT_EQ(session.scene_path(), "scenes/untitled.scene.json");
    EXPECT_TRUE(fs::exists(copy.path() / "scenes" / "untitled.scene.json"));
}

// ---- the dirty mark ----

TEST_F(SessionTest, TheDirtyMarkIsRightAtEveryStep) {
    EXPECT_FALSE(session.dirty());
    ASSERT_TRUE(session.place_prefab("ball", {50.0f, 50.0f}));
    EXPECT_TRUE(session.dirty());
    ASSERT_TRUE(session.undo());
    EXPECT_FALSE(session.dirty());
    ASSERT_TRUE(session.redo());
    EXPECT_TRUE(session.dirty());
    ASSERT_TRUE(session.save());
    EXPECT_FALSE(session.dirty());
    ASSERT_TRUE(session.set_field(guid("Paddle"), "Paddle.speed", FieldValue{700.0f}, 3));
    EXPECT_TRUE(session.dirty());
    ASSERT_TRUE(session.set_field(guid("Paddle"), "Paddle.speed", FieldValue{600.0f}, 3));
    EXPECT_TRUE(session.dirty()); // merged, but not into the saved step
    ASSERT_TRUE(session.undo());
    EXPECT_FALSE(session.dirty());
    ASSERT_TRUE(session.undo());
    EXPECT_TRUE(session.dirty()); // before the save point
    ASSERT_TRUE(session.redo());
    EXPECT_FALSE(session.dirty());
    // A refused edit changes nothing.
    EXPECT_FALSE(session.set_field(guid("Paddle"), "Shape.radius", FieldValue{-1.0f}));
    EXPECT_FALSE(session.dirty());
}

// ---- edits ----

TEST_F(SessionTest, ASliderDragMergesIntoOneCommand) {
    const Guid paddle = guid("Paddle");
    const std::size_t steps = session.history().size();
    for (float speed : {610.0f, 620.0f, 630.0f, 640.0f})
        ASSERT_TRUE(session.set_field(paddle, "Paddle.speed", FieldValue{speed}, 99));
    EXPECT_EQ(session.history().size(), steps + 1);
    session.end_merge();
    ASSERT_TRUE(session.set_field(paddle, "Paddle.speed", FieldValue{650.0f}, 99));
    EXPECT_EQ(session.history().size(), steps + 2);
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(std::get<float>(field(paddle, "Paddle.speed")), 640.0f);
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(std::get<float>(field(paddle, "Paddle.speed")), 600.0f);
}

TEST_F(SessionTest, SetFieldOnTheSelectionChangesEveryObjectThatHasTheField) {
    const std::uint64_t before = session.hash();
    session.select_only({guid("Ball"), guid("Paddle"), guid("Camera")});
    ASSERT_TRUE(session.set_field("Shape.color", FieldValue{glm::vec4(1.0f, 0.0f, 0.0f, 1.0f)}));
    EXPECT_EQ(std::get<glm::vec4>(field(guid("Ball"), "Shape.color")),
              glm::vec4(1.0f, 0.0f, 0.0f, 1.0f));
    EXPECT_EQ(std::get<glm::vec4>(field(guid("Paddle"), "Shape.color")),
              glm::vec4(1.0f, 0.0f, 0.0f, 1.0f));
    EXPECT_FALSE(session.world().has<Shape>(find("Camera")));
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
    session.select_only({guid("Camera")});
    EXPECT_FALSE(session.set_field("Shape.color", FieldValue{glm::vec4(1.0f)}));
}

TEST_F(SessionTest, BoxSelectDeleteAndUndoRestoresEverything) {
    const std::uint64_t before = session.hash();
    session.box_select(Rect{{10.0f, 380.0f}, {790.0f, 560.0f}}, false);
    EXPECT_EQ(session.selection().size(), 60u); // the bricks, not the arena around them
    session.delete_selection();
    EXPECT_EQ(session.world().object_count(), 5u);
    EXPECT_TRUE(session.selection().empty());
    EXPECT_TRUE(session.pick({58.0f, 540.0f}).empty()); // the arena is an outline: not inside
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.world().object_count(), 65u);
    EXPECT_EQ(session.hash(), before);
    ASSERT_EQ(session.pick({58.0f, 540.0f}).size(), 1u);
    ASSERT_TRUE(session.redo());
    EXPECT_EQ(session.world().object_count(), 5u);
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
}

TEST_F(SessionTest, DeletingAParentDeletesItsChildrenAndUndoRestoresThem) {
    const Guid paddle = guid("Paddle");
    const Guid ball = guid("Ball");
    ASSERT_TRUE(session.reparent(ball, paddle));
    const std::uint64_t before = session.hash();
    session.select_only({ball, paddle});
    session.delete_selection();
    EXPECT_FALSE(session.world().find(ball));
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
    EXPECT_EQ(session.world().parent(session.world().find(ball)), session.world().find(paddle));
}

TEST_F(SessionTest, DuplicateMakesOffsetSelectedCopiesUnderTheSameParent) {
    session.grid().size = 32.0f;
    const Guid paddle = guid("Paddle");
    const Guid ball = guid("Ball");
    ASSERT_TRUE(session.reparent(ball, paddle));
    const std::uint64_t before = session.hash();
    session.select_only({paddle});
    session.duplicate_selection();
    EXPECT_EQ(session.world().object_count(), 67u);
    ASSERT_EQ(session.selection().size(), 1u);
    const Guid copy_guid = session.selection()[0];
    EXPECT_NE(copy_guid, paddle);
    const Handle copied = session.world().find(copy_guid);
    EXPECT_EQ(session.world().get<Transform2D>(copied)->position, glm::vec2(432.0f, 8.0f));
    EXPECT_EQ(session.world().get<PrefabInstance>(copied)->prefab, "prefabs/paddle.prefab.json");
    const std::vector<Handle> kids = session.world().children(copied);
    ASSERT_EQ(kids.size(), 1u);
    EXPECT_NE(guid(kids[0]), ball);
    EXPECT_EQ(session.world().get<Transform2D>(kids[0])->position, transform(ball).position);
    EXPECT_EQ(session.history().undo_label(), "Duplicate");
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
    ASSERT_TRUE(session.redo());
    EXPECT_TRUE(session.world().find(copy_guid)); // redo brings back the same guids
}

TEST_F(SessionTest, CopyPasteAddsRootsAtTheirWorldPlaceEachPasteFurtherOff) {
    session.grid().size = 10.0f;
    const Guid paddle = guid("Paddle");
    const Guid ball = guid("Ball");
    ASSERT_TRUE(session.reparent(ball, paddle));
    const glm::vec2 ball_world = session.world().world_position(session.world().find(ball));
    const std::uint64_t before = session.hash();
    EXPECT_FALSE(session.has_clipboard());
    session.select_only({ball});
    session.copy_selection();
    EXPECT_TRUE(session.has_clipboard());
    EXPECT_EQ(session.hash(), before);
    session.paste();
    ASSERT_EQ(session.selection().size(), 1u);
    const Handle first = session.world().find(session.selection()[0]);
    EXPECT_FALSE(session.world().parent(first));
    EXPECT_EQ(session.world().world_position(first), ball_world + glm::vec2(10.0f, -10.0f));
    session.paste();
    const Handle second = session.world().find(session.selection()[0]);
    EXPECT_NE(second, first);
    EXPECT_EQ(session.world().world_position(second), ball_world + glm::vec2(20.0f, -20.0f));
    EXPECT_EQ(session.world().object_count(), 67u);
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);

    // Cut removes (one step) and pastes back.
    session.select_only({paddle});
    session.cut_selection();
    EXPECT_FALSE(session.world().find(paddle));
    EXPECT_EQ(session.history().undo_label(), "Cut");
    session.paste();
    EXPECT_EQ(session.world().object_count(), 65u);
}

TEST_F(SessionTest, PasteIntoAnotherSceneKeepsLayersItHasAndFallsBackToItsFirst) {
    session.select_only({guid("Ball")});
    session.copy_selection();
    session.new_scene(); // the same layers
    session.paste();
    ASSERT_EQ(session.world().object_count(), 1u);
    EXPECT_EQ(session.world().layer(session.world().find(session.selection()[0])), 1u); // "world"

    std::ofstream(copy.path() / "scenes" / "other.scene.json")
        << R"({"format": "diorama.scene", "version": 1, "name": "other", "layers": ["only"], "objects": []})";
    ASSERT_TRUE(session.open_scene("other"));
    session.paste();
    ASSERT_EQ(session.world().object_count(), 1u);
    EXPECT_EQ(session.world().layer(session.world().find(session.selection()[0])), 0u);
}

TEST_F(SessionTest, ReparentKeepsTheWorldPlaceAndRefusesCycles) {
    LogCapture log;
    const Guid paddle = guid("Paddle");
    const Guid ball = guid("Ball");
    const glm::vec2 ball_world = session.world().world_position(find("Ball"));
    const std::uint64_t before = session.hash();
    ASSERT_TRUE(session.reparent(ball, paddle));
    EXPECT_EQ(session.world().parent(find("Ball")), find("Paddle"));
    EXPECT_EQ(session.world().world_position(find("Ball")), ball_world);
    EXPECT_EQ(transform(ball).position, glm::vec2(0.0f, 16.0f));

    const std::uint64_t parented = session.hash();
    const std::size_t steps = session.history().size();
    auto cycle = session.reparent(paddle, ball);
    ASSERT_FALSE(cycle);
    EXPECT_EQ(cycle.error().code, ErrorCode::Cycle);
    EXPECT_TRUE(log.contains("cannot become a child"));
    EXPECT_EQ(session.reparent(paddle, paddle).error().code, ErrorCode::Cycle);
    EXPECT_EQ(session.hash(), parented);
    EXPECT_EQ(session.history().size(), steps);

    ASSERT_TRUE(session.reparent(ball, Guid{}));
    EXPECT_FALSE(session.world().parent(find("Ball")));
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
}

TEST_F(SessionTest, RenameAndLayerChangesUndo) {
    const Guid ball = guid("Ball");
    const std::uint64_t before = session.hash();
    ASSERT_TRUE(session.rename(ball, "Orb"));
    EXPECT_EQ(session.world().name(session.world().find(ball)), "Orb");
    EXPECT_EQ(session.history().undo_label(), "Rename");
    ASSERT_TRUE(session.set_layer(ball, "ui"));
    EXPECT_EQ(session.world().layer(session.world().find(ball)), 2u);
    EXPECT_FALSE(session.set_layer(ball, "nowhere"));
    EXPECT_FALSE(session.rename(Guid{123}, "x"));
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
}

TEST_F(SessionTest, AddAndRemoveComponentsUndo) {
    const Guid camera = guid("Camera");
    const Guid brick = guid("Brick 0,0");
    const std::uint64_t before = session.hash();

    ASSERT_TRUE(session.add_component(camera, "Velocity"));
    EXPECT_TRUE(session.world().has<Velocity>(find("Camera")));
    EXPECT_EQ(session.add_component(camera, "Velocity").error().code, ErrorCode::Duplicate);
    EXPECT_EQ(session.add_component(camera, "Nope").error().code, ErrorCode::UnknownType);
    ASSERT_TRUE(session.undo());
    EXPECT_FALSE(session.world().has<Velocity>(find("Camera")));

    // Removing snapshots the values; undo puts them back.
    ASSERT_TRUE(
        session.set_field(brick, "Collider.half_extents", FieldValue{glm::vec2(30.0f, 10.0f)}));
    const std::uint64_t edited = session.hash();
    ASSERT_TRUE(session.remove_component(brick, "Collider"));
    EXPECT_FALSE(session.world().has<Collider>(find("Brick 0,0")));
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), edited);
    EXPECT_EQ(std::get<glm::vec2>(field(brick, "Collider.half_extents")), glm::vec2(30.0f, 10.0f));
    EXPECT_EQ(session.remove_component(brick, "Transform2D").error().code,
              ErrorCode::InvalidArgument);
    EXPECT_EQ(session.remove_component(camera, "Shape").error().code, ErrorCode::NotFound);

    // A prefab instance that gets a component back gets the prefab's values.
    ASSERT_TRUE(session.remove_component(brick, "Shape"));
    ASSERT_TRUE(session.add_component(brick, "Shape"));
    EXPECT_EQ(std::get<glm::vec2>(field(brick, "Shape.size")), glm::vec2(72.0f, 24.0f));
    EXPECT_FALSE(session.is_overridden(brick, "Shape", "size"));
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
}

TEST_F(SessionTest, PrefabOverridesShowAndRevert) {
    const Guid brick = guid("Brick 0,0");
    EXPECT_TRUE(session.is_overridden(brick, "Shape", "color")); // the top row is red
    EXPECT_FALSE(session.is_overridden(brick, "Shape", "size"));
    EXPECT_FALSE(session.is_overridden(guid("Camera"), "Transform2D", "position")); // no prefab
    const std::uint64_t before = session.hash();
    ASSERT_TRUE(session.revert_to_prefab(brick, "Shape", "color"));
    EXPECT_FALSE(session.is_overridden(brick, "Shape", "color"));
    EXPECT_EQ(std::get<glm::vec4>(field(brick, "Shape.color")), glm::vec4(0.3f, 0.8f, 0.4f, 1.0f));
    EXPECT_EQ(session.history().undo_label(), "Revert Shape.color");
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);
    EXPECT_FALSE(session.revert_to_prefab(guid("Camera"), "Transform2D", "position"));
}

TEST_F(SessionTest, PropertyEditsUndo) {
    const Guid brick = guid("Brick 0,0");
    const std::uint64_t before = session.hash();
    ASSERT_TRUE(session.set_property(brick, "hp", PropertyValue{5}));
    EXPECT_EQ(std::get<std::int32_t>(field(brick, "Properties.values.hp")), 5);
    ASSERT_TRUE(session.rename_property(brick, "hp", "health"));
    EXPECT_FALSE(get_field(session.world(), find("Brick 0,0"), "Properties.values.hp"));
    ASSERT_TRUE(
        session.set_property(brick, "health", PropertyValue{std::string("lots")})); // retype
    EXPECT_EQ(std::get<std::string>(field(brick, "Properties.values.health")), "lots");
    ASSERT_TRUE(session.set_property(brick, "tint", PropertyValue{glm::vec4(1.0f)}));
    EXPECT_EQ(session.rename_property(brick, "health", "tint").error().code, ErrorCode::Duplicate);
    EXPECT_EQ(session.remove_property(brick, "missing").error().code, ErrorCode::NotFound);
    ASSERT_TRUE(session.remove_property(brick, "health"));
    EXPECT_EQ(session.history().undo_label(), "Remove property health");
    for (int i = 0; i < 5; ++i)
        ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.hash(), before);

    // On an object without Properties the component comes with the first key, in one step.
    const Guid camera = guid("Camera");
    ASSERT_TRUE(session.set_property(camera, "shake", PropertyValue{0.5f}));
    EXPECT_TRUE(session.world().has<Properties>(find("Camera")));
    ASSERT_TRUE(session.undo());
    EXPECT_FALSE(session.world().has<Properties>(find("Camera")));
    EXPECT_EQ(session.hash(), before);
}

// ---- play mode ----

TEST_F(SessionTest, PlayStepStopRestoresTheSceneAndKeepsTheSelection) {
    const Guid ball = guid("Ball");
    session.select(ball);
    ASSERT_TRUE(session.place_prefab("brick", {300.0f, 300.0f})); // an unsaved edit survives play
    session.select(ball);
    const std::uint64_t before = session.hash();
    const std::size_t steps = session.history().size();
    const glm::vec2 ball_at = transform(ball).position;

    session.play();
    EXPECT_EQ(session.play_state(), PlayState::Playing);
    ASSERT_NE(session.simulation(), nullptr);
    for (int i = 0; i < 10; ++i)
        session.step();
    EXPECT_EQ(session.play_state(), PlayState::Paused);
    EXPECT_EQ(session.simulation()->tick_count(), 10u);
    EXPECT_NE(session.hash(), before);

    // Edits while playing change the live world only; undo is off.
    ASSERT_TRUE(session.set_field(guid("Paddle"), "Paddle.speed", FieldValue{1.0f}));
    EXPECT_EQ(session.history().size(), steps);
    EXPECT_FALSE(session.can_undo());
    EXPECT_FALSE(session.undo());
    EXPECT_FALSE(session.save());

    session.play();
    EXPECT_EQ(session.play_state(), PlayState::Playing);
    const int ticks = session.advance(0.1);
    EXPECT_GE(ticks, 5);
    EXPECT_EQ(session.simulation()->tick_count(), 10u + static_cast<unsigned>(ticks));

    session.stop();
    EXPECT_EQ(session.play_state(), PlayState::Editing);
    EXPECT_EQ(session.simulation(), nullptr);
    EXPECT_EQ(session.hash(), before);
    EXPECT_EQ(transform(ball).position, ball_at);
    EXPECT_EQ(session.selection(), std::vector<Guid>{ball});
    EXPECT_EQ(std::get<float>(field(guid("Paddle"), "Paddle.speed")), 600.0f);
    EXPECT_TRUE(session.dirty());
    ASSERT_TRUE(session.undo()); // the history from before play still applies
    EXPECT_EQ(session.world().object_count(), 65u);
}

// Without scripted components, Stop puts back a copy of the world itself: every object keeps its
// handle, even with slots freed before Play (a load would number them afresh).
TEST_F(SessionTest, StopGivesEveryObjectItsHandleFromBeforePlay) {
    session.select(guid("Paddle"));
    session.delete_selection(); // a free slot among the objects
    std::vector<std::pair<Guid, Handle>> handles;
    session.world().each_object(
        [&](Handle h) { handles.emplace_back(session.world().guid(h), h); });
    const std::uint64_t before = session.hash();
    session.play();
    for (int i = 0; i < 20; ++i)
        session.step();
    session.stop();
    EXPECT_EQ(session.hash(), before);
    for (const auto& [g, h] : handles)
        EXPECT_EQ(session.world().find(g), h);
    ASSERT_TRUE(session.undo()); // the delete, from before Play
    EXPECT_TRUE(session.world().find(guid("Paddle")));
}

TEST_F(SessionTest, StepFromEditingStartsPausedAndPauseStopsAdvancing) {
    const std::uint64_t before = session.hash();
    session.step();
    EXPECT_EQ(session.play_state(), PlayState::Paused);
    EXPECT_EQ(session.simulation()->tick_count(), 1u);
    EXPECT_EQ(session.advance(1.0), 0);
    session.play();
    session.pause();
    EXPECT_EQ(session.advance(1.0), 0);
    session.stop();
    EXPECT_EQ(session.hash(), before);
    EXPECT_FALSE(session.dirty());
}

TEST_F(SessionTest, InputReachesTheGameOnlyWhilePlaying) {
    const InputEvent left{.kind = InputEventKind::KeyDown, .key = Key::Left};
    session.push_input(left); // editing: ignored
    session.step();
    EXPECT_FALSE(session.world().input().human);
    session.push_input(left);
    session.step();
    EXPECT_TRUE(session.world().input().human);
    EXPECT_TRUE(session.world().input().down(Key::Left));
    session.stop();
}

TEST_F(SessionTest, AGameOfManyTicksStopsBackToTheSavedScene) {
    const std::uint64_t before = session.hash();
    session.play();
    for (int i = 0; i < 120; ++i)
        (void)session.advance(0.1); // objects spawn and die meanwhile
    session.stop();
    EXPECT_EQ(session.hash(), before);
    EXPECT_EQ(session.world().object_count(), 65u);
}

// ---- picking ----

TEST_F(SessionTest, PickingPutsTheTopmostFirstAndRepeatedClicksCycle) {
    session.grid().snap = false;
    const glm::vec2 at(400.0f, 56.0f); // the ball, inside the arena (an outline: not picked)
    auto first = session.place_prefab("brick", {400.0f, 60.0f});
    auto second = session.place_prefab("brick", {410.0f, 58.0f});
    ASSERT_TRUE(first && second);
    auto ui = session.create_object("label", {0.0f, 0.0f});
    ASSERT_TRUE(ui);
    ASSERT_TRUE(session.set_layer(guid(*ui), "ui"));
    ASSERT_TRUE(session.add_component(guid(*ui), "Sprite"));
    ASSERT_TRUE(session.set_field(guid(*ui), "Transform2D.position", FieldValue{at}));

    // ui layer > world layer (ball: order 1 > bricks: order 0; newer brick first).
    const std::vector<Handle> hits = session.pick(at);
    ASSERT_EQ(hits.size(), 4u);
    EXPECT_EQ(hits[0], *ui);
    EXPECT_EQ(hits[1], find("Ball"));
    EXPECT_EQ(hits[2], *second);
    EXPECT_EQ(hits[3], *first);

    session.click_select(at, false);
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid(*ui)});
    for (Handle expected : {find("Ball"), *second, *first, *ui}) {
        session.click_select(at + glm::vec2(0.5f, 0.0f), false);
        EXPECT_EQ(session.selection(), std::vector<Guid>{guid(expected)});
    }
    // Elsewhere: the topmost again; add toggles; empty space clears.
    session.click_select({58.0f, 540.0f}, false);
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Brick 0,0")});
    session.click_select(at, true);
    EXPECT_EQ(session.selection().size(), 2u);
    session.click_select(at, true);
    EXPECT_EQ(session.selection().size(), 1u);
    session.click_select({-500.0f, -500.0f}, false);
    EXPECT_TRUE(session.selection().empty());
}

TEST_F(SessionTest, ObjectsWithoutExtentArePickedNearTheirPosition) {
    session.camera().set_zoom(1.0f);
    const std::vector<Handle> near_camera = session.pick({403.0f, 297.0f}); // the Camera object
    EXPECT_NE(std::find(near_camera.begin(), near_camera.end(), find("Camera")), near_camera.end());
    const std::vector<Handle> far = session.pick({420.0f, 297.0f});
    EXPECT_EQ(std::find(far.begin(), far.end(), find("Camera")), far.end());
}

TEST_F(SessionTest, PickingSeesObjectsWhereTheyWereJustMoved) {
    const Guid ball = guid("Ball");
    ASSERT_TRUE(
        session.set_field(ball, "Transform2D.position", FieldValue{glm::vec2(-300.0f, -300.0f)}));
    const std::vector<Handle> hits = session.pick({-300.0f, -300.0f});
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_EQ(hits[0], find("Ball"));
}

// ---- transform tools ----

TEST_F(SessionTest, AxisMovesKeepTheOtherCoordinate) {
    session.grid().snap = false;
    const Guid ball = guid("Ball");
    session.select(ball);
    session.set_tool(Tool::Move);
    session.camera().set_zoom(1.0f);
    const glm::vec2 c = *session.selection_center();
    const glm::vec2 on_x = c + glm::vec2(40.0f, 0.0f);
    ASSERT_EQ(session.handle_at(on_x), HandlePart::AxisX);
    session.begin_drag(HandlePart::AxisX, on_x);
    session.update_drag(on_x + glm::vec2(13.0f, 50.0f));
    session.end_drag();
    EXPECT_EQ(transform(ball).position, c + glm::vec2(13.0f, 0.0f));
    const glm::vec2 on_y = *session.selection_center() + glm::vec2(0.0f, 40.0f);
    ASSERT_EQ(session.handle_at(on_y), HandlePart::AxisY);
    session.begin_drag(HandlePart::AxisY, on_y);
    session.update_drag(on_y + glm::vec2(99.0f, -6.0f));
    session.end_drag();
    EXPECT_EQ(transform(ball).position, c + glm::vec2(13.0f, -6.0f));
    EXPECT_EQ(session.history().size(), 2u);
}

TEST_F(SessionTest, ADragThatDoesNotMoveRecordsNothing) {
    session.grid().snap = false;
    session.select(guid("Ball"));
    const glm::vec2 c = *session.selection_center();
    session.begin_drag(HandlePart::Free, c);
    session.update_drag(c);
    session.end_drag();
    EXPECT_EQ(session.history().size(), 0u);
    EXPECT_FALSE(session.dirty());
}

TEST_F(SessionTest, RotateTurnsTheSelectionAroundItsCentreWithAngleSnap) {
    session.grid().snap = false;
    auto a = session.create_object("a", {0.0f, 0.0f});
    auto b = session.create_object("b", {100.0f, 0.0f});
    ASSERT_TRUE(a && b);
    session.select_only({guid(*a), guid(*b)});
    session.set_tool(Tool::Rotate);
    session.camera().set_zoom(1.0f);
    const glm::vec2 c = *session.selection_center();
    EXPECT_EQ(c, glm::vec2(50.0f, 0.0f));
    const glm::vec2 grab = c + glm::vec2(kRotateRadiusPx, 0.0f);
    ASSERT_EQ(session.handle_at(grab), HandlePart::Rotate);
    session.grid().snap = true;
    session.grid().angle_snap_deg = 15.0f;
    session.begin_drag(HandlePart::Rotate, grab);
    session.update_drag(c + glm::vec2(-1.0f, 60.0f)); // about 91 degrees: snaps to 90
    session.end_drag();
    const Transform2D& ta = transform(guid(*a));
    const Transform2D& tb = transform(guid(*b));
    EXPECT_FLOAT_EQ(ta.rotation_deg, 90.0f);
    EXPECT_FLOAT_EQ(tb.rotation_deg, 90.0f);
    EXPECT_NEAR(ta.position.x, 50.0f, 1e-3f);
    EXPECT_NEAR(ta.position.y, -50.0f, 1e-3f);
    EXPECT_NEAR(tb.position.x, 50.0f, 1e-3f);
    EXPECT_NEAR(tb.position.y, 50.0f, 1e-3f);
    EXPECT_EQ(session.history().undo_label(), "Rotate");
}

TEST_F(SessionTest, ScaleHandlesScaleAnAxisOrUniformly) {
    const Guid brick = guid("Brick 0,0");
    session.select(brick);
    session.set_tool(Tool::Scale);
    session.camera().set_zoom(2.0f);
    const glm::vec2 c = *session.selection_center();
    const float length = kHandleLengthPx / 2.0f; // world units at zoom 2
    const glm::vec2 tip = c + glm::vec2(length, 0.0f);
    ASSERT_EQ(session.handle_at(tip), HandlePart::ScaleX);
    session.begin_drag(HandlePart::ScaleX, tip);
    session.update_drag(tip + glm::vec2(length * 0.52f, 7.0f)); // x1.52, snaps to x1.5
    session.end_drag();
    EXPECT_FLOAT_EQ(transform(brick).scale.x, 1.5f);
    EXPECT_FLOAT_EQ(transform(brick).scale.y, 1.0f);
    EXPECT_EQ(transform(brick).position, c); // scaling about its own centre
    ASSERT_EQ(session.handle_at(c), HandlePart::ScaleUniform);
    session.begin_drag(HandlePart::ScaleUniform, c);
    session.update_drag(c + glm::vec2(length, 0.0f));
    session.end_drag();
    EXPECT_FLOAT_EQ(transform(brick).scale.x, 3.0f);
    EXPECT_FLOAT_EQ(transform(brick).scale.y, 2.0f);
    // Never down to nothing.
    session.begin_drag(HandlePart::ScaleUniform, c);
    session.update_drag(c - glm::vec2(length * 10.0f, 0.0f));
    session.end_drag();
    EXPECT_GT(transform(brick).scale.x, 0.0f);
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(transform(brick).scale, glm::vec2(1.0f));
}

TEST_F(SessionTest, WithSelectAClickOnASelectedObjectGrabsItForAMove) {
    session.select(guid("Paddle"));
    session.set_tool(Tool::Select);
    EXPECT_EQ(session.handle_at({440.0f, 42.0f}), HandlePart::Free);
    EXPECT_EQ(session.handle_at({300.0f, 300.0f}), HandlePart::None);
    session.set_tool(Tool::Rotate);
    EXPECT_EQ(session.handle_at({440.0f, 42.0f}), HandlePart::None);
}

TEST_F(SessionTest, MovingAParentAndItsChildMovesOnlyTheParent) {
    session.grid().snap = false;
    const Guid paddle = guid("Paddle");
    const Guid ball = guid("Ball");
    ASSERT_TRUE(session.reparent(ball, paddle));
    const Transform2D ball_local = transform(ball);
    session.select_only({ball, paddle});
    const glm::vec2 c = *session.selection_center();
    session.begin_drag(HandlePart::Free, c);
    session.update_drag(c + glm::vec2(30.0f, 0.0f));
    session.end_drag();
    EXPECT_EQ(transform(paddle).position, glm::vec2(430.0f, 40.0f));
    EXPECT_EQ(transform(ball).position, ball_local.position);
}

TEST_F(SessionTest, NudgeIsOneCommand) {
    session.select_only({guid("Ball"), guid("Paddle")});
    const std::size_t steps = session.history().size();
    session.nudge({1.0f, 0.0f});
    EXPECT_EQ(session.history().size(), steps + 1);
    EXPECT_EQ(transform(guid("Ball")).position, glm::vec2(401.0f, 56.0f));
    EXPECT_EQ(transform(guid("Paddle")).position, glm::vec2(401.0f, 40.0f));
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(transform(guid("Ball")).position, glm::vec2(400.0f, 56.0f));
}

TEST_F(SessionTest, FrameSelectionCentresTheCameraOnIt) {
    session.camera().set_viewport({800.0f, 600.0f});
    session.select(guid("Brick 0,0"));
    session.frame_selection();
    EXPECT_EQ(session.camera().center(), glm::vec2(58.0f, 540.0f));
    EXPECT_GT(session.camera().zoom(), 5.0f);
    session.clear_selection();
    session.frame_selection(); // everything: the arena
    EXPECT_EQ(session.camera().center(), glm::vec2(400.0f, 300.0f));
}

TEST_F(SessionTest, SelectionIsByGuidAndDropsObjectsThatAreGone) {
    const Guid ball = guid("Ball");
    const Guid paddle = guid("Paddle");
    session.select(ball);
    session.select(paddle, true);
    EXPECT_EQ(session.selection(), (std::vector<Guid>{ball, paddle}));
    session.select(ball, true); // toggles off
    EXPECT_EQ(session.selection(), std::vector<Guid>{paddle});
    session.select(Guid{1}); // no such object
    EXPECT_EQ(session.selection(), std::vector<Guid>{paddle});
    session.select_all();
    EXPECT_EQ(session.selection().size(), 65u);
    session.select_only({paddle});
    session.delete_selection();
    EXPECT_TRUE(session.selection().empty());
    EXPECT_TRUE(session.selected_handles().empty());
}

} // namespace
} // namespace diorama::editor
