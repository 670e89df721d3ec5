// Field values as text, as scripts write them and widgets type them (editor/core/field_text.h).

#include "core/field_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace diorama;
using namespace diorama::editor;

TEST(FieldText, ParseFollowsTheShapeOfTheCurrentValue) {
    const std::vector<std::string> xy{"10", "-2.5"};
    auto v = parse_field_value(FieldValue{glm::vec2(0.0f)}, xy);
    ASSERT_TRUE(v);
    EXPECT_EQ(std::get<glm::vec2>(*v), glm::vec2(10.0f, -2.5f));

    const std::vector<std::string> rgb{"1", "0.5", "0"};
    auto c = parse_field_value(FieldValue{glm::vec4(0.0f)}, rgb);
    ASSERT_TRUE(c);
    EXPECT_EQ(std::get<glm::vec4>(*c), glm::vec4(1.0f, 0.5f, 0.0f, 1.0f));

    const std::vector<std::string> name{"circle"};
    auto e = parse_field_value(FieldValue{std::int32_t{0}}, name);
    ASSERT_TRUE(e);
    EXPECT_EQ(std::get<std::string>(*e), "circle"); // an enum by name

    const std::vector<std::string> words{"hello", "there"};
    auto s = parse_field_value(FieldValue{std::string()}, words);
    ASSERT_TRUE(s);
    EXPECT_EQ(std::get<std::string>(*s), "hello there");

    const std::vector<std::string> none{"none"};
    auto g = parse_field_value(FieldValue{Guid{7}}, none);
    ASSERT_TRUE(g);
    EXPECT_FALSE(std::get<Guid>(*g));

    EXPECT_FALSE(parse_field_value(FieldValue{1.0f}, xy));
    EXPECT_FALSE(parse_field_value(FieldValue{true}, name));
}

TEST(FieldText, FormatWritesWhatParseReads) {
    EXPECT_EQ(format_field_value(FieldValue{0.1f}), "0.1");
    EXPECT_EQ(format_field_value(FieldValue{glm::vec2(128.0f, -4.5f)}), "128 -4.5");
    EXPECT_EQ(format_field_value(FieldValue{true}), "true");
    EXPECT_EQ(format_field_value(FieldValue{Guid{}}), "none");
    EXPECT_EQ(format_field_value(FieldValue{Guid{0x6f1c0a9e3b2d4c11ull}}), "6f1c0a9e3b2d4c11");
}

TEST(FieldText, NumbersRejectWordsAndNonFiniteValues) {
    ASSERT_TRUE(parse_field_number("+2.5"));
    EXPECT_EQ(*parse_field_number("+2.5"), 2.5f);
    EXPECT_FALSE(parse_field_number("nan"));
    EXPECT_FALSE(parse_field_number("inf"));
    EXPECT_FALSE(parse_field_number("1x"));
}

} // namespace
