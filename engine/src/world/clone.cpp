// World::clone: a copy of a world's whole state, for the editor's Play to keep the scene aside
// and put it back at Stop without writing and reading it.

#include "diorama/world.h"

namespace diorama {

std::unique_ptr<World> World::clone() const {
    return std::unique_ptr<World>(new World(*this, CloneTag{}));
}

World::World(const World& other, CloneTag)
    : m_registry(other.m_registry), m_prefabs(other.m_prefabs), m_tilesets(other.m_tilesets),
      m_hooks_enabled(other.m_hooks_enabled), m_def(other.m_def), m_generation(other.m_generation),
      m_records(other.m_records), m_parent(other.m_parent), m_tree_links(other.m_tree_links),
      m_roots_linked(other.m_roots_linked), m_root_links(other.m_root_links),
      m_tree_changes(first_tree_revision()), m_free_slots(other.m_free_slots),
      m_live_count(other.m_live_count), m_pending_destroy(other.m_pending_destroy),
      m_marked(other.m_marked), m_by_guid(other.m_by_guid), m_unindexed(other.m_unindexed),
      m_unindexed_from(other.m_unindexed_from), m_explicit_guids(other.m_explicit_guids),
      m_names(other.m_names), m_guid_counter(other.m_guid_counter),
      m_null_guid_counter(other.m_null_guid_counter), m_layers(other.m_layers),
      m_destroy_types(other.m_destroy_types), m_hook_types_at(other.m_hook_types_at),
      m_groups(other.m_groups), m_deferred_removals(other.m_deferred_removals),
      m_deferred_joins(other.m_deferred_joins), m_messages(other.m_messages),
      m_message_types(other.m_message_types), m_input(other.m_input), m_grid(other.m_grid),
      m_spatial_deferred(other.m_spatial_deferred), m_dropped_messages(other.m_dropped_messages),
      m_stale_accesses(other.m_stale_accesses) {
    assert(other.m_view_depth == 0);
    // Room for every slot, as the original keeps it, so freeing never allocates.
    m_free_slots.reserve(other.m_free_slots.capacity());
    m_pools.resize(other.m_pools.size());
    for (std::size_t id = 0; id < other.m_pools.size(); ++id)
        if (other.m_pools[id]) {
            m_pools[id] = other.m_pools[id]->clone();
            m_pools_in_use.push_back(m_pools[id].get());
        }
    m_transforms = static_cast<Pool<Transform2D>*>(m_pools[component_id<Transform2D>()].get());
    for (Group& g : m_groups)
        for (std::size_t i = 0; i < g.types.size(); ++i)
            g.pools[i] = m_pools[g.types[i]].get();
}

} // namespace diorama
