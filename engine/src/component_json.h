#pragma once
// Internal: reading and writing reflected component fields as JSON, shared by the prefab and
// scene files. Values: vec2 [x, y]; color [r, g, b, a]; enum by name; Guid as 16 hex digits or
// null; asset paths as project-relative strings; properties as {key:
// bool|int|float|string|vec2|color}.

#include "diorama/diagnostics.h"
#include "diorama/json_io.h"
#include "diorama/reflection.h"
#include "document.h"

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace diorama::detail {

// The asset path checks of one load, remembered by path: a path many objects share (a prefab, a
// sprite) is resolved on disk once instead of once per object.
class AssetChecks {
public:
    struct Outcome {
        std::optional<Error> error; // check_asset_path's refusal, if any
        bool exists = false;        // the file exists under the root
    };

    // root: the project folder asset paths resolve in; must outlive this.
    explicit AssetChecks(const std::filesystem::path& root) : m_root(root) {}

    // check_asset_path(root, relative) and whether the file exists, from memory after the first
    // time. The reference is valid while this lives.
    const Outcome& check(const std::string& relative);

private:
    const std::filesystem::path& m_root;
    std::unordered_map<std::string, Outcome> m_outcomes;
};

// Where a component's JSON came from, for messages and asset checks.
struct ComponentSource {
    std::string_view file; // the file named in messages
    AssetChecks* assets{}; // checks asset paths; null: asset paths are not checked
};

// Reads fields (a JSON object of field name -> value) into component; every problem goes to
// diagnostics with `path` (e.g. objects[3].components.Sprite) extended by the field name. Returns
// how many of those errors are unfit fields, each of which only left a field of a plain kind as it
// was: a field the type does not declare, or a value that does not fit a bool, int, float,
// string, vec2, color, enum or object field (not an asset path, properties or tiles, whose
// default would lose more than the value).
std::size_t read_component(const TypeInfo& type, const Json& fields, void* component,
                           const ComponentSource& source, const LazyPath& path,
                           Diagnostics& diagnostics);

// The fields of component whose values differ from base's, as a JSON object. Fails when a value
// cannot be written (NaN or infinity), naming `where` and the field.
[[nodiscard]] Result<Json> write_component(const TypeInfo& type, const void* component,
                                           const void* base, std::string_view where);

// The type's fields in the order of their names (a JSON object's key order).
[[nodiscard]] std::vector<const FieldInfo*> fields_by_name(const TypeInfo& type);

// write_component's object appended to out as writer (over out) writes it pretty at indent,
// without making it: the text is the same byte for byte. fields: fields_by_name(type). Returns
// false, appending nothing, when no field differs and `skip_empty`. Fails as write_component
// does (where: made on failure).
[[nodiscard]] Result<bool>
append_component(std::string& out, PrettyWriter& writer, const TypeInfo& type,
                 std::span<const FieldInfo* const> fields, const void* component, const void* base,
                 int indent, bool skip_empty, const std::function<std::string()>& where);

} // namespace diorama::detail
