#pragma once
// Internal helpers shared by the project, prefab and scene loaders: locations for messages, the
// format/version header, and checked reads of plain JSON values.

#include "diorama/diagnostics.h"
#include "diorama/json_io.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace diorama::detail {

// A JSON path made into text only when a message needs it: a root ("objects[3]") or a key or an
// index under a parent, which must outlive it.
class LazyPath {
public:
    // The path `root` itself.
    explicit LazyPath(std::string_view root) : m_key(root) {}
    // parent.key
    LazyPath(const LazyPath& parent, std::string_view key) : m_parent(&parent), m_key(key) {}
    // parent[index]
    LazyPath(const LazyPath& parent, std::size_t index)
        : m_parent(&parent), m_index(index), m_is_index(true) {}

    // The path as text, e.g. "objects[3].components.Sprite.tint[2]".
    [[nodiscard]] std::string str() const;

private:
    const LazyPath* m_parent = nullptr;
    std::string_view m_key;
    std::size_t m_index = 0;
    bool m_is_index = false;
};

// Receives an element of a streamed array: the root as parsed so far (the values before the array
// are complete), the element's index and the element, which is dropped after the call.
using ElementSink = std::function<void(const Json& root, std::size_t index, const Json& element)>;

// parse_json, except that each element of the array at the root object's `array_key` goes to
// on_element as soon as it is complete and is not kept (the returned root holds that array
// empty), so a large array never exists as a whole. Elements may have been handed over before the
// text turns out to be broken.
[[nodiscard]] Result<Json> parse_json_streaming(std::string_view text, std::string_view file,
                                                JsonLimits limits, std::string_view array_key,
                                                const ElementSink& on_element);

// Appends value as to_pretty_json writes it when it sits `indent` spaces deep in a document (no
// leading indent, no trailing newline).
void append_pretty_json(std::string& out, const Json& value, int indent);

// append_pretty_json for many values into one string, through one serializer.
class PrettyWriter {
public:
    explicit PrettyWriter(std::string& out);
    // Appends value as append_pretty_json does.
    void value(const Json& j, int indent);

private:
    void scalar(const Json& j);
    void key(const std::string& k);
    void object(const Json& j, int indent);
    void array(const Json& j, int indent);

    std::string& m_out;
    nlohmann::detail::serializer<Json> m_serializer;
};

// "FILE: PATH", or FILE alone when the path is empty.
std::string where(std::string_view file, std::string_view path);

// "a string", "an array", ... for messages.
std::string describe_json_type(const Json& value);

// Checks "format" and "version" of a document's root object; returns the version when usable.
// Newer versions than `current` are refused with a message saying so.
std::optional<int> check_header(const Json& root, std::string_view format, int current,
                                std::string_view file, Diagnostics& diagnostics);

// Reports every key of object not in `known` as an error.
void reject_unknown_keys(const Json& object, std::initializer_list<std::string_view> known,
                         std::string_view file, std::string_view path, Diagnostics& diagnostics);

// The string at object[key] (valid while object lives); nullptr (and an error when required or of
// another type) otherwise.
const std::string* find_string(const Json& object, std::string_view key, bool required,
                               std::string_view file, std::string_view path,
                               Diagnostics& diagnostics);

// The string at object[key]; nullopt (and an error when required or of another type) otherwise.
std::optional<std::string> read_string(const Json& object, std::string_view key, bool required,
                                       std::string_view file, std::string_view path,
                                       Diagnostics& diagnostics);

// The JSON path (under `path`) of the first NaN or infinite number in value, or nullopt when
// every number is finite. Such numbers cannot be written (JSON has no NaN; they would become null).
std::optional<std::string> find_non_finite(const Json& value, const std::string& path);

} // namespace diorama::detail
