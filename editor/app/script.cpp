#include "script.h"

#include "diorama/handle.h"

#include <array>
#include <charconv>
#include <cmath>
#include <optional>

namespace diorama::editor {

namespace {

// Argument kinds: 'n' number, 'i' non-negative integer, 's' any word, 'g' guid, 'b' true|false,
// 'h' handle part, 'o' optional click word (button or modifiers), '*' one or more words to the end
// of the line.
struct CommandSpec {
    std::string_view name;
    std::string_view args;
    std::size_t min_args;
};

constexpr std::array kCommands{
    CommandSpec{"wait", "i", 1},
    CommandSpec{"mouse_move_world", "nn", 2},
    CommandSpec{"mouse_move_screen", "nn", 2},
    CommandSpec{"click_world", "nnoo", 2},
    CommandSpec{"click_screen", "nnoo", 2},
    CommandSpec{"drag_world", "nnnnoo", 4},
    CommandSpec{"drag_screen", "nnnnoo", 4},
    CommandSpec{"drag_handle", "hnn", 3},
    CommandSpec{"drag", "ss", 2},
    CommandSpec{"wheel", "n", 1},
    CommandSpec{"key", "s", 1},
    CommandSpec{"key_down", "s", 1},
    CommandSpec{"key_up", "s", 1},
    CommandSpec{"type", "s", 1},
    CommandSpec{"menu", "s", 1},
    CommandSpec{"click", "soo", 1},
    CommandSpec{"double_click", "s", 1},
    CommandSpec{"hover", "s", 1},
    CommandSpec{"select_guid", "g", 1},
    CommandSpec{"set_field", "s*", 2},
    CommandSpec{"place_prefab", "snn", 3},
    CommandSpec{"save", "", 0},
    CommandSpec{"save_as", "s", 1},
    CommandSpec{"export", "sss", 1},
    CommandSpec{"open_scene", "s", 1},
    CommandSpec{"screenshot", "s", 1},
    CommandSpec{"print_hash", "", 0},
    CommandSpec{"reset_timing", "", 0},
    CommandSpec{"expect_objects", "i", 1},
    CommandSpec{"expect_selection", "i", 1},
    CommandSpec{"expect_field", "s*", 2},
    CommandSpec{"expect_console", "s", 1},
    CommandSpec{"expect_modal", "s", 1},
    CommandSpec{"expect_dirty", "b", 1},
    CommandSpec{"quit", "", 0},
};

const CommandSpec* find_command(std::string_view name) {
    for (const CommandSpec& c : kCommands)
        if (c.name == name) return &c;
    return nullptr;
}

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

Result<void> check_args(const CommandSpec& spec, const std::vector<std::string>& args) {
    const bool rest = spec.args.ends_with('*');
    const std::size_t max = rest ? std::string_view::npos : spec.args.size();
    if (args.size() < spec.min_args || args.size() > max) {
        std::string expected = std::to_string(spec.min_args);
        if (rest)
            expected += " or more";
        else if (max != spec.min_args)
            expected += " to " + std::to_string(max);
        return arg_error(std::string(spec.name) + " takes " + expected + " argument(s), got " +
                         std::to_string(args.size()));
    }
    std::vector<std::string> click_words;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const char kind = i < spec.args.size() ? spec.args[i] : '*';
        const std::string& a = args[i];
        switch (kind) {
        case 'n':
            if (!parse_script_number(a))
                return arg_error("argument " + std::to_string(i + 1) + " must be a number, got '" +
                                 a + "'");
            break;
        case 'i': {
            auto n = parse_script_number(a);
            if (!n || *n < 0.0f || std::floor(*n) != *n)
                return arg_error("argument " + std::to_string(i + 1) +
                                 " must be a whole number >= 0, got '" + a + "'");
            break;
        }
        case 'g':
            if (!parse_guid(a))
                return arg_error("expected a guid (16 hex digits), got '" + a + "'");
            break;
        case 'b':
            if (a != "true" && a != "false")
                return arg_error("expected true or false, got '" + a + "'");
            break;
        case 'h':
            if (!parse_handle_name(a))
                return arg_error(
                    "expected a handle part (free, x, y, rotate, scale_x, scale_y, scale), got '" +
                    a + "'");
            break;
        case 'o':
            click_words.push_back(a);
            break;
        default:
            break;
        }
    }
    if (!click_words.empty()) {
        auto options = parse_click_options(click_words);
        if (!options) return options.error();
    }
    if (spec.name == "key" || spec.name == "key_down" || spec.name == "key_up") {
        auto chord = parse_key_chord(args[0]);
        if (!chord) return chord.error();
    }
    if (spec.name == "export") {
        for (std::size_t i = 1; i < args.size(); ++i)
            if (args[i] != "compact" && args[i] != "force")
                return arg_error("export options are compact and force, got '" + args[i] + "'");
    }
    return {};
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
        const CommandSpec* spec = find_command(step.command);
        if (spec == nullptr)
            return make_error(ErrorCode::Parse, "unknown command '" + step.command + "'", where());
        if (auto ok = check_args(*spec, step.args); !ok)
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

Result<float> parse_script_number(std::string_view text) {
    float value = 0.0f;
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc{} || ptr != end || !std::isfinite(value))
        return arg_error("expected a number, got '" + std::string(text) + "'");
    return value;
}

Result<FieldValue> parse_field_value(const FieldValue& current,
                                     std::span<const std::string> words) {
    const auto numbers = [&](std::size_t lo, std::size_t hi) -> Result<std::vector<float>> {
        if (words.size() < lo || words.size() > hi)
            return arg_error("expected " + std::to_string(lo) +
                             (hi != lo ? " to " + std::to_string(hi) : std::string()) +
                             " numbers, got " + std::to_string(words.size()) + " word(s)");
        std::vector<float> out;
        for (const std::string& w : words) {
            auto n = parse_script_number(w);
            if (!n) return n.error();
            out.push_back(*n);
        }
        return out;
    };
    const auto joined = [&] {
        std::string s;
        for (const std::string& w : words)
            s += (s.empty() ? "" : " ") + w;
        return s;
    };

    switch (current.index()) {
    case 0: // bool
        if (words.size() == 1 && (words[0] == "true" || words[0] == "1")) return FieldValue{true};
        if (words.size() == 1 && (words[0] == "false" || words[0] == "0")) return FieldValue{false};
        return arg_error("expected true or false, got '" + joined() + "'");
    case 1: { // int (or an enum given by name)
        if (words.size() == 1) {
            std::int32_t v = 0;
            const std::string& w = words[0];
            auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
            if (ec == std::errc{} && ptr == w.data() + w.size()) return FieldValue{v};
            return FieldValue{w};
        }
        return arg_error("expected one integer or enum name, got '" + joined() + "'");
    }
    case 2: { // float
        auto n = numbers(1, 1);
        if (!n) return n.error();
        return FieldValue{(*n)[0]};
    }
    case 3:
        return FieldValue{joined()};
    case 4: {
        auto n = numbers(2, 2);
        if (!n) return n.error();
        return FieldValue{glm::vec2((*n)[0], (*n)[1])};
    }
    case 5: {
        auto n = numbers(3, 4);
        if (!n) return n.error();
        return FieldValue{glm::vec4((*n)[0], (*n)[1], (*n)[2], n->size() == 4 ? (*n)[3] : 1.0f)};
    }
    case 6: {
        if (words.size() == 1 && (words[0] == "none" || words[0] == "null"))
            return FieldValue{Guid{}};
        if (words.size() == 1)
            if (auto g = parse_guid(words[0])) return FieldValue{*g};
        return arg_error("expected a guid or none, got '" + joined() + "'");
    }
    default:
        return arg_error("property maps are set key by key (Properties.values.KEY)");
    }
}

std::string format_field_value(const FieldValue& value) {
    const auto number = [](float f) {
        std::array<char, 32> buffer{};
        auto [ptr, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), f);
        (void)ec;
        return std::string(buffer.data(), ptr);
    };
    switch (value.index()) {
    case 0:
        return std::get<bool>(value) ? "true" : "false";
    case 1:
        return std::to_string(std::get<std::int32_t>(value));
    case 2:
        return number(std::get<float>(value));
    case 3:
        return std::get<std::string>(value);
    case 4: {
        const glm::vec2 v = std::get<glm::vec2>(value);
        return number(v.x) + " " + number(v.y);
    }
    case 5: {
        const glm::vec4 c = std::get<glm::vec4>(value);
        return number(c.r) + " " + number(c.g) + " " + number(c.b) + " " + number(c.a);
    }
    case 6: {
        const Guid g = std::get<Guid>(value);
        return g ? to_string(g) : "none";
    }
    default:
        return "(" + std::to_string(std::get<PropertyMap>(value).size()) + " properties)";
    }
}

} // namespace diorama::editor
