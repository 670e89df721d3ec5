#pragma once
// The JSON value builder behind parse_json: takes SAX events (from nlohmann's parser or from the
// fast one in json_parser.cpp) and refuses what Diorama's files must not hold.

#include "diorama/json_io.h"
#include "diorama/result.h"
#include "document.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::detail {

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

} // namespace diorama::detail
