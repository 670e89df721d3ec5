#pragma once
// Typed key/value pairs: the data of the Properties component (a brick's hit points, a sign's
// text). Keys are kept sorted so saved files are stable and diff well.

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <variant>

namespace diorama {

// bool, int32, float, string, vec2 or color (rgba, 0..1).
using PropertyValue = std::variant<bool, std::int32_t, float, std::string, glm::vec2, glm::vec4>;

// The type names used in files and the inspector: "bool", "int", "float", "string", "vec2",
// "color" (in the order of PropertyValue's alternatives).
const char* property_type_name(const PropertyValue& value);

using PropertyMap = std::map<std::string, PropertyValue, std::less<>>;

} // namespace diorama
