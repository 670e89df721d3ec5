#pragma once
// BASELINE, for the store benchmarks only (not part of the engine): a registry of sparse sets,
// the layout of EnTT's registry with its default storage, written here because EnTT is not
// packaged for Debian 12 and so cannot run beside the store. An entity is a 32-bit index and
// version; each component type has a paged sparse array (entity index -> packed position, with
// the version), a packed array of entities and a packed array of components; removal moves the
// last element into the hole. Freed entities form a list through the entity array, the last
// freed reused first. On the generous side: components sit in one contiguous array (EnTT pages
// them for stable addresses), and there are no signals, no groups, no names and no guids.

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace diorama::baseline {

using Entity = std::uint32_t;

inline constexpr std::uint32_t kEntityIndexBits = 20;
inline constexpr Entity kEntityIndexMask = (1u << kEntityIndexBits) - 1u;
inline constexpr Entity kNullEntity = kEntityIndexMask; // an index no entity has

constexpr std::uint32_t entity_index(Entity e) {
    return e & kEntityIndexMask;
}
constexpr std::uint32_t entity_version(Entity e) {
    return e >> kEntityIndexBits;
}
constexpr Entity make_entity(std::uint32_t index, std::uint32_t version) {
    return index | (version << kEntityIndexBits);
}

// The entities of one component type: sparse pages and the packed entity array.
class SparseSet {
public:
    virtual ~SparseSet() = default;

    // True when e (this index and version) is in the set.
    bool contains(Entity e) const {
        const std::uint32_t i = entity_index(e);
        const std::size_t page = i / kPageSize;
        if (page >= m_sparse.size() || !m_sparse[page]) return false;
        const Entity slot = m_sparse[page][i % kPageSize];
        return slot != kNullEntity && entity_version(slot) == entity_version(e);
    }

    // e's position in the packed arrays; e must be in the set.
    std::uint32_t position(Entity e) const {
        return entity_index(m_sparse[entity_index(e) / kPageSize][entity_index(e) % kPageSize]);
    }

    // Removes e (which must be in the set): the last element takes its place.
    void erase(Entity e) {
        const std::uint32_t pos = position(e);
        const Entity last = m_packed.back();
        m_packed[pos] = last;
        sparse_slot(entity_index(last)) = make_entity(pos, entity_version(last));
        sparse_slot(entity_index(e)) = kNullEntity;
        m_packed.pop_back();
        move_last_component_to(pos);
    }

protected:
    // Files e at the end of the packed array; the derived storage appends its component.
    void push(Entity e) {
        Entity& slot = sparse_slot_growing(entity_index(e));
        assert(slot == kNullEntity);
        slot = make_entity(static_cast<std::uint32_t>(m_packed.size()), entity_version(e));
        m_packed.push_back(e);
    }

    // Moves the last component into pos (pos may be the last) and drops the last.
    virtual void move_last_component_to(std::uint32_t pos) = 0;

private:
    static constexpr std::uint32_t kPageSize = 4096;

    Entity& sparse_slot(std::uint32_t index) {
        return m_sparse[index / kPageSize][index % kPageSize];
    }

    Entity& sparse_slot_growing(std::uint32_t index) {
        const std::size_t page = index / kPageSize;
        if (page >= m_sparse.size()) m_sparse.resize(page + 1);
        if (!m_sparse[page]) {
            m_sparse[page] = std::make_unique<Entity[]>(kPageSize);
            std::fill_n(m_sparse[page].get(), kPageSize, kNullEntity);
        }
        return sparse_slot(index);
    }

    std::vector<std::unique_ptr<Entity[]>> m_sparse;
    std::vector<Entity> m_packed;
};

// The components of type T, parallel to the set's packed entities.
template <class T>
class SparseSetStorage final : public SparseSet {
public:
    // Adds a default T to e (which must not have one) and returns it.
    T& emplace(Entity e) {
        push(e);
        return m_components.emplace_back();
    }

    // e's component; e must have one.
    T& get(Entity e) { return m_components[position(e)]; }

private:
    void move_last_component_to(std::uint32_t pos) override {
        m_components[pos] = std::move(m_components.back());
        m_components.pop_back();
    }

    std::vector<T> m_components;
};

// Entities and the storages of their components.
class SparseSetRegistry {
public:
    // A new entity: the last destroyed one's index with its next version, or a new index.
    Entity create() {
        if (m_free_head == kNullEntity) {
            const auto index = static_cast<std::uint32_t>(m_entities.size());
            m_entities.push_back(make_entity(index, 0));
            return m_entities.back();
        }
        const std::uint32_t index = m_free_head;
        Entity& slot = m_entities[index];
        m_free_head = entity_index(slot);
        slot = make_entity(index, entity_version(slot));
        return slot;
    }

    // Removes e's components from every storage and frees its index for reuse.
    void destroy(Entity e) {
        for (SparseSet* set : m_sets)
            if (set->contains(e)) set->erase(e);
        const std::uint32_t index = entity_index(e);
        m_entities[index] = make_entity(m_free_head, entity_version(e) + 1);
        m_free_head = index;
    }

    // The storage of T, made on first use.
    template <class T>
    SparseSetStorage<T>& storage() {
        static const std::size_t id = m_next_type_id++;
        if (id >= m_storages.size()) m_storages.resize(id + 1);
        if (!m_storages[id]) {
            m_storages[id] = std::make_unique<SparseSetStorage<T>>();
            m_sets.push_back(m_storages[id].get());
        }
        return static_cast<SparseSetStorage<T>&>(*m_storages[id]);
    }

private:
    inline static std::size_t m_next_type_id = 0; // type ids shared by every registry

    std::vector<Entity> m_entities; // live: the entity; free: the next free index, the version
    Entity m_free_head = kNullEntity;
    std::vector<std::unique_ptr<SparseSet>> m_storages; // by type id
    std::vector<SparseSet*> m_sets;                     // every storage made, in order
};

} // namespace diorama::baseline
