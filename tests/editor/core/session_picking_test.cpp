// EditorSession picking on the real BOUNCE sample: unfilled shapes (the Arena, an 800 x 600
// outline centred on (400, 300)) are hit on their outline only, whatever their transform; the
// move grab follows the same rule; Alt+click cycling walks down the objects under a point; pick
// filters leave objects out; clicks pick the live world while playing.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/field_path.h"

#include <gtest/gtest.h>

#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace diorama::editor {
namespace {

using test::BounceCopy;

class PickingTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
        session.camera().set_zoom(1.0f);
        session.grid().snap = false;
    }

    Handle find(const std::string& name) const { return session.world().find_by_name(name); }
    Guid guid(const std::string& name) const { return session.world().guid(find(name)); }
    Guid guid(Handle h) const { return session.world().guid(h); }
    bool picks(glm::vec2 at, Handle h) const {
        const std::vector<Handle> hits = session.pick(at);
        return std::find(hits.begin(), hits.end(), h) != hits.end();
    }
    void set(Guid g, const std::string& path, FieldValue value) {
        ASSERT_TRUE(session.set_field(g, path, std::move(value))) << path;
    }
    // A new object on the world layer with an unfilled Shape at `at`.
    Guid outline_object(glm::vec2 at) {
        auto made = session.create_object("ring", at);
        EXPECT_TRUE(made);
        if (!made) return Guid{};
        const Guid g = guid(*made);
        EXPECT_TRUE(session.set_layer(g, "world"));
        EXPECT_TRUE(session.add_component(g, "Shape"));
        set(g, "Shape.filled", FieldValue{false});
        return g;
    }

    BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
};

TEST_F(PickingTest, AnUnfilledShapeIsPickedNearItsOutlineOnly) {
    const Handle arena = find("Arena");
    EXPECT_TRUE(picks({2.0f, 300.0f}, arena));    // on the left edge (x = 0), inside
    EXPECT_TRUE(picks({-5.0f, 300.0f}, arena));   // just outside it
    EXPECT_TRUE(picks({400.0f, 604.0f}, arena));  // the top edge
    EXPECT_FALSE(picks({10.0f, 300.0f}, arena));  // 10 pixels in: not on the outline
    EXPECT_FALSE(picks({200.0f, 200.0f}, arena)); // the open middle
    EXPECT_TRUE(session.pick({200.0f, 200.0f}).empty());
    // The reach is in screen pixels: zoomed out, the same world point is near the outline.
    session.camera().set_zoom(0.5f);
    EXPECT_TRUE(picks({10.0f, 300.0f}, arena));
    EXPECT_FALSE(picks({20.0f, 300.0f}, arena));
}

TEST_F(PickingTest, FilledShapesAndSpritesArePickedInside) {
    const Handle arena = find("Arena");
    set(guid("Arena"), "Shape.filled", FieldValue{true});
    EXPECT_TRUE(picks({200.0f, 200.0f}, arena));
    set(guid("Arena"), "Shape.filled", FieldValue{false});
    EXPECT_FALSE(picks({200.0f, 200.0f}, find("Arena")));
    // A Sprite (or a Text) shows something filled: the whole object is picked again.
    ASSERT_TRUE(session.add_component(guid("Arena"), "Sprite"));
    EXPECT_TRUE(picks({200.0f, 200.0f}, find("Arena")));
}

TEST_F(PickingTest, AnUnfilledRectangleFollowsItsRotationAndScale) {
    const glm::vec2 at(1000.0f, 1000.0f);
    const Guid g = outline_object(at);
    set(g, "Shape.size", FieldValue{glm::vec2(100.0f, 40.0f)});
    set(g, "Transform2D.rotation_deg", FieldValue{45.0f});
    set(g, "Transform2D.scale", FieldValue{glm::vec2(2.0f, 2.0f)});
    const Handle h = session.world().find(g);
    const float c = std::cos(glm::radians(45.0f));
    const auto world_of = [&](glm::vec2 local) {
        const glm::vec2 s = local * 2.0f;
        return at + glm::vec2(c * s.x - c * s.y, c * s.x + c * s.y);
    };
    EXPECT_TRUE(picks(world_of({50.0f, 0.0f}), h));  // the middle of the right edge
    EXPECT_TRUE(picks(world_of({0.0f, -20.0f}), h)); // the middle of the bottom edge
    EXPECT_TRUE(picks(world_of({50.0f, 20.0f}), h)); // a corner
    EXPECT_FALSE(picks(world_of({40.0f, 0.0f}), h)); // 20 units inside the right edge
    EXPECT_FALSE(picks(at, h));                      // the centre
    // Inside its bounding box but far outside the turned rectangle.
    const Rect b = session.world().bounds(h);
    EXPECT_FALSE(picks(b.max - glm::vec2(10.0f), h));
}

