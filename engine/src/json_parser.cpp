#include "json_parser.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace diorama::detail {
namespace {

// A strict JSON (RFC 8259) parser over text in memory that sends the same events, in the same
// order, as nlohmann's SAX parser to the same handler, several times faster (no per-byte input
// adapter, no token buffer, numbers read with from_chars). It accepts exactly the texts nlohmann
// accepts; on a syntax error it only says so (syntax_error()), and the caller asks nlohmann's
// parser for the message, so messages stay nlohmann's word for word.
class Parser {
public:
    Parser(std::string_view text, StrictBuilder& handler)
        : m_at(text.data()), m_end(text.data() + text.size()), m_handler(handler) {
        if (text.starts_with("\xef\xbb\xbf")) m_at += 3; // a UTF-8 byte order mark
    }

    // True when the text is one JSON value and the handler took every event; false when the
    // handler refused one (its error is set) or on a syntax error.
    bool parse() {
        std::vector<bool> in_array; // the open containers, innermost last
        Token t = next();
        for (;;) {
            // A value starts with t.
            switch (t) {
            case Token::BeginObject:
                if (!m_handler.start_object(kUnknownSize)) return false;
                t = next();
                if (t == Token::EndObject) {
                    if (!m_handler.end_object()) return false;
                    break;
                }
                if (!member_key(t)) return false;
                in_array.push_back(false);
                t = next();
                continue;
            case Token::BeginArray:
                if (!m_handler.start_array(kUnknownSize)) return false;
                t = next();
                if (t == Token::EndArray) {
                    if (!m_handler.end_array()) return false;
                    break;
                }
                in_array.push_back(true);
                continue;
            case Token::String:
                if (!m_handler.string(m_string)) return false;
                break;
            case Token::Unsigned:
                if (!m_handler.number_unsigned(m_unsigned)) return false;
                break;
            case Token::Integer:
                if (!m_handler.number_integer(m_integer)) return false;
                break;
            case Token::Float:
                if (!m_handler.number_float(m_float, m_string)) return false;
                break;
            case Token::True:
            case Token::False:
                if (!m_handler.boolean(t == Token::True)) return false;
                break;
            case Token::Null:
                if (!m_handler.null()) return false;
                break;
            default:
                return syntax();
            }
            // A value is complete: close the containers it completes, or read the next one.
            for (;;) {
                if (in_array.empty()) return next() == Token::End || syntax();
                t = next();
                if (in_array.back()) {
                    if (t == Token::Comma) break;
                    if (t != Token::EndArray) return syntax();
                    if (!m_handler.end_array()) return false;
                } else {
                    if (t == Token::Comma) {
                        if (!member_key(next())) return false;
                        break;
                    }
                    if (t != Token::EndObject) return syntax();
                    if (!m_handler.end_object()) return false;
                }
                in_array.pop_back();
            }
            t = next();
        }
    }

    [[nodiscard]] bool syntax_error() const { return m_syntax_error; }

private:
    static constexpr std::size_t kUnknownSize = static_cast<std::size_t>(-1);

    enum class Token {
        BeginObject,
        EndObject,
        BeginArray,
        EndArray,
        Colon,
        Comma,
        String,
        Unsigned,
        Integer,
        Float,
        True,
        False,
        Null,
        End,
        Invalid,
    };

    bool syntax() {
        m_syntax_error = true;
        return false;
    }

    // t (read) must be a key, followed by a colon.
    bool member_key(Token t) {
        if (t != Token::String) return syntax();
        if (!m_handler.key(m_string)) return false;
        return next() == Token::Colon || syntax();
    }

    Token next() {
        while (m_at != m_end && (*m_at == ' ' || *m_at == '\n' || *m_at == '\r' || *m_at == '\t'))
            ++m_at;
        if (m_at == m_end) return Token::End;
        switch (*m_at) {
        case '{':
            ++m_at;
            return Token::BeginObject;
        case '}':
            ++m_at;
            return Token::EndObject;
        case '[':
            ++m_at;
            return Token::BeginArray;
        case ']':
            ++m_at;
            return Token::EndArray;
        case ':':
            ++m_at;
            return Token::Colon;
        case ',':
            ++m_at;
            return Token::Comma;
        case '"':
            ++m_at;
            return string();
        case 't':
            return literal("true", Token::True);
        case 'f':
            return literal("false", Token::False);
        case 'n':
            return literal("null", Token::Null);
        default:
            return number();
        }
    }

    Token literal(std::string_view word, Token token) {
        if (static_cast<std::size_t>(m_end - m_at) < word.size() ||
            std::string_view(m_at, word.size()) != word)
            return Token::Invalid;
        m_at += word.size();
        return token;
    }

    // The string after its opening quote, into m_string.
    Token string() {
        m_string.clear();
        for (;;) {
            const char* run = m_at;
            while (m_at != m_end && plain(*m_at))
                ++m_at;
            m_string.append(run, m_at);
            if (m_at == m_end) return Token::Invalid;
            const auto c = static_cast<unsigned char>(*m_at);
            if (c == '"') {
                ++m_at;
                return Token::String;
            }
            if (c == '\\') {
                if (!escape()) return Token::Invalid;
            } else if (c < 0x20 || !utf8_sequence()) {
                return Token::Invalid;
            }
        }
    }

    // Printable ASCII other than the quote and the backslash.
    static bool plain(char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 && u < 0x80 && c != '"' && c != '\\';
    }

