#include "bench_report.h"

#include <gtest/gtest.h>

namespace diorama::bench {
namespace {

Json benchmark(const std::string& name, double real_ns, double items_per_second = 0.0) {
    Json b = {{"name", name},     {"run_name", name},     {"run_type", "iteration"},
              {"iterations", 10}, {"real_time", real_ns}, {"cpu_time", real_ns},
              {"time_unit", "ns"}};
    if (items_per_second > 0.0) b["items_per_second"] = items_per_second;
    return b;
}

TEST(BenchReport, NamesSplitIntoGroupImplAndSizeWithoutSuffixes) {
    const ReportRow row = parse_row_name("Store/Iterate/Diorama/1000000/real_time/iterations:5");
    EXPECT_EQ(row.group_op, "Store/Iterate");
    EXPECT_EQ(row.impl, "Diorama");
    EXPECT_EQ(row.n, "1000000");
    EXPECT_EQ(row.name, "Store/Iterate/Diorama/1000000");
}

TEST(BenchReport, ReferencesArePlainArraysBruteForceAndBaselines) {
    EXPECT_TRUE(is_reference("PlainArray"));
    EXPECT_TRUE(is_reference("BruteForce"));
    EXPECT_TRUE(is_reference("BaselineLinkedList"));
    EXPECT_FALSE(is_reference("Diorama"));
}

TEST(BenchReport, TimesAreCpuTimesWithTheWallTimeKept) {
    Json b = benchmark("A/B/X/10", 3e6);
    b["cpu_time"] = 1e6;
    auto rows = rows_from_benchmark_json(Json{{"benchmarks", Json::array({b})}});
    ASSERT_TRUE(rows.ok());
    EXPECT_DOUBLE_EQ(rows->front().metrics.at("time_ms"), 1.0);
    EXPECT_DOUBLE_EQ(rows->front().metrics.at("wall_ms"), 3.0);
}

TEST(BenchReport, AnNsPerCounterIsTheTimePerItemWithoutAnItemRate) {
    Json b = benchmark("Store/Iterate/Diorama/10", 100.0);
    b["ns_per_object"] = 1.5;
    auto rows = rows_from_benchmark_json(Json{{"benchmarks", Json::array({b})}});
    ASSERT_TRUE(rows.ok());
    EXPECT_DOUBLE_EQ(rows->front().metrics.at("ns_per_item"), 1.5);
}

TEST(BenchReport, MediansStandForRepeatedBenchmarks) {
    Json doc = {{"benchmarks", Json::array()}};
    doc["benchmarks"].push_back(benchmark("A/B/X/10", 100.0));
    Json median = benchmark("A/B/X/10_median", 42.0);
    median["run_name"] = "A/B/X/10";
    median["run_type"] = "aggregate";
    median["aggregate_name"] = "median";
    doc["benchmarks"].push_back(median);
    auto rows = rows_from_benchmark_json(doc);
    ASSERT_TRUE(rows.ok());
    ASSERT_EQ(rows->size(), 1u);
    EXPECT_DOUBLE_EQ(rows->front().metrics.at("time_ms"), 42e-6);
}

TEST(BenchReport, RowsAreComparedWithEveryReferenceOfTheSameOperationAndSize) {
    Json doc = {{"benchmarks",
                 {benchmark("Store/Churn/Diorama/10000", 1e5, 1e8),
                  benchmark("Store/Churn/PlainArray/10000", 1e5, 2e8),
                  benchmark("Store/Churn/BaselineFifo/10000", 1e6, 1e7),
                  benchmark("Store/Churn/PlainArray/100000", 1e6, 1e9)}}};
    auto rows = rows_from_benchmark_json(doc);
    ASSERT_TRUE(rows.ok());
    auto budgets = parse_budgets(Json::parse(R"({"budgets": [
        {"match": "Store/Churn/Diorama/*", "metric": "ratio:Baseline*", "max": 0.1, "text": "10x"},
        {"match": "Store/Churn/Diorama/*", "metric": "ratio:PlainArray", "max": 1.5, "text": "1.5x"}]})"));
    ASSERT_TRUE(budgets.ok());
    const TableSummary table = format_table(*rows, *budgets, false);
    EXPECT_NE(table.text.find("2x PlainArray"), std::string::npos) << table.text;
    EXPECT_NE(table.text.find("0.1x BaselineFifo"), std::string::npos) << table.text;
    EXPECT_EQ(table.budgets_checked, 2);
    EXPECT_EQ(table.budgets_missed, 1); // 2x the plain array is over 1.5x
}

TEST(BenchReport, FiguresJoinTheTableAndAMissingMetricIsNotMet) {
    std::vector<ReportRow> rows;
    ASSERT_TRUE(add_figures_text(rows, "# player\nPlayer/Run/Bounce/10000 ticks_per_second 1500\n",
                                 "figures.txt")
                    .ok());
    ASSERT_EQ(rows.size(), 1u);
    auto budgets = parse_budgets(Json::parse(R"({"budgets": [
        {"match": "Player/Run/*", "metric": "ticks_per_second", "min": 1000, "text": ">= 1000"},
        {"match": "Player/Run/*", "metric": "time_ms", "max": 1, "text": "<= 1 ms"}]})"));
    ASSERT_TRUE(budgets.ok());
    const TableSummary table = format_table(rows, *budgets, true);
    EXPECT_NE(table.text.find("| 1500 ticks/s |"), std::string::npos) << table.text;
    EXPECT_NE(table.text.find("yes; n/a"), std::string::npos) << table.text;
    EXPECT_EQ(table.budgets_missed, 1);
}

TEST(BenchReport, BadFigureLinesNameTheFileAndLine) {
    std::vector<ReportRow> rows;
    auto added = add_figures_text(rows, "A/B/C/1 metric\n", "figures.txt");
    ASSERT_FALSE(added.ok());
    EXPECT_EQ(added.error().where, "figures.txt:1");
    added = add_figures_text(rows, "\nA/B/C/1 metric fast\n", "figures.txt");
    ASSERT_FALSE(added.ok());
    EXPECT_EQ(added.error().where, "figures.txt:2");
}

TEST(BenchReport, BudgetsWithoutALimitAreRefused) {
    auto budgets = parse_budgets(
        Json::parse(R"({"budgets": [{"match": "A", "metric": "time_ms", "text": "?"}]})"));
    ASSERT_FALSE(budgets.ok());
    EXPECT_EQ(budgets.error().where, "budgets[0]");
}

TEST(BenchReport, GlobStarsMatchAnyRun) {
    EXPECT_TRUE(glob_match("Store/*Get*/Diorama/*", "Store/RandomGet/Diorama/100000"));
    EXPECT_TRUE(glob_match("Store/*Get*/Diorama/*", "Store/Get/Diorama/10"));
    EXPECT_FALSE(glob_match("Store/*Get*/Diorama/*", "Store/Iterate/Diorama/10"));
    EXPECT_TRUE(glob_match("*", ""));
    EXPECT_FALSE(glob_match("a*b", "ac"));
}

} // namespace
} // namespace diorama::bench
