// Tile maps: the grid's run-length rows, tileset files, the TileMap component in scene files
// (round trip, hash, broken data named by JSON path) and its cells and solid runs in the world.

#include "diorama/components.h"
#include "diorama/json_io.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"
#include "diorama/tile_map.h"
#include "diorama/tileset.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace diorama {
namespace {

namespace fs = std::filesystem;

// ---- the grid ----

TileGrid grid_of(std::int32_t w, std::int32_t h) {
    return empty_tile_grid(w, h, "main");
}

TEST(TileGrid, RowsRoundTripThroughTheirRunLengthText) {
    TileGrid g = grid_of(12, 2);
    for (std::int32_t x = 3; x < 5; ++x)
        g.set(0, x, 0, 4);
    for (std::int32_t x = 5; x < 10; ++x)
        g.set(0, x, 0, 7);
    EXPECT_EQ(tile_row_text(g, 0, 0), "0*3 4 4 7*5");
    EXPECT_EQ(tile_row_text(g, 0, 1), "");

    std::vector<TileId> row(12, 0);
    ASSERT_TRUE(read_tile_row("0*3 4 4 7*5", row).ok());
    EXPECT_EQ(row, std::vector<TileId>(g.layers[0].cells.begin(), g.layers[0].cells.begin() + 12));
}

TEST(TileGrid, BrokenRowTextIsRefusedNamingTheToken) {
    std::vector<TileId> row(4, 0);
    const auto message = [&](std::string_view text) {
        std::fill(row.begin(), row.end(), 0);
        auto r = read_tile_row(text, row);
        return r.ok() ? std::string("ok") : r.error().message;
    };
    EXPECT_EQ(message("1 2 3 4"), "ok");
    EXPECT_EQ(message("  1*2   3 "), "ok");
    EXPECT_EQ(message("1 x 3"), "tile \"x\" is not a tile number (N or N*COUNT)");
    EXPECT_EQ(message("1*0"), "tile \"1*0\" has no count of 1 or more after '*'");
    EXPECT_EQ(message("70000"), "tile \"70000\" is past the highest tile number, 65535");
    EXPECT_EQ(message("1*5"), "the row has more than its 4 cells");
    EXPECT_EQ(message("-1"), "tile \"-1\" is not a tile number (N or N*COUNT)");
    EXPECT_EQ(message("1*99999999999999999999"),
              "tile \"1*99999999999999999999\" has no count of 1 or more after '*'");
}

TEST(TileGrid, ResizeKeepsTheCellsStillInsideAndRefusesHugeSides) {
    TileGrid g = grid_of(4, 4);
    g.set(0, 1, 1, 9);
    g.set(0, 3, 3, 5);
    ASSERT_TRUE(g.resize(2, 3).ok());
    EXPECT_EQ(g.at(0, 1, 1), 9);
    EXPECT_EQ(g.layers[0].cells.size(), 6u);
    ASSERT_TRUE(g.resize(6, 6).ok());
    EXPECT_EQ(g.at(0, 1, 1), 9);
    EXPECT_EQ(g.at(0, 3, 3), 0);
    EXPECT_FALSE(g.resize(kMaxTileGridSide + 1, 1).ok());
    EXPECT_FALSE(g.resize(-1, 1).ok());
    EXPECT_EQ(g.width, 6);
    EXPECT_EQ(g.highest_tile(), 9);
}

// ---- a project with a tileset ----

class TileMapTest : public ::testing::Test {
protected:
    TileMapTest() {
        root = fs::temp_directory_path() /
               ("diorama_tile_map_" +
                std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root);
        fs::create_directories(root / "tilesets");
        fs::create_directories(root / "sprites");
        std::ofstream(root / "sprites/tiles.png") << "not read by the engine";
        write("tilesets/ground.tileset.json", kTileset);
        project.root = root;
        register_builtin_components(registry);
        Diagnostics d;
        tilesets.load_folder(project, d);
        EXPECT_FALSE(d.has_errors()) << d.format();
    }
    ~TileMapTest() override { fs::remove_all(root); }

    void write(const std::string& relative, const std::string& text) const {
        std::ofstream(root / relative) << text;
    }

