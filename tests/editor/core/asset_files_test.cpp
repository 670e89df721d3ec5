// The project's files in the editor, on a copy of BOUNCE: the asset catalog (kinds, folders,
// search, changes), where files are used, and renaming, moving and deleting a file with its
// references following, each one undo step.

#include "core/asset_catalog.h"
#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"
#include "diorama/state_hash.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

const std::string kBrick = "prefabs/brick.prefab.json";

TEST(AssetType, IsToldByTheFilesName) {
    EXPECT_EQ(asset_type_of("sprites/Ball.PNG"), AssetType::Image);
    EXPECT_EQ(asset_type_of("prefabs/brick.prefab.json"), AssetType::Prefab);
    EXPECT_EQ(asset_type_of("scenes/level1.scene.json"), AssetType::Scene);
    EXPECT_EQ(asset_type_of("tilesets/ground.tileset.json"), AssetType::Tileset);
    EXPECT_EQ(asset_type_of("scripts/game.lua"), AssetType::Script);
    EXPECT_EQ(asset_type_of("sounds/hit.ogg"), AssetType::Sound);
    EXPECT_EQ(asset_type_of("project.json"), AssetType::Project);
    EXPECT_EQ(asset_type_of("notes.txt"), AssetType::Other);
    EXPECT_EQ(field_kind_of(AssetType::Image), AssetKind::Image);
    EXPECT_EQ(field_kind_of(AssetType::Script), AssetKind::None);
}

TEST(ReplaceJsonString, ReplacesOnlyWholeStringsAndKeepsEveryOtherByte) {
    std::size_t count = 0;
    const std::string text = "{\n  \"a\": \"x/y.png\",   \"b\": [\"x/y.png2\", \"x/y.png\"]\n}";
    EXPECT_EQ(replace_json_string(text, "x/y.png", "z/w.png", count),
              "{\n  \"a\": \"z/w.png\",   \"b\": [\"x/y.png2\", \"z/w.png\"]\n}");
    EXPECT_EQ(count, 2u);
}

class AssetFiles : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        fs::create_directories(copy.path() / "sprites");
        std::ofstream(copy.path() / "sprites/ball.png") << "not read here";
        std::ofstream(copy.path() / ".diorama-hidden") << "hidden";
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
    }
    [[nodiscard]] bool exists(const std::string& relative) const {
        return fs::exists(copy.path() / relative);
    }
    [[nodiscard]] std::string text(const std::string& relative) const {
        auto t = read_file(copy.path() / relative, 64u << 20);
        return t ? *t : std::string();
    }
    [[nodiscard]] std::size_t instances_of(const std::string& prefab) const {
        std::size_t n = 0;
        session.world().each_object([&](Handle h) {
            if (const PrefabInstance* link = session.world().get<PrefabInstance>(h))
                n += link->prefab == prefab ? 1 : 0;
        });
        return n;
    }

    BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
};

TEST_F(AssetFiles, TheCatalogListsTheProjectsFilesByFolderAndFindsThemByName) {
    AssetCatalog catalog;
    EXPECT_TRUE(catalog.scan(copy.path()));
    EXPECT_FALSE(catalog.scan(copy.path())) << "nothing changed";
    EXPECT_EQ(catalog.folders(), (std::vector<std::string>{"", "prefabs", "scenes", "sprites"}))
        << "hidden files and folders (.diorama) are left out";
    const auto prefabs = catalog.listed("prefabs", "");
    ASSERT_FALSE(prefabs.empty());
    EXPECT_EQ(prefabs.front()->type, AssetType::Prefab);
    const auto found = catalog.listed("", "BRI");
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->path, kBrick);
    ASSERT_NE(catalog.find("sprites/ball.png"), nullptr);
    EXPECT_EQ(catalog.find("sprites/ball.png")->type, AssetType::Image);

    std::ofstream(copy.path() / "sprites/pad.png") << "new";
    EXPECT_TRUE(catalog.scan(copy.path())) << "a file was added";
}

TEST_F(AssetFiles, UsesNameTheFileAndTheJsonPath) {
    const auto uses = session.asset_uses(kBrick);
    ASSERT_GT(uses.size(), 10u);
    EXPECT_EQ(uses[0].file, "scenes/level1.scene.json");
    EXPECT_EQ(uses[0].json_path, "objects[5].prefab");
}

