// KeptUiImage (editor/ui/kept_ui_image.h) in a real GL context: over a run of frames that change
// text, move, overlap, blend and close windows and change a copied image, the kept image redraws
// a part of the window only, and its pixels are every frame those of rendering the whole draw
// data as the backend does (to within a level: see frame()).

#include "imgui_test.h"
#include "offscreen_gl.h"

#include "ui/gl_target.h"
#include "ui/kept_ui_image.h"
#include "ui/target_blit.h"

#include "diorama/render/texel_copy.h"

#include <imgui/backends/imgui_impl_opengl3.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace diorama::editor;

constexpr int kWidth = 320;
constexpr int kHeight = 240;
const glm::vec4 kClear{0.2f, 0.25f, 0.3f, 1.0f};

class KeptUiImageTest : public test::ImGuiTest {
protected:
    KeptUiImageTest() : test::ImGuiTest(ImVec2(kWidth, kHeight)) {}

    void SetUp() override {
        const std::string& error = diorama::render::test::offscreen_gl_context_error();
        ASSERT_TRUE(error.empty()) << error;
        test::ImGuiTest::SetUp();
        ASSERT_TRUE(ImGui_ImplOpenGL3_Init("#version 330 core"));
        m_backend = true;
        m_kept = std::make_unique<KeptUiImage>();
    }
    void TearDown() override {
        m_kept.reset();
        if (m_backend) ImGui_ImplOpenGL3_Shutdown();
        test::ImGuiTest::TearDown();
    }

