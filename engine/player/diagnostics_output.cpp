#include "diagnostics_output.h"

#include <string>

namespace diorama::player {

void print_diagnostics(const Diagnostics& diagnostics, std::FILE* stream) {
    std::string text = diagnostics.format();
    if (text.empty()) return;
    if (text.back() != '\n') text += '\n';
    std::fputs(text.c_str(), stream);
    std::fflush(stream);
}

} // namespace diorama::player
