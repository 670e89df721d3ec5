// The object store against the physical limit (plain contiguous arrays of the same structs) and
// against the design notes' baselines and a sparse-set registry (tests/bench/baselines/), in the
// same run.
//
// Names: Store/<Op>/<Impl>/<N>, Impl one of Diorama, PlainArray, BaselineObjectStore,
// BaselineLinkedList, BaselineGroup, BaselineSparseSet. Counters: ns_per_op (CPU nanoseconds per
// object or per operation; Churn counts each destroy and each create as one operation),
// items_per_second, and bytes_per_object where storage is measured.
// Run: build/ci/bin/diorama_bench --benchmark_filter=^Store/ --benchmark_repetitions=5
//      --benchmark_report_aggregates_only=true

#include "baselines/group_baseline.h"
#include "baselines/linked_list_baseline.h"
#include "baselines/object_store_baseline.h"
#include "baselines/sparse_set_baseline.h"
#include "slow_rows.h"

#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <benchmark/benchmark.h>

#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

namespace diorama {

// A tag: a component without fields, marking the objects a system picks out.
struct BenchTag {};

template <>
TypeInfo describe<BenchTag>() {
    return TypeBuilder<BenchTag>("BenchTag").build();
}

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr glm::vec2 kVelocity{1.0f, 2.0f};
constexpr std::int64_t kBaselineN = 10'000;

const TypeRegistry& builtins() {
    static const TypeRegistry* registry = [] {
        auto* r = new TypeRegistry;
        register_builtin_components(*r);
        [[maybe_unused]] const Result<void> added = r->add<BenchTag>();
        return r;
    }();
    return *registry;
}

// Sets ns_per_op (CPU time / operations) and items_per_second for ops operations per iteration.
void report_ops(benchmark::State& state, std::int64_t ops_per_iteration) {
    state.SetItemsProcessed(state.iterations() * ops_per_iteration);
    state.counters["ns_per_op"] = benchmark::Counter(static_cast<double>(ops_per_iteration) * 1e-9,
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
}

// While alive, freed memory stays in the process heap (no mmap, no trim), so benchmarks that
// build and drop big structures every iteration measure the code, not first-touch page faults
// (several microseconds per 4 KiB page in this VM). glibc's defaults come back afterwards.
class KeepFreedMemory {
public:
    KeepFreedMemory() {
        mallopt(M_MMAP_MAX, 0);
        mallopt(M_TRIM_THRESHOLD, kNeverTrim);
    }
    ~KeepFreedMemory() {
        mallopt(M_MMAP_MAX, kDefaultMmapMax);
        mallopt(M_TRIM_THRESHOLD, kDefaultTrimThreshold);
    }
    KeepFreedMemory(const KeepFreedMemory&) = delete;
    KeepFreedMemory& operator=(const KeepFreedMemory&) = delete;

private:
    static constexpr int kNeverTrim = 0x7fffffff;
    static constexpr int kDefaultMmapMax = 65536;
    static constexpr int kDefaultTrimThreshold = 128 * 1024;
};

// A shuffled permutation of [0, n), the same for every implementation.
std::vector<std::uint32_t> shuffled_indices(std::size_t n) {
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), std::mt19937(1));
    return order;
}

glm::vec2 spread_position(std::int64_t i) {
    return {static_cast<float>(i % 1000) * 10.0f, static_cast<float>(i / 1000) * 10.0f};
}

// ---- Diorama ----

// n objects with Transform2D; every one (or every second one) with Velocity.
std::vector<Handle> fill(World& world, std::int64_t n, bool all_moving) {
    std::vector<Handle> handles;
    handles.reserve(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        const Handle h = world.create();
        world.get<Transform2D>(h)->position = spread_position(i);
        if (all_moving || (i & 1) == 0) world.add<Velocity>(h)->linear = kVelocity;
        handles.push_back(h);
    }
    return handles;
}

