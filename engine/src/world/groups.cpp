// World: owned groups, and the changes a running view defers.

#include "diorama/world.h"

#include "diorama/type_registry.h"

#include <span>
#include <utility>

namespace diorama {

namespace {

// Moves entity's component to dense position pos in each pool (swapping with the one there).
// Out of line: joining a group usually needs no swap, and this keeps that path short.
[[gnu::noinline]] void swap_to_position(std::span<PoolBase* const> pools, std::uint32_t entity,
                                        std::uint32_t pos) {
    for (PoolBase* p : pools)
        if (const std::uint32_t at = p->position(entity); at != pos) p->swap_positions(at, pos);
}

} // namespace

// ---- groups ----

void World::join_group_if_complete(std::uint32_t entity, Group& g) {
    // Members sit at positions [0, size) of every pool of the group, others after them.
    // A new object's components usually sit at the end already: then one pass does it.
    const std::uint32_t end = g.size;
    bool at_end = true;
    for (const PoolBase* p : g.pools) {
        if (!p->contains(entity)) return;
        const std::uint32_t pos = p->position(entity);
        if (pos < end) return;
        at_end = at_end && pos == end;
    }
    if (!at_end) swap_to_position(g.pools, entity, end);
    ++g.size;
}

void World::leave_group(std::uint32_t entity, Group& g) {
    --g.size;
    swap_to_position(g.pools, entity, g.size);
}

Result<void> World::make_group(std::vector<ComponentId> types) {
    if (types.size() < 2)
        return make_error(ErrorCode::InvalidArgument, "a group needs at least two types");
    if (m_view_depth > 0)
        return make_error(ErrorCode::InvalidArgument, "groups cannot be made while a view runs");
    for (ComponentId id : types) {
        if (pool_for(id) == nullptr)
            return make_error(ErrorCode::UnknownType, "a group type is not registered");
        if (m_pools[id]->group >= 0)
            return make_error(ErrorCode::Duplicate, "a pool already belongs to a group");
    }
    const int index = static_cast<int>(m_groups.size());
    std::vector<PoolBase*> pools;
    for (ComponentId id : types)
        pools.push_back(m_pools[id].get());
    m_groups.push_back(Group{types, std::move(pools), 0});
    Group& g = m_groups.back();
    const PoolBase* smallest = m_pools[types.front()].get();
    for (ComponentId id : types) {
        m_pools[id]->group = index;
        if (m_pools[id]->size() < smallest->size()) smallest = m_pools[id].get();
    }
    const std::vector<std::uint32_t> candidates = smallest->entities();
    for (std::uint32_t e : candidates)
        join_group_if_complete(e, g);
    return {};
}

void World::apply_deferred() {
    // Removals first: an object whose component went away must not join a group.
    auto removals = std::move(m_deferred_removals);
    m_deferred_removals.clear();
    for (auto [type, entity] : removals) {
        PoolBase& pool = *m_pools[type];
        if (!pool.contains(entity)) continue;
        const Handle h = handle_of(entity);
        if (const TypeInfo* t = type_info(type);
            t != nullptr && t->hooks.on_destroy && m_hooks_enabled)
            t->hooks.on_destroy(*this, h, pool.find(entity));
        if (pool.contains(entity)) erase_component(entity, pool);
    }
    auto joins = std::move(m_deferred_joins);
    m_deferred_joins.clear();
    for (auto [group, entity] : joins) {
        Group& g = m_groups[static_cast<std::size_t>(group)];
        join_group_if_complete(entity, g);
    }
}

} // namespace diorama
