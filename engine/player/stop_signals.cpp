// The run's stop signals (see stop_signals.h).

#include "stop_signals.h"

#include <unistd.h>

#include <atomic>

namespace diorama::player {

namespace {

// The run's stop state, changed by compare-exchange only (a handler may run on any thread):
// 0 while running; the first signal's number while stopping; kDecided added once the outcome is
// decided; kEnding while a second signal ends the process.
constexpr int kSignalBits = 0xff;
constexpr int kDecided = 0x100;
constexpr int kEnding = 0x200;
std::atomic<int> g_state{0};
static_assert(std::atomic<int>::is_always_lock_free, "the handler must be async-signal-safe");

void on_stop_signal(int signal_number) {
    int state = g_state.load();
    for (;;) {
        if ((state & kDecided) != 0) return; // the outcome stands
        if (state == 0) {
            if (g_state.compare_exchange_weak(state, signal_number)) return; // the first: stop
        } else if (g_state.compare_exchange_weak(state, kEnding)) {
            _exit(128 + signal_number); // the second: now
        }
    }
}

} // namespace

StopSignals::StopSignals() {
    g_state = 0;
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < std::size(kSignals); ++i) {
        sigaction(kSignals[i], nullptr, &m_previous[i]);
        const bool ignored = m_previous[i].sa_handler == SIG_IGN &&
                             (m_previous[i].sa_flags & SA_SIGINFO) == 0;
        m_caught[i] = !(ignored && kSignals[i] == SIGHUP); // nohup keeps working
        if (m_caught[i]) sigaction(kSignals[i], &action, nullptr);
    }
}

StopSignals::~StopSignals() {
    const bool decided = (g_state.load() & kDecided) != 0;
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    for (std::size_t i = 0; i < std::size(kSignals); ++i)
        if (m_caught[i]) sigaction(kSignals[i], decided ? &ignore : &m_previous[i], nullptr);
}

int StopSignals::received() {
    return g_state.load() & kSignalBits;
}

const char* StopSignals::name(int signal_number) {
    switch (signal_number) {
    case SIGINT:
        return "SIGINT";
    case SIGHUP:
        return "SIGHUP";
    default:
        return "SIGTERM";
    }
}

void StopSignals::decide_outcome() {
    for (int state = g_state.load();;) {
        if (state == kEnding)
            for (;;)
                pause(); // a second signal's _exit is under way on another thread
        if (g_state.compare_exchange_weak(state, state | kDecided)) return;
    }
}

} // namespace diorama::player