void diorama_create(benchmark::State& state) {
    const KeepFreedMemory keep;
    const std::int64_t n = state.range(0);
    std::size_t bytes = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto world = std::make_unique<World>(builtins());
        state.ResumeTiming();
        for (std::int64_t i = 0; i < n; ++i)
            world->add<Velocity>(world->create())->linear = kVelocity;
        state.PauseTiming();
        bytes = world->memory_bytes();
        world.reset();
        state.ResumeTiming();
    }
    report_ops(state, n);
    state.counters["bytes_per_object"] = static_cast<double>(bytes) / static_cast<double>(n);
}

void diorama_iterate(benchmark::State& state, bool all_moving) {
    World world(builtins());
    fill(world, state.range(0), all_moving);
    for (auto _ : state) {
        world.view<Transform2D, Velocity>().each(
            [](Transform2D& t, const Velocity& v) { t.position += v.linear * kDt; });
        benchmark::ClobberMemory();
    }
    report_ops(state, static_cast<std::int64_t>(world.count<Velocity>()));
}

// Every object moves; a random half carries BenchTag, and the view visits the tagged half.
// nested: the tagged objects form a group nested in the built-in Transform2D + Velocity one.
void diorama_iterate_tagged(benchmark::State& state, bool nested) {
    World world(builtins());
    if (nested && !world.group<Transform2D, Velocity, BenchTag>().ok())
        return state.SkipWithError("the nested group was refused");
    const std::vector<Handle> handles = fill(world, state.range(0), true);
    std::mt19937 rng(7);
    for (Handle h : handles)
        if (rng() & 1u) world.add<BenchTag>(h);
    for (auto _ : state) {
        world.view<Transform2D, Velocity, BenchTag>().each(
            [](Transform2D& t, const Velocity& v, BenchTag&) { t.position += v.linear * kDt; });
        benchmark::ClobberMemory();
    }
    report_ops(state, static_cast<std::int64_t>(world.count<BenchTag>()));
}

void diorama_random_get(benchmark::State& state) {
    World world(builtins());
    const std::vector<Handle> created = fill(world, state.range(0), true);
    std::vector<Handle> handles;
    for (std::uint32_t i : shuffled_indices(created.size()))
        handles.push_back(created[i]);
    for (auto _ : state) {
        float sum = 0.0f;
        for (Handle h : handles)
            sum += world.get<Transform2D>(h)->position.x;
        benchmark::DoNotOptimize(sum);
    }
    report_ops(state, state.range(0));
}

void diorama_destroy(benchmark::State& state) {
    const KeepFreedMemory keep;
    const std::int64_t n = state.range(0);
    for (auto _ : state) {
        state.PauseTiming();
        auto world = std::make_unique<World>(builtins());
        const std::vector<Handle> handles = fill(*world, n, true);
        state.ResumeTiming();
        for (Handle h : handles)
            world->destroy(h);
        world->flush();
        state.PauseTiming();
        world.reset();
        state.ResumeTiming();
    }
    report_ops(state, n);
}

// 0, 2, 4, ... below n: every second position, the half Store/Churn replaces in order.
std::vector<std::uint32_t> every_second(std::size_t n) {
    std::vector<std::uint32_t> picked;
    for (std::uint32_t i = 0; i < n; i += 2)
        picked.push_back(i);
    return picked;
}

// A random half of the positions below n, in random order (Store/ChurnShuffled).
std::vector<std::uint32_t> random_half(std::size_t n) {
    std::vector<std::uint32_t> picked = shuffled_indices(n);
    picked.resize(n / 2);
    return picked;
}

// Per iteration: destroys the objects at the picked positions of handles, then creates as many
// again from def (each with a Velocity, as the others have), reusing their slots.
void churn(benchmark::State& state, World& world, std::vector<Handle>& handles,
           const ObjectDef& def, const std::vector<std::uint32_t>& picked) {
    for (auto _ : state) {
        for (std::uint32_t i : picked)
            world.destroy(handles[i]);
        world.flush();
        for (std::uint32_t i : picked) {
            handles[i] = world.create(def).value();
            world.add<Velocity>(handles[i])->linear = kVelocity;
        }
    }
    report_ops(state, static_cast<std::int64_t>(2 * picked.size())); // destroys + creates
}

