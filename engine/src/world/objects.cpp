// World: construction, object slots and guids, create and destroy, stats.

#include "diorama/world.h"

#include "diorama/log.h"
#include "diorama/type_registry.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <unordered_set>

namespace diorama {

namespace {

// What create() without a definition makes: a root object on layer 0.
const ObjectDef kDefaultObject{};

constexpr std::uint64_t kSplitmixIncrement = 0x9e3779b97f4a7c15ull;
constexpr std::uint64_t kSplitmixMultiplier1 = 0xbf58476d1ce4e5b9ull;
constexpr std::uint64_t kSplitmixMultiplier2 = 0x94d049bb133111ebull;

constexpr std::uint64_t splitmix64(std::uint64_t x) {
    x += kSplitmixIncrement;
    x = (x ^ (x >> 30)) * kSplitmixMultiplier1;
    x = (x ^ (x >> 27)) * kSplitmixMultiplier2;
    return x ^ (x >> 31);
}

// The inverse of multiplying by an odd number modulo 2^64 (Newton's iteration: each step doubles
// the correct low bits, from 3).
constexpr std::uint64_t inverse_multiplier(std::uint64_t odd) {
    std::uint64_t inverse = odd;
    for (int i = 0; i < 5; ++i)
        inverse *= 2 - odd * inverse;
    return inverse;
}

// x such that x ^ (x >> shift) == y.
constexpr std::uint64_t undo_xorshift(std::uint64_t y, int shift) {
    std::uint64_t x = y;
    for (int known = shift; known < 64; known += shift)
        x = y ^ (x >> shift);
    return x;
}

// x such that splitmix64(x) == y: splitmix64 is a bijection.
constexpr std::uint64_t splitmix64_inverse(std::uint64_t y) {
    std::uint64_t x = undo_xorshift(y, 31) * inverse_multiplier(kSplitmixMultiplier2);
    x = undo_xorshift(x, 27) * inverse_multiplier(kSplitmixMultiplier1);
    return undo_xorshift(x, 30) - kSplitmixIncrement;
}
static_assert(splitmix64_inverse(splitmix64(0)) == 0);
static_assert(splitmix64_inverse(splitmix64(0x243f6a8885a308d3ull)) == 0x243f6a8885a308d3ull);
static_assert(splitmix64(splitmix64_inverse(~0ull)) == ~0ull);

} // namespace

void detail::typed_access_before_static_init() {
    std::fputs("diorama: a typed component access (World::get<T>, add<T>, view<T>...) ran during "
               "static initialisation, before component ids are set\n",
               stderr);
    std::abort();
}

// ---- construction ----

namespace {

// Each world's tree revisions start at a multiple of 2^32 of their own (World::tree_revision).
std::atomic<std::uint64_t> g_worlds_made{0};

} // namespace

World::World(const TypeRegistry& registry, WorldDef def)
    : m_registry(&registry), m_def(std::move(def)), m_tree_changes(first_tree_revision()),
      m_null_guid_counter(splitmix64_inverse(m_def.guid_seed ^ splitmix64_inverse(0))),
      m_grid(m_def.spatial_cell_size) {
    m_layers.push_back(m_def.default_layer);
    m_transforms = &typed_pool<Transform2D>();
    set_hooks_enabled(true);
    if (registry.find<Transform2D>() && registry.find<Velocity>()) {
        [[maybe_unused]] auto grouped = group<Transform2D, Velocity>();
        assert(grouped.ok());
    }
}

World::~World() = default;

std::uint64_t World::first_tree_revision() {
    return (g_worlds_made.fetch_add(1, std::memory_order_relaxed) + 1) << 32;
}

void World::set_hooks_enabled(bool enabled) {
    m_hooks_enabled = enabled;
    list_hook_types();
}

void World::follow_registry() {
    if (m_hook_types_at != m_registry->revision()) [[unlikely]]
        list_hook_types();
}

void World::list_hook_types() {
    m_message_types.clear();
    m_destroy_types.clear();
    m_hook_types_at = m_registry->revision();
    if (!m_hooks_enabled) return;
    for (const TypeInfo* t : m_registry->types()) {
        if (t->hooks.on_message) m_message_types.push_back(t);
        if (t->hooks.on_destroy) m_destroy_types.push_back(t);
    }
}

// ---- objects ----

Guid World::generated_guid(std::uint64_t counter) const {
    return Guid{splitmix64(m_def.guid_seed ^ splitmix64(counter))};
}

Guid World::new_guid() {
    // splitmix64 is a bijection, so distinct counters give distinct guids: a generated guid can
    // only collide with an explicit one, and explicit guids are always in the index.
    for (;;) {
        const Guid g = generated_guid(next_guid_counter());
        if (!m_explicit_guids || !m_by_guid.contains(g)) return g;
    }
}

Guid World::guid_at(std::uint32_t index) const {
    const Record& r = m_records[index];
    return r.guid_pending ? generated_guid(r.guid.value) : r.guid;
}

void World::index_pending_guids() const {
    const auto slots = static_cast<std::uint32_t>(m_generation.size());
    if (m_unindexed.empty() && m_unindexed_from == slots) return;
    // The only step that can throw.
    m_by_guid.reserve(m_by_guid.size() + m_unindexed.size() + (slots - m_unindexed_from));
    const auto index_slot = [this](std::uint32_t i) {
        Record& r = const_cast<Record&>(m_records[i]);
        r.guid_queued = false;
        if ((m_generation[i] & kFreeBit) != 0 || r.guid_indexed) return;
        r.guid = guid_at(i);
        r.guid_pending = false;
        m_by_guid.insert(r.guid, i);
        r.guid_indexed = true;
    };
    for (const std::uint32_t i : m_unindexed)
        index_slot(i);
    for (std::uint32_t i = m_unindexed_from; i < slots; ++i)
        index_slot(i);
    m_unindexed.clear();
    m_unindexed_from = slots;
}

template <bool kDefault>
[[gnu::flatten]] Handle World::create_object(const ObjectDef& def, std::optional<Error>& error) {
    if constexpr (!kDefault) {
        if (def.layer >= m_layers.size())
            return fail(error,
                        make_error(ErrorCode::NotFound,
                                   "layer " + std::to_string(def.layer) + " does not exist"));
        if (!def.parent.is_null() && !alive(def.parent))
            return fail(error, make_error(ErrorCode::StaleHandle, "the parent handle is stale"));
    }
    if (m_free_slots.empty() && m_generation.size() >= kMaxGeneration)
        return fail(
            error, make_error(ErrorCode::Limit, "the world holds the most objects it can address"));

    // Every step that can run out of memory comes first, each undone if a later one fails, so a
    // failed create leaves the world exactly as it was.
    const bool reused = !m_free_slots.empty();
    const std::uint32_t index =
        reused ? m_free_slots.back() : static_cast<std::uint32_t>(m_generation.size());
    bool transform_added = false;
    bool guid_indexed = false;
    bool guid_queued = false; // the slot waits to be indexed
    bool guid_pushed = false; // ... in m_unindexed, pushed by this create
    bool guid_pending = false;
    Guid guid = kDefault ? Guid{} : def.guid;
    try {
        if (!guid.is_null()) {
            index_pending_guids();
            if (m_by_guid.contains(guid))
                return fail(error, make_error(ErrorCode::Duplicate,
                                              "guid " + to_string(guid) + " is already used"));
        }
        if (!reused) {
            m_records.push_back(Record{});
            m_generation.push_back(1u | kFreeBit);
            m_free_slots.reserve(m_generation.capacity()); // room to free every slot
            cover_marks();
        }
        m_transforms->emplace_typed(index, m_generation[index] & ~kFreeBit);
        transform_added = true;
        if (guid.is_null()) {
            // Until an explicit guid is used no generated one can collide, so only the counter
            // is kept: the guid is derived from it when asked for (the same value).
            guid_pending = !m_explicit_guids;
            guid = guid_pending ? Guid{next_guid_counter()} : new_guid();
            // A new slot waits among the slots made since the last indexing.
            if (!m_records[index].guid_queued) {
                if (reused) {
                    m_unindexed.push_back(index);
                    guid_pushed = true;
                }
                guid_queued = true;
            }
        } else {
            m_by_guid.insert(guid, index);
            guid_indexed = true;
        }
        if (m_roots_linked) cover_tree_links();
        if constexpr (!kDefault) {
            if (!def.parent.is_null()) cover_tree_links();
            if (!def.name.empty()) store_name(index, def.name);
        }
        // Nothing below allocates.
    } catch (const std::bad_alloc&) {
        if (guid_indexed) m_by_guid.erase(guid);
        if (guid_pushed) m_unindexed.pop_back();
        if (transform_added) m_transforms->erase(index);
        if (!reused) { // either push may have been the one that threw
            if (m_records.size() > index) m_records.pop_back();
            if (m_generation.size() > index) m_generation.pop_back();
        }
        return fail(error,
                    make_error(ErrorCode::OutOfMemory, "out of memory creating object " +
                                                           std::to_string(m_live_count + 1)));
    }
    // A new slot indexed at once needs no indexing pass: the next lookup starts after it.
    if (guid_indexed && !reused && m_unindexed_from == index) m_unindexed_from = index + 1;
    occupy_slot(index, reused, kDefault ? LayerId{0} : def.layer,
                NewGuid{guid, guid_pending, guid_indexed, guid_queued});
    if constexpr (!kDefault) {
        if (!def.parent.is_null()) link_parent(index, def.parent.index);
    }
    if (m_roots_linked && parent_slot(index) == kNone) link_parent(index, kNone);
    return announce_created(index);
}

void World::reserve(std::size_t more) {
    const std::size_t slots = m_live_count + more;
    m_generation.reserve(slots);
    m_records.reserve(slots);
    m_free_slots.reserve(m_generation.capacity());
    cover_marks();
    m_transforms->reserve(more, m_generation.size() + more);
    index_pending_guids();
    m_by_guid.reserve(m_by_guid.size() + more);
}

void World::reserve_components(ComponentId type, std::size_t more) {
    if (PoolBase* pool = pool_for(type)) pool->reserve(more, m_generation.capacity());
}

Handle World::fail(std::optional<Error>& error, Error reason) {
    error = std::move(reason);
    return kNullHandle;
}

[[gnu::flatten]] Handle World::create_reporting(const ObjectDef& def, std::optional<Error>& error) {
    return create_object<false>(def, error);
}

void World::report_out_of_memory(const char* what) {
    log_error(std::string(what) + ": out of memory");
}

Handle World::create_growing() {
    std::optional<Error> error;
    const Handle h = create_object<true>(kDefaultObject, error);
    if (error) [[unlikely]] {
        if (error->code == ErrorCode::OutOfMemory) throw std::bad_alloc();
        throw std::length_error("World::create: " + error->message);
    }
    return h;
}

bool World::destroying(Handle h) const {
    return alive(h) && marked(h.index);
}

void World::destroy(Handle h) {
    if (!check(h)) return;
    mark_destroy(h.index);
}

void World::mark_destroy(std::uint32_t index) {
    if (marked(index)) return;
    if (tree_links(index).first_child == kNone) { // no subtree: nothing to walk
        set_marked(index);
        m_pending_destroy.push_back(index);
        return;
    }
    // Iterative walk over the subtree, so deep hierarchies cannot overflow the stack.
    std::vector<std::uint32_t>& stack = m_destroy_stack;
    stack.assign(1, index);
    while (!stack.empty()) {
        const std::uint32_t i = stack.back();
        stack.pop_back();
        if (marked(i)) continue;
        set_marked(i);
        m_pending_destroy.push_back(i);
        for (std::uint32_t c = tree_links(i).first_child; c != kNone;
             c = m_tree_links[c].next_sibling)
            stack.push_back(c);
    }
}

std::size_t World::flush() {
    assert(m_view_depth == 0 && "flush() inside a view");
    std::size_t removed = 0;
    std::vector<std::uint32_t> batch;
    follow_registry();
    while (!m_pending_destroy.empty()) {
        batch.clear();
        batch.swap(m_pending_destroy);
        // 1. hooks, while every object of the batch is still whole (hooks may destroy more);
        // per object in registry order.
        if (!m_destroy_types.empty()) {
            for (std::uint32_t i : batch) {
                for (const TypeInfo* t : m_destroy_types) {
                    PoolBase* pool = t->id < m_pools.size() ? m_pools[t->id].get() : nullptr;
                    if (pool == nullptr) continue;
                    if (void* c = pool->find(i)) t->hooks.on_destroy(*this, handle_of(i), c);
                }
            }
        }
        // 2. storage, children before parents.
        std::reverse(batch.begin(), batch.end());
        erase_components(batch);
        for (const std::uint32_t i : batch) {
            unlink_parent(i);
            for (std::uint32_t c = tree_links(i).first_child;
                 c != kNone;) { // orphans (only when hooks re-parented)
                const std::uint32_t next = m_tree_links[c].next_sibling;
                unlink_parent(c);
                if (m_roots_linked) link_parent(c, kNone);
                c = next;
            }
            const Record& r = m_records[i];
            if (r.guid_indexed) m_by_guid.erase(r.guid);
            erase_name(i);
            m_grid.remove(i);
            free_slot(i);
            ++removed;
        }
    }
    batch.clear();
    m_pending_destroy.swap(batch); // the next frame's destroys fill the room this one's took
    return removed;
}

void World::free_slot(std::uint32_t index) {
    Record freed{};
    freed.guid_queued = m_records[index].guid_queued;
    m_records[index] = freed;
    m_marked[index / 64] &= ~(std::uint64_t{1} << (index % 64));
    const std::uint32_t next_generation = m_generation[index] + 1;
    --m_live_count;
    ++m_tree_changes;
    if (next_generation > kMaxGeneration) {
        m_generation[index] = kMaxGeneration | kFreeBit; // retired: never handed out again
        return;
    }
    m_generation[index] = next_generation | kFreeBit;
    assert(m_free_slots.size() < m_free_slots.capacity() && "freeing never allocates");
    m_free_slots.push_back(index);
}

void World::prefer_free_slots(std::span<const std::uint32_t> slots) {
    const std::vector<std::uint32_t> free_slots(m_free_slots.rbegin(), m_free_slots.rend());
    std::unordered_set<std::uint32_t> is_free(free_slots.begin(), free_slots.end());
    std::vector<std::uint32_t> order;
    order.reserve(free_slots.size());
    for (std::uint32_t slot : slots)
        if (is_free.erase(slot) != 0) order.push_back(slot); // erase: each slot once
    if (order.empty()) return;
    for (std::uint32_t slot : free_slots)
        if (is_free.contains(slot)) order.push_back(slot);
    m_free_slots.assign(order.rbegin(), order.rend()); // the first preferred slot is reused first
}

void World::clear() {
    each_object([this](Handle h) { mark_destroy(h.index); });
    flush();
    m_roots_linked = false; // an empty world's roots follow slots again
    m_root_links = TreeLinks{};
}

// ---- stats ----

Handle World::handle_at(std::uint32_t index) const {
    if (index >= m_generation.size() || (m_generation[index] & kFreeBit) != 0) return kNullHandle;
    return handle_of(index);
}

WorldStats World::stats() const {
    WorldStats s;
    s.objects = m_live_count;
    s.pending_destroy = m_pending_destroy.size();
    s.queued_messages = m_messages.size();
    s.dropped_messages = m_dropped_messages;
    s.stale_accesses = m_stale_accesses;
    return s;
}

std::size_t World::memory_bytes() const {
    std::size_t bytes = (m_generation.capacity() + m_parent.capacity() + m_free_slots.capacity()) *
                            sizeof(std::uint32_t) +
                        m_records.capacity() * sizeof(Record) +
                        m_tree_links.capacity() * sizeof(TreeLinks) +
                        m_tree_rank.capacity() * sizeof(std::uint32_t) +
                        m_marked.capacity() * sizeof(std::uint64_t);
    for (const PoolBase* p : m_pools_in_use)
        bytes += p->memory_bytes();
    bytes += m_by_guid.memory_bytes() + m_unindexed.capacity() * sizeof(std::uint32_t);
    bytes += m_names.memory_bytes();
    bytes += m_grid.memory_bytes() + m_transient.capacity() +
             m_query_ids.capacity() * sizeof(std::uint32_t);
    return bytes;
}

} // namespace diorama
