// The editor's script language: parsing, checking and value formats (editor/script/script.h).

#include "script/script.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace diorama;
using namespace diorama::editor;

TEST(ScriptParse, SkipsBlankLinesAndCommentsAndKeepsLineNumbers) {
    auto steps =
        parse_script("# a comment\n\nwait 2\n  click_world 10 -20.5 right shift\n", "s.txt");
    ASSERT_TRUE(steps) << steps.error().describe();
    ASSERT_EQ(steps->size(), 2u);
    EXPECT_EQ((*steps)[0].line, 3);
    EXPECT_EQ((*steps)[0].command, "wait");
    EXPECT_EQ((*steps)[1].line, 4);
    EXPECT_EQ((*steps)[1].args, (std::vector<std::string>{"10", "-20.5", "right", "shift"}));
}

TEST(ScriptParse, QuotesKeepSpacesAndEscapes) {
    auto steps = parse_script(R"(menu "File/Save As"
type "say \"hi\" \\ there")",
                              "s.txt");
    ASSERT_TRUE(steps) << steps.error().describe();
    EXPECT_EQ((*steps)[0].args[0], "File/Save As");
    EXPECT_EQ((*steps)[1].args[0], R"(say "hi" \ there)");
}

TEST(ScriptParse, ErrorsNameTheFileAndLine) {
    auto unknown = parse_script("wait 1\nfly_to 1 2\n", "s.txt");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().where, "s.txt:2");
    EXPECT_NE(unknown.error().message.find("fly_to"), std::string::npos);

    auto quote = parse_script("click \"Toolbar/Play\n", "s.txt");
    ASSERT_FALSE(quote);
    EXPECT_EQ(quote.error().where, "s.txt:1");
}

TEST(ScriptParse, ChecksArgumentsOfEachCommand) {
    const char* bad[] = {
        "wait",                             // missing count
        "wait -1",                          // negative
        "wait 1.5",                         // not whole
        "click_world 1",                    // one coordinate
        "click_world 1 2 sideways",         // not a button or modifier
        "click_world 1 2 left right",       // two buttons
        "drag_world 1 2 3",                 // three coordinates
        "select_guid 12",                   // not 16 hex digits
        "expect_dirty maybe",               // not a bool
        "key hyper+z",                      // not a modifier
        "key_down hyper+z",                 // not a modifier
        "key_up",                           // no key
        "drag_handle sideways 1 2",         // not a handle part
        "print_hash now",                   // takes nothing
        "place_prefab brick 1 nan",         // not finite
        "set_field Transform2D.position.x", // no value
        "export",                           // no folder
        "export /tmp/out fast",             // not an export option
        "export /tmp/out compact force x",  // too many words
    };
    for (const char* line : bad)
        EXPECT_FALSE(parse_script(line, "s.txt")) << line;

    const char* good[] = {
        "click_world 1 2 ctrl+shift",
        "click \"Toolbar/Play\" middle",
        "drag_world 0 0 10 10 shift",
        "select_guid 6F1C0A9E3B2D4C11",
        "key ctrl+shift+z",
        "key delete",
        "key_down right",
        "key_up ctrl+shift+z",
        "set_field Shape.color 1 0 0",
        "drag_handle scale_x 10 0",
        "expect_dirty false",
        "export /tmp/out",
        "export \"/tmp/my game\" force compact",
    };
    for (const char* line : good)
        EXPECT_TRUE(parse_script(line, "s.txt")) << line;
}

TEST(ScriptKeys, ChordsSplitModifiersFromTheKey) {
    auto chord = parse_key_chord("ctrl+shift+z");
    ASSERT_TRUE(chord);
    EXPECT_TRUE(chord->mods.ctrl);
    EXPECT_TRUE(chord->mods.shift);
    EXPECT_FALSE(chord->mods.alt);
    EXPECT_EQ(chord->key, "z");
    auto plus = parse_key_chord("+"); // the plus key itself
    ASSERT_TRUE(plus);
    EXPECT_EQ(plus->key, "+");
}

} // namespace
