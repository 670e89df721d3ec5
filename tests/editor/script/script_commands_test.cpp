// The script language's one command table (editor/script/script_commands.h): every command
// parses its documented forms, the README lists every command, and what is not in the table is
// refused with the file and line.

#include "script/script.h"
#include "script/script_commands.h"

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace diorama;
using namespace diorama::editor;

// The forms editor/script/README.md documents, by command.
const std::map<std::string, std::vector<std::string>>& documented_forms() {
    static const std::map<std::string, std::vector<std::string>> kForms{
        {"wait", {"wait 60", "wait 0"}},
        {"mouse_move_world", {"mouse_move_world 10 -2.5"}},
        {"mouse_move_screen", {"mouse_move_screen 640 360"}},
        {"click_world", {"click_world 1 2", "click_world 1 2 right", "click_world 1 2 left ctrl"}},
        {"click_screen", {"click_screen 100 200", "click_screen 1 2 shift middle"}},
        {"drag_world", {"drag_world 0 0 10 10", "drag_world 0 0 10 10 right alt"}},
        {"drag_screen", {"drag_screen 0 0 10 10", "drag_screen 0 0 1 1 ctrl+shift"}},
        {"drag", {"drag \"Hierarchy/6f1c0a9e3b2d4c11\" \"Hierarchy/0000000000000001\""}},
        {"drag_handle",
         {"drag_handle free 1 2", "drag_handle x 5 0", "drag_handle y 0 5",
          "drag_handle rotate 0 8", "drag_handle scale_x 10 0", "drag_handle scale_y 0 10",
          "drag_handle scale 4 4"}},
        {"mouse_down", {"mouse_down", "mouse_down right"}},
        {"mouse_up", {"mouse_up", "mouse_up right"}},
        {"wheel", {"wheel 2", "wheel -1.5"}},
        {"key", {"key ctrl+z", "key ctrl+shift+z", "key delete", "key f", "key escape", "key f7"}},
        {"key_down", {"key_down right", "key_down ctrl+shift+z"}},
        {"key_up", {"key_up right"}},
        {"type", {"type \"hello there\""}},
        {"menu", {"menu \"File/Save As\""}},
        {"click", {"click \"Toolbar/Play\"", "click \"Viewport\" right shift"}},
        {"double_click", {"double_click \"Hierarchy/6f1c0a9e3b2d4c11\""}},
        {"hover", {"hover \"Menu/File\""}},
        {"select_guid", {"select_guid 6f1c0a9e3b2d4c11"}},
        {"set_field",
         {"set_field Transform2D.position 128 96", "set_field Brick.points 75",
          "set_field Properties.values.hp 5", "set_field Text.text \"hi\"",
          "set_field Shape.filled false"}},
        {"place_prefab", {"place_prefab brick 100 200"}},
        {"save", {"save", "save overwrite", "save reload", "save cancel"}},
        {"save_as",
         {"save_as scenes/copy.scene.json", "save_as scenes/copy overwrite",
          "save_as scenes/copy cancel"}},
        {"save_input", {"save_input input/recorded.input.json"}},
        {"focus_window", {"focus_window"}},
        {"wait_file", {"wait_file /tmp/ready"}},
        {"export", {"export /tmp/out", "export /tmp/out compact", "export /tmp/out force compact"}},
        {"open_scene", {"open_scene scenes/level1.scene.json"}},
        {"screenshot", {"screenshot /tmp/shot.png"}},
        {"print_hash", {"print_hash"}},
        {"wait_live", {"wait_live", "wait_live shown", "wait_live lost", "wait_live refused"}},
        {"expect_changes", {"expect_changes Transform2D.position"}},
        {"replay_input", {"replay_input input/level1.input.json"}},
        {"step_ticks", {"step_ticks 3600"}},
        {"edit_file", {"edit_file scripts/bats.lua \"dt)\" \"dt * 4)\""}},
        {"reset_timing", {"reset_timing"}},
        {"expect_objects", {"expect_objects 12"}},
        {"expect_selection", {"expect_selection 0"}},
        {"expect_field", {"expect_field Transform2D.position 128 96"}},
        {"expect_tiles", {"expect_tiles 0 1 1 0 2*10 0*69 1", "expect_tiles 1 0"}},
        {"expect_console", {"expect_console \"saved\""}},
        {"expect_modal", {"expect_modal \"Unsaved changes\""}},
        {"expect_problem", {"expect_problem \"did you mean\""}},
        {"expect_unclipped", {"expect_unclipped Toolbar/", "expect_unclipped Toolbar/ Prefabs/"}},
        {"expect_dirty", {"expect_dirty true", "expect_dirty false"}},
        {"quit", {"quit"}},
    };
    return kForms;
}

