#pragma once
// StandInText: UTF-8 text as a text widget that holds 16-bit characters can edit it exactly.
//
// Dear ImGui 1.86 as Debian builds it keeps a text field's characters as 16-bit ImWchar: a code
// point above U+FFFF becomes U+FFFD, and the byte count the widget keeps for the text no longer
// matches it (a NUL ends up in the string). So everything such a widget cannot hold — a code
// point above U+FFFF, a NUL byte, a byte that is not part of well-formed UTF-8 — is handed to it
// as a stand-in: a private-use code point (U+E000..U+F8FF) that the text does not hold itself.
// After the edit each stand-in turns back into exactly the bytes it stands for, wherever the
// edit moved it. One map serves one edit: it keeps its stand-ins while the field is edited, so
// text typed or pasted into the field goes through the same map.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace diorama::editor {

class StandInText {
public:
    static constexpr char32_t kFirstStandIn = 0xE000; // the Basic Multilingual Plane's
    static constexpr char32_t kLastStandIn = 0xF8FF;  // private-use area

    // text as the widget gets it: every unit it cannot hold replaced by its stand-in (units seen
    // before keep theirs). A private-use character text holds itself stays as it is and is never
    // used as a stand-in; one that is already a stand-in of this map gets a stand-in of its own.
    // nullopt when the private-use area has no stand-in left.
    [[nodiscard]] std::optional<std::string> to_widget(std::string_view text);

    // The widget's text with every stand-in of this map replaced by the bytes it stands for.
    [[nodiscard]] std::string from_widget(std::string_view widget_text) const;

    // How many stand-ins the map has handed out.
    [[nodiscard]] std::size_t size() const { return m_bytes_of.size(); }

private:
    // The stand-in of unit (its bytes), a new one when unit has none; nullopt when none is left.
    std::optional<char32_t> stand_in_for(std::string_view unit);

    std::map<char32_t, std::string> m_bytes_of;                 // stand-in -> its bytes
    std::map<std::string, char32_t, std::less<>> m_stand_in_of; // bytes -> stand-in
    std::set<char32_t> m_held;       // private-use characters the texts hold themselves
    char32_t m_next = kFirstStandIn; // the next stand-in to try
};

} // namespace diorama::editor
