// Widgets that record themselves for scripts (editor/ui/ui_widgets.h, ui::): each draws the
// ImGui widget, records it under the current scope with its kind, and returns ImGui's result.

#include "ui/ui_widgets.h"

#include <gtest/gtest.h>

#include <string>

namespace diorama::editor {
namespace {

// An ImGui context with a built font atlas and an 800x600 display, and one window to draw in.
class RecordedWidgets : public ::testing::Test {
protected:
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(800.0f, 600.0f);
        io.DeltaTime = 1.0f / 60.0f;
        unsigned char* pixels = nullptr;
        int w = 0;
        int h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    void TearDown() override { ImGui::DestroyContext(); }

    // One frame inside a window at the top left, under the scope "Panel".
    template <class Draw>
    void frame(Draw&& draw) {
        ImGui::NewFrame();
        m_widgets.begin_frame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(400, 400));
        ImGui::Begin("panel");
        m_widgets.push_scope("Panel");
        draw();
        m_widgets.pop_scope();
        ImGui::End();
        ImGui::Render();
    }

    WidgetRegistry m_widgets;
};

TEST_F(RecordedWidgets, EachRecordsItselfUnderTheScopeWithItsKind) {
    bool on = false;
    std::string text = "hi";
    frame([&] {
        EXPECT_FALSE(ui::button(m_widgets, "Clear", "Clear"));
        EXPECT_FALSE(ui::checkbox(m_widgets, "follow", "Follow", &on));
        EXPECT_FALSE(ui::input_text(m_widgets, "filter", "##filter", &text, 0, "Filter"));
        EXPECT_FALSE(ui::selectable(m_widgets, "row", "A row"));
        float v = 1.0f;
        EXPECT_FALSE(
            ui::recorded(m_widgets, "speed", WidgetKind::DragNumber, ImGui::DragFloat("##s", &v)));
    });
    const struct {
        const char* path;
        WidgetKind kind;
    } expected[] = {{"Panel/Clear", WidgetKind::Button},
                    {"Panel/follow", WidgetKind::Checkbox},
                    {"Panel/filter", WidgetKind::TextInput},
                    {"Panel/row", WidgetKind::Button},
                    {"Panel/speed", WidgetKind::DragNumber}};
    for (const auto& e : expected) {
        const WidgetInfo* w = m_widgets.find(e.path);
        ASSERT_NE(w, nullptr) << e.path;
        EXPECT_EQ(w->kind, e.kind) << e.path;
        EXPECT_GT(w->rect.max.x, w->rect.min.x) << e.path;
    }
    // Drawn one below the other, each recorded with its own rectangle.
    EXPECT_LT(m_widgets.find("Panel/Clear")->rect.center().y,
              m_widgets.find("Panel/follow")->rect.center().y);
}

TEST_F(RecordedWidgets, TheWidgetsResultComesBack) {
    frame([&] { ui::button(m_widgets, "OK", "OK"); });
    const glm::vec2 at = m_widgets.find("Panel/OK")->rect.center();
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(at.x, at.y);
    frame([&] { EXPECT_FALSE(ui::button(m_widgets, "OK", "OK")); });
    io.MouseDown[0] = true;
    frame([&] { EXPECT_FALSE(ui::button(m_widgets, "OK", "OK")); });
    io.MouseDown[0] = false;
    bool clicked = false;
    frame([&] { clicked = ui::button(m_widgets, "OK", "OK"); });
    EXPECT_TRUE(clicked);
}

TEST_F(RecordedWidgets, AWidgetScrolledOutOfViewIsNotRecorded) {
    frame([&] {
        ImGui::Dummy(ImVec2(10, 2000)); // pushes the next widget below the window
        ui::button(m_widgets, "Far", "Far");
    });
    EXPECT_EQ(m_widgets.find("Panel/Far"), nullptr);
}

} // namespace
} // namespace diorama::editor
