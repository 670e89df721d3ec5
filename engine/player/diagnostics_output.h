#pragma once
// Printing a command's problems: one line each, as the player's commands report them.

#include "diorama/diagnostics.h"

#include <cstdio>

namespace diorama::player {

// Writes every problem on its own line ("error: FILE: JSON.PATH: message") to stream.
void print_diagnostics(const Diagnostics& diagnostics, std::FILE* stream);

} // namespace diorama::player
