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
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

class TypeRegistry;

namespace script {
class Runtime;
}

class World;

class Scripts {
public:
    // Compiles every .lua file under the project's script folder (each syntax error reported
    // with its file:line), runs the ones directly in it in name order, and registers the
    // component types and systems they declare into registry. A script that fails is reported
    // (an error) and what it declared is left out. Null when the project has no script folder
    // or the state cannot be made (reported).
    [[nodiscard]] static std::unique_ptr<Scripts>
    load(const Project& project, TypeRegistry& registry, Diagnostics& diagnostics);
    ~Scripts();
    Scripts(const Scripts&) = delete;
    Scripts& operator=(const Scripts&) = delete;

    // The scripts that ran, as the project names them ("scripts/bat.lua").
    [[nodiscard]] const std::vector<std::string>& files() const { return m_files; }

    // ---- hot reload ----
    // The script files (as the project names them) added or changed on disk since load or the
    // last call, in name order; files in subfolders (modules) included.
    [[nodiscard]] std::vector<std::string> changed_files();
    // Runs a changed script again in the running state: a script directly in the folder is
    // reloaded itself; a module (in a subfolder) is forgotten and every script reloaded, so the
    // ones that require it get the new version. What a reloaded script declares replaces what it
    // declared: objects keep their data (fields still declared keep their values, new fields get
    // their defaults, removed ones are reported as warnings), hooks and systems are the new
    // ones, and each object of a reloaded type in `world` (when not null) gets on_reload(self,
    // obj). A script that fails to load leaves the previous version running; the error is in
    // diagnostics and the result.
    [[nodiscard]] Result<void> reload(std::string_view file, World* world,
                                      Diagnostics& diagnostics);
    // As reload() for a script directly in the folder, running `source` in place of the file's
    // text (the file is not read or written): the live link's way to change a running player's
    // script. A module (in a subfolder) or a file that is not one of files() is refused.
    [[nodiscard]] Result<void> reload_source(std::string_view file, const std::string& source,
                                             World* world, Diagnostics& diagnostics);
    // Reloads every script directly in the folder, in name order (a Play starting from the
    // scripts' first state).
    [[nodiscard]] Result<void> reload_all(World* world, Diagnostics& diagnostics);
    // Starts a run of the game (the player before its first tick, the editor's Play): math.random
    // starts again from its fixed seed, and errors are logged again and cleared, so every run
    // of the same scene and input is the same.
    void begin_run();
    // The first error a script raised in a hook or a system since clear_error() (also logged).
    [[nodiscard]] const std::optional<Error>& error() const;
    void clear_error();
    // Bytes the scripts' state holds.
    [[nodiscard]] std::size_t memory_in_use() const;

private:
    Scripts() = default;
    // Each script file's size and modification time, by project-relative name.
    struct Stamp {
        std::uintmax_t size = 0;
        std::int64_t modified_ns = 0;
        bool operator==(const Stamp&) const = default;
    };
    [[nodiscard]] std::map<std::string, Stamp> stamps() const;

    std::shared_ptr<script::Runtime> m_runtime;
    TypeRegistry* m_registry = nullptr;
    Project m_project;
    std::string m_prefix; // the script folder as files are named ("scripts/")
    std::vector<std::string> m_files;
    std::map<std::string, Stamp> m_stamps;
};

} // namespace diorama
