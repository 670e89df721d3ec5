#pragma once
// Lines for one file descriptor, written in order by a thread of their own, so that whoever
// queues a line never waits for the descriptor (a pipe nobody reads, a slow terminal). Kept lines
// (results) are queued whatever their number; droppable lines (the log) are refused, and counted,
// while droppable lines of the given capacity already wait. A failed write (EPIPE, ENOSPC, EBADF,
// EIO...) ends the output: that line and every later one count as not written.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace diorama::player {

class OutputQueue {
public:
    using Clock = std::chrono::steady_clock;
    // The line that says how many droppable lines were dropped since the last such line (called
    // with the queue locked: it must not queue anything itself).
    using DropReport = std::function<std::string(std::uint64_t dropped)>;

    // What became of the lines queued so far.
    struct Status {
        int error = 0;               // errno of the write that failed, or 0
        std::uint64_t kept_lost = 0; // kept lines not written (a failed write, or close())
        std::uint64_t dropped = 0;   // droppable lines refused when full or not written
    };

    // Starts the writer thread for fd (not owned, never closed here). The thread blocks every
    // asynchronous signal but its own wake-up signal, so signals for the process reach the others.
    OutputQueue(int fd, std::size_t droppable_capacity_bytes);
    // close(Clock::now()).
    ~OutputQueue();
    OutputQueue(const OutputQueue&) = delete;
    OutputQueue& operator=(const OutputQueue&) = delete;

    // Queues a line that is written unless the output fails or is closed first.
    void push_kept(std::string line);
    // Queues a line if the droppable lines waiting leave room for it; otherwise counts it as
    // dropped. When lines were dropped since the last report and there is room for both, first
    // queues report(their number).
    void push_droppable(std::string line, const DropReport& report = {});
    // Waits until every line queued so far is written or counted lost, at most until deadline;
    // true when it is.
    [[nodiscard]] bool wait_written(Clock::time_point deadline);
    // Lets the writer finish the lines queued so far until deadline, then gives up on the rest
    // (interrupting a write that is blocked) and joins the thread. Later lines are not written.
    void close(Clock::time_point deadline);
    [[nodiscard]] Status status() const;

private:
    struct Line {
        std::string text;
        bool droppable = false;
    };

    void enqueue(std::string text, bool droppable);
    // The writer thread: writes lines until closed and empty.
    void write_lines();
    // Writes all of text; 0, the errno of a failed write, or ECANCELED once given up.
    int write_all(std::string_view text);

    const int m_fd;
    const std::size_t m_capacity;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed; // a line queued or done, or closing
    std::deque<Line> m_lines;
    std::size_t m_droppable_bytes = 0; // of the droppable lines waiting
    std::uint64_t m_queued = 0;        // lines ever queued
    std::uint64_t m_done = 0;          // lines written or counted lost
    std::uint64_t m_unreported = 0;    // dropped since the last report
    Status m_status;
    bool m_closing = false;
    bool m_finished = false;             // the writer thread returned
    std::atomic<bool> m_given_up{false}; // close() stopped waiting: write nothing more
    std::thread m_thread;
};

} // namespace diorama::player