void diorama_churn(benchmark::State& state, bool shuffled) {
    World world(builtins());
    std::vector<Handle> handles = fill(world, state.range(0), true);
    churn(state, world, handles, ObjectDef{},
          shuffled ? random_half(handles.size()) : every_second(handles.size()));
}

// Churn where every object has the same name, as spawned prefab instances do ("Bullet"):
// naming and unnaming must not cost more with more objects of that name.
void diorama_churn_named(benchmark::State& state) {
    World world(builtins());
    ObjectDef def;
    def.name = "Bullet";
    std::vector<Handle> handles;
    for (std::int64_t i = 0; i < state.range(0); ++i) {
        handles.push_back(world.create(def).value());
        world.add<Velocity>(handles.back())->linear = kVelocity;
    }
    churn(state, world, handles, def, every_second(handles.size()));
}

// ---- plain arrays: the physical limit ----

struct PlainArrays {
    std::vector<Transform2D> transforms;
    std::vector<Velocity> velocities;
};

PlainArrays plain_fill(std::int64_t n, std::int64_t moving) {
    PlainArrays a;
    for (std::int64_t i = 0; i < n; ++i)
        a.transforms.push_back(Transform2D{spread_position(i), 0.0f, glm::vec2(1.0f)});
    a.velocities.assign(static_cast<std::size_t>(moving), Velocity{kVelocity, 0.0f});
    return a;
}

void plain_create(benchmark::State& state) {
    const KeepFreedMemory keep;
    const std::int64_t n = state.range(0);
    for (auto _ : state) {
        auto a = std::make_unique<PlainArrays>();
        for (std::int64_t i = 0; i < n; ++i) {
            a->transforms.emplace_back();
            a->velocities.emplace_back().linear = kVelocity;
        }
        benchmark::DoNotOptimize(a->transforms.data());
        state.PauseTiming();
        a.reset();
        state.ResumeTiming();
    }
    report_ops(state, n);
    state.counters["bytes_per_object"] =
        static_cast<double>(sizeof(Transform2D) + sizeof(Velocity));
}

// The movers are the first `moving` transforms, paired with velocities[0, moving).
void plain_iterate(benchmark::State& state, bool all_moving) {
    const std::int64_t n = state.range(0);
    const std::int64_t moving = all_moving ? n : (n + 1) / 2;
    PlainArrays a = plain_fill(n, moving);
    for (auto _ : state) {
        Transform2D* t = a.transforms.data();
        const Velocity* v = a.velocities.data();
        for (std::int64_t i = 0; i < moving; ++i)
            t[i].position += v[i].linear * kDt;
        benchmark::ClobberMemory();
    }
    report_ops(state, moving);
}

void plain_random_gather(benchmark::State& state) {
    const PlainArrays a = plain_fill(state.range(0), state.range(0));
    const std::vector<std::uint32_t> order = shuffled_indices(a.transforms.size());
    for (auto _ : state) {
        float sum = 0.0f;
        for (std::uint32_t i : order)
            sum += a.transforms[i].position.x;
        benchmark::DoNotOptimize(sum);
    }
    report_ops(state, state.range(0));
}

void plain_destroy(benchmark::State& state) {
    const KeepFreedMemory keep;
    const std::int64_t n = state.range(0);
    for (auto _ : state) {
        state.PauseTiming();
        PlainArrays a = plain_fill(n, n);
        state.ResumeTiming();
        for (std::int64_t i = 0; i < n; ++i) {
            a.transforms.pop_back();
            a.velocities.pop_back();
        }
        benchmark::DoNotOptimize(a.transforms.data());
    }
    report_ops(state, n);
}

