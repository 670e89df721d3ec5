// Key names and input scripts (*.input.json).

#include "diorama/input_script.h"

#include "diorama/file_io.h"
#include "document.h"

#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>

namespace diorama {

// ---- key names ----

namespace {

// Indexed by Key's value; the order of the enumerators in message.h.
constexpr std::array<const char*, static_cast<std::size_t>(Key::Count)> kKeyNames{
    "Unknown", "Left",    "Right", "Up",   "Down", "Space", "Enter", "Escape", "Tab", "Backspace",
    "Shift",   "Control", "Alt",   "A",    "B",    "C",     "D",     "E",      "F",   "G",
    "H",       "I",       "J",     "K",    "L",    "M",     "N",     "O",      "P",   "Q",
    "R",       "S",       "T",     "U",    "V",    "W",     "X",     "Y",      "Z",   "Num0",
    "Num1",    "Num2",    "Num3",  "Num4", "Num5", "Num6",  "Num7",  "Num8",   "Num9"};

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace

const char* to_string(Key key) {
    const auto i = static_cast<std::size_t>(key);
    return i < kKeyNames.size() ? kKeyNames[i] : "Unknown";
}

std::optional<Key> parse_key(std::string_view name) {
    for (std::size_t i = 1; i < kKeyNames.size(); ++i)
        if (name == kKeyNames[i]) return static_cast<Key>(i);
    return std::nullopt;
}

// ---- input scripts ----

namespace {

constexpr std::size_t kMaxScriptBytes = 64u << 20;
constexpr const char* kFormat = "diorama.input";
// Ticks are integers a double holds exactly, so no tick is silently rounded by a JSON tool.
constexpr std::uint64_t kMaxTick = (std::uint64_t{1} << 53) - 1;

struct EventKindName {
    InputEventKind kind;
    const char* name;
};
constexpr std::array kEventKinds{
    EventKindName{InputEventKind::KeyDown, "key_down"},
    EventKindName{InputEventKind::KeyUp, "key_up"},
    EventKindName{InputEventKind::MouseMove, "mouse_move"},
    EventKindName{InputEventKind::MouseDown, "mouse_down"},
    EventKindName{InputEventKind::MouseUp, "mouse_up"},
    EventKindName{InputEventKind::Wheel, "wheel"},
};
constexpr std::array<const char*, 3> kButtonNames{"left", "middle", "right"};

const char* kind_name(InputEventKind kind) {
    for (const EventKindName& k : kEventKinds)
        if (k.kind == kind) return k.name;
    return "?";
}

bool is_key_event(InputEventKind kind) {
    return kind == InputEventKind::KeyDown || kind == InputEventKind::KeyUp;
}
bool is_button_event(InputEventKind kind) {
    return kind == InputEventKind::MouseDown || kind == InputEventKind::MouseUp;
}
bool has_position(InputEventKind kind) {
    return kind == InputEventKind::MouseMove || is_button_event(kind);
}

// Reads one event's fields; problems go to diagnostics with the event's path.
class EventReader {
public:
    EventReader(const Json& entry, std::string_view file, std::string path, Diagnostics& d)
        : m_entry(entry), m_file(file), m_path(std::move(path)), m_diagnostics(d) {}

    std::optional<TimedInput> read() {
        if (!m_entry.is_object()) {
            fail(ErrorCode::Type,
                 "expected an event object, got " + detail::describe_json_type(m_entry), m_path);
            return std::nullopt;
        }
        TimedInput out;
        const std::optional<std::uint64_t> tick = read_tick();
        const std::optional<InputEventKind> kind = read_kind();
        if (!tick || !kind) return std::nullopt;
        out.tick = *tick;
        out.event.kind = *kind;
        bool ok = reject_unknown_keys(*kind);
        if (is_key_event(*kind)) {
            const std::optional<Key> key = read_key();
            ok = ok && key.has_value();
            if (key) out.event.key = *key;
        }
        if (is_button_event(*kind)) {
            const std::optional<std::uint8_t> button = read_button();
            ok = ok && button.has_value();
            if (button) out.event.button = *button;
        }
        if (has_position(*kind)) {
            const std::optional<glm::vec2> position = read_position();
            ok = ok && position.has_value();
            if (position) out.event.position = *position;
        }
        if (*kind == InputEventKind::Wheel) {
            const std::optional<float> wheel = read_wheel();
            ok = ok && wheel.has_value();
            if (wheel) out.event.wheel = *wheel;
        }
        if (!ok) return std::nullopt;
        return out;
    }

private:
    void fail(ErrorCode code, std::string message, const std::string& path) {
        m_diagnostics.error(make_error(code, std::move(message), detail::where(m_file, path)));
    }
    std::string at(std::string_view key) const { return json_path(m_path, key); }

