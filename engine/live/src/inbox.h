#pragma once
// Requests handed from the HTTP threads to the thread that ticks, and their answers back. The
// HTTP threads never touch the world: a request waits in the inbox until the ticking thread
// reaches a tick boundary and answers it there (serve).
//
// Bounded: at most `capacity` requests wait; an HTTP thread waits for its answer at most its
// timeout, and a request whose asker gave up is answered into nothing.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace diorama::live {

// What an /api request asks, as the HTTP thread read it.
struct ApiRequest {
    std::string method;                                   // GET, POST, PATCH, DELETE
    std::string path;                                     // /api/v1/objects/00000000000000a1
    std::function<std::string(const std::string&)> query; // a query parameter's value, or ""
    std::string body;
};

// What the ticking thread answers.
struct ApiReply {
    int status = 200;
    std::string body; // JSON, or a scene file's text
    std::string content_type = "application/json";
};

class Inbox {
public:
    explicit Inbox(std::size_t capacity) : m_capacity(capacity) {}

    // From an HTTP thread: queues the request and waits for its answer up to timeout (a request
    // the ticking thread has started answering is waited for to the end, so TimedOut means it
    // was not carried out). Full: nothing was queued.
    enum class Outcome { Answered, Full, TimedOut, Closed };
    [[nodiscard]] Outcome ask(ApiRequest request, std::chrono::milliseconds timeout,
                              ApiReply& reply);

    // From the ticking thread: whether a request waits (cheap: no lock).
    [[nodiscard]] bool has_waiting() const { return m_count.load(std::memory_order_relaxed) > 0; }
    // From the ticking thread: answers every waiting request with answer(request).
    void serve(const std::function<ApiReply(const ApiRequest&)>& answer);
    // From the ticking thread: waits until a request waits or timeout passes; true if one does.
    bool wait(std::chrono::milliseconds timeout);
    // Answers every waiting and later request with Closed.
    void close();

private:
    struct Pending {
        ApiRequest request;
        std::optional<ApiReply> reply;
        bool taken = false;     // the ticking thread is answering it: its asker waits on
        bool abandoned = false; // its asker gave up before it was taken: it is not answered
    };
    std::mutex m_mutex;
    std::condition_variable m_arrived;  // a request was queued
    std::condition_variable m_answered; // a reply was set
    std::deque<std::shared_ptr<Pending>> m_waiting;
    std::atomic<std::size_t> m_count{0}; // m_waiting.size(), read without the lock
    std::size_t m_capacity;
    bool m_closed = false;
};

} // namespace diorama::live
