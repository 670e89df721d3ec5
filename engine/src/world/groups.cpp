// World: owned groups, and the changes a running view defers.

#include "diorama/world.h"

#include "diorama/type_registry.h"

#include <algorithm>
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

bool World::join_group_if_complete(std::uint32_t entity, Group& g) {
    // Members sit at positions [0, size) of every pool of the group, others after them (in a
    // nested group's pools that are also the outer group's, the outer group's other members
    // come next, so a joining member is swapped with one of those). A new object's components
    // usually sit at the end already: then one pass does it.
    const std::uint32_t end = g.size;
    bool at_end = true;
    for (const PoolBase* p : g.pools) {
        if (!p->contains(entity)) return false;
        const std::uint32_t pos = p->position(entity);
        if (pos < end) return true;
        at_end = at_end && pos == end;
    }
    if (!at_end) swap_to_position(g.pools, entity, end);
    ++g.size;
    return true;
}

void World::join_groups(std::uint32_t entity, int group) {
    // Membership of a nested group needs the outer one's (a join deferred by a view may come
    // after its inner group's): walk the chain from its outermost group, up to the first that
    // entity cannot join.
    for (int index = m_groups[static_cast<std::size_t>(group)].chain; index >= 0;
         index = m_groups[static_cast<std::size_t>(index)].inner)
        if (!join_group_if_complete(entity, m_groups[static_cast<std::size_t>(index)])) return;
}

void World::leave_groups(std::uint32_t entity, int group) {
    int innermost = -1;
    for (int index = group;
         index >= 0 && in_group(entity, m_groups[static_cast<std::size_t>(index)]);
         index = m_groups[static_cast<std::size_t>(index)].inner)
        innermost = index;
    for (int index = innermost; index >= 0;
         index = index == group ? -1 : m_groups[static_cast<std::size_t>(index)].outer)
        leave_group(entity, m_groups[static_cast<std::size_t>(index)]);
}

void World::leave_group(std::uint32_t entity, Group& g) {
    --g.size;
    // Members sit at the same position in each of the group's pools: the last one leaves without
    // a swap (as every destroyed object does when the newest go first).
    if (g.pools.front()->position(entity) != g.size) swap_to_position(g.pools, entity, g.size);
}

Result<int> World::nesting_for(const std::vector<ComponentId>& types) const {
    int chain = -1;
    for (ComponentId id : types) {
        const int g = m_pools[id]->group;
        if (g < 0) continue;
        const int c = m_groups[static_cast<std::size_t>(g)].chain;
        if (chain >= 0 && c != chain)
            return make_error(ErrorCode::Duplicate,
                              "a group's types belong to two groups that are not nested");
        chain = c;
    }
    if (chain < 0) return -1;
    int innermost = chain;
    while (m_groups[static_cast<std::size_t>(innermost)].inner >= 0)
        innermost = m_groups[static_cast<std::size_t>(innermost)].inner;
    const Group& outer = m_groups[static_cast<std::size_t>(innermost)];
    for (ComponentId id : outer.types)
        if (std::find(types.begin(), types.end(), id) == types.end())
            return make_error(ErrorCode::Duplicate,
                              "a group sharing types with a group must have all of its types "
                              "(it nests in the innermost group sharing them)");
    if (outer.types.size() == types.size())
        return make_error(ErrorCode::Duplicate, "that group exists already");
    return innermost;
}

Result<void> World::make_group(std::vector<ComponentId> types) {
    if (types.size() < 2)
        return make_error(ErrorCode::InvalidArgument, "a group needs at least two types");
    if (m_view_depth > 0)
        return make_error(ErrorCode::InvalidArgument, "groups cannot be made while a view runs");
    for (std::size_t i = 0; i < types.size(); ++i) {
        if (pool_for(types[i]) == nullptr)
            return make_error(ErrorCode::UnknownType, "a group type is not registered");
        if (std::find(types.begin(), types.begin() + static_cast<std::ptrdiff_t>(i), types[i]) !=
            types.begin() + static_cast<std::ptrdiff_t>(i))
            return make_error(ErrorCode::Duplicate, "a group names a type twice");
    }
    const Result<int> outer = nesting_for(types);
    if (!outer.ok()) return outer.error();
    const int index = static_cast<int>(m_groups.size());
    std::vector<PoolBase*> pools;
    for (ComponentId id : types)
        pools.push_back(m_pools[id].get());
    Group made{types, std::move(pools), 0};
    made.outer = outer.value();
    made.chain = made.outer >= 0 ? m_groups[static_cast<std::size_t>(made.outer)].chain : index;
    m_groups.push_back(std::move(made));
    if (outer.value() >= 0) m_groups[static_cast<std::size_t>(outer.value())].inner = index;
    Group& g = m_groups.back();
    const PoolBase* smallest = m_pools[types.front()].get();
    for (ComponentId id : types) {
        if (m_pools[id]->group < 0) m_pools[id]->group = index;
        if (m_pools[id]->size() < smallest->size()) smallest = m_pools[id].get();
    }
    // Every object complete for g is a member of its outer group already (no view is running).
    const auto candidates = smallest->entities(); // a copy: joining may reorder the pool
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
    for (auto [group, entity] : joins)
        join_groups(entity, group);
}

} // namespace diorama
