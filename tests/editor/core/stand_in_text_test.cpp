// Text as a 16-bit text widget can edit it exactly (editor/core/stand_in_text.h).

#include "core/stand_in_text.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using diorama::editor::StandInText;

const std::string kEmoji = "\xF0\x9F\x98\x80"; // U+1F600
const std::string kParty = "\xF0\x9F\x8E\x89"; // U+1F389

// A private-use code point as UTF-8.
std::string private_use(char32_t c) {
    return {static_cast<char>(0xE0u | (c >> 12)), static_cast<char>(0x80u | ((c >> 6) & 0x3Fu)),
            static_cast<char>(0x80u | (c & 0x3Fu))};
}

// Text a 16-bit widget holds as it is: well-formed UTF-8, no NUL, nothing above U+FFFF.
bool widget_can_hold(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b == 0 || b >= 0xF0) return false;
    }
    return true;
}

TEST(StandInText, AnEmojiStandsInAsOnePrivateUseCharacterAndComesBackExactly) {
    StandInText map;
    const std::string text = "SCORE " + kEmoji + " LIVES 3";
    const auto widget = map.to_widget(text);
    ASSERT_TRUE(widget);
    EXPECT_EQ(*widget, "SCORE " + private_use(0xE000) + " LIVES 3");
    EXPECT_TRUE(widget_can_hold(*widget));
    EXPECT_EQ(map.from_widget(*widget), text);
}

TEST(StandInText, AnEditElsewhereKeepsTheEmojiAndAddsNoNul) {
    StandInText map;
    const auto widget = map.to_widget("SCORE " + kEmoji + " LIVES 3");
    ASSERT_TRUE(widget);
    const std::string edited = map.from_widget(*widget + "!");
    EXPECT_EQ(edited, "SCORE \xF0\x9F\x98\x80 LIVES 3!");
    EXPECT_EQ(edited.find('\0'), std::string::npos);
    // The edit moving it keeps it whole: a stand-in is one character.
    EXPECT_EQ(map.from_widget("!" + private_use(0xE000)), "!" + kEmoji);
}

TEST(StandInText, CjkAndCombiningMarksNeedNoStandIn) {
    StandInText map;
    const std::string text = "\xE6\xBC\xA2\xE5\xAD\x97 \xE3\x81\x8B\xE3\x81\xAA " // 漢字 かな
                             "e\xCC\x81 a\xCC\x8A\xCC\x81 \xC3\xA9\xC3\xBC";      // e + U+0301...
    const auto widget = map.to_widget(text);
    ASSERT_TRUE(widget);
    EXPECT_EQ(*widget, text);
    EXPECT_EQ(map.size(), 0u);
    EXPECT_EQ(map.from_widget(*widget), text);
    // A combining mark on an emoji: the emoji stands in, the mark stays.
    const std::string marked = kEmoji + "\xCC\x81";
    const auto widget2 = map.to_widget(marked);
    ASSERT_TRUE(widget2);
    EXPECT_EQ(map.from_widget(*widget2), marked);
}

TEST(StandInText, PrivateUseCharactersTheTextHoldsAreNeverStandIns) {
    StandInText map;
    const std::string text = private_use(0xE000) + kEmoji + private_use(0xE001) + kParty;
    const auto widget = map.to_widget(text);
    ASSERT_TRUE(widget);
    EXPECT_EQ(*widget, private_use(0xE000) + private_use(0xE002) + private_use(0xE001) +
                           private_use(0xE003));
    EXPECT_EQ(map.from_widget(*widget), text);
    EXPECT_EQ(map.from_widget(private_use(0xE001)), private_use(0xE001));
}

TEST(StandInText, TheSameUnitKeepsItsStandInForTheWholeEdit) {
    StandInText map;
    ASSERT_TRUE(map.to_widget(kEmoji + kParty));
    // Typed or pasted later: the same map, the same stand-ins, new ones for new units.
    const auto typed = map.to_widget(kParty + "\xF0\x9F\x90\x88" + kEmoji); // U+1F408
    ASSERT_TRUE(typed);
    EXPECT_EQ(*typed, private_use(0xE001) + private_use(0xE002) + private_use(0xE000));
    EXPECT_EQ(map.from_widget(*typed), kParty + "\xF0\x9F\x90\x88" + kEmoji);
}

TEST(StandInText, ATypedCharacterThatIsAlreadyAStandInGetsOneOfItsOwn) {
    StandInText map;
    ASSERT_TRUE(map.to_widget(kEmoji)); // U+E000 stands for the emoji
    const auto typed = map.to_widget(private_use(0xE000));
    ASSERT_TRUE(typed);
    EXPECT_EQ(*typed, private_use(0xE001));
    EXPECT_EQ(map.from_widget(private_use(0xE000) + private_use(0xE001)),
              kEmoji + private_use(0xE000));
}

TEST(StandInText, ACutSurrogateAndOtherIllFormedBytesComeBackByteForByte) {
    StandInText map;
    // The first half of an emoji (a cut inside its sequence), a lone continuation byte, an
    // encoded surrogate (CESU-8), an overlong '/', and a byte never used in UTF-8.
    const std::string text =
        std::string("a\xF0\x9F") + "b\x80" + "c\xED\xA0\xBD" + "d\xC0\xAF" + "e\xFF";
    const auto widget = map.to_widget(text);
    ASSERT_TRUE(widget);
    EXPECT_TRUE(widget_can_hold(*widget));
    EXPECT_EQ(map.from_widget(*widget), text);
    // Each ill-formed byte is its own unit: deleting one stand-in deletes that byte only.
    const std::string without_first = widget->substr(0, 1) + widget->substr(4);
    EXPECT_EQ(map.from_widget(without_first),
              std::string("a\x9F") + "b\x80" + "c\xED\xA0\xBD" + "d\xC0\xAF" + "e\xFF");
    // Cutting the whole emoji (its one stand-in) leaves nothing of it.
    StandInText whole;
    const auto w = whole.to_widget("x" + kEmoji + "y");
    ASSERT_TRUE(w);
    EXPECT_EQ(whole.from_widget("xy"), "xy");
}

TEST(StandInText, ANulByteStandsInAndComesBack) {
    StandInText map;
    const std::string text("a\0b", 3);
    const auto widget = map.to_widget(text);
    ASSERT_TRUE(widget);
    EXPECT_EQ(*widget, "a" + private_use(0xE000) + "b");
    EXPECT_EQ(map.from_widget(*widget), text);
}

TEST(StandInText, WhenThePrivateUseAreaRunsOutThereIsNoWidgetText) {
    constexpr char32_t kAreaSize = StandInText::kLastStandIn - StandInText::kFirstStandIn + 1;
    const auto emoji = [](char32_t c) {
        return std::string{
            static_cast<char>(0xF0u | (c >> 18)), static_cast<char>(0x80u | ((c >> 12) & 0x3Fu)),
            static_cast<char>(0x80u | ((c >> 6) & 0x3Fu)), static_cast<char>(0x80u | (c & 0x3Fu))};
    };
    std::string all;
    for (char32_t i = 0; i < kAreaSize; ++i)
        all += emoji(0x20000 + i);
    StandInText map;
    const auto widget = map.to_widget(all);
    ASSERT_TRUE(widget);
    EXPECT_EQ(map.from_widget(*widget), all);
    EXPECT_FALSE(map.to_widget(emoji(0x20000 + kAreaSize)));
    // One private-use character held by the text leaves one stand-in fewer.
    StandInText held;
    EXPECT_FALSE(held.to_widget(private_use(0xF8FF) + all));
}

} // namespace
