// When a realtime run reports the time bounded catch-up dropped.

#include "drop_report.h"

#include <gtest/gtest.h>

namespace {

using diorama::player::DropReport;
using std::chrono::milliseconds;

constexpr double kStep = 0.25; // exact in binary, so the tick counts are exact
const DropReport::Clock::time_point kStart{};

TEST(DropReport, TheFirstDropIsReportedAtOnceInSecondsAndTicks) {
    DropReport report(kStep);
    const auto drop = report.add(0.5, kStart);
    ASSERT_TRUE(drop);
    EXPECT_EQ(drop->dropped_s, 0.5);
    EXPECT_EQ(drop->dropped_ticks, 2);
    EXPECT_FALSE(report.flush()) << "nothing is left after a report";
}

TEST(DropReport, SmallDropsWithinASecondAreAddedUpAndReportedOnce) {
    DropReport report(kStep);
    ASSERT_TRUE(report.add(0.25, kStart));
    EXPECT_FALSE(report.add(0.25, kStart + milliseconds(100)));
    EXPECT_FALSE(report.add(0.25, kStart + milliseconds(999)));
    const auto drop = report.add(0.25, kStart + milliseconds(1000));
    ASSERT_TRUE(drop);
    EXPECT_EQ(drop->dropped_s, 0.75); // the three drops since the first report
    EXPECT_EQ(drop->dropped_ticks, 3);
    EXPECT_FALSE(report.add(0.25, kStart + milliseconds(1500))) << "the second starts again";
}

TEST(DropReport, AStallOfASecondOrMoreIsReportedAtOnce) {
    DropReport report(kStep);
    ASSERT_TRUE(report.add(0.25, kStart));
    const auto stall = report.add(4.75, kStart + milliseconds(10));
    ASSERT_TRUE(stall);
    EXPECT_EQ(stall->dropped_s, 4.75);
    EXPECT_EQ(stall->dropped_ticks, 19);
}

TEST(DropReport, FlushReturnsWhatWasNotYetReported) {
    DropReport report(kStep);
    EXPECT_FALSE(report.flush()) << "no drop, nothing to report";
    ASSERT_TRUE(report.add(0.25, kStart));
    EXPECT_FALSE(report.add(0.5, kStart + milliseconds(10)));
    const auto rest = report.flush();
    ASSERT_TRUE(rest);
    EXPECT_EQ(rest->dropped_s, 0.5);
    EXPECT_EQ(rest->dropped_ticks, 2);
}

} // namespace
