#pragma once
// Internal: reading and writing reflected component fields as JSON, shared by the prefab and
// scene files. Values: vec2 [x, y]; color [r, g, b, a]; enum by name; Guid as 16 hex digits or
// null; asset paths as project-relative strings; properties as {key:
// bool|int|float|string|vec2|color}.

#include "diorama/diagnostics.h"
#include "diorama/json_io.h"
#include "diorama/reflection.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace diorama::detail {

// Where a component's JSON came from, for messages and asset checks.
struct ComponentSource {
    std::string_view file;             // the file named in messages
    const std::filesystem::path* root; // the project folder asset paths resolve in
};

// Reads fields (a JSON object of field name -> value) into component; every problem goes to
// diagnostics with `path` (e.g. objects[3].components.Sprite) extended by the field name.
void read_component(const TypeInfo& type, const Json& fields, void* component,
                    const ComponentSource& source, const std::string& path,
                    Diagnostics& diagnostics);

// The fields of component whose values differ from base's, as a JSON object. Fails when a value
// cannot be written (NaN or infinity), naming `where` and the field.
[[nodiscard]] Result<Json> write_component(const TypeInfo& type, const void* component,
                                           const void* base, std::string_view where);

} // namespace diorama::detail
