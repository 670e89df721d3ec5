#pragma once
// LogBuffer: the engine log captured for the Console panel. Installs itself as the log sink
// (forwarding to the previous sink, or to stderr) and keeps the last lines with their level.

#include "diorama/log.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::editor {

struct LogLine {
    LogLevel level = LogLevel::Info;
    std::string text;
    std::uint64_t serial = 0; // increases by one per line ever added
};

class LogBuffer {
public:
    static constexpr std::size_t kMaxLines = 5000;

    // Installs the sink; the destructor restores the previous one.
    LogBuffer();
    ~LogBuffer();
    LogBuffer(const LogBuffer&) = delete;
    LogBuffer& operator=(const LogBuffer&) = delete;

    // Adds a line without going through the engine log (and without forwarding it).
    void add(LogLevel level, std::string_view text);
    // A copy of the lines kept (thread-safe).
    [[nodiscard]] std::vector<LogLine> lines() const;
    // The serial the next line will get (changes whenever a line is added).
    [[nodiscard]] std::uint64_t next_serial() const;
    // True when some kept line contains text.
    [[nodiscard]] bool contains(std::string_view text) const;
    void clear();
    [[nodiscard]] std::size_t count(LogLevel level) const;

private:
    mutable std::mutex m_mutex;
    std::deque<LogLine> m_lines;
    std::uint64_t m_serial = 0;
    LogSink m_previous;
};

} // namespace diorama::editor
