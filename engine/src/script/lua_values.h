#pragma once
// Field values as scripts see them, and back. One rule for every place a value crosses between
// C++ and Lua (a scripted component's storage, a native component read from a script, a
// message's payload):
//   bool -> boolean        int -> integer         float -> number      string, asset -> string
//   vec2 -> vec2(x, y)     color -> color(r, g, b, a)                  enum -> its value's name
//   object -> the referenced object's guid (an integer), nil for none
//   properties -> a table of key = value (values of the kinds above, bool to color)
// vec2 and color are tables with the metatables this file registers (arithmetic on vec2; both
// print readably); a plain table {x = , y = } is accepted where a vec2 is expected.
//
// The functions that read Lua values use raw access only (no metamethod runs), so C++ can call
// them outside a protected call.

#include "diorama/reflection.h"

#include <lua.hpp>

#include <optional>
#include <string>

namespace diorama::script {

// Registers the vec2 and color metatables and the globals vec2(x, y) and color(r, g, b [, a]).
void open_value_types(lua_State* L);

// Pushes a vec2 / color table.
void push_vec2(lua_State* L, glm::vec2 v);
void push_color(lua_State* L, glm::vec4 c);
// The vec2 / color at idx (a table with numbers x, y / r, g, b and optionally a), or nullopt.
[[nodiscard]] std::optional<glm::vec2> to_vec2(lua_State* L, int idx);
[[nodiscard]] std::optional<glm::vec4> to_color(lua_State* L, int idx);

// Pushes a field's value as scripts see it (see above).
void push_field_value(lua_State* L, const FieldInfo& field, const FieldValue& value);
// The Lua value at idx as a value of the field's type; nullopt when it cannot be one, with what
// it is instead in `why` ("a string", "3.5, not a whole number", "'up', not one of left, right").
// Numbers convert between int and float when exact.
[[nodiscard]] std::optional<FieldValue> to_field_value(lua_State* L, int idx,
                                                       const FieldInfo& field, std::string& why);

// A property value from Lua (boolean, integer, number, string, vec2, color), or nullopt.
[[nodiscard]] std::optional<PropertyValue> to_property_value(lua_State* L, int idx);
void push_property_value(lua_State* L, const PropertyValue& value);

// lua_rawget with a string key on the table at idx; pushes the value and returns its type.
int raw_field(lua_State* L, int idx, const char* key);

} // namespace diorama::script
