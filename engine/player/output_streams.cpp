// stdout and stderr, each written by its own thread (see output_streams.h).

#include "output_streams.h"

#include "diorama/log.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <memory>
#include <optional>

namespace diorama::player {

namespace {

using Clock = OutputQueue::Clock;

constexpr std::size_t kLogCapacityBytes = std::size_t{1} << 20;
// How often a wait for the results looks whether a stop signal came.
constexpr std::chrono::milliseconds kStopPollInterval{50};

struct Streams {
    std::unique_ptr<OutputQueue> results;
    std::unique_ptr<OutputQueue> own_log; // when stderr is not the file stdout is
    OutputQueue* log = nullptr;           // own_log, or results
    std::uint64_t results_lost_reported = 0;
};

Streams& streams() {
    static Streams instance;
    return instance;
}

// A closed standard descriptor gets the read end of a pipe whose write end is closed: writes to
// it fail with EBADF, reads see the end of input, and no file opened later gets its number. Lower
// numbers are held first, so pipe() returns fd itself for the read end.
void hold_closed_standard_descriptors() {
    for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int ends[2] = {-1, -1};
        if (pipe(ends) != 0) continue;
        if (ends[0] != fd) {
            dup2(ends[0], fd);
            close(ends[0]);
        }
        close(ends[1]);
    }
}

bool same_file(int a, int b) {
    struct stat first {};
    struct stat second {};
    return fstat(a, &first) == 0 && fstat(b, &second) == 0 && first.st_dev == second.st_dev &&
           first.st_ino == second.st_ino;
}

} // namespace

void start_output() {
    Streams& s = streams();
    if (s.results) return;
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, nullptr);
    hold_closed_standard_descriptors();
    s.results = std::make_unique<OutputQueue>(STDOUT_FILENO, kLogCapacityBytes);
    if (same_file(STDOUT_FILENO, STDERR_FILENO)) {
        s.log = s.results.get();
    } else {
        s.own_log = std::make_unique<OutputQueue>(STDERR_FILENO, kLogCapacityBytes);
        s.log = s.own_log.get();
    }
}

void print_result(std::string text) {
    assert(streams().results && "start_output() first");
    if (!text.empty()) streams().results->push_kept(std::move(text));
}

void print_to_stderr(std::string text) {
    assert(streams().log && "start_output() first");
    if (!text.empty()) streams().log->push_kept(std::move(text));
}

void push_log_line(std::string line, const OutputQueue::DropReport& report) {
    assert(streams().log && "start_output() first");
    streams().log->push_droppable(std::move(line), report);
}

std::uint64_t log_lines_dropped() {
    return streams().log->status().dropped;
}

ResultsLoss wait_for_results(const std::function<bool()>& stopping) {
    Streams& s = streams();
    std::optional<Clock::time_point> deadline;
    for (;;) {
        const Clock::time_point now = Clock::now();
        if (!deadline && stopping()) deadline = now + kOutputDrainTime;
        if (s.results->wait_written(std::min(now + kStopPollInterval,
                                             deadline.value_or(Clock::time_point::max()))))
            break;
        if (deadline && Clock::now() >= *deadline) {
            s.results->close(Clock::now()); // gives up on what still waits
            break;
        }
    }
    const OutputQueue::Status status = s.results->status();
    const ResultsLoss loss{status.kept_lost - s.results_lost_reported, status.error};
    s.results_lost_reported = status.kept_lost;
    return loss;
}

void finish_output() {
    (void)set_log_sink({});
    Streams& s = streams();
    const Clock::time_point deadline = Clock::now() + kOutputDrainTime;
    s.results->close(deadline);
    if (s.own_log) s.own_log->close(deadline);
}

} // namespace diorama::player
