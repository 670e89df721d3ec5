// Widgets that record themselves for scripts (editor/ui/ui_widgets.h, ui::): each draws the
// ImGui widget, records it under the current scope with its kind, and returns ImGui's result.

#include "imgui_test.h"
#include "ui/ui_widgets.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace diorama::editor {
namespace {

// Frames with one window to draw in, in an ImGui context of its own (800x600).
class RecordedWidgets : public test::ImGuiTest {
protected:
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

TEST_F(RecordedWidgets, AnActiveIconButtonShowsItsIconAlsoWhenDisabled) {
    const ImU32 white = IM_COL32(255, 255, 255, 255);
    const ImU32 dimmed = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    EXPECT_EQ(icon_color(true, false), white) << "Play while playing: dimmed grey on orange";
    EXPECT_EQ(icon_color(true, true), white);
    EXPECT_EQ(icon_color(false, false), dimmed);
    EXPECT_EQ(icon_color(false, true), ImGui::GetColorU32(ImGuiCol_Text));
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

// ---- text fields ----

// A text field edited as a user would: clicked, keys pressed, text typed through the platform
// layer's path (text_for_edited_field), one frame each.
class ReliabilityTextFields : public RecordedWidgets {
protected:
    // ImGui 1.86 maps its keys to platform key indices.
    static constexpr int kEndKey = 1;
    static constexpr int kAKey = 2;
    static constexpr int kCKey = 3;
    static constexpr int kVKey = 4;

    void SetUp() override {
        RecordedWidgets::SetUp();
        ImGuiIO& io = ImGui::GetIO();
        io.KeyMap[ImGuiKey_End] = kEndKey;
        io.KeyMap[ImGuiKey_A] = kAKey;
        io.KeyMap[ImGuiKey_C] = kCKey;
        io.KeyMap[ImGuiKey_V] = kVKey;
        // The clipboard as the platform layer wires it.
        io.GetClipboardTextFn = [](void*) {
            static std::string pasted;
            pasted = text_for_edited_field(s_clipboard);
            return pasted.c_str();
        };
        io.SetClipboardTextFn = [](void*, const char* copied) {
            s_clipboard = text_from_edited_field(copied);
        };
    }

    // Presses ctrl+key for one frame.
    void press_ctrl(std::string& text, int key) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyCtrl = true;
        io.KeysDown[key] = true;
        draw(text);
        io.KeysDown[key] = false;
        io.KeyCtrl = false;
        draw(text);
    }

    static inline std::string s_clipboard;

    // Draws the field (single line, or multiline) for one frame; returns whether it changed.
    bool draw(std::string& text, bool multiline = false) {
        bool changed = false;
        frame([&] {
            changed = multiline ? ui::input_text_multiline(m_widgets, "text", "##text", &text,
                                                           ImVec2(300, 80))
                                : ui::input_text(m_widgets, "text", "##text", &text);
        });
        return changed;
    }

    // Clicks into the field and moves the cursor to the end of its text.
    void click_and_go_to_end(std::string& text, bool multiline = false) {
        draw(text, multiline);
        const glm::vec2 at = m_widgets.find("Panel/text")->rect.center();
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(at.x, at.y);
        draw(text, multiline);
        io.MouseDown[0] = true;
        draw(text, multiline);
        io.MouseDown[0] = false;
        draw(text, multiline);
        io.KeyCtrl = true;
        io.KeysDown[kEndKey] = true;
        draw(text, multiline);
        io.KeysDown[kEndKey] = false;
        io.KeyCtrl = false;
        draw(text, multiline);
    }

    // Types utf8 into the field being edited; returns whether the field reported a change.
    bool type(std::string& text, const std::string& utf8, bool multiline = false) {
        ImGui::GetIO().AddInputCharactersUTF8(text_for_edited_field(utf8).c_str());
        return draw(text, multiline);
    }
};

const std::string kEmoji = "\xF0\x9F\x98\x80"; // U+1F600

TEST_F(ReliabilityTextFields, AnEditElsewhereKeepsAnEmojiAndAddsNoNul) {
    for (const bool multiline : {false, true}) {
        std::string text = "SCORE " + kEmoji + " LIVES 3";
        click_and_go_to_end(text, multiline);
        EXPECT_EQ(text, "SCORE " + kEmoji + " LIVES 3") << "clicking changes nothing";
        EXPECT_TRUE(type(text, "!", multiline));
        EXPECT_EQ(text, "SCORE " + kEmoji + " LIVES 3!") << multiline;
        ImGui::GetIO().MouseDown[0] = true; // a click elsewhere ends the edit
        ImGui::GetIO().MousePos = ImVec2(700, 500);
        draw(text, multiline);
        ImGui::GetIO().MouseDown[0] = false;
        draw(text, multiline);
    }
}

TEST_F(ReliabilityTextFields, AFieldClickedIntoButNotEditedIsNeverRewritten) {
    // Above U+FFFF, a private-use character, a NUL inside the text, an ill-formed byte.
    const std::string original = kEmoji + " \xEE\x80\x80 " + std::string("a\0b", 3) + " \xFF";
    std::string text = original;
    click_and_go_to_end(text);
    for (int i = 0; i < 3; ++i)
        EXPECT_FALSE(draw(text));
    EXPECT_EQ(text, original);
}

TEST_F(ReliabilityTextFields, TypedEmojiCjkAndCombiningMarksAreKept) {
    std::string text = "name";
    click_and_go_to_end(text);
    const std::string typed = " " + kEmoji + " \xE6\xBC\xA2\xE5\xAD\x97 e\xCC\x81 \xEE\x80\x80";
    EXPECT_TRUE(type(text, typed));
    EXPECT_EQ(text, "name" + typed);
    // The emoji typed again, after a private-use character that came in as text.
    EXPECT_TRUE(type(text, kEmoji));
    EXPECT_EQ(text, "name" + typed + kEmoji);
}

TEST_F(ReliabilityTextFields, CopiedAndPastedEmojiAreKept) {
    std::string text = "a" + kEmoji;
    click_and_go_to_end(text);
    press_ctrl(text, kAKey);
    press_ctrl(text, kCKey);
    EXPECT_EQ(s_clipboard, "a" + kEmoji);
    s_clipboard = "b" + kEmoji + "\xF0\x9F\x8E\x89"; // and a new one
    press_ctrl(text, kVKey);
    EXPECT_EQ(text, "b" + kEmoji + "\xF0\x9F\x8E\x89") << "the paste replaced the selection";
}

TEST_F(ReliabilityTextFields, TextWithMoreDistinctEmojiThanStandInsIsShownButNeverChanged) {
    std::string original;
    for (char32_t c = 0x20000; c < 0x20000 + 6401; ++c)
        original += std::string{
            static_cast<char>(0xF0u | (c >> 18)), static_cast<char>(0x80u | ((c >> 12) & 0x3Fu)),
            static_cast<char>(0x80u | ((c >> 6) & 0x3Fu)), static_cast<char>(0x80u | (c & 0x3Fu))};
    std::string text = original;
    click_and_go_to_end(text);
    EXPECT_FALSE(type(text, "!"));
    EXPECT_EQ(text, original);
}

// fit_text in the default font of an ImGui context of its own, inside a frame (which sets it).
class FittedText : public test::ImGuiTest {
protected:
    void SetUp() override {
        ImGuiTest::SetUp();
        ImGui::NewFrame();
    }
    void TearDown() override {
        ImGui::EndFrame();
        ImGuiTest::TearDown();
    }
    static float width(const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x; }

