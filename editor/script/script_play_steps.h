#pragma once
// The script commands of the Play workflow (the table in script_commands.cpp runs them).

#include "script.h"

namespace diorama::editor {

class ScriptHost;
class ScriptRunner;

// save_input PATH: Play > Save Recorded Input As with PATH typed into the dialog; waits until the
// file is written and prints "input: FILE (N events, T ticks)".
void run_save_input(ScriptRunner& r, ScriptHost& host, const ScriptStep& step);

} // namespace diorama::editor
