#include "inbox.h"

#include <vector>

namespace diorama::live {

Inbox::Outcome Inbox::ask(ApiRequest request, std::chrono::milliseconds timeout, ApiReply& reply) {
    auto pending = std::make_shared<Pending>();
    pending->request = std::move(request);
    std::unique_lock lock(m_mutex);
    if (m_closed) return Outcome::Closed;
    if (m_waiting.size() >= m_capacity) return Outcome::Full;
    m_waiting.push_back(pending);
    m_count.store(m_waiting.size(), std::memory_order_relaxed);
    m_arrived.notify_one();
    m_answered.wait_for(lock, timeout, [&] { return pending->reply.has_value() || m_closed; });
    if (!pending->reply && pending->taken)
        m_answered.wait(lock, [&] { return pending->reply.has_value(); });
    if (pending->reply) {
        reply = std::move(*pending->reply);
        return Outcome::Answered;
    }
    pending->abandoned = true;
    return m_closed ? Outcome::Closed : Outcome::TimedOut;
}

void Inbox::serve(const std::function<ApiReply(const ApiRequest&)>& answer) {
    std::vector<std::shared_ptr<Pending>> batch;
    {
        std::lock_guard lock(m_mutex);
        if (m_waiting.empty()) return;
        batch.assign(m_waiting.begin(), m_waiting.end());
        m_waiting.clear();
        m_count.store(0, std::memory_order_relaxed);
    }
    for (const std::shared_ptr<Pending>& pending : batch) {
        {
            std::lock_guard lock(m_mutex);
            if (pending->abandoned) continue; // its asker is gone: nothing to answer
            pending->taken = true;
        }
        ApiReply reply = answer(pending->request);
        {
            std::lock_guard lock(m_mutex);
            pending->reply = std::move(reply);
        }
        m_answered.notify_all();
    }
}

bool Inbox::wait(std::chrono::milliseconds timeout) {
    std::unique_lock lock(m_mutex);
    return m_arrived.wait_for(lock, timeout, [&] { return !m_waiting.empty() || m_closed; }) &&
           !m_waiting.empty();
}

void Inbox::close() {
    std::lock_guard lock(m_mutex);
    m_closed = true;
    m_waiting.clear();
    m_count.store(0, std::memory_order_relaxed);
    m_answered.notify_all();
    m_arrived.notify_all();
}

} // namespace diorama::live
