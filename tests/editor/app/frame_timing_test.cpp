// The editor's --timing figures (editor/app/frame_timing.h).

#include "app/frame_timing.h"

#include <gtest/gtest.h>

namespace {

using namespace diorama::editor;

TEST(FrameTiming, PercentilesAreNearestRank) {
    const std::vector<double> samples{5.0, 1.0, 4.0, 2.0, 3.0};
    EXPECT_EQ(percentile(samples, 0.5), 3.0);
    EXPECT_EQ(percentile(samples, 0.95), 5.0);
    EXPECT_EQ(percentile(samples, 1.0), 5.0);
    EXPECT_EQ(percentile(samples, 0.0), 1.0);
    EXPECT_EQ(percentile({}, 0.5), 0.0);
}

TEST(FrameTiming, ReportsOpenTimeAndFrameFiguresAsKeyValueLines) {
    FrameTiming timing;
    timing.set_open_seconds(1.5, 1.25);
    timing.add_frame(60.0, 250.0, ViewportCost{40.0, 10.0, false, true}, 0.0);
    timing.add_frame(2.0, 3.0, ViewportCost{0.5, 0.25, true, true}, 0.0);
    timing.add_frame(4.0, 9.0, ViewportCost{1.5, 0.75}, 0.25);
    timing.add_frame(5.0, 8.0, ViewportCost{1.0, 0.5}, 0.5);
    const std::string report = timing.report();
    EXPECT_NE(report.find("open_s 1.500\n"), std::string::npos) << report;
    EXPECT_NE(report.find("open_cpu_s 1.250\n"), std::string::npos) << report;
    EXPECT_NE(report.find("first_frame_cpu_ms 60.000\n"), std::string::npos) << report;
    EXPECT_NE(report.find("first_frame_wall_ms 250.000\n"), std::string::npos) << report;
    EXPECT_NE(report.find("ready_s 1.750\n"), std::string::npos) << report;
    EXPECT_NE(report.find("frames 3\n"), std::string::npos) << report;
    EXPECT_NE(report.find("frame_cpu_ms_median 4.000\n"), std::string::npos) << report;
    EXPECT_NE(report.find("frame_cpu_ms_max 5.000\n"), std::string::npos)
        << "the first frame is not among the others: " << report;
    EXPECT_NE(report.find("frame_wall_ms_max 9.000\n"), std::string::npos) << report;
    EXPECT_NE(report.find("viewport_build_ms_median 1.000\n"), std::string::npos) << report;
    EXPECT_NE(report.find("viewport_build_ms_max 1.500\n"), std::string::npos)
        << "the first frame's viewport is not among the others: " << report;
    EXPECT_NE(report.find("viewport_submit_ms_median 0.500\n"), std::string::npos) << report;
    EXPECT_NE(report.find("viewport_submit_ms_max 0.750\n"), std::string::npos) << report;
    EXPECT_NE(report.find("viewport_kept_frames 1\n"), std::string::npos)
        << "the first frame is not counted: " << report;
    EXPECT_NE(report.find("ui_kept_frames 1\n"), std::string::npos)
        << "the first frame is not counted: " << report;
    EXPECT_NE(report.find("ui_redrawn_median 0.250\n"), std::string::npos) << report;
    EXPECT_NE(report.find("ui_redrawn_max 0.500\n"), std::string::npos) << report;
}

TEST(FrameTiming, ResetForgetsFramesButKeepsTheOpenTime) {
    FrameTiming timing;
    timing.set_open_seconds(0.25, 0.2);
    timing.add_frame(70.0, 70.0);
    timing.add_frame(50.0, 50.0, ViewportCost{1.0, 1.0, false, true});
    timing.reset_frames();
    timing.add_frame(1.0, 1.0);
    EXPECT_EQ(timing.frames(), 1u);
    EXPECT_NE(timing.report().find("viewport_kept_frames 0\n"), std::string::npos);
    EXPECT_NE(timing.report().find("ui_kept_frames 0\n"), std::string::npos)
        << "a frame without a UI figure counts as redrawn whole";
    EXPECT_NE(timing.report().find("frame_cpu_ms_max 1.000\n"), std::string::npos);
    EXPECT_NE(timing.report().find("open_s 0.250\n"), std::string::npos);
    EXPECT_NE(timing.report().find("first_frame_cpu_ms 70.000\n"), std::string::npos);
}

} // namespace
