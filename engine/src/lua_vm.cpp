#include "diorama/lua_vm.h"

#include "diorama/file_io.h"
#include "diorama/log.h"

#include <lua.hpp>

#include <cstdlib>
#include <system_error>

// Lua raises errors with longjmp: a C function called by Lua must hold no C++ object with a
// destructor when it calls a Lua function that can raise. The functions below keep such objects
// in inner scopes that end before any such call, or in the Budget, which outlives every call.

namespace diorama {

namespace fs = std::filesystem;

struct LuaVm::Budget {
    LuaLimits limits;
    std::size_t used = 0;           // bytes the state holds
    std::uint64_t instructions = 0; // run in the current call, counted in hook steps
    fs::path folder;                // the real path of the scripts folder
    std::string display_prefix;     // how messages name the folder ("scripts/")
    std::string scratch_text;       // the source of the module being required
    std::string scratch_name;       // its chunk name ("@scripts/a/b.lua")
    std::string stop_message;       // why the current call was stopped
    int depth = 0;                  // calls running (nested: a script calling C calling Lua)
};

namespace {

constexpr int kHookEvery = 1000;                     // instructions between budget checks
constexpr std::size_t kMaxScriptBytes = 4u << 20;    // a script file larger is refused
constexpr std::size_t kMaxModuleName = 128;          // "a.b.c" longer is refused
constexpr const char* kLoadedKey = "diorama.loaded"; // registry: required modules by name
const char kLoading = 0; // its address marks a module whose chunk is running

LuaVm::Budget& budget_of(lua_State* L) {
    void* ud = nullptr;
    lua_getallocf(L, &ud);
    return *static_cast<LuaVm::Budget*>(ud);
}

// The state's allocator: malloc's, refusing to grow past the memory cap.
void* allocate(void* ud, void* block, std::size_t old_size, std::size_t new_size) {
    auto& budget = *static_cast<LuaVm::Budget*>(ud);
    const std::size_t old_bytes = block != nullptr ? old_size : 0; // else old_size is a type tag
    if (new_size == 0) {
        std::free(block);
        budget.used -= old_bytes;
        return nullptr;
    }
    // The cap binds scripts: outside calls the engine's own raw table writes must not fail.
    if (new_size > old_bytes && budget.depth > 0 &&
        budget.used - old_bytes + new_size > budget.limits.memory_bytes)
        return nullptr;
    void* grown = std::realloc(block, new_size);
    if (grown != nullptr) budget.used = budget.used - old_bytes + new_size;
    return grown;
}

// Stops the running call once it has run its instruction budget, naming where it was.
void count_instructions(lua_State* L, lua_Debug* ar) {
    LuaVm::Budget& budget = budget_of(L);
    budget.instructions += kHookEvery;
    if (budget.instructions <= budget.limits.instructions_per_call) return;
    lua_getinfo(L, "Sl", ar);
    const char* message = lua_pushfstring(
        L, "%s:%d: stopped after %I instructions in one call (an endless loop?)", ar->short_src,
        ar->currentline, static_cast<LUAI_UACINT>(budget.limits.instructions_per_call));
    budget.stop_message = message;
    lua_error(L);
}

// pcall, xpcall and coroutine.resume (the original is upvalue 1): once the call's budget is
// spent, the error they caught is raised again, so no script can swallow the stop.
int rethrow_when_spent(lua_State* L) {
    const int arguments = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, arguments, LUA_MULTRET);
    const LuaVm::Budget& budget = budget_of(L);
    if (budget.instructions > budget.limits.instructions_per_call) {
        lua_pushlstring(L, budget.stop_message.data(), budget.stop_message.size());
        return lua_error(L);
    }
    return lua_gettop(L);
}

// Replaces table[name] (the table on top of the stack) by its rethrow_when_spent wrapper.
void wrap_catcher(lua_State* L, const char* name) {
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, rethrow_when_spent, 1);
    lua_setfield(L, -2, name);
}

