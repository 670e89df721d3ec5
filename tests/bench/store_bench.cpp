// The object store against the plain-array limit: create, iterate Transform2D + Velocity, random
// get. Run: build/release/tests/bench/diorama_bench --benchmark_filter=Store

#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

namespace diorama {
namespace {

constexpr float kDt = 1.0f / 60.0f;

const TypeRegistry& builtins() {
    static const TypeRegistry* registry = [] {
        auto* r = new TypeRegistry;
        register_builtin_components(*r);
        return r;
    }();
    return *registry;
}

void fill(World& world, std::int64_t n, bool all_moving) {
    for (std::int64_t i = 0; i < n; ++i) {
        const Handle h = world.create();
        if (all_moving || (i & 1) == 0) world.add<Velocity>(h)->linear = {1.0f, 2.0f};
    }
}

// ---- iteration ----

void Store_IterateGroup(benchmark::State& state) {
    World world(builtins());
    fill(world, state.range(0), true);
    for (auto _ : state) {
        world.view<Transform2D, Velocity>().each(
            [](Transform2D& t, Velocity& v) { t.position += v.linear * kDt; });
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(Store_IterateGroup)->Arg(10'000)->Arg(100'000)->Arg(1'000'000);

void Store_IterateHalfMoving(benchmark::State& state) {
    World world(builtins());
    fill(world, state.range(0), false);
    for (auto _ : state) {
        world.view<Transform2D, Velocity>().each(
            [](Transform2D& t, Velocity& v) { t.position += v.linear * kDt; });
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0) / 2);
}
BENCHMARK(Store_IterateHalfMoving)->Arg(10'000)->Arg(100'000)->Arg(1'000'000);

void PlainArray_Iterate(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<Transform2D> transforms(n);
    std::vector<Velocity> velocities(n, Velocity{{1.0f, 2.0f}, 0.0f});
    for (auto _ : state) {
        for (std::size_t i = 0; i < n; ++i)
            transforms[i].position += velocities[i].linear * kDt;
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(PlainArray_Iterate)->Arg(10'000)->Arg(100'000)->Arg(1'000'000);

// ---- create ----

void Store_CreateWithVelocity(benchmark::State& state) {
    for (auto _ : state) {
        World world(builtins());
        fill(world, state.range(0), true);
        benchmark::DoNotOptimize(world.object_count());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(Store_CreateWithVelocity)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

// ---- random access ----

void Store_RandomGet(benchmark::State& state) {
    World world(builtins());
    std::vector<Handle> handles;
    for (std::int64_t i = 0; i < state.range(0); ++i)
        handles.push_back(world.create());
    std::shuffle(handles.begin(), handles.end(), std::mt19937(1));
    for (auto _ : state) {
        float sum = 0.0f;
        for (Handle h : handles)
            sum += world.get<Transform2D>(h)->position.x;
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(Store_RandomGet)->Arg(10'000)->Arg(100'000);

void PlainArray_RandomGather(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<Transform2D> transforms(n);
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), std::mt19937(1));
    for (auto _ : state) {
        float sum = 0.0f;
        for (std::uint32_t i : order)
            sum += transforms[i].position.x;
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(PlainArray_RandomGather)->Arg(10'000)->Arg(100'000);

// ---- churn ----

void Store_Churn(benchmark::State& state) {
    World world(builtins());
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<Handle> handles;
    for (std::size_t i = 0; i < n; ++i)
        handles.push_back(world.create());
    for (auto _ : state) {
        for (std::size_t i = 0; i < n; i += 2)
            world.destroy(handles[i]);
        world.flush();
        for (std::size_t i = 0; i < n; i += 2)
            handles[i] = world.create();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}
BENCHMARK(Store_Churn)->Arg(10'000)->Arg(100'000);

} // namespace
} // namespace diorama
