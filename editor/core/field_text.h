#pragma once
// Field values as text: what a script writes in set_field/expect_field and what the inspector
// types into widgets ("1.5", "10 20", "true", a guid or "none").

#include "diorama/reflection.h"
#include "diorama/result.h"

#include <span>
#include <string>
#include <string_view>

namespace diorama::editor {

// A number; fails on anything else (including NaN and infinities). A leading '+' is allowed.
[[nodiscard]] Result<float> parse_field_number(std::string_view text);

// The value words mean, shaped like `current` (the field's value now): bool true|false, numbers,
// "X Y" for vec2, "R G B [A]" for colors, a guid or "none" for object references, the rest of
// the line for strings. An enum given by name stays a string (the engine's set_field accepts
// enum names).
[[nodiscard]] Result<FieldValue> parse_field_value(const FieldValue& current,
                                                   std::span<const std::string> words);

// A value as a script would write it ("1.5", "10 20", "true"), also what is typed into widgets.
[[nodiscard]] std::string format_field_value(const FieldValue& value);

} // namespace diorama::editor