// Message handler: the error message with a traceback.
int add_traceback(lua_State* L) {
    const char* message = lua_tostring(L, 1);
    if (message == nullptr) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            message = lua_tostring(L, -1);
        else
            message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

// load(chunk [, chunkname [, mode [, env]]]) for text chunks only.
int load_text(lua_State* L) {
    std::size_t size = 0;
    const char* chunk = lua_tolstring(L, 1, &size);
    if (chunk == nullptr || lua_type(L, 1) != LUA_TSTRING) {
        luaL_pushfail(L);
        lua_pushliteral(L, "load: only text chunks (a string) can be loaded");
        return 2;
    }
    const char* name = luaL_optstring(L, 2, "=(load)");
    const char* mode = luaL_optstring(L, 3, "t");
    const bool text_allowed = mode[0] == 't' || (mode[0] == 'b' && mode[1] == 't');
    if (!text_allowed) {
        luaL_pushfail(L);
        lua_pushliteral(L, "load: binary chunks are not allowed");
        return 2;
    }
    const bool has_env = !lua_isnone(L, 4);
    if (luaL_loadbufferx(L, chunk, size, name, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (has_env) {
        lua_pushvalue(L, 4);
        if (lua_setupvalue(L, -2, 1) == nullptr) lua_pop(L, 1);
    }
    return 1;
}

// print(...): one info line in the log, prefixed with where it was called.
int print_to_log(lua_State* L) {
    push_script_line(L);
    std::size_t size = 0;
    const char* text = lua_tolstring(L, -1, &size);
    log_info(std::string_view(text, size));
    return 0;
}

bool is_name_char(char c, bool first) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    return letter || (!first && c >= '0' && c <= '9');
}

// True for "a", "a.b", "ui.hud_2": plain names joined by dots.
bool is_module_name(std::string_view name) {
    if (name.empty() || name.size() > kMaxModuleName) return false;
    bool first = true;
    for (const char c : name) {
        if (c == '.') {
            if (first) return false;
            first = true;
            continue;
        }
        if (!is_name_char(c, first)) return false;
        first = false;
    }
    return !first;
}

// True when path is folder itself or inside it (both real paths).
bool is_inside(const fs::path& path, const fs::path& folder) {
    const fs::path rel = path.lexically_relative(folder);
    return !rel.empty() && *rel.begin() != "..";
}

// Reads the script at `relative` (inside the scripts folder) into budget.scratch_text and names
// it in budget.scratch_name. Returns an empty string, or what is wrong.
std::string read_script(LuaVm::Budget& budget, std::string_view relative) {
    std::error_code ec;
    const fs::path wanted = (budget.folder / fs::path(relative)).lexically_normal();
    const fs::path real = fs::weakly_canonical(wanted, ec);
    if (ec || !is_inside(wanted, budget.folder) || !is_inside(real, budget.folder))
        return "not inside the scripts folder";
    if (!fs::exists(real, ec)) return "no such script";
    auto text = read_file(real, kMaxScriptBytes);
    if (!text) return text.error().message;
    budget.scratch_text = std::move(*text);
    budget.scratch_name = "@" + budget.display_prefix + std::string(relative);
    return {};
}

// require(name): the module SCRIPTS/a/b.lua for "a.b", run once; later calls return its value.
int require_module(lua_State* L) {
    std::size_t size = 0;
    const char* name = luaL_checklstring(L, 1, &size);
    if (!is_module_name(std::string_view(name, size)))
        return luaL_error(L,
                          "require \"%s\": a module name is plain names joined by dots "
                          "(\"enemies.bat\" loads enemies/bat.lua in the scripts folder)",
                          name);
    lua_getfield(L, LUA_REGISTRYINDEX, kLoadedKey);
    const int loaded = lua_gettop(L);
    if (lua_getfield(L, loaded, name) != LUA_TNIL) {
        if (lua_touserdata(L, -1) == &kLoading)
            return luaL_error(L, "require \"%s\": the module requires itself (a cycle)", name);
        return 1;
    }
    lua_pop(L, 1);
    LuaVm::Budget& budget = budget_of(L);
    bool failed = false;
    {
        std::string relative(name, size);
        for (char& c : relative)
            if (c == '.') c = '/';
        relative += ".lua";
        const std::string problem = read_script(budget, relative);
        failed = !problem.empty();
        if (failed) budget.scratch_text = budget.display_prefix + relative + ": " + problem;
    }
    if (failed) {
        lua_pushlstring(L, budget.scratch_text.data(), budget.scratch_text.size());
        return lua_error(L);
    }
    if (luaL_loadbufferx(L, budget.scratch_text.data(), budget.scratch_text.size(),
                         budget.scratch_name.c_str(), "t") != LUA_OK)
        return lua_error(L);
    lua_pushlightuserdata(L, const_cast<char*>(&kLoading));
    lua_setfield(L, loaded, name);
    lua_pushvalue(L, 1);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) { // forget the marker, then pass the error on
        lua_pushnil(L);
        lua_setfield(L, loaded, name);
        return lua_error(L);
    }
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, loaded, name);
    return 1;
}

