// What scripts declare: component types (component "Name" { fields }) and systems
// (system "name" { query = {...}, each = function ... }), and their registration.

#include "runtime.h"

#include "lua_values.h"

#include "diorama/world.h"

#include <algorithm>
#include <array>
#include <utility>

namespace diorama::script {

namespace {

constexpr std::array<std::pair<const char*, FieldType>, 9> kFieldKinds{{
    {"bool", FieldType::Bool},
    {"int", FieldType::Int32},
    {"float", FieldType::Float},
    {"string", FieldType::String},
    {"vec2", FieldType::Vec2},
    {"color", FieldType::Color},
    {"enum", FieldType::Enum},
    {"object", FieldType::ObjectRef},
    {"asset", FieldType::Asset},
}};

constexpr std::array<std::pair<const char*, AssetKind>, 5> kAssetKinds{{
    {"image", AssetKind::Image},
    {"prefab", AssetKind::Prefab},
    {"scene", AssetKind::Scene},
    {"font", AssetKind::Font},
    {"sound", AssetKind::Sound},
}};

bool is_identifier(std::string_view name) {
    if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
    for (const char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    return true;
}

// The value a field has when its declaration gives none.
FieldValue zero_value(FieldType type) {
    switch (type) {
    case FieldType::Bool:
        return false;
    case FieldType::Int32:
    case FieldType::Enum:
        return std::int32_t{0};
    case FieldType::Float:
        return 0.0f;
    case FieldType::String:
    case FieldType::Asset:
        return std::string();
    case FieldType::Vec2:
        return glm::vec2(0.0f);
    case FieldType::Color:
        return glm::vec4(1.0f);
    case FieldType::ObjectRef:
        return Guid{};
    case FieldType::Properties:
        return PropertyMap{};
    case FieldType::Tiles:
        return TileGrid{};
    }
    return false;
}

// The string at key of the table at idx (raw), or "" when absent; "!" + what it is otherwise.
std::string optional_string(lua_State* L, int idx, const char* key) {
    const int type = raw_field(L, idx, key);
    std::string out;
    if (type == LUA_TSTRING)
        out = lua_tostring(L, -1);
    else if (type != LUA_TNIL)
        out = "!";
    lua_pop(L, 1);
    return out;
}

std::optional<float> optional_number(lua_State* L, int idx, const char* key, bool& bad) {
    const int type = raw_field(L, idx, key);
    std::optional<float> out;
    if (type == LUA_TNUMBER)
        out = static_cast<float>(lua_tonumber(L, -1));
    else if (type != LUA_TNIL)
        bad = true;
    lua_pop(L, 1);
    return out;
}

// The hint applies_when = { "enum_field", "value", ... } of the field declaration at idx (the
// enum field declared before it): sets field.applies_when; returns what is wrong, or "".
std::string read_applies_when(lua_State* L, int idx, const ScriptedType& type, FieldInfo& field) {
    const int hint = raw_field(L, idx, "applies_when");
    if (hint == LUA_TNIL) {
        lua_pop(L, 1);
        return {};
    }
    std::vector<std::string> words;
    if (hint == LUA_TTABLE) {
        for (lua_Integer k = 1; lua_rawgeti(L, -1, k) == LUA_TSTRING; ++k) {
            words.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    const std::string usage =
        "applies_when = { \"an enum field declared before\", \"value\", ... }";
    if (words.size() < 2) return usage;
    const FieldInfo* selector = nullptr;
    for (const FieldInfo& f : type.fields)
        if (f.name == words[0]) selector = &f;
    if (selector == nullptr || selector->type != FieldType::Enum)
        return "applies_when: '" + words[0] + "' is not an enum field declared before; " + usage;
    FieldCondition condition{words[0], {}};
    for (std::size_t w = 1; w < words.size(); ++w) {
        const auto& names = selector->enum_names;
        const auto it = std::find(names.begin(), names.end(), words[w]);
        if (it == names.end())
            return "applies_when: '" + words[w] + "' is not a value of " + words[0];
        condition.values.push_back(static_cast<std::int32_t>(it - names.begin()));
    }
    field.applies_when = std::move(condition);
    return {};
}

// Reads field declaration i ({ "name", "kind", default, hints... }, the table at idx) into
// type; returns what is wrong, or "".
std::string read_field(lua_State* L, int idx, int i, ScriptedType& type) {
    const std::string at = "field " + std::to_string(i) + ": ";
    if (lua_type(L, idx) != LUA_TTABLE)
        return at + "a field is declared as { \"name\", \"kind\", default, hints... }";
    FieldInfo field;
    lua_rawgeti(L, idx, 1);
    if (lua_type(L, -1) == LUA_TSTRING) field.name = lua_tostring(L, -1);
    lua_pop(L, 1);
    if (!is_identifier(field.name))
        return at + "the field's name (its first entry) must be an identifier, like \"speed\"";
    for (const FieldInfo& f : type.fields)
        if (f.name == field.name) return "field '" + field.name + "' is declared twice";
    const std::string where = "field '" + field.name + "': ";
    lua_rawgeti(L, idx, 2);
    const std::string kind = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_pop(L, 1);
    bool known = false;
    for (const auto& [name, ft] : kFieldKinds)
        if (kind == name) {
            field.type = ft;
            known = true;
        }
    if (!known)
        return where + "kind '" + kind +
               "' is not one of bool, int, float, string, vec2, color, enum, object, asset";

    bool bad = false;
    field.min = optional_number(L, idx, "min", bad);
    field.max = optional_number(L, idx, "max", bad);
    if (auto step = optional_number(L, idx, "step", bad)) field.speed = *step;
    if (bad) return where + "min, max and step are numbers";
    field.tooltip = optional_string(L, idx, "tooltip");
    if (field.tooltip == "!") return where + "tooltip is a string";
    if (raw_field(L, idx, "multiline") == LUA_TBOOLEAN) field.multiline = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (field.type == FieldType::Enum) {
        if (raw_field(L, idx, "values") == LUA_TTABLE) {
            for (lua_Integer k = 1; lua_rawgeti(L, -1, k) == LUA_TSTRING; ++k) {
                field.enum_names.emplace_back(lua_tostring(L, -1));
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (field.enum_names.empty())
            return where + "an enum field names its values: values = { \"left\", \"right\" }";
    }
    if (field.type == FieldType::Asset) {
        const std::string asset = optional_string(L, idx, "asset");
        for (const auto& [name, ak] : kAssetKinds)
            if (asset == name) field.asset_kind = ak;
        if (!asset.empty() && field.asset_kind == AssetKind::None)
            return where + "asset = '" + asset +
                   "' is not one of image, prefab, scene, font, sound";
    }
    if (std::string why = read_applies_when(L, idx, type, field); !why.empty()) return where + why;
    FieldValue value = zero_value(field.type);
    lua_rawgeti(L, idx, 3);
    if (!lua_isnil(L, -1)) {
        std::string why;
        auto given = to_field_value(L, -1, field, why);
        if (!given) {
            lua_pop(L, 1);
            return where + "the default is " + why;
        }
        value = std::move(*given);
    }
    lua_pop(L, 1);
    type.fields.push_back(std::move(field));
    type.defaults.push_back(std::move(value));
    return {};
}

// The script and line running the declaration (level 1: the caller of the C function).
void locate(lua_State* L, std::string& file, int& line) {
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) != 0 && lua_getinfo(L, "Sl", &ar) != 0) {
        file = ar.short_src;
        line = ar.currentline;
    }
}

// Raises "FILE:LINE: problem" (problem on top of the stack).
int raise_here(lua_State* L) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
}

// component(name, fields) -> the declaration table; component(name) -> a function taking the
// fields, so a script may write component "Bat" { ... }.
int declare_component(lua_State* L);

int declare_component_curried(lua_State* L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    return declare_component(L);
}

int declare_component(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        lua_pushliteral(L, "component: the first argument is the type's name, like \"Bat\"");
        return raise_here(L);
    }
    if (lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_pushcclosure(L, declare_component_curried, 1);
        return 1;
    }
    Runtime& runtime = Runtime::of(L);
    bool failed = false;
    {
        auto type = std::make_unique<ScriptedType>();
        type->name = lua_tostring(L, 1);
        locate(L, type->file, type->line);
        std::string problem;
        if (!is_identifier(type->name))
            problem = "component '" + type->name + "': the name must be an identifier";
        else if (lua_type(L, 2) != LUA_TTABLE)
            problem =
                "component '" + type->name +
                "': the second argument is the list of fields, { { \"name\", \"kind\" }, ... }";
        for (int i = 1; problem.empty() && lua_rawgeti(L, 2, i) != LUA_TNIL; ++i) {
            problem = read_field(L, lua_gettop(L), i, *type);
            lua_pop(L, 1);
            if (!problem.empty()) problem = "component '" + type->name + "': " + problem;
        }
        if (problem.empty() && runtime.declared(type->name))
            problem = "component '" + type->name + "' is declared twice";
        failed = !problem.empty();
        if (failed) {
            lua_pushlstring(L, problem.data(), problem.size());
        } else {
            lua_settop(L, 0);
            lua_newtable(L); // the declaration
            lua_createtable(L, 0, 1);
            lua_pushvalue(L, 1);
            lua_setfield(L, -2, "__index");
            type->metatable = luaL_ref(L, LUA_REGISTRYINDEX);
            lua_pushvalue(L, 1);
            type->declaration = luaL_ref(L, LUA_REGISTRYINDEX);
            lua_createtable(L, 0, 0); // the instances, weak-keyed
            lua_createtable(L, 0, 1);
            lua_pushliteral(L, "k");
            lua_setfield(L, -2, "__mode");
            lua_setmetatable(L, -2);
            type->instances = luaL_ref(L, LUA_REGISTRYINDEX);
            runtime.add_pending(std::move(type));
        }
    }
    if (failed) return raise_here(L);
    return 1;
}

// system(name, spec) / system(name) { spec }: spec = { query = { "Type", ... }, each =
// function(obj, components..., dt) } or { run = function(dt) }, with after = or before = a
// system's name.
int declare_system(lua_State* L);

int declare_system_curried(lua_State* L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    return declare_system(L);
}

int declare_system(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        lua_pushliteral(L, "system: the first argument is the system's name, like \"bats\"");
        return raise_here(L);
    }
    if (lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_pushcclosure(L, declare_system_curried, 1);
        return 1;
    }
    Runtime& runtime = Runtime::of(L);
    bool failed = false;
    {
        ScriptedSystem system;
        system.name = lua_tostring(L, 1);
        locate(L, system.file, system.line);
        std::string problem;
        const std::string at = "system '" + system.name + "': ";
        if (lua_type(L, 2) != LUA_TTABLE) {
            problem = at + "the second argument is { query = {...}, each = function } or "
                           "{ run = function }";
        } else {
            if (raw_field(L, 2, "query") == LUA_TTABLE)
                for (lua_Integer k = 1; lua_rawgeti(L, -1, k) == LUA_TSTRING; ++k) {
                    system.query.emplace_back(lua_tostring(L, -1));
                    lua_pop(L, 1);
                }
            lua_settop(L, 2);
            system.after = optional_string(L, 2, "after");
            system.before = optional_string(L, 2, "before");
            const bool each = raw_field(L, 2, "each") == LUA_TFUNCTION;
            const bool run = raw_field(L, 2, "run") == LUA_TFUNCTION;
            if (system.after == "!" || system.before == "!")
                problem = at + "after and before name a system (a string)";
            else if (!system.after.empty() && !system.before.empty())
                problem = at + "give after or before, not both";
            else if (each == run)
                problem = at + "give one function: each = function(obj, components..., dt) or "
                               "run = function(dt)";
            else if (each && system.query.empty())
                problem = at + "each needs a query: query = { \"Bat\", \"Transform2D\" }";
            else if (runtime.has_system(system.name))
                problem = at + "declared twice";
            if (problem.empty()) {
                system.per_object = each;
                lua_settop(L, 2);
                raw_field(L, 2, each ? "each" : "run");
                system.function = luaL_ref(L, LUA_REGISTRYINDEX);
                runtime.add_pending(std::move(system));
            }
        }
        failed = !problem.empty();
        if (failed) lua_pushlstring(L, problem.data(), problem.size());
    }
    if (failed) return raise_here(L);
    return 0;
}

// messages { "pong", ... }: names of message kinds that native code sends, so handlers see
// them by name (names scripts send are known already).
int declare_messages(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    Runtime& runtime = Runtime::of(L);
    for (lua_Integer k = 1; lua_rawgeti(L, 1, k) == LUA_TSTRING; ++k) {
        std::size_t size = 0;
        const char* name = lua_tolstring(L, -1, &size);
        runtime.remember_kind(std::string_view(name, size));
        lua_pop(L, 1);
    }
    return 0;
}

} // namespace

void open_declarations(lua_State* L) {
    lua_register(L, "component", declare_component);
    lua_register(L, "system", declare_system);
    lua_register(L, "messages", declare_messages);
}

// ---- Runtime: declarations ----

bool Runtime::declared(std::string_view name) const {
    for (const auto& t : m_pending_types)
        if (t->name == name) return true;
    for (const auto& t : m_types) // a script being reloaded declares its types again
        if (t->name == name && t->file != m_reloading) return true;
    return false;
}

bool Runtime::has_system(std::string_view name) const {
    for (const auto& s : m_pending_systems)
        if (s.name == name) return true;
    for (const auto& s : m_systems)
        if (s.name == name && s.file != m_reloading) return true;
    return false;
}

void Runtime::add_pending(std::unique_ptr<ScriptedType> type) {
    m_pending_types.push_back(std::move(type));
}

void Runtime::add_pending(ScriptedSystem system) {
    m_pending_systems.push_back(std::move(system));
}

Result<void> Runtime::run_script(std::string_view relative, const std::string* source) {
    lua_settop(state(), 0);
    if (source != nullptr)
        return m_vm->run(*source, m_vm->display_prefix() + std::string(relative));
    return m_vm->run_file(relative);
}

TypeInfo Runtime::type_info_for(const ScriptedType& type) {
    const std::shared_ptr<Runtime> self = shared_from_this();
    const ScriptedType* t = &type;
    TypeInfo info;
    info.name = type.name;
    info.id = type.id;
    info.size = sizeof(ScriptedComponent);
    info.scripted = true;
    info.copy_defaults_on_add = true;
    for (std::size_t i = 0; i < type.fields.size(); ++i) {
        FieldInfo field = type.fields[i];
        field.get = [t, i](const void* c) -> FieldValue {
            const auto& sc = *static_cast<const ScriptedComponent*>(c);
            return sc.runtime ? sc.runtime->read(sc, i) : t->defaults[i];
        };
        field.set = [self, t, i](void* c, const FieldValue& value) {
            auto& sc = *static_cast<ScriptedComponent*>(c);
            if (!sc.runtime) self->bind_defaults(sc, *t);
            self->write(sc, i, value);
        };
        info.fields.push_back(std::move(field));
    }
    const ComponentId id = type.id;
    info.make_pool = [id]() -> std::unique_ptr<PoolBase> {
        return std::make_unique<Pool<ScriptedComponent>>(id);
    };
    info.copy = [self](void* dst, const void* src) {
        self->assign(*static_cast<ScriptedComponent*>(dst),
                     *static_cast<const ScriptedComponent*>(src));
    };
    info.make_instance = [self, t]() -> std::shared_ptr<void> {
        auto c = std::make_shared<ScriptedComponent>();
        self->bind_defaults(*c, *t);
        return c;
    };
    info.defaults = info.make_instance();
    { // the defaults are no component of any object: a reload rebuilds them, not migrates them
        lua_State* L = state();
        lua_rawgeti(L, LUA_REGISTRYINDEX, type.instances);
        push_table(*static_cast<const ScriptedComponent*>(info.defaults.get()));
        lua_pushnil(L);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    info.hooks = hooks_for(type);
    return info;
}

void Runtime::register_pending(TypeRegistry& registry, Diagnostics& diagnostics) {
    m_registry = &registry;
    for (auto& type : m_pending_types) {
        type->id = detail::intern_component_key("script:" + type->name);
        const std::string where = type->file + ":" + std::to_string(type->line);
        if (auto added = registry.add(type_info_for(*type)); !added) {
            diagnostics.error(make_error(ErrorCode::Script, added.error().message, where));
            continue;
        }
        m_types.push_back(std::move(type));
    }
    m_pending_types.clear();
    for (ScriptedSystem& system : m_pending_systems) {
        const std::string where = system.file + ":" + std::to_string(system.line);
        bool known = true;
        for (const std::string& name : system.query)
            if (registry.find(name) == nullptr) {
                diagnostics.error(make_error(
                    ErrorCode::Script,
                    "system '" + system.name + "': no component type '" + name + "'", where));
                known = false;
            }
        if (!known) continue;
        if (auto added = registry.insert_system(system.name, runner_for(m_systems.size()),
                                                system.after, system.before);
            !added) {
            diagnostics.error(make_error(ErrorCode::Script,
                                         "system '" + system.name + "': " + added.error().message,
                                         where));
            continue;
        }
        m_systems.push_back(std::move(system));
    }
    m_pending_systems.clear();
}

} // namespace diorama::script
