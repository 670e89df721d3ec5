#pragma once
// The one rule for the text files hold (string fields and string properties of scenes and
// prefabs): no control character but tab and newline. Loading warns about the others, naming the
// file and JSON path, so `diorama-player check` and the editor say the same; the text is kept as
// it is (a warning, not an error).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace diorama {

// A control character found in text.
struct ControlCharacter {
    std::size_t offset = 0;  // bytes from the start of the text
    char32_t code_point = 0; // U+0000..U+001F, U+007F or U+0080..U+009F
};

// The first control character of utf8 other than tab (U+0009) and newline (U+000A): the C0
// controls U+0000..U+001F, DEL (U+007F) and the C1 controls U+0080..U+009F. nullopt when none.
[[nodiscard]] std::optional<ControlCharacter> find_control_character(std::string_view utf8);

// The warning for it, one line of ASCII: "control character U+0007 at byte 6 of the text
// (text may hold tabs and newlines but no other control character)".
[[nodiscard]] std::string control_character_warning(const ControlCharacter& found);

} // namespace diorama
