#include "diorama/json_io.h"

#include "document.h"
#include "json_parser.h"

#include <string>
#include <string_view>

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

using detail::StrictBuilder;

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
        switch (detail::parse_events(text, builder)) {
        case detail::ParseEnd::Done:
            return std::move(builder.root);
        case detail::ParseEnd::SyntaxError:
            return syntax_error(text, file, limits, stream_key, sink);
        case detail::ParseEnd::Refused:
            break;
        }
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