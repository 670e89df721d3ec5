#include "diorama/text_check.h"

#include <cstdio>

namespace diorama {

std::optional<ControlCharacter> find_control_character(std::string_view utf8) {
    for (std::size_t i = 0; i < utf8.size(); ++i) {
        const auto byte = static_cast<unsigned char>(utf8[i]);
        if ((byte < 0x20 && byte != '\t' && byte != '\n') || byte == 0x7F) return {{i, byte}};
        // C1 controls are U+0080..U+009F, encoded 0xC2 0x80..0x9F.
        if (byte == 0xC2 && i + 1 < utf8.size()) {
            const auto next = static_cast<unsigned char>(utf8[i + 1]);
            if (next >= 0x80 && next <= 0x9F) return {{i, next}};
        }
    }
    return std::nullopt;
}

std::string control_character_warning(const ControlCharacter& found) {
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(found.code_point));
    return std::string("control character ") + code + " at byte " + std::to_string(found.offset) +
           " of the text (text may hold tabs and newlines but no other control character)";
}

} // namespace diorama
