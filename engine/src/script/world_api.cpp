// The functions scripts call on the world: world.* (objects, components, positions, queries,
// messages, properties). Every function acts on the current world (the one whose hook or system
// is running); outside such a call they raise an error. input.* and log.*: input_log_api.cpp.
//
// Lua raises errors with longjmp: below, C++ objects with destructors live in inner scopes that
// end before any call that can raise (see lua_vm.cpp).

#include "world_api.h"

#include "lua_values.h"
#include "runtime.h"

#include "diorama/components.h"
#include "diorama/prefab.h"
#include "diorama/world.h"

#include <string>
#include <vector>

namespace diorama::script {

namespace {

const char* const kProxyMeta = "diorama.component";

// A native component as scripts hold it: which object's component of which type.
struct NativeProxy {
    Handle object;
    ComponentId type;
};

// The object argument at idx: a live object's handle, else an error naming the function.
Handle check_object(lua_State* L, World& world, int idx) {
    const lua_Integer value = luaL_checkinteger(L, idx);
    const Handle h = to_handle(value);
    if (!world.alive(h)) luaL_error(L, "object %I does not exist (any more)", value);
    return h;
}

const TypeInfo& check_type(lua_State* L, int idx) {
    const char* name = luaL_checkstring(L, idx);
    const TypeInfo* type = Runtime::of(L).find_type(name);
    if (type == nullptr) luaL_error(L, "no component type '%s'", name);
    return *type;
}

// ---- native component proxies ----

int proxy_index(lua_State* L) {
    auto* proxy = static_cast<NativeProxy*>(luaL_checkudata(L, 1, kProxyMeta));
    const char* key = luaL_checkstring(L, 2);
    World& world = current_world(L);
    const TypeInfo* type = world.registry().find(proxy->type);
    const void* component = world.get(proxy->object, proxy->type);
    if (type == nullptr || component == nullptr)
        return luaL_error(L, "the object no longer has this component");
    const FieldInfo* field = type->find_field(key);
    if (field == nullptr) return luaL_error(L, "%s has no field '%s'", type->name.c_str(), key);
    push_field_value(L, *field, field->get(component));
    return 1;
}

int proxy_newindex(lua_State* L) {
    auto* proxy = static_cast<NativeProxy*>(luaL_checkudata(L, 1, kProxyMeta));
    const char* key = luaL_checkstring(L, 2);
    World& world = current_world(L);
    const TypeInfo* type = world.registry().find(proxy->type);
    void* component = world.get(proxy->object, proxy->type);
    if (type == nullptr || component == nullptr)
        return luaL_error(L, "the object no longer has this component");
    const FieldInfo* field = type->find_field(key);
    if (field == nullptr) return luaL_error(L, "%s has no field '%s'", type->name.c_str(), key);
    bool failed = false;
    {
        std::string why;
        std::optional<FieldValue> value = to_field_value(L, 3, *field, why);
        if (value) {
            field->set(component, *value);
        } else {
            failed = true;
            const std::string kind = to_string(field->type);
            const std::string message =
                type->name + "." + field->name + " is " +
                (kind[0] == 'e' || kind[0] == 'a' || kind[0] == 'o' ? "an " : "a ") + kind +
                "; the value is " + why;
            lua_pushlstring(L, message.data(), message.size());
        }
    }
    if (failed) return lua_error(L);
    return 0;
}

int proxy_tostring(lua_State* L) {
    auto* proxy = static_cast<NativeProxy*>(luaL_checkudata(L, 1, kProxyMeta));
    const TypeInfo* type = Runtime::of(L).registry() != nullptr
                               ? Runtime::of(L).registry()->find(proxy->type)
                               : nullptr;
    lua_pushfstring(L, "%s of object %I", type != nullptr ? type->name.c_str() : "component",
                    to_lua(proxy->object));
    return 1;
}

// ---- world.* ----

int world_get(lua_State* L) {
    World& world = current_world(L);
    const Handle h = check_object(L, world, 1);
    push_component(L, world, h, check_type(L, 2));
    return 1;
}

int world_add(lua_State* L) {
    World& world = current_world(L);
    const Handle h = check_object(L, world, 1);
    const TypeInfo& type = check_type(L, 2);
    if (world.add(h, type.id) == nullptr) return luaL_error(L, "cannot add %s", type.name.c_str());
    push_component(L, world, h, type);
    return 1;
}

int world_has(lua_State* L) {
    World& world = current_world(L);
    const Handle h = check_object(L, world, 1);
    lua_pushboolean(L, world.has(h, check_type(L, 2).id) ? 1 : 0);
    return 1;
}

int world_remove(lua_State* L) {
    World& world = current_world(L);
    const Handle h = check_object(L, world, 1);
    const TypeInfo& type = check_type(L, 2);
    if (type.id == component_id<Transform2D>())
        return luaL_error(L, "Transform2D cannot be removed: every object has one");
    lua_pushboolean(L, world.remove(h, type.id) ? 1 : 0);
    return 1;
}

int world_position(lua_State* L) {
    World& world = current_world(L);
    const Transform2D* t = world.get<Transform2D>(check_object(L, world, 1));
    lua_pushnumber(L, t->position.x);
    lua_pushnumber(L, t->position.y);
    return 2;
}

// world.translate(obj, dx, dy) -> x, y: moves the object by (dx, dy); its new position.
int world_translate(lua_State* L) {
    World& world = current_world(L);
    Transform2D* t = world.get<Transform2D>(check_object(L, world, 1));
    t->position += glm::vec2(static_cast<float>(luaL_checknumber(L, 2)),
                             static_cast<float>(luaL_checknumber(L, 3)));
    lua_pushnumber(L, t->position.x);
    lua_pushnumber(L, t->position.y);
    return 2;
}

int world_set_position(lua_State* L) {
    World& world = current_world(L);
    Transform2D* t = world.get<Transform2D>(check_object(L, world, 1));
    t->position = glm::vec2(static_cast<float>(luaL_checknumber(L, 2)),
                            static_cast<float>(luaL_checknumber(L, 3)));
    return 0;
}

// world.bounds(obj) -> min_x, min_y, max_x, max_y: the object's world-space bounds (the rule of
// world/draw_order.h: collider, else shape, else sprite, else its position).
int world_bounds(lua_State* L) {
    World& world = current_world(L);
    const Rect r = world.bounds(check_object(L, world, 1));
    lua_pushnumber(L, r.min.x);
    lua_pushnumber(L, r.min.y);
    lua_pushnumber(L, r.max.x);
    lua_pushnumber(L, r.max.y);
    return 4;
}

int world_alive(lua_State* L) {
    World& world = current_world(L);
    lua_pushboolean(L, lua_isinteger(L, 1) && world.alive(to_handle(lua_tointeger(L, 1))) &&
                           !world.destroying(to_handle(lua_tointeger(L, 1))));
    return 1;
}

int world_create(lua_State* L) {
    World& world = current_world(L);
    const glm::vec2 at(static_cast<float>(luaL_optnumber(L, 2, 0.0)),
                       static_cast<float>(luaL_optnumber(L, 3, 0.0)));
    Handle h{};
    if (lua_isnoneornil(L, 1)) {
        h = world.create();
        world.get<Transform2D>(h)->position = at;
    } else {
        const char* prefab = luaL_checkstring(L, 1);
        if (world.prefabs() == nullptr || world.prefabs()->find(prefab) == nullptr)
            return luaL_error(L, "no prefab '%s'", prefab);
        h = spawn(world, prefab, at);
        if (h.generation == 0) return luaL_error(L, "cannot create an instance of '%s'", prefab);
    }
    lua_pushinteger(L, to_lua(h));
    return 1;
}

int world_destroy(lua_State* L) {
    World& world = current_world(L);
    world.destroy(check_object(L, world, 1));
    return 0;
}

// Pushes the object, or nil for the null handle (nothing found); returns 1.
int push_found(lua_State* L, Handle h) {
    if (h.generation == 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, to_lua(h));
    return 1;
}

int world_find(lua_State* L) {
    World& world = current_world(L);
    if (lua_isnoneornil(L, 1)) return push_found(L, Handle{}); // an empty object field
    return push_found(L, world.find(Guid{static_cast<std::uint64_t>(luaL_checkinteger(L, 1))}));
}

int world_find_named(lua_State* L) {
    World& world = current_world(L);
    return push_found(L, world.find_by_name(luaL_checkstring(L, 1)));
}

int world_guid(lua_State* L) {
    World& world = current_world(L);
    lua_pushinteger(L, static_cast<lua_Integer>(world.guid(check_object(L, world, 1)).value));
    return 1;
}

int world_name(lua_State* L) {
    World& world = current_world(L);
    const std::string& name = world.name(check_object(L, world, 1));
    lua_pushlstring(L, name.data(), name.size());
    return 1;
}

// Pushes an array of the objects in hits.
void push_objects(lua_State* L, const std::vector<Handle>& hits) {
    lua_createtable(L, static_cast<int>(hits.size()), 0);
    for (std::size_t i = 0; i < hits.size(); ++i) {
        lua_pushinteger(L, to_lua(hits[i]));
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
}

int world_query_rect(lua_State* L) {
    World& world = current_world(L);
    const Rect area{glm::vec2(static_cast<float>(luaL_checknumber(L, 1)),
                              static_cast<float>(luaL_checknumber(L, 2))),
                    glm::vec2(static_cast<float>(luaL_checknumber(L, 3)),
                              static_cast<float>(luaL_checknumber(L, 4)))};
    {
        std::vector<Handle> hits;
        world.query_rect(area, hits);
        push_objects(L, hits);
    }
    return 1;
}

int world_query_circle(lua_State* L) {
    World& world = current_world(L);
    const glm::vec2 center(static_cast<float>(luaL_checknumber(L, 1)),
                           static_cast<float>(luaL_checknumber(L, 2)));
    const auto radius = static_cast<float>(luaL_checknumber(L, 3));
    {
        std::vector<Handle> hits;
        world.query_circle(center, radius, hits);
        push_objects(L, hits);
    }
    return 1;
}

// The message kind at idx: a name (remembered, so handlers see it) or a number.
MessageKind check_kind(lua_State* L, int idx) {
    if (lua_type(L, idx) == LUA_TSTRING) {
        std::size_t size = 0;
        const char* name = lua_tolstring(L, idx, &size);
        Runtime::of(L).remember_kind(std::string_view(name, size));
        return message_kind(std::string_view(name, size));
    }
    return static_cast<MessageKind>(luaL_checkinteger(L, idx));
}

// Reads the optional payload table at idx into message (its fields i, f, v, ref, text).
void read_payload(lua_State* L, int idx, Message& message) {
    if (lua_type(L, idx) != LUA_TTABLE) return;
    if (raw_field(L, idx, "i") == LUA_TNUMBER)
        message.i = static_cast<std::int32_t>(lua_tointeger(L, -1));
    lua_pop(L, 1);
    if (raw_field(L, idx, "f") == LUA_TNUMBER) message.f = static_cast<float>(lua_tonumber(L, -1));
    lua_pop(L, 1);
    raw_field(L, idx, "v");
    if (auto v = to_vec2(L, -1)) message.v = *v;
    lua_pop(L, 1);
    if (raw_field(L, idx, "ref") == LUA_TNUMBER)
        message.ref = Guid{static_cast<std::uint64_t>(lua_tointeger(L, -1))};
    lua_pop(L, 1);
    if (raw_field(L, idx, "text") == LUA_TSTRING) message.text = lua_tostring(L, -1);
    lua_pop(L, 1);
    if (raw_field(L, idx, "sender") == LUA_TNUMBER)
        message.sender = to_handle(lua_tointeger(L, -1));
    lua_pop(L, 1);
}

// world.send(obj, kind, { i =, f =, v =, ref =, text =, sender = })
int world_send(lua_State* L) {
    World& world = current_world(L);
    const Handle target = check_object(L, world, 1);
    const MessageKind kind = check_kind(L, 2);
    {
        Message message;
        message.kind = kind;
        read_payload(L, 3, message);
        world.send(target, std::move(message));
    }
    return 0;
}

// world.broadcast(kind, payload)
int world_broadcast(lua_State* L) {
    World& world = current_world(L);
    const MessageKind kind = check_kind(L, 1);
    {
        Message message;
        message.kind = kind;
        read_payload(L, 2, message);
        world.broadcast(std::move(message));
    }
    return 0;
}

int world_kind(lua_State* L) {
    lua_pushinteger(L, check_kind(L, 1));
    return 1;
}

int world_property(lua_State* L) {
    World& world = current_world(L);
    const Handle h = check_object(L, world, 1);
    const char* key = luaL_checkstring(L, 2);
    const Properties* properties = world.get<Properties>(h);
    if (properties == nullptr) {
        lua_pushnil(L);
        return 1;
    }
    const auto it = properties->values.find(std::string_view(key));
    if (it == properties->values.end())
        lua_pushnil(L);
    else
        push_property_value(L, it->second);
    return 1;
}

int world_set_property(lua_State* L) {
    World& world = current_world(L);
    const Handle h = check_object(L, world, 1);
    const char* key = luaL_checkstring(L, 2);
    std::optional<PropertyValue> value = to_property_value(L, 3);
    if (!value) {
        value.reset();
        return luaL_error(L, "a property is a boolean, number, string, vec2 or color");
    }
    world.add<Properties>(h)->values.insert_or_assign(std::string(key), std::move(*value));
    return 0;
}

// The iterator of world.each: upvalues are the type count, the walk (a table of objects), the
// position in it, then the types' names.
int each_next(lua_State* L) {
    World& world = current_world(L);
    const auto count = static_cast<int>(lua_tointeger(L, lua_upvalueindex(1)));
    lua_Integer at = lua_tointeger(L, lua_upvalueindex(3));
    const TypeRegistry& registry = world.registry();
    const auto type_at = [L](int i) {
        return static_cast<ComponentId>(lua_tointeger(L, lua_upvalueindex(4 + i)));
    };
    for (;;) {
        ++at;
        if (lua_rawgeti(L, lua_upvalueindex(2), at) != LUA_TNUMBER) {
            lua_pushinteger(L, at);
            lua_replace(L, lua_upvalueindex(3));
            return 0;
        }
        const Handle h = to_handle(lua_tointeger(L, -1));
        lua_pop(L, 1);
        if (!world.alive(h) || world.destroying(h)) continue;
        bool has_all = true;
        for (int i = 0; i < count && has_all; ++i)
            has_all = world.has(h, type_at(i));
        if (!has_all) continue;
        lua_pushinteger(L, at);
        lua_replace(L, lua_upvalueindex(3));
        lua_pushinteger(L, to_lua(h));
        for (int i = 0; i < count; ++i)
            push_component(L, world, h, *registry.find(type_at(i)));
        return count + 1;
    }
}

// for obj, a, b in world.each("A", "B") do ... end: every object having all the types, in the
// order of the smallest type's pool, as it was when the loop began.
int world_each(lua_State* L) {
    World& world = current_world(L);
    const int count = lua_gettop(L);
    if (count < 1) return luaL_error(L, "world.each: name at least one component type");
    if (count > 8) return luaL_error(L, "world.each: at most 8 component types");
    const PoolBase* smallest = nullptr;
    bool empty = false;
    ComponentId ids[8] = {};
    for (int i = 1; i <= count; ++i) {
        ids[i - 1] = check_type(L, i).id;
        const PoolBase* pool = world.pool(ids[i - 1]);
        if (pool == nullptr)
            empty = true;
        else if (smallest == nullptr || pool->size() < smallest->size())
            smallest = pool;
    }
    lua_pushinteger(L, count);
    lua_createtable(L, empty ? 0 : static_cast<int>(smallest->size()), 0);
    if (!empty) {
        lua_Integer k = 0;
        for (const std::uint32_t slot : smallest->entities()) {
            lua_pushinteger(L, to_lua(world.handle_at(slot)));
            lua_rawseti(L, -2, ++k);
        }
    }
    lua_pushinteger(L, 0);
    for (int i = 0; i < count; ++i)
        lua_pushinteger(L, static_cast<lua_Integer>(ids[i]));
    lua_pushcclosure(L, each_next, 3 + count);
    return 1;
}

} // namespace

World& current_world(lua_State* L) {
    World* world = Runtime::of(L).world();
    if (world == nullptr) luaL_error(L, "the world can only be used from a hook or a system");
    return *world;
}

void open_library(lua_State* L, const char* name, const luaL_Reg* functions) {
    lua_newtable(L);
    luaL_setfuncs(L, functions, 0);
    lua_setglobal(L, name);
}

void push_component(lua_State* L, World& world, Handle h, const TypeInfo& type) {
    void* component = world.get(h, type.id);
    if (component == nullptr) {
        lua_pushnil(L);
        return;
    }
    if (type.scripted) {
        Runtime::of(L).push_table(*static_cast<const ScriptedComponent*>(component));
        return;
    }
    auto* proxy = static_cast<NativeProxy*>(lua_newuserdatauv(L, sizeof(NativeProxy), 0));
    *proxy = NativeProxy{h, type.id};
    luaL_setmetatable(L, kProxyMeta);
}

void push_message(lua_State* L, const Message& message) {
    lua_createtable(L, 0, 7);
    if (const std::string* name = Runtime::of(L).kind_name(message.kind))
        lua_pushlstring(L, name->data(), name->size());
    else
        lua_pushinteger(L, message.kind);
    lua_setfield(L, -2, "kind");
    if (message.sender.generation != 0) {
        lua_pushinteger(L, to_lua(message.sender));
        lua_setfield(L, -2, "sender");
    }
    lua_pushinteger(L, message.i);
    lua_setfield(L, -2, "i");
    lua_pushnumber(L, message.f);
    lua_setfield(L, -2, "f");
    push_vec2(L, message.v);
    lua_setfield(L, -2, "v");
    if (message.ref.value != 0) {
        lua_pushinteger(L, static_cast<lua_Integer>(message.ref.value));
        lua_setfield(L, -2, "ref");
    }
    lua_pushlstring(L, message.text.data(), message.text.size());
    lua_setfield(L, -2, "text");
}

void open_world_api(lua_State* L) {
    luaL_newmetatable(L, kProxyMeta);
    const luaL_Reg proxy[] = {{"__index", proxy_index},
                              {"__newindex", proxy_newindex},
                              {"__tostring", proxy_tostring},
                              {nullptr, nullptr}};
    luaL_setfuncs(L, proxy, 0);
    lua_pushliteral(L, "component");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    const luaL_Reg world[] = {{"get", world_get},
                              {"add", world_add},
                              {"has", world_has},
                              {"remove", world_remove},
                              {"position", world_position},
                              {"set_position", world_set_position},
                              {"translate", world_translate},
                              {"bounds", world_bounds},
                              {"alive", world_alive},
                              {"create", world_create},
                              {"destroy", world_destroy},
                              {"find", world_find},
                              {"find_named", world_find_named},
                              {"guid", world_guid},
                              {"name", world_name},
                              {"query_rect", world_query_rect},
                              {"query_circle", world_query_circle},
                              {"send", world_send},
                              {"broadcast", world_broadcast},
                              {"kind", world_kind},
                              {"property", world_property},
                              {"set_property", world_set_property},
                              {"each", world_each},
                              {nullptr, nullptr}};
    open_library(L, "world", world);
    open_input_and_log_api(L);
}

} // namespace diorama::script
