// Tile maps: save and load of a scene holding one 1,000 x 1,000 terrain map (two layers; see
// scene_gen.h), with the file's size. Counters: file_KB, cells_per_second, peak_MB.
// Run: diorama_bench --benchmark_filter=TileMap

#include "heap_peak.h"
#include "scene_gen.h"
#include "slow_rows.h"

#include "diorama/components.h"
#include "diorama/diagnostics.h"
#include "diorama/scene_file.h"
#include "diorama/world.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace diorama::bench {
namespace {

constexpr std::int32_t kSide = 1000;

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "tile_map_bench: %s\n", message.c_str());
    std::exit(1);
}

std::unique_ptr<World> empty_world() {
    auto world = std::make_unique<World>(bounce_context().registry);
    world->set_prefabs(&bounce_context().prefabs);
    return world;
}

// The map's scene, as a world and as its saved text; made once.
struct MapScene {
    std::unique_ptr<World> world;
    std::string text;
    std::size_t cells = 0;
};

const MapScene& map_scene() {
    static const MapScene scene = [] {
        MapScene s{empty_world(), {}, 0};
        const Handle h = s.world->create(ObjectDef{.name = "Terrain"}).value();
        TileMap* map = s.world->add<TileMap>(h);
        map->tileset = "tilesets/terrain.tileset.json";
        map->tiles = terrain_tile_grid(kSide, kSide);
        s.cells = map->tiles.layers.size() * static_cast<std::size_t>(kSide) * kSide;
        auto text = scene_to_text(*s.world, "terrain", bounce_context().prefabs);
        if (!text) die(text.error().describe());
        s.text = std::move(*text);
        return s;
    }();
    return scene;
}

std::unique_ptr<World> load(const std::string& text) {
    auto world = empty_world();
    Diagnostics diagnostics;
    if (!load_scene_text(*world, text, "terrain.scene.json", bounce_context().project,
                         bounce_context().prefabs, diagnostics))
        die(diagnostics.format());
    return world;
}

void set_counters(benchmark::State& state, const MapScene& scene, std::size_t peak) {
    state.counters["file_KB"] = static_cast<double>(scene.text.size()) / 1e3;
    state.counters["cells_per_second"] = benchmark::Counter(
        static_cast<double>(scene.cells) * static_cast<double>(state.iterations()),
        benchmark::Counter::kIsRate);
    state.counters["peak_MB"] = static_cast<double>(peak) / 1e6;
}

void load_map_bench(benchmark::State& state) {
    const MapScene& scene = map_scene();
    std::size_t peak = 0;
    {
        const HeapPeak heap;
        const std::unique_ptr<World> world = load(scene.text);
        peak = heap.peak_bytes();
    }
    for (auto _ : state) {
        std::unique_ptr<World> world = load(scene.text);
        state.PauseTiming();
        world.reset();
        state.ResumeTiming();
    }
    set_counters(state, scene, peak);
}
BENCHMARK(load_map_bench)
    ->Name("TileMap/Load/1000x1000")
    ->MinTime(kSlowRowMinSeconds)
    ->Unit(benchmark::kMillisecond);

void save_map_bench(benchmark::State& state) {
    const MapScene& scene = map_scene();
    std::size_t peak = 0;
    {
        const HeapPeak heap;
        auto text = scene_to_text(*scene.world, "terrain", bounce_context().prefabs);
        peak = heap.peak_bytes();
    }
    for (auto _ : state) {
        auto text = scene_to_text(*scene.world, "terrain", bounce_context().prefabs);
        benchmark::DoNotOptimize(text->data());
    }
    set_counters(state, scene, peak);
}
BENCHMARK(save_map_bench)
    ->Name("TileMap/Save/1000x1000")
    ->MinTime(kSlowRowMinSeconds)
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace diorama::bench
