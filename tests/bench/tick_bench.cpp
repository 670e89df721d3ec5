// Whole ticks of the generated BOUNCE scene (scene_gen.h): 10k and 100k balls bouncing off walls,
// a paddle and bricks, each hit throwing a particle; the BOUNCE module's systems plus the
// built-ins, messages, flush and spatial update, exactly as the player runs them.
// Counters: ticks_per_second, arena_KB (the largest per-tick transient-arena watermark seen),
// objects (at the end). Run: diorama_bench --benchmark_filter=Tick

#include "scene_gen.h"

#include "diorama/simulation.h"
#include "diorama/world.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace diorama::bench {
namespace {

constexpr int kWarmUpTicks = 60; // particles reach their steady number within half a second

void tick_bounce(benchmark::State& state) {
    World world(bounce_context().registry);
    world.set_prefabs(&bounce_context().prefabs);
    if (auto filled = fill_scene(world, bounce_context().prefabs, SceneKind::Bounce,
                                 static_cast<std::size_t>(state.range(0)));
        !filled) {
        std::fprintf(stderr, "tick_bench: %s\n", filled.error().describe().c_str());
        std::exit(1);
    }
    world.update_spatial();
    Simulation simulation(world);
    for (int i = 0; i < kWarmUpTicks; ++i)
        simulation.tick();
    std::size_t watermark = 0;
    for (auto _ : state) {
        simulation.tick();
        watermark = std::max(watermark, simulation.last_tick().arena_watermark);
    }
    state.counters["ticks_per_second"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["arena_KB"] = static_cast<double>(watermark) / 1024.0;
    state.counters["objects"] = static_cast<double>(world.object_count());
}
BENCHMARK(tick_bounce)
    ->Name("Tick/Bounce/Diorama")
    ->Arg(10'000)
    ->Arg(100'000)
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace diorama::bench
