#pragma once
// Strict JSON for Diorama's files: parsing that refuses duplicate keys, limits depth and size, and
// reports line and column; writing that is stable (sorted keys, shortest round-trip floats, short
// number arrays on one line) so saved files diff well.

#include "diorama/result.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace diorama {

using Json = nlohmann::json;

struct JsonLimits {
    std::size_t max_bytes = 64u << 20; // larger input is refused before parsing
    int max_depth = 64;                // deeper nesting is refused while parsing (no recursion)
    std::size_t max_values = 8u << 20; // more values (scalars and containers) are refused while
                                       // parsing, which bounds the memory a document can take
};

// Parses text; `file` names the source in errors ("scenes/a.scene.json:3:14: objects[2].name:
// ..."). Refused: syntax errors, ill-formed UTF-8, numbers beyond double range (1e400), duplicate
// keys, and input beyond the limits.
[[nodiscard]] Result<Json> parse_json(std::string_view text, std::string_view file,
                                      JsonLimits limits = {});

// Pretty text: 2-space indent, sorted keys, arrays of numbers/bools inline, trailing newline.
[[nodiscard]] std::string to_pretty_json(const Json& value);
// Compact text (no whitespace), for exported data.
[[nodiscard]] std::string to_compact_json(const Json& value);

// The JSON number for a float: the shortest decimal that reads back as the same float
// (0.1f is written 0.1, not 0.10000000149011612).
[[nodiscard]] Json float_to_json(float value);

// text with control bytes and bytes outside ASCII written as \xNN, as error messages quote input:
// a message quoting a hostile file stays one line of valid UTF-8.
[[nodiscard]] std::string printable(std::string_view text);

// "objects[3].components.Transform2D" style path joining.
[[nodiscard]] std::string json_path(std::string_view parent, std::string_view key);
[[nodiscard]] std::string json_path(std::string_view parent, std::size_t index);

} // namespace diorama
