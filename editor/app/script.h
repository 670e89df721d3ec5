#pragma once
// Editor scripts: the steps a headless run replays, one per line. Blank lines and lines starting
// with '#' are ignored; arguments are separated by spaces, "double quotes" keep spaces (with \" and
// \\ escapes). The full language is listed in editor/app/README.md. This file parses and checks a
// script; ScriptRunner replays it.

#include "diorama/reflection.h"
#include "diorama/result.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::editor {

struct ScriptStep {
    int line = 0;                  // 1-based line in the file
    std::string command;           // "click_world"
    std::vector<std::string> args; // unquoted
};

// Parses and checks every line (command names, argument counts, numbers, buttons, modifiers);
// the error names the file and line.
[[nodiscard]] Result<std::vector<ScriptStep>> parse_script(std::string_view text,
                                                           std::string_view file);

// Splits one line into words; quotes group words. Fails on an unterminated quote.
[[nodiscard]] Result<std::vector<std::string>> split_script_line(std::string_view line);

// ---- argument types shared by the runner ----

enum class MouseButton { Left, Middle, Right };

struct Modifiers {
    bool ctrl = false;
    bool shift = false;
    bool alt = false;
};

struct ClickOptions {
    MouseButton button = MouseButton::Left;
    Modifiers mods;
};

// Trailing click words: at most one of left|right|middle and modifiers such as shift, ctrl or
// ctrl+shift, in any order.
[[nodiscard]] Result<ClickOptions> parse_click_options(std::span<const std::string> words);

// A key chord such as "ctrl+shift+z" or "delete": the modifiers and the key's name ("z").
struct KeyChord {
    Modifiers mods;
    std::string key;
};
[[nodiscard]] Result<KeyChord> parse_key_chord(std::string_view text);

// The transform handle parts drag_handle names: free, x, y, rotate, scale_x, scale_y, scale.
enum class ScriptHandle { Free, AxisX, AxisY, Rotate, ScaleX, ScaleY, ScaleUniform };
[[nodiscard]] std::optional<ScriptHandle> parse_handle_name(std::string_view name);

// A number argument; fails on anything else (including NaN and infinities).
[[nodiscard]] Result<float> parse_script_number(std::string_view text);

// The value a set_field/expect_field step means, shaped like `current` (the field's value now):
// bool true|false, numbers, "X Y" for vec2, "R G B [A]" for colors, a guid or "none" for object
// references, the rest of the line for strings. An enum given by name stays a string (the
// engine's set_field accepts enum names).
[[nodiscard]] Result<FieldValue> parse_field_value(const FieldValue& current,
                                                   std::span<const std::string> words);

// A value as a script would write it ("1.5", "10 20", "true"), also what is typed into widgets.
[[nodiscard]] std::string format_field_value(const FieldValue& value);

} // namespace diorama::editor
