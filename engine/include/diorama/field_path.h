#pragma once
// Generic access to reflected fields by path, e.g. "Transform2D.position.x",
// "Shape.color.a", "Properties.values.hp". Used by the editor, loaders and undo.
//
// Path grammar: Component "." field [ "." part ], where part is x|y for vec2, r|g|b|a (or
// x|y|z|w) for colors, and a key for property maps (the rest of the path, dots included).

#include "diorama/handle.h"
#include "diorama/json_io.h"
#include "diorama/reflection.h"
#include "diorama/result.h"

#include <string>
#include <string_view>

namespace diorama {

class World;

// A parsed path.
struct FieldPath {
    std::string component; // type name
    std::string field;     // field name
    std::string part;      // empty, a vector part, or a property key
};

// Splits a path; fails when the component or field part is missing.
[[nodiscard]] Result<FieldPath> parse_field_path(std::string_view path);

// The value at path on object h: the field's value, a float for a vector part, or the property's
// value (as the matching FieldValue alternative).
[[nodiscard]] Result<FieldValue> get_field(const World& world, Handle h, std::string_view path);

// Writes value at path. Accepts an int where a float is expected, and an enum value by name
// (string) or number. Refuses wrong types, NaN/inf, numbers outside the field's min/max, enum
// values out of range, and a missing component (set never adds one). Writing a property key
// adds or replaces it (any property type).
Result<void> set_field(World& world, Handle h, std::string_view path, const FieldValue& value);

// Writes a value given as JSON at path, as the scene files write values (vec2 [x, y], color
// [r, g, b, a], enum by name, object as a guid's 16 hex digits or null, asset as a path); a
// vector part takes a number, a property key a bool, number, string, [x, y] or [r, g, b, a].
// Refused as the loader refuses a value, with its message; the error is located at
// `where` + ": " + path (e.g. "objects/00000000000000a1: Transform2D.position").
Result<void> set_field_json(World& world, Handle h, std::string_view path, const Json& value,
                            std::string_view where);

// Writes a whole-field value into a component of a known type with the same checks.
Result<void> write_field(const FieldInfo& field, void* component, const FieldValue& value,
                         std::string_view where);

// The type name of a FieldValue's alternative ("bool", "int", "float", "string", "vec2",
// "color", "object", "properties").
[[nodiscard]] const char* value_type_name(const FieldValue& value);

} // namespace diorama
