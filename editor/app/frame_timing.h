#pragma once
// FrameTiming: what `--timing FILE` reports for a headless run: the time to open the project and
// scene, the first frame after it, and the times of the frames after that (CPU time of the
// editor's thread and wall time), as "key value" lines a shell script can read:
//
//   open_s 0.412                (wall time)
//   open_cpu_s 0.398            (CPU time of the editor's thread)
//   first_frame_cpu_ms 52.3     (the first frame: textures, fonts and shaders made, pages touched)
//   first_frame_wall_ms 73.0
//   ready_s 0.485               (open_s + the first frame's wall time: until the user sees it)
//   frames 239                  (the frames after the first, which the figures below are of)
//   frame_cpu_ms_median 6.1
//   frame_cpu_ms_p95 7.9
//   frame_cpu_ms_max 12.2
//   frame_wall_ms_median 6.4    (and _p95, _max)
//   viewport_build_ms_median 2.1   (and _max: the frames' viewport, CPU time: ui/cpu_time.h)
//   viewport_submit_ms_median 1.3  (and _max)
//   viewport_kept_frames 200    (frames whose viewport drew nothing: its image was this frame's)
//   ui_kept_frames 180          (frames whose UI redrew nothing: its kept image was this frame's)
//   ui_redrawn_median 0.04      (the share of the window's pixels the UI redrew; and _max)

#include "ui/cpu_time.h"

#include <cstddef>
#include <string>
#include <vector>

namespace diorama::editor {

// The nearest-rank percentile (fraction in [0, 1]) of samples; 0 when there are none.
[[nodiscard]] double percentile(std::vector<double> samples, double fraction);

class FrameTiming {
public:
    // Wall and thread CPU seconds from the start of loading the project until its scene was open.
    void set_open_seconds(double wall_s, double cpu_s) {
        m_open_s = wall_s;
        m_open_cpu_s = cpu_s;
    }
    // One drawn frame: CPU time of the editor's thread and wall time, in milliseconds, what
    // its viewport took of that CPU time, and the share of the window's pixels its UI redrew
    // (KeptUiImage). The first one is reported on its own.
    void add_frame(double cpu_ms, double wall_ms, ViewportCost viewport = {},
                   double ui_redrawn = 1.0);
    // Forgets the frames after the first so far (the script step `reset_timing`), keeping the
    // open time and the first frame.
    void reset_frames();
    // The frames after the first.
    [[nodiscard]] std::size_t frames() const { return m_cpu_ms.size(); }
    // The report (see above).
    [[nodiscard]] std::string report() const;

private:
    double m_open_s = 0.0;
    double m_open_cpu_s = 0.0;
    bool m_first_seen = false;
    double m_first_cpu_ms = 0.0;
    double m_first_wall_ms = 0.0;
    std::vector<double> m_cpu_ms;
    std::vector<double> m_wall_ms;
    std::vector<double> m_viewport_build_ms;
    std::vector<double> m_viewport_submit_ms;
    std::size_t m_viewport_kept_frames = 0;
    std::vector<double> m_ui_redrawn;
};

} // namespace diorama::editor
