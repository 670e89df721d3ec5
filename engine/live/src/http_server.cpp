#include "http_server.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

namespace diorama::live {

namespace {

using Clock = std::chrono::steady_clock;

// Set while a connection the pool has no room for is handed over: it is refused, not served.
thread_local bool t_refuse = false;

// A fixed pool of threads and a bounded queue of connections. A connection that finds the
// queue full is run at once on the accepting thread with t_refuse set.
class BoundedPool final : public httplib::TaskQueue {
public:
    BoundedPool(std::size_t threads, std::size_t queued) : m_queued(queued) {
        for (std::size_t i = 0; i < threads; ++i)
            m_threads.emplace_back([this] { work(); });
    }
    ~BoundedPool() override { shutdown(); }
    BoundedPool(const BoundedPool&) = delete;
    BoundedPool& operator=(const BoundedPool&) = delete;

    void enqueue(std::function<void()> fn) override {
        {
            std::lock_guard lock(m_mutex);
            if (m_jobs.size() < m_queued && !m_stopping) {
                m_jobs.push_back(std::move(fn));
                m_ready.notify_one();
                return;
            }
        }
        t_refuse = true;
        fn();
        t_refuse = false;
    }

    void shutdown() override {
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping && m_threads.empty()) return;
            m_stopping = true;
        }
        m_ready.notify_all();
        for (std::thread& t : m_threads)
            t.join();
        m_threads.clear();
    }

private:
    void work() {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock lock(m_mutex);
                m_ready.wait(lock, [&] { return m_stopping || !m_jobs.empty(); });
                if (m_jobs.empty()) return; // stopping, nothing left
                job = std::move(m_jobs.front());
                m_jobs.pop_front();
            }
            job();
        }
    }

    std::size_t m_queued;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<std::function<void()>> m_jobs;
    std::vector<std::thread> m_threads;
    bool m_stopping = false;
};

// Milliseconds from now until deadline, at least 0.
int remaining_ms(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    return left.count() > 0 ? static_cast<int>(left.count()) : 0;
}

// Waits until sock has `events` (POLLIN / POLLOUT) or deadline passes.
bool wait_for(socket_t sock, short events, Clock::time_point deadline) {
    for (;;) {
        pollfd p{sock, events, 0};
        const int n = ::poll(&p, 1, remaining_ms(deadline));
        if (n < 0 && errno == EINTR) continue;
        return n > 0 && (p.revents & (events | POLLHUP | POLLERR)) != 0;
    }
}

void address_of(socket_t sock, bool peer, std::string& ip, int& port) {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    const int got = peer ? ::getpeername(sock, reinterpret_cast<sockaddr*>(&address), &length)
                         : ::getsockname(sock, reinterpret_cast<sockaddr*>(&address), &length);
    if (got != 0) return;
    char host[NI_MAXHOST];
    char service[NI_MAXSERV];
    if (::getnameinfo(reinterpret_cast<sockaddr*>(&address), length, host, sizeof host, service,
                      sizeof service, NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
        ip = host;
        port = std::atoi(service);
    }
}

// A connection's stream: every read and write fails once the request's deadline has passed, so
// a client sending one byte a second cannot hold a thread. Reads are buffered (httplib reads
// header lines a byte at a time).
class DeadlineStream final : public httplib::Stream {
public:
    explicit DeadlineStream(socket_t sock) : m_sock(sock) {}

    void set_deadline(Clock::time_point deadline) { m_deadline = deadline; }
    [[nodiscard]] bool has_buffered() const { return m_at < m_end; }

    bool is_readable() const override {
        return has_buffered() || wait_for(m_sock, POLLIN, m_deadline);
    }
    bool is_writable() const override { return wait_for(m_sock, POLLOUT, m_deadline); }

    ssize_t read(char* ptr, size_t size) override {
        if (!has_buffered()) {
            if (!wait_for(m_sock, POLLIN, m_deadline)) return -1;
            ssize_t n = 0;
            do
                n = ::recv(m_sock, m_buffer, sizeof m_buffer, 0);
            while (n < 0 && errno == EINTR);
            if (n <= 0) return n;
            m_at = 0;
            m_end = static_cast<std::size_t>(n);
        }
        const std::size_t n = std::min(size, m_end - m_at);
        std::memcpy(ptr, m_buffer + m_at, n);
        m_at += n;
        return static_cast<ssize_t>(n);
    }

    ssize_t write(const char* ptr, size_t size) override {
        if (!wait_for(m_sock, POLLOUT, m_deadline)) return -1;
        ssize_t n = 0;
        do
            n = ::send(m_sock, ptr, size, MSG_NOSIGNAL);
        while (n < 0 && errno == EINTR);
        return n;
    }

    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        address_of(m_sock, true, ip, port);
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        address_of(m_sock, false, ip, port);
    }
    socket_t socket() const override { return m_sock; }

private:
    socket_t m_sock;
    Clock::time_point m_deadline = Clock::now();
    char m_buffer[4096];
    std::size_t m_at = 0;
    std::size_t m_end = 0;
};

