#pragma once
// World's inline code: the hot paths (create, add, get, group joins) kept out of world.h so it
// reads as a manual. Included at the end of world.h; include that, not this.

#include "diorama/world.h"
#include "diorama/world/detail/component_id.h"

#include <algorithm>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

namespace diorama {

// ---- objects ----

inline bool World::check(Handle h) const {
    if (alive(h)) return true;
    if (!h.is_null()) ++m_stale_accesses;
    return false;
}

inline Handle World::handle_of(std::uint32_t index) const {
    return Handle{index, m_generation[index]};
}

// Inline: the renderer and picking ask for every object in view, every frame.
inline LayerId World::layer(Handle h) const {
    return check(h) ? m_records[h.index].layer : 0;
}

inline std::uint32_t World::tree_rank(Handle h) const {
    if (!check(h)) return 0;
    if (m_ranked_at != m_tree_changes) [[unlikely]]
        rank_tree();
    return m_tree_rank[h.index];
}

inline Handle World::parent(Handle h) const {
    if (!check(h)) return kNullHandle;
    const std::uint32_t p = parent_slot(h.index);
    return p == kNone ? kNullHandle : handle_of(p);
}

template <class F>
void World::each_object(F&& f) const {
    for (std::uint32_t i = 0; i < m_generation.size(); ++i)
        if ((m_generation[i] & kFreeBit) == 0) f(handle_of(i));
}

inline bool World::room_to_create(std::uint32_t index, bool reused) const {
    const auto has_room = [](const auto& v) { return v.size() != v.capacity(); };
    return !m_explicit_guids && !m_roots_linked && m_transforms->fits_without_growing(index) &&
           (reused ? m_records[index].guid_queued || has_room(m_unindexed)
                   : has_room(m_generation) && has_room(m_records) &&
                         m_free_slots.capacity() > m_generation.size() &&
                         m_marked.size() * 64 > m_generation.size() &&
                         m_generation.size() < kMaxGeneration);
}

DIORAMA_HOT_INLINE void World::prefetch_slot(std::uint32_t index) const {
    prefetch_line(&m_records[index]);
    prefetch_line(&m_generation[index]);
    m_transforms->prefetch_entry(index);
}

DIORAMA_HOT_INLINE void World::occupy_slot(std::uint32_t index, bool reused, LayerId layer,
                                           const NewGuid& guid) {
    Record& r = m_records[index];
    if (reused) m_free_slots.pop_back();
    r.guid = guid.guid;
    r.guid_pending = guid.pending;
    r.set_layer(layer);
    r.guid_indexed = guid.indexed;
    r.guid_queued = r.guid_queued || guid.queued;
    m_explicit_guids = m_explicit_guids || guid.indexed;
    m_generation[index] &= ~kFreeBit;
    ++m_live_count;
    ++m_tree_changes;
}

DIORAMA_HOT_INLINE Handle World::announce_created(std::uint32_t index) {
    // A new object has only its Transform2D, so it cannot complete an owned group yet.
    if (const TypeInfo* t = cached_info(*m_transforms);
        t != nullptr && t->hooks.on_create && m_hooks_enabled) [[unlikely]]
        t->hooks.on_create(*this, handle_of(index), m_transforms->get(index));
    return handle_of(index);
}

inline std::uint64_t World::next_guid_counter() {
    if (++m_guid_counter == m_null_guid_counter) [[unlikely]]
        ++m_guid_counter;
    return m_guid_counter;
}

DIORAMA_HOT_INLINE Handle World::create() {
    // Inline only the common case: nothing must grow and generated guids need no check.
    const bool reused = !m_free_slots.empty();
    const std::uint32_t index =
        reused ? m_free_slots.back() : static_cast<std::uint32_t>(m_generation.size());
    if (!room_to_create(index, reused)) [[unlikely]]
        return create_growing();
    // A new slot waits to be indexed among the slots made since the last indexing; a reused one
    // is queued unless it still is from before.
    bool queue = true;
    if (!reused) {
        m_records.push_back(Record{});
        m_generation.push_back(1u | kFreeBit);
    } else {
        if (m_free_slots.size() > kPrefetchSlotsAhead)
            prefetch_slot(m_free_slots[m_free_slots.size() - 1 - kPrefetchSlotsAhead]);
        queue = !m_records[index].guid_queued;
        if (queue) m_unindexed.push_back(index);
    }
    m_transforms->emplace_typed(index, m_generation[index] & ~kFreeBit);
    occupy_slot(index, reused, LayerId{0}, NewGuid{Guid{next_guid_counter()}, true, false, queue});
    return announce_created(index);
}

inline Result<Handle> World::create(const ObjectDef& def) {
    // A definition that asks for nothing takes create()'s inline path when nothing must grow.
    if (def.name.empty() && def.layer == 0 && def.parent.is_null() && def.guid.is_null()) {
        const bool reused = !m_free_slots.empty();
        if (room_to_create(reused ? m_free_slots.back()
                                  : static_cast<std::uint32_t>(m_generation.size()),
                           reused))
            return create();
    }
    std::optional<Error> error;
    const Handle h = create_reporting(def, error);
    if (error) [[unlikely]]
        return std::move(*error);
    return h;
}

// ---- hierarchy ----

inline World::TreeLinks World::tree_links(std::uint32_t index) const {
    return index < m_tree_links.size() ? m_tree_links[index] : TreeLinks{};
}

// ---- components ----

template <class T>
DIORAMA_HOT_INLINE Pool<T>* World::find_typed_pool() const {
    // Every object's Transform2D pool is kept at hand: no table lookup for the commonest type.
    if constexpr (std::is_same_v<T, Transform2D>) return m_transforms;
    const ComponentId id = detail::hot_component_id<T>();
    if (id >= m_pools.size()) return nullptr;
    return static_cast<Pool<T>*>(m_pools[id].get());
}

template <class T>
Pool<T>& World::typed_pool() {
    const ComponentId id = component_id<T>();
    if (id < m_pools.size() && m_pools[id]) return static_cast<Pool<T>&>(*m_pools[id]);
    return static_cast<Pool<T>&>(adopt_pool(id, std::make_unique<Pool<T>>()));
}

inline const TypeInfo* World::cached_info(PoolBase& pool) const {
    if (!pool.info_cached) [[unlikely]]
        cache_info(pool);
    return pool.info;
}

DIORAMA_HOT_INLINE void World::after_add(std::uint32_t entity, PoolBase& pool, void* component) {
    if (pool.group >= 0) {
        if (m_view_depth > 0) [[unlikely]]
            defer_join(pool.group, entity);
        else
            join_group(entity, pool.group);
    }
    if (const TypeInfo* t = cached_info(pool);
        t != nullptr && t->hooks.on_create && m_hooks_enabled) [[unlikely]]
        t->hooks.on_create(*this, handle_of(entity), component);
}

template <class T>
DIORAMA_HOT_INLINE T* World::add(Handle h) {
    // Inline only the common case: a live object without a T, and room for one in the pool.
    Pool<T>* pool = find_typed_pool<T>();
    if (pool == nullptr || !alive(h) || !pool->fits_without_growing(h.index)) [[unlikely]]
        return add_slow<T>(h);
    T* c = &pool->emplace_typed(h.index, h.generation);
    after_add(h.index, *pool, c);
    return c;
}

template <class T>
T* World::add_slow(Handle h) {
    if (!check(h)) return nullptr;
    Pool<T>* pool_ptr = find_typed_pool<T>();
    if (pool_ptr == nullptr) {
        try {
            pool_ptr = &typed_pool<T>();
        } catch (const std::bad_alloc&) {
            report_out_of_memory("add component");
            return nullptr;
        }
    }
    Pool<T>& pool = *pool_ptr;
    if (T* existing = pool.get(h.index)) {
        std::erase(m_deferred_removals, std::pair{pool.id(), h.index}); // re-adding cancels
        return existing;
    }
    T* c = nullptr;
    try {
        c = &pool.emplace_typed(h.index, h.generation);
    } catch (const std::bad_alloc&) {
        report_out_of_memory("add component");
        return nullptr;
    }
    after_add(h.index, pool, c);
    return c;
}

template <class T>
DIORAMA_HOT_INLINE T* World::get(Handle h) {
    // The pool's sparse entry carries the owner's generation: one load checks the handle and
    // finds the component's position (no null test after it: a matching entry always holds a
    // component). Only a miss looks at the slot table (to count stale handles).
    if (Pool<T>* pool = find_typed_pool<T>(); pool != nullptr && pool->holds(h.index, h.generation))
        return pool->held(h.index);
    (void)check(h);
    return nullptr;
}

template <class T>
const T* World::get(Handle h) const {
    return const_cast<World*>(this)->get<T>(h);
}

template <class T>
std::size_t World::count() const {
    const Pool<T>* pool = find_typed_pool<T>();
    return pool ? pool->size() : 0;
}

template <class T>
std::span<Handle> World::handles_with() {
    const PoolBase* const p = pool(component_id<T>());
    if (p == nullptr) return {};
    std::span<Handle> out = m_transient.make_array<Handle>(p->size());
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = handle_at(p->entities()[i]);
    return out;
}

// ---- groups ----

DIORAMA_HOT_INLINE void World::join_group(std::uint32_t entity, int group) {
    Group& g = m_groups[static_cast<std::size_t>(group)];
    for (const PoolBase* p : g.pools)
        if (p->size() != g.size + 1 || p->entities().back() != entity) [[unlikely]]
            return join_groups(entity, group);
    ++g.size;
    if (g.inner >= 0) [[unlikely]]
        join_groups(entity, g.inner);
}

inline bool World::in_group(std::uint32_t entity, const Group& g) const {
    const PoolBase& first = *g.pools.front();
    return first.contains(entity) && first.position(entity) < g.size;
}

template <class... P>
const World::Group* World::group_owning(const P*... pools) const {
    // Groups nested later have higher indexes: the innermost is the pools' highest.
    const int first = std::get<0>(std::tuple{pools...})->group;
    if (first < 0) return nullptr;
    const int chain = m_groups[static_cast<std::size_t>(first)].chain;
    int innermost = first;
    const auto in_chain = [&](int g) {
        if (g < 0 || m_groups[static_cast<std::size_t>(g)].chain != chain) return false;
        innermost = std::max(innermost, g);
        return true;
    };
    if (!(in_chain(pools->group) && ...)) return nullptr;
    const Group& group = m_groups[static_cast<std::size_t>(innermost)];
    return group.types.size() == sizeof...(P) ? &group : nullptr;
}

inline bool World::has_deferred() const {
    return !m_deferred_removals.empty() || !m_deferred_joins.empty();
}

inline World::ViewLock::ViewLock(World& w) : world(w) {
    ++world.m_view_depth;
}

inline World::ViewLock::~ViewLock() {
    if (--world.m_view_depth == 0 && world.has_deferred()) [[unlikely]]
        world.apply_deferred();
}

} // namespace diorama
