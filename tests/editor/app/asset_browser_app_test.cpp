// The Assets tab end to end on a copy of the platformer sample: an image dragged from it into the
// viewport becomes a Sprite, and an image renamed and moved through its menu is followed by the
// prefab using it (the player's check still passes); undo puts both back.

#include "editor_run.h"

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::describe;

class AssetBrowserApp : public diorama::test::SampleCopyApp {
protected:
    AssetBrowserApp() : SampleCopyApp("platformer") {}

    [[nodiscard]] std::string text(const std::string& relative) const {
        auto t = diorama::read_file(project() / relative, 64u << 20);
        return t ? *t : std::string();
    }
};

TEST_F(AssetBrowserApp, AnImageDraggedIntoTheViewportIsASpriteOfItsSize) {
    const ChildResult r = editor(R"(click "Bottom/Assets"
click "Assets/folder/sprites"
drag "Assets/sprites/bat.png" "Viewport"
expect_selection 1
expect_field Sprite.image sprites/bat.png
expect_field Sprite.size 32 20
key ctrl+z
expect_selection 0
quit
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
}

TEST_F(AssetBrowserApp, ARenamedImageIsFollowedByThePrefabsUsingIt) {
    const ChildResult r = editor(R"(click "Bottom/Assets"
click "Assets/folder/sprites"
click "Assets/sprites/bat.png" right
click "Assets/Menu/Rename"
key ctrl+a
type "sprites/enemies/bat.png"
click "RenameAsset/Rename"
expect_console "renamed sprites/bat.png to sprites/enemies/bat.png; 1 file rewritten: prefabs/bat.prefab.json"
screenshot )" + (project() / "after_rename.png").string() +
                                 R"(
quit
)");
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_FALSE(fs::exists(project() / "sprites/bat.png"));
    EXPECT_TRUE(fs::exists(project() / "sprites/enemies/bat.png"));
    EXPECT_NE(text("prefabs/bat.prefab.json").find("\"sprites/enemies/bat.png\""),
              std::string::npos);
    fs::remove(project() / "after_rename.png");
    const ChildResult check =
        diorama::test::run_child(DIORAMA_PLAYER_PATH, {"check", project().string()});
    EXPECT_EQ(check.exit_code, 0) << describe(check);
}

} // namespace
