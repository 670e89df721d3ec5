// Tile painting end to end on a copy of the platformer sample: the Paint Tiles mode on the level's
// tile map, a 10-tile brush stroke, a rectangle, a fill and the eyedropper through the Tiles
// panel and the viewport; undo takes back one stroke at a time; the painted map is saved in the
// scene file and plays in diorama-player.

#include "child_process.h"
#include "editor_run.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::Json;
using diorama::test::ChildResult;
using diorama::test::describe;
using diorama::test::run_child;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
// "Ground": the level's 82 x 8 tile map, its top-left corner at (-32, 256), 32-unit cells, so
// cell (c, r) is centred at (-16 + 32 c, 240 - 32 r).
const std::string kGround = "5e3a9c1d7b2f4e60";

class TilePaintApp : public diorama::test::SampleCopyApp {
protected:
    TilePaintApp() : SampleCopyApp("platformer") {}

    // The saved Ground map's rows of layer 0.
    [[nodiscard]] std::vector<std::string> saved_rows() const {
        std::vector<std::string> out;
        auto text = diorama::read_file(project() / "scenes" / "level1.scene.json", 64u << 20);
        if (!text) return out;
        auto scene = diorama::parse_json(*text, "scene");
        if (!scene) return out;
        for (const Json& o : (*scene)["objects"])
            if (o["guid"] == kGround)
                for (const Json& row : o["components"]["TileMap"]["tiles"]["layers"][0]["rows"])
                    out.push_back(row.get<std::string>());
        return out;
    }
};

TEST_F(TilePaintApp, AStrokeAndARectangleAreOneUndoStepEach) {
    const ChildResult r = editor(R"(select_guid )" + kGround + R"(
key t
click "Tiles/tile 2"
# a brush stroke over cells 2..11 of row 1
drag_world 48 208 336 208
wait 1
expect_tiles 0 1 1 0 2*10 0*69 1
# a rectangle of tile 1 over cells 20..24 of rows 0 and 1
key r
click "Tiles/tile 1"
drag_world 624 240 752 208
wait 1
expect_tiles 0 0 1 0*19 1*5 0*56 1
expect_tiles 0 1 1 0 2*10 0*8 1*5 0*56 1
key ctrl+z
wait 1
expect_tiles 0 0 1 0*80 1
expect_tiles 0 1 1 0 2*10 0*69 1
key ctrl+z
wait 1
expect_tiles 0 1 1 0*80 1
expect_dirty false
key ctrl+shift+z
wait 1
expect_tiles 0 1 1 0 2*10 0*69 1
quit
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
}

TEST_F(TilePaintApp, FillAndTheEyedropperPaintWhatTheMapHoldsAndTheSaveKeepsIt) {
    const ChildResult r = editor(R"(select_guid )" + kGround + R"(
key t
# the eyedropper (a right click) on the grass of cell (1, 6) makes tile 2 the stamp
click_world 16 48 right
key f
# fill the empty region of row 0 and around it, from cell (40, 0)
click_world 1264 240
wait 1
expect_tiles 0 0 1 2*80 1
expect_tiles 0 7 1*21 2*8 1*20 2*18 1*15
key b
# Esc leaves the mode; clicks select again
key escape
click_world 1264 240
expect_selection 1
key ctrl+s
wait 2
quit
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::vector<std::string> rows = saved_rows();
    ASSERT_EQ(rows.size(), 8u);
    EXPECT_EQ(rows[0], "1 2*80 1");
    // The fill took every empty cell connected to (40, 0): the open sky and, through the gaps in
    // the ground, the pits; the ground and walls stay.
    EXPECT_EQ(rows[1], "1 2*80 1");
    EXPECT_EQ(rows[6], "1 2*80 1");
    EXPECT_EQ(rows[7], "1*21 2*8 1*20 2*18 1*15");

    // The player runs the painted level.
    const ChildResult run = run_child(kPlayer, {"run", project().string(), "--ticks", "60"});
    EXPECT_EQ(run.exit_code, 0) << describe(run);
}

} // namespace
