// `diorama-player check` on text holding control characters: a warning naming the file and the
// JSON path, for scenes and prefabs alike; tabs, newlines and any other Unicode are text.

#include "child_process.h"
#include "temp_dir.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using diorama::test::ChildResult;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kPlayer = DIORAMA_PLAYER_PATH;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string describe(const ChildResult& r) {
    return "exit " + std::to_string(r.exit_code) + "\n--- stdout\n" + r.out + "--- stderr\n" +
           r.err;
}

// A project whose scene and prefab hold text with and without control characters.
void write_project(const TempDir& dir) {
    dir.write("project.json", R"({"format": "diorama.project", "version": 1, "name": "Texts",
        "startup_scene": "scenes/main.scene.json"})");
    dir.write("prefabs/label.prefab.json", R"({"format": "diorama.prefab", "version": 1,
        "components": {"Text": {"text": "\u001b[31mred"}}})");
    dir.write("scenes/main.scene.json", R"({"format": "diorama.scene", "version": 1, "name": "main",
        "layers": ["ui"], "objects": [
          {"guid": "0000000000000001", "layer": "ui",
           "components": {"Text": {"text": "line one\n\tline two \u00e9 \ud83d\ude00"}}},
          {"guid": "0000000000000002", "layer": "ui",
           "components": {"Text": {"text": "SCORE\u0007 0"}}},
          {"guid": "0000000000000003", "layer": "ui",
           "components": {"Properties": {"values": {"note": "a\rb", "ok": "\u00fc"}}}},
          {"guid": "0000000000000004", "layer": "ui", "prefab": "prefabs/label.prefab.json"}]})");
}

TEST(ReliabilityText, CheckWarnsAboutAControlCharacterInTextNamingTheFileAndJsonPath) {
    TempDir dir;
    write_project(dir);
    const ChildResult strict = run_child(kPlayer, {"check", dir.path().string()});
    EXPECT_EQ(strict.exit_code, 1) << describe(strict);
    EXPECT_TRUE(contains(strict.out, "warning: scenes/main.scene.json: objects[1].components.Text."
                                     "text: control character U+0007 at byte 5 of the text"))
        << strict.out;
    EXPECT_TRUE(contains(strict.out, "warning: scenes/main.scene.json: objects[2].components."
                                     "Properties.values.note: control character U+000D at byte 1"))
        << strict.out;
    EXPECT_TRUE(contains(strict.out, "warning: prefabs/label.prefab.json: components.Text.text: "
                                     "control character U+001B at byte 0"))
        << strict.out;
    // Tabs, newlines, accents and emoji are text: three warnings, no more.
    EXPECT_TRUE(contains(strict.out, "check: 0 errors, 3 warnings ")) << strict.out;

    const ChildResult lenient =
        run_child(kPlayer, {"check", "--allow-warnings", dir.path().string()});
    EXPECT_EQ(lenient.exit_code, 0) << describe(lenient);
}

} // namespace
