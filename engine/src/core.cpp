// Small shared pieces: error and log names, guid text, component type interning.

#include "diorama/handle.h"
#include "diorama/log.h"
#include "diorama/properties.h"
#include "diorama/reflection.h"
#include "diorama/result.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <unordered_map>

namespace diorama {

// ---- errors ----

const char* to_string(ErrorCode code) {
    switch (code) {
    case ErrorCode::InvalidArgument:
        return "invalid argument";
    case ErrorCode::NotFound:
        return "not found";
    case ErrorCode::StaleHandle:
        return "stale handle";
    case ErrorCode::Cycle:
        return "cycle";
    case ErrorCode::OutOfMemory:
        return "out of memory";
    case ErrorCode::Io:
        return "i/o error";
    case ErrorCode::Parse:
        return "parse error";
    case ErrorCode::Type:
        return "wrong type";
    case ErrorCode::Range:
        return "out of range";
    case ErrorCode::UnknownType:
        return "unknown type";
    case ErrorCode::Version:
        return "unsupported version";
    case ErrorCode::Duplicate:
        return "duplicate";
    case ErrorCode::Limit:
        return "limit exceeded";
    case ErrorCode::Module:
        return "game module";
    case ErrorCode::Script:
        return "script";
    }
    return "error";
}

std::string Error::describe() const {
    return where.empty() ? message : where + ": " + message;
}

// ---- guids ----

std::string to_string(Guid guid) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 15; i >= 0; --i) {
        text[static_cast<std::size_t>(i)] = kHex[guid.value >> (4 * (15 - i)) & 0xf];
    }
    return text;
}

std::optional<Guid> parse_guid(std::string_view text) {
    if (text.size() != 16) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : text) {
        int digit = 0;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
        else
            return std::nullopt;
        v = (v << 4) | static_cast<std::uint64_t>(digit);
    }
    return Guid{v};
}

// ---- log ----

namespace {
std::mutex g_log_mutex;
LogSink g_log_sink;
LogLevel g_log_level = LogLevel::Info;
} // namespace

const char* to_string(LogLevel level) {
    switch (level) {
    case LogLevel::Debug:
        return "debug";
    case LogLevel::Info:
        return "info";
    case LogLevel::Warning:
        return "warning";
    case LogLevel::Error:
        return "error";
    }
    return "info";
}

LogSink set_log_sink(LogSink sink) {
    std::lock_guard lock(g_log_mutex);
    std::swap(g_log_sink, sink);
    return sink;
}

void set_log_level(LogLevel minimum) {
    std::lock_guard lock(g_log_mutex);
    g_log_level = minimum;
}

void log_message(LogLevel level, std::string_view message) {
    std::lock_guard lock(g_log_mutex);
    if (level < g_log_level) return;
    if (g_log_sink) {
        g_log_sink(level, message);
        return;
    }
    std::fprintf(stderr, "%s: %.*s\n", to_string(level), static_cast<int>(message.size()),
                 message.data());
}

// ---- properties ----

const char* property_type_name(const PropertyValue& value) {
    static constexpr const char* kNames[] = {"bool", "int", "float", "string", "vec2", "color"};
    return kNames[value.index()];
}

// ---- reflection ----

const char* to_string(FieldType type) {
    switch (type) {
    case FieldType::Bool:
        return "bool";
    case FieldType::Int32:
        return "int";
    case FieldType::Float:
        return "float";
    case FieldType::String:
        return "string";
    case FieldType::Vec2:
        return "vec2";
    case FieldType::Color:
        return "color";
    case FieldType::Enum:
        return "enum";
    case FieldType::ObjectRef:
        return "object";
    case FieldType::Asset:
        return "asset";
    case FieldType::Properties:
        return "properties";
    case FieldType::Tiles:
        return "tiles";
    }
    return "?";
}

const char* to_string(AssetKind kind) {
    switch (kind) {
    case AssetKind::None:
        return "";
    case AssetKind::Image:
        return "image";
    case AssetKind::Prefab:
        return "prefab";
    case AssetKind::Scene:
        return "scene";
    case AssetKind::Font:
        return "font";
    case AssetKind::Sound:
        return "sound";
    case AssetKind::Tileset:
        return "tileset";
    }
    return "";
}

std::size_t value_index(FieldType type) {
    switch (type) {
    case FieldType::Bool:
        return 0;
    case FieldType::Int32:
    case FieldType::Enum:
        return 1;
    case FieldType::Float:
        return 2;
    case FieldType::String:
    case FieldType::Asset:
        return 3;
    case FieldType::Vec2:
        return 4;
    case FieldType::Color:
        return 5;
    case FieldType::ObjectRef:
        return 6;
    case FieldType::Properties:
        return 7;
    case FieldType::Tiles:
        return 8;
    }
    return 0;
}

const FieldInfo* TypeInfo::find_field(std::string_view field_name) const {
    for (const FieldInfo& f : fields)
        if (f.name == field_name) return &f;
    return nullptr;
}

bool TypeInfo::field_applies(const FieldInfo& field, const void* component) const {
    if (!field.applies_when || component == nullptr) return true;
    const FieldInfo* selector = find_field(field.applies_when->field);
    if (selector == nullptr || selector->type != FieldType::Enum || !selector->get) return true;
    const FieldValue value = selector->get(component);
    const auto* number = std::get_if<std::int32_t>(&value);
    if (number == nullptr) return true;
    const std::vector<std::int32_t>& values = field.applies_when->values;
    return std::find(values.begin(), values.end(), *number) != values.end();
}

std::vector<std::string> TypeInfo::field_names() const {
    std::vector<std::string> out;
    out.reserve(fields.size());
    for (const FieldInfo& f : fields)
        out.push_back(f.name);
    return out;
}

namespace detail {
namespace {
// One id per key for the process: mangled C++ type names and "script:NAME" keys share it (a
// mangled name has no ':').
ComponentId intern_key(std::string key) {
    static std::mutex mutex;
    static std::unordered_map<std::string, ComponentId> ids;
    std::lock_guard lock(mutex);
    auto [it, inserted] = ids.try_emplace(std::move(key), static_cast<ComponentId>(ids.size()));
    return it->second;
}
} // namespace

ComponentId intern_component_type(const std::type_info& type) {
    std::string key = type.name();
    if (key.find("_GLOBAL__N") !=
        std::string::npos) // internal linkage: unique per type_info object
        key += "@" + std::to_string(reinterpret_cast<std::uintptr_t>(&type));
    return intern_key(std::move(key));
}

ComponentId intern_component_key(std::string_view key) {
    return intern_key(std::string(key));
}
} // namespace detail

} // namespace diorama
