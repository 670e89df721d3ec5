#include "frame_timing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace diorama::editor {

double percentile(std::vector<double> samples, double fraction) {
    if (samples.empty()) return 0.0;
    std::sort(samples.begin(), samples.end());
    const double rank =
        std::ceil(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(samples.size()));
    const auto index = static_cast<std::size_t>(std::max(rank, 1.0)) - 1;
    return samples[index];
}

void FrameTiming::add_frame(double cpu_ms, double wall_ms, ViewportCost viewport,
                            double ui_redrawn) {
    if (!m_first_seen) {
        m_first_seen = true;
        m_first_cpu_ms = cpu_ms;
        m_first_wall_ms = wall_ms;
        return;
    }
    m_cpu_ms.push_back(cpu_ms);
    m_wall_ms.push_back(wall_ms);
    m_viewport_build_ms.push_back(viewport.build_ms);
    m_viewport_submit_ms.push_back(viewport.submit_ms);
    if (viewport.image_kept) ++m_viewport_kept_frames;
    m_ui_redrawn.push_back(ui_redrawn);
}

void FrameTiming::reset_frames() {
    m_cpu_ms.clear();
    m_wall_ms.clear();
    m_viewport_build_ms.clear();
    m_viewport_submit_ms.clear();
    m_viewport_kept_frames = 0;
    m_ui_redrawn.clear();
}

std::string FrameTiming::report() const {
    std::string out;
    const auto line = [&out](const char* key, double value) {
        char text[96];
        std::snprintf(text, sizeof text, "%s %.3f\n", key, value);
        out += text;
    };
    line("open_s", m_open_s);
    line("open_cpu_s", m_open_cpu_s);
    line("first_frame_cpu_ms", m_first_cpu_ms);
    line("first_frame_wall_ms", m_first_wall_ms);
    line("ready_s", m_open_s + m_first_wall_ms / 1000.0);
    out += "frames " + std::to_string(frames()) + "\n";
    line("frame_cpu_ms_median", percentile(m_cpu_ms, 0.5));
    line("frame_cpu_ms_p95", percentile(m_cpu_ms, 0.95));
    line("frame_cpu_ms_max", percentile(m_cpu_ms, 1.0));
    line("frame_wall_ms_median", percentile(m_wall_ms, 0.5));
    line("frame_wall_ms_p95", percentile(m_wall_ms, 0.95));
    line("frame_wall_ms_max", percentile(m_wall_ms, 1.0));
    line("viewport_build_ms_median", percentile(m_viewport_build_ms, 0.5));
    line("viewport_build_ms_max", percentile(m_viewport_build_ms, 1.0));
    line("viewport_submit_ms_median", percentile(m_viewport_submit_ms, 0.5));
    line("viewport_submit_ms_max", percentile(m_viewport_submit_ms, 1.0));
    out += "viewport_kept_frames " + std::to_string(m_viewport_kept_frames) + "\n";
    out += "ui_kept_frames " +
           std::to_string(std::count(m_ui_redrawn.begin(), m_ui_redrawn.end(), 0.0)) + "\n";
    line("ui_redrawn_median", percentile(m_ui_redrawn, 0.5));
    line("ui_redrawn_max", percentile(m_ui_redrawn, 1.0));
    return out;
}

} // namespace diorama::editor