void close_connection(socket_t sock) {
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
}

// Answers a connection there is no room for, without waiting on the client.
void refuse(socket_t sock) {
    static constexpr char kBusy[] =
        "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
        "Retry-After: 1\r\nConnection: close\r\nContent-Length: 56\r\n\r\n"
        "{\"error\":\"too many connections; try again in a second\"}\n";
    (void)::send(sock, kBusy, sizeof kBusy - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
    close_connection(sock);
}

// Whether sock has something to read (or its end) right now.
bool readable_now(socket_t sock) {
    pollfd p{sock, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;
}

} // namespace

// Idle connections, watched by one epoll thread until they have something to read (then handed
// to `resume`) or stay idle past their deadline (then closed through `close`).
class Parking {
public:
    using Resume = std::function<void(socket_t, std::size_t)>;
    using Close = std::function<void(socket_t)>;

    Parking(std::size_t capacity, Resume resume, Close close)
        : m_capacity(capacity), m_resume(std::move(resume)), m_close(std::move(close)),
          m_epoll(::epoll_create1(EPOLL_CLOEXEC)),
          m_wake(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
        epoll_event wake{};
        wake.events = EPOLLIN;
        wake.data.fd = m_wake;
        ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wake, &wake);
        m_thread = std::thread([this] { run(); });
    }
    ~Parking() {
        stop();
        ::close(m_wake);
        ::close(m_epoll);
    }
    Parking(const Parking&) = delete;
    Parking& operator=(const Parking&) = delete;

    // Stops watching (at once, and for good); every parked connection is closed.
    void stop() {
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping) return;
            m_stopping = true;
        }
        const std::uint64_t one = 1;
        (void)!::write(m_wake, &one, sizeof one);
        m_thread.join();
        std::unordered_map<socket_t, Entry> parked;
        {
            std::lock_guard lock(m_mutex);
            parked.swap(m_parked);
        }
        for (const auto& [sock, entry] : parked)
            m_close(sock);
    }

    // Watches sock until it is readable or deadline passes; false (nothing done) when full or
    // stopped.
    bool park(socket_t sock, std::size_t requests, Clock::time_point deadline) {
        std::lock_guard lock(m_mutex);
        if (m_stopping || m_parked.size() >= m_capacity) return false;
        epoll_event event{};
        event.events = EPOLLIN | EPOLLRDHUP;
        event.data.fd = sock;
        if (::epoll_ctl(m_epoll, EPOLL_CTL_ADD, sock, &event) != 0) return false;
        m_parked[sock] = Entry{requests, deadline};
        return true;
    }