    // A world holding the scene text; empty when it does not load (d says why).
    std::unique_ptr<World> load(const std::string& text, Diagnostics& d) {
        auto world = std::make_unique<World>(registry);
        world->set_tilesets(&tilesets);
        if (!load_scene_text(*world, text, "map.scene.json", project, prefabs, d).ok())
            return nullptr;
        world->update_spatial();
        return world;
    }

    static constexpr const char* kTileset = R"({
  "format": "diorama.tileset", "version": 1, "image": "sprites/tiles.png",
  "tile_size": [16, 16], "columns": 4, "count": 8,
  "tiles": { "1": { "solid": true }, "2": { "solid": true },
             "5": { "one_way": true, "properties": { "kind": "ledge" } } }
})";

    fs::path root;
    Project project;
    TypeRegistry registry;
    PrefabLibrary prefabs;
    TilesetLibrary tilesets;
};

// A scene with one tile map of 6 x 3 cells of 32 units at (100, 200): a floor of solid tiles 1
// and 2 on the bottom row with a gap, a one-way ledge above.
std::string map_scene(const std::string& rows = R"(["", "0 0 5 5", "1 1 2 0 1 1"])") {
    return R"({
  "format": "diorama.scene",
  "layers": ["world"],
  "name": "map",
  "objects": [
    {
      "components": {
        "TileMap": {
          "tiles": {"layers": [{"name": "ground", "rows": )" +
           rows + R"(}], "size": [6, 3]},
          "tileset": "tilesets/ground.tileset.json"
        },
        "Transform2D": {"position": [100.0, 200.0]}
      },
      "guid": "00000000000000b1",
      "layer": "world",
      "name": "Ground"
    }
  ],
  "version": 1
})";
}

TEST_F(TileMapTest, ATilesetFileLoadsWithItsTilesFlags) {
    const Tileset* set = tilesets.find("tilesets/ground.tileset.json");
    ASSERT_NE(set, nullptr);
    EXPECT_EQ(set->image, "sprites/tiles.png");
    EXPECT_EQ(set->tile_size, glm::vec2(16.0f));
    EXPECT_EQ(set->columns, 4);
    EXPECT_EQ(set->tiles.size(), 8u);
    EXPECT_TRUE(set->solid(1));
    EXPECT_TRUE(set->solid(2));
    EXPECT_FALSE(set->solid(3));
    EXPECT_FALSE(set->solid(0));
    EXPECT_FALSE(set->solid(9));
    ASSERT_NE(set->tile(5), nullptr);
    EXPECT_TRUE(set->tile(5)->one_way);
    EXPECT_EQ(std::get<std::string>(set->tile(5)->properties.at("kind")), "ledge");

    auto json = tileset_to_json(*set);
    ASSERT_TRUE(json.ok());
    Diagnostics d;
    auto again = parse_tileset(to_pretty_json(*json), set->path, project, d);
    ASSERT_TRUE(again.ok()) << d.format();
    EXPECT_EQ(again->tiles, set->tiles);
    EXPECT_EQ(again->count, 8);
}

