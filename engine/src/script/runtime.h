#pragma once
// The scripts' runtime: one sandboxed Lua state (LuaVm) holding a project's scripts, the
// component types and systems they declared, and every scripted component's data.
//
// A scripted component is a Lua table in this state (its fields by name, plus whatever the
// script keeps in it); pools store a ScriptedComponent, which names the table. The registry's
// TypeInfo for a scripted type reads and writes the table through lua_values.h, so save/load,
// the inspector, undo, prefab overrides and the state hash treat it as a native type.
//
// Calls into Lua run protected, under the instruction budget, with the world they act on as the
// current world. A Lua error in a hook or a system is logged and kept as the runtime's error
// (error()); the caller (the player, the editor's Play) decides what it stops.

#include "diorama/diagnostics.h"
#include "diorama/handle.h"
#include "diorama/lua_vm.h"
#include "diorama/message.h"
#include "diorama/reflection.h"
#include "diorama/type_registry.h"

#include <lua.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace diorama {
class World;
}

namespace diorama::script {

class Runtime;

// A component type a script declared.
struct ScriptedType {
    std::string name;
    ComponentId id = 0;
    std::string file; // the script that declared it, as messages name it ("scripts/bat.lua")
    int line = 0;
    std::vector<FieldInfo> fields;    // declaration order; get/set left empty here
    std::vector<FieldValue> defaults; // per field
    int declaration = LUA_NOREF;      // registry ref: the table scripts attach hooks to
    int metatable = LUA_NOREF;        // registry ref: instances' metatable (__index = declaration)
    int instances = LUA_NOREF;        // registry ref: a weak-keyed set of every instance table
};

// A scripted type's component as a pool stores it: the Lua table holding its data.
class ScriptedComponent {
public:
    ScriptedComponent() = default;
    ~ScriptedComponent();
    ScriptedComponent(ScriptedComponent&& other) noexcept;
    ScriptedComponent& operator=(ScriptedComponent&& other) noexcept;
    ScriptedComponent(const ScriptedComponent&) = delete;
    // Gives this component the declared field values of other in a table of its own (a blank
    // other makes it blank), as Runtime::assign does; a pool's copy (World::clone) uses it.
    ScriptedComponent& operator=(const ScriptedComponent& other);

    std::shared_ptr<Runtime> runtime; // keeps the state alive while the table is in it
    const ScriptedType* type = nullptr;
    int table = LUA_NOREF; // registry ref of the table; LUA_NOREF until bound
};

// A system a script declared.
struct ScriptedSystem {
    std::string name;
    std::string file;
    int line = 0;
    std::vector<std::string> query; // component type names; `each` runs per object having all
    std::string after, before;      // a system to run after / before (empty: at the end)
    int function = LUA_NOREF;       // registry ref: run(dt) or each(obj, components..., dt)
    bool per_object = false;        // each (true) or run (false)
};

class Runtime : public std::enable_shared_from_this<Runtime> {
public:
    // A runtime whose `require` loads from scripts_folder (named display_prefix in messages).
    [[nodiscard]] static Result<std::shared_ptr<Runtime>>
    create(const std::filesystem::path& scripts_folder, std::string display_prefix,
           LuaLimits limits = {});
    ~Runtime();
    Runtime(const Runtime&) = delete;
    Runtime& operator=(const Runtime&) = delete;

    [[nodiscard]] lua_State* state() const { return m_vm->state(); }
    [[nodiscard]] LuaVm& vm() { return *m_vm; }
    // The runtime of a state made by create().
    [[nodiscard]] static Runtime& of(lua_State* L);

    // ---- declarations (declarations.cpp) ----
    // Runs a script file (or, when source is given, that text as the file); the types and
    // systems it declares wait in pending lists.
    [[nodiscard]] Result<void> run_script(std::string_view relative,
                                          const std::string* source = nullptr);
    // Registers every pending type, then every pending system, into registry; each failure
    // (a name taken, an unknown type in a query, an unknown system to order by) is reported
    // naming the script and line, and that declaration is left out.
    void register_pending(TypeRegistry& registry, Diagnostics& diagnostics);
    [[nodiscard]] const std::vector<std::unique_ptr<ScriptedType>>& types() const {
        return m_types;
    }