// Slot arrays with a free list: destroy pushes the slot, create pops it and resets the structs.
void plain_churn(benchmark::State& state, bool shuffled) {
    const auto n = static_cast<std::size_t>(state.range(0));
    PlainArrays a = plain_fill(state.range(0), state.range(0));
    const std::vector<std::uint32_t> picked = shuffled ? random_half(n) : every_second(n);
    std::vector<std::uint32_t> free_slots;
    free_slots.reserve(n);
    std::vector<std::uint32_t> ids(n);
    std::iota(ids.begin(), ids.end(), 0u);
    for (auto _ : state) {
        for (std::uint32_t i : picked)
            free_slots.push_back(ids[i]);
        for (std::uint32_t i : picked) {
            const std::uint32_t slot = free_slots.back();
            free_slots.pop_back();
            a.transforms[slot] = Transform2D{};
            a.velocities[slot] = Velocity{kVelocity, 0.0f};
            ids[i] = slot;
        }
        benchmark::DoNotOptimize(a.transforms.data());
    }
    report_ops(state, static_cast<std::int64_t>(2 * picked.size()));
}

// ---- design-note baselines (tests/bench/baselines/) ----

using baseline::FixedObjectStore;
using baseline::Group;
using baseline::LinkedListObjects;

template <class Objects>
std::vector<int> baseline_fill(Objects& objects, std::int64_t n) {
    std::vector<int> ids;
    for (std::int64_t i = 0; i < n; ++i)
        ids.push_back(objects.add(Objects::kMoving));
    return ids;
}

void object_store_iterate(benchmark::State& state) {
    FixedObjectStore store(static_cast<int>(state.range(0)));
    for (int id : baseline_fill(store, state.range(0))) {
        store.get(id)->transform.position = spread_position(id);
        store.get(id)->velocity.linear = kVelocity;
    }
    for (auto _ : state) {
        store.update_all(kDt);
        benchmark::ClobberMemory();
    }
    report_ops(state, state.range(0));
}

void object_store_random_get(benchmark::State& state) {
    FixedObjectStore store(static_cast<int>(state.range(0)));
    const std::vector<int> ids = baseline_fill(store, state.range(0));
    const std::vector<std::uint32_t> order = shuffled_indices(ids.size());
    for (auto _ : state) {
        float sum = 0.0f;
        for (std::uint32_t i : order)
            sum += store.get(ids[i])->transform.position.x;
        benchmark::DoNotOptimize(sum);
    }
    report_ops(state, state.range(0));
}

void object_store_churn(benchmark::State& state) {
    FixedObjectStore store(static_cast<int>(state.range(0)));
    std::vector<int> ids = baseline_fill(store, state.range(0));
    for (auto _ : state) {
        for (std::size_t i = 0; i < ids.size(); i += 2)
            store.remove(ids[i]);
        for (std::size_t i = 0; i < ids.size(); i += 2) {
            ids[i] = store.add(FixedObjectStore::kMoving);
            store.get(ids[i])->velocity.linear = kVelocity;
        }
    }
    report_ops(state, static_cast<std::int64_t>(ids.size()));
}

void linked_list_iterate(benchmark::State& state) {
    LinkedListObjects list;
    for (int id : baseline_fill(list, state.range(0))) {
        list.find(id)->transform.position = spread_position(id);
        list.find(id)->velocity.linear = kVelocity;
    }
    for (auto _ : state) {
        list.update_all(kDt);
        benchmark::ClobberMemory();
    }
    report_ops(state, state.range(0));
}

void linked_list_random_get(benchmark::State& state) {
    LinkedListObjects list;
    const std::vector<int> ids = baseline_fill(list, state.range(0));
    const std::vector<std::uint32_t> order = shuffled_indices(ids.size());
    for (auto _ : state) {
        float sum = 0.0f;
        for (std::uint32_t i : order)
            sum += list.find(ids[i])->transform.position.x;
        benchmark::DoNotOptimize(sum);
    }
    report_ops(state, state.range(0));
}

void linked_list_churn(benchmark::State& state) {
    LinkedListObjects list;
    std::vector<int> ids = baseline_fill(list, state.range(0));
    for (auto _ : state) {
        for (std::size_t i = 0; i < ids.size(); i += 2)
            list.destroy(ids[i]);
        list.cleanup();
        for (std::size_t i = 0; i < ids.size(); i += 2)
            ids[i] = list.add(LinkedListObjects::kMoving);
    }
    report_ops(state, static_cast<std::int64_t>(ids.size()));
}

