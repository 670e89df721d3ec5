#pragma once
// DrawnWorldSnapshot: a copy of what draw_world reads of a world (the components that draw or
// give an object its bounds, the tree and layers, the tilesets), to tell whether a world could
// draw differently than when last looked at. Compared by value, never through a change counter,
// so a write through any pointer the world handed out is seen.

#include "diorama/component_pool.h"
#include "diorama/components.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace diorama {
class World;
class TilesetLibrary;
} // namespace diorama

namespace diorama::render {

class DrawnWorldSnapshot {
public:
    // Compares world with the copy, then makes the copy world's as it is now; true when anything
    // differed (always on the first look). Costs a pass over the pools' arrays (a copy of the
    // parts that differ).
    bool update(const World& world);

private:
    // One pool's entities (dense order) and components as last seen.
    template <class T>
    struct PoolCopy {
        bool present = false;
        std::vector<std::uint32_t> entities;
        std::vector<T> components;
        // Compares pool (may be null) with the copy and takes it over; true when they differed.
        bool update(const Pool<T>* pool);
    };

    bool m_seen = false;
    std::uint64_t m_tree_revision = 0;
    const TilesetLibrary* m_tilesets = nullptr;
    std::uint64_t m_tilesets_revision = 0;
    PoolCopy<Transform2D> m_transforms;
    PoolCopy<Shape> m_shapes;
    PoolCopy<Sprite> m_sprites;
    PoolCopy<Text> m_texts;
    PoolCopy<TileMap> m_tile_maps;
    PoolCopy<Collider> m_colliders;
};

} // namespace diorama::render
