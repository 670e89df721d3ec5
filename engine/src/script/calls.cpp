// Calls from the engine into scripts: a scripted type's hooks and the scripted systems.

#include "runtime.h"

#include "lua_values.h"
#include "world_api.h"

#include "diorama/world.h"

#include <algorithm>

namespace diorama::script {

bool Runtime::push_hook(const ScriptedType& type, const char* name) {
    lua_State* L = state();
    lua_rawgeti(L, LUA_REGISTRYINDEX, type.declaration);
    if (raw_field(L, -1, name) == LUA_TFUNCTION) {
        lua_remove(L, -2);
        return true;
    }
    lua_pop(L, 2);
    return false;
}

TypeHooks Runtime::hooks_for(const ScriptedType& type) {
    // The runtime owns the type and outlives the registry's hooks only through the pointer the
    // registry holds, so each hook keeps the runtime alive.
    const std::shared_ptr<Runtime> self = shared_from_this();
    const ScriptedType* t = &type;
    const auto what = [t](const char* hook) { return t->name + "." + hook; };
    TypeHooks hooks;
    hooks.on_create = [self, t, what](World& w, Handle h, void* c) {
        if (!self->push_hook(*t, "on_create")) return;
        self->push_table(*static_cast<const ScriptedComponent*>(c));
        lua_pushinteger(self->state(), to_lua(h));
        self->call(w, 2, what("on_create"), h);
    };
    hooks.on_destroy = [self, t, what](World& w, Handle h, void* c) {
        if (!self->push_hook(*t, "on_destroy")) return;
        self->push_table(*static_cast<const ScriptedComponent*>(c));
        lua_pushinteger(self->state(), to_lua(h));
        self->call(w, 2, what("on_destroy"), h);
    };
    hooks.on_message = [self, t, what](World& w, Handle h, void* c, const Message& m) {
        if (!self->push_hook(*t, "on_message")) return;
        self->push_table(*static_cast<const ScriptedComponent*>(c));
        lua_pushinteger(self->state(), to_lua(h));
        push_message(self->state(), m);
        self->call(w, 3, what("on_message"), h);
    };
    hooks.on_event = [self, t, what](World& w, Handle h, void* c, const InputEvent& e) {
        if (!self->push_hook(*t, "on_event")) return;
        self->push_table(*static_cast<const ScriptedComponent*>(c));
        lua_pushinteger(self->state(), to_lua(h));
        push_event(self->state(), e);
        self->call(w, 3, what("on_event"), h);
    };
    return hooks;
}

std::function<void(World&, float)> Runtime::runner_for(std::size_t index) {
    const std::shared_ptr<Runtime> self = shared_from_this();
    return [self, index](World& world, float dt) {
        self->run_system(self->m_systems[index], world, dt);
    };
}

void Runtime::run_system(const ScriptedSystem& system, World& world, float dt) {
    lua_State* L = state();
    const std::string what = "system " + system.name;
    if (!system.per_object) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, system.function);
        lua_pushnumber(L, dt);
        call(world, 1, what);
        return;
    }
    // The query's types; the walk follows the smallest pool, in its order, over a copy of its
    // objects (the function may create and destroy objects).
    std::vector<const TypeInfo*> types;
    const PoolBase* smallest = nullptr;
    for (const std::string& name : system.query) {
        const TypeInfo* type = find_type(name);
        const PoolBase* pool = type != nullptr ? world.pool(type->id) : nullptr;
        if (pool == nullptr) return; // no object has this type yet
        types.push_back(type);
        if (smallest == nullptr || pool->size() < smallest->size()) smallest = pool;
    }
    m_walk.clear();
    for (const std::uint32_t slot : smallest->entities())
        m_walk.push_back(world.handle_at(slot));
    std::vector<Handle> walk;
    walk.swap(m_walk); // a nested system call may reuse the member
    for (const Handle h : walk) {
        const bool has_all = std::all_of(types.begin(), types.end(), [&](const TypeInfo* t) {
            return world.get(h, t->id) != nullptr;
        });
        if (!has_all || world.destroying(h)) continue;
        lua_rawgeti(L, LUA_REGISTRYINDEX, system.function);
        lua_pushinteger(L, to_lua(h));
        for (const TypeInfo* t : types)
            push_component(L, world, h, *t);
        lua_pushnumber(L, dt);
        if (!call(world, static_cast<int>(types.size()) + 2, what, h)) break;
    }
    walk.swap(m_walk);
}

} // namespace diorama::script
