// The Play workflow on the BOUNCE sample: the input recording (ticks, pauses, steps, a new Play),
// Keep Live Values at Stop and the game's camera in the viewport.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/components.h"
#include "diorama/log.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

// Collects log messages while alive.
class LogCapture {
public:
    LogCapture() {
        m_previous = set_log_sink(
            [this](LogLevel, std::string_view message) { m_lines.emplace_back(message); });
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

class PlayWorkflowTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
    }

    Guid guid(const std::string& name) const {
        return session.world().guid(session.world().find_by_name(name));
    }
    Transform2D& transform(Guid g) {
        return *session.world().get<Transform2D>(session.world().find(g));
    }

    BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
};

InputEvent key(InputEventKind kind, Key k) {
    return InputEvent{.kind = kind, .key = k};
}

InputEvent mouse(InputEventKind kind, glm::vec2 at, std::uint8_t button = 0) {
    return InputEvent{.kind = kind, .button = button, .position = at};
}

// ---- the input recording ----

TEST_F(PlayWorkflowTest, EachEventIsStampedWithTheTickWhoseInputPhaseReceivesIt) {
    session.play();
    session.push_input(key(InputEventKind::KeyDown, Key::Left));          // before tick 0
    session.step();                                                       // tick 0 runs, pauses
    session.push_input(mouse(InputEventKind::MouseMove, {10.0f, 20.0f})); // paused: tick 1
    session.push_input(mouse(InputEventKind::MouseDown, {10.0f, 20.0f}, 2));
    session.step(); // tick 1
    session.step(); // tick 2: nothing
    session.play();
    session.push_input(key(InputEventKind::KeyUp, Key::Left));    // between frames: tick 3
    EXPECT_EQ(session.advance(1.5 / 60.0), 1);                    // tick 3
    EXPECT_EQ(session.advance(0.4 / 60.0), 0);                    // a frame without a tick
    session.push_input(key(InputEventKind::KeyDown, Key::Space)); // waits for tick 4
    EXPECT_EQ(session.advance(0.2 / 60.0), 1);                    // tick 4

    const InputScript& rec = session.recorded_input();
    ASSERT_EQ(rec.events.size(), 5u);
    const std::vector<std::uint64_t> ticks{0, 1, 1, 3, 4};
    for (std::size_t i = 0; i < ticks.size(); ++i)
        EXPECT_EQ(rec.events[i].tick, ticks[i]) << i;
    EXPECT_EQ(rec.events[0].event.key, Key::Left);
    EXPECT_EQ(rec.events[1].event.kind, InputEventKind::MouseMove);
    EXPECT_EQ(rec.events[2].event.button, 2);
    EXPECT_EQ(rec.events[3].event.kind, InputEventKind::KeyUp);
    EXPECT_EQ(rec.events[4].event.key, Key::Space);
    EXPECT_EQ(session.recorded_ticks(), 5u);

    // An event pushed after the last tick never reached the game: it is not in the recording.
    session.pause();
    session.push_input(key(InputEventKind::KeyUp, Key::Space));
    session.stop();
    EXPECT_EQ(session.recorded_input().events.size(), 5u);
    EXPECT_EQ(session.recorded_ticks(), 5u);
}

TEST_F(PlayWorkflowTest, TheGameGetsOnlyTheFieldsAnInputScriptCarries) {
    session.play();
    InputEvent wheel = mouse(InputEventKind::Wheel, {5.0f, 6.0f}, 2);
    wheel.key = Key::Left;
    wheel.wheel = -2.0f;
    session.push_input(wheel); // the editor reuses one event for the mouse: stray fields
    session.step();
    ASSERT_EQ(session.recorded_input().events.size(), 1u);
    const InputEvent& got = session.recorded_input().events[0].event;
    EXPECT_EQ(got.wheel, -2.0f);
    EXPECT_EQ(got.button, 0);
    EXPECT_EQ(got.key, Key::Unknown);
    EXPECT_EQ(got.position, glm::vec2(0.0f));
    session.stop();
}

