// The editor's remembered settings (editor/ui/editor_config.h).

#include "temp_dir.h"
#include "ui/editor_config.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

using namespace diorama::editor;
using diorama::test::TempDir;

TEST(EditorConfig, RoundTripsThroughItsFile) {
    TempDir dir;
    EditorConfig config;
    config.layout.left_width = 333.0f;
    config.layout.show_bottom = false;
    config.show_colliders = true;
    config.recent_projects = {"/a", "/b"};
    config.autosave_seconds = 30;
    config.scene_backups = 5;
    const auto file = dir.path() / "diorama" / "editor.json";
    ASSERT_TRUE(save_editor_config(file, config));

    auto loaded = load_editor_config(file);
    ASSERT_TRUE(loaded) << loaded.error().describe();
    EXPECT_EQ(loaded->layout.left_width, 333.0f);
    EXPECT_FALSE(loaded->layout.show_bottom);
    EXPECT_TRUE(loaded->show_colliders);
    EXPECT_EQ(loaded->recent_projects, config.recent_projects);
    EXPECT_EQ(loaded->autosave_seconds, 30);
    EXPECT_EQ(loaded->scene_backups, 5);
}

TEST(EditorConfig, AutosaveAndBackupsDefaultToTwoMinutesAndThreeVersions) {
    TempDir dir;
    dir.write("editor.json", R"({"autosave_seconds": -5, "scene_backups": "many"})");
    auto loaded = load_editor_config(dir.path() / "editor.json");
    ASSERT_TRUE(loaded) << loaded.error().describe();
    EXPECT_EQ(loaded->autosave_seconds, 0) << "clamped: autosave off";
    EXPECT_EQ(loaded->scene_backups, 3) << "a value of the wrong type is ignored";
    EXPECT_EQ(EditorConfig{}.autosave_seconds, 120);
}

TEST(EditorConfig, MissingFileGivesDefaultsAndBadFileAnError) {
    TempDir dir;
    auto missing = load_editor_config(dir.path() / "none.json");
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->layout.left_width, EditorLayout{}.left_width);

    dir.write("bad.json", "{ \"layout\": ");
    EXPECT_FALSE(load_editor_config(dir.path() / "bad.json"));

    // Values of the wrong type are ignored, sizes clamped.
    dir.write(
        "odd.json",
        R"({ "layout": { "left_width": "wide", "right_width": 1e9 }, "recent_projects": [1, "/x"] })");
    auto odd = load_editor_config(dir.path() / "odd.json");
    ASSERT_TRUE(odd);
    EXPECT_EQ(odd->layout.left_width, EditorLayout{}.left_width);
    EXPECT_LE(odd->layout.right_width, 2000.0f);
    EXPECT_EQ(odd->recent_projects, std::vector<std::string>{"/x"});
}

TEST(EditorConfig, RecentProjectsAreUniqueNewestFirstAndBounded) {
    EditorConfig config;
    for (int i = 0; i < 15; ++i)
        add_recent_project(config, "/p" + std::to_string(i));
    add_recent_project(config, "/p10");
    ASSERT_EQ(config.recent_projects.size(), EditorConfig::kMaxRecent);
    EXPECT_EQ(config.recent_projects[0], "/p10");
    EXPECT_EQ(config.recent_projects[1], "/p14");
    EXPECT_EQ(std::count(config.recent_projects.begin(), config.recent_projects.end(), "/p10"), 1);
}

TEST(EditorConfig, LivesUnderXdgConfigHome) {
    const char* old = std::getenv("XDG_CONFIG_HOME");
    const std::string saved = old != nullptr ? old : "";
    setenv("XDG_CONFIG_HOME", "/tmp/xdg", 1);
    EXPECT_EQ(editor_config_path(), std::filesystem::path("/tmp/xdg/diorama/editor.json"));
    if (old != nullptr)
        setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
    else
        unsetenv("XDG_CONFIG_HOME");
}

} // namespace
