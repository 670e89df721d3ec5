#include "bench_report.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <set>
#include <sstream>

namespace diorama::bench {

namespace {

// Metrics shown in their own columns (the rest go to "other").
const std::set<std::string, std::less<>> kColumnMetrics{
    "time_ms",          "cpu_ms",   "ns_per_item",     "items_per_second",
    "bytes_per_second", "MB_per_s", "ticks_per_second"};

// Google Benchmark's per-run fields that are not measurements.
const std::set<std::string, std::less<>> kNotMetrics{"family_index", "per_family_instance_index",
                                                     "repetitions",  "repetition_index",
                                                     "threads",      "iterations",
                                                     "real_time",    "cpu_time"};

double to_ms(double value, std::string_view unit) {
    if (unit == "ns") return value * 1e-6;
    if (unit == "us") return value * 1e-3;
    if (unit == "s") return value * 1e3;
    return value; // "ms"
}

std::string number(double value) {
    char text[64];
    if (value != 0.0 && (std::abs(value) >= 1e6 || std::abs(value) < 1e-3))
        std::snprintf(text, sizeof text, "%.3g", value);
    else if (std::abs(value) >= 100.0)
        std::snprintf(text, sizeof text, "%.0f", value);
    else
        std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

std::string duration(double ms) {
    if (ms >= 1000.0) return number(ms / 1000.0) + " s";
    if (ms >= 1.0) return number(ms) + " ms";
    if (ms >= 1e-3) return number(ms * 1e3) + " us";
    return number(ms * 1e6) + " ns";
}

const double* find_metric(const ReportRow& row, std::string_view metric) {
    const auto it = row.metrics.find(std::string(metric));
    return it != row.metrics.end() ? &it->second : nullptr;
}

// What two rows are compared by: time per item when both have it, else time per iteration.
std::optional<double> ratio(const ReportRow& row, const ReportRow& reference) {
    for (const char* metric : {"ns_per_item", "time_ms"}) {
        const double* a = find_metric(row, metric);
        const double* b = find_metric(reference, metric);
        if (a != nullptr && b != nullptr && *b > 0.0) return *a / *b;
    }
    return std::nullopt;
}

struct Check {
    std::string text;
    std::string met; // "yes", "NO", "n/a"
};

Check check(const Budget& budget, std::optional<double> value) {
    if (!value) return {budget.text, "n/a"};
    const bool ok =
        (!budget.min || *value >= *budget.min) && (!budget.max || *value <= *budget.max);
    return {budget.text, ok ? "yes" : "NO"};
}

// Joins the checks of one line into its budget and met cells.
void join(const std::vector<Check>& checks, std::string& budget, std::string& met, int& checked,
          int& missed) {
    for (const Check& c : checks) {
        budget += (budget.empty() ? "" : "; ") + c.text;
        met += (met.empty() ? "" : "; ") + c.met;
        ++checked;
        if (c.met != "yes") ++missed;
    }
}

std::string rate(const ReportRow& row) {
    if (const double* v = find_metric(row, "ticks_per_second")) return number(*v) + " ticks/s";
    if (const double* v = find_metric(row, "MB_per_s")) return number(*v) + " MB/s";
    return "";
}

std::string other(const ReportRow& row) {
    std::string out;
    for (const auto& [metric, value] : row.metrics) {
        if (kColumnMetrics.contains(metric)) continue;
        out += (out.empty() ? "" : " ") + metric + "=" + number(value);
    }
    return out;
}

using Line = std::vector<std::string>;

} // namespace

bool is_reference(std::string_view impl) {
    return impl == "PlainArray" || impl == "BruteForce" || impl.starts_with("Baseline");
}

ReportRow parse_row_name(std::string_view name) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= name.size()) {
        const std::size_t slash = std::min(name.find('/', start), name.size());
        const std::string part(name.substr(start, slash - start));
        const bool suffix = part.find(':') != std::string::npos || part == "real_time" ||
                            part == "process_time" || part == "manual_time";
        if (!suffix) parts.push_back(part);
        start = slash + 1;
    }
    ReportRow row;
    if (!parts.empty() && !parts.back().empty() &&
        std::all_of(parts.back().begin(), parts.back().end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; })) {
        row.n = parts.back();
        parts.pop_back();
    }
    if (parts.size() >= 2) {
        row.impl = parts.back();
        parts.pop_back();
    }
    for (const std::string& p : parts)
        row.group_op += (row.group_op.empty() ? "" : "/") + p;
    row.name = row.group_op + (row.impl.empty() ? "" : "/" + row.impl) +
               (row.n.empty() ? "" : "/" + row.n);
    return row;
}

