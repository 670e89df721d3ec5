#include "diorama/json_io.h"

#include <charconv>
#include <cstdlib>
#include <string>
#include <vector>

namespace diorama {

namespace {

// Builds a Json value from SAX events, refusing duplicate keys and nesting beyond a depth, and
// remembering the JSON path of the value being built for error messages.
class StrictBuilder final : public nlohmann::json_sax<Json> {
public:
    explicit StrictBuilder(int max_depth) : m_max_depth(max_depth) {}

    bool null() override { return put(Json(nullptr)); }
    bool boolean(bool v) override { return put(Json(v)); }
    bool number_integer(number_integer_t v) override { return put(Json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return put(Json(v)); }
    bool number_float(number_float_t v, const string_t&) override { return put(Json(v)); }
    bool string(string_t& v) override { return put(Json(std::move(v))); }
    bool binary(binary_t&) override { return fail("binary values are not JSON", pending_path()); }

    bool start_object(std::size_t) override { return open(Json::object()); }
    bool start_array(std::size_t) override { return open(Json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& k) override {
        if (m_stack.back().value->contains(k))
            return fail("duplicate key \"" + k + "\"", json_path(container_path(), k));
        m_stack.back().key = std::move(k);
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& ex) override {
        m_error_offset = position;
        m_message = ex.what();
        // nlohmann's messages start with "[json.exception.parse_error.101] parse error at line...".
        if (auto at = m_message.find("] "); at != std::string::npos)
            m_message = m_message.substr(at + 2);
        m_syntax = true;
        return false;
    }

    Json root;
    std::string m_message;
    std::string m_path;
    std::size_t m_error_offset = 0;
    bool m_syntax = false;

private:
    struct Frame {
        Json* value = nullptr;
        std::string key;       // objects: the key of the value being read
        std::size_t count = 0; // arrays: elements so far
    };

    // The path of the innermost open container.
    std::string container_path() const {
        std::string p;
        for (std::size_t i = 0; i + 1 < m_stack.size(); ++i) {
            const Frame& f = m_stack[i];
            p = f.value->is_object() ? json_path(p, f.key) : json_path(p, f.count - 1);
        }
        return p;
    }

    // The path of the value about to be read.
    std::string pending_path() const {
        if (m_stack.empty()) return {};
        const Frame& f = m_stack.back();
        return f.value->is_object() ? json_path(container_path(), f.key)
                                    : json_path(container_path(), f.count);
    }

    bool fail(std::string message, std::string where) {
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
        return &((*f.value)[f.key] = std::move(v));
    }

    bool put(Json&& v) {
        slot(std::move(v));
        return true;
    }

    bool open(Json&& container) {
        if (static_cast<int>(m_stack.size()) >= m_max_depth)
            return fail("nesting deeper than " + std::to_string(m_max_depth) + " levels",
                        pending_path());
        Json* c = slot(std::move(container));
        m_stack.push_back(Frame{c, {}, 0});
        return true;
    }

    bool close() {
        m_stack.pop_back();
        return true;
    }

    int m_max_depth;
    std::vector<Frame> m_stack;
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

std::string scalar_text(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void write_pretty(const Json& j, int indent, std::string& out) {
    const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
    if (j.is_object()) {
        if (j.empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        bool first = true;
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (!first) out += ",\n";
            first = false;
            out += pad;
            out += scalar_text(Json(it.key()));
            out += ": ";
            write_pretty(it.value(), indent + 2, out);
        }
        out += '\n';
        out.append(static_cast<std::size_t>(indent), ' ');
        out += '}';
        return;
    }
    if (j.is_array()) {
        if (j.empty()) {
            out += "[]";
            return;
        }
        bool all_scalar = true;
        for (const Json& e : j)
            all_scalar = all_scalar && is_scalar(e) && !e.is_string();
        if (all_scalar) {
            out += '[';
            for (std::size_t i = 0; i < j.size(); ++i) {
                if (i > 0) out += ", ";
                out += scalar_text(j[i]);
            }
            out += ']';
            return;
        }
        out += "[\n";
        for (std::size_t i = 0; i < j.size(); ++i) {
            if (i > 0) out += ",\n";
            out += pad;
            write_pretty(j[i], indent + 2, out);
        }
        out += '\n';
        out.append(static_cast<std::size_t>(indent), ' ');
        out += ']';
        return;
    }
    out += scalar_text(j);
}

} // namespace

Result<Json> parse_json(std::string_view text, std::string_view file, JsonLimits limits) {
    if (text.size() > limits.max_bytes)
        return make_error(ErrorCode::Limit,
                          "file is " + std::to_string(text.size()) + " bytes; the limit is " +
                              std::to_string(limits.max_bytes),
                          std::string(file));
    StrictBuilder builder(limits.max_depth);
    bool ok = false;
    try {
        ok = Json::sax_parse(text, &builder, Json::input_format_t::json, true, false);
    } catch (const std::bad_alloc&) {
        return make_error(ErrorCode::OutOfMemory, "out of memory while parsing", std::string(file));
    } catch (const std::exception& e) {
        return make_error(ErrorCode::Parse, e.what(), std::string(file));
    }
    if (ok) return std::move(builder.root);
    if (builder.m_syntax) {
        std::size_t line = 0, column = 0;
        line_and_column(text, builder.m_error_offset == 0 ? 0 : builder.m_error_offset - 1, line,
                        column);
        return make_error(ErrorCode::Parse, builder.m_message,
                          std::string(file) + ":" + std::to_string(line) + ":" +
                              std::to_string(column));
    }
    const ErrorCode code =
        builder.m_message.starts_with("nesting") ? ErrorCode::Limit : ErrorCode::Duplicate;
    std::string where(file);
    if (!builder.m_path.empty()) where += ": " + builder.m_path;
    return make_error(code, builder.m_message, where);
}

std::string to_pretty_json(const Json& value) {
    std::string out;
    write_pretty(value, 0, out);
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
