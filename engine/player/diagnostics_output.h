#pragma once
// A command's problems as the player's commands print them.

#include "diorama/diagnostics.h"

#include <string>

namespace diorama::player {

// Every problem on a line of its own ("error: FILE: JSON.PATH: message"); empty when none.
[[nodiscard]] std::string problem_lines(const Diagnostics& diagnostics);

} // namespace diorama::player