TEST(ScriptCommands, EveryCommandParsesItsDocumentedForms) {
    for (const auto& [name, forms] : documented_forms()) {
        for (const std::string& line : forms) {
            auto steps = parse_script(line, "forms.txt");
            ASSERT_TRUE(steps) << line << ": " << steps.error().describe();
            ASSERT_EQ(steps->size(), 1u) << line;
            EXPECT_EQ(steps->front().command, name) << line;
        }
    }
}

TEST(ScriptCommands, TheFormsCoverEveryCommandOfTheTable) {
    std::set<std::string> in_table;
    for (const ScriptCommand& command : script_commands()) {
        EXPECT_TRUE(in_table.insert(std::string(command.name)).second)
            << command.name << " is in the table twice";
        EXPECT_NE(command.run, nullptr) << command.name << " has no handler";
    }
    std::set<std::string> documented;
    for (const auto& entry : documented_forms())
        documented.insert(entry.first);
    EXPECT_EQ(in_table, documented);
}

TEST(ScriptCommands, TheReadmeListsEveryCommand) {
    auto readme = read_file(std::string(DIORAMA_SOURCE_DIR) + "/editor/script/README.md", 1u << 20);
    ASSERT_TRUE(readme) << readme.error().describe();
    for (const ScriptCommand& command : script_commands())
        EXPECT_NE(readme->find("`" + std::string(command.name)), std::string::npos)
            << command.name << " is not documented";
}

TEST(ScriptCommands, FindLooksUpByExactName) {
    ASSERT_NE(find_script_command("click_world"), nullptr);
    EXPECT_EQ(find_script_command("click_world")->name, "click_world");
    EXPECT_EQ(find_script_command("click_worl"), nullptr);
    EXPECT_EQ(find_script_command(""), nullptr);
}

TEST(ScriptCommands, AnUnknownCommandNamesTheFileAndLine) {
    auto steps = parse_script("# a comment\nwait 1\n\nteleport 1 2\n", "level/test.script");
    ASSERT_FALSE(steps);
    EXPECT_EQ(steps.error().where, "level/test.script:4");
    EXPECT_NE(steps.error().message.find("unknown command 'teleport'"), std::string::npos)
        << steps.error().message;
}

TEST(ScriptCommands, ArgumentCountErrorsSayWhatTheCommandTakes) {
    const ScriptCommand* wait = find_script_command("wait");
    ASSERT_NE(wait, nullptr);
    auto none = check_script_args(*wait, {});
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().message, "wait takes 1 argument(s), got 0");

    const ScriptCommand* click = find_script_command("click_world");
    ASSERT_NE(click, nullptr);
    auto many = check_script_args(*click, {"1", "2", "left", "ctrl", "x"});
    ASSERT_FALSE(many);
    EXPECT_EQ(many.error().message, "click_world takes 2 to 4 argument(s), got 5");

    const ScriptCommand* set = find_script_command("set_field");
    ASSERT_NE(set, nullptr);
    auto few = check_script_args(*set, {"Shape.filled"});
    ASSERT_FALSE(few);
    EXPECT_EQ(few.error().message, "set_field takes 2 or more argument(s), got 1");

    auto bad = parse_script("wait 1\nexport /tmp/out fast\n", "s.txt");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().where, "s.txt:2");
    EXPECT_EQ(bad.error().message, "export options are compact and force, got 'fast'");

    auto state = parse_script("wait_live gone\n", "s.txt");
    ASSERT_FALSE(state);
    EXPECT_EQ(state.error().where, "s.txt:1");
    EXPECT_EQ(state.error().message, "expected shown, lost or refused, got 'gone'");
}

} // namespace
