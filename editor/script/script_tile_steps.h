#pragma once
// The script commands of tile painting (the table in script_commands.cpp runs them).

#include "script.h"

namespace diorama::editor {

class ScriptHost;
class ScriptRunner;

// expect_tiles LAYER ROW [TEXT...]: row ROW of layer LAYER of the primary selection's TileMap
// reads TEXT, in the file's run-length form ("0*3 2 2"; nothing for an empty row).
void run_expect_tiles(ScriptRunner& r, ScriptHost& host, const ScriptStep& step);

} // namespace diorama::editor
