// The game layer: one way to open a game and load its scenes, for every tool. Scene arguments
// resolve the same way everywhere; problems are collected in the diagnostics and a failed result
// carries the first of them.

#include "diorama/game.h"

#include "diorama/components.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "../player/temp_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>

namespace diorama {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

constexpr const char* kProjectJson = R"({"format": "diorama.project", "version": 1,
    "name": "G", "startup_scene": "scenes/main.scene.json"})";
constexpr const char* kScene = R"({"format": "diorama.scene", "version": 1, "name": "%",
    "layers": ["world"], "objects": [{"guid": "00000000000000a1", "name": "A", "layer": "world",
    "components": {"Transform2D": {"position": [1.0, 2.0]}}}]})";
constexpr const char* kPrefab = R"({"format": "diorama.prefab", "version": 1, "name": "%",
    "components": {"Shape": {}}})";

// kScene or kPrefab with its name set.
std::string named(const char* text, const std::string& name) {
    std::string out = text;
    out.replace(out.find('%'), 1, name);
    return out;
}

// A project "game" with scenes/main, scenes/sub/deep, levels/other, and a ball prefab.
class GameTest : public ::testing::Test {
protected:
    GameTest() {
        dir.write("game/project.json", kProjectJson);
        dir.write("game/scenes/main.scene.json", named(kScene, "main"));
        dir.write("game/scenes/sub/deep.scene.json", named(kScene, "deep"));
        dir.write("game/levels/other.scene.json", named(kScene, "other"));
        dir.write("game/prefabs/ball.prefab.json", named(kPrefab, "ball"));
        root = dir.path() / "game";
    }

    // The project, loaded (the test fails when it cannot be).
    Project project() const {
        Diagnostics diagnostics;
        auto loaded = load_project(root, diagnostics);
        EXPECT_TRUE(loaded) << diagnostics.format();
        return loaded ? *loaded : Project{};
    }

    TempDir dir;
    fs::path root;
};

// Runs a body with the working folder changed, restoring it after.
class WorkingFolder {
public:
    explicit WorkingFolder(const fs::path& folder) : m_old(fs::current_path()) {
        fs::current_path(folder);
    }
    ~WorkingFolder() {
        std::error_code ec;
        fs::current_path(m_old, ec);
    }
    WorkingFolder(const WorkingFolder&) = delete;
    WorkingFolder& operator=(const WorkingFolder&) = delete;

private:
    fs::path m_old;
};

// ---- scene names ----

TEST_F(GameTest, EverySceneNameFormResolvesToOneProjectRelativeFile) {
    const Project p = project();
    for (const char* form : {"main", "main.scene.json", "scenes/main", "scenes/main.scene.json"}) {
        auto path = scene_file_for(p, form);
        ASSERT_TRUE(path) << form << ": " << path.error().describe();
        EXPECT_EQ(*path, "scenes/main.scene.json") << form;
    }
    EXPECT_EQ(*scene_file_for(p, "levels/other"), "levels/other.scene.json");
    EXPECT_EQ(*scene_file_for(p, "scenes/sub/deep"), "scenes/sub/deep.scene.json");
}

TEST_F(GameTest, AnEmptySceneNameIsTheStartupScene) {
    EXPECT_EQ(*scene_file_for(project(), ""), "scenes/main.scene.json");
    Project without = project();
    without.startup_scene.clear();
    auto none = scene_file_for(without, "");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().code, ErrorCode::NotFound);
    EXPECT_NE(none.error().message.find("no startup_scene"), std::string::npos);
}

TEST_F(GameTest, AShellPathToASceneInsideTheProjectResolvesToo) {
    const Project p = project();
    auto absolute = scene_file_for(p, (root / "levels" / "other.scene.json").string());
    ASSERT_TRUE(absolute) << absolute.error().describe();
    EXPECT_EQ(*absolute, "levels/other.scene.json");

    const WorkingFolder cwd(dir.path());
    auto relative = scene_file_for(p, "game/scenes/sub/deep.scene.json");
    ASSERT_TRUE(relative) << relative.error().describe();
    EXPECT_EQ(*relative, "scenes/sub/deep.scene.json");
}

TEST_F(GameTest, ASceneOutsideTheProjectIsRefusedWhateverItsForm) {
    dir.write("outside/evil.scene.json", named(kScene, "evil"));
    const Project p = project();
    for (const std::string& form :
         {std::string("../outside/evil"), (dir.path() / "outside/evil.scene.json").string()}) {
        auto path = scene_file_for(p, form);
        ASSERT_FALSE(path) << form;
    }
    fs::create_symlink(dir.path() / "outside" / "evil.scene.json",
                       root / "scenes" / "link.scene.json");
    auto linked = scene_file_for(p, "link");
    ASSERT_FALSE(linked);
    EXPECT_NE(linked.error().message.find("outside the project"), std::string::npos)
        << linked.error().message;
}

