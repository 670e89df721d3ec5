// When bounded catch-up's drops are reported.

#include "drop_report.h"

#include <cmath>

namespace diorama::player {

std::optional<DropReport::Drop> DropReport::add(double dropped_s, Clock::time_point now) {
    m_pending_s += dropped_s;
    const bool stall = m_pending_s >= 1.0;
    if (!stall && m_last_report && now - *m_last_report < std::chrono::seconds(1))
        return std::nullopt;
    m_last_report = now;
    return flush();
}

std::optional<DropReport::Drop> DropReport::flush() {
    if (!(m_pending_s > 0.0)) return std::nullopt;
    const Drop drop{m_pending_s, static_cast<std::int64_t>(std::llround(m_pending_s / m_step_s))};
    m_pending_s = 0.0;
    return drop;
}

} // namespace diorama::player
