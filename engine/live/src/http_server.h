#pragma once
// The live link's HTTP server: cpp-httplib's Server with bounds of our own on what a client can
// hold. A connection holds a thread only while a request is being read, answered and written,
// and that must finish within a deadline (a client sending a byte a second is cut off); between
// requests a connection is parked on one epoll thread and closed once idle longer than the
// keep-alive time, so idle connections cost a descriptor each and at most `parked` of them are
// kept. Requests are served by a fixed number of threads; one that finds them and a short
// queue busy is answered 429 at once. Bodies are capped. Stopping closes every connection.

#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <set>

namespace diorama::live {

struct HttpLimits {
    std::size_t threads = 4; // connections served at once
    std::size_t queued = 32; // connections waiting for a thread; more get 429
    std::size_t max_body_bytes = 1u << 20;
    std::chrono::milliseconds request_time{10'000}; // to read, answer and write one request
    std::chrono::milliseconds keep_alive{5'000};    // a connection idle longer is closed
    std::size_t requests_per_connection = 100;
    std::size_t parked = 1024; // idle connections kept; more are closed
    int backlog = 1024;        // connections the kernel holds before they are accepted
};

class Parking;

class BoundedServer final : public httplib::Server {
public:
    explicit BoundedServer(const HttpLimits& limits);
    ~BoundedServer() override;
    BoundedServer(const BoundedServer&) = delete;
    BoundedServer& operator=(const BoundedServer&) = delete;

    // After bind_to_port / bind_to_any_port: the listening backlog of the limits.
    void widen_backlog();
    // Stops listening and ends every open connection (their threads finish promptly).
    void stop_all();

private:
    // An accepted connection (httplib calls it on a pool thread): served, then parked.
    bool process_and_close_socket(socket_t sock) override;
    // Serves the requests readable on sock now; then parks it, or closes it. `requests`: how
    // many it has had before.
    void serve(socket_t sock, std::size_t requests);
    // A parked connection has something to read: back to a pool thread.
    void resume(socket_t sock, std::size_t requests);
    void close_tracked(socket_t sock);

    HttpLimits m_limits;
    std::unique_ptr<Parking> m_parking;
    std::mutex m_mutex;
    std::set<socket_t> m_open; // connections served or parked, shut down by stop_all
    httplib::TaskQueue* m_pool = nullptr;
};

} // namespace diorama::live
