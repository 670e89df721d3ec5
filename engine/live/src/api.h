#pragma once
// The /api/v1 endpoints, answered on the thread that ticks at a tick boundary (see inbox.h).

#include "inbox.h"

#include "diorama/live/live_link.h"

#include <array>
#include <cstddef>

namespace diorama::live {

// The wall time of the last ticks, for /api/v1/world.
class TickTimes {
public:
    void add(double ms);
    [[nodiscard]] std::size_t count() const { return m_count; }
    [[nodiscard]] double last() const { return m_last; }
    // Mean, 99th percentile and maximum of the last kWindow ticks.
    [[nodiscard]] double mean() const;
    [[nodiscard]] double percentile(double p) const;
    [[nodiscard]] double max() const;

    static constexpr std::size_t kWindow = 600;

private:
    std::array<double, kWindow> m_ms{};
    std::size_t m_count = 0; // ticks added in all
    double m_last = 0.0;
};

// The answer to one request.
[[nodiscard]] ApiReply answer(const ApiRequest& request, LiveGame& game, const TickTimes& times);

} // namespace diorama::live
