// A file descriptor's lines, written by a thread of their own (see output_queue.h).

#include "output_queue.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>

namespace diorama::player {

namespace {

// Sent to a writer thread that close() gave up on, so that a blocked write returns (EINTR).
int wake_signal() {
    return SIGRTMIN;
}

void on_wake(int /*signal_number*/) {}

void install_wake_handler() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action {};
        action.sa_handler = on_wake;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0; // no SA_RESTART: the interrupted write returns EINTR
        sigaction(wake_signal(), &action, nullptr);
    });
}

// Every signal but the wake-up and those a fault raises in the thread itself.
sigset_t asynchronous_signals() {
    sigset_t set;
    sigfillset(&set);
    for (const int fault : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS})
        sigdelset(&set, fault);
    sigdelset(&set, wake_signal());
    return set;
}

} // namespace

OutputQueue::OutputQueue(int fd, std::size_t droppable_capacity_bytes)
    : m_fd(fd), m_capacity(droppable_capacity_bytes) {
    install_wake_handler();
    // The thread starts with the creator's mask: block the asynchronous signals around its start.
    const sigset_t blocked = asynchronous_signals();
    sigset_t previous;
    pthread_sigmask(SIG_BLOCK, &blocked, &previous);
    m_thread = std::thread(&OutputQueue::write_lines, this);
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
}

OutputQueue::~OutputQueue() {
    close(Clock::now());
}

void OutputQueue::enqueue(std::string text, bool droppable) {
    if (droppable) m_droppable_bytes += text.size();
    m_lines.push_back({std::move(text), droppable});
    ++m_queued;
    m_changed.notify_all();
}

void OutputQueue::push_kept(std::string line) {
    const std::lock_guard lock(m_mutex);
    if (m_closing || m_status.error != 0) {
        ++m_status.kept_lost;
        return;
    }
    enqueue(std::move(line), false);
}

void OutputQueue::push_droppable(std::string line, const DropReport& report) {
    const std::lock_guard lock(m_mutex);
    if (m_closing || m_status.error != 0) {
        ++m_status.dropped;
        return;
    }
    const auto fits = [this](std::size_t bytes) { return m_droppable_bytes + bytes <= m_capacity; };
    if (m_unreported > 0 && report) {
        std::string note = report(m_unreported);
        if (fits(note.size() + line.size())) {
            enqueue(std::move(note), true);
            m_unreported = 0;
        }
    }
    if (!fits(line.size())) {
        ++m_status.dropped;
        ++m_unreported;
        return;
    }
    enqueue(std::move(line), true);
}

bool OutputQueue::wait_written(Clock::time_point deadline) {
    std::unique_lock lock(m_mutex);
    const std::uint64_t target = m_queued;
    return m_changed.wait_until(lock, deadline, [&] { return m_done >= target; });
}

void OutputQueue::close(Clock::time_point deadline) {
    std::unique_lock lock(m_mutex);
    if (!m_thread.joinable()) return;
    m_closing = true;
    m_changed.notify_all();
    if (!m_changed.wait_until(lock, deadline, [this] { return m_finished; })) {
        m_given_up = true;
        // Until the thread sees it: a wake-up that comes just before it enters write() is missed,
        // so it is sent again.
        do {
            pthread_kill(m_thread.native_handle(), wake_signal());
        } while (!m_changed.wait_for(lock, std::chrono::milliseconds(10),
                                     [this] { return m_finished; }));
    }
    lock.unlock();
    m_thread.join();
}

OutputQueue::Status OutputQueue::status() const {
    const std::lock_guard lock(m_mutex);
    return m_status;
}

void OutputQueue::write_lines() {
    sigset_t wake;
    sigemptyset(&wake);
    sigaddset(&wake, wake_signal());
    pthread_sigmask(SIG_UNBLOCK, &wake, nullptr);

    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [this] { return !m_lines.empty() || m_closing; });
        if (m_lines.empty()) break; // closing, and everything is done
        Line line = std::move(m_lines.front());
        m_lines.pop_front();
        if (line.droppable) m_droppable_bytes -= line.text.size();
        bool written = false;
        if (m_status.error == 0 && !m_given_up) {
            lock.unlock();
            const int error = write_all(line.text);
            lock.lock();
            written = error == 0;
            if (error != 0 && error != ECANCELED) m_status.error = error;
        }
        if (!written) ++(line.droppable ? m_status.dropped : m_status.kept_lost);
        ++m_done;
        m_changed.notify_all();
    }
    m_finished = true;
    m_changed.notify_all();
}

int OutputQueue::write_all(std::string_view text) {
    while (!text.empty()) {
        if (m_given_up) return ECANCELED;
        const ssize_t n = ::write(m_fd, text.data(), text.size());
        if (n > 0) {
            text.remove_prefix(static_cast<std::size_t>(n));
        } else if (n < 0 && errno == EINTR) {
            continue; // a wake-up: given up?
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            // A descriptor inherited in non-blocking mode: wait until it takes more.
            pollfd ready{m_fd, POLLOUT, 0};
            (void)poll(&ready, 1, -1);
        } else {
            return n < 0 ? errno : EIO;
        }
    }
    return 0;
}

} // namespace diorama::player
