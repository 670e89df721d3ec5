#include "problems.h"

#include <charconv>

namespace diorama::editor {

namespace {

constexpr std::string_view kSeparator = ": ";

// A problem's `where` is "FILE: PATH", "FILE" or "PATH" (detail::where); a JSON path starts with
// a key ("objects[3]...", "layers", "name") and never holds ": ".
ProblemLine split(const Problem& problem) {
    ProblemLine line;
    line.severity = problem.severity;
    line.message = problem.error.message;
    line.text = std::string(problem.severity == Severity::Error ? "error: " : "warning: ") +
                problem.error.describe();
    const std::string& where = problem.error.where;
    if (const std::size_t cut = where.find(kSeparator); cut != std::string::npos) {
        line.file = where.substr(0, cut);
        line.json_path = where.substr(cut + kSeparator.size());
    } else if (where.find(".json") != std::string::npos || where.find('/') != std::string::npos) {
        line.file = where;
    } else {
        line.json_path = where;
    }
    return line;
}

} // namespace

std::vector<ProblemLine> problem_lines(const Diagnostics& diagnostics) {
    std::vector<ProblemLine> lines;
    lines.reserve(diagnostics.problems().size());
    for (const Problem& p : diagnostics.problems())
        lines.push_back(split(p));
    return lines;
}

std::optional<ScenePlace> scene_place(std::string_view json_path) {
    constexpr std::string_view kObjects = "objects[";
    if (!json_path.starts_with(kObjects)) return std::nullopt;
    json_path.remove_prefix(kObjects.size());
    ScenePlace place;
    const auto [end, ec] =
        std::from_chars(json_path.data(), json_path.data() + json_path.size(), place.object);
    if (ec != std::errc{} || end == json_path.data() + json_path.size() || *end != ']')
        return std::nullopt;
    json_path.remove_prefix(static_cast<std::size_t>(end - json_path.data()) + 1);
    constexpr std::string_view kComponents = ".components.";
    if (json_path.starts_with(kComponents)) place.field = json_path.substr(kComponents.size());
    return place;
}

} // namespace diorama::editor