TEST_F(GameTest, AMissingSceneListsTheProjectsScenes) {
    auto missing = scene_file_for(project(), "nope");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().code, ErrorCode::NotFound);
    EXPECT_EQ(missing.error().where, "scenes/nope.scene.json");
    EXPECT_NE(missing.error().message.find(
                  "the project's scenes: scenes/main.scene.json, scenes/sub/deep.scene.json"),
              std::string::npos)
        << missing.error().message;
}

// ---- opening ----

TEST_F(GameTest, OpensTheProjectWithBuiltInsAndPrefabs) {
    Diagnostics diagnostics;
    auto game = Game::open(root, diagnostics);
    ASSERT_TRUE(game) << diagnostics.format();
    EXPECT_TRUE(diagnostics.empty()) << diagnostics.format();
    EXPECT_TRUE((*game)->has_project());
    EXPECT_EQ((*game)->project().name, "G");
    EXPECT_NE((*game)->registry().find("Transform2D"), nullptr);
    EXPECT_NE((*game)->prefabs().find("ball"), nullptr);
    EXPECT_FALSE((*game)->module());
}

TEST_F(GameTest, OpensAnExportedFolderThroughItsProjectFolder) {
    dir.write("exported/export.json", "{}");
    fs::copy(root, dir.path() / "exported" / "project", fs::copy_options::recursive);
    Diagnostics diagnostics;
    auto game = Game::open(dir.path() / "exported", diagnostics);
    ASSERT_TRUE(game) << diagnostics.format();
    EXPECT_EQ((*game)->project().root, dir.path() / "exported" / "project");
}

TEST_F(GameTest, ABrokenProjectFailsWithItsFirstProblemInTheDiagnostics) {
    dir.write("game/project.json", R"({"format": "diorama.project", "version": 99})");
    Diagnostics diagnostics;
    auto game = Game::open(root, diagnostics);
    ASSERT_FALSE(game);
    ASSERT_TRUE(diagnostics.has_errors());
    EXPECT_EQ(diagnostics.first_error().describe(), game.error().describe());
}

TEST_F(GameTest, AMissingModuleFailsAsAModuleErrorAtProjectJsonModule) {
    dir.write("game/project.json", R"({"format": "diorama.project", "version": 1, "name": "G",
        "startup_scene": "scenes/main.scene.json", "module": "no_such_module"})");
    Diagnostics diagnostics;
    auto game = Game::open(root, diagnostics, {.module_dirs = {}});
    ASSERT_FALSE(game);
    EXPECT_EQ(game.error().code, ErrorCode::Module);
    EXPECT_EQ(game.error().where, (root / "project.json").string() + ": module");
    EXPECT_NE(game.error().message.find("not found"), std::string::npos) << game.error().message;
    ASSERT_EQ(diagnostics.error_count(), 1u);
    EXPECT_EQ(diagnostics.first_error().describe(), game.error().describe());
}

TEST_F(GameTest, OpenWithoutModuleOpensTheGameAndKeepsWhyTheModuleIsNotThere) {
    dir.write("game/project.json", R"({"format": "diorama.project", "version": 1, "name": "G",
        "startup_scene": "scenes/main.scene.json", "module": "no_such_module"})");
    dir.write("game/scenes/main.scene.json", R"({"format": "diorama.scene", "version": 1,
        "name": "main", "layers": ["world"], "objects": [{"guid": "00000000000000a1",
        "layer": "world", "components": {"Paddle": {"speed": 3}}}]})");
    Diagnostics diagnostics;
    auto game = Game::open(root, diagnostics, {.module_dirs = {}, .open_without_module = true});
    ASSERT_TRUE(game) << diagnostics.format();
    EXPECT_FALSE((*game)->module());
    ASSERT_TRUE((*game)->module_error());
    EXPECT_EQ((*game)->module_error()->code, ErrorCode::Module);
    EXPECT_EQ((*game)->module_error()->where, (root / "project.json").string() + ": module");
    ASSERT_EQ(diagnostics.error_count(), 1u);
    EXPECT_EQ(diagnostics.first_error().describe(), (*game)->module_error()->describe());

    // The module's components load as unknown components, kept as the file has them.
    Diagnostics scene_problems;
    auto scene = (*game)->load_scene("", scene_problems);
    ASSERT_TRUE(scene) << scene_problems.format();
    const Handle h = scene->world->find(Guid{0xa1});
    const UnknownComponents* kept = scene->world->get<UnknownComponents>(h);
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(kept->components.at("Paddle"), Json::parse(R"({"speed": 3})"));
}

