#pragma once
// A run's stop signals. The first SIGINT, SIGTERM or SIGHUP (a closed terminal, a dropped ssh
// session) asks the run to stop at the next tick boundary. A second one ends the process at once
// with 128 + its number, unless the run's outcome is already decided: from then on (the log says
// "shutdown complete" with the exit status) a signal changes nothing.

#include <signal.h>

#include <iterator>

namespace diorama::player {

class StopSignals {
public:
    // Catches the stop signals for its lifetime; SIGHUP only when it was not ignored at the start
    // (under nohup a hangup does not stop the run). The handlers only record the signal (the
    // second one calls _exit), so they are safe on any thread.
    StopSignals();
    // Restores the previous handlers; once the outcome is decided, the stop signals stay ignored
    // instead, until the process ends.
    ~StopSignals();
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    // The first stop signal received, or 0.
    [[nodiscard]] static int received();
    // "SIGINT", "SIGTERM" or "SIGHUP".
    [[nodiscard]] static const char* name(int signal_number);
    // Decides the outcome: later signals change nothing. Call just before stating it. Does not
    // return when a second signal is already ending the process on another thread.
    static void decide_outcome();

private:
    static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction m_previous[std::size(kSignals)] {};
    bool m_caught[std::size(kSignals)] = {}; // not when ignored at the start (SIGHUP)
};

} // namespace diorama::player
