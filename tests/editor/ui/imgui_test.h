#pragma once
// A test fixture with an ImGui context of its own: a built font atlas, no settings file, a display
// of the given size and 60 frames a second. No window or renderer: frames are begun and rendered
// by the tests, which read what ImGui recorded.

#include <imgui/imgui.h>

#include <gtest/gtest.h>

namespace diorama::editor::test {

class ImGuiTest : public ::testing::Test {
protected:
    explicit ImGuiTest(ImVec2 display = ImVec2(800.0f, 600.0f)) : m_display(display) {}

    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = m_display;
        io.DeltaTime = 1.0f / 60.0f;
        unsigned char* pixels = nullptr;
        int w = 0;
        int h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    void TearDown() override { ImGui::DestroyContext(); }

private:
    ImVec2 m_display;
};

} // namespace diorama::editor::test