    // The text before and after the ellipsis of fitted (which must hold one).
    static std::pair<std::string, std::string> around_ellipsis(const std::string& fitted) {
        const std::size_t at = fitted.find(kEllipsis);
        EXPECT_NE(at, std::string::npos) << fitted;
        if (at == std::string::npos) return {};
        return {fitted.substr(0, at), fitted.substr(at + kEllipsis.size())};
    }

    // Whether text is whole UTF-8 characters: each lead byte followed by its continuations.
    static bool whole_utf8(const std::string& text) {
        for (std::size_t i = 0; i < text.size();) {
            const auto lead = static_cast<unsigned char>(text[i]);
            const std::size_t length = lead < 0x80u   ? 1
                                       : lead < 0xC0u ? 0
                                       : lead < 0xE0u ? 2
                                       : lead < 0xF0u ? 3
                                                      : 4;
            if (length == 0 || i + length > text.size()) return false;
            for (std::size_t k = 1; k < length; ++k)
                if ((static_cast<unsigned char>(text[i + k]) & 0xC0u) != 0x80u) return false;
            i += length;
        }
        return true;
    }

    static inline const std::string kEllipsis = "\xE2\x80\xA6";
};

TEST_F(FittedText, TextThatFitsIsKeptWhole) {
    EXPECT_EQ(fit_text("player.png", width("player.png")), "player.png");
    EXPECT_EQ(fit_text("", 0.0f), "");
    EXPECT_EQ(fit_text("", -1.0f), "") << "no room at all: still nothing to shorten";
}

TEST_F(FittedText, ALongNameKeepsItsStartAndItsExtensionAroundAnEllipsis) {
    const std::string name = "project_settings_backup.json";
    const std::string nearly = fit_text(name, width(name) - 1.0f);
    EXPECT_TRUE(nearly.starts_with("project_settings_b")) << nearly;
    EXPECT_TRUE(nearly.ends_with(kEllipsis + ".json")) << nearly;
    for (float w = width(kEllipsis); w < width(name); w += 1.0f) {
        const std::string fitted = fit_text(name, w);
        SCOPED_TRACE(fitted);
        EXPECT_LE(width(fitted), w);
        const auto [head, tail] = around_ellipsis(fitted);
        EXPECT_TRUE(name.starts_with(head));
        EXPECT_TRUE(name.ends_with(tail));
        EXPECT_LE(tail.size(), head.size() + 1) << "the end kept is at most half";
    }
}

TEST_F(FittedText, AFolderPathKeepsItsLastFolder) {
    const std::string path = "levels/world_one/caves";
    const std::string fitted = fit_text(path, width(path) - 1.0f);
    EXPECT_TRUE(fitted.starts_with("levels/world")) << fitted;
    EXPECT_TRUE(fitted.ends_with(kEllipsis + "/caves")) << fitted;
}

TEST_F(FittedText, CutsFallBetweenUtf8Characters) {
    // Multi-byte characters on both sides of every cut: in the start, and in the end kept (the
    // last folder's name).
    for (const std::string name : {"\xC3\xA1rbol_\xC3\xB1"
                                   "and\xC3\xBA_caf\xC3\xA9_\xE6\x98\x9F.png",
                                   "a/\xC3\xB1"
                                   "and\xC3\xBA_caf\xC3\xA9_\xE6\x98\x9F\xE6\x98\x9F"}) {
        ASSERT_TRUE(whole_utf8(name));
        for (float w = 0.0f; w < width(name); w += 1.0f) {
            const std::string fitted = fit_text(name, w);
            SCOPED_TRACE(w);
            const auto [head, tail] = around_ellipsis(fitted);
            EXPECT_TRUE(whole_utf8(head)) << fitted;
            EXPECT_TRUE(whole_utf8(tail)) << fitted;
        }
    }
}

TEST_F(FittedText, TooNarrowForAnyOfItLeavesTheEllipsisAlone) {
    EXPECT_EQ(fit_text("README.md", 0.0f), kEllipsis);
}

} // namespace
} // namespace diorama::editor
