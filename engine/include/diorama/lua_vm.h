#pragma once
// A sandboxed Lua 5.4 state for a project's scripts.
//
// What a script can reach: the base library without dofile and loadfile (load takes text only),
// string (without string.dump), table, math, utf8 and coroutine. No io, os, debug or package:
// nothing a script does opens a file, starts a process or loads native code. `require "a.b"`
// loads SCRIPTS/a/b.lua and nothing else: a module name is dot-separated plain names, and the
// file it names must be a regular file whose real path is inside the scripts folder. Every call
// into Lua has an instruction budget (a runaway loop stops with an error naming FILE:LINE) and the
// state has a memory cap (a script's allocations beyond it fail with "not enough memory"; the
// engine's own writes between calls are not refused, so they never fail unprotected). math.random
// starts from a fixed seed, so two states given the same calls give the same numbers.
//
// Errors come back as Error{ErrorCode::Script, message, where}: where is "scripts/bat.lua:12"
// (the script's path as the project names it), message is Lua's message followed by a traceback.

#include "diorama/result.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

struct lua_State;

namespace diorama {

struct LuaLimits {
    std::size_t memory_bytes = 64u << 20;             // the state's allocations stop here
    std::uint64_t instructions_per_call = 50'000'000; // a call running longer is stopped
    std::uint64_t random_seed = 0;                    // math.random's starting seed
};

// For a C function called by a script: pushes its arguments joined by tabs (as print shows them)
// after the calling script's "file:line: ", the line print and log.* write.
void push_script_line(lua_State* L);

class LuaVm {
public:
    // A fresh sandboxed state whose `require` loads from scripts_folder; scripts are named in
    // messages by display_prefix + their path inside it (e.g. "scripts/").
    [[nodiscard]] static Result<std::unique_ptr<LuaVm>>
    create(const std::filesystem::path& scripts_folder, std::string display_prefix,
           LuaLimits limits = {});
    ~LuaVm();
    LuaVm(const LuaVm&) = delete;
    LuaVm& operator=(const LuaVm&) = delete;

    // Compiles source as a chunk named `name` (as messages show it) without running it. Binary
    // chunks are refused.
    [[nodiscard]] Result<void> compile(std::string_view source, std::string_view name);
    // Compiles and runs source as a chunk named `name`, within the budget.
    [[nodiscard]] Result<void> run(std::string_view source, std::string_view name);
    // Reads, compiles and runs the script at `relative` (a path inside the scripts folder).
    [[nodiscard]] Result<void> run_file(std::string_view relative);
    // Reads and compiles the script at `relative` without running it.
    [[nodiscard]] Result<void> compile_file(std::string_view relative);
    // Calls the function below its nargs arguments on top of the stack, popping all, discarding
    // results. The budget counts from here unless this call is inside another one; `name` names
    // the call when an error has no location of its own.
    [[nodiscard]] Result<void> call(int nargs, std::string_view name);

    // Forgets the module `require "name"` loaded, so the next require runs its file again.
    void forget_module(std::string_view name);
    // How messages name the scripts folder ("scripts/").
    [[nodiscard]] const std::string& display_prefix() const;

    // Bytes the state holds now.
    [[nodiscard]] std::size_t memory_in_use() const;
    // The raw state, for the engine's bindings.
    [[nodiscard]] lua_State* state() const { return m_state; }

    struct Budget; // the allocator's and the instruction hook's counters
private:
    LuaVm() = default;

    std::unique_ptr<Budget> m_budget;
    lua_State* m_state = nullptr;
};

} // namespace diorama
