#pragma once
// "Did you mean ...?" for a name that is not known: the known name nearest to it by edit
// distance, so a typo in a file ("Veloctiy") is answered with the name meant ("Velocity") by the
// loader, `diorama-player check`, the live link and the editor alike.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

// The edit distance between a and b, ignoring ASCII case: insertions, deletions, substitutions
// and swaps of two neighbouring characters count one each (optimal string alignment).
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

// The known name nearest to name when it is near enough to be a typo of it (a distance of at most
// a third of the longer name's length, and at least 1), the first of equals; empty otherwise or
// when name is known.
[[nodiscard]] std::string nearest_name(std::string_view name,
                                       const std::vector<std::string>& known);

// "; did you mean \"Velocity\"?" for nearest_name, or "" when there is none: appended to an
// error or warning about an unknown name.
[[nodiscard]] std::string did_you_mean(std::string_view name,
                                       const std::vector<std::string>& known);

} // namespace diorama
