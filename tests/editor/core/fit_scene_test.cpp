// EditorSession: a scene opens fitted in the viewport (every object's bounds in view, zoomed in
// at most 100%), and stays fitted when the viewport gets its size at the first draw.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include <gtest/gtest.h>

#include <optional>

namespace diorama::editor {
namespace {

// Every object's bounds are in the camera's view.
void expect_everything_visible(EditorSession& session) {
    const Rect view = session.camera().visible();
    int objects = 0;
    session.world().each_object([&](Handle h) {
        const Rect b = session.world().bounds(h);
        EXPECT_TRUE(view.contains(b.min) && view.contains(b.max))
            << session.world().name(h) << " is out of view";
        ++objects;
    });
    EXPECT_GT(objects, 0);
}

class FitScene : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
    }

    test::BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
};

TEST_F(FitScene, OpeningAProjectFitsEveryObjectAtMostAtOneHundredPercent) {
    EXPECT_TRUE(session.camera().fitting());
    EXPECT_LE(session.camera().zoom(), ViewportCamera::kFitMaxZoom);
    expect_everything_visible(session);
    EXPECT_EQ(session.camera().center(), glm::vec2(400.0f, 300.0f)) << "the arena's centre";
}

TEST_F(FitScene, TheFirstDrawsViewportSizeKeepsItFitted) {
    session.camera().set_viewport({500.0f, 300.0f}); // what the panel measures at its first draw
    EXPECT_LT(session.camera().zoom(), 1.0f);
    expect_everything_visible(session);
    session.camera().set_viewport({900.0f, 700.0f});
    expect_everything_visible(session);
}

TEST_F(FitScene, OpeningASceneFitsAgainButANewSceneLeavesTheView) {
    session.camera().pan_pixels({500.0f, 0.0f});
    session.camera().set_zoom(3.0f);
    ASSERT_TRUE(session.open_scene("level1"));
    EXPECT_TRUE(session.camera().fitting());
    expect_everything_visible(session);

    session.camera().set_zoom(3.0f);
    const glm::vec2 center = session.camera().center();
    session.new_scene();
    EXPECT_EQ(session.camera().zoom(), 3.0f);
    EXPECT_EQ(session.camera().center(), center);
}

} // namespace
} // namespace diorama::editor
