// DrawnWorldSnapshot: each pool's entities and components compared with the copy a page at a
// time (byte for byte where the type allows, field by field where it holds strings or arrays)
// and copied where they differ.

#include "drawn_world_snapshot.h"

#include "diorama/reflection.h"
#include "diorama/tileset.h"
#include "diorama/world.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace diorama::render {

namespace {

// The same bits: what draws from a value of V cannot differ (unlike ==, which takes -0 for 0).
template <class V>
bool same_bits(const V& a, const V& b) {
    static_assert(std::is_trivially_copyable_v<V>);
    return std::memcmp(&a, &b, sizeof(V)) == 0;
}

// Field by field, every field (a field added to these components must be added here; the
// WorldDrawCache tests change each reflected field and expect the change to be seen).
bool same(const Sprite& a, const Sprite& b) {
    return a.image == b.image && same_bits(a.tint, b.tint) && same_bits(a.size, b.size) &&
           a.order == b.order;
}
bool same(const Text& a, const Text& b) {
    return a.text == b.text && a.font == b.font && same_bits(a.size, b.size) &&
           same_bits(a.color, b.color) && a.align == b.align;
}
bool same(const TileMap& a, const TileMap& b) {
    return a.tileset == b.tileset && same_bits(a.cell_size, b.cell_size) &&
           same_bits(a.tint, b.tint) && a.order == b.order && a.tiles == b.tiles;
}

template <class T>
const Pool<T>* pool_of(const World& world) {
    return static_cast<const Pool<T>*>(world.pool(component_id<T>()));
}

} // namespace

template <class T>
bool DrawnWorldSnapshot::PoolCopy<T>::update(const Pool<T>* pool) {
    const std::size_t n = pool != nullptr ? pool->size() : 0; // absent draws as empty
    bool differed = false;
    if (entities.size() != n) {
        differed = true;
        entities.resize(n);
        components.resize(n);
    }
    if (n == 0) return differed;
    const std::uint32_t* dense = pool->entities().data();
    if (std::memcmp(entities.data(), dense, n * sizeof(std::uint32_t)) != 0) {
        differed = true;
        std::memcpy(entities.data(), dense, n * sizeof(std::uint32_t));
    }
    // Components are stored in pages of PoolBase::kPageSize.
    for (std::size_t start = 0; start < n; start += PoolBase::kPageSize) {
        const std::size_t count = std::min<std::size_t>(PoolBase::kPageSize, n - start);
        const T* page = &pool->at(static_cast<std::uint32_t>(start));
        T* copy = components.data() + start;
        if constexpr (std::is_trivially_copyable_v<T>) {
            if (std::memcmp(copy, page, count * sizeof(T)) != 0) {
                differed = true;
                std::memcpy(copy, page, count * sizeof(T));
            }
        } else {
            for (std::size_t i = 0; i < count; ++i) {
                if (same(copy[i], page[i])) continue;
                differed = true;
                copy[i] = page[i];
            }
        }
    }
    return differed;
}

bool DrawnWorldSnapshot::update(const World& world) {
    bool differed = !m_seen;
    m_seen = true;
    if (world.tree_revision() != m_tree_revision) {
        differed = true;
        m_tree_revision = world.tree_revision();
    }
    const TilesetLibrary* tilesets = world.tilesets();
    const std::uint64_t tilesets_revision = tilesets != nullptr ? tilesets->revision() : 0;
    if (tilesets != m_tilesets || tilesets_revision != m_tilesets_revision) {
        differed = true;
        m_tilesets = tilesets;
        m_tilesets_revision = tilesets_revision;
    }
    // Every copy is brought up to date, whatever differed before it.
    differed = m_transforms.update(pool_of<Transform2D>(world)) || differed;
    differed = m_shapes.update(pool_of<Shape>(world)) || differed;
    differed = m_sprites.update(pool_of<Sprite>(world)) || differed;
    differed = m_texts.update(pool_of<Text>(world)) || differed;
    differed = m_tile_maps.update(pool_of<TileMap>(world)) || differed;
    differed = m_colliders.update(pool_of<Collider>(world)) || differed;
    return differed;
}

} // namespace diorama::render