TEST_F(PickingTest, AnUnfilledCircleIsPickedOnItsRing) {
    const glm::vec2 at(1000.0f, -500.0f);
    const Guid g = outline_object(at);
    set(g, "Shape.kind", FieldValue{std::int32_t{1}}); // Circle
    set(g, "Shape.radius", FieldValue{40.0f});
    const Handle h = session.world().find(g);
    EXPECT_TRUE(picks(at + glm::vec2(40.0f, 0.0f), h));
    EXPECT_TRUE(picks(at + glm::vec2(0.0f, -45.0f), h));
    EXPECT_TRUE(picks(at + glm::vec2(28.0f, 28.0f), h)); // ~39.6 from the centre
    EXPECT_FALSE(picks(at + glm::vec2(0.0f, 30.0f), h));
    EXPECT_FALSE(picks(at + glm::vec2(0.0f, 50.0f), h));
    EXPECT_FALSE(picks(at, h));
    // Squashed to an ellipse, the ring follows.
    set(g, "Transform2D.scale", FieldValue{glm::vec2(2.0f, 0.5f)});
    EXPECT_TRUE(picks(at + glm::vec2(80.0f, 0.0f), h));
    EXPECT_TRUE(picks(at + glm::vec2(0.0f, 20.0f), h));
    EXPECT_FALSE(picks(at + glm::vec2(40.0f, 0.0f), h));
}

TEST_F(PickingTest, InsideASelectedUnfilledShapeIsNoMoveGrab) {
    session.select(guid("Arena"));
    session.set_tool(Tool::Select);
    EXPECT_EQ(session.handle_at({200.0f, 200.0f}), HandlePart::None);
    EXPECT_EQ(session.handle_at({2.0f, 200.0f}), HandlePart::Free);
    EXPECT_EQ(session.handle_at({800.0f, 420.0f}), HandlePart::Free);
}

TEST_F(PickingTest, ClicksInsideAnUnfilledShapeReachWhatItEncloses) {
    session.click_select({58.0f, 540.0f}, false); // a brick inside the arena
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Brick 0,0")});
    // Clicking again cycles among what is under the point: the brick alone, not the arena.
    session.click_select({58.0f, 540.0f}, false);
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Brick 0,0")});
    session.click_select({200.0f, 200.0f}, false);
    EXPECT_TRUE(session.selection().empty());
    session.click_select({1.0f, 200.0f}, false);
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Arena")});
}

TEST_F(PickingTest, AltCyclingWalksDownTheObjectsUnderThePointAndWraps) {
    const glm::vec2 at(58.0f, 540.0f);
    auto over = session.place_prefab("brick", {62.0f, 544.0f});
    auto ball = session.place_prefab("ball", at);
    ASSERT_TRUE(over && ball);
    const std::vector<Handle> under = session.pick(at);
    ASSERT_EQ(under.size(), 3u);
    EXPECT_EQ(under[0], *ball);
    EXPECT_EQ(under[1], *over);
    EXPECT_EQ(under[2], find("Brick 0,0"));

    session.select(guid("Paddle")); // not under the point: the cycle starts at the top
    for (Handle expected : {under[0], under[1], under[2], under[0], under[1]}) {
        session.cycle_select(at, {});
        EXPECT_EQ(session.selection(), std::vector<Guid>{guid(expected)});
    }
    // Cycling goes on from the selected object, wherever under it the point is.
    session.cycle_select(at + glm::vec2(-20.0f, 0.0f), {});
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Brick 0,0")});
    // Nothing under the point: the selection stays.
    session.cycle_select({-500.0f, -500.0f}, {});
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Brick 0,0")});
    // A filter leaves the ball out of the cycle.
    const Handle skipped = *ball;
    const PickFilter no_ball = [skipped](Handle h) { return h != skipped; };
    session.cycle_select(at, no_ball);
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid(*over)});
    session.cycle_select(at, no_ball);
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Brick 0,0")});
    session.cycle_select(at, no_ball);
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid(*over)});
}

TEST_F(PickingTest, AFilteredClickSelectsTheTopmostObjectLetThrough) {
    auto ball = session.place_prefab("ball", {58.0f, 540.0f});
    ASSERT_TRUE(ball);
    const Handle skipped = *ball;
    session.click_select({58.0f, 540.0f}, false, [skipped](Handle h) { return h != skipped; });
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Brick 0,0")});
    EXPECT_EQ(session.pick({58.0f, 540.0f}, [](Handle) { return false; }).size(), 0u);
}

TEST_F(PickingTest, ClicksWhilePlayingPickTheLiveWorld) {
    session.play();
    // The ball rides on the paddle for a second, then flies: tick until it left its start.
    for (int i = 0; i < 120; ++i)
        session.step();
    const glm::vec2 now = session.world().world_position(find("Ball"));
    ASSERT_GT(glm::length(now - glm::vec2(400.0f, 56.0f)), 20.0f);
    session.click_select(now, false);
    EXPECT_EQ(session.selection(), std::vector<Guid>{guid("Ball")});
    EXPECT_EQ(session.play_state(), PlayState::Paused); // step() pauses
}

} // namespace
} // namespace diorama::editor