void group_iterate(benchmark::State& state) {
    Group group;
    for (int id : baseline_fill(group, state.range(0))) {
        group.get(id)->transform.position = spread_position(id);
        group.get(id)->velocity.linear = kVelocity;
    }
    for (auto _ : state) {
        group.update_all(kDt);
        benchmark::DoNotOptimize(group.bucket_count());
    }
    report_ops(state, state.range(0));
}

void group_random_get(benchmark::State& state) {
    Group group;
    const std::vector<int> ids = baseline_fill(group, state.range(0));
    const std::vector<std::uint32_t> order = shuffled_indices(ids.size());
    for (auto _ : state) {
        float sum = 0.0f;
        for (std::uint32_t i : order)
            sum += group.get(ids[i])->transform.position.x;
        benchmark::DoNotOptimize(sum);
    }
    report_ops(state, state.range(0));
}

void group_churn(benchmark::State& state) {
    Group group;
    std::vector<int> ids = baseline_fill(group, state.range(0));
    for (auto _ : state) {
        for (std::size_t i = 0; i < ids.size(); i += 2)
            group.remove(ids[i]);
        for (std::size_t i = 0; i < ids.size(); i += 2) {
            ids[i] = group.add(Group::kMoving);
            group.get(ids[i])->velocity.linear = kVelocity;
        }
    }
    report_ops(state, static_cast<std::int64_t>(ids.size()));
}

// ---- a registry of sparse sets, EnTT's layout (tests/bench/baselines/sparse_set_baseline.h) ----

using baseline::Entity;
using baseline::SparseSetRegistry;

// A new entity with a Transform2D at position and a moving Velocity, as Diorama's objects have.
Entity sparse_set_spawn(SparseSetRegistry& registry, glm::vec2 position) {
    const Entity e = registry.create();
    registry.storage<Transform2D>().emplace(e).position = position;
    registry.storage<Velocity>().emplace(e).linear = kVelocity;
    return e;
}

void sparse_set_create(benchmark::State& state) {
    const KeepFreedMemory keep;
    const std::int64_t n = state.range(0);
    for (auto _ : state) {
        state.PauseTiming();
        auto registry = std::make_unique<SparseSetRegistry>();
        state.ResumeTiming();
        for (std::int64_t i = 0; i < n; ++i)
            sparse_set_spawn(*registry, glm::vec2(0.0f));
        state.PauseTiming();
        registry.reset();
        state.ResumeTiming();
    }
    report_ops(state, n);
}