    // One well-formed UTF-8 sequence of two to four bytes at m_at (RFC 3629), appended.
    bool utf8_sequence() {
        const auto byte = [this](std::size_t i) { return static_cast<unsigned char>(m_at[i]); };
        const auto c = byte(0);
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xbf; // the range of the second byte
        if (c >= 0xc2 && c <= 0xdf) {
            length = 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            length = 3;
            if (c == 0xe0) low = 0xa0;
            if (c == 0xed) high = 0x9f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            length = 4;
            if (c == 0xf0) low = 0x90;
            if (c == 0xf4) high = 0x8f;
        } else {
            return false;
        }
        if (static_cast<std::size_t>(m_end - m_at) < length) return false;
        if (byte(1) < low || byte(1) > high) return false;
        for (std::size_t i = 2; i < length; ++i)
            if (byte(i) < 0x80 || byte(i) > 0xbf) return false;
        m_string.append(m_at, length);
        m_at += length;
        return true;
    }

    // The escape at m_at (a backslash), its character appended.
    bool escape() {
        if (m_end - m_at < 2) return false;
        const char c = m_at[1];
        m_at += 2;
        switch (c) {
        case '"':
        case '\\':
        case '/':
            m_string += c;
            return true;
        case 'b':
            m_string += '\b';
            return true;
        case 'f':
            m_string += '\f';
            return true;
        case 'n':
            m_string += '\n';
            return true;
        case 'r':
            m_string += '\r';
            return true;
        case 't':
            m_string += '\t';
            return true;
        case 'u':
            return unicode_escape();
        default:
            return false;
        }
    }

    // The code point of \uXXXX (after its "\u"), a surrogate pair taking two, appended as UTF-8.
    bool unicode_escape() {
        int unit = hex4();
        if (unit < 0 || (unit >= 0xdc00 && unit <= 0xdfff)) return false;
        std::uint32_t point = static_cast<std::uint32_t>(unit);
        if (unit >= 0xd800 && unit <= 0xdbff) {
            if (m_end - m_at < 2 || m_at[0] != '\\' || m_at[1] != 'u') return false;
            m_at += 2;
            const int second = hex4();
            if (second < 0xdc00 || second > 0xdfff) return false;
            point = 0x10000 + ((static_cast<std::uint32_t>(unit) - 0xd800) << 10) +
                    (static_cast<std::uint32_t>(second) - 0xdc00);
        }
        append_utf8(point);
        return true;
    }

    // Four hex digits at m_at as a number, or -1.
    int hex4() {
        if (m_end - m_at < 4) return -1;
        int value = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = *m_at++;
            int digit = -1;
            if (c >= '0' && c <= '9') digit = c - '0';
            if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
            if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
            if (digit < 0) return -1;
            value = value * 16 + digit;
        }
        return value;
    }

    void append_utf8(std::uint32_t point) {
        const auto add = [this](std::uint32_t byte) { m_string += static_cast<char>(byte); };
        if (point < 0x80) {
            add(point);
        } else if (point < 0x800) {
            add(0xc0 | (point >> 6));
            add(0x80 | (point & 0x3f));
        } else if (point < 0x10000) {
            add(0xe0 | (point >> 12));
            add(0x80 | ((point >> 6) & 0x3f));
            add(0x80 | (point & 0x3f));
        } else {
            add(0xf0 | (point >> 18));
            add(0x80 | ((point >> 12) & 0x3f));
            add(0x80 | ((point >> 6) & 0x3f));
            add(0x80 | (point & 0x3f));
        }
    }

    bool digit_at(const char* p) const { return p != m_end && *p >= '0' && *p <= '9'; }

    // A number at m_at: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    Token number() {
        const char* start = m_at;
        const char* p = m_at;
        if (*p == '-') ++p;
        if (!digit_at(p)) return Token::Invalid;
        if (*p++ != '0')
            while (digit_at(p))
                ++p;
        bool integer = true;
        if (p != m_end && *p == '.') {
            integer = false;
            if (!digit_at(++p)) return Token::Invalid;
            while (digit_at(p))
                ++p;
        }
        if (p != m_end && (*p == 'e' || *p == 'E')) {
            integer = false;
            ++p;
            if (p != m_end && (*p == '+' || *p == '-')) ++p;
            if (!digit_at(p)) return Token::Invalid;
            while (digit_at(p))
                ++p;
        }
        m_at = p;
        // Integers that do not fit 64 bits are read as floating point, as nlohmann does.
        if (integer && *start != '-' && std::from_chars(start, p, m_unsigned).ec == std::errc())
            return Token::Unsigned;
        if (integer && *start == '-' && std::from_chars(start, p, m_integer).ec == std::errc())
            return Token::Integer;
        return floating(start, p);
    }

    Token floating(const char* start, const char* end) {
        const auto [ptr, ec] = std::from_chars(start, end, m_float);
        if (ec == std::errc::result_out_of_range) {
            // Overflow is refused (below); underflow gives what strtod gives, as in nlohmann.
            const std::string token(start, end);
            m_float = std::strtod(token.c_str(), nullptr);
        } else if (ec != std::errc() || ptr != end) {
            return Token::Invalid;
        }
        return std::isfinite(m_float) ? Token::Float : Token::Invalid;
    }

    const char* m_at;
    const char* m_end;
    StrictBuilder& m_handler;
    std::string m_string; // the last string read
    std::uint64_t m_unsigned = 0;
    std::int64_t m_integer = 0;
    double m_float = 0.0;
    bool m_syntax_error = false;
};

} // namespace

ParseEnd parse_events(std::string_view text, StrictBuilder& builder) {
    Parser parser(text, builder);
    if (parser.parse()) return ParseEnd::Done;
    return parser.syntax_error() ? ParseEnd::SyntaxError : ParseEnd::Refused;
}

} // namespace diorama::detail
