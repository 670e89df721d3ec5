#include "stand_in_text.h"

namespace diorama::editor {

namespace {

// One unit of text: a well-formed UTF-8 sequence, or a single byte that does not start one.
struct Unit {
    char32_t code_point = 0; // when well_formed
    std::size_t length = 1;  // bytes
    bool well_formed = false;
};

// The unit text (not empty) starts with. Overlong forms, surrogates and code points past
// U+10FFFF are not well formed.
Unit first_unit(std::string_view text) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80) return {lead, 1, true};
    std::size_t length = 0;
    char32_t code_point = 0;
    char32_t smallest = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        code_point = lead & 0x1Fu;
        smallest = 0x80;
    } else if ((lead & 0xF0u) == 0xE0u) {
        length = 3;
        code_point = lead & 0x0Fu;
        smallest = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        code_point = lead & 0x07u;
        smallest = 0x10000;
    } else {
        return {};
    }
    if (text.size() < length) return {};
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(i) & 0xC0u) != 0x80u) return {};
        code_point = (code_point << 6) | (byte(i) & 0x3Fu);
    }
    if (code_point < smallest || code_point > 0x10FFFF ||
        (code_point >= 0xD800 && code_point <= 0xDFFF))
        return {};
    return {code_point, length, true};
}

bool is_private_use(char32_t c) {
    return c >= StandInText::kFirstStandIn && c <= StandInText::kLastStandIn;
}

// Appends c (a code point of the Basic Multilingual Plane) as UTF-8.
void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0u | (c >> 6));
        out += static_cast<char>(0x80u | (c & 0x3Fu));
    } else {
        out += static_cast<char>(0xE0u | (c >> 12));
        out += static_cast<char>(0x80u | ((c >> 6) & 0x3Fu));
        out += static_cast<char>(0x80u | (c & 0x3Fu));
    }
}

} // namespace

std::optional<std::string> StandInText::to_widget(std::string_view text) {
    // Private-use characters of the text itself are never handed out as stand-ins.
    for (std::string_view rest = text; !rest.empty();) {
        const Unit u = first_unit(rest);
        if (u.well_formed && is_private_use(u.code_point) && !m_bytes_of.contains(u.code_point))
            m_held.insert(u.code_point);
        rest.remove_prefix(u.length);
    }
    std::string out;
    out.reserve(text.size());
    for (std::string_view rest = text; !rest.empty();) {
        const Unit u = first_unit(rest);
        const std::string_view bytes = rest.substr(0, u.length);
        rest.remove_prefix(u.length);
        const bool held = u.well_formed && u.code_point != 0 && u.code_point <= 0xFFFF &&
                          !m_bytes_of.contains(u.code_point);
        if (held) {
            out += bytes;
            continue;
        }
        const auto stand_in = stand_in_for(bytes);
        if (!stand_in) return std::nullopt;
        append_utf8(out, *stand_in);
    }
    return out;
}

std::string StandInText::from_widget(std::string_view widget_text) const {
    std::string out;
    out.reserve(widget_text.size());
    for (std::string_view rest = widget_text; !rest.empty();) {
        const Unit u = first_unit(rest);
        const auto it = u.well_formed ? m_bytes_of.find(u.code_point) : m_bytes_of.end();
        if (it != m_bytes_of.end())
            out += it->second;
        else
            out += rest.substr(0, u.length);
        rest.remove_prefix(u.length);
    }
    return out;
}

std::optional<char32_t> StandInText::stand_in_for(std::string_view unit) {
    if (const auto it = m_stand_in_of.find(unit); it != m_stand_in_of.end()) return it->second;
    while (m_next <= kLastStandIn && m_held.contains(m_next))
        ++m_next;
    if (m_next > kLastStandIn) return std::nullopt;
    const char32_t stand_in = m_next++;
    m_bytes_of.emplace(stand_in, std::string(unit));
    m_stand_in_of.emplace(std::string(unit), stand_in);
    return stand_in;
}

} // namespace diorama::editor
