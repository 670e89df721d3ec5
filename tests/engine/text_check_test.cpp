// Text in files: the control-character rule (diorama/text_check.h) and strings through the scene
// saver and loader byte for byte.

#include "diorama/components.h"
#include "diorama/file_io.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/text_check.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace diorama {
namespace {

namespace fs = std::filesystem;

// ---- the rule ----

TEST(TextCheck, TabAndNewlineAreTextAndOtherControlCharactersAreFound) {
    EXPECT_FALSE(find_control_character("line one\n\tline two"));
    EXPECT_FALSE(find_control_character(""));
    for (unsigned c = 0; c < 0x20; ++c) {
        if (c == '\t' || c == '\n') continue;
        const std::string text = std::string("ab") + static_cast<char>(c) + "cd";
        const auto found = find_control_character(text);
        ASSERT_TRUE(found) << c;
        EXPECT_EQ(found->offset, 2u);
        EXPECT_EQ(found->code_point, c);
    }
    const auto del = find_control_character("x\x7F");
    ASSERT_TRUE(del);
    EXPECT_EQ(del->code_point, 0x7Fu);
    const auto nul = find_control_character(std::string("a\0", 2));
    ASSERT_TRUE(nul);
    EXPECT_EQ(nul->code_point, 0u);
    // C1 controls (U+0080..U+009F) are two bytes in UTF-8: NEL is 0xC2 0x85.
    const auto nel = find_control_character("\xC3\xA9\xC2\x85");
    ASSERT_TRUE(nel);
    EXPECT_EQ(nel->offset, 2u);
    EXPECT_EQ(nel->code_point, 0x85u);
}

TEST(TextCheck, ContinuationBytesOfOtherCharactersAreNotControlCharacters) {
    // U+1F600 (F0 9F 98 80), U+0100 (C4 80), U+00A0 (C2 A0), CJK, a combining mark.
    EXPECT_FALSE(find_control_character("\xF0\x9F\x98\x80 \xC4\x80 \xC2\xA0 "
                                        "\xE6\xBC\xA2\xE5\xAD\x97 e\xCC\x81"));
}

TEST(TextCheck, TheWarningIsOneLineOfAsciiNamingTheCodePointAndByte) {
    EXPECT_EQ(control_character_warning({6, 0x07}),
              "control character U+0007 at byte 6 of the text (text may hold tabs and newlines "
              "but no other control character)");
}

// ---- saving and loading text ----

// Strings as a user may write them, each on its own object's Text, and a property.
struct Sample {
    std::string text;
    std::string warning; // the warning's "PATH: message" part, empty when none
};

const std::vector<Sample>& samples() {
    static const std::vector<Sample> all = {
        {"SCORE \xF0\x9F\x98\x80 LIVES 3", ""},                               // an emoji
        {"\xE6\xBC\xA2\xE5\xAD\x97\xE3\x81\xA8\xE3\x81\x8B\xE3\x81\xAA", ""}, // CJK
        {"e\xCC\x81 n\xCC\x83 \xC3\xA9", ""},                                 // combining marks
        {"\xEE\x80\x80 private use", ""},                                     // U+E000
        {"line one\n\tline two", ""},                                         // tab and newline
        {"bell\x07 escape\x1B[0m", "objects[5].components.Text.text: control character U+0007 "
                                   "at byte 4"},
        {"next\xC2\x85line", "objects[6].components.Text.text: control character U+0085 at "
                             "byte 4"},
    };
    return all;
}

TEST(ReliabilityText, SavedStringsKeepTheirExactBytesAndControlCharactersAreWarnedAbout) {
    TypeRegistry registry;
    register_builtin_components(registry);
    const fs::path dir =
        fs::temp_directory_path() / ("diorama_text_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    Project project;
    project.root = dir;
    const PrefabLibrary prefabs;

    World world(registry);
    for (const Sample& s : samples())
        world.add<Text>(world.create())->text = s.text;
    const Handle props = world.create();
    world.add<Properties>(props)->values["note"] = std::string("carriage\rreturn \xF0\x9F\x8E\x89");
    const fs::path file = dir / "text.scene.json";
    ASSERT_TRUE(save_scene(world, file, "text", prefabs, {.backups = 0}).ok());

    // The file holds each string's UTF-8 as it is: no NUL, no replacement character, no escape
    // of a character that needs none.
    const auto bytes = read_file(file, 1u << 20);
    ASSERT_TRUE(bytes);
    EXPECT_EQ(bytes->find('\0'), std::string::npos);
    EXPECT_EQ(bytes->find("\xEF\xBF\xBD"), std::string::npos);
    EXPECT_EQ(bytes->find("\\u0000"), std::string::npos);
    for (const Sample& s : std::span(samples()).first(5))
        EXPECT_NE(bytes->find(s.text.substr(0, s.text.find('\n'))), std::string::npos) << s.text;

    World loaded(registry);
    Diagnostics diagnostics;
    ASSERT_TRUE(load_scene(loaded, file, project, prefabs, diagnostics).ok())
        << diagnostics.format();
    std::vector<std::string> texts;
    loaded.each_object([&](Handle h) {
        if (const Text* t = loaded.get<Text>(h)) texts.push_back(t->text);
    });
    ASSERT_EQ(texts.size(), samples().size());
    for (std::size_t i = 0; i < texts.size(); ++i)
        EXPECT_EQ(texts[i], samples()[i].text) << i;
    const Properties* p = loaded.get<Properties>(loaded.find(world.guid(props)));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(std::get<std::string>(p->values.at("note")), "carriage\rreturn \xF0\x9F\x8E\x89");

    // One warning per text holding a control character, naming the file (as the project names
    // it) and the JSON path.
    EXPECT_FALSE(diagnostics.has_errors());
    EXPECT_EQ(diagnostics.warning_count(), 3u) << diagnostics.format();
    const std::string report = diagnostics.format();
    for (const Sample& s : samples()) {
        if (!s.warning.empty()) {
            EXPECT_NE(report.find("warning: text.scene.json: " + s.warning), std::string::npos)
                << report;
        }
    }
    EXPECT_NE(report.find("objects[7].components.Properties.values.note: control character "
                          "U+000D at byte 8"),
              std::string::npos)
        << report;
    fs::remove_all(dir);
}

} // namespace
} // namespace diorama
