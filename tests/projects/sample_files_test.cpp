// Every sample project's files load cleanly and save back byte for byte; a scene saved after
// ticking loads again into the same state.

#include "diorama/file_io.h"
#include "diorama/game.h"
#include "diorama/scene_file.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

namespace diorama {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> sample_projects() {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(fs::path(DIORAMA_SOURCE_DIR) / "projects"))
        if (fs::exists(e.path() / "project.json")) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// A sample project opened as every tool opens it, with the modules the build made.
std::unique_ptr<Game> open(const fs::path& folder) {
    Diagnostics d;
    auto game = Game::open(folder, d, {.module_dirs = {DIORAMA_MODULE_DIR}});
    EXPECT_TRUE(game.ok()) << d.format();
    EXPECT_TRUE(d.empty()) << d.format();
    return game ? std::move(*game) : std::make_unique<Game>();
}

TEST(SampleFiles, ThereAreSampleProjects) {
    EXPECT_FALSE(sample_projects().empty());
}

TEST(SampleFiles, EveryPrefabSavesBackByteForByte) {
    for (const fs::path& folder : sample_projects()) {
        const auto game = open(folder);
        ASSERT_TRUE(game->has_project()) << folder;
        ASSERT_FALSE(game->prefabs().all().empty()) << folder;
        for (const auto& prefab : game->prefabs().all()) {
            auto json = prefab_to_json(*prefab);
            ASSERT_TRUE(json.ok()) << prefab->path;
            auto bytes = read_file(game->project().absolute(prefab->path), 1u << 20);
            ASSERT_TRUE(bytes.ok());
            EXPECT_EQ(to_pretty_json(*json), *bytes) << folder / prefab->path;
        }
    }
}

TEST(SampleFiles, EverySceneLoadsSavesBackByteForByteAndKeepsItsHash) {
    for (const fs::path& folder : sample_projects()) {
        const auto game = open(folder);
        ASSERT_TRUE(game->has_project()) << folder;
        const auto scenes = game->project().scenes();
        ASSERT_FALSE(scenes.empty()) << folder;
        for (const std::string& scene : scenes) {
            Diagnostics d;
            auto loaded = game->load_scene(scene, d);
            ASSERT_TRUE(loaded.ok()) << d.format();
            EXPECT_TRUE(d.empty()) << d.format();
            const World& world = *loaded->world;
            auto json = scene_to_json(world, loaded->name, game->prefabs());
            ASSERT_TRUE(json.ok()) << json.error().describe();
            auto bytes = read_file(game->project().absolute(scene), 64u << 20);
            ASSERT_TRUE(bytes.ok());
            EXPECT_EQ(to_pretty_json(*json), *bytes) << folder / scene;

            auto again = game->load_scene_text(to_pretty_json(*json), scene, d);
            ASSERT_TRUE(again.ok()) << d.format();
            EXPECT_EQ(state_hash(*again->world), state_hash(world)) << folder / scene;
        }
    }
}

TEST(SampleFiles, ASceneSavedAfterTickingLoadsIntoTheSameState) {
    for (const fs::path& folder : sample_projects()) {
        const auto game = open(folder);
        ASSERT_TRUE(game->has_project()) << folder;
        Diagnostics d;
        auto loaded = game->load_scene("", d);
        ASSERT_TRUE(loaded.ok()) << d.format();
        World& world = *loaded->world;
        Simulation sim(world, SimulationDef{.tick_rate_hz = game->project().tick_rate_hz});
        for (int i = 0; i < 600; ++i)
            sim.tick();
        auto json = scene_to_json(world, loaded->name, game->prefabs());
        ASSERT_TRUE(json.ok()) << json.error().describe();
        auto reloaded = game->load_scene_text(to_pretty_json(*json), "ticked", d);
        ASSERT_TRUE(reloaded.ok()) << d.format();
        EXPECT_EQ(state_hash(*reloaded->world), state_hash(world)) << folder;
    }
}

} // namespace
} // namespace diorama
