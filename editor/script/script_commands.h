#pragma once
// The script language's commands in one table: each command's name, the arguments it takes and
// the handler that runs it. parse_script checks every step against it; ScriptRunner runs each
// step with it. editor/script/README.md documents the commands.

#include "script.h"

#include "diorama/result.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::editor {

class ScriptHost;
class ScriptRunner;

struct ScriptCommand {
    std::string_view name; // "click_world"
    // Argument kinds, one letter each: 'n' number, 'i' whole number >= 0, 's' any word, 'g' guid,
    // 'b' true|false, 'h' handle part, 'o' optional click word (button or modifiers), '*' one or
    // more words to the end of the line.
    std::string_view args;
    std::size_t min_args = 0;
    // A check beyond the kinds (key chords, export options); nullptr: none.
    Result<void> (*check)(std::span<const std::string> args) = nullptr;
    // Starts a step whose arguments passed the checks: queues its work on the runner.
    void (*run)(ScriptRunner& runner, ScriptHost& host, const ScriptStep& step) = nullptr;
};

// Every command of the language.
[[nodiscard]] std::span<const ScriptCommand> script_commands();
// The command called name, or nullptr.
[[nodiscard]] const ScriptCommand* find_script_command(std::string_view name);
// Checks a step's arguments against the command: their count, kinds and the command's own check.
[[nodiscard]] Result<void> check_script_args(const ScriptCommand& command,
                                             const std::vector<std::string>& args);

} // namespace diorama::editor
