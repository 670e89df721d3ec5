// diorama-benchreport: prints the benchmark table of scripts/bench.sh.
//
//   diorama-benchreport --budgets FILE [--figures FILE]... [--markdown] BENCH.json...
//
// Exit code: 0 when every budget was met, 1 when some were missed or could not be checked,
// 2 for a usage or file error.

#include "bench_report.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace diorama;

constexpr std::size_t kMaxInputBytes = 64u << 20;

int fail(const std::string& message) {
    std::fprintf(stderr, "diorama-benchreport: %s\n", message.c_str());
    return 2;
}

Result<Json> read_json(const std::string& path) {
    auto text = read_file(path, kMaxInputBytes);
    if (!text) return text.error();
    return parse_json(*text, path);
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    std::string budgets_path;
    std::vector<std::string> figure_paths;
    std::vector<std::string> bench_paths;
    bool markdown = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--markdown") {
            markdown = true;
        } else if (args[i] == "--budgets" || args[i] == "--figures") {
            if (i + 1 == args.size()) return fail(std::string(args[i]) + " needs a file");
            (args[i] == "--budgets" ? budgets_path = std::string(args[i + 1])
                                    : figure_paths.emplace_back(args[i + 1]));
            ++i;
        } else if (args[i].starts_with("--")) {
            return fail("unknown option " + std::string(args[i]) +
                        "\nusage: diorama-benchreport --budgets FILE [--figures FILE]... "
                        "[--markdown] BENCH.json...");
        } else {
            bench_paths.emplace_back(args[i]);
        }
    }
    if (budgets_path.empty()) return fail("--budgets FILE is required");

    std::vector<bench::ReportRow> rows;
    for (const std::string& path : bench_paths) {
        auto document = read_json(path);
        if (!document) return fail(document.error().describe());
        auto more = bench::rows_from_benchmark_json(*document);
        if (!more) return fail(path + ": " + more.error().describe());
        rows.insert(rows.end(), more->begin(), more->end());
    }
    for (const std::string& path : figure_paths) {
        auto text = read_file(path, kMaxInputBytes);
        if (!text) return fail(text.error().describe());
        if (auto added = bench::add_figures_text(rows, *text, path); !added)
            return fail(added.error().describe());
    }
    auto budgets_json = read_json(budgets_path);
    if (!budgets_json) return fail(budgets_json.error().describe());
    auto budgets = bench::parse_budgets(*budgets_json);
    if (!budgets) return fail(budgets_path + ": " + budgets.error().describe());

    const bench::TableSummary table = bench::format_table(rows, *budgets, markdown);
    std::fputs(table.text.c_str(), stdout);
    std::printf("\nbudgets: %d checked, %d met, %d missed or not measured\n", table.budgets_checked,
                table.budgets_checked - table.budgets_missed, table.budgets_missed);
    return table.budgets_missed == 0 ? 0 : 1;
}