TEST_F(TileMapTest, ABrokenTilesetIsRefusedWithTheJsonPathOfEachProblem) {
    Diagnostics d;
    auto set = parse_tileset(R"({"format": "diorama.tileset", "version": 1,
        "image": "sprites/tiles.png", "tile_size": [0, 16], "count": 4, "colums": 2,
        "tiles": {"9": {"solid": true}, "x": {}, "2": {"solid": 1, "slippery": true}}})",
                             "tilesets/bad.tileset.json", project, d);
    EXPECT_FALSE(set.ok());
    const std::string text = d.format();
    EXPECT_NE(text.find("tilesets/bad.tileset.json: tile_size: value outside the field's range"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("colums: Tileset has no field \"colums\"; did you mean \"columns\"?"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("tiles.9: \"9\" is not a tile of the set (1 to 4)"), std::string::npos)
        << text;
    EXPECT_NE(text.find("tiles.x: \"x\" is not a tile of the set"), std::string::npos) << text;
    EXPECT_NE(text.find("tiles.2.solid: expected a value of type bool"), std::string::npos) << text;
    EXPECT_NE(text.find("tiles.2.slippery: Tile has no field \"slippery\""), std::string::npos)
        << text;
}

TEST_F(TileMapTest, AMapSavesBackByteForByteAndItsCellsAreInTheHash) {
    const std::string saved = to_pretty_json(Json::parse(map_scene()));
    Diagnostics d;
    auto world = load(saved, d);
    ASSERT_TRUE(world) << d.format();
    const Handle map = world->find(Guid{0xb1});
    const TileMap* tiles = world->get<TileMap>(map);
    ASSERT_NE(tiles, nullptr);
    EXPECT_EQ(tiles->tiles.width, 6);
    EXPECT_EQ(tiles->tiles.height, 3);
    EXPECT_EQ(tiles->tiles.layers[0].name, "ground");
    EXPECT_EQ(tiles->tiles.at(0, 2, 2), 2);
    EXPECT_EQ(tiles->tiles.at(0, 3, 1), 5);

    auto text = scene_to_text(*world, "map", prefabs);
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(*text, saved);

    const std::uint64_t before = state_hash(*world);
    world->get<TileMap>(map)->tiles.set(0, 0, 0, 3);
    EXPECT_NE(state_hash(*world), before);
    world->get<TileMap>(map)->tiles.set(0, 0, 0, 0);
    EXPECT_EQ(state_hash(*world), before);
}

TEST_F(TileMapTest, DataThatDoesNotMatchTheSizeIsAnErrorWithTheJsonPath) {
    const auto problems = [&](const std::string& rows) {
        Diagnostics d;
        EXPECT_FALSE(load(map_scene(rows), d)) << rows;
        return d.format();
    };
    EXPECT_NE(problems(R"(["", ""])")
                  .find("map.scene.json: objects[0].components.TileMap.tiles.layers[0].rows: the "
                        "layer has 2 rows; the map is 3 rows high"),
              std::string::npos);
    EXPECT_NE(problems(R"(["", "1*7", ""])")
                  .find("objects[0].components.TileMap.tiles.layers[0].rows[1]: the row has more "
                        "than its 6 cells"),
              std::string::npos);
    EXPECT_NE(problems(R"(["", 5, ""])")
                  .find("objects[0].components.TileMap.tiles.layers[0].rows[1]: expected a row of "
                        "tiles (text), got an integer"),
              std::string::npos);
    EXPECT_NE(problems(R"(["", "a b", ""])").find("rows[1]: tile \"a\" is not a tile number"),
              std::string::npos);
}

TEST_F(TileMapTest, TilesPastTheTilesetOrAMissingTilesetAreErrorsWithTheJsonPath) {
    Diagnostics d;
    EXPECT_FALSE(load(map_scene(R"(["", "0 0 9 5", "1 1 2 0 1 12"])"), d));
    EXPECT_NE(d.format().find("map.scene.json: objects[0].components.TileMap.tiles.layers[0]."
                              "rows[1]: tile 9 at column 2 is past the tileset's 8 tiles"),
              std::string::npos)
        << d.format();
    EXPECT_NE(d.format().find("TileMap.tiles.layers[0].rows[2]: tile 12 at column 5"),
              std::string::npos)
        << d.format();

    std::string scene = map_scene();
    scene.replace(scene.find("tilesets/ground"), 15, "tilesets/grund");
    Diagnostics missing;
    EXPECT_FALSE(load(scene, missing));
    EXPECT_NE(missing.format().find("objects[0].components.TileMap.tileset: tileset "
                                    "\"tilesets/grund.tileset.json\" not found"),
              std::string::npos)
        << missing.format();

    // The editor's load keeps the map as read and still reports the problem.
    auto world = std::make_unique<World>(registry);
    world->set_tilesets(&tilesets);
    Diagnostics kept;
    ASSERT_TRUE(load_scene_text(*world, map_scene(R"(["", "0 0 9 5", ""])"), "map.scene.json",
                                project, prefabs, kept,
                                SceneLoadOptions{.keep_missing_prefabs = true})
                    .ok());
    EXPECT_EQ(kept.error_count(), 1u);
    EXPECT_EQ(world->get<TileMap>(world->find(Guid{0xb1}))->tiles.at(0, 2, 1), 9);
}

TEST_F(TileMapTest, AHugeSizeIsRefusedBeforeAnythingIsAllocated) {
    std::string scene = map_scene();
    scene.replace(scene.find("[6, 3]"), 6, "[100000, 100000]");
    Diagnostics d;
    EXPECT_FALSE(load(scene, d));
    EXPECT_NE(d.format().find("TileMap.tiles.size[0]: expected 0 to 8192 cells"), std::string::npos)
        << d.format();
}

TEST_F(TileMapTest, TheMapsBoundsCoverItsGridDownAndRightOfItsOrigin) {
    Diagnostics d;
    auto world = load(map_scene(), d);
    ASSERT_TRUE(world) << d.format();
    const Rect b = world->bounds(world->find(Guid{0xb1}));
    EXPECT_EQ(b.min, glm::vec2(100.0f, 200.0f - 3 * 32.0f));
    EXPECT_EQ(b.max, glm::vec2(100.0f + 6 * 32.0f, 200.0f));
}

TEST_F(TileMapTest, CellsAreFoundUnderAPointAndPlacedInTheWorld) {
    Diagnostics d;
    auto world = load(map_scene(), d);
    ASSERT_TRUE(world) << d.format();
    const Handle map = world->find(Guid{0xb1});
    EXPECT_EQ(tile_cell_at(*world, map, glm::vec2(101.0f, 199.0f)), (TileCell{0, 0}));
    EXPECT_EQ(tile_cell_at(*world, map, glm::vec2(100.0f + 2.5f * 32, 200.0f - 2.5f * 32)),
              (TileCell{2, 2}));
    EXPECT_EQ(tile_cell_at(*world, map, glm::vec2(90.0f, 210.0f)), (TileCell{-1, -1}));
    const Rect cell = tile_cell_rect(*world, map, TileCell{2, 2});
    EXPECT_EQ(cell.min, glm::vec2(164.0f, 104.0f));
    EXPECT_EQ(cell.max, glm::vec2(196.0f, 136.0f));

    // Scaled maps scale their cells.
    world->get<Transform2D>(map)->scale = glm::vec2(2.0f);
    EXPECT_EQ(tile_cell_at(*world, map, glm::vec2(100.0f + 5 * 32, 200.0f - 3 * 32)),
              (TileCell{2, 1}));
    EXPECT_EQ(tile_cell_at(*world, Handle{}, glm::vec2(0.0f)), std::nullopt);
}

TEST_F(TileMapTest, SolidTilesComeAsMergedRunsAndOneWayTilesAsTheirOwn) {
    Diagnostics d;
    auto world = load(map_scene(), d);
    ASSERT_TRUE(world) << d.format();
    std::vector<TileSolid> solids;
    tile_solids(*world, Rect{glm::vec2(-1000.0f), glm::vec2(1000.0f)}, solids);
    // Row 1: the ledge (tiles 5, 5); row 2: tiles 1 1 2 (one run, 1 and 2 both solid) and 1 1.
    ASSERT_EQ(solids.size(), 3u);
    EXPECT_TRUE(solids[0].one_way);
    EXPECT_EQ(solids[0].rect.min, glm::vec2(164.0f, 136.0f));
    EXPECT_EQ(solids[0].rect.max, glm::vec2(228.0f, 168.0f));
    EXPECT_FALSE(solids[1].one_way);
    EXPECT_EQ(solids[1].rect.min, glm::vec2(100.0f, 104.0f));
    EXPECT_EQ(solids[1].rect.max, glm::vec2(196.0f, 136.0f));
    EXPECT_EQ(solids[2].rect.min, glm::vec2(228.0f, 104.0f));
    EXPECT_EQ(solids[2].rect.max, glm::vec2(292.0f, 136.0f));
    EXPECT_EQ(solids[2].map, world->find(Guid{0xb1}));

    // A small area gives only the cells it overlaps.
    solids.clear();
    tile_solids(*world, Rect{glm::vec2(170.0f, 110.0f), glm::vec2(175.0f, 115.0f)}, solids);
    ASSERT_EQ(solids.size(), 1u);
    EXPECT_EQ(solids[0].rect.min, glm::vec2(164.0f, 104.0f));
    EXPECT_EQ(solids[0].rect.max, glm::vec2(196.0f, 136.0f));

    // Without the tilesets nothing is solid.
    world->set_tilesets(nullptr);
    solids.clear();
    tile_solids(*world, Rect{glm::vec2(-1000.0f), glm::vec2(1000.0f)}, solids);
    EXPECT_TRUE(solids.empty());
}

} // namespace
} // namespace diorama