private:
    struct Entry {
        std::size_t requests;
        Clock::time_point deadline;
    };

    // Takes sock out of the watch; its entry, or nullopt when it was not parked.
    std::optional<Entry> unpark(socket_t sock) {
        std::lock_guard lock(m_mutex);
        const auto it = m_parked.find(sock);
        if (it == m_parked.end()) return std::nullopt;
        const Entry entry = it->second;
        m_parked.erase(it);
        ::epoll_ctl(m_epoll, EPOLL_CTL_DEL, sock, nullptr);
        return entry;
    }

    void run() {
        epoll_event events[64];
        std::vector<socket_t> expired;
        while (!m_stopping) {
            const int n = ::epoll_wait(m_epoll, events, 64, 100);
            for (int i = 0; i < n; ++i) {
                const socket_t sock = events[i].data.fd;
                if (sock == m_wake) continue;
                if (const std::optional<Entry> entry = unpark(sock))
                    m_resume(sock, entry->requests);
            }
            expired.clear();
            {
                std::lock_guard lock(m_mutex);
                const Clock::time_point now = Clock::now();
                for (const auto& [sock, entry] : m_parked)
                    if (entry.deadline <= now) expired.push_back(sock);
            }
            for (const socket_t sock : expired)
                if (unpark(sock)) m_close(sock);
        }
    }

    std::size_t m_capacity;
    Resume m_resume;
    Close m_close;
    int m_epoll;
    int m_wake;
    std::mutex m_mutex;
    std::unordered_map<socket_t, Entry> m_parked;
    std::atomic<bool> m_stopping{false};
    std::thread m_thread;
};

BoundedServer::BoundedServer(const HttpLimits& limits) : m_limits(limits) {
    new_task_queue = [this] {
        auto* pool = new BoundedPool(m_limits.threads, m_limits.queued);
        m_pool = pool;
        return pool;
    };
    set_payload_max_length(m_limits.max_body_bytes);
    set_keep_alive_max_count(m_limits.requests_per_connection);
    m_parking = std::make_unique<Parking>(
        m_limits.parked, [this](socket_t sock, std::size_t requests) { resume(sock, requests); },
        [this](socket_t sock) { close_tracked(sock); });
}

BoundedServer::~BoundedServer() {
    m_parking->stop();
}

void BoundedServer::widen_backlog() {
    ::listen(svr_sock_, m_limits.backlog);
}

void BoundedServer::stop_all() {
    m_parking->stop(); // no connection waits any more; none comes back to the pool
    stop();
    std::lock_guard lock(m_mutex);
    for (const socket_t sock : m_open)
        ::shutdown(sock, SHUT_RDWR); // its thread sees the end and closes it
}

bool BoundedServer::process_and_close_socket(socket_t sock) {
    {
        std::lock_guard lock(m_mutex);
        m_open.insert(sock);
    }
    // An answer goes out at once: httplib writes headers and body separately, and with Nagle's
    // algorithm the body would wait for the client's delayed acknowledgement (40 ms).
    const int on = 1;
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    serve(sock, 0);
    return true;
}

void BoundedServer::resume(socket_t sock, std::size_t requests) {
    if (m_pool == nullptr) {
        close_tracked(sock);
        return;
    }
    m_pool->enqueue([this, sock, requests] { serve(sock, requests); });
}

void BoundedServer::serve(socket_t sock, std::size_t requests) {
    if (t_refuse) {
        {
            std::lock_guard lock(m_mutex);
            m_open.erase(sock);
        }
        refuse(sock);
        return;
    }
    DeadlineStream stream(sock);
    while (svr_sock_ != INVALID_SOCKET && requests < keep_alive_max_count_) {
        // Nothing to read now: the connection waits parked, holding no thread.
        if (!stream.has_buffered() && !readable_now(sock)) {
            if (m_parking->park(sock, requests, Clock::now() + m_limits.keep_alive)) return;
            break;
        }
        stream.set_deadline(Clock::now() + m_limits.request_time);
        bool closed = false;
        const bool served =
            process_request(stream, requests + 1 == keep_alive_max_count_, closed, nullptr);
        ++requests;
        if (!served || closed) break;
    }
    close_tracked(sock);
}

void BoundedServer::close_tracked(socket_t sock) {
    {
        std::lock_guard lock(m_mutex);
        m_open.erase(sock);
    }
    close_connection(sock);
}

} // namespace diorama::live
