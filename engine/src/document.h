#pragma once
// Internal helpers shared by the project, prefab and scene loaders: locations for messages, the
// format/version header, and checked reads of plain JSON values.

#include "diorama/diagnostics.h"
#include "diorama/json_io.h"

#include <optional>
#include <string>
#include <string_view>

namespace diorama::detail {

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

// The string at object[key]; nullopt (and an error when required or of another type) otherwise.
std::optional<std::string> read_string(const Json& object, std::string_view key, bool required,
                                       std::string_view file, std::string_view path,
                                       Diagnostics& diagnostics);

// The JSON path (under `path`) of the first NaN or infinite number in value, or nullopt when
// every number is finite. Such numbers cannot be written (JSON has no NaN; they would become null).
std::optional<std::string> find_non_finite(const Json& value, const std::string& path);

} // namespace diorama::detail