    // Renders a frame of `build` both ways; true when their pixels are the same.
    ::testing::AssertionResult frame(const std::function<void()>& build) {
        ImGui_ImplOpenGL3_NewFrame();
        ImGui::NewFrame();
        build();
        ImGui::Render();
        ImDrawData& data = *ImGui::GetDrawData();
        const glm::ivec2 size = framebuffer_size(display_of(data));
        m_reference.resize(size);
        m_window.resize(size);
        m_reference.bind();
        glDisable(GL_SCISSOR_TEST);
        glClearColor(m_clear.r, m_clear.g, m_clear.b, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(&data);
        m_window.bind();
        m_kept->render(data, m_clear, 0);
        const std::vector<unsigned char> expected = pixels(m_reference);
        const std::vector<unsigned char> got = pixels(m_window);
        RenderTarget::unbind();
        // Within m_levels: llvmpipe blends and filters a 64-pixel tile that a clear of the whole
        // target began in 8-bit fixed point, one that a cut clear began in floating point.
        for (std::size_t i = 0; i < expected.size(); i += 4)
            for (std::size_t c = 0; c < 4; ++c)
                if (std::abs(int{expected[i + c]} - int{got[i + c]}) > m_levels) {
                    const auto pixel = static_cast<int>(i / 4);
                    return ::testing::AssertionFailure()
                           << "pixel (" << pixel % size.x << ", " << size.y - 1 - pixel / size.x
                           << ") from the top, channel " << c << ": " << int{got[i + c]}
                           << " where a whole render gives " << int{expected[i + c]};
                }
        return ::testing::AssertionSuccess();
    }
    static std::vector<unsigned char> pixels(const RenderTarget& target) {
        const glm::ivec2 size = target.size();
        std::vector<unsigned char> out(static_cast<std::size_t>(size.x) * size.y * 4);
        target.bind();
        glReadPixels(0, 0, size.x, size.y, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
        return out;
    }
    // A window of its own size and place, with lines of text.
    static void window(const char* name, ImVec2 at, ImVec2 size, const std::string& text,
                       float alpha = 1.0f) {
        ImGui::SetNextWindowPos(at);
        ImGui::SetNextWindowSize(size);
        ImGui::SetNextWindowBgAlpha(alpha);
        ImGui::Begin(name, nullptr, ImGuiWindowFlags_NoSavedSettings);
        ImGui::TextUnformatted(text.c_str());
        ImGui::Button("button");
        ImGui::End();
    }
    [[nodiscard]] double redrawn() const { return m_kept->redrawn_share(); }

    glm::vec4 m_clear = kClear; // under the UI
    int m_levels = 1;           // how far a channel may differ from the whole render
    bool m_backend = false;
    std::unique_ptr<KeptUiImage> m_kept;
    RenderTarget m_reference; // the whole draw data rendered
    RenderTarget m_window;    // what the kept image shows
};

// A picture in a target: two colours, a quarter in the second; `red` varies both.
void paint(RenderTarget& picture, float red) {
    const glm::ivec2 size = picture.size();
    picture.bind();
    glDisable(GL_SCISSOR_TEST);
    glClearColor(red, 0.5f, 0.1f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, size.x / 2, size.y / 2);
    glClearColor(0.1f, red, 0.9f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    RenderTarget::unbind();
}

TEST_F(KeptUiImageTest, RedrawsWhatChangedAndShowsWhatAWholeRenderShows) {
    std::string text = "first line\nsecond";
    ImVec2 moving(150, 20);
    bool third = true;
    const auto build = [&] {
        window("Back", ImVec2(10, 10), ImVec2(180, 140), text);
        // Translucent, over the first: blended once whatever is redrawn.
        window("Over", moving, ImVec2(140, 120), "over it", 0.6f);
        if (third) window("Third", ImVec2(40, 170), ImVec2(120, 60), "third");
    };
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(frame(build)) << "settling, frame " << i;
    ASSERT_TRUE(frame(build));
    EXPECT_EQ(redrawn(), 0.0) << "nothing changed";

    text = "first line\nchanged";
    ASSERT_TRUE(frame(build));
    EXPECT_GT(redrawn(), 0.0);
    EXPECT_LT(redrawn(), 0.5) << "the changed window's part only";

    for (int x = 151; x < 160; x += 2) {
        moving.x = static_cast<float>(x);
        ASSERT_TRUE(frame(build)) << "the window over another at x " << x;
        EXPECT_LT(redrawn(), 0.6);
    }
    third = false;
    ASSERT_TRUE(frame(build)) << "a window closed";
    EXPECT_LT(redrawn(), 0.5);
    ASSERT_TRUE(frame(build)) << "the focus passed to another window";
    ASSERT_TRUE(frame(build));
    EXPECT_EQ(redrawn(), 0.0);
}

TEST_F(KeptUiImageTest, ACopiedImageIsRedrawnWhenItsRevisionChanges) {
    diorama::render::TexelCopy copier;
    RenderTarget picture;
    picture.resize({64, 48});
    paint(picture, 0.9f);
    TargetBlit blit{&copier,      picture.texture(), picture.size(),   {0.0f, 1.0f},
                    {1.0f, 0.0f}, {120.0f, 60.0f},   {184.0f, 108.0f}, 0};
    const auto build = [&] {
        window("Back", ImVec2(10, 10), ImVec2(250, 200), "under the image");
        ImDrawList& draw = *ImGui::GetForegroundDrawList();
        add_target_blit(draw, blit);
        // Drawn over the copy, partly outside it.
        draw.AddRectFilled(ImVec2(170, 90), ImVec2(200, 120), IM_COL32(255, 255, 0, 128));
    };
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(frame(build));
    ASSERT_TRUE(frame(build));
    EXPECT_EQ(redrawn(), 0.0) << "the same image";
    paint(picture, 0.3f);
    blit.image_revision = 1;
    ASSERT_TRUE(frame(build)) << "the new image, and the rectangle over it";
    EXPECT_GT(redrawn(), 0.0);
    EXPECT_LT(redrawn(), 0.2);
    ASSERT_TRUE(frame(build));
    EXPECT_EQ(redrawn(), 0.0);
}

TEST_F(KeptUiImageTest, AWindowRaisedOverAnotherShowsOnTop) {
    bool raise_back = false;
    const auto build = [&] {
        if (raise_back) ImGui::SetNextWindowFocus();
        window("Back", ImVec2(10, 10), ImVec2(180, 140), "back", 0.8f);
        window("Front", ImVec2(100, 60), ImVec2(180, 140), "front", 0.8f);
    };
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(frame(build));
    raise_back = true;
    ASSERT_TRUE(frame(build)) << "the lists drawn in another order";
    raise_back = false;
    for (int i = 0; i < 2; ++i)
        ASSERT_TRUE(frame(build));
    EXPECT_EQ(redrawn(), 0.0);
}

TEST_F(KeptUiImageTest, ANewClearColourOrSizeRedrawsEverything) {
    const auto build = [] { window("One", ImVec2(10, 10), ImVec2(180, 140), "one"); };
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(frame(build));
    m_clear = glm::vec4(0.5f, 0.1f, 0.1f, 1.0f);
    ASSERT_TRUE(frame(build)) << "a new clear colour";
    EXPECT_EQ(redrawn(), 1.0);
    ImGui::GetIO().DisplaySize = ImVec2(200, 180);
    ASSERT_TRUE(frame(build)) << "a smaller window";
    EXPECT_EQ(redrawn(), 1.0);
    ASSERT_TRUE(frame(build));
    EXPECT_EQ(redrawn(), 0.0);
}

TEST_F(KeptUiImageTest, AtAScaleThatIsNotAPowerOfTwoAnyChangeRedrawsEverything) {
    ImGui::GetIO().DisplaySize = ImVec2(200, 160);
    ImGui::GetIO().DisplayFramebufferScale = ImVec2(1.5f, 1.5f);
    std::string text = "scaled";
    const auto build = [&] {
        window("Back", ImVec2(10, 10), ImVec2(120, 100), text);
        window("Over", ImVec2(60, 40), ImVec2(120, 100), "over it", 0.6f);
    };
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(frame(build));
    ASSERT_TRUE(frame(build));
    EXPECT_EQ(redrawn(), 0.0);
    text = "changed";
    ASSERT_TRUE(frame(build));
    EXPECT_EQ(redrawn(), 1.0);
}

TEST_F(KeptUiImageTest, AScaledCopyIsRedrawnWholeWhenAnythingOverItChanges) {
    diorama::render::TexelCopy copier;
    RenderTarget picture;
    picture.resize({37, 23});
    // A checkerboard of texels: wherever a cut copy sampled other places, it would show.
    std::vector<unsigned char> texels;
    for (int y = 0; y < 23; ++y)
        for (int x = 0; x < 37; ++x) {
            const unsigned char v = (x + y) % 2 == 0 ? 230 : 20;
            texels.insert(texels.end(), {v, static_cast<unsigned char>(255 - v), 128, 255});
        }
    glBindTexture(GL_TEXTURE_2D, picture.texture());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 37, 23, GL_BGRA, GL_UNSIGNED_BYTE, texels.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    // llvmpipe's paths filter between texels a few levels apart; a cut copy would sample up to
    // a third of a texel off, tens of levels on this checkerboard.
    m_levels = 8;
    // Shown at about 2.7 times its size, scaled with linear filtering.
    const TargetBlit blit{&copier,      picture.texture(), picture.size(),  {0.0f, 1.0f},
                          {1.0f, 0.0f}, {30.0f, 30.0f},    {131.0f, 93.0f}, 0};
    std::string text = "1"; // over the copy
    const auto build = [&] {
        window("Back", ImVec2(5, 5), ImVec2(300, 200), "under the copy");
        add_target_blit(*ImGui::GetForegroundDrawList(), blit);
        ImGui::SetNextWindowPos(ImVec2(100, 70));
        ImGui::SetNextWindowBgAlpha(0.0f);
        ImGui::Begin("Label", nullptr,
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize |
                         ImGuiWindowFlags_NoDecoration);
        ImGui::TextUnformatted(text.c_str());
        ImGui::End();
    };
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(frame(build));
    text = "2";
    ASSERT_TRUE(frame(build)) << "a box reaching into the scaled copy";
    EXPECT_GT(redrawn(), 0.0);
    EXPECT_LT(redrawn(), 0.5);
}

} // namespace
