#pragma once
// The fast strict JSON parser: the same events, in the same order, as nlohmann's SAX parser.

#include "json_strict_builder.h"

#include <string_view>

namespace diorama::detail {

enum class ParseEnd {
    Done,        // the text is one JSON value and the builder took every event
    Refused,     // the builder refused an event (its error is set)
    SyntaxError, // the text is not JSON; nlohmann's parser gives the message
};

// Parses text (a leading UTF-8 byte order mark is skipped), sending every event to builder.
[[nodiscard]] ParseEnd parse_events(std::string_view text, StrictBuilder& builder);

} // namespace diorama::detail
