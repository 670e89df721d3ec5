// The spatial index: a 256 x 256 query among 1M objects against a brute-force scan of the same
// boxes, and keeping 100k moving objects indexed (the world's per-tick update, the grid alone,
// and a rebuild from scratch). Run: diorama_bench --benchmark_filter=Spatial

#include "scene_gen.h"

#include "diorama/components.h"
#include "diorama/spatial_grid.h"
#include "diorama/world.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

namespace diorama::bench {
namespace {

constexpr float kSpacing = 32.0f;        // one object per 32 x 32 world units on average
constexpr float kQuerySide = 256.0f;     // the queried area is kQuerySide squared
constexpr std::size_t kQueryAreas = 256; // distinct query rectangles cycled through
constexpr float kDt = 1.0f / 60.0f;

// A deterministic scatter: object i at a hashed position in a square holding n objects.
glm::vec2 scatter(std::size_t i, float side) {
    std::uint64_t z = (i + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    const auto x = static_cast<float>(z & 0xffffff) / static_cast<float>(1 << 24);
    const auto y = static_cast<float>((z >> 24) & 0xffffff) / static_cast<float>(1 << 24);
    return {x * side, y * side};
}

float side_for(std::size_t n) {
    return std::sqrt(static_cast<float>(n)) * kSpacing;
}

// n objects with an 8 x 8 (half extents 4..12) box Collider, and a Velocity when moving.
std::unique_ptr<World> scattered_world(std::size_t n, bool moving) {
    auto world = std::make_unique<World>(bounce_context().registry);
    const float side = side_for(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Handle h = world->create();
        world->get<Transform2D>(h)->position = scatter(i, side);
        world->add<Collider>(h)->half_extents = glm::vec2(4.0f + static_cast<float>(i % 9));
        if (moving) {
            const glm::vec2 dir = scatter(i + n, 2.0f) - glm::vec2(1.0f);
            world->add<Velocity>(h)->linear = 300.0f * dir;
        }
    }
    world->update_spatial();
    return world;
}

std::vector<Rect> query_areas(std::size_t n) {
    const float side = side_for(n) - kQuerySide;
    std::vector<Rect> areas;
    for (std::size_t i = 0; i < kQueryAreas; ++i) {
        const glm::vec2 min = scatter(i + 7 * n, side);
        areas.push_back(Rect{min, min + glm::vec2(kQuerySide)});
    }
    return areas;
}

// The 1M-object world shared by the query benchmarks (built once: it takes seconds).
const World& million_world() {
    static const std::unique_ptr<World> world = scattered_world(1'000'000, false);
    return *world;
}

// ---- query_rect ----

void query_world(benchmark::State& state) {
    const World& world = million_world();
    const std::vector<Rect> areas = query_areas(world.object_count());
    std::vector<Handle> out;
    std::size_t i = 0;
    std::size_t found = 0;
    for (auto _ : state) {
        out.clear();
        world.query_rect(areas[i++ % kQueryAreas], out);
        found += out.size();
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["found_per_query"] =
        static_cast<double>(found) / static_cast<double>(state.iterations());
}
BENCHMARK(query_world)->Name("Spatial/QueryRect/World")->Arg(1'000'000);

void query_grid(benchmark::State& state) {
    const World& world = million_world();
    const std::vector<Rect> areas = query_areas(world.object_count());
    std::vector<std::uint32_t> out;
    std::size_t i = 0;
    for (auto _ : state) {
        out.clear();
        world.spatial().query_rect(areas[i++ % kQueryAreas], out);
        benchmark::DoNotOptimize(out.data());
    }
}
BENCHMARK(query_grid)->Name("Spatial/QueryRect/Grid")->Arg(1'000'000);

// Every box tested in a contiguous array: the best a scan without an index can do.
void query_brute_force(benchmark::State& state) {
    const World& world = million_world();
    const std::vector<Rect> areas = query_areas(world.object_count());
    std::vector<Rect> boxes;
    for (std::uint32_t id = 0; id < world.slot_count(); ++id)
        boxes.push_back(world.spatial().box(id));
    std::vector<std::uint32_t> out;
    std::size_t i = 0;
    std::size_t found = 0;
    for (auto _ : state) {
        out.clear();
        const Rect& area = areas[i++ % kQueryAreas];
        for (std::size_t b = 0; b < boxes.size(); ++b)
            if (boxes[b].overlaps(area)) out.push_back(static_cast<std::uint32_t>(b));
        found += out.size();
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["found_per_query"] =
        static_cast<double>(found) / static_cast<double>(state.iterations());
}
BENCHMARK(query_brute_force)->Name("Spatial/QueryRect/BruteForce")->Arg(1'000'000);

// ---- keeping moving objects indexed ----

// One tick of motion (untimed), then World::update_spatial (timed): what a Simulation tick pays.
void update_world(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const std::unique_ptr<World> world = scattered_world(n, true);
    for (auto _ : state) {
        state.PauseTiming();
        world->view<Transform2D, Velocity>().each(
            [](Transform2D& t, const Velocity& v) { t.position += v.linear * kDt; });
        state.ResumeTiming();
        world->update_spatial();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(update_world)->Name("Spatial/Update/World")->Arg(100'000)->Unit(benchmark::kMicrosecond);

struct MovingBoxes {
    std::vector<Rect> boxes;
    std::vector<glm::vec2> velocities;

    explicit MovingBoxes(std::size_t n) {
        const float side = side_for(n);
        for (std::size_t i = 0; i < n; ++i) {
            boxes.push_back(
                Rect::from_center(scatter(i, side), glm::vec2(4.0f + static_cast<float>(i % 9))));
            velocities.push_back(300.0f * (scatter(i + n, 2.0f) - glm::vec2(1.0f)));
        }
    }
    void move() {
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            boxes[i].min += velocities[i] * kDt;
            boxes[i].max += velocities[i] * kDt;
        }
    }
};

// The grid alone: the same motion, each box set again.
void update_grid(benchmark::State& state) {
    MovingBoxes moving(static_cast<std::size_t>(state.range(0)));
    SpatialGrid grid;
    for (std::uint32_t i = 0; i < moving.boxes.size(); ++i)
        grid.set(i, moving.boxes[i]);
    for (auto _ : state) {
        state.PauseTiming();
        moving.move();
        state.ResumeTiming();
        for (std::uint32_t i = 0; i < moving.boxes.size(); ++i)
            grid.set(i, moving.boxes[i]);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(update_grid)->Name("Spatial/Update/Grid")->Arg(100'000)->Unit(benchmark::kMicrosecond);

// From nothing: every box inserted into an empty grid.
void rebuild_grid(benchmark::State& state) {
    MovingBoxes moving(static_cast<std::size_t>(state.range(0)));
    SpatialGrid grid;
    for (auto _ : state) {
        grid.clear();
        for (std::uint32_t i = 0; i < moving.boxes.size(); ++i)
            grid.set(i, moving.boxes[i]);
        benchmark::DoNotOptimize(grid.size());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(rebuild_grid)->Name("Spatial/Rebuild/Grid")->Arg(100'000)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace diorama::bench
