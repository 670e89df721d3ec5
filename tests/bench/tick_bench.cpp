// Whole ticks, exactly as the player runs them (systems, messages, flush, spatial index):
// - Tick/Bounce: the generated BOUNCE scene (scene_gen.h): 10k and 100k balls bouncing off walls,
//   a paddle and bricks, each hit throwing a particle; the BOUNCE module's systems plus the
//   built-ins. Counters: ticks_per_second, arena_KB (the largest per-tick transient-arena
//   watermark seen), objects (at the end).
// - Tick/Balls: N objects with only Transform2D and Velocity (the scene of Godot's peer harness,
//   tests/bench/tools/gen_balls.py --logic builtin). No code in the tick queries, so the spatial
//   index waits for a query. Tick/BallsIndexed adds a system (of a game) that may query, so the
//   index is brought up to date at every tick's end. ns_per_item: per object per tick.
// Run: diorama_bench --benchmark_filter=Tick

#include "scene_gen.h"

#include "diorama/components.h"
#include "diorama/simulation.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>

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

// Ticks N balls at the peer harness's positions and speeds (x in [0, 1920), y in [0, 1080),
// each velocity component in [-100, 100]); with_game_system adds a system that may query.
void tick_balls(benchmark::State& state, bool with_game_system) {
    TypeRegistry registry;
    register_builtin_components(registry);
    if (with_game_system) registry.add_system("game", [](World&, float) {});
    World world(registry);
    const auto count = static_cast<std::size_t>(state.range(0));
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (std::size_t i = 0; i < count; ++i) {
        const Handle h = world.create();
        world.get<Transform2D>(h)->position = {unit(rng) * 1920.0f, unit(rng) * 1080.0f};
        world.add<Velocity>(h)->linear = {unit(rng) * 200.0f - 100.0f, unit(rng) * 200.0f - 100.0f};
    }
    world.update_spatial();
    Simulation simulation(world);
    for (auto _ : state)
        simulation.tick();
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
    state.counters["ticks_per_second"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(tick_balls, deferred, false)
    ->Name("Tick/Balls/Diorama")
    ->Arg(10'000)
    ->Arg(100'000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(tick_balls, indexed, true)
    ->Name("Tick/BallsIndexed/Diorama")
    ->Arg(10'000)
    ->Arg(100'000)
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace diorama::bench
