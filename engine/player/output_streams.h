#pragma once
// diorama-player's two output streams: results on stdout, the log on stderr. Each is written in
// order by a thread of its own (see output_queue.h), so neither a slow reader nor a pipe nobody
// reads holds up a run or its shutdown. Results are never dropped: a result that cannot be
// written is an error the command reports (see wait_for_results). Log lines are dropped, and
// counted, while 1 MiB of them wait.

#include "output_queue.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace diorama::player {

// How long the log gets to be written at the end, and the results once a stop signal came.
inline constexpr std::chrono::seconds kOutputDrainTime{2};

// Starts both writers; call first, before any other thread runs. SIGPIPE is ignored (a reader
// that went away is a failed write, not the end of the process). A standard descriptor that is
// closed is held by a pipe's read end, so writing to it fails (EBADF) and no file the player
// opens takes its number. When stdout and stderr are one file (a terminal, `2>&1`), one
// writer serves both, so their lines stay in order.
void start_output();

// Queues text (whole lines) for stdout.
void print_result(std::string text);
// Queues text (whole lines) for stderr that is not a log event: never dropped while it can be
// written (the usage after a usage error, export's problems).
void print_to_stderr(std::string text);
// Queues a log line for stderr, or drops it when the log is full; report makes the line that
// says how many were dropped (see OutputQueue::push_droppable). Any thread.
void push_log_line(std::string line, const OutputQueue::DropReport& report);
// The log lines dropped so far.
[[nodiscard]] std::uint64_t log_lines_dropped();

// Result lines that were not written, and why.
struct ResultsLoss {
    std::uint64_t lines = 0;
    int error = 0; // errno of the failed write; 0: given up kOutputDrainTime after a stop
};

// Waits until every result queued so far is written: while stopping() is false, for as long as a
// reader takes them; once it is true, at most kOutputDrainTime more, then the rest is given up.
// Returns the results lost since the last call, so that each loss is reported once.
[[nodiscard]] ResultsLoss wait_for_results(const std::function<bool()>& stopping);

// Gives both writers at most kOutputDrainTime to finish, then stops them (whatever is still
// waiting is lost); the engine's log goes back to its default sink. Call last.
void finish_output();

} // namespace diorama::player