// Opens the libraries scripts may use and replaces the ones they may not (run protected: each
// step can run out of memory).
int open_sandbox(lua_State* L) {
    const auto& budget = *static_cast<const LuaVm::Budget*>(lua_touserdata(L, 1));
    const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base},       {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8}, {LUA_COLIBNAME, luaopen_coroutine}};
    for (const luaL_Reg& lib : libraries) {
        luaL_requiref(L, lib.name, lib.func, 1);
        lua_pop(L, 1);
    }
    for (const char* removed : {"dofile", "loadfile"}) {
        lua_pushnil(L);
        lua_setglobal(L, removed);
    }
    lua_register(L, "load", load_text);
    lua_register(L, "print", print_to_log);
    lua_register(L, "require", require_module);
    lua_pushglobaltable(L);
    wrap_catcher(L, "pcall");
    wrap_catcher(L, "xpcall");
    lua_pop(L, 1);
    lua_getglobal(L, LUA_COLIBNAME);
    wrap_catcher(L, "resume");
    lua_pop(L, 1);
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kLoadedKey);
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, static_cast<lua_Integer>(budget.limits.random_seed));
    lua_call(L, 1, 0);
    lua_pop(L, 1);
    return 0;
}

// "scripts/a.lua:12: attempt to ..." -> where "scripts/a.lua:12", message "attempt to ...";
// text without a location keeps `fallback` as where.
Error script_error(std::string_view text, std::string_view fallback) {
    const std::size_t colon = text.find(':');
    const std::size_t end = text.find(": ", colon == std::string_view::npos ? 0 : colon + 1);
    const bool located = colon != std::string_view::npos && end != std::string_view::npos &&
                         end > colon + 1 &&
                         text.substr(0, end).find('\n') == std::string_view::npos &&
                         text.substr(colon + 1, end - colon - 1).find_first_not_of("0123456789") ==
                             std::string_view::npos;
    if (located)
        return make_error(ErrorCode::Script, std::string(text.substr(end + 2)),
                          std::string(text.substr(0, end)));
    return make_error(ErrorCode::Script, std::string(text), std::string(fallback));
}

// An error outside any protected call: the process cannot continue; say why before it ends.
int report_panic(lua_State* L) {
    const char* message = lua_tostring(L, -1);
    log_error(std::string("Lua: unprotected error: ") + (message != nullptr ? message : "?"));
    return 0;
}

} // namespace

void push_script_line(lua_State* L) {
    const int n = lua_gettop(L);
    luaL_Buffer line;
    luaL_buffinit(L, &line);
    luaL_where(L, 1);
    luaL_addvalue(&line);
    for (int i = 1; i <= n; ++i) {
        if (i > 1) luaL_addchar(&line, '\t');
        luaL_tolstring(L, i, nullptr);
        luaL_addvalue(&line);
    }
    luaL_pushresult(&line);
}

