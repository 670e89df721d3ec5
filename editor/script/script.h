#pragma once
// Editor scripts: the steps a headless run replays, one per line. Blank lines and lines starting
// with '#' are ignored; arguments are separated by spaces, "double quotes" keep spaces (with \" and
// \\ escapes). The full language is listed in editor/script/README.md. This file parses a script
// and checks it against the command table (script_commands.h); ScriptRunner replays it.

#include "core/field_text.h"

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

} // namespace diorama::editor
