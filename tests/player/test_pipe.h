#pragma once
// A pipe for tests: its read end never blocks a test; its write end can be filled, so that the
// next write to it blocks (a reader that stopped reading), or handed to a child as an output.

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <string>

namespace diorama::test {

class TestPipe {
public:
    TestPipe() {
        if (pipe2(m_ends, O_CLOEXEC) == 0) fcntl(m_ends[0], F_SETFL, O_NONBLOCK);
    }
    ~TestPipe() {
        close_read_end();
        close_write_end();
    }
    TestPipe(const TestPipe&) = delete;
    TestPipe& operator=(const TestPipe&) = delete;

    [[nodiscard]] int write_end() const { return m_ends[1]; }
    void close_read_end() { close_end(0); }
    void close_write_end() { close_end(1); }

    // Fills the pipe until a write would block; returns how many bytes that took. The write end
    // stays blocking.
    std::size_t fill() {
        const int flags = fcntl(m_ends[1], F_GETFL);
        fcntl(m_ends[1], F_SETFL, flags | O_NONBLOCK);
        const std::string chunk(4096, '#');
        std::size_t filled = 0;
        for (ssize_t n = 0; (n = ::write(m_ends[1], chunk.data(), chunk.size())) > 0;)
            filled += static_cast<std::size_t>(n);
        fcntl(m_ends[1], F_SETFL, flags);
        return filled;
    }
    // Makes the write end non-blocking, as a descriptor inherited that way would be.
    void make_write_end_non_blocking() {
        fcntl(m_ends[1], F_SETFL, fcntl(m_ends[1], F_GETFL) | O_NONBLOCK);
    }
    // Reads until size bytes came or the timeout passed.
    std::string read(std::size_t size, std::chrono::milliseconds timeout) {
        return read_until([&](const std::string& text) { return text.size() >= size; }, timeout,
                          size);
    }
    // Reads until a whole line came (and whatever came with it) or the timeout passed.
    std::string read_line(std::chrono::milliseconds timeout) {
        return read_until(
            [](const std::string& text) { return text.find('\n') != std::string::npos; },
            timeout);
    }
    // Everything that can be read now.
    std::string read_available() {
        return read_until([](const std::string&) { return false; }, std::chrono::milliseconds(0));
    }

private:
    template <class Done>
    std::string read_until(Done done, std::chrono::milliseconds timeout,
                           std::size_t most = std::string::npos) {
        using Clock = std::chrono::steady_clock;
        const Clock::time_point deadline = Clock::now() + timeout;
        std::string text;
        while (!done(text)) {
            char buffer[4096];
            const ssize_t n =
                ::read(m_ends[0], buffer, std::min(sizeof buffer, most - text.size()));
            if (n > 0) {
                text.append(buffer, static_cast<std::size_t>(n));
                continue;
            }
            if (n == 0 || Clock::now() >= deadline) break; // end of file, or out of time
            pollfd ready{m_ends[0], POLLIN, 0};
            (void)poll(&ready, 1, 100);
        }
        return text;
    }

    void close_end(int end) {
        if (m_ends[end] >= 0) ::close(m_ends[end]);
        m_ends[end] = -1;
    }

    int m_ends[2] = {-1, -1};
};

} // namespace diorama::test