std::vector<Entity> sparse_set_fill(SparseSetRegistry& registry, std::int64_t n) {
    std::vector<Entity> entities;
    entities.reserve(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        entities.push_back(sparse_set_spawn(registry, spread_position(i)));
    return entities;
}

void sparse_set_destroy(benchmark::State& state) {
    const KeepFreedMemory keep;
    const std::int64_t n = state.range(0);
    for (auto _ : state) {
        state.PauseTiming();
        auto registry = std::make_unique<SparseSetRegistry>();
        const std::vector<Entity> entities = sparse_set_fill(*registry, n);
        state.ResumeTiming();
        for (Entity e : entities)
            registry->destroy(e);
        state.PauseTiming();
        registry.reset();
        state.ResumeTiming();
    }
    report_ops(state, n);
}

// Store/Churn's work (every second entity in order) or Store/ChurnShuffled's (a random half).
void sparse_set_churn(benchmark::State& state, bool shuffled) {
    SparseSetRegistry registry;
    std::vector<Entity> entities = sparse_set_fill(registry, state.range(0));
    const std::vector<std::uint32_t> picked =
        shuffled ? random_half(entities.size()) : every_second(entities.size());
    for (auto _ : state) {
        for (std::uint32_t i : picked)
            registry.destroy(entities[i]);
        for (std::uint32_t i : picked)
            entities[i] = sparse_set_spawn(registry, glm::vec2(0.0f));
        benchmark::ClobberMemory();
    }
    report_ops(state, static_cast<std::int64_t>(2 * picked.size())); // destroys + creates
}

// ---- registration ----

void sizes(benchmark::internal::Benchmark* b) {
    b->Arg(10'000)->Arg(100'000)->Arg(1'000'000);
}

void register_store_benchmarks() {
    using benchmark::RegisterBenchmark;
    RegisterBenchmark("Store/Create/Diorama", diorama_create)->Apply(sizes);
    RegisterBenchmark("Store/Create/PlainArray", plain_create)->Apply(sizes);
    RegisterBenchmark("Store/Iterate/Diorama", diorama_iterate, true)->Apply(sizes);
    RegisterBenchmark("Store/Iterate/PlainArray", plain_iterate, true)->Apply(sizes);
    RegisterBenchmark("Store/IterateHalf/Diorama", diorama_iterate, false)->Apply(sizes);
    RegisterBenchmark("Store/IterateHalf/PlainArray", plain_iterate, false)->Apply(sizes);
    RegisterBenchmark("Store/IterateTagged/Diorama", diorama_iterate_tagged, true)->Apply(sizes);
    RegisterBenchmark("Store/IterateTagged/DioramaUngrouped", diorama_iterate_tagged, false)
        ->Apply(sizes);
    RegisterBenchmark("Store/IterateTagged/PlainArray", plain_iterate, false)->Apply(sizes);
    RegisterBenchmark("Store/RandomGet/Diorama", diorama_random_get)->Apply(sizes);
    RegisterBenchmark("Store/RandomGet/PlainArray", plain_random_gather)->Apply(sizes);
    RegisterBenchmark("Store/Destroy/Diorama", diorama_destroy)->Apply(sizes);
    RegisterBenchmark("Store/Destroy/PlainArray", plain_destroy)->Apply(sizes);
    RegisterBenchmark("Store/Churn/Diorama", diorama_churn, false)->Apply(sizes);
    RegisterBenchmark("Store/Churn/PlainArray", plain_churn, false)->Apply(sizes);
    RegisterBenchmark("Store/ChurnShuffled/Diorama", diorama_churn, true)->Apply(sizes);
    RegisterBenchmark("Store/ChurnShuffled/PlainArray", plain_churn, true)->Apply(sizes);
    RegisterBenchmark("Store/ChurnNamed/Diorama", diorama_churn_named)->Apply(sizes);
    RegisterBenchmark("Store/Create/BaselineSparseSet", sparse_set_create)->Apply(sizes);
    RegisterBenchmark("Store/Destroy/BaselineSparseSet", sparse_set_destroy)->Apply(sizes);
    RegisterBenchmark("Store/Churn/BaselineSparseSet", sparse_set_churn, false)->Apply(sizes);
    RegisterBenchmark("Store/ChurnShuffled/BaselineSparseSet", sparse_set_churn, true)
        ->Apply(sizes);

    RegisterBenchmark("Store/Iterate/BaselineObjectStore", object_store_iterate)->Arg(kBaselineN);
    RegisterBenchmark("Store/RandomGet/BaselineObjectStore", object_store_random_get)
        ->Arg(kBaselineN);
    RegisterBenchmark("Store/Churn/BaselineObjectStore", object_store_churn)->Arg(kBaselineN);
    RegisterBenchmark("Store/Iterate/BaselineLinkedList", linked_list_iterate)->Arg(kBaselineN);
    RegisterBenchmark("Store/RandomGet/BaselineLinkedList", linked_list_random_get)
        ->Arg(kBaselineN)
        ->MinTime(bench::kSlowRowMinSeconds);
    RegisterBenchmark("Store/Churn/BaselineLinkedList", linked_list_churn)
        ->Arg(kBaselineN)
        ->MinTime(bench::kSlowRowMinSeconds);
    RegisterBenchmark("Store/Iterate/BaselineGroup", group_iterate)->Arg(kBaselineN);
    RegisterBenchmark("Store/RandomGet/BaselineGroup", group_random_get)->Arg(kBaselineN);
    RegisterBenchmark("Store/Churn/BaselineGroup", group_churn)->Arg(kBaselineN);
}

const bool kRegistered = (register_store_benchmarks(), true);

} // namespace
} // namespace diorama