    // The member `key`, or nullptr after reporting it missing (`what` says what belongs there).
    const Json* member(std::string_view key, std::string_view what) {
        const auto it = m_entry.find(key);
        if (it != m_entry.end()) return &*it;
        fail(ErrorCode::NotFound,
             "missing \"" + std::string(key) + "\" (" + std::string(what) + ")", m_path);
        return nullptr;
    }

    std::optional<std::uint64_t> read_tick() {
        const Json* j = member("tick", "the tick number, a whole number >= 0");
        if (j == nullptr) return std::nullopt;
        if (!j->is_number_unsigned()) { // non-negative integers parse as unsigned
            fail(ErrorCode::Type,
                 "expected a tick number, a whole number >= 0, got " + describe(*j), at("tick"));
            return std::nullopt;
        }
        const auto tick = j->get<std::uint64_t>();
        if (tick > kMaxTick) {
            fail(ErrorCode::Range,
                 "tick " + std::to_string(tick) + " is beyond the largest, 2^53-1", at("tick"));
            return std::nullopt;
        }
        return tick;
    }

    std::optional<InputEventKind> read_kind() {
        const Json* j =
            member("type", "key_down, key_up, mouse_move, mouse_down, mouse_up or wheel");
        if (j == nullptr) return std::nullopt;
        if (j->is_string())
            for (const EventKindName& k : kEventKinds)
                if (j->get_ref<const std::string&>() == k.name) return k.kind;
        fail(ErrorCode::Type,
             "expected an event type: key_down, key_up, mouse_move, mouse_down, mouse_up or "
             "wheel; got " +
                 describe(*j),
             at("type"));
        return std::nullopt;
    }

    bool reject_unknown_keys(InputEventKind kind) {
        bool ok = true;
        for (auto it = m_entry.begin(); it != m_entry.end(); ++it) {
            const std::string& key = it.key();
            const bool known = key == "tick" || key == "type" ||
                               (key == "key" && is_key_event(kind)) ||
                               (key == "button" && is_button_event(kind)) ||
                               (key == "position" && has_position(kind)) ||
                               (key == "wheel" && kind == InputEventKind::Wheel);
            if (!known) {
                fail(ErrorCode::NotFound,
                     "unknown key \"" + key + "\" for a " + kind_name(kind) + " event", at(key));
                ok = false;
            }
        }
        return ok;
    }

    std::optional<Key> read_key() {
        const Json* j = member("key", "a key name such as \"Left\", \"Space\", \"A\" or \"Num1\"");
        if (j == nullptr) return std::nullopt;
        if (!j->is_string()) {
            fail(ErrorCode::Type, "expected a key name, got " + describe(*j), at("key"));
            return std::nullopt;
        }
        const std::string& name = j->get_ref<const std::string&>();
        if (const std::optional<Key> key = parse_key(name)) return key;
        std::string message = "unknown key name \"" + name + "\"";
        for (std::size_t i = 1; i < kKeyNames.size(); ++i)
            if (equal_ignoring_case(name, kKeyNames[i]))
                message += " (did you mean \"" + std::string(kKeyNames[i]) + "\"?)";
        message += "; key names: ";
        for (std::size_t i = 1; i < kKeyNames.size(); ++i)
            message += std::string(i > 1 ? ", " : "") + kKeyNames[i];
        fail(ErrorCode::NotFound, std::move(message), at("key"));
        return std::nullopt;
    }

    std::optional<std::uint8_t> read_button() {
        const Json* j = member("button", "left, middle or right");
        if (j == nullptr) return std::nullopt;
        if (j->is_string())
            for (std::size_t i = 0; i < kButtonNames.size(); ++i)
                if (j->get_ref<const std::string&>() == kButtonNames[i])
                    return static_cast<std::uint8_t>(i);
        fail(ErrorCode::Type, "expected a mouse button: left, middle or right; got " + describe(*j),
             at("button"));
        return std::nullopt;
    }

    std::optional<float> finite_float(const Json& j) {
        if (!j.is_number()) return std::nullopt;
        const double v = j.get<double>();
        if (!std::isfinite(v) || std::abs(v) > std::numeric_limits<float>::max())
            return std::nullopt;
        return static_cast<float>(v);
    }

    std::optional<glm::vec2> read_position() {
        const Json* j = member("position", "[x, y] in world units");
        if (j == nullptr) return std::nullopt;
        if (j->is_array() && j->size() == 2) {
            const std::optional<float> x = finite_float((*j)[0]);
            const std::optional<float> y = finite_float((*j)[1]);
            if (x && y) return glm::vec2(*x, *y);
        }
        fail(ErrorCode::Type,
             "expected [x, y], two finite numbers (world units), got " + describe(*j),
             at("position"));
        return std::nullopt;
    }

