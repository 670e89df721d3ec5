// The layering rule: nothing in the engine includes ImGui, SDL, GL or editor code; engine/render/
// (the one GL exception) never includes ImGui or editor code.

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

const fs::path kEngine = fs::path(DIORAMA_SOURCE_DIR) / "engine";

// ImGui, SDL, OpenGL loaders and editor headers, by folder or file name (glm/ is allowed).
constexpr const char* kForbiddenInEngine =
    R"(^(imgui|SDL2?|GL|GLES[0-9]*|glad|KHR|editor)/|^(imgui[^/]*|SDL[^/]*|gl|glext|glad)\.h$)";
// Render may use GL but not ImGui or the editor.
constexpr const char* kForbiddenInRender = R"(^(imgui|editor)/|^imgui[^/]*\.h$)";

TEST(Layering, EngineIncludesNoUiPlatformOrGraphicsHeaders) {
    const std::regex forbidden(kForbiddenInEngine);
    std::vector<std::string> hits;
    for (const char* part : {"include", "src", "player"}) {
        auto found = includes_matching(kEngine / part, forbidden);
        hits.insert(hits.end(), found.begin(), found.end());
    }
    EXPECT_TRUE(hits.empty()) << "forbidden includes:\n" << testing::PrintToString(hits);
}

TEST(Layering, RenderIncludesNoImguiOrEditorHeaders) {
    const std::regex forbidden(kForbiddenInRender);
    const auto hits = includes_matching(kEngine / "render", forbidden);
    EXPECT_TRUE(hits.empty()) << "forbidden includes:\n" << testing::PrintToString(hits);
}

TEST(Layering, TheScannerFindsAForbiddenInclude) {
    const fs::path dir = fs::temp_directory_path() / "diorama_layering_probe";
    fs::create_directories(dir);
    std::ofstream(dir / "bad.cpp")
        << "#include <imgui/imgui.h>\n#include <SDL2/SDL.h>\n#include <GL/gl.h>\n"
           "#include <glm/vec2.hpp>\n#include \"diorama/world.h\"\n";
    const std::regex forbidden(kForbiddenInEngine);
    EXPECT_EQ(includes_matching(dir, forbidden).size(), 3u)
        << "imgui, SDL and GL; not glm or diorama";
    fs::remove_all(dir);
}

} // namespace
