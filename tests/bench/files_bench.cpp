// Scene files: load (JSON text -> world) and save (world -> JSON text) of generated content
// scenes with 1k, 10k and 100k objects, and beside them the copy the editor's Play keeps instead
// of a save and a load (World::clone). Counters: bytes_per_second (MB/s of JSON),
// items_per_second (objects/s), peak_MB (the most heap in use at once during one load or save,
// above the level before it) and peak_B_per_object. Disk time is left out (the text is in memory);
// `diorama-player check` in scripts/bench.sh includes it.
// Run: diorama_bench --benchmark_filter=Files

#include "heap_peak.h"
#include "scene_gen.h"
#include "slow_rows.h"

#include "diorama/diagnostics.h"
#include "diorama/json_io.h"
#include "diorama/scene_file.h"
#include "diorama/world.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

namespace diorama::bench {
namespace {

// A content scene of n objects, as a world and as the saved text; made once per n.
struct Scene {
    std::unique_ptr<World> world;
    std::string text;
};

std::unique_ptr<World> empty_world() {
    auto world = std::make_unique<World>(bounce_context().registry);
    world->set_prefabs(&bounce_context().prefabs);
    return world;
}

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "files_bench: %s\n", message.c_str());
    std::exit(1);
}

const Scene& content_scene(std::size_t n) {
    static std::map<std::size_t, Scene> scenes;
    if (auto it = scenes.find(n); it != scenes.end()) return it->second;
    Scene scene{empty_world(), {}};
    if (auto filled = fill_scene(*scene.world, bounce_context().prefabs, SceneKind::Content, n);
        !filled)
        die(filled.error().describe());
    auto json = scene_to_json(*scene.world, "content", bounce_context().prefabs);
    if (!json) die(json.error().describe());
    scene.text = to_pretty_json(*json);
    return scenes.emplace(n, std::move(scene)).first->second;
}

std::unique_ptr<World> load(const std::string& text) {
    auto world = empty_world();
    Diagnostics diagnostics;
    auto info = load_scene_text(*world, text, "content.scene.json", bounce_context().project,
                                bounce_context().prefabs, diagnostics);
    if (!info) die(diagnostics.format() + info.error().describe());
    return world;
}

std::string save(const World& world) {
    auto text = scene_to_text(world, "content", bounce_context().prefabs);
    if (!text) die(text.error().describe());
    return std::move(*text);
}

void set_counters(benchmark::State& state, std::size_t bytes, std::size_t objects,
                  std::size_t peak) {
    const auto iterations = static_cast<std::int64_t>(state.iterations());
    state.SetBytesProcessed(iterations * static_cast<std::int64_t>(bytes));
    state.SetItemsProcessed(iterations * static_cast<std::int64_t>(objects));
    state.counters["peak_MB"] = static_cast<double>(peak) / 1e6;
    state.counters["peak_B_per_object"] = static_cast<double>(peak) / static_cast<double>(objects);
}

// ---- load ----

// Times make() per iteration, each world it makes dropped outside the timing; returns the heap
// peak of one make() (above the level before it).
template <class Make>
std::size_t time_worlds_made(benchmark::State& state, const Make& make) {
    std::size_t peak = 0;
    {
        const HeapPeak heap;
        const std::unique_ptr<World> world = make();
        peak = heap.peak_bytes();
    }
    for (auto _ : state) {
        std::unique_ptr<World> world = make();
        state.PauseTiming();
        world.reset();
        state.ResumeTiming();
    }
    return peak;
}

void load_scene_bench(benchmark::State& state) {
    const Scene& scene = content_scene(static_cast<std::size_t>(state.range(0)));
    const std::size_t peak = time_worlds_made(state, [&scene] { return load(scene.text); });
    set_counters(state, scene.text.size(), scene.world->object_count(), peak);
}
BENCHMARK(load_scene_bench)
    ->Name("Files/Load/Diorama")
    ->Arg(1'000)
    ->Arg(10'000)
    ->Arg(100'000)
    ->MinTime(kSlowRowMinSeconds)
    ->Unit(benchmark::kMillisecond);

// ---- save ----

void save_scene_bench(benchmark::State& state) {
    const Scene& scene = content_scene(static_cast<std::size_t>(state.range(0)));
    std::size_t peak = 0;
    {
        const HeapPeak heap;
        const std::string text = save(*scene.world);
        peak = heap.peak_bytes();
    }
    for (auto _ : state) {
        std::string text = save(*scene.world);
        benchmark::DoNotOptimize(text.data());
    }
    set_counters(state, scene.text.size(), scene.world->object_count(), peak);
}
BENCHMARK(save_scene_bench)
    ->Name("Files/Save/Diorama")
    ->Arg(1'000)
    ->Arg(10'000)
    ->Arg(100'000)
    ->MinTime(kSlowRowMinSeconds)
    ->Unit(benchmark::kMillisecond);

// ---- clone (the editor's Play: kept at Play, put back at Stop) ----

void clone_world_bench(benchmark::State& state) {
    const Scene& scene = content_scene(static_cast<std::size_t>(state.range(0)));
    const std::size_t peak = time_worlds_made(state, [&scene] { return scene.world->clone(); });
    set_counters(state, scene.text.size(), scene.world->object_count(), peak);
}
BENCHMARK(clone_world_bench)
    ->Name("Files/Clone/Diorama")
    ->Arg(1'000)
    ->Arg(10'000)
    ->Arg(100'000)
    ->MinTime(kSlowRowMinSeconds)
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace diorama::bench
