#include "log_buffer.h"

#include <algorithm>
#include <cstdio>

namespace diorama::editor {

LogBuffer::LogBuffer() {
    m_previous = set_log_sink([this](LogLevel level, std::string_view message) {
        add(level, message);
        if (m_previous) {
            m_previous(level, message);
        } else {
            const std::string line =
                std::string(to_string(level)) + ": " + std::string(message) + "\n";
            std::fputs(line.c_str(), stderr);
        }
    });
}

LogBuffer::~LogBuffer() {
    set_log_sink(m_previous);
}

void LogBuffer::add(LogLevel level, std::string_view text) {
    std::lock_guard lock(m_mutex);
    // One entry per line so the console can colour and click them one by one.
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (line.empty()) continue;
        m_lines.push_back(LogLine{level, std::string(line), m_serial++});
        if (m_lines.size() > kMaxLines) m_lines.pop_front();
    }
}

std::vector<LogLine> LogBuffer::lines() const {
    std::lock_guard lock(m_mutex);
    return {m_lines.begin(), m_lines.end()};
}

std::uint64_t LogBuffer::next_serial() const {
    std::lock_guard lock(m_mutex);
    return m_serial;
}

bool LogBuffer::contains(std::string_view text) const {
    std::lock_guard lock(m_mutex);
    return std::any_of(m_lines.begin(), m_lines.end(),
                       [&](const LogLine& l) { return l.text.find(text) != std::string::npos; });
}

void LogBuffer::clear() {
    std::lock_guard lock(m_mutex);
    m_lines.clear();
}

std::size_t LogBuffer::count(LogLevel level) const {
    std::lock_guard lock(m_mutex);
    return static_cast<std::size_t>(std::count_if(
        m_lines.begin(), m_lines.end(), [&](const LogLine& l) { return l.level == level; }));
}

} // namespace diorama::editor
