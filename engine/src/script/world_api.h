#pragma once
// How the world's things look to scripts: an object is an integer (its handle: generation in
// the high 32 bits, slot in the low; 0 is no object), a scripted component is its table, a
// native component is a proxy whose fields read and write the component through reflection,
// messages and input events are tables. world_api.cpp opens the functions scripts call
// (input_log_api.cpp those of input.* and log.*).

#include "diorama/handle.h"
#include "diorama/message.h"
#include "diorama/reflection.h"

#include <lua.hpp>

namespace diorama {
class World;
}

namespace diorama::script {

[[nodiscard]] inline lua_Integer to_lua(Handle h) {
    return static_cast<lua_Integer>((static_cast<std::uint64_t>(h.generation) << 32) | h.index);
}
[[nodiscard]] inline Handle to_handle(lua_Integer value) {
    const auto bits = static_cast<std::uint64_t>(value);
    return Handle{static_cast<std::uint32_t>(bits), static_cast<std::uint32_t>(bits >> 32)};
}

// The world whose hook or system is running; raises a Lua error outside such a call.
World& current_world(lua_State* L);
// Sets the global `name` to a table of the functions (ending with {nullptr, nullptr}).
void open_library(lua_State* L, const char* name, const luaL_Reg* functions);
// Opens input.* and log.*.
void open_input_and_log_api(lua_State* L);

// Pushes the object's component of this type as scripts see it (nil when it has none).
void push_component(lua_State* L, World& world, Handle h, const TypeInfo& type);
// { kind = name or number, sender = obj, i =, f =, v = vec2, ref = guid, text = }
void push_message(lua_State* L, const Message& message);
// { kind = "key_down" | "key_up" | "mouse_move" | "mouse_down" | "mouse_up" | "wheel",
//   key = "Left", button = 0, position = vec2, wheel = }
void push_event(lua_State* L, const InputEvent& event);

} // namespace diorama::script
