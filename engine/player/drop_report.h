#pragma once
// When a realtime run reports the time bounded catch-up dropped: a drop of a second or more (a
// stall) and the first drop at once; smaller ones at most once a second, added up in between; and
// what is left when the run ends. So a steadily overloaded run writes about a line a second, not
// a line per frame.

#include <chrono>
#include <cstdint>
#include <optional>

namespace diorama::player {

class DropReport {
public:
    using Clock = std::chrono::steady_clock;

    // What to report: the time dropped since the last report, and that many fixed steps.
    struct Drop {
        double dropped_s = 0.0;
        std::int64_t dropped_ticks = 0;
    };

    // step_s: the simulation's fixed step (> 0).
    explicit DropReport(double step_s) : m_step_s(step_s) {}

    // Adds time dropped at now; returns what to report now, if anything.
    [[nodiscard]] std::optional<Drop> add(double dropped_s, Clock::time_point now);
    // What was added and not yet reported (at the end of a run), if anything.
    [[nodiscard]] std::optional<Drop> flush();

private:
    double m_step_s = 0.0;
    double m_pending_s = 0.0; // dropped and not yet reported
    std::optional<Clock::time_point> m_last_report;
};

} // namespace diorama::player