    std::optional<float> read_wheel() {
        const Json* j = member("wheel", "notches, positive away from the user");
        if (j == nullptr) return std::nullopt;
        if (const std::optional<float> v = finite_float(*j)) return v;
        fail(ErrorCode::Type, "expected a finite number of wheel notches, got " + describe(*j),
             at("wheel"));
        return std::nullopt;
    }

    static std::string describe(const Json& j) {
        std::string text = detail::describe_json_type(j);
        if (j.is_primitive() && !j.is_null()) {
            std::string shown = j.dump();
            if (shown.size() > 40) shown = shown.substr(0, 40) + "...";
            text += " " + shown;
        }
        return text;
    }

    const Json& m_entry;
    std::string_view m_file;
    std::string m_path;
    Diagnostics& m_diagnostics;
};

} // namespace

Result<InputScript> parse_input_script(std::string_view text, std::string_view file,
                                       Diagnostics& diagnostics) {
    auto parsed = parse_json(text, file);
    if (!parsed) {
        diagnostics.error(parsed.error());
        return parsed.error();
    }
    const Json& root = *parsed;
    Diagnostics local;
    if (!detail::check_header(root, kFormat, kInputScriptVersion, file, local)) {
        diagnostics.merge(local);
        return local.first_error();
    }
    detail::reject_unknown_keys(root, {"format", "version", "description", "events"}, file, "",
                                local);
    InputScript script;
    if (auto description = detail::read_string(root, "description", false, file, "", local))
        script.description = std::move(*description);

    const auto events = root.find("events");
    if (events == root.end()) {
        local.error(make_error(ErrorCode::NotFound, "missing \"events\" (an array of events)",
                               std::string(file)));
    } else if (!events->is_array()) {
        local.error(
            make_error(ErrorCode::Type,
                       "expected an array of events, got " + detail::describe_json_type(*events),
                       detail::where(file, "events")));
    } else {
        std::optional<std::uint64_t> previous_tick;
        for (std::size_t i = 0; i < events->size(); ++i) {
            const std::string path = json_path("events", i);
            std::optional<TimedInput> event = EventReader((*events)[i], file, path, local).read();
            if (!event) continue;
            if (previous_tick && event->tick < *previous_tick)
                local.error(make_error(ErrorCode::Range,
                                       "tick " + std::to_string(event->tick) +
                                           " comes before the previous event's tick " +
                                           std::to_string(*previous_tick) +
                                           "; events are listed in tick order",
                                       detail::where(file, json_path(path, "tick"))));
            previous_tick = event->tick;
            script.events.push_back(*event);
        }
    }
    diagnostics.merge(local);
    if (local.has_errors()) return local.first_error();
    return script;
}

Result<InputScript> load_input_script(const std::filesystem::path& path, Diagnostics& diagnostics) {
    auto text = read_file(path, kMaxScriptBytes);
    if (!text) {
        diagnostics.error(text.error());
        return text.error();
    }
    return parse_input_script(*text, path.string(), diagnostics);
}

Result<Json> input_script_to_json(const InputScript& script) {
    Json events = Json::array();
    std::uint64_t previous_tick = 0;
    for (std::size_t i = 0; i < script.events.size(); ++i) {
        const TimedInput& timed = script.events[i];
        const InputEvent& e = timed.event;
        const std::string where = json_path("events", i);
        if (timed.tick < previous_tick || timed.tick > kMaxTick)
            return make_error(ErrorCode::Range, "tick out of order or too large", where);
        previous_tick = timed.tick;
        Json entry = {{"tick", timed.tick}, {"type", kind_name(e.kind)}};
        if (is_key_event(e.kind)) {
            if (parse_key(to_string(e.key)) != e.key)
                return make_error(ErrorCode::InvalidArgument, "the event has no named key", where);
            entry["key"] = to_string(e.key);
        }
        if (is_button_event(e.kind)) {
            if (e.button >= kButtonNames.size())
                return make_error(ErrorCode::Range, "mouse buttons are 0 (left) to 2 (right)",
                                  where);
            entry["button"] = kButtonNames[e.button];
        }
        if (has_position(e.kind)) {
            if (!std::isfinite(e.position.x) || !std::isfinite(e.position.y))
                return make_error(ErrorCode::Range, "position is not finite", where);
            entry["position"] =
                Json::array({float_to_json(e.position.x), float_to_json(e.position.y)});
        }
        if (e.kind == InputEventKind::Wheel) {
            if (!std::isfinite(e.wheel))
                return make_error(ErrorCode::Range, "wheel is not finite", where);
            entry["wheel"] = float_to_json(e.wheel);
        }
        events.push_back(std::move(entry));
    }
    Json root = {
        {"format", kFormat}, {"version", kInputScriptVersion}, {"events", std::move(events)}};
    if (!script.description.empty()) root["description"] = script.description;
    return root;
}

} // namespace diorama
