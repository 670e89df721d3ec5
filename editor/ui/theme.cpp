#include "theme.h"

#include <imgui/imgui.h>

#include <filesystem>
#include <system_error>

namespace diorama::editor {

namespace {

constexpr const char* kFontDir = "/usr/share/fonts/truetype/dejavu/";
constexpr float kFontSize = 15.0f;

// Latin-1 plus the punctuation and arrows the menus and icons use.
constexpr ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x2199,
                                    0x21BA, 0x21BB, 0x25A0, 0x25FF, 0};

ImFont* load(const char* file, float size) {
    const std::filesystem::path path = std::filesystem::path(kFontDir) / file;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return nullptr;
    ImFontConfig config;
    config.OversampleH = 2;
    config.OversampleV = 2;
    return ImGui::GetIO().Fonts->AddFontFromFileTTF(path.c_str(), size, &config, kGlyphRanges);
}

ImVec4 rgb(int r, int g, int b, float a = 1.0f) {
    return ImVec4(static_cast<float>(r) / 255.0f, static_cast<float>(g) / 255.0f,
                  static_cast<float>(b) / 255.0f, a);
}

} // namespace

UiFonts load_fonts(float scale) {
    UiFonts fonts;
    const float size = kFontSize * scale;
    fonts.regular = load("DejaVuSans.ttf", size);
    if (fonts.regular == nullptr) {
        ImFontConfig config;
        config.SizePixels = 13.0f * scale;
        fonts.regular = ImGui::GetIO().Fonts->AddFontDefault(&config);
    }
    fonts.bold = load("DejaVuSans-Bold.ttf", size);
    fonts.mono = load("DejaVuSansMono.ttf", size - scale);
    if (fonts.bold == nullptr) fonts.bold = fonts.regular;
    if (fonts.mono == nullptr) fonts.mono = fonts.regular;
    return fonts;
}

void apply_theme(float scale) {
    ImGuiStyle& style = ImGui::GetStyle();
    style = ImGuiStyle();
    style.WindowPadding = ImVec2(8, 8);
    style.FramePadding = ImVec2(6, 4);
    style.CellPadding = ImVec2(6, 3);
    style.ItemSpacing = ImVec2(8, 5);
    style.ItemInnerSpacing = ImVec2(5, 4);
    style.IndentSpacing = 16;
    style.ScrollbarSize = 12;
    style.GrabMinSize = 9;
    style.WindowBorderSize = 0;
    style.ChildBorderSize = 0;
    style.PopupBorderSize = 1;
    style.FrameBorderSize = 0;
    style.TabBorderSize = 0;
    style.WindowRounding = 4;
    style.ChildRounding = 4;
    style.FrameRounding = 3;
    style.PopupRounding = 4;
    style.ScrollbarRounding = 6;
    style.GrabRounding = 3;
    style.TabRounding = 3;
    style.WindowTitleAlign = ImVec2(0.5f, 0.5f);
    style.WindowMenuButtonPosition = ImGuiDir_None;
    style.ScaleAllSizes(scale);

    ImVec4* c = style.Colors;
    c[ImGuiCol_Text] = rgb(221, 223, 228);
    c[ImGuiCol_TextDisabled] = rgb(128, 132, 142);
    c[ImGuiCol_WindowBg] = rgb(30, 32, 36);
    c[ImGuiCol_ChildBg] = rgb(37, 39, 44);
    c[ImGuiCol_PopupBg] = rgb(42, 44, 50, 0.98f);
    c[ImGuiCol_Border] = rgb(56, 59, 66);
    c[ImGuiCol_BorderShadow] = rgb(0, 0, 0, 0.0f);
    c[ImGuiCol_FrameBg] = rgb(24, 25, 29);
    c[ImGuiCol_FrameBgHovered] = rgb(48, 51, 58);
    c[ImGuiCol_FrameBgActive] = rgb(56, 60, 68);
    c[ImGuiCol_TitleBg] = rgb(30, 32, 36);
    c[ImGuiCol_TitleBgActive] = rgb(36, 38, 44);
    c[ImGuiCol_TitleBgCollapsed] = rgb(30, 32, 36);
    c[ImGuiCol_MenuBarBg] = rgb(26, 27, 31);
    c[ImGuiCol_ScrollbarBg] = rgb(0, 0, 0, 0.0f);
    c[ImGuiCol_ScrollbarGrab] = rgb(70, 74, 82);
    c[ImGuiCol_ScrollbarGrabHovered] = rgb(88, 92, 102);
    c[ImGuiCol_ScrollbarGrabActive] = rgb(104, 110, 122);
    c[ImGuiCol_CheckMark] = rgb(97, 160, 234);
    c[ImGuiCol_SliderGrab] = rgb(77, 140, 214);
    c[ImGuiCol_SliderGrabActive] = rgb(97, 160, 234);
    c[ImGuiCol_Button] = rgb(50, 53, 60);
    c[ImGuiCol_ButtonHovered] = rgb(64, 68, 78);
    c[ImGuiCol_ButtonActive] = rgb(61, 120, 196);
    c[ImGuiCol_Header] = rgb(52, 84, 128);
    c[ImGuiCol_HeaderHovered] = rgb(58, 63, 74);
    c[ImGuiCol_HeaderActive] = rgb(61, 100, 160);
    c[ImGuiCol_Separator] = rgb(52, 55, 62);
    c[ImGuiCol_SeparatorHovered] = rgb(77, 140, 214);
    c[ImGuiCol_SeparatorActive] = rgb(97, 160, 234);
    c[ImGuiCol_ResizeGrip] = rgb(0, 0, 0, 0.0f);
    c[ImGuiCol_ResizeGripHovered] = rgb(77, 140, 214, 0.6f);
    c[ImGuiCol_ResizeGripActive] = rgb(97, 160, 234, 0.9f);
    c[ImGuiCol_Tab] = rgb(37, 39, 44);
    c[ImGuiCol_TabHovered] = rgb(60, 64, 74);
    c[ImGuiCol_TabActive] = rgb(52, 56, 66);
    c[ImGuiCol_TabUnfocused] = rgb(37, 39, 44);
    c[ImGuiCol_TabUnfocusedActive] = rgb(46, 49, 57);
    c[ImGuiCol_PlotLines] = rgb(97, 160, 234);
    c[ImGuiCol_PlotHistogram] = rgb(97, 160, 234);
    c[ImGuiCol_TableHeaderBg] = rgb(44, 47, 53);
    c[ImGuiCol_TableBorderStrong] = rgb(56, 59, 66);
    c[ImGuiCol_TableBorderLight] = rgb(46, 49, 55);
    c[ImGuiCol_TableRowBg] = rgb(0, 0, 0, 0.0f);
    c[ImGuiCol_TableRowBgAlt] = rgb(255, 255, 255, 0.025f);
    c[ImGuiCol_TextSelectedBg] = rgb(61, 120, 196, 0.5f);
    c[ImGuiCol_DragDropTarget] = rgb(97, 160, 234);
    c[ImGuiCol_NavHighlight] = rgb(97, 160, 234);
    c[ImGuiCol_ModalWindowDimBg] = rgb(0, 0, 0, 0.45f);
}

} // namespace diorama::editor