Result<std::vector<ReportRow>> rows_from_benchmark_json(const Json& document) {
    const auto list = document.find("benchmarks");
    if (!document.is_object() || list == document.end() || !list->is_array())
        return make_error(ErrorCode::Type, "expected an object with a \"benchmarks\" array",
                          "benchmarks");
    // With repetitions, only the median aggregates are kept.
    std::set<std::string> with_median;
    for (const Json& b : *list)
        if (b.is_object() && b.value("run_type", "") == "aggregate" &&
            b.value("aggregate_name", "") == "median")
            with_median.insert(b.value("run_name", b.value("name", "")));

    std::vector<ReportRow> rows;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& b = (*list)[i];
        const std::string where = json_path("benchmarks", i);
        if (!b.is_object() || !b.contains("name") || !b["name"].is_string())
            return make_error(ErrorCode::Type, "expected a benchmark with a \"name\"", where);
        if (b.contains("error_occurred") && b["error_occurred"] == true) continue;
        const std::string run_name = b.value("run_name", b["name"].get<std::string>());
        const bool aggregate = b.value("run_type", "") == "aggregate";
        if (aggregate ? b.value("aggregate_name", "") != "median" : with_median.contains(run_name))
            continue;
        ReportRow row = parse_row_name(run_name);
        const std::string unit = b.value("time_unit", "ns");
        if (!b.contains("real_time") || !b["real_time"].is_number())
            return make_error(ErrorCode::Type, "expected a number", json_path(where, "real_time"));
        // CPU time per iteration is what the table shows and checks: on a shared machine wall
        // time swings with the other load (it is kept as wall_ms). Rates are CPU-based as well.
        row.metrics["wall_ms"] = to_ms(b["real_time"].get<double>(), unit);
        row.metrics["time_ms"] = b.contains("cpu_time") && b["cpu_time"].is_number()
                                     ? to_ms(b["cpu_time"].get<double>(), unit)
                                     : row.metrics["wall_ms"];
        for (const auto& [key, value] : b.items()) {
            if (!value.is_number() || kNotMetrics.contains(key)) continue;
            row.metrics[key] = value.get<double>();
        }
        if (const double* bytes = find_metric(row, "bytes_per_second"))
            row.metrics["MB_per_s"] = *bytes / 1e6;
        if (const double* items = find_metric(row, "items_per_second"); items && *items > 0.0) {
            row.metrics["ns_per_item"] = 1e9 / *items;
        } else { // a benchmark may report its own per-object time ("ns_per_object", ...)
            for (const auto& [metric, value] : row.metrics)
                if (metric.starts_with("ns_per_") && metric != "ns_per_item") {
                    row.metrics["ns_per_item"] = value;
                    break;
                }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

void add_figure(std::vector<ReportRow>& rows, std::string_view name, std::string_view metric,
                double value) {
    const ReportRow parsed = parse_row_name(name);
    auto it = std::find_if(rows.begin(), rows.end(),
                           [&](const ReportRow& r) { return r.name == parsed.name; });
    if (it == rows.end()) it = rows.insert(rows.end(), parsed);
    it->metrics[std::string(metric)] = value;
}

Result<void> add_figures_text(std::vector<ReportRow>& rows, std::string_view text,
                              std::string_view file) {
    std::istringstream lines{std::string(text)};
    std::string line;
    for (int number_of_line = 1; std::getline(lines, line); ++number_of_line) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        std::istringstream words(line);
        std::string name, metric, value_text, extra;
        if (!(words >> name)) continue;
        const std::string where = std::string(file) + ":" + std::to_string(number_of_line);
        if (!(words >> metric >> value_text) || (words >> extra))
            return make_error(ErrorCode::Parse, "expected NAME METRIC VALUE", where);
        double value = 0.0;
        const auto parsed =
            std::from_chars(value_text.data(), value_text.data() + value_text.size(), value);
        if (parsed.ec != std::errc{} || parsed.ptr != value_text.data() + value_text.size())
            return make_error(ErrorCode::Parse, "expected a number, got \"" + value_text + "\"",
                              where);
        add_figure(rows, name, metric, value);
    }
    return {};
}

Result<std::vector<Budget>> parse_budgets(const Json& document) {
    const auto list = document.find("budgets");
    if (!document.is_object() || list == document.end() || !list->is_array())
        return make_error(ErrorCode::Type, "expected an object with a \"budgets\" array",
                          "budgets");
    std::vector<Budget> budgets;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& b = (*list)[i];
        const std::string where = json_path("budgets", i);
        if (!b.is_object()) return make_error(ErrorCode::Type, "expected an object", where);
        Budget budget;
        for (const char* key : {"match", "metric", "text"}) {
            const auto it = b.find(key);
            if (it == b.end() || !it->is_string())
                return make_error(ErrorCode::Type, "expected a string", json_path(where, key));
        }
        budget.match = b["match"];
        budget.metric = b["metric"];
        budget.text = b["text"];
        for (const char* key : {"min", "max"}) {
            const auto it = b.find(key);
            if (it == b.end()) continue;
            if (!it->is_number())
                return make_error(ErrorCode::Type, "expected a number", json_path(where, key));
            (std::string_view(key) == "min" ? budget.min : budget.max) = it->get<double>();
        }
        if (!budget.min && !budget.max)
            return make_error(ErrorCode::NotFound, "expected \"min\" or \"max\"", where);
        budgets.push_back(std::move(budget));
    }
    return budgets;
}

