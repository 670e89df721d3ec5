// UiDamage (editor/ui/ui_damage.h): which framebuffer pixels a frame of ImGui's draw data changed,
// the backend's scissor boxes, and the clip rectangles naming a box exactly.

#include "imgui_test.h"

#include "ui/target_blit.h"
#include "ui/ui_damage.h"

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

using namespace diorama::editor;

const DisplayFrame kWindow{{0.0f, 0.0f}, {800.0f, 600.0f}, {1.0f, 1.0f}};

// The backend's scissor for a clip rectangle, as imgui_impl_opengl3 1.86 computes it, turned to
// rows from the top.
ScreenBox backend_scissor(const ImVec4& clip, const DisplayFrame& d) {
    const int fb_height = static_cast<int>(d.size.y * d.framebuffer_scale.y);
    const ImVec2 lo((clip.x - d.pos.x) * d.framebuffer_scale.x,
                    (clip.y - d.pos.y) * d.framebuffer_scale.y);
    const ImVec2 hi((clip.z - d.pos.x) * d.framebuffer_scale.x,
                    (clip.w - d.pos.y) * d.framebuffer_scale.y);
    const int x = static_cast<int>(lo.x);
    const int y = static_cast<int>(static_cast<float>(fb_height) - hi.y);
    const int w = static_cast<int>(hi.x - lo.x);
    const int h = static_cast<int>(hi.y - lo.y);
    return {{x, fb_height - (y + h)}, {x + w, fb_height - y}};
}

TEST(ScissorBox, IsTheBackendsScissorWithinTheFramebuffer) {
    const ScreenBox fb{{0, 0}, {800, 600}};
    for (const ImVec4 clip :
         {ImVec4(10.0f, 20.0f, 110.0f, 220.0f), ImVec4(10.5f, 20.25f, 110.75f, 219.5f),
          ImVec4(0.3f, 0.6f, 799.9f, 599.4f)}) {
        const ScreenBox box = scissor_box(clip, kWindow);
        EXPECT_EQ(box, intersect(backend_scissor(clip, kWindow), fb))
            << clip.x << " " << clip.y << " " << clip.z << " " << clip.w;
    }
    EXPECT_EQ(scissor_box(ImVec4(-50.0f, -20.0f, 100.0f, 700.0f), kWindow),
              (ScreenBox{{0, 0}, {100, 600}}))
        << "cut to the framebuffer";
    EXPECT_TRUE(scissor_box(ImVec4(10.0f, 10.0f, 10.0f, 50.0f), kWindow).empty());
    EXPECT_TRUE(scissor_box(ImVec4(900.0f, 10.0f, 950.0f, 50.0f), kWindow).empty());
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(scissor_box(ImVec4(nan, 10.0f, 100.0f, 50.0f), kWindow).empty());
    EXPECT_TRUE(scissor_box(ImVec4(10.0f, 10.0f, 100.0f, nan), kWindow).empty());
    EXPECT_EQ(scissor_box(ImVec4(-1e30f, -1e30f, 1e30f, 1e30f), kWindow),
              (ScreenBox{{0, 0}, {800, 600}}))
        << "far outside: the framebuffer";
    const DisplayFrame doubled{{0.0f, 0.0f}, {400.0f, 300.0f}, {2.0f, 2.0f}};
    EXPECT_EQ(scissor_box(ImVec4(10.0f, 20.0f, 110.0f, 220.0f), doubled),
              (ScreenBox{{20, 40}, {220, 440}}));
}

TEST(ClipForBox, NamesEveryBoxExactlyAtScalesThatArePowersOfTwo) {
    for (const float scale : {1.0f, 2.0f, 0.5f}) {
        const DisplayFrame d{{0.0f, 0.0f}, {800.0f / scale, 600.0f / scale}, {scale, scale}};
        for (int x0 = 0; x0 < 40; x0 += 3)
            for (int y0 = 0; y0 < 40; y0 += 7) {
                const ScreenBox box{{x0 * 7, y0 * 5}, {x0 * 7 + 1 + x0 * 3, y0 * 5 + 2 + y0}};
                const auto clip = clip_for_box(box, d);
                ASSERT_TRUE(clip.has_value());
                EXPECT_EQ(backend_scissor(*clip, d), box) << "scale " << scale;
            }
    }
}

