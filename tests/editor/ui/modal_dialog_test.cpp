// The one skeleton of the editor's dialogs (editor/ui/modal_dialog.h), drawn in an ImGui context
// without a window or renderer: buttons recorded for scripts, clicks, Enter and Escape, submit
// from a field, closing from the body, the text scripts read.

#include "imgui_test.h"
#include "ui/modal_dialog.h"

#include <SDL_scancode.h>
#include <gtest/gtest.h>

#include <string>

namespace diorama::editor {
namespace {

// Frames of one dialog in an ImGui context of its own (800x600).
class ModalDialog : public test::ImGuiTest {
protected:
    // One frame: opens the dialog on the first, draws it; returns the button pressed.
    std::string frame(const std::function<void(DialogFrame&)>& body) {
        ImGui::NewFrame();
        m_widgets.begin_frame();
        m_text.clear();
        if (!m_opened) ImGui::OpenPopup(m_spec.id.c_str());
        m_opened = true;
        std::string pressed = modal_dialog(m_widgets, 1.0f, m_spec, m_text, body);
        m_open = ImGui::IsPopupOpen(m_spec.id.c_str());
        ImGui::Render();
        ImGuiIO& io = ImGui::GetIO();
        for (bool& down : io.KeysDown)
            down = false;
        io.MouseDown[0] = false;
        return pressed;
    }

    // Save As's shape: a primary button, a Cancel on Escape.
    static void save_as(DialogFrame& f) {
        f.modal_text = "Save Scene As";
        ImGui::TextUnformatted("File:");
        f.buttons = {{"Save"}, {"Cancel", DialogKeys::Escape}};
    }

    // Draws until the buttons are on screen (an auto-sized window shows from its second frame).
    void settle(const std::function<void(DialogFrame&)>& body) {
        for (int i = 0; i < 3; ++i)
            ASSERT_EQ(frame(body), "");
    }

    DialogSpec m_spec{"Save Scene As###save_as", "SaveAs"};
    WidgetRegistry m_widgets;
    std::string m_text;
    bool m_opened = false;
    bool m_open = false;
};

TEST_F(ModalDialog, ADialogRecordsItsButtonsUnderItsScopeAndShowsItsText) {
    settle(save_as);
    EXPECT_TRUE(m_open);
    EXPECT_EQ(m_text, "Save Scene As");
    const WidgetInfo* save = m_widgets.find("SaveAs/Save");
    ASSERT_NE(save, nullptr);
    EXPECT_EQ(save->kind, WidgetKind::Button);
    ASSERT_NE(m_widgets.find("SaveAs/Cancel"), nullptr);
    EXPECT_LT(save->rect.center().x, m_widgets.find("SaveAs/Cancel")->rect.center().x);
}

TEST_F(ModalDialog, AClickedButtonIsReturnedAndClosesTheDialog) {
    settle(save_as);
    const glm::vec2 at = m_widgets.find("SaveAs/Cancel")->rect.center();
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(at.x, at.y);
    ASSERT_EQ(frame(save_as), ""); // the mouse arrives
    io.MouseDown[0] = true;
    ASSERT_EQ(frame(save_as), "");       // pressed
    EXPECT_EQ(frame(save_as), "Cancel"); // released over it
    EXPECT_FALSE(m_open);
}

TEST_F(ModalDialog, EscapePressesTheButtonBoundToIt) {
    settle(save_as);
    ImGui::GetIO().KeysDown[SDL_SCANCODE_ESCAPE] = true;
    EXPECT_EQ(frame(save_as), "Cancel");
    EXPECT_FALSE(m_open);
}

TEST_F(ModalDialog, EnterPressesOnlyAButtonBoundToIt) {
    settle(save_as);
    ImGui::GetIO().KeysDown[SDL_SCANCODE_RETURN] = true;
    EXPECT_EQ(frame(save_as), ""); // Save is pressed by a click or a submitting field
    EXPECT_TRUE(m_open);

    const auto error = [](DialogFrame& f) { f.buttons = {{"OK", DialogKeys::EnterOrEscape}}; };
    settle(error);
    ImGui::GetIO().KeysDown[SDL_SCANCODE_RETURN] = true;
    EXPECT_EQ(frame(error), "OK");
    EXPECT_FALSE(m_open);
}

TEST_F(ModalDialog, SubmitFromTheBodyPressesTheFirstButton) {
    settle(save_as);
    EXPECT_EQ(frame([](DialogFrame& f) {
                  save_as(f);
                  f.submit = true;
              }),
              "Save");
    EXPECT_FALSE(m_open);
}

TEST_F(ModalDialog, AButtonThatDoesNotCloseKeepsTheDialogOpen) {
    const auto form = [](DialogFrame& f) {
        f.buttons = {{"Export", DialogKeys::Enter, false}, {"Cancel", DialogKeys::Escape}};
    };
    settle(form);
    ImGui::GetIO().KeysDown[SDL_SCANCODE_RETURN] = true;
    EXPECT_EQ(frame(form), "Export");
    EXPECT_TRUE(m_open);
}

TEST_F(ModalDialog, TheBodyMayCloseTheDialogWithoutButtons) {
    settle(save_as);
    EXPECT_EQ(frame([](DialogFrame& f) {
                  f.modal_text = "Could not export: no space";
                  f.close = true;
              }),
              "");
    EXPECT_FALSE(m_open);
    EXPECT_EQ(m_text, "Could not export: no space");
    EXPECT_EQ(m_widgets.find("SaveAs/Save"), nullptr);
}

TEST_F(ModalDialog, AClosedDialogDrawsNothingAndKeepsTheText) {
    settle(save_as);
    ImGui::GetIO().KeysDown[SDL_SCANCODE_ESCAPE] = true;
    ASSERT_EQ(frame(save_as), "Cancel");
    bool drawn = false;
    m_text = "another dialog";
    ImGui::NewFrame();
    const std::string pressed =
        modal_dialog(m_widgets, 1.0f, m_spec, m_text, [&](DialogFrame&) { drawn = true; });
    ImGui::Render();
    EXPECT_EQ(pressed, "");
    EXPECT_FALSE(drawn);
    EXPECT_EQ(m_text, "another dialog");
}

} // namespace
} // namespace diorama::editor
