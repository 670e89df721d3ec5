#pragma once
// The benchmark table of scripts/bench.sh: Google Benchmark's JSON output plus figures measured
// outside it (player and editor timings), paired with their references and checked against the
// budgets of tests/bench/budgets.json.
//
// Names follow GROUP/OP/IMPL/N ("Store/Iterate/Diorama/1000000"). A row whose IMPL is a reference
// (PlainArray, BruteForce, or Baseline...) is what the other rows of the same GROUP/OP/N are
// compared with: ratio = their time per item (or per iteration) / the reference's, so 1.2 means
// 20% slower than the reference and 0.02 means 50x faster.

#include "diorama/json_io.h"
#include "diorama/result.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::bench {

// One measured thing and its figures by metric name: time_ms (CPU time per iteration; wall_ms
// is the wall time), ns_per_item (from items_per_second, else from a counter named ns_per_*),
// MB_per_s, items_per_second, and any counter the benchmark or figure set.
struct ReportRow {
    std::string name;     // the full name, e.g. "Files/Load/Diorama/100000"
    std::string group_op; // "Files/Load"
    std::string impl;     // "Diorama"
    std::string n;        // "100000" (empty when the name has no size)
    std::map<std::string, double> metrics;
};

// A limit on one metric of the rows whose name matches `match` ('*' matches any characters).
// metric "ratio:REF" limits the ratio to the references whose IMPL matches REF.
struct Budget {
    std::string match;
    std::string metric;
    std::optional<double> min;
    std::optional<double> max;
    std::string text; // what the table shows, e.g. "<= 2 ms"
};

// True for PlainArray, BruteForce and Baseline* implementations.
[[nodiscard]] bool is_reference(std::string_view impl);

// Splits a name into GROUP/OP, IMPL and N, ignoring Google Benchmark's suffixes (real_time,
// iterations:N, repeats:N, ...).
[[nodiscard]] ReportRow parse_row_name(std::string_view name);

// The rows of a Google Benchmark JSON document (--benchmark_out_format=json). With repetitions,
// the median aggregate stands for each benchmark. Errors name the JSON path.
[[nodiscard]] Result<std::vector<ReportRow>> rows_from_benchmark_json(const Json& document);

// Adds value as metric of the row called name (a new row when there is none).
void add_figure(std::vector<ReportRow>& rows, std::string_view name, std::string_view metric,
                double value);

// Reads figures given as text, one "NAME METRIC VALUE" per line ('#' starts a comment).
[[nodiscard]] Result<void> add_figures_text(std::vector<ReportRow>& rows, std::string_view text,
                                            std::string_view file);

// The budgets of a budgets.json document: { "budgets": [ {match, metric, min|max, text}... ] }.
[[nodiscard]] Result<std::vector<Budget>> parse_budgets(const Json& document);

// True when text matches pattern, where '*' stands for any run of characters.
[[nodiscard]] bool glob_match(std::string_view pattern, std::string_view text);

// The table, in plain text or as a Markdown table. Rows keep their order; each row compared with
// references gets one line per reference.
struct TableSummary {
    std::string text;
    int budgets_checked = 0;
    int budgets_missed = 0;
};
[[nodiscard]] TableSummary format_table(const std::vector<ReportRow>& rows,
                                        const std::vector<Budget>& budgets, bool markdown);

} // namespace diorama::bench
