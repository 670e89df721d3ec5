// diorama-player's log lines: formatting (text or JSON, timestamped), queued for stderr.

#include "log_output.h"
#include "output_streams.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cassert>
#include <cstdio>
#include <ctime>

namespace diorama::player {

namespace {

std::atomic<LogFormat> g_format{LogFormat::Text};
std::atomic<LogLevel> g_level{LogLevel::Info};

// "N log lines dropped: ..." as a warning line, when warnings are logged.
std::string drop_report(std::uint64_t dropped) {
    return format_log_line(g_format.load(), std::chrono::system_clock::now(), LogLevel::Warning,
                           std::to_string(dropped) +
                               " log lines dropped: stderr did not take them fast enough",
                           {{"dropped_lines", static_cast<std::int64_t>(dropped)}});
}

void write_event(LogLevel level, std::string_view message, const LogFields& fields) {
    if (level < g_level.load()) return;
    static const OutputQueue::DropReport report = drop_report;
    static const OutputQueue::DropReport no_report;
    push_log_line(
        format_log_line(g_format.load(), std::chrono::system_clock::now(), level, message, fields),
        g_level.load() <= LogLevel::Warning ? report : no_report);
}

} // namespace

std::string iso8601_utc(std::chrono::system_clock::time_point time) {
    using namespace std::chrono;
    const auto since_epoch = floor<milliseconds>(time).time_since_epoch();
    const auto whole = floor<seconds>(since_epoch);
    const auto millis = static_cast<int>((since_epoch - whole).count());
    const std::time_t seconds_since_epoch = static_cast<std::time_t>(whole.count());
    std::tm parts{};
    gmtime_r(&seconds_since_epoch, &parts);
    char text[64];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900,
                  parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec,
                  millis);
    return text;
}

std::string one_line(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (byte < 0x20 || byte == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out;
}

std::string format_log_line(LogFormat format, std::chrono::system_clock::time_point time,
                            LogLevel level, std::string_view message, const LogFields& fields) {
    if (format == LogFormat::Text)
        return iso8601_utc(time) + " " + to_string(level) + ": " + one_line(message) + "\n";
    nlohmann::ordered_json line;
    line["time"] = iso8601_utc(time);
    line["level"] = to_string(level);
    line["message"] = std::string(message);
    for (const LogField& field : fields) {
        assert(field.name != "time" && field.name != "level" && field.name != "message");
        std::visit([&](const auto& value) { line[field.name] = value; }, field.value);
    }
    return line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

void install_log_output(const LogOptions& options) {
    g_format = options.format;
    g_level = options.level;
    set_log_level(options.level);
    set_log_sink([](LogLevel level, std::string_view message) { write_event(level, message, {}); });
}

void log_event(LogLevel level, std::string_view message, const LogFields& fields) {
    write_event(level, message, fields);
}

void log_diagnostics(const Diagnostics& diagnostics) {
    for (const Problem& problem : diagnostics.problems()) {
        LogFields fields;
        if (!problem.error.where.empty()) fields.push_back({"where", problem.error.where});
        fields.push_back({"problem", problem.error.message});
        log_event(problem.severity == Severity::Error ? LogLevel::Error : LogLevel::Warning,
                  problem.error.describe(), fields);
    }
    const std::size_t stored = diagnostics.problems().size();
    const std::size_t total = diagnostics.error_count() + diagnostics.warning_count();
    if (total > stored)
        log_event(diagnostics.has_errors() ? LogLevel::Error : LogLevel::Warning,
                  "... and " + std::to_string(total - stored) + " more problems",
                  {{"more_problems", static_cast<std::int64_t>(total - stored)}});
}

} // namespace diorama::player
