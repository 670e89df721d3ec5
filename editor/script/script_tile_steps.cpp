#include "script_tile_steps.h"

#include "script_runner.h"

#include "core/editor_session.h"

#include "diorama/components.h"

#include <string>

namespace diorama::editor {

void run_expect_tiles(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const auto& a = step.args;
    const EditorSession& s = host.script_session();
    const std::vector<Handle> sel = s.selected_handles();
    if (sel.empty()) return r.fail("nothing is selected");
    const TileMap* map = s.world().get<TileMap>(sel.back());
    if (map == nullptr) return r.fail("'" + s.world().name(sel.back()) + "' has no TileMap");
    const std::size_t layer = std::stoul(a[0]);
    const auto row = static_cast<std::int32_t>(std::stol(a[1]));
    if (layer >= map->tiles.layers.size())
        return r.fail("the tile map has " + std::to_string(map->tiles.layers.size()) +
                      " layers, not " + a[0] + "+1");
    if (row >= map->tiles.height)
        return r.fail("the tile map has " + std::to_string(map->tiles.height) + " rows");
    std::string expected;
    for (std::size_t i = 2; i < a.size(); ++i)
        expected += (i > 2 ? " " : "") + a[i];
    const std::string now = tile_row_text(map->tiles, layer, row);
    if (now != expected)
        r.fail("layer " + a[0] + " row " + a[1] + " is \"" + now + "\", expected \"" + expected +
               "\"");
}

} // namespace diorama::editor