bool glob_match(std::string_view pattern, std::string_view text) {
    // Iterative matching with backtracking to the last '*'.
    std::size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = t;
        } else if (p < pattern.size() && pattern[p] == text[t]) {
            ++p;
            ++t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

TableSummary format_table(const std::vector<ReportRow>& rows, const std::vector<Budget>& budgets,
                          bool markdown) {
    TableSummary summary;
    std::vector<Line> lines{
        {"benchmark", "N", "time/op", "ns/item", "rate", "vs reference", "budget", "met", "other"}};
    for (const ReportRow& row : rows) {
        std::vector<const ReportRow*> references;
        if (!is_reference(row.impl))
            for (const ReportRow& r : rows)
                if (&r != &row && is_reference(r.impl) && r.group_op == row.group_op &&
                    r.n == row.n)
                    references.push_back(&r);

        std::vector<Check> own;
        std::vector<std::vector<Check>> per_reference(references.size());
        for (const Budget& b : budgets) {
            if (!glob_match(b.match, row.name)) continue;
            if (b.metric.starts_with("ratio:")) {
                const std::string_view wanted = std::string_view(b.metric).substr(6);
                for (std::size_t k = 0; k < references.size(); ++k)
                    if (glob_match(wanted, references[k]->impl))
                        per_reference[k].push_back(check(b, ratio(row, *references[k])));
                continue;
            }
            const double* value = find_metric(row, b.metric);
            own.push_back(check(b, value ? std::optional<double>(*value) : std::nullopt));
        }

        const double* time = find_metric(row, "time_ms");
        const double* per_item = find_metric(row, "ns_per_item");
        Line first{row.group_op + (row.impl.empty() ? "" : "/" + row.impl),
                   row.n,
                   time ? duration(*time) : "",
                   per_item ? number(*per_item) : "",
                   rate(row),
                   is_reference(row.impl) ? "(reference)" : "-",
                   "",
                   "",
                   other(row)};
        std::vector<Check> first_checks = own;
        if (!references.empty()) {
            const std::optional<double> r = ratio(row, *references[0]);
            first[5] = (r ? number(*r) + "x " : "n/a ") + references[0]->impl;
            first_checks.insert(first_checks.end(), per_reference[0].begin(),
                                per_reference[0].end());
        }
        join(first_checks, first[6], first[7], summary.budgets_checked, summary.budgets_missed);
        lines.push_back(std::move(first));
        for (std::size_t k = 1; k < references.size(); ++k) {
            const std::optional<double> r = ratio(row, *references[k]);
            Line more{"", "", "", "", "", (r ? number(*r) + "x " : "n/a ") + references[k]->impl,
                      "", "", ""};
            join(per_reference[k], more[6], more[7], summary.budgets_checked,
                 summary.budgets_missed);
            lines.push_back(std::move(more));
        }
    }

    std::ostringstream out;
    if (markdown) {
        for (std::size_t i = 0; i < lines.size(); ++i) {
            out << "|";
            for (const std::string& cell : lines[i])
                out << " " << cell << " |";
            out << "\n";
            if (i == 0) {
                out << "|";
                for (std::size_t c = 0; c < lines[0].size(); ++c)
                    out << (c == 1 || (c >= 2 && c <= 5) ? " ---: |" : " --- |");
                out << "\n";
            }
        }
    } else {
        std::vector<std::size_t> widths(lines[0].size(), 0);
        for (const Line& line : lines)
            for (std::size_t c = 0; c < line.size(); ++c)
                widths[c] = std::max(widths[c], line[c].size());
        for (const Line& line : lines) {
            std::string text;
            for (std::size_t c = 0; c < line.size(); ++c) {
                std::string cell = line[c];
                if (c + 1 < line.size()) cell.resize(widths[c], ' ');
                text += cell + (c + 1 < line.size() ? "  " : "");
            }
            while (!text.empty() && text.back() == ' ')
                text.pop_back();
            out << text << "\n";
        }
    }
    summary.text = out.str();
    return summary;
}

} // namespace diorama::bench
