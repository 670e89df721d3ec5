#include "diorama/json_io.h"

#include "document.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string>

namespace diorama {
namespace {

bool is_scalar(const Json& j) {
    return !j.is_object() && !j.is_array();
}

} // namespace

namespace detail {

PrettyWriter::PrettyWriter(std::string& out)
    : m_out(out), m_serializer(nlohmann::detail::output_adapter<char, std::string>(out), ' ',
                               Json::error_handler_t::replace) {}

void PrettyWriter::value(const Json& j, int indent) {
    if (j.is_object()) {
        object(j, indent);
    } else if (j.is_array()) {
        array(j, indent);
    } else {
        scalar(j);
    }
}

void PrettyWriter::scalar(const Json& j) {
    m_serializer.dump(j, false, false, 0);
}

// Keys are plain names almost always; anything to escape goes through the serializer.
void PrettyWriter::key(const std::string& k) {
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

void PrettyWriter::object(const Json& j, int indent) {
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

void PrettyWriter::array(const Json& j, int indent) {
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

} // namespace detail

namespace {} // namespace

void detail::append_pretty_json(std::string& out, const Json& value, int indent) {
    detail::PrettyWriter(out).value(value, indent);
}

std::string to_pretty_json(const Json& value) {
    std::string out;
    detail::PrettyWriter(out).value(value, 0);
    out += '\n';
    return out;
}

std::string to_compact_json(const Json& value) {
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json float_to_json(float value) {
    // The shortest text that reads back as the float, read as the double nearest to it.
    char text[32];
    const auto written = std::to_chars(text, text + sizeof text, value);
    double d = 0.0;
    std::from_chars(text, written.ptr, d);
    return Json(d);
}

} // namespace diorama