TEST(ClipForBox, RefusesMappingsThatCannotNameWholePixels) {
    const ScreenBox box{{10, 10}, {20, 20}};
    EXPECT_FALSE(clip_for_box(box, {{0.0f, 0.0f}, {640.0f, 480.0f}, {1.25f, 1.25f}}));
    EXPECT_FALSE(clip_for_box(box, {{5.0f, 0.0f}, {800.0f, 600.0f}, {1.0f, 1.0f}}));
    EXPECT_FALSE(clip_for_box(ScreenBox{}, kWindow));
}

TEST(MergeBoxes, JoinsOverlappingAndTouchingBoxesAndCapsTheirNumber) {
    EXPECT_EQ(merge_boxes({{{0, 0}, {10, 10}}, {{5, 5}, {20, 20}}}, 4),
              (std::vector<ScreenBox>{{{0, 0}, {20, 20}}}));
    EXPECT_EQ(merge_boxes({{{0, 0}, {10, 10}}, {{10, 0}, {20, 10}}}, 4),
              (std::vector<ScreenBox>{{{0, 0}, {20, 10}}}))
        << "touching";
    EXPECT_EQ(merge_boxes({{{0, 0}, {10, 10}}, {{50, 50}, {60, 60}}, {}}, 4),
              (std::vector<ScreenBox>{{{0, 0}, {10, 10}}, {{50, 50}, {60, 60}}}))
        << "apart, the empty one dropped";
    // A union can reach a third box: merged again.
    EXPECT_EQ(merge_boxes({{{0, 0}, {10, 10}}, {{30, 0}, {40, 10}}, {{5, 5}, {35, 6}}}, 4),
              (std::vector<ScreenBox>{{{0, 0}, {40, 10}}}));
    std::vector<ScreenBox> many;
    for (int i = 0; i < 6; ++i)
        many.push_back({{i * 100, 0}, {i * 100 + 10, 10}});
    EXPECT_EQ(merge_boxes(many, 4), (std::vector<ScreenBox>{{{0, 0}, {510, 10}}}));
    many.clear();
    for (int i = 0; i < 40; ++i)
        many.push_back({{i * 20, 0}, {i * 20 + 10, 10}});
    EXPECT_EQ(merge_boxes(many, 100), (std::vector<ScreenBox>{{{0, 0}, {790, 10}}}))
        << "more than 32: one box at once";
}

// Frames of real ImGui windows, compared by a UiDamage.
class UiDamageTest : public test::ImGuiTest {
protected:
    // Draws one frame of `build` and returns what UiDamage says changed.
    std::vector<ScreenBox> frame(const std::function<void()>& build, std::uint64_t textures = 0) {
        ImGui::NewFrame();
        build();
        ImGui::Render();
        return m_damage.update(*ImGui::GetDrawData(), textures);
    }
    // A fixed window with a line of text.
    static void window(const char* name, ImVec2 at, const std::string& text) {
        ImGui::SetNextWindowPos(at);
        ImGui::SetNextWindowSize(ImVec2(200.0f, 150.0f));
        ImGui::Begin(name, nullptr, ImGuiWindowFlags_NoSavedSettings);
        ImGui::TextUnformatted(text.c_str());
        ImGui::End();
    }
    // A 300x400 window at (50, 50) with lines of text `gap` pixels apart.
    static void tall_window(const std::vector<std::string>& lines, float gap) {
        ImGui::SetNextWindowPos(ImVec2(50, 50));
        ImGui::SetNextWindowSize(ImVec2(300.0f, 400.0f));
        ImGui::Begin("Tall", nullptr, ImGuiWindowFlags_NoSavedSettings);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            if (i > 0) ImGui::Dummy(ImVec2(10.0f, gap));
            ImGui::TextUnformatted(lines[i].c_str());
        }
        ImGui::End();
    }
    static bool inside(const ScreenBox& inner, const ScreenBox& outer) {
        return intersect(inner, outer) == inner;
    }

    UiDamage m_damage;
};

// Where window "A" is and "B", with room for the edges' antialiasing and the damage's margin.
const ScreenBox kLeft{{46, 46}, {254, 204}};
const ScreenBox kRight{{446, 296}, {654, 454}};

