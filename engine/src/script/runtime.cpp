#include "runtime.h"

#include "lua_values.h"

#include "diorama/log.h"
#include "diorama/world.h"

#include <algorithm>
#include <utility>

namespace diorama::script {

namespace {

// Opens the scripts' globals (run protected: each step allocates).
int open_globals(lua_State* L) {
    open_value_types(L);
    open_declarations(L);
    open_world_api(L);
    return 0;
}

} // namespace

// ---- ScriptedComponent ----

ScriptedComponent::~ScriptedComponent() {
    if (runtime && table != LUA_NOREF) runtime->release(table);
}

ScriptedComponent::ScriptedComponent(ScriptedComponent&& other) noexcept
    : runtime(std::move(other.runtime)), type(other.type), table(other.table) {
    other.table = LUA_NOREF;
}

ScriptedComponent& ScriptedComponent::operator=(ScriptedComponent&& other) noexcept {
    if (this == &other) return *this;
    if (runtime && table != LUA_NOREF) runtime->release(table);
    runtime = std::move(other.runtime);
    type = other.type;
    table = other.table;
    other.table = LUA_NOREF;
    return *this;
}

ScriptedComponent& ScriptedComponent::operator=(const ScriptedComponent& other) {
    if (this == &other) return *this;
    if (other.type == nullptr || !other.runtime) return *this = ScriptedComponent();
    other.runtime->assign(*this, other);
    return *this;
}

// ---- Runtime ----

Result<std::shared_ptr<Runtime>> Runtime::create(const std::filesystem::path& scripts_folder,
                                                 std::string display_prefix, LuaLimits limits) {
    auto vm = LuaVm::create(scripts_folder, std::move(display_prefix), limits);
    if (!vm) return vm.error();
    std::shared_ptr<Runtime> runtime(new Runtime());
    runtime->m_vm = std::move(*vm);
    runtime->m_random_seed = limits.random_seed;
    lua_State* L = runtime->state();
    *static_cast<Runtime**>(lua_getextraspace(L)) = runtime.get();
    lua_pushcfunction(L, open_globals);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        Error error =
            make_error(ErrorCode::Script,
                       std::string("cannot open the scripts' globals: ") + lua_tostring(L, -1),
                       scripts_folder.string());
        lua_pop(L, 1);
        return error;
    }
    return runtime;
}

Runtime::~Runtime() = default;

Runtime& Runtime::of(lua_State* L) {
    return **static_cast<Runtime**>(lua_getextraspace(L));
}

void Runtime::push_table(const ScriptedComponent& c) {
    lua_rawgeti(state(), LUA_REGISTRYINDEX, c.table);
}

void Runtime::bind_defaults(ScriptedComponent& c, const ScriptedType& type) {
    lua_State* L = state();
    if (c.table != LUA_NOREF && c.runtime) c.runtime->release(c.table);
    lua_createtable(L, 0, static_cast<int>(type.fields.size()));
    for (std::size_t i = 0; i < type.fields.size(); ++i) {
        lua_pushstring(L, type.fields[i].name.c_str());
        push_field_value(L, type.fields[i], type.defaults[i]);
        lua_rawset(L, -3);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, type.metatable);
    lua_setmetatable(L, -2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, type.instances); // remembered for reloads
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    c.table = luaL_ref(L, LUA_REGISTRYINDEX);
    c.type = &type;
    c.runtime = shared_from_this();
}

void Runtime::assign(ScriptedComponent& dst, const ScriptedComponent& src) {
    if (&dst == &src || src.type == nullptr) return;
    if (dst.type != src.type || dst.table == LUA_NOREF) bind_defaults(dst, *src.type);
    for (std::size_t i = 0; i < src.type->fields.size(); ++i)
        write(dst, i, read(src, i));
}

void Runtime::release(int table) {
    luaL_unref(state(), LUA_REGISTRYINDEX, table);
}

FieldValue Runtime::read(const ScriptedComponent& c, std::size_t field) {
    const ScriptedType& type = *c.type;
    const FieldInfo& info = type.fields[field];
    lua_State* L = state();
    push_table(c);
    raw_field(L, -1, info.name.c_str());
    std::string why;
    std::optional<FieldValue> value = to_field_value(L, -1, info, why);
    lua_pop(L, 2);
    if (value) return std::move(*value);
    if (m_reported.insert(type.name + "." + info.name).second)
        log_error(type.file + ": " + type.name + "." + info.name + " holds " + why +
                  " (it is declared " + to_string(info.type) + "); its default is used");
    return type.defaults[field];
}

void Runtime::write(const ScriptedComponent& c, std::size_t field, const FieldValue& value) {
    lua_State* L = state();
    push_table(c);
    lua_pushstring(L, c.type->fields[field].name.c_str());
    push_field_value(L, c.type->fields[field], value);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

bool Runtime::call(World& world, int nargs, std::string_view what, Handle object) {
    World* outer = m_world;
    m_world = &world;
    Result<void> result = m_vm->call(nargs, what);
    m_world = outer;
    if (result) return true;
    Error error = std::move(result.error());
    std::string context(what);
    if (world.alive(object)) {
        context += ", object " + to_string(world.guid(object));
        if (!world.name(object).empty()) context += " \"" + world.name(object) + "\"";
    }
    const std::size_t first_line_end = std::min(error.message.find('\n'), error.message.size());
    error.message.insert(first_line_end, " (in " + context + ")");
    if (m_logged.insert(error.where).second) log_error(error.describe());
    if (!m_error) m_error = std::move(error);
    return false;
}

void Runtime::begin_run() {
    lua_State* L = state();
    const int top = lua_gettop(L);
    lua_pushglobaltable(L);
    if (raw_field(L, -1, LUA_MATHLIBNAME) == LUA_TTABLE &&
        raw_field(L, -1, "randomseed") == LUA_TFUNCTION) {
        lua_pushinteger(L, static_cast<lua_Integer>(m_random_seed));
        if (auto seeded = m_vm->call(1, "math.randomseed"); !seeded)
            log_error(seeded.error().describe());
    }
    lua_settop(L, top);
    m_logged.clear();
    m_error.reset();
}

const TypeInfo* Runtime::find_type(std::string_view name) const {
    return m_registry != nullptr ? m_registry->find(name) : nullptr;
}

void Runtime::remember_kind(std::string_view name) {
    m_kind_names.try_emplace(message_kind(name), name);
}

const std::string* Runtime::kind_name(MessageKind kind) const {
    const auto it = m_kind_names.find(kind);
    return it != m_kind_names.end() ? &it->second : nullptr;
}

const ScriptedType* Runtime::scripted(ComponentId id) const {
    for (const auto& t : m_types)
        if (t->id == id) return t.get();
    return nullptr;
}

} // namespace diorama::script
