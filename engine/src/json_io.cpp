#include "diorama/json_io.h"

#include "document.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

std::string printable(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        }
    }
    return out;
}

namespace {

// Builds a Json value from SAX events, refusing duplicate keys and nesting beyond a depth, and
// remembering the JSON path of the value being built for error messages.
class StrictBuilder final : public nlohmann::json_sax<Json> {
public:
    // stream_key and sink: the elements of the root's array at that key go to sink one by one.
    StrictBuilder(const JsonLimits& limits, std::string_view stream_key,
                  const detail::ElementSink* sink)
        : m_limits(limits), m_stream_key(stream_key), m_sink(sink) {}

    bool null() override { return put(Json(nullptr)); }
    bool boolean(bool v) override { return put(Json(v)); }
    bool number_integer(number_integer_t v) override { return put(Json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return put(Json(v)); }
    bool number_float(number_float_t v, const string_t&) override { return put(Json(v)); }
    bool string(string_t& v) override { return put(Json(std::move(v))); }
    bool binary(binary_t&) override {
        return fail(ErrorCode::Parse, "binary values are not JSON", pending_path());
    }

    bool start_object(std::size_t) override { return open(Json::object()); }
    bool start_array(std::size_t) override { return open(Json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& k) override {
        // One lookup: the value's place is made now (null) and filled by the value's event.
        Frame& f = m_stack.back();
        auto [it, inserted] = f.value->get_ref<Json::object_t&>().emplace(std::move(k), nullptr);
        if (!inserted)
            return fail(ErrorCode::Duplicate, "duplicate key \"" + it->first + "\"",
                        json_path(container_path(), it->first));
        f.key = &it->first;
        f.pending = &it->second;
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& ex) override {
        m_error_offset = position;
        m_message = ex.what();
        // nlohmann's messages start with "[json.exception.parse_error.101] parse error at line...".
        if (auto at = m_message.find("] "); at != std::string::npos)
            m_message = m_message.substr(at + 2);
        // ... and then "parse error at line 3, column 14: ", which the location says already.
        if (m_message.starts_with("parse error"))
            if (auto at = m_message.find(": "); at != std::string::npos)
                m_message = m_message.substr(at + 2);
        m_message = printable(m_message); // "last read: '...'" quotes the input's raw bytes
        m_path = pending_path();
        m_syntax = true;
        return false;
    }

    Json root;
    ErrorCode m_code = ErrorCode::Parse;
    std::string m_message;
    std::string m_path; // JSON path of the value being read when parsing stopped
    std::size_t m_error_offset = 0;
    bool m_syntax = false;

private:
    struct Frame {
        Json* value = nullptr;
        const std::string* key = nullptr; // objects: the key of the value being read (in the map)
        Json* pending = nullptr;          // objects: where that value goes
        std::size_t count = 0;            // arrays: elements so far
        bool streamed = false;            // arrays: elements go to the sink, not kept
    };

    // Hands the array's newest element to the sink and drops it.
    bool hand_over(Frame& f) {
        (*m_sink)(root, f.count - 1, f.value->back());
        f.value->get_ref<Json::array_t&>().pop_back();
        return true;
    }

    static std::string_view key_of(const Frame& f) {
        return f.key != nullptr ? std::string_view(*f.key) : std::string_view();
    }

    // The path of the innermost open container.
    std::string container_path() const {
        std::string p;
        for (std::size_t i = 0; i + 1 < m_stack.size(); ++i) {
            const Frame& f = m_stack[i];
            p = f.value->is_object() ? json_path(p, key_of(f)) : json_path(p, f.count - 1);
        }
        return p;
    }

    // The path of the value about to be read (of its object when no key was read yet).
    std::string pending_path() const {
        if (m_stack.empty()) return {};
        const Frame& f = m_stack.back();
        if (f.value->is_object())
            return f.key != nullptr ? json_path(container_path(), *f.key) : container_path();
        return json_path(container_path(), f.count);
    }

    bool fail(ErrorCode code, std::string message, std::string where) {
        m_code = code;
        m_message = std::move(message);
        m_path = std::move(where);
        return false;
    }

    Json* slot(Json&& v) {
        if (m_stack.empty()) {
            root = std::move(v);
            return &root;
        }
        Frame& f = m_stack.back();
        if (f.value->is_array()) {
            f.value->push_back(std::move(v));
            ++f.count;
            return &f.value->back();
        }
        *f.pending = std::move(v);
        return f.pending;
    }

    // Counts one more value; false (and the error set) past the limit.
    bool count_value() {
        if (++m_values <= m_limits.max_values) return true;
        return fail(ErrorCode::Limit,
                    "more than " + std::to_string(m_limits.max_values) + " values in one file",
                    pending_path());
    }

    bool put(Json&& v) {
        if (!count_value()) return false;
        slot(std::move(v));
        value_done();
        if (!m_stack.empty() && m_stack.back().streamed) return hand_over(m_stack.back());
        return true;
    }

    // After a value of an object is complete, the next key is awaited.
    void value_done() {
        if (!m_stack.empty()) m_stack.back().key = nullptr;
    }

    bool open(Json&& container) {
        if (static_cast<int>(m_stack.size()) >= m_limits.max_depth)
            return fail(ErrorCode::Limit,
                        "nesting deeper than " + std::to_string(m_limits.max_depth) + " levels",
                        pending_path());
        if (!count_value()) return false;
        const bool streamed = m_sink != nullptr && container.is_array() && m_stack.size() == 1 &&
                              m_stack[0].value->is_object() && key_of(m_stack[0]) == m_stream_key;
        Json* c = slot(std::move(container));
        m_stack.push_back(Frame{c, nullptr, nullptr, 0, streamed});
        return true;
    }

    bool close() {
        m_stack.pop_back();
        value_done();
        if (!m_stack.empty() && m_stack.back().streamed) return hand_over(m_stack.back());
        return true;
    }

    JsonLimits m_limits;
    std::string_view m_stream_key;
    const detail::ElementSink* m_sink;
    std::vector<Frame> m_stack;
    std::size_t m_values = 0;
};

// ---- the parser ----

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

void line_and_column(std::string_view text, std::size_t offset, std::size_t& line,
                     std::size_t& column) {
    line = 1;
    column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
}

bool is_scalar(const Json& j) {
    return !j.is_object() && !j.is_array();
}

// Appends pretty JSON to a string through one serializer, so no value makes a temporary string.
class PrettyWriter {
public:
    explicit PrettyWriter(std::string& out)
        : m_out(out), m_serializer(nlohmann::detail::output_adapter<char, std::string>(out), ' ',
                                   Json::error_handler_t::replace) {}

    void value(const Json& j, int indent) {
        if (j.is_object()) {
            object(j, indent);
        } else if (j.is_array()) {
            array(j, indent);
        } else {
            scalar(j);
        }
    }

private:
    void scalar(const Json& j) { m_serializer.dump(j, false, false, 0); }

    // Keys are plain names almost always; anything to escape goes through the serializer.
    void key(const std::string& k) {
        const bool plain = std::all_of(k.begin(), k.end(), [](char c) {
            const auto u = static_cast<unsigned char>(c);
            return u >= 0x20 && u < 0x7f && c != '"' && c != '\\';
        });
        if (plain) {
            m_out += '"';
            m_out += k;
            m_out += '"';
        } else {
            scalar(Json(k));
        }
    }

    void object(const Json& j, int indent) {
        if (j.empty()) {
            m_out += "{}";
            return;
        }
        m_out += "{\n";
        bool first = true;
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (!first) m_out += ",\n";
            first = false;
            m_out.append(static_cast<std::size_t>(indent + 2), ' ');
            key(it.key());
            m_out += ": ";
            value(it.value(), indent + 2);
        }
        m_out += '\n';
        m_out.append(static_cast<std::size_t>(indent), ' ');
        m_out += '}';
    }

    void array(const Json& j, int indent) {
        if (j.empty()) {
            m_out += "[]";
            return;
        }
        bool all_scalar = true;
        for (const Json& e : j)
            all_scalar = all_scalar && is_scalar(e) && !e.is_string();
        if (all_scalar) { // numbers and bools on one line
            m_out += '[';
            for (std::size_t i = 0; i < j.size(); ++i) {
                if (i > 0) m_out += ", ";
                scalar(j[i]);
            }
            m_out += ']';
            return;
        }
        m_out += "[\n";
        for (std::size_t i = 0; i < j.size(); ++i) {
            if (i > 0) m_out += ",\n";
            m_out.append(static_cast<std::size_t>(indent + 2), ' ');
            value(j[i], indent + 2);
        }
        m_out += '\n';
        m_out.append(static_cast<std::size_t>(indent), ' ');
        m_out += ']';
    }

    std::string& m_out;
    nlohmann::detail::serializer<Json> m_serializer;
};

// The error the builder stopped at, located.
Error builder_error(const StrictBuilder& builder, std::string_view text, std::string_view file) {
    if (builder.m_syntax) {
        std::size_t line = 0, column = 0;
        line_and_column(text, builder.m_error_offset == 0 ? 0 : builder.m_error_offset - 1, line,
                        column);
        std::string where =
            std::string(file) + ":" + std::to_string(line) + ":" + std::to_string(column);
        if (!builder.m_path.empty()) where += ": " + builder.m_path;
        return make_error(ErrorCode::Parse, builder.m_message, where);
    }
    std::string where(file);
    if (!builder.m_path.empty()) where += ": " + builder.m_path;
    return make_error(builder.m_code, builder.m_message, where);
}

// Parses text with nlohmann's parser into a fresh builder (a streamed array's elements are
// dropped): the reference Parser agrees with, and the source of its syntax error messages.
Result<Json> parse_with_nlohmann(std::string_view text, std::string_view file, JsonLimits limits,
                                 std::string_view stream_key, bool streamed) {
    const detail::ElementSink drop = [](const Json&, std::size_t, const Json&) {};
    StrictBuilder builder(limits, stream_key, streamed ? &drop : nullptr);
    bool ok = false;
    try {
        ok = Json::sax_parse(text, &builder, Json::input_format_t::json, true, false);
    } catch (const std::bad_alloc&) {
        return make_error(ErrorCode::OutOfMemory, "out of memory while parsing", std::string(file));
    } catch (const std::exception& e) {
        return make_error(ErrorCode::Parse, e.what(), std::string(file));
    }
    if (ok) return std::move(builder.root);
    return builder_error(builder, text, file);
}

// The message for text that Parser found a syntax error in: nlohmann's, word for word. (The
// elements handed over before the error are not handed over again.)
Error syntax_error(std::string_view text, std::string_view file, JsonLimits limits,
                   std::string_view stream_key, const detail::ElementSink* sink) {
    auto reference = parse_with_nlohmann(text, file, limits, stream_key, sink != nullptr);
    if (!reference) return reference.error();
    // Not reached while the two parsers agree (the tests compare them on hostile input).
    return make_error(ErrorCode::Parse, "syntax error (the parsers disagree)", std::string(file));
}

Result<Json> parse_strict(std::string_view text, std::string_view file, JsonLimits limits,
                          std::string_view stream_key, const detail::ElementSink* sink) {
    if (text.size() > limits.max_bytes)
        return make_error(ErrorCode::Limit,
                          "file is " + std::to_string(text.size()) + " bytes; the limit is " +
                              std::to_string(limits.max_bytes),
                          std::string(file));
    // The parser would take a NUL byte for the end of the input and ignore what follows; no JSON
    // text has one (inside strings it must be escaped).
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
        std::size_t line = 0, column = 0;
        line_and_column(text, nul, line, column);
        return make_error(ErrorCode::Parse, "NUL byte; a JSON file is text",
                          std::string(file) + ":" + std::to_string(line) + ":" +
                              std::to_string(column));
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return make_error(ErrorCode::Parse, "the file is empty (expected a JSON object)",
                          std::string(file));
    StrictBuilder builder(limits, stream_key, sink);
    try {
        Parser parser(text, builder);
        if (parser.parse()) return std::move(builder.root);
        if (parser.syntax_error()) return syntax_error(text, file, limits, stream_key, sink);
    } catch (const std::bad_alloc&) {
        return make_error(ErrorCode::OutOfMemory, "out of memory while parsing", std::string(file));
    } catch (const std::exception& e) {
        return make_error(ErrorCode::Parse, e.what(), std::string(file));
    }
    return builder_error(builder, text, file);
}

} // namespace

Result<Json> parse_json(std::string_view text, std::string_view file, JsonLimits limits) {
    return parse_strict(text, file, limits, {}, nullptr);
}

Result<Json> detail::parse_json_streaming(std::string_view text, std::string_view file,
                                          JsonLimits limits, std::string_view array_key,
                                          const ElementSink& on_element) {
    return parse_strict(text, file, limits, array_key, &on_element);
}

void detail::append_pretty_json(std::string& out, const Json& value, int indent) {
    PrettyWriter(out).value(value, indent);
}

std::string to_pretty_json(const Json& value) {
    std::string out;
    PrettyWriter(out).value(value, 0);
    out += '\n';
    return out;
}

std::string to_compact_json(const Json& value) {
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json float_to_json(float value) {
    char text[32];
    const auto r = std::to_chars(text, text + sizeof text - 1, value);
    *r.ptr = '\0';
    return Json(std::strtod(text, nullptr));
}

std::string json_path(std::string_view parent, std::string_view key) {
    std::string p(parent);
    if (!p.empty()) p += '.';
    p += key;
    return p;
}

std::string json_path(std::string_view parent, std::size_t index) {
    return std::string(parent) + "[" + std::to_string(index) + "]";
}

} // namespace diorama
