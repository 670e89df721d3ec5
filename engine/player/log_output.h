#pragma once
// diorama-player's log: every event (the engine's and the player's own) is one line on stderr,
// queued as it happens and written at once, whole, by the log's own thread (see
// output_streams.h: the log never holds up the run; when stderr does not keep up, lines are
// dropped and a line says how many), starting with an ISO-8601 UTC timestamp and the level. Text
// lines read "2026-11-22T08:39:13.123Z info: message"; JSON lines are one object each:
// {"time": ..., "level": ..., "message": ..., more fields}.
// Results (the run summary, "hash: ...", check's problems) go to stdout, never through the log.

#include "diorama/diagnostics.h"
#include "diorama/log.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace diorama::player {

enum class LogFormat { Text, Json };

struct LogOptions {
    LogFormat format = LogFormat::Text;
    LogLevel level = LogLevel::Info; // events below it are dropped
};

// A named value attached to an event; JSON lines show it as a field, text lines do not.
struct LogField {
    std::string name; // not "time", "level" or "message"
    std::variant<std::string, std::int64_t, double> value;
};
using LogFields = std::vector<LogField>;

// "2026-11-22T08:39:13.123Z": UTC, millisecond precision.
[[nodiscard]] std::string iso8601_utc(std::chrono::system_clock::time_point time);

// text with every control character escaped ("\n", "\r", "\t", "\x01"), so it stays on one line.
[[nodiscard]] std::string one_line(std::string_view text);

// One event as one line ending in '\n', in format. JSON is valid whatever the message holds
// (quotes, control characters; bytes that are not UTF-8 become U+FFFD).
[[nodiscard]] std::string format_log_line(LogFormat format,
                                          std::chrono::system_clock::time_point time,
                                          LogLevel level, std::string_view message,
                                          const LogFields& fields = {});

// Sends every later event, the engine's log included, to stderr in options' format and level.
// Call after start_output() and before any other thread logs.
void install_log_output(const LogOptions& options);

// Logs an event with fields (at or above the installed level).
void log_event(LogLevel level, std::string_view message, const LogFields& fields = {});

// Logs every problem as one event at its severity ("FILE: JSON.PATH: message"; JSON lines add
// "where" and "problem"), then a count of the problems not stored, if any.
void log_diagnostics(const Diagnostics& diagnostics);

} // namespace diorama::player
