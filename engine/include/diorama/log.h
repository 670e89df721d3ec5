#pragma once
// The engine's log: one sink for the whole process (stderr by default). The player and the editor
// install their own sinks; engine code reports through these functions only.

#include <functional>
#include <string_view>

namespace diorama {

enum class LogLevel { Debug, Info, Warning, Error };

// "debug", "info", "warning" or "error".
const char* to_string(LogLevel level);

// Receives every message at or above the minimum level. Must be callable from any thread.
using LogSink = std::function<void(LogLevel, std::string_view message)>;

// Replaces the sink; an empty function restores the default (stderr). Returns the previous sink.
LogSink set_log_sink(LogSink sink);
// Messages below this level are dropped (default: Info).
void set_log_level(LogLevel minimum);

void log_message(LogLevel level, std::string_view message);
inline void log_debug(std::string_view m) {
    log_message(LogLevel::Debug, m);
}
inline void log_info(std::string_view m) {
    log_message(LogLevel::Info, m);
}
inline void log_warning(std::string_view m) {
    log_message(LogLevel::Warning, m);
}
inline void log_error(std::string_view m) {
    log_message(LogLevel::Error, m);
}

} // namespace diorama
