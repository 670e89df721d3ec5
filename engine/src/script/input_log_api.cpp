// The functions scripts call for the player's input (input.*, acting on the current world's
// input state) and the log (log.*).

#include "world_api.h"

#include "lua_values.h"

#include "diorama/log.h"
#include "diorama/lua_vm.h"
#include "diorama/world.h"

#include <optional>
#include <string_view>

namespace diorama::script {

namespace {

// ---- input.* ----

int input_down(lua_State* L) {
    World& world = current_world(L);
    const char* name = luaL_checkstring(L, 1);
    const std::optional<Key> key = parse_key(name);
    if (!key)
        return luaL_error(L, "no key named '%s' (keys are named like Left, Space, A, Num0)", name);
    lua_pushboolean(L, world.input().down(*key) ? 1 : 0);
    return 1;
}

int input_mouse(lua_State* L) {
    World& world = current_world(L);
    lua_pushnumber(L, world.input().mouse.x);
    lua_pushnumber(L, world.input().mouse.y);
    return 2;
}

int input_button(lua_State* L) {
    World& world = current_world(L);
    const lua_Integer button = luaL_checkinteger(L, 1);
    lua_pushboolean(L, button >= 0 && button < 8 && (world.input().buttons_down >> button) & 1u);
    return 1;
}

// ---- log.* ----

// log.info / log.warn / log.error: the arguments as print shows them, with the script's line.
template <void (*Write)(std::string_view)>
int log_line(lua_State* L) {
    push_script_line(L);
    std::size_t size = 0;
    const char* text = lua_tolstring(L, -1, &size);
    Write(std::string_view(text, size));
    return 0;
}

void write_info(std::string_view m) {
    log_info(m);
}
void write_warning(std::string_view m) {
    log_warning(m);
}
void write_error(std::string_view m) {
    log_error(m);
}

} // namespace

void push_event(lua_State* L, const InputEvent& event) {
    static constexpr const char* kKinds[] = {"key_down",   "key_up",   "mouse_move",
                                             "mouse_down", "mouse_up", "wheel"};
    lua_createtable(L, 0, 5);
    lua_pushstring(L, kKinds[static_cast<int>(event.kind)]);
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, to_string(event.key));
    lua_setfield(L, -2, "key");
    lua_pushinteger(L, event.button);
    lua_setfield(L, -2, "button");
    push_vec2(L, event.position);
    lua_setfield(L, -2, "position");
    lua_pushnumber(L, event.wheel);
    lua_setfield(L, -2, "wheel");
}

void open_input_and_log_api(lua_State* L) {
    const luaL_Reg input[] = {
        {"down", input_down}, {"mouse", input_mouse}, {"button", input_button}, {nullptr, nullptr}};
    open_library(L, "input", input);
    const luaL_Reg log[] = {{"info", log_line<write_info>},
                            {"warn", log_line<write_warning>},
                            {"error", log_line<write_error>},
                            {nullptr, nullptr}};
    open_library(L, "log", log);
}

} // namespace diorama::script
