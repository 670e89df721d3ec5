#include "diagnostics_output.h"

namespace diorama::player {

std::string problem_lines(const Diagnostics& diagnostics) {
    std::string text = diagnostics.format();
    if (!text.empty() && text.back() != '\n') text += '\n';
    return text;
}

} // namespace diorama::player
