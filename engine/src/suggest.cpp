#include "diorama/suggest.h"

#include <algorithm>
#include <cctype>

namespace diorama {

namespace {

char lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

} // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Three rows of the table: two back (for swaps), one back, and the one being filled.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]))
                row[j] = std::min(row[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, row);
    }
    return previous[b.size()];
}

std::string nearest_name(std::string_view name, const std::vector<std::string>& known) {
    std::string best;
    std::size_t best_distance = 0;
    for (const std::string& candidate : known) {
        if (candidate == name) return {};
        const std::size_t limit =
            std::max<std::size_t>(1, std::max(name.size(), candidate.size()) / 3);
        const std::size_t d = edit_distance(name, candidate);
        if (d <= limit && (best.empty() || d < best_distance)) {
            best = candidate;
            best_distance = d;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& known) {
    const std::string nearest = nearest_name(name, known);
    return nearest.empty() ? std::string() : "; did you mean \"" + nearest + "\"?";
}

} // namespace diorama
