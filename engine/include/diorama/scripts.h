#pragma once
// Scripts: a game's Lua scripts, loaded into one sandboxed state (lua_vm.h) when the game opens.
//
// The project's script folder (project.json "script_folder", default "scripts") holds them:
// every *.lua file directly in it runs once, in name order, when the game opens; files in
// folders below are modules for `require`. A script declares component types and systems:
//
//   local Bat = component "Bat" {
//       { "speed", "float", 60, min = 0, step = 1 },
//       { "direction", "enum", "right", values = { "left", "right" } },
//   }
//   function Bat.on_create(self, obj) ... end           -- also on_destroy, on_message, on_event
//   system "bats" { query = { "Bat", "Transform2D" }, after = "Velocity",
//                   each = function(obj, bat, transform, dt) ... end }
//
// Scripted types join the game's TypeRegistry: files, prefabs, the inspector, undo and the state
// hash treat them as native ones. docs/GUIDE.md "Scripting" is the reference.

#include "diorama/diagnostics.h"
#include "diorama/project.h"
#include "diorama/result.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace diorama {

class TypeRegistry;

namespace script {
class Runtime;
}

class Scripts {
public:
    // Compiles every .lua file under the project's script folder (each syntax error reported
    // with its file:line), runs the ones directly in it in name order, and registers the
    // component types and systems they declare into registry. A script that fails is reported
    // (an error) and what it declared is left out. Null when the project has no script folder
    // or the state cannot be made (reported).
    [[nodiscard]] static std::unique_ptr<Scripts> load(const Project& project,
                                                       TypeRegistry& registry,
                                                       Diagnostics& diagnostics);
    ~Scripts();
    Scripts(const Scripts&) = delete;
    Scripts& operator=(const Scripts&) = delete;

    // The scripts that ran, as the project names them ("scripts/bat.lua").
    [[nodiscard]] const std::vector<std::string>& files() const { return m_files; }
    // The first error a script raised in a hook or a system since clear_error() (also logged).
    [[nodiscard]] const std::optional<Error>& error() const;
    void clear_error();
    // Bytes the scripts' state holds.
    [[nodiscard]] std::size_t memory_in_use() const;

private:
    Scripts() = default;
    std::shared_ptr<script::Runtime> m_runtime;
    std::vector<std::string> m_files;
};

} // namespace diorama
