#include "document.h"

#include <algorithm>
#include <cmath>

namespace diorama::detail {

std::string LazyPath::str() const {
    if (m_parent == nullptr) return std::string(m_key);
    return m_is_index ? json_path(m_parent->str(), m_index) : json_path(m_parent->str(), m_key);
}

std::string where(std::string_view file, std::string_view path) {
    std::string w(file);
    if (!path.empty()) {
        w += ": ";
        w += path;
    }
    return w;
}

std::string describe_json_type(const Json& value) {
    switch (value.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::object:
        return "an object";
    case Json::value_t::array:
        return "an array";
    case Json::value_t::string:
        return "a string";
    case Json::value_t::boolean:
        return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
        return "an integer";
    case Json::value_t::number_float:
        return "a number";
    default:
        return "an unsupported value";
    }
}

std::optional<int> check_header(const Json& root, std::string_view format, int current,
                                std::string_view file, Diagnostics& diagnostics) {
    if (!root.is_object()) {
        diagnostics.error(make_error(
            ErrorCode::Type, "expected a JSON object at the top, got " + describe_json_type(root),
            std::string(file)));
        return std::nullopt;
    }
    const auto f = root.find("format");
    if (f == root.end() || !f->is_string() || f->get_ref<const std::string&>() != format) {
        diagnostics.error(make_error(ErrorCode::Type,
                                     "expected \"format\": \"" + std::string(format) + "\"",
                                     where(file, "format")));
        return std::nullopt;
    }
    const auto v = root.find("version");
    if (v == root.end() || !v->is_number_integer()) {
        diagnostics.error(
            make_error(ErrorCode::Type, "expected an integer \"version\"", where(file, "version")));
        return std::nullopt;
    }
    const auto version = v->get<long long>();
    if (version > current) {
        diagnostics.error(
            make_error(ErrorCode::Version,
                       "version " + std::to_string(version) +
                           " was written by a newer Diorama; this build reads up to version " +
                           std::to_string(current),
                       where(file, "version")));
        return std::nullopt;
    }
    if (version < 1) {
        diagnostics.error(make_error(ErrorCode::Version,
                                     "version " + std::to_string(version) + " does not exist",
                                     where(file, "version")));
        return std::nullopt;
    }
    return static_cast<int>(version);
}

void reject_unknown_keys(const Json& object, std::initializer_list<std::string_view> known,
                         std::string_view file, std::string_view path, Diagnostics& diagnostics) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (std::find(known.begin(), known.end(), it.key()) == known.end())
            diagnostics.error(make_error(ErrorCode::NotFound, "unknown key \"" + it.key() + "\"",
                                         where(file, json_path(path, it.key()))));
    }
}

const std::string* find_string(const Json& object, std::string_view key, bool required,
                               std::string_view file, std::string_view path,
                               Diagnostics& diagnostics) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            diagnostics.error(make_error(ErrorCode::NotFound,
                                         "missing \"" + std::string(key) + "\" (a string)",
                                         where(file, path)));
        return nullptr;
    }
    if (!it->is_string()) {
        diagnostics.error(make_error(ErrorCode::Type,
                                     "expected a string, got " + describe_json_type(*it),
                                     where(file, json_path(path, key))));
        return nullptr;
    }
    return &it->get_ref<const std::string&>();
}

std::optional<std::string> read_string(const Json& object, std::string_view key, bool required,
                                       std::string_view file, std::string_view path,
                                       Diagnostics& diagnostics) {
    if (const std::string* s = find_string(object, key, required, file, path, diagnostics))
        return *s;
    return std::nullopt;
}

std::optional<std::string> find_non_finite(const Json& value, const std::string& path) {
    if (value.is_number_float()) {
        if (!std::isfinite(value.get<double>())) return path;
        return std::nullopt;
    }
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it)
            if (auto bad = find_non_finite(it.value(), json_path(path, it.key()))) return bad;
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            if (auto bad = find_non_finite(value[i], json_path(path, i))) return bad;
    }
    return std::nullopt;
}

} // namespace diorama::detail