TEST_F(UiDamageTest, TheFirstFrameIsWholeAndAnUnchangedOneIsNothing) {
    const auto two = [] {
        window("A", ImVec2(50, 50), "left");
        window("B", ImVec2(450, 300), "right");
    };
    EXPECT_EQ(frame(two), (std::vector<ScreenBox>{{{0, 0}, {800, 600}}}));
    // ImGui settles its windows' sizes over the first frames.
    (void)frame(two);
    (void)frame(two);
    EXPECT_TRUE(frame(two).empty());
    EXPECT_TRUE(frame(two).empty());
}

TEST_F(UiDamageTest, ChangedTextDamagesItsWindowOnly) {
    std::string text = "left";
    const auto two = [&] {
        window("A", ImVec2(50, 50), text);
        window("B", ImVec2(450, 300), "right");
    };
    for (int i = 0; i < 4; ++i)
        (void)frame(two);
    text = "changed";
    const std::vector<ScreenBox> boxes = frame(two);
    ASSERT_FALSE(boxes.empty());
    for (const ScreenBox& b : boxes) {
        EXPECT_TRUE(inside(b, kLeft))
            << b.min.x << "," << b.min.y << " " << b.max.x << "," << b.max.y;
        EXPECT_TRUE(intersect(b, kRight).empty());
    }
    EXPECT_TRUE(frame(two).empty()) << "the same again";
}

TEST_F(UiDamageTest, ChangedTextDamagesTheChangedLineNotTheWholeWindow) {
    std::vector<std::string> lines{"top line", "bottom line"};
    const auto build = [&] { tall_window(lines, 250.0f); };
    for (int i = 0; i < 4; ++i)
        (void)frame(build);
    lines[1] = "bottom line, longer";
    const std::vector<ScreenBox> boxes = frame(build);
    ASSERT_EQ(boxes.size(), 1u);
    // The bottom line is about 250 pixels below the top one (at y 70 or so): only it is redrawn.
    EXPECT_GT(boxes[0].min.y, 300);
    EXPECT_LT(boxes[0].max.y, 380);
    EXPECT_LT(boxes[0].area(), 300 * 40) << "a line, not the window";
}

TEST_F(UiDamageTest, AWindowThatMovesOrClosesDamagesWhereItWas) {
    ImVec2 at(50, 50);
    bool open = true;
    const auto build = [&] {
        if (open) window("A", at, "moving");
        window("B", ImVec2(450, 300), "right");
    };
    for (int i = 0; i < 4; ++i)
        (void)frame(build);
    at = ImVec2(60, 50);
    ScreenBox all;
    for (const ScreenBox& b : frame(build))
        all = unite(all, b);
    EXPECT_TRUE(inside({{50, 50}, {250, 200}}, all)) << "the old place";
    EXPECT_TRUE(inside({{60, 50}, {260, 200}}, all)) << "the new place";
    EXPECT_TRUE(intersect(all, kRight).empty());
    (void)frame(build);
    open = false;
    all = {};
    for (const ScreenBox& b : frame(build))
        all = unite(all, b);
    EXPECT_TRUE(inside({{60, 50}, {260, 200}}, all)) << "a closed window's place";
    EXPECT_TRUE(intersect(all, kRight).empty());
}

TEST_F(UiDamageTest, NewTexturesAnInvalidationOrAResizeRedrawEverything) {
    std::string text = "left";
    const auto one = [&] { window("A", ImVec2(50, 50), text); };
    for (int i = 0; i < 4; ++i)
        (void)frame(one);
    ASSERT_TRUE(frame(one).empty());
    const std::vector<ScreenBox> whole{{{0, 0}, {800, 600}}};
    EXPECT_EQ(frame(one, 1), whole) << "a texture may hold other texels";
    EXPECT_TRUE(frame(one, 1).empty());
    m_damage.invalidate();
    EXPECT_EQ(frame(one, 1), whole);
    ImGui::GetIO().DisplaySize = ImVec2(640.0f, 480.0f);
    EXPECT_EQ(frame(one, 1), (std::vector<ScreenBox>{{{0, 0}, {640, 480}}}));
    ImGui::GetIO().DisplayFramebufferScale = ImVec2(1.25f, 1.25f);
    EXPECT_EQ(frame(one, 1), (std::vector<ScreenBox>{{{0, 0}, {800, 600}}}));
    EXPECT_TRUE(frame(one, 1).empty()) << "nothing changed at a scale whose boxes cannot be named";
    text = "changed";
    EXPECT_EQ(frame(one, 1), (std::vector<ScreenBox>{{{0, 0}, {800, 600}}}))
        << "any change at that scale: everything";
}

