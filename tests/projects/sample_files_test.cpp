// Every sample project's files load cleanly and save back byte for byte; a scene saved after
// ticking loads again into the same state.

#include "diorama/file_io.h"
#include "diorama/module.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
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

// A sample project with its module's types and its prefabs loaded.
struct Sample {
    Project project;
    std::unique_ptr<TypeRegistry> registry = std::make_unique<TypeRegistry>();
    PrefabLibrary prefabs;
};

Sample open(const fs::path& folder) {
    Sample s;
    register_builtin_components(*s.registry);
    Diagnostics d;
    auto project = load_project(folder, d);
    EXPECT_TRUE(project.ok()) << d.format();
    s.project = *project;
    if (!s.project.module.empty()) {
        auto module = load_module(s.project.module, {fs::path(DIORAMA_MODULE_DIR)}, *s.registry);
        EXPECT_TRUE(module.ok()) << (module ? "" : module.error().describe());
    }
    s.prefabs.load_folder(s.project, *s.registry, d);
    EXPECT_TRUE(d.empty()) << d.format();
    return s;
}

TEST(SampleFiles, ThereAreSampleProjects) {
    EXPECT_FALSE(sample_projects().empty());
}

TEST(SampleFiles, EveryPrefabSavesBackByteForByte) {
    for (const fs::path& folder : sample_projects()) {
        Sample s = open(folder);
        ASSERT_FALSE(s.prefabs.all().empty()) << folder;
        for (const auto& prefab : s.prefabs.all()) {
            auto json = prefab_to_json(*prefab);
            ASSERT_TRUE(json.ok()) << prefab->path;
            auto bytes = read_file(s.project.absolute(prefab->path), 1u << 20);
            ASSERT_TRUE(bytes.ok());
            EXPECT_EQ(to_pretty_json(*json), *bytes) << folder / prefab->path;
        }
    }
}

TEST(SampleFiles, EverySceneLoadsSavesBackByteForByteAndKeepsItsHash) {
    for (const fs::path& folder : sample_projects()) {
        Sample s = open(folder);
        const auto scenes = s.project.scenes();
        ASSERT_FALSE(scenes.empty()) << folder;
        for (const std::string& scene : scenes) {
            World world(*s.registry);
            world.set_prefabs(&s.prefabs);
            Diagnostics d;
            auto info = load_scene(world, scene, s.project, s.prefabs, d);
            ASSERT_TRUE(info.ok()) << d.format();
            EXPECT_TRUE(d.empty()) << d.format();
            auto json = scene_to_json(world, info->name, s.prefabs);
            ASSERT_TRUE(json.ok()) << json.error().describe();
            auto bytes = read_file(s.project.absolute(scene), 64u << 20);
            ASSERT_TRUE(bytes.ok());
            EXPECT_EQ(to_pretty_json(*json), *bytes) << folder / scene;

            World again(*s.registry);
            ASSERT_TRUE(
                load_scene_text(again, to_pretty_json(*json), scene, s.project, s.prefabs, d).ok())
                << d.format();
            EXPECT_EQ(state_hash(again), state_hash(world)) << folder / scene;
        }
    }
}

TEST(SampleFiles, ASceneSavedAfterTickingLoadsIntoTheSameState) {
    for (const fs::path& folder : sample_projects()) {
        Sample s = open(folder);
        World world(*s.registry);
        world.set_prefabs(&s.prefabs);
        Diagnostics d;
        auto info = load_scene(world, s.project.startup_scene, s.project, s.prefabs, d);
        ASSERT_TRUE(info.ok()) << d.format();
        Simulation sim(world, SimulationDef{.tick_rate_hz = s.project.tick_rate_hz});
        for (int i = 0; i < 600; ++i)
            sim.tick();
        auto json = scene_to_json(world, info->name, s.prefabs);
        ASSERT_TRUE(json.ok()) << json.error().describe();
        World reloaded(*s.registry);
        ASSERT_TRUE(
            load_scene_text(reloaded, to_pretty_json(*json), "ticked", s.project, s.prefabs, d)
                .ok())
            << d.format();
        EXPECT_EQ(state_hash(reloaded), state_hash(world)) << folder;
    }
}

} // namespace
} // namespace diorama
