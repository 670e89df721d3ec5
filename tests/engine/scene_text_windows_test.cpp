// The guesses of where a scene's objects array lies and where to cut it between entries
// (engine/src/scene_text_windows.h); the parser's confirming them is scene_fast_read_test.cpp's.

#include "scene_text_windows.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace diorama::detail {
namespace {

TEST(SceneTextWindowsTest, TheObjectsArrayIsTheFirstObjectsKeyWithAnArrayToTheLastBracket) {
    const std::string_view text =
        R"({"layers": ["objects"], "objects" :
            [{"a": [1]}, {"b": 2}], "version": 1})";
    const auto span = find_objects_array(text);
    ASSERT_TRUE(span.has_value());
    EXPECT_EQ(text.substr(span->open, 3), "[{\"");
    EXPECT_EQ(text.substr(span->close - 1, 3), "}],");
    EXPECT_EQ(skeleton_of(text, *span, 2), std::string(R"({"layers": ["objects"], "objects" :
            [], "version": 1})") + std::string(2, '\0'));
}

TEST(SceneTextWindowsTest, TextWithoutAnObjectsArrayHasNone) {
    EXPECT_FALSE(find_objects_array(R"({"objects": {}})").has_value());
    EXPECT_FALSE(find_objects_array(R"({"objects": 1, "x": [2]})").has_value());
    EXPECT_FALSE(find_objects_array(R"({"x": [], "objects": [)").has_value());
    EXPECT_FALSE(find_objects_array("").has_value());
}

TEST(SceneTextWindowsTest, WindowsEndAtTheFirstCommaBetweenEntriesAfterTheirLeastSize) {
    const std::string_view text = R"({"objects": [{"a": 1}, {"b": [1, 2]} ,
        {"c": "},x"}, {"d": 4}]})";
    const auto span = find_objects_array(text);
    ASSERT_TRUE(span.has_value());
    const std::size_t first = span->open + 1;
    std::size_t end = window_end(text, first, *span, 1);
    EXPECT_EQ(text.substr(first, end - first), R"({"a": 1})");
    // Commas inside an entry are not between '}' and '{'; spaces around a cut are skipped.
    std::size_t next = end + 1;
    end = window_end(text, next, *span, 1);
    EXPECT_EQ(text.substr(next, end - next), R"( {"b": [1, 2]} )");
    // A comma in a string that is not between braces is passed over.
    next = end + 1;
    end = window_end(text, next, *span, 1);
    EXPECT_EQ(text.substr(next, end - next), "\n        {\"c\": \"},x\"}");
    // The last entry ends at the array's bracket; a least size past it takes the rest.
    next = end + 1;
    EXPECT_EQ(window_end(text, next, *span, 1), span->close);
    EXPECT_EQ(window_end(text, first, *span, 1000), span->close);
    // A least size counts from the window's start: the cut is the first after it.
    EXPECT_EQ(window_end(text, first, *span, 10), text.find(" ,\n") + 1);
}

} // namespace
} // namespace diorama::detail