TEST_F(PlayWorkflowTest, TheSavedRecordingReplaysToTheSameState) {
    EXPECT_FALSE(session.save_recorded_input("input/none")); // nothing played yet
    session.play();
    for (int frame = 0; frame < 90; ++frame) {
        if (frame == 3) session.push_input(key(InputEventKind::KeyDown, Key::Right));
        if (frame == 40) session.push_input(key(InputEventKind::KeyUp, Key::Right));
        if (frame == 41) session.push_input(key(InputEventKind::KeyDown, Key::Left));
        if (frame == 50) session.pause();
        if (frame == 55) session.step();
        if (frame == 60) session.play();
        if (frame == 70) session.push_input(mouse(InputEventKind::MouseMove, {300.0f, 40.0f}));
        (void)session.advance(1.0 / 60.0);
    }
    session.pause();
    const std::uint64_t played = session.hash();
    const std::uint64_t ticks = session.recorded_ticks();
    EXPECT_GT(ticks, 60u);

    auto saved = session.save_recorded_input("input/run"); // while paused
    ASSERT_TRUE(saved) << saved.error().describe();
    EXPECT_EQ(*saved, copy.path() / "input" / "run.input.json");
    ASSERT_TRUE(fs::exists(*saved));
    session.stop();

    ASSERT_TRUE(session.play_input(*saved));
    for (std::uint64_t i = 0; i < ticks; ++i)
        session.step();
    EXPECT_EQ(session.hash(), played);
    // The replay is itself recorded: its events are the file's.
    Diagnostics problems;
    auto script = load_input_script(*saved, problems);
    ASSERT_TRUE(script);
    EXPECT_EQ(session.recorded_input().events.size(), script->events.size());
    session.stop();
}

TEST_F(PlayWorkflowTest, ANewPlayStartsANewRecordingAndStopKeepsTheLast) {
    session.play();
    session.push_input(key(InputEventKind::KeyDown, Key::Left));
    session.step();
    session.stop();
    ASSERT_EQ(session.recorded_input().events.size(), 1u);
    EXPECT_EQ(session.recorded_ticks(), 1u);
    ASSERT_TRUE(session.save_recorded_input((copy.path() / "after_stop").string()));
    EXPECT_TRUE(fs::exists(copy.path() / "after_stop.input.json"));

    session.play();
    EXPECT_TRUE(session.recorded_input().events.empty());
    EXPECT_EQ(session.recorded_ticks(), 0u);
    session.stop();
    EXPECT_TRUE(session.recorded_input().events.empty());
}

// ---- Keep Live Values ----

TEST_F(PlayWorkflowTest, KeptObjectsTakeTheirLiveValuesAtStopAsOneUndoStep) {
    const Guid ball = guid("Ball");
    const Guid paddle = guid("Paddle");
    const glm::vec2 ball_at = transform(ball).position;
    const glm::vec2 paddle_at = transform(paddle).position;
    const std::size_t steps = session.history().size();

    session.select(ball);
    EXPECT_EQ(session.keep_live_values(), 0u); // not playing
    session.play();
    EXPECT_EQ(session.keep_live_values(), 1u);
    EXPECT_EQ(session.keep_live_values(), 0u); // already kept
    for (int i = 0; i < 20; ++i)
        session.step();
    session.push_input(key(InputEventKind::KeyDown, Key::Right));
    for (int i = 0; i < 20; ++i)
        session.step();
    const glm::vec2 live_ball = transform(ball).position;
    ASSERT_NE(live_ball, ball_at);
    ASSERT_NE(transform(paddle).position, paddle_at); // moved, not kept

    session.stop();
    EXPECT_EQ(transform(ball).position, live_ball);
    EXPECT_EQ(transform(paddle).position, paddle_at);
    EXPECT_TRUE(session.kept_objects().empty());
    ASSERT_EQ(session.history().size(), steps + 1);
    EXPECT_EQ(session.history().undo_label(), "Keep Live Values");
    EXPECT_TRUE(session.dirty());

    ASSERT_TRUE(session.undo());
    EXPECT_EQ(transform(ball).position, ball_at);
    EXPECT_FALSE(session.dirty());
    ASSERT_TRUE(session.redo());
    EXPECT_EQ(transform(ball).position, live_ball);
}

