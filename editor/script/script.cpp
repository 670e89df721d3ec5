#include "script.h"

#include "script_commands.h"

#include <optional>

namespace diorama::editor {

namespace {

std::optional<MouseButton> parse_button(std::string_view w) {
    if (w == "left") return MouseButton::Left;
    if (w == "right") return MouseButton::Right;
    if (w == "middle") return MouseButton::Middle;
    return std::nullopt;
}

// Applies "ctrl+shift" style modifiers; false when a part is not a modifier.
bool parse_modifiers(std::string_view w, Modifiers& mods) {
    while (!w.empty()) {
        const std::size_t plus = w.find('+');
        const std::string_view part = w.substr(0, plus);
        if (part == "ctrl")
            mods.ctrl = true;
        else if (part == "shift")
            mods.shift = true;
        else if (part == "alt")
            mods.alt = true;
        else
            return false;
        if (plus == std::string_view::npos) break;
        w.remove_prefix(plus + 1);
    }
    return true;
}

Error arg_error(const std::string& message) {
    return make_error(ErrorCode::InvalidArgument, message);
}

} // namespace

Result<std::vector<std::string>> split_script_line(std::string_view line) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < line.size()) {
        if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
            ++i;
            continue;
        }
        std::string word;
        if (line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < line.size()) {
                const char c = line[i++];
                if (c == '"') {
                    closed = true;
                    break;
                }
                if (c == '\\' && i < line.size() && (line[i] == '"' || line[i] == '\\')) {
                    word += line[i++];
                    continue;
                }
                word += c;
            }
            if (!closed) return make_error(ErrorCode::Parse, "unterminated quote");
        } else {
            while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
                word += line[i++];
        }
        words.push_back(std::move(word));
    }
    return words;
}

Result<std::vector<ScriptStep>> parse_script(std::string_view text, std::string_view file) {
    std::vector<ScriptStep> steps;
    int line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);

        const auto where = [&] { return std::string(file) + ":" + std::to_string(line_number); };
        auto words = split_script_line(line);
        if (!words) return make_error(ErrorCode::Parse, words.error().message, where());
        if (words->empty() || words->front().starts_with('#')) continue;

        ScriptStep step;
        step.line = line_number;
        step.command = words->front();
        step.args.assign(words->begin() + 1, words->end());
        const ScriptCommand* command = find_script_command(step.command);
        if (command == nullptr)
            return make_error(ErrorCode::Parse, "unknown command '" + step.command + "'", where());
        if (auto ok = check_script_args(*command, step.args); !ok)
            return make_error(ErrorCode::Parse, ok.error().message, where());
        steps.push_back(std::move(step));
    }
    return steps;
}

std::optional<ScriptHandle> parse_handle_name(std::string_view name) {
    if (name == "free") return ScriptHandle::Free;
    if (name == "x") return ScriptHandle::AxisX;
    if (name == "y") return ScriptHandle::AxisY;
    if (name == "rotate") return ScriptHandle::Rotate;
    if (name == "scale_x") return ScriptHandle::ScaleX;
    if (name == "scale_y") return ScriptHandle::ScaleY;
    if (name == "scale") return ScriptHandle::ScaleUniform;
    return std::nullopt;
}

Result<ClickOptions> parse_click_options(std::span<const std::string> words) {
    ClickOptions options;
    bool have_button = false;
    for (const std::string& w : words) {
        if (auto b = parse_button(w)) {
            if (have_button) return arg_error("more than one mouse button: '" + w + "'");
            options.button = *b;
            have_button = true;
        } else if (!parse_modifiers(w, options.mods)) {
            return arg_error("expected left|right|middle or shift|ctrl|alt, got '" + w + "'");
        }
    }
    return options;
}

Result<KeyChord> parse_key_chord(std::string_view text) {
    KeyChord chord;
    const std::size_t last_plus = text.size() > 1 ? text.rfind('+', text.size() - 2) : text.npos;
    if (last_plus != std::string_view::npos) {
        if (!parse_modifiers(text.substr(0, last_plus), chord.mods))
            return arg_error("expected modifiers ctrl, shift or alt before the key in '" +
                             std::string(text) + "'");
        text.remove_prefix(last_plus + 1);
    }
    if (text.empty()) return arg_error("missing key name");
    chord.key = std::string(text);
    return chord;
}

} // namespace diorama::editor
