// The layering rule (docs/ARCHITECTURE.md): each folder includes only what its layer may. The
// engine includes no ImGui, SDL, GL, render or editor code, nor the live link or HTTP (only
// engine/live/ and the player use those); engine/render/ (the one GL exception) no ImGui or
// editor code. In the editor, app -> script -> ui -> core: core includes no ImGui,
// SDL, GL, render or other editor part; ui neither script nor app; script not app. A sample game
// includes only the engine. No source file reaches another folder through "../".

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// "path:line: include" for every #include in dir (recursively) matching pattern.
std::vector<std::string> includes_matching(const fs::path& dir, const std::regex& pattern) {
    std::vector<std::string> hits;
    if (!fs::exists(dir)) return hits;
    const std::regex include_line(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file()) continue;
        const auto ext = entry.path().extension();
        if (ext != ".h" && ext != ".hpp" && ext != ".cpp") continue;
        std::ifstream in(entry.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            std::smatch m;
            if (std::regex_search(line, m, include_line) && std::regex_search(m[1].str(), pattern))
                hits.push_back(entry.path().string() + ":" + std::to_string(n) + ": " + m[1].str());
        }
    }
    return hits;
}

const fs::path kSource = DIORAMA_SOURCE_DIR;

// Include patterns, by what they reach (glm/ and the engine's diorama/ are allowed everywhere).
constexpr const char* kImgui = R"(^imgui/|^imgui[^/]*\.h$)";
constexpr const char* kPlatformAndGl =
    R"(^(SDL2?|GL|GLES[0-9]*|glad|KHR)/|^(SDL[^/]*|gl|glext|glad)\.h$)";
constexpr const char* kRender = R"(^diorama/render/)";
// The live link (engine/live/) and the HTTP library only it uses.
constexpr const char* kLiveAndHttp = R"(^diorama/live/|^httplib\.h$)";
// What of the live link the editor may not use: the server side and the HTTP library (its client
// is diorama/live/live_client.h).
constexpr const char* kLiveServerAndHttp = R"(^diorama/live/live_link\.h$|^httplib\.h$)";
constexpr const char* kEditor = R"(^editor/|^(core|ui|app|script)/)";
// The editor's parts, as the editor includes them (rooted at editor/).
constexpr const char* kEditorUi = R"(^ui/)";
constexpr const char* kEditorScript = R"(^script/)";
constexpr const char* kEditorApp = R"(^app/)";
constexpr const char* kRelative = R"((^|/)\.\./)";

// kImgui|kPlatformAndGl|..., as one pattern.
std::string any_of(std::initializer_list<const char*> parts) {
    std::string out;
    for (const char* part : parts)
        out += (out.empty() ? "" : "|") + std::string(part);
    return out;
}

// One rule: no file under folder includes anything matching forbidden.
struct Rule {
    const char* folder; // relative to the source tree
    std::string forbidden;
};

std::vector<Rule> rules() {
    return {
        {"engine/include", any_of({kImgui, kPlatformAndGl, kRender, kEditor, kLiveAndHttp})},
        {"engine/src", any_of({kImgui, kPlatformAndGl, kRender, kEditor, kLiveAndHttp})},
        {"engine/player", any_of({kImgui, kPlatformAndGl, kRender, kEditor})},
        {"engine/live", any_of({kImgui, kPlatformAndGl, kRender, kEditor})},
        {"engine/render", any_of({kImgui, kEditor})},
        {"editor/core", any_of({kImgui, kPlatformAndGl, kRender, kEditorUi, kEditorScript,
                                kEditorApp, kLiveServerAndHttp})},
        {"editor/ui", any_of({kEditorScript, kEditorApp, kLiveServerAndHttp})},
        {"editor/script", any_of({kEditorApp, kLiveServerAndHttp})},
        {"editor/app", kLiveServerAndHttp},
        {"projects", any_of({kImgui, kPlatformAndGl, kRender, kEditor, kLiveAndHttp})},
        {"engine", kRelative},
        {"editor", kRelative},
        {"projects", kRelative},
    };
}

TEST(Layering, EveryFolderIncludesOnlyWhatItsLayerMay) {
    for (const Rule& rule : rules()) {
        ASSERT_TRUE(fs::is_directory(kSource / rule.folder)) << rule.folder;
        const auto hits = includes_matching(kSource / rule.folder, std::regex(rule.forbidden));
        EXPECT_TRUE(hits.empty()) << rule.folder << ": forbidden includes:\n"
                                  << testing::PrintToString(hits);
    }
}

TEST(Layering, TheScannerFindsEachKindOfForbiddenInclude) {
    const fs::path dir = fs::temp_directory_path() / "diorama_layering_probe";
    fs::create_directories(dir);
    std::ofstream(dir / "bad.cpp")
        << "#include <imgui/imgui.h>\n#include <SDL2/SDL.h>\n#include <GL/gl.h>\n"
           "#include \"diorama/render/renderer_2d.h\"\n#include \"editor/core/commands.h\"\n"
           "#include \"../../editor/core/commands.h\"\n"
           "#include <glm/vec2.hpp>\n#include \"diorama/world.h\"\n#include <httplib.h>\n"
           "#include \"diorama/live/live_link.h\"\n";
    EXPECT_EQ(includes_matching(dir, std::regex(kImgui)).size(), 1u);
    EXPECT_EQ(includes_matching(dir, std::regex(kPlatformAndGl)).size(), 2u) << "SDL and GL";
    EXPECT_EQ(includes_matching(dir, std::regex(kRender)).size(), 1u);
    EXPECT_EQ(includes_matching(dir, std::regex(kEditor)).size(), 1u);
    EXPECT_EQ(includes_matching(dir, std::regex(kRelative)).size(), 1u);
    EXPECT_EQ(includes_matching(dir, std::regex(kLiveAndHttp)).size(), 2u);
    EXPECT_EQ(includes_matching(dir, std::regex(kLiveServerAndHttp)).size(), 2u);
    const std::string engine = any_of({kImgui, kPlatformAndGl, kRender, kEditor, kRelative});
    EXPECT_EQ(includes_matching(dir, std::regex(engine)).size(), 6u) << "not glm or diorama";
    fs::remove_all(dir);
}

// ---- one text field ----

// Every text field of the editor is editor/ui/text_field.cpp's, which edits UTF-8 exactly
// (ImGui's own std::string fields lose characters above U+FFFF and can append a NUL).
TEST(ReliabilityText, EveryEditorTextFieldIsTheOneThatKeepsUtf8Exact) {
    const fs::path editor = kSource / "editor";
    ASSERT_TRUE(fs::is_directory(editor));
    const std::regex text_field(R"(ImGui::InputText|imgui_stdlib\.h)");
    std::vector<std::string> hits;
    for (const auto& entry : fs::recursive_directory_iterator(editor)) {
        if (!entry.is_regular_file() || entry.path().stem() == "text_field") continue;
        std::ifstream in(entry.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            const std::size_t code = line.find_first_not_of(" \t");
            const bool comment = code != std::string::npos && line.compare(code, 2, "//") == 0;
            if (!comment && std::regex_search(line, text_field))
                hits.push_back(entry.path().string() + ":" + std::to_string(n) + ": " + line);
        }
    }
    EXPECT_TRUE(hits.empty()) << "text fields not drawn by editor/ui/text_field.cpp:\n"
                              << testing::PrintToString(hits);
}

} // namespace
