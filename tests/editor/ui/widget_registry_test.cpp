// Where labelled widgets were drawn, for scripts (editor/ui/widget_registry.h).

#include "ui/widget_registry.h"

#include <gtest/gtest.h>

namespace {

using namespace diorama;
using namespace diorama::editor;

TEST(WidgetRegistry, ScopesBuildLabelPaths) {
    WidgetRegistry r;
    r.begin_frame();
    r.push_scope("Inspector");
    r.push_scope("Transform2D");
    r.add("position.x", Rect{{10, 20}, {50, 40}}, WidgetKind::DragNumber);
    r.pop_scope();
    r.pop_scope();
    r.add("Toolbar/Play", Rect{{0, 0}, {20, 20}}, WidgetKind::Button);

    const WidgetInfo* w = r.find("Inspector/Transform2D/position.x");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->kind, WidgetKind::DragNumber);
    EXPECT_EQ(w->rect.center(), glm::vec2(30, 30));
    EXPECT_NE(r.find("Toolbar/Play"), nullptr);
    EXPECT_EQ(r.paths_with_prefix("Inspector/"),
              std::vector<std::string>{"Inspector/Transform2D/position.x"});
}

TEST(WidgetRegistry, ForgetsTheLastFrameAndIgnoresClippedWidgets) {
    WidgetRegistry r;
    r.begin_frame();
    r.add("a", Rect{{0, 0}, {10, 10}});
    r.add("clipped", Rect{{5, 5}, {5, 30}});  // no width left after clipping
    r.add("a", Rect{{100, 100}, {110, 110}}); // the first one wins
    EXPECT_EQ(r.find("clipped"), nullptr);
    EXPECT_EQ(r.find("a")->rect.min, glm::vec2(0, 0));
    r.begin_frame();
    EXPECT_EQ(r.find("a"), nullptr);
}

} // namespace
