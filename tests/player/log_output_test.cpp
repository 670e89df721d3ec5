// diorama-player's log lines: timestamps, escaping, and the text and JSON formats.

#include "log_output.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

namespace {

using namespace diorama;
using namespace diorama::player;
using Json = nlohmann::json;
using std::chrono::milliseconds;
using std::chrono::system_clock;

// 2023-11-14T22:13:20.123Z
const system_clock::time_point kSomeTime{milliseconds(1'700'000'000'123)};

TEST(Iso8601Utc, ShowsUtcWithMilliseconds) {
    EXPECT_EQ(iso8601_utc(kSomeTime), "2023-11-14T22:13:20.123Z");
    EXPECT_EQ(iso8601_utc(system_clock::time_point{}), "1970-01-01T00:00:00.000Z");
    EXPECT_EQ(iso8601_utc(system_clock::time_point{milliseconds(951'782'399'999)}),
              "2000-02-28T23:59:59.999Z");
}

TEST(OneLine, EscapesEveryControlCharacterAndKeepsTheRest) {
    EXPECT_EQ(one_line("plain é \"quoted\" \\"), "plain é \"quoted\" \\");
    EXPECT_EQ(one_line("a\nb\rc\td"), "a\\nb\\rc\\td");
    EXPECT_EQ(one_line(std::string("\x01\x1f\x7f", 3)), "\\x01\\x1f\\x7f");
    EXPECT_EQ(one_line(std::string("nul\0here", 8)), "nul\\x00here");
}

TEST(FormatLogLine, TextIsTimestampLevelAndMessageOnOneLine) {
    EXPECT_EQ(format_log_line(LogFormat::Text, kSomeTime, LogLevel::Warning, "two\nlines",
                              {{"ignored", std::int64_t{1}}}),
              "2023-11-14T22:13:20.123Z warning: two\\nlines\n");
}

TEST(FormatLogLine, JsonIsOneObjectWithTimeLevelMessageAndTheFields) {
    const std::string line =
        format_log_line(LogFormat::Json, kSomeTime, LogLevel::Info, "dropped \"it\"\n\x01",
                        {{"dropped_s", 4.5},
                         {"dropped_ticks", std::int64_t{270}},
                         {"where", std::string("a.json: x")}});
    ASSERT_TRUE(line.ends_with("}\n")) << line;
    EXPECT_EQ(line.find('\n'), line.size() - 1) << "one line";
    EXPECT_TRUE(line.starts_with(R"({"time":"2023-11-14T22:13:20.123Z","level":"info","message":)"))
        << line;
    const Json event = Json::parse(line);
    EXPECT_EQ(event["message"], "dropped \"it\"\n\x01");
    EXPECT_EQ(event["dropped_s"], 4.5);
    EXPECT_EQ(event["dropped_ticks"], 270);
    EXPECT_EQ(event["where"], "a.json: x");
}

TEST(FormatLogLine, JsonStaysValidWhenTheMessageIsNotUtf8) {
    const std::string line = format_log_line(LogFormat::Json, kSomeTime, LogLevel::Error,
                                             "file \xff\xfe.json", {{"path", std::string("\xc3")}});
    const Json event = Json::parse(line, nullptr, false);
    ASSERT_FALSE(event.is_discarded()) << line;
    EXPECT_EQ(event["message"], "file \xef\xbf\xbd\xef\xbf\xbd.json"); // U+FFFD twice
}

} // namespace
