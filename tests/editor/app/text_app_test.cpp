// Text through the editor's widgets, end to end: the built diorama-editor runs headless on a
// copy of projects/bounce whose score text holds an emoji, a script types into the inspector and
// the Save As dialog through SDL's text input, and the files saved are compared byte for byte.

#include "editor_run.h"

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::run_child;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
const std::string kScore = "7fb77b4d231028f2"; // the HUD's Text: "SCORE 0   LIVES 3"
const std::string kScoreText = "\"text\": \"SCORE 0   LIVES 3\"";
const std::string kEmoji = "\xF0\x9F\x98\x80"; // U+1F600

std::string read_bytes(const fs::path& file) {
    auto bytes = diorama::read_file(file, 64u << 20);
    return bytes ? *bytes : std::string();
}

// text with its one occurrence of from replaced by to ("" when from is not there once).
std::string replaced_once(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at == std::string::npos || text.find(from, at + 1) != std::string::npos) return {};
    return text.replace(at, from.size(), to);
}

class ReliabilityText : public diorama::test::SampleCopyApp {
protected:
    ReliabilityText() : SampleCopyApp("bounce") {}

    void SetUp() override {
        SampleCopyApp::SetUp();
        m_scene = replaced_once(read_bytes(scene_file()), kScoreText,
                                "\"text\": \"SCORE " + kEmoji + " LIVES 3\"");
        ASSERT_FALSE(m_scene.empty());
        m_dir.write("bounce/scenes/level1.scene.json", m_scene);
    }

    [[nodiscard]] fs::path scene_file() const { return project() / "scenes" / "level1.scene.json"; }

    std::string m_scene; // level1's bytes with the emoji
};

TEST_F(ReliabilityText, AppendingToTextWithAnEmojiInTheInspectorSavesExactlyThatText) {
    const ChildResult r = editor(R"(
select_guid )" + kScore + R"(
click "Inspector/Text/text"
key ctrl+end
type "!"
menu "File/Save"
expect_dirty false
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    // The one change: "!" at the end; the emoji kept, no NUL, nothing else rewritten.
    const std::string expected = replaced_once(m_scene, "LIVES 3\"", "LIVES 3!\"");
    ASSERT_FALSE(expected.empty());
    const std::string saved = read_bytes(scene_file());
    EXPECT_EQ(saved.find("\\u0000"), std::string::npos) << saved;
    EXPECT_EQ(saved.find("\xEF\xBF\xBD"), std::string::npos) << "U+FFFD in the file";
    EXPECT_EQ(saved, expected);
}

TEST_F(ReliabilityText, ClickingIntoTextWithAnEmojiWithoutTypingChangesNothing) {
    const ChildResult r = editor(R"(
select_guid )" + kScore + R"(
click "Inspector/Text/text"
wait 2
click "Bottom/Console"
expect_dirty false
menu "File/Save"
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(read_bytes(scene_file()), m_scene);
}

TEST_F(ReliabilityText, AnEmojiTypedIntoANameIsKept) {
    const std::string name = "Score \xF0\x9F\x8E\x89 \xE6\xBC\xA2\xE5\xAD\x97"; // party, CJK
    const ChildResult r = editor(R"(
select_guid )" + kScore + R"(
click "Inspector/name"
key ctrl+a
type ")" + name + R"("
key enter
menu "File/Save"
expect_dirty false
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::string expected =
        replaced_once(m_scene, "\"name\": \"Score\"", "\"name\": \"" + name + "\"");
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(read_bytes(scene_file()), expected);
}

TEST_F(ReliabilityText, SaveAsKeepsAccentsAndEmojiInTheFileNameByteForByte) {
    // é precomposed (U+00E9), ü decomposed (u + U+0308), an emoji: no byte may change.
    const std::set<std::string> names = {"caf\xC3\xA9", std::string("u\xCC\x88") + "ber",
                                         "party" + kEmoji};
    std::string script;
    for (const std::string& name : names)
        script += "save_as \"scenes/" + name + ".scene.json\"\nexpect_dirty false\n";
    const ChildResult r = editor(script);
    ASSERT_EQ(r.exit_code, 0) << describe(r);

    std::set<std::string> files;
    for (const auto& entry : fs::directory_iterator(project() / "scenes"))
        files.insert(entry.path().filename().string());
    for (const std::string& name : names) {
        const std::string file = name + ".scene.json";
        EXPECT_TRUE(files.contains(file)) << file;
        // Saved under that name, named so inside, and loads again.
        EXPECT_NE(read_bytes(project() / "scenes" / file).find("\"name\": \"" + name + "\""),
                  std::string::npos)
            << file;
        const ChildResult check =
            run_child(kPlayer, {"check", (project() / "scenes" / file).string()});
        EXPECT_EQ(check.exit_code, 0) << describe(check);
    }
    // Nothing else appeared beside them: no mangled twin.
    EXPECT_EQ(files.size(), names.size() + 1) << "level1 and the three saved";
}

} // namespace
