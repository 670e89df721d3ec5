// parse_json against nlohmann's own parser: the same texts accepted, the same values, and on
// broken text nlohmann's message (parse_json has a faster parser of its own and asks nlohmann's
// only for the message of a syntax error).

#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace diorama {
namespace {

// Big enough that only syntax decides.
constexpr JsonLimits kNoLimits{.max_bytes = 1u << 30, .max_depth = 1 << 20, .max_values = 1u << 30};

// nlohmann's verdict on text: its value as compact text, or its error message.
std::string reference(const std::string& text) {
    try {
        return "value " + Json::parse(text).dump();
    } catch (const Json::exception& e) {
        return "error " + printable(e.what());
    }
}

// Checks that parse_json agrees with nlohmann's parser on text (which has no duplicate keys).
void expect_agreement(const std::string& text) {
    if (text.find('\0') != std::string::npos) return; // refused before parsing, tested elsewhere
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) return; // likewise
    const std::string expected = reference(text);
    auto ours = parse_json(text, "t.json", kNoLimits);
    if (!ours && ours.error().code == ErrorCode::Duplicate) return; // nlohmann's last one wins
    if (ours) {
        EXPECT_EQ("value " + ours->dump(), expected) << "text: " << text;
        return;
    }
    ASSERT_TRUE(expected.starts_with("error "))
        << "refused: " << ours.error().describe() << "\ntext: " << text;
    // nlohmann's message after its "[json.exception.parse_error.101] parse error at line 1,
    // column 5: " prefix is ours after "t.json:1:5: ".
    const std::string message = ours.error().message;
    EXPECT_TRUE(expected.ends_with(message))
        << "ours: " << ours.error().describe() << "\nnlohmann: " << expected << "\ntext: " << text;
    EXPECT_EQ(message.find("disagree"), std::string::npos) << text;
}

const std::vector<std::string> kSamples = {
    R"({"a": [1, -2, 3.5, -0, 0, -0.0, 1e5, 1E-5, 2.5e+3, true, false, null], "b": {}})",
    R"([18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809])",
    R"([1e-400, 4.9e-324, 2.2250738585072011e-308, 123456789012345678901234567890])",
    R"(["plain", "esc \" \\ \/ \b \f \n \r \t", "\u0041\u00e9\u20ac\ud83d\ude00", "\u0000"])",
    "[\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\x7f\"]",
    R"({"nested": [[[{"x": [{"y": {}}]}]]], "empty": [], "s": ""})",
    "\xef\xbb\xbf{\"bom\": 1}",
    " \t\r\n[ 1 , 2 ]\n ",
    R"("top-level string")",
    "42",
};

const std::vector<std::string> kBroken = {
    "[01]",
    "[1.]",
    "[.5]",
    "[1e]",
    "[1e+]",
    "[-]",
    "[--1]",
    "[+1]",
    "[0x10]",
    "[1 2]",
    "[1,]",
    "[,1]",
    "{\"a\" 1}",
    "{\"a\":}",
    "{a:1}",
    "{\"a\":1,}",
    "{,}",
    "[tru]",
    "[nul]",
    "[True]",
    "[\"\\x\"]",
    "[\"\\u12\"]",
    "[\"\\u12g4\"]",
    "[\"\\ud800\"]",
    "[\"\\ud800\\u0041\"]",
    "[\"\\udc00\"]",
    "[\"a\tb\"]",
    "[\"a\nb\"]",
    "[\"\x80\"]",
    "[\"\xc0\xaf\"]",
    "[\"\xe0\x80\xaf\"]",
    "[\"\xed\xa0\x80\"]",
    "[\"\xf4\x90\x80\x80\"]",
    "[\"\xf5\x80\x80\x80\"]",
    "[\"\xe2\x82\"]",
    "[\"abc",
    "[\"abc\\",
    "\xef\xbb{}",
    "\xef{}",
    "{} {}",
    "[] x",
    "[1]]",
    "{\"a\":1}}",
    "[\xc3\xa9]",
    "/* c */ []",
    "[NaN]",
    "[Infinity]",
    "[1e400]",
    "[-1e400]",
};

TEST(Printable, WritesControlAndNonAsciiBytesAsHexAndKeepsTheRest) {
    EXPECT_EQ(printable("plain {\"a\": 1}"), "plain {\"a\": 1}");
    EXPECT_EQ(printable(std::string("a\nb\x7f\xc3\xa9\0z", 8)), "a\\x0ab\\x7f\\xc3\\xa9\\x00z");
    EXPECT_EQ(printable(""), "");
}

TEST(JsonParser, AgreesWithNlohmannOnValidText) {
    for (const std::string& text : kSamples) {
        SCOPED_TRACE(text);
        ASSERT_TRUE(parse_json(text, "t.json", kNoLimits).ok());
        expect_agreement(text);
    }
}

TEST(JsonParser, RefusesWhatNlohmannRefusesWithItsMessage) {
    for (const std::string& text : kBroken) {
        SCOPED_TRACE(text);
        EXPECT_FALSE(parse_json(text, "t.json", kNoLimits).ok());
        expect_agreement(text);
    }
}

TEST(JsonParser, AgreesWithNlohmannOnEveryPrefix) {
    for (const std::string& text : kSamples)
        for (std::size_t n = 1; n < text.size(); ++n)
            expect_agreement(text.substr(0, n));
}

// Random single-byte changes of the samples, bytes chosen among those that matter to JSON.
TEST(JsonParser, AgreesWithNlohmannOnMutatedText) {
    const std::string alphabet =
        "{}[]:,\"\\/ 0123456789.eE+-tfnulrsaxbu\t\n\x7f\x80\xbf\xc3\xe2\xed"
        "\xef\xf0\xf4\xff";
    std::mt19937 random(12345);
    for (int round = 0; round < 20000; ++round) {
        std::string text = kSamples[random() % kSamples.size()];
        const int changes = 1 + static_cast<int>(random() % 3);
        for (int c = 0; c < changes; ++c) {
            const std::size_t at = random() % text.size();
            const char byte = alphabet[random() % alphabet.size()];
            switch (random() % 3) {
            case 0:
                text[at] = byte;
                break;
            case 1:
                text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), byte);
                break;
            default:
                if (text.size() > 1) text.erase(at, 1);
            }
        }
        expect_agreement(text);
    }
}

} // namespace
} // namespace diorama