TEST_F(AssetFiles, ARenamedPrefabIsFollowedByTheScenesAndTheOpenWorldInOneUndoStep) {
    const std::size_t bricks = instances_of(kBrick);
    ASSERT_GT(bricks, 10u);
    const std::string moved = "prefabs/blocks/brick block.prefab.json";

    auto renamed = session.rename_asset(kBrick, moved);
    ASSERT_TRUE(renamed) << renamed.error().describe();
    EXPECT_EQ(*renamed, std::vector<std::string>{"scenes/level1.scene.json"});
    EXPECT_FALSE(exists(kBrick));
    EXPECT_TRUE(exists(moved));
    EXPECT_EQ(text("scenes/level1.scene.json").find(kBrick), std::string::npos);
    EXPECT_EQ(instances_of(moved), bricks);
    EXPECT_NE(session.prefabs().find(moved), nullptr);
    EXPECT_EQ(session.prefabs().find(kBrick), nullptr);
    EXPECT_FALSE(session.check_disk()) << "the rewritten scene file is this editor's own";

    // The scene as saved on disk opens with every brick.
    ASSERT_TRUE(session.open_scene("level1"));
    EXPECT_EQ(instances_of(moved), bricks);
    EXPECT_TRUE(session.load_problems().empty()) << session.load_problems().format();
}

TEST_F(AssetFiles, UndoMovesTheFileBackAndRewritesTheReferencesAgain) {
    const std::uint64_t before = session.hash();
    const std::string scene = text("scenes/level1.scene.json");
    ASSERT_TRUE(session.rename_asset(kBrick, "prefabs/block.prefab.json"));
    ASSERT_TRUE(session.undo());
    EXPECT_TRUE(exists(kBrick));
    EXPECT_FALSE(exists("prefabs/block.prefab.json"));
    EXPECT_EQ(text("scenes/level1.scene.json"), scene) << "byte for byte";
    EXPECT_EQ(session.hash(), before);
    EXPECT_NE(session.prefabs().find(kBrick), nullptr);
    ASSERT_TRUE(session.redo());
    EXPECT_TRUE(exists("prefabs/block.prefab.json"));
}

TEST_F(AssetFiles, RenamesThatWouldBreakSomethingAreRefused) {
    EXPECT_FALSE(session.rename_asset("scenes/level1.scene.json", "scenes/l.scene.json"))
        << "the open scene";
    EXPECT_FALSE(session.rename_asset("project.json", "p.json"));
    EXPECT_FALSE(session.rename_asset(kBrick, "prefabs/ball.prefab.json")) << "exists";
    EXPECT_FALSE(session.rename_asset(kBrick, "prefabs/brick.json")) << "another kind";
    EXPECT_FALSE(session.rename_asset(kBrick, "../brick.prefab.json"));
    EXPECT_FALSE(session.rename_asset(kBrick, ".diorama/brick.prefab.json"));
    EXPECT_FALSE(session.rename_asset("sprites/none.png", "sprites/n.png"));
    EXPECT_TRUE(exists(kBrick));
    EXPECT_FALSE(session.can_undo());
}

TEST_F(AssetFiles, ADeletedFileGoesToTheTrashAndUndoBringsItBack) {
    ASSERT_TRUE(session.delete_asset("sprites/ball.png"));
    EXPECT_FALSE(exists("sprites/ball.png"));
    EXPECT_TRUE(exists(".diorama/trash/sprites/ball.png"));
    ASSERT_TRUE(session.undo());
    EXPECT_TRUE(exists("sprites/ball.png"));
    EXPECT_FALSE(exists(".diorama/trash/sprites/ball.png"));
    EXPECT_FALSE(session.delete_asset("scenes/level1.scene.json")) << "the open scene";
}

TEST_F(AssetFiles, AnImagePlacedInTheViewportIsASpriteOfItsSizeInOneStep) {
    const std::size_t objects = session.world().object_count();
    auto placed =
        session.place_image("sprites/ball.png", glm::vec2(100.0f, 60.0f), glm::vec2(24.0f, 16.0f));
    ASSERT_TRUE(placed) << placed.error().describe();
    const Sprite* sprite = session.world().get<Sprite>(*placed);
    ASSERT_NE(sprite, nullptr);
    EXPECT_EQ(sprite->image, "sprites/ball.png");
    EXPECT_EQ(sprite->size, glm::vec2(24.0f, 16.0f));
    EXPECT_EQ(session.world().name(*placed), "ball");
    EXPECT_EQ(session.selection().size(), 1u);
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.world().object_count(), objects);
    EXPECT_FALSE(session.place_image(kBrick, glm::vec2(0.0f), glm::vec2(1.0f)));
    EXPECT_FALSE(session.place_image("sprites/none.png", glm::vec2(0.0f), glm::vec2(1.0f)));
}

} // namespace
} // namespace diorama::editor