TEST_F(UiDamageTest, AChangeInTheMiddleOfACommandDamagesThatPartOnly) {
    std::vector<std::string> lines{"top line", "middle line", "bottom line"};
    const auto build = [&] { tall_window(lines, 120.0f); };
    for (int i = 0; i < 4; ++i)
        (void)frame(build);
    lines[1] = "middle line, changed";
    const std::vector<ScreenBox> boxes = frame(build);
    ASSERT_EQ(boxes.size(), 1u);
    // The lines are about 130 pixels apart (the top one at y 70 or so): only the middle one.
    EXPECT_GT(boxes[0].min.y, 170);
    EXPECT_LT(boxes[0].max.y, 250);
}

void paint_nothing(const ImDrawList*, const ImDrawCmd*) {}

TEST_F(UiDamageTest, ACallbackIsRedrawnEveryFrameATargetCopyWhenItChanges) {
    TargetBlit blit;
    blit.texture = 7;
    blit.target_size = {100, 100};
    blit.screen_min = {460.0f, 320.0f};
    blit.screen_max = {560.0f, 420.0f};
    const auto build = [&] {
        window("A", ImVec2(50, 50), "left");
        ImGui::SetNextWindowPos(ImVec2(450, 300));
        ImGui::SetNextWindowSize(ImVec2(200.0f, 150.0f));
        ImGui::Begin("B", nullptr, ImGuiWindowFlags_NoSavedSettings);
        ImDrawList& draw = *ImGui::GetWindowDrawList();
        draw.PushClipRect(ImVec2(460, 320), ImVec2(560, 420));
        add_target_blit(draw, blit);
        draw.PopClipRect();
        draw.PushClipRect(ImVec2(600, 400), ImVec2(640, 440));
        draw.AddCallback(&paint_nothing, nullptr);
        draw.PopClipRect();
        ImGui::End();
    };
    for (int i = 0; i < 4; ++i)
        (void)frame(build);
    const std::vector<ScreenBox> painter{{{600, 400}, {640, 440}}};
    EXPECT_EQ(frame(build), painter) << "a callback may paint anew";
    EXPECT_EQ(frame(build), painter);
    blit.image_revision = 1;
    ScreenBox all;
    for (const ScreenBox& b : frame(build))
        all = unite(all, b);
    EXPECT_TRUE(inside({{460, 320}, {560, 420}}, all)) << "the copied image changed";
    EXPECT_TRUE(inside(all, kRight));
    EXPECT_EQ(frame(build), painter);
}

// Five changed texts become one box around them all, which would cut a scaled copy below them:
// it grows over the whole copy.
TEST_F(UiDamageTest, BoxesMergedIntoOneNeverCutAScaledCopy) {
    TargetBlit blit;
    blit.texture = 7;
    blit.target_size = {100, 100}; // shown at twice its size
    blit.screen_min = {300.0f, 350.0f};
    blit.screen_max = {500.0f, 550.0f};
    int round = 0;
    const auto build = [&] {
        const std::string text = "text " + std::to_string(round);
        for (int i = 0; i < 4; ++i)
            window(("Left " + std::to_string(i)).c_str(),
                   ImVec2(50, 20.0f + 120.0f * static_cast<float>(i)), text);
        window("Right", ImVec2(590, 20), text);
        add_target_blit(*ImGui::GetForegroundDrawList(), blit);
    };
    for (int i = 0; i < 4; ++i)
        (void)frame(build);
    round = 1;
    const std::vector<ScreenBox> boxes = frame(build);
    const ScreenBox copy{{300, 350}, {500, 550}};
    ScreenBox all;
    for (const ScreenBox& b : boxes) {
        all = unite(all, b);
        EXPECT_TRUE(intersect(b, copy).empty() || intersect(b, copy) == copy)
            << b.min.x << "," << b.min.y << " " << b.max.x << "," << b.max.y;
    }
    EXPECT_TRUE(inside(copy, all));
    EXPECT_LT(all.min.y, 60) << "the texts' box reaches from the top";
}

} // namespace