    // ---- reload (reload.cpp) ----
    // Runs a script again, as the file it was loaded from: what it declares replaces what it
    // declared before. Types keep their ids and their objects' data (new fields get defaults,
    // fields of a changed kind are converted or reset, removed fields are reported as
    // warnings); hooks and system functions are the new ones; each object of a reloaded type in
    // `world` (when not null) then gets on_reload(self, obj). When the script fails, nothing it
    // declared changes (the error is returned). With source, that text runs as the file.
    [[nodiscard]] Result<void> reload(std::string_view relative, TypeRegistry& registry,
                                      World* world, Diagnostics& diagnostics,
                                      const std::string* source = nullptr);
    // Forgets a module `require` loaded, so the next require runs it again.
    void forget_module(std::string_view name);
    // True when a type / system of this name was declared (registered or pending).
    [[nodiscard]] bool declared(std::string_view type_name) const;
    [[nodiscard]] bool has_system(std::string_view system_name) const;
    void add_pending(std::unique_ptr<ScriptedType> type);
    void add_pending(ScriptedSystem system);

    // ---- component data ----
    // Binds a blank component to type with a new table holding the defaults.
    void bind_defaults(ScriptedComponent& c, const ScriptedType& type);
    // Gives dst (blank or bound) the declared field values of src.
    void assign(ScriptedComponent& dst, const ScriptedComponent& src);
    void release(int table);
    // A field of a component, read through lua_values.h; a value a script left of the wrong
    // kind reads as the field's default, reported once per type and field.
    [[nodiscard]] FieldValue read(const ScriptedComponent& c, std::size_t field);
    void write(const ScriptedComponent& c, std::size_t field, const FieldValue& value);
    // Pushes the component's table.
    void push_table(const ScriptedComponent& c);

    // ---- calls (runtime.cpp) ----
    // The world the running call acts on; null outside calls.
    [[nodiscard]] World* world() const { return m_world; }
    // Calls the function below its nargs arguments on the stack (popping all) with `world` as
    // the current world; a Lua error is kept and logged (once per place it happened), naming
    // `what` (the hook or system) and the object, when not null. Returns whether it succeeded.
    bool call(World& world, int nargs, std::string_view what, Handle object = {});
    // A run starts: math.random from its seed again, every error place logged again, no error.
    void begin_run();
    // The first error a call raised since clear_error(), if any.
    [[nodiscard]] const std::optional<Error>& error() const { return m_error; }
    void clear_error() { m_error.reset(); }
    // The native type registry scripts look types up in (set by register_pending).
    [[nodiscard]] const TypeRegistry* registry() const { return m_registry; }
    // A type by name: scripted or native; nullptr when unknown.
    [[nodiscard]] const TypeInfo* find_type(std::string_view name) const;
    // Message kinds by name: a name scripts used is remembered, so handlers see it.
    void remember_kind(std::string_view name);
    // The name of a kind scripts used, or nullptr.
    [[nodiscard]] const std::string* kind_name(MessageKind kind) const;
    // The scripted type with this id, or nullptr.
    [[nodiscard]] const ScriptedType* scripted(ComponentId id) const;

private:
    Runtime() = default;
    TypeInfo type_info_for(const ScriptedType& type);
    // Gives the existing type what `fresh` now declares and migrates every instance's table.
    void update_type(ScriptedType& existing, ScriptedType& fresh, Diagnostics& diagnostics);
    // Calls on_reload(self, obj) for each object of the type in world.
    void announce_reload(const ScriptedType& type, World& world);
    // The registry hooks of a scripted type: each calls the declaration's function of that name
    // when it has one (calls.cpp).
    TypeHooks hooks_for(const ScriptedType& type);
    // The registry's run function of m_systems[index] (calls.cpp).
    std::function<void(World&, float)> runner_for(std::size_t index);
    void run_system(const ScriptedSystem& system, World& world, float dt);
    // Pushes the declaration's function `name` and returns true, or pushes nothing.
    bool push_hook(const ScriptedType& type, const char* name);

    std::unique_ptr<LuaVm> m_vm;
    std::uint64_t m_random_seed = 0;
    std::vector<std::unique_ptr<ScriptedType>> m_types;
    std::vector<std::unique_ptr<ScriptedType>> m_pending_types;
    std::vector<ScriptedSystem> m_systems;
    std::vector<ScriptedSystem> m_pending_systems;
    const TypeRegistry* m_registry = nullptr;
    World* m_world = nullptr;
    std::string m_reloading;    // the script being reloaded ("scripts/bat.lua"), or empty
    std::vector<Handle> m_walk; // the objects a per-object system visits this tick
    std::optional<Error> m_error;
    std::unordered_map<MessageKind, std::string> m_kind_names;
    std::set<std::string> m_reported; // "Type.field" already reported as holding a wrong value
    std::set<std::string> m_logged;   // where errors happened that are logged already
};

// Opens the functions scripts declare with (component, system) and the value types.
void open_declarations(lua_State* L);
// Opens the world API (world.*, input.*, log.*).
void open_world_api(lua_State* L);

} // namespace diorama::script