TEST_F(PlayWorkflowTest, KeepSkipsObjectsDestroyedOrCreatedWhilePlayingAndUnchangedOnes) {
    LogCapture log;
    const std::size_t steps = session.history().size();
    const Guid wall = guid("Paddle");
    session.play();
    session.select(wall);
    ASSERT_EQ(session.keep_live_values(), 1u); // unchanged: no step
    auto made = session.place_prefab("brick", {300.0f, 300.0f});
    ASSERT_TRUE(made);
    ASSERT_EQ(session.keep_live_values(), 1u); // the new brick: not in the scene
    const Guid brick = session.selection().back();
    session.select(guid("Ball"));
    ASSERT_EQ(session.keep_live_values(), 1u);
    session.delete_selection(); // the ball: destroyed
    session.stop();

    EXPECT_EQ(session.history().size(), steps);
    EXPECT_FALSE(session.dirty());
    EXPECT_TRUE(log.contains("destroyed while playing"));
    EXPECT_TRUE(log.contains(to_string(brick) + " is not in the scene"));
    EXPECT_TRUE(log.contains("no value changed"));
}

// ---- the game's camera ----

TEST_F(PlayWorkflowTest, PlayShowsTheActiveCameraAndDetachingGivesTheEditorCameraBack) {
    session.camera().set_center({-50.0f, 10.0f});
    session.camera().set_zoom(2.5f);
    const Guid cam = guid("Camera");
    const glm::vec2 cam_at = transform(cam).position;

    session.play();
    EXPECT_TRUE(session.viewing_game_camera());
    EXPECT_EQ(session.camera().center(), cam_at);
    EXPECT_EQ(session.camera().zoom(), 1.0f);

    // The view follows the camera as the game (here: an edit of the live world) moves it.
    ASSERT_TRUE(session.set_field(cam, "Camera2D.zoom", FieldValue{0.5f}));
    ASSERT_TRUE(session.set_field(cam, "Transform2D.position", FieldValue{glm::vec2(10.0f, 5.0f)}));
    session.step();
    EXPECT_EQ(session.camera().center(), glm::vec2(10.0f, 5.0f));
    EXPECT_EQ(session.camera().zoom(), 0.5f);

    session.set_follow_game_camera(false);
    EXPECT_FALSE(session.viewing_game_camera());
    EXPECT_EQ(session.camera().center(), glm::vec2(-50.0f, 10.0f));
    EXPECT_EQ(session.camera().zoom(), 2.5f);
    session.step();
    EXPECT_EQ(session.camera().zoom(), 2.5f);
    session.camera().set_zoom(3.0f); // the editor camera is free again

    session.set_follow_game_camera(true);
    EXPECT_EQ(session.camera().center(), glm::vec2(10.0f, 5.0f));
    session.stop();
    EXPECT_FALSE(session.viewing_game_camera());
    EXPECT_EQ(session.camera().center(), glm::vec2(-50.0f, 10.0f));
    EXPECT_EQ(session.camera().zoom(), 3.0f);

    // Detached before Play: the editor camera stays.
    session.set_follow_game_camera(false);
    session.play();
    EXPECT_FALSE(session.viewing_game_camera());
    EXPECT_EQ(session.camera().zoom(), 3.0f);
    session.stop();
}

TEST_F(PlayWorkflowTest, WithoutAPrimaryCameraPlayKeepsTheEditorCamera) {
    ASSERT_TRUE(session.set_field(guid("Camera"), "Camera2D.primary", FieldValue{false}));
    session.camera().set_center({7.0f, 8.0f});
    session.play();
    session.step();
    EXPECT_FALSE(session.viewing_game_camera());
    EXPECT_EQ(session.camera().center(), glm::vec2(7.0f, 8.0f));
    session.stop();
}

} // namespace
} // namespace diorama::editor