TEST_F(GameTest, TheModuleSearchPathIsEnvironmentThenToolFoldersThenTheProjects) {
    const char* old = std::getenv("DIORAMA_MODULE_PATH");
    const std::string saved = old != nullptr ? old : "";
    setenv("DIORAMA_MODULE_PATH", "/env/a:/env/b", 1);
    const auto path = game_module_search_path(project(), {.module_dirs = {"/tool/modules"}});
    if (old != nullptr)
        setenv("DIORAMA_MODULE_PATH", saved.c_str(), 1);
    else
        unsetenv("DIORAMA_MODULE_PATH");
    ASSERT_EQ(path.size(), 4u);
    EXPECT_EQ(path[0], "/env/a");
    EXPECT_EQ(path[1], "/env/b");
    EXPECT_EQ(path[2], "/tool/modules");
    EXPECT_EQ(path[3], root / "modules");
}

TEST(GameModules, AnInstalledToolLooksInItsOwnModulesFolder) {
    const auto dirs = installed_module_dirs();
    ASSERT_EQ(dirs.size(), 1u);
    EXPECT_EQ(dirs[0], fs::read_symlink("/proc/self/exe").parent_path().parent_path() / "modules");
    EXPECT_EQ(GameOptions{}.module_dirs, dirs);
}

TEST_F(GameTest, ABrokenPrefabIsLeftOutAndReportedOnce) {
    dir.write("game/prefabs/bad.prefab.json", R"({"format": "diorama.prefab")");
    Diagnostics diagnostics;
    auto game = Game::open(root, diagnostics);
    ASSERT_TRUE(game);
    EXPECT_EQ(diagnostics.error_count(), 1u) << diagnostics.format();
    EXPECT_EQ((*game)->prefab_problems().error_count(), 1u);
    EXPECT_EQ((*game)->prefabs().find("bad"), nullptr);
    EXPECT_NE((*game)->prefabs().find("ball"), nullptr);

    Diagnostics elsewhere;
    Diagnostics rest;
    ASSERT_TRUE(Game::open(root, rest, {.prefab_diagnostics = &elsewhere}));
    EXPECT_TRUE(rest.empty()) << rest.format();
    EXPECT_EQ(elsewhere.error_count(), 1u);
}

TEST(GameWithoutProject, HasTheBuiltInsAndLoadsNoScene) {
    const Game game;
    EXPECT_FALSE(game.has_project());
    EXPECT_NE(game.registry().find("Sprite"), nullptr);
    Diagnostics diagnostics;
    auto scene = game.load_scene("level1", diagnostics);
    ASSERT_FALSE(scene);
    EXPECT_EQ(diagnostics.first_error().describe(), scene.error().describe());
}

// ---- scenes ----

TEST_F(GameTest, LoadsASceneIntoAWorldWiredToTheGame) {
    Diagnostics diagnostics;
    auto game = Game::open(root, diagnostics);
    ASSERT_TRUE(game);
    auto scene = (*game)->load_scene("main", diagnostics);
    ASSERT_TRUE(scene) << diagnostics.format();
    EXPECT_EQ(scene->path, "scenes/main.scene.json");
    EXPECT_EQ(scene->name, "main");
    EXPECT_EQ(scene->world->object_count(), 1u);
    EXPECT_EQ(&scene->world->registry(), &(*game)->registry());
    EXPECT_EQ(scene->world->prefabs(), &(*game)->prefabs());
}

TEST_F(GameTest, ASceneThatFailsHasItsFirstProblemInTheDiagnostics) {
    dir.write("game/scenes/bad.scene.json", R"({"format": "diorama.scene", "version": 2})");
    Diagnostics diagnostics;
    auto game = Game::open(root, diagnostics);
    ASSERT_TRUE(game);
    for (const char* scene : {"bad", "missing", "../escape"}) {
        Diagnostics problems;
        auto loaded = (*game)->load_scene(scene, problems);
        ASSERT_FALSE(loaded) << scene;
        ASSERT_TRUE(problems.has_errors()) << scene;
        EXPECT_EQ(problems.first_error().describe(), loaded.error().describe()) << scene;
    }
}

TEST_F(GameTest, LoadsASnapshotFromText) {
    Diagnostics diagnostics;
    auto game = Game::open(root, diagnostics);
    ASSERT_TRUE(game);
    auto scene = (*game)->load_scene_text(named(kScene, "snap"), "snapshot", diagnostics);
    ASSERT_TRUE(scene) << diagnostics.format();
    EXPECT_EQ(scene->name, "snap");
    EXPECT_EQ(scene->path, "snapshot");
    EXPECT_EQ(scene->world->object_count(), 1u);
}

} // namespace
} // namespace diorama
