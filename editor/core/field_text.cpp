#include "field_text.h"

#include "diorama/handle.h"

#include <array>
#include <charconv>
#include <cmath>

namespace diorama::editor {

namespace {

Error arg_error(const std::string& message) {
    return make_error(ErrorCode::InvalidArgument, message);
}

} // namespace

Result<float> parse_field_number(std::string_view text) {
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
            auto n = parse_field_number(w);
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
    case 7:
        return arg_error("property maps are set key by key (Properties.values.KEY)");
    default:
        return arg_error("tile map cells are painted, not typed");
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
    case 7:
        return "(" + std::to_string(std::get<PropertyMap>(value).size()) + " properties)";
    default: {
        const TileGrid& grid = std::get<TileGrid>(value);
        return "(" + std::to_string(grid.width) + " x " + std::to_string(grid.height) + " tiles, " +
               std::to_string(grid.layers.size()) + " layers)";
    }
    }
}

} // namespace diorama::editor