Result<std::unique_ptr<LuaVm>> LuaVm::create(const fs::path& scripts_folder,
                                             std::string display_prefix, LuaLimits limits) {
    std::unique_ptr<LuaVm> vm(new LuaVm());
    vm->m_budget = std::make_unique<Budget>();
    Budget& budget = *vm->m_budget;
    budget.limits = limits;
    budget.display_prefix = std::move(display_prefix);
    std::error_code ec;
    budget.folder = fs::weakly_canonical(scripts_folder, ec);
    if (ec) budget.folder = scripts_folder.lexically_normal();
    vm->m_state = lua_newstate(allocate, &budget);
    if (vm->m_state == nullptr)
        return make_error(ErrorCode::OutOfMemory, "cannot create a Lua state",
                          scripts_folder.string());
    lua_atpanic(vm->m_state, report_panic);
    lua_sethook(vm->m_state, count_instructions, LUA_MASKCOUNT, kHookEvery);
    lua_pushcfunction(vm->m_state, open_sandbox);
    lua_pushlightuserdata(vm->m_state, &budget);
    if (lua_pcall(vm->m_state, 1, 0, 0) != LUA_OK)
        return make_error(ErrorCode::OutOfMemory,
                          "cannot open the Lua libraries within the memory cap",
                          scripts_folder.string());
    return vm;
}

LuaVm::~LuaVm() {
    if (m_state != nullptr) lua_close(m_state);
}

void LuaVm::forget_module(std::string_view name) {
    lua_getfield(m_state, LUA_REGISTRYINDEX, kLoadedKey);
    lua_pushlstring(m_state, name.data(), name.size());
    lua_pushnil(m_state);
    lua_rawset(m_state, -3);
    lua_pop(m_state, 1);
}

const std::string& LuaVm::display_prefix() const {
    return m_budget->display_prefix;
}

std::size_t LuaVm::memory_in_use() const {
    return m_budget->used;
}

Result<void> LuaVm::compile(std::string_view source, std::string_view name) {
    const std::string chunk_name = "@" + std::string(name);
    const int status =
        luaL_loadbufferx(m_state, source.data(), source.size(), chunk_name.c_str(), "t");
    Result<void> result{};
    if (status != LUA_OK) {
        const char* message = lua_tostring(m_state, -1);
        result = script_error(message != nullptr ? message : "cannot compile", name);
    }
    lua_pop(m_state, 1);
    return result;
}

Result<void> LuaVm::run(std::string_view source, std::string_view name) {
    const std::string chunk_name = "@" + std::string(name);
    if (luaL_loadbufferx(m_state, source.data(), source.size(), chunk_name.c_str(), "t") !=
        LUA_OK) {
        const char* message = lua_tostring(m_state, -1);
        Error error = script_error(message != nullptr ? message : "cannot compile", name);
        lua_pop(m_state, 1);
        return error;
    }
    return call(0, name);
}

Result<void> LuaVm::run_file(std::string_view relative) {
    if (std::string problem = read_script(*m_budget, relative); !problem.empty())
        return make_error(ErrorCode::Script, std::move(problem),
                          m_budget->display_prefix + std::string(relative));
    const std::string source = std::move(m_budget->scratch_text);
    return run(source, m_budget->display_prefix + std::string(relative));
}

Result<void> LuaVm::compile_file(std::string_view relative) {
    if (std::string problem = read_script(*m_budget, relative); !problem.empty())
        return make_error(ErrorCode::Script, std::move(problem),
                          m_budget->display_prefix + std::string(relative));
    const std::string source = std::move(m_budget->scratch_text);
    return compile(source, m_budget->display_prefix + std::string(relative));
}

Result<void> LuaVm::call(int nargs, std::string_view name) {
    lua_State* L = m_state;
    const int function = lua_gettop(L) - nargs;
    lua_pushcfunction(L, add_traceback);
    lua_insert(L, function);
    if (m_budget->depth == 0) m_budget->instructions = 0;
    ++m_budget->depth;
    const int status = lua_pcall(L, nargs, 0, function);
    --m_budget->depth;
    Result<void> result{};
    if (status == LUA_ERRMEM) {
        result = make_error(ErrorCode::Script,
                            "not enough memory (scripts may use " +
                                std::to_string(m_budget->limits.memory_bytes >> 20) + " MiB)",
                            std::string(name));
    } else if (status != LUA_OK) {
        const char* message = lua_tostring(L, -1);
        result = script_error(message != nullptr ? message : "error", name);
    }
    lua_settop(L, function - 1);
    return result;
}

} // namespace diorama
