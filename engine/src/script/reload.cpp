// Reloading a script into the running state: what it declares replaces what it declared, and
// every object keeps its data.

#include "runtime.h"

#include "lua_values.h"
#include "world_api.h"

#include "diorama/world.h"

#include <algorithm>

namespace diorama::script {

namespace {

// The index of the field named so, or -1.
int field_index(const std::vector<FieldInfo>& fields, const std::string& name) {
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (fields[i].name == name) return static_cast<int>(i);
    return -1;
}

} // namespace

void Runtime::forget_module(std::string_view name) {
    m_vm->forget_module(name);
}

void Runtime::update_type(ScriptedType& existing, ScriptedType& fresh, Diagnostics& diagnostics) {
    lua_State* L = state();
    // The instance tables, gathered first (the weak set may lose entries while walked).
    lua_newtable(L);
    const int tables = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, existing.instances);
    lua_Integer count = 0;
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, tables, ++count);
    }
    lua_pop(L, 1);

    std::vector<std::size_t> reset(fresh.fields.size(), 0); // values that could not be kept
    for (lua_Integer k = 1; k <= count; ++k) {
        lua_rawgeti(L, tables, k);
        const int table = lua_gettop(L);
        for (std::size_t i = 0; i < fresh.fields.size(); ++i) {
            const FieldInfo& field = fresh.fields[i];
            const int before = field_index(existing.fields, field.name);
            raw_field(L, table, field.name.c_str());
            std::string why;
            const bool keep = before >= 0 && to_field_value(L, -1, field, why).has_value();
            lua_pop(L, 1);
            if (keep) continue;
            if (before >= 0) ++reset[i];
            lua_pushstring(L, field.name.c_str());
            push_field_value(L, field, fresh.defaults[i]);
            lua_rawset(L, table);
        }
        for (const FieldInfo& old : existing.fields)
            if (field_index(fresh.fields, old.name) < 0) {
                lua_pushstring(L, old.name.c_str());
                lua_pushnil(L);
                lua_rawset(L, table);
            }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    const std::string where = fresh.file + ":" + std::to_string(fresh.line);
    for (const FieldInfo& old : existing.fields)
        if (field_index(fresh.fields, old.name) < 0)
            diagnostics.warning(make_error(ErrorCode::Script,
                                           existing.name + "." + old.name +
                                               " is no longer declared: " + std::to_string(count) +
                                               " components lost its value",
                                           where));
    for (std::size_t i = 0; i < fresh.fields.size(); ++i)
        if (reset[i] > 0)
            diagnostics.warning(
                make_error(ErrorCode::Script,
                           existing.name + "." + fresh.fields[i].name + " is now " +
                               to_string(fresh.fields[i].type) + ": " + std::to_string(reset[i]) +
                               " components whose value could not be converted have the default",
                           where));

    // The new declaration; the instances keep their metatable, which now points at it.
    luaL_unref(L, LUA_REGISTRYINDEX, existing.declaration);
    existing.declaration = fresh.declaration;
    fresh.declaration = LUA_NOREF;
    lua_rawgeti(L, LUA_REGISTRYINDEX, existing.metatable);
    lua_rawgeti(L, LUA_REGISTRYINDEX, existing.declaration);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    luaL_unref(L, LUA_REGISTRYINDEX, fresh.metatable);
    luaL_unref(L, LUA_REGISTRYINDEX, fresh.instances);
    existing.fields = std::move(fresh.fields);
    existing.defaults = std::move(fresh.defaults);
    existing.line = fresh.line;
}

void Runtime::announce_reload(const ScriptedType& type, World& world) {
    const PoolBase* pool = world.pool(type.id);
    if (pool == nullptr) return;
    std::vector<Handle> objects;
    for (const std::uint32_t slot : pool->entities())
        objects.push_back(world.handle_at(slot));
    for (const Handle h : objects) {
        if (!push_hook(type, "on_reload")) return;
        const auto* c = static_cast<const ScriptedComponent*>(world.get(h, type.id));
        if (c == nullptr) {
            lua_pop(state(), 1);
            continue;
        }
        push_table(*c);
        lua_pushinteger(state(), to_lua(h));
        if (!call(world, 2, type.name + ".on_reload", h)) return;
    }
}

Result<void> Runtime::reload(std::string_view relative, TypeRegistry& registry, World* world,
                             Diagnostics& diagnostics, const std::string* source) {
    const std::string file = m_vm->display_prefix() + std::string(relative);
    m_reloading = file;
    Result<void> ran = run_script(relative, source);
    m_reloading.clear();
    if (!ran) {
        for (const auto& type : m_pending_types)
            for (const int ref : {type->declaration, type->metatable, type->instances})
                luaL_unref(state(), LUA_REGISTRYINDEX, ref);
        for (const ScriptedSystem& system : m_pending_systems)
            luaL_unref(state(), LUA_REGISTRYINDEX, system.function);
        m_pending_types.clear();
        m_pending_systems.clear();
        diagnostics.error(ran.error());
        return ran.error();
    }

    // Types declared again: updated in place.
    std::vector<const ScriptedType*> reloaded;
    for (auto& existing : m_types) {
        if (existing->file != file) continue;
        const auto fresh = std::find_if(m_pending_types.begin(), m_pending_types.end(),
                                        [&](const auto& t) { return t->name == existing->name; });
        if (fresh == m_pending_types.end()) {
            diagnostics.warning(make_error(
                ErrorCode::Script,
                existing->name + " is no longer declared; its components stay until the game is "
                                 "opened again",
                file));
            continue;
        }
        update_type(*existing, **fresh, diagnostics);
        m_pending_types.erase(fresh);
        if (auto replaced = registry.replace(type_info_for(*existing)); !replaced)
            diagnostics.error(make_error(ErrorCode::Script, replaced.error().message, file));
        reloaded.push_back(existing.get());
    }
    // Systems declared again: their new function and query; their place stays.
    for (ScriptedSystem& existing : m_systems) {
        if (existing.file != file) continue;
        const auto fresh = std::find_if(m_pending_systems.begin(), m_pending_systems.end(),
                                        [&](const auto& s) { return s.name == existing.name; });
        if (fresh == m_pending_systems.end()) {
            luaL_unref(state(), LUA_REGISTRYINDEX, existing.function);
            lua_pushcfunction(state(), [](lua_State*) { return 0; });
            existing.function = luaL_ref(state(), LUA_REGISTRYINDEX);
            diagnostics.warning(make_error(
                ErrorCode::Script,
                "system '" + existing.name + "' is no longer declared; it does nothing now", file));
            continue;
        }
        if (fresh->after != existing.after || fresh->before != existing.before)
            diagnostics.warning(make_error(ErrorCode::Script,
                                           "system '" + existing.name +
                                               "': a new place among the systems applies when the "
                                               "game is opened again",
                                           fresh->file + ":" + std::to_string(fresh->line)));
        luaL_unref(state(), LUA_REGISTRYINDEX, existing.function);
        existing.function = fresh->function;
        existing.query = std::move(fresh->query);
        existing.per_object = fresh->per_object;
        existing.line = fresh->line;
        m_pending_systems.erase(fresh);
    }
    register_pending(registry, diagnostics); // what is new
    if (world != nullptr)
        for (const ScriptedType* type : reloaded)
            announce_reload(*type, *world);
    return {};
}

} // namespace diorama::script
