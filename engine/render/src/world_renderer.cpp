// draw_world: culls through the spatial index (and finds the parts larger than what the index
// files), sorts drawables by their DrawKey (layer, order,
// tree rank, part: the rule of diorama/world/draw_order.h, which picking shares) and queues them
// into a Renderer2D.

#include "diorama/render/world_renderer.h"

#include "diorama/components.h"
#include "diorama/hot_inline.h"
#include "diorama/reflection.h"
#include "diorama/render/font.h"
#include "diorama/render/renderer_2d.h"
#include "diorama/render/texture.h"
#include "diorama/tileset.h"
#include "diorama/world.h"
#include "diorama/world/draw_order.h"
#include "tile_map_drawing.h"

#include <glm/geometric.hpp>
#include <glm/vector_relational.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

namespace diorama::render {

namespace {

struct Item {
    DrawKey key;
    std::size_t object = 0;          // index into the per-object arrays
    const void* component = nullptr; // the TileMap, Shape, Sprite or Text to draw

    [[nodiscard]] auto group() const { return std::pair(key.layer, key.order); }
};

// A frame's items: storage that only grows (kept between frames) and how many are in use, so
// adding one is a store (a vector's push_back stayed a call in the per-object loop).
struct ItemList {
    std::vector<Item> storage; // its size is the room; [0, count) are the frame's
    std::size_t count = 0;

    DIORAMA_HOT_INLINE void push(const Item& item) {
        if (count == storage.size()) grow();
        storage[count++] = item;
    }
    [[gnu::noinline]] void grow() { storage.resize(std::max<std::size_t>(1024, count * 2)); }
    [[nodiscard]] std::span<Item> used() { return {storage.data(), count}; }
};

// What draw_world allocates, kept for the next call.
struct Scratch {
    std::vector<Handle> objects;
    std::vector<std::pair<std::uint32_t, Handle>> ranked; // objects with their tree ranks
    std::vector<std::uint8_t> with_items; // per object: drawn by its items (colliders shown)
    ItemList items;
    std::vector<Item> sorted;
    std::vector<std::uint32_t> buckets;
    std::vector<Renderer2D::Dot> dots; // the run of dots not yet handed to the renderer
};

// Buffers kept between calls (per thread): with 100k objects in view, allocating them afresh
// each frame costs page faults worth milliseconds. Out of line, so the caller keeps the address:
// a thread_local used directly in a shared library is looked up (__tls_get_addr) again at almost
// every use, 132 places in draw_world.
[[gnu::noinline]] Scratch& thread_scratch() {
    thread_local Scratch scratch;
    return scratch;
}

// Sorts items made in (rank, part) order into DrawKey order, keeping each (layer, order)
// group's (rank, part) order: a counting sort over the few groups a scene has, each item's
// group looked up only where it differs from the item before's (groups may alternate every few
// items, but 100k items a frame should not each pay a search). Scenes with more than
// kMaxCountedGroups groups are stable-sorted instead. sorted and buckets: scratch (sorted ends up
// holding the storage items had).
constexpr std::size_t kMaxCountedGroups = 1024;
void sort_items(ItemList& list, std::vector<Item>& sorted, std::vector<std::uint32_t>& buckets) {
    const std::span<Item> items = list.used();
    assert(std::is_sorted(items.begin(), items.end(), [](const Item& a, const Item& b) {
        return std::tie(a.key.rank, a.key.part) < std::tie(b.key.rank, b.key.part);
    }));
    using Group = std::pair<LayerId, std::int32_t>;
    std::vector<Group> groups; // distinct, sorted
    const auto find = [&groups](const Group& g) {
        return std::lower_bound(groups.begin(), groups.end(), g);
    };
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0 && items[i].group() == items[i - 1].group()) continue;
        const Group g = items[i].group();
        if (const auto at = find(g); at == groups.end() || *at != g) groups.insert(at, g);
        if (groups.size() > kMaxCountedGroups) {
            std::stable_sort(items.begin(), items.end(),
                             [](const Item& a, const Item& b) { return a.group() < b.group(); });
            return;
        }
    }
    if (groups.size() < 2) return; // one group: already in order
    buckets.resize(items.size());
    std::vector<std::size_t> start(groups.size() + 1, 0);
    std::uint32_t bucket = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i == 0 || items[i].group() != items[i - 1].group())
            bucket = static_cast<std::uint32_t>(find(items[i].group()) - groups.begin());
        buckets[i] = bucket;
        ++start[bucket + 1];
    }
    for (std::size_t g = 1; g < start.size(); ++g)
        start[g] += start[g - 1];
    if (sorted.size() < list.storage.size()) sorted.resize(list.storage.size());
    for (std::size_t i = 0; i < items.size(); ++i)
        sorted[start[buckets[i]]++] = items[i];
    list.storage.swap(sorted);
}

// Shapes whose larger side on screen is under this many pixels are drawn as a dot of that size
// (rounded, at least one pixel): their outline, roundness or rotation would not show anyway.
constexpr float kDotBelowPixels = 3.0f;

const glm::vec4 kColliderColor{0.3f, 1.0f, 0.4f, 1.0f};
const glm::vec4 kTriggerColor{1.0f, 0.85f, 0.2f, 1.0f};

glm::vec2 apply(const glm::mat3& m, glm::vec2 p) {
    return glm::vec2(m * glm::vec3(p, 1.0f));
}

std::size_t line_count(std::string_view text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
}

// The text block in the object's local space: centred vertically, aligned at x = 0.
Rect local_text_box(const Text& text, const Font& font) {
    const float width = font.measure(text.text, text.size);
    const float align = text.align == TextAlign::Center  ? 0.5f
                        : text.align == TextAlign::Right ? 1.0f
                                                         : 0.0f;
    const float half_height = static_cast<float>(line_count(text.text)) * text.size * 0.5f;
    return Rect{{-width * align, -half_height}, {width * (1.0f - align), half_height}};
}

// The size in pixels of a dot standing for shape s under m, or 0 when it is large enough to draw.
int dot_pixels(const Shape& s, const glm::mat3& m, float pixel_size) {
    const glm::vec2 local =
        s.kind == ShapeKind::Circle ? glm::vec2(2.0f * std::abs(s.radius)) : glm::abs(s.size);
    // The larger of local.x * |m[0]| and local.y * |m[1]|, with one square root.
    const float x = local.x * local.x * glm::dot(glm::vec2(m[0]), glm::vec2(m[0]));
    const float y = local.y * local.y * glm::dot(glm::vec2(m[1]), glm::vec2(m[1]));
    const float on_screen = std::sqrt(std::max(x, y)) / pixel_size;
    if (!(on_screen < kDotBelowPixels)) return 0;
    return std::max(1, static_cast<int>(on_screen + 0.5f)); // rounded
}

// The pools draw_world reads, looked up once per call; per object it then reads a component by
// slot (the objects come from the index, so they are alive) instead of checking its handle again
// for every type.
struct Pools {
    const Pool<Transform2D>* transforms;
    const Pool<TileMap>* tile_maps;
    const Pool<Shape>* shapes;
    const Pool<Sprite>* sprites;
    const Pool<Text>* texts;
    const Pool<Collider>* colliders;

    explicit Pools(const World& world)
        : transforms(of<Transform2D>(world)), tile_maps(of<TileMap>(world)),
          shapes(of<Shape>(world)), sprites(of<Sprite>(world)), texts(of<Text>(world)),
          colliders(of<Collider>(world)) {}

    // The object at slot's T, or nullptr.
    template <class T>
    [[nodiscard]] static const T* at(const Pool<T>* pool, std::uint32_t slot) {
        return pool != nullptr ? pool->get(slot) : nullptr;
    }

private:
    template <class T>
    static const Pool<T>* of(const World& world) {
        return static_cast<const Pool<T>*>(world.pool(component_id<T>()));
    }
};

// World::world_matrix, with a root's taken from its transform alone (the product with the
// identity there differs only in the sign of zeros, which no pixel shows).
glm::mat3 world_matrix(const World& world, const Pools& pools, Handle h) {
    if (world.parent(h)) return world.world_matrix(h);
    const Transform2D* t = Pools::at(pools.transforms, h.index);
    return t != nullptr ? to_matrix(*t) : glm::mat3(1.0f);
}

// The world-space box of a local box under m.
Rect world_box(const glm::mat3& m, const Rect& local) {
    const std::array<glm::vec2, 4> corners{apply(m, local.min), apply(m, local.max),
                                           apply(m, {local.min.x, local.max.y}),
                                           apply(m, {local.max.x, local.min.y})};
    Rect box{corners[0], corners[0]};
    for (const glm::vec2 c : corners) {
        box.min = glm::min(box.min, c);
        box.max = glm::max(box.max, c);
    }
    return box;
}

// A drawn part's local bounds, as the index would have them were it the object's source.
detail::LocalBounds part_bounds(const Shape& s) {
    return s.kind == ShapeKind::Circle
               ? detail::LocalBounds{glm::vec2(0.0f), glm::vec2(s.radius, 0.0f),
                                     detail::LocalBounds::Circle}
               : detail::LocalBounds{glm::vec2(0.0f), s.size * 0.5f, detail::LocalBounds::Box};
}
detail::LocalBounds part_bounds(const Sprite& s) {
    return detail::LocalBounds{glm::vec2(0.0f), s.size * 0.5f, detail::LocalBounds::Box};
}
detail::LocalBounds part_bounds(const TileMap& map) {
    return detail::tile_map_bounds(map);
}

// Whether a part lies inside the object's index source (both local, under the same transform),
// so that the index finds the object wherever the part shows. Exact for boxes and circles.
bool inside_source(const detail::LocalBounds& part, const detail::LocalBounds& source) {
    using detail::LocalBounds;
    const glm::vec2 offset = glm::abs(part.center - source.center);
    const glm::vec2 half = part.kind == LocalBounds::Circle ? glm::vec2(std::abs(part.extent.x))
                                                            : glm::abs(part.extent);
    switch (source.kind) {
    case LocalBounds::Box:
        return glm::all(glm::lessThanEqual(offset + half, glm::abs(source.extent)));
    case LocalBounds::Circle: {
        const float radius = std::abs(source.extent.x);
        if (part.kind == LocalBounds::Circle) return glm::length(offset) + half.x <= radius;
        return glm::length(offset + half) <= radius; // the farthest corner
    }
    case LocalBounds::Point:
        break;
    }
    return false;
}

// Whether a root's part may reach view: within the circle around its position that holds the
// part under any rotation (scaled by the larger scale). Conservative, and without the sine and
// cosine its matrix would take; false for a non-finite transform, which draws nothing.
bool near_view(const Transform2D* t, const detail::LocalBounds& part, const Rect& view) {
    if (t == nullptr) return true;
    const glm::vec2 half = part.kind == detail::LocalBounds::Circle
                               ? glm::vec2(std::abs(part.extent.x))
                               : glm::abs(part.extent);
    const float reach = glm::length(glm::abs(part.center) + half) *
                        std::max(std::abs(t->scale.x), std::abs(t->scale.y));
    return Rect::from_center(t->position, glm::vec2(reach)).overlaps(view);
}

// The object's index source when it is a component before the part's own place in the rule
// (Collider 0, Shape 1, Sprite 2, TileMap 3: draw_order.h), else nothing: the part is the source.
std::optional<detail::LocalBounds> earlier_source(const Pools& pools, std::uint32_t slot,
                                                  int place) {
    const auto none = [] { return nullptr; };
    if (const Collider* c = Pools::at(pools.colliders, slot))
        return detail::local_bounds([c] { return c; }, none, none, none);
    if (place > 1)
        if (const Shape* s = Pools::at(pools.shapes, slot))
            return detail::local_bounds(
                none, [s] { return s; }, none, none);
    if (place > 2)
        if (const Sprite* s = Pools::at(pools.sprites, slot))
            return detail::local_bounds(
                none, none, [s] { return s; }, none);
    return std::nullopt;
}

// Appends to objects the owners of pool's parts (place: as for earlier_source) that reach into
// view although the index, which files each object by one source (a Collider's bounds first),
// does not find them there: a sprite larger than its collider, say. Only parts outside their
// object's source are placed in the world. indexed: how many of objects the index gave (in slot
// order).
template <class T>
void add_parts_reaching(const World& world, const Pools& pools, const Pool<T>* pool, int place,
                        const Rect& view, std::vector<Handle>& objects, std::size_t indexed) {
    if (pool == nullptr) return;
    const auto found = [&](std::uint32_t slot) {
        const auto end = objects.begin() + static_cast<std::ptrdiff_t>(indexed);
        const auto at = std::lower_bound(objects.begin(), end, slot,
                                         [](Handle a, std::uint32_t s) { return a.index < s; });
        return at != end && at->index == slot;
    };
    for (std::uint32_t i = 0; i < pool->size(); ++i) {
        const std::uint32_t slot = pool->entities()[i];
        const std::optional<detail::LocalBounds> source = earlier_source(pools, slot, place);
        if (!source) continue;
        const detail::LocalBounds part = part_bounds(pool->at(i));
        if (inside_source(part, *source)) continue;
        const Handle h = world.handle_at(slot);
        if (!world.parent(h) && !near_view(Pools::at(pools.transforms, slot), part, view))
            continue; // a root far from the view: no rotation worked out
        if (detail::world_bounds(world_matrix(world, pools, h), part).overlaps(view) &&
            !found(slot))
            objects.push_back(h);
    }
}

} // namespace

WorldRenderStats draw_world(const World& world, Renderer2D& renderer, TextureCache& textures,
                            const Font& font, const WorldRenderOptions& options) {
    const bool any_hidden = std::find(options.hidden_layers.begin(), options.hidden_layers.end(),
                                      true) != options.hidden_layers.end();
    const auto hidden = [&](LayerId layer) {
        return any_hidden && layer < options.hidden_layers.size() && options.hidden_layers[layer];
    };
    const Pools pools(world);

    Scratch& scratch = thread_scratch();
    std::vector<Handle>& objects = scratch.objects;
    objects.clear();
    world.query_rect(options.view, objects);
    const std::size_t indexed = objects.size(); // in slot order
    // A Text is indexed by its position only; add those whose laid-out box reaches the view.
    if (const PoolBase* texts = world.pool(component_id<Text>())) {
        for (const std::uint32_t slot : texts->entities()) {
            const Handle h = world.handle_at(slot);
            const auto already = std::lower_bound(
                objects.begin(), objects.begin() + static_cast<std::ptrdiff_t>(indexed), slot,
                [](Handle a, std::uint32_t s) { return a.index < s; });
            if (already != objects.begin() + static_cast<std::ptrdiff_t>(indexed) &&
                already->index == slot)
                continue;
            const Text* text = world.get<Text>(h);
            if (text != nullptr && world_box(world.world_matrix(h), local_text_box(*text, font))
                                       .overlaps(options.view))
                objects.push_back(h);
        }
    }

    // Shapes, sprites and tile maps larger than the source the index files their object by.
    add_parts_reaching(world, pools, pools.shapes, 1, options.view, objects, indexed);
    add_parts_reaching(world, pools, pools.sprites, 2, options.view, objects, indexed);
    add_parts_reaching(world, pools, pools.tile_maps, 3, options.view, objects, indexed);

    // All in slot order first (the index gives them so), each once (an object may reach into
    // the view by several parts).
    const auto by_slot = [](Handle a, Handle b) { return a.index < b.index; };
    const auto added = objects.begin() + static_cast<std::ptrdiff_t>(indexed);
    std::sort(added, objects.end(), by_slot);
    objects.erase(
        std::unique(added, objects.end(), [](Handle a, Handle b) { return a.index == b.index; }),
        objects.end());
    std::inplace_merge(objects.begin(), objects.begin() + static_cast<std::ptrdiff_t>(indexed),
                       objects.end(), by_slot);
    // Then in tree order, so that the items below are made in (rank, part) order. A loaded scene
    // is saved in tree order, so its slots already follow it: only an edited tree is sorted.
    std::vector<std::pair<std::uint32_t, Handle>>& ranked = scratch.ranked;
    ranked.resize(objects.size());
    for (std::size_t i = 0; i < objects.size(); ++i)
        ranked[i] = {world.tree_rank(objects[i]), objects[i]};
    const auto by_rank = [](const auto& a, const auto& b) { return a.first < b.first; };
    if (!std::is_sorted(ranked.begin(), ranked.end(), by_rank)) {
        std::sort(ranked.begin(), ranked.end(), by_rank);
        for (std::size_t i = 0; i < ranked.size(); ++i)
            objects[i] = ranked[i].second;
    }

    // The objects' matrices are made as their items are drawn, not kept: 100k of them are more
    // memory traffic than making them again.
    ItemList& items = scratch.items;
    items.count = 0;
    std::size_t visible = 0; // objects with items (all of them are drawn)
    std::vector<std::uint8_t>& with_items = scratch.with_items;
    if (options.draw_colliders) with_items.assign(objects.size(), 0);
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const Handle h = objects[i];
        const LayerId layer = world.layer(h);
        if (hidden(layer)) continue;
        const std::uint32_t rank = ranked[i].first;
        const std::size_t before = items.count;
        const Shape* shape = Pools::at(pools.shapes, h.index);
        const Sprite* sprite = Pools::at(pools.sprites, h.index);
        if (const TileMap* map = Pools::at(pools.tile_maps, h.index))
            items.push(Item{DrawKey{layer, map->order, rank, DrawPart::Tiles}, i, map});
        if (shape != nullptr)
            items.push(Item{DrawKey{layer, shape->order, rank, DrawPart::Shape}, i, shape});
        if (sprite != nullptr)
            items.push(Item{DrawKey{layer, sprite->order, rank, DrawPart::Sprite}, i, sprite});
        if (const Text* text = Pools::at(pools.texts, h.index))
            items.push(
                Item{DrawKey{layer, draw_order(shape, sprite), rank, DrawPart::Text}, i, text});
        if (items.count == before) continue;
        ++visible;
        if (options.draw_colliders) with_items[i] = 1;
    }
    sort_items(items, scratch.sorted, scratch.buckets);

    // Shape outlines are 1 world unit thick, never thinner than a pixel.
    const float outline = std::max(1.0f, renderer.pixel_size());
    const float pixel_size = renderer.pixel_size();
    // Dots are collected while they follow each other and handed over as one run before
    // anything else is drawn, so the order of submission is kept.
    std::vector<Renderer2D::Dot>& dots = scratch.dots;
    dots.clear();
    const auto hand_over_dots = [&] {
        if (dots.empty()) return;
        renderer.dots(dots);
        dots.clear();
    };
    for (const Item& item : items.used()) {
        const glm::mat3 m = world_matrix(world, pools, objects[item.object]);
        if (item.key.part == DrawPart::Shape) {
            const Shape& s = *static_cast<const Shape*>(item.component);
            if (const int dot = dot_pixels(s, m, pixel_size); dot > 0) {
                dots.push_back({glm::vec2(m[2]), dot, s.color}); // the origin under m
                continue;
            }
        }
        hand_over_dots();
        switch (item.key.part) {
        case DrawPart::Tiles: {
            const TileMap& map = *static_cast<const TileMap*>(item.component);
            const Tileset* tileset =
                world.tilesets() != nullptr ? world.tilesets()->find(map.tileset) : nullptr;
            draw_tile_map(map, m, tileset, options.view, renderer, textures);
            break;
        }
        case DrawPart::Shape: {
            const Shape& s = *static_cast<const Shape*>(item.component);
            if (s.kind == ShapeKind::Circle)
                renderer.circle(m, s.radius, s.color, s.filled, outline);
            else if (s.filled)
                renderer.quad(m, s.size, s.color);
            else
                renderer.rect_outline(m, s.size, s.color, outline);
            break;
        }
        case DrawPart::Sprite: {
            const Sprite& s = *static_cast<const Sprite*>(item.component);
            const Texture* texture = s.image.empty() ? nullptr : &textures.get(s.image);
            renderer.quad(m, s.size, s.tint, texture);
            break;
        }
        case DrawPart::Text: {
            const Text& t = *static_cast<const Text*>(item.component);
            glm::mat3 baseline = m;
            const float first_baseline = local_text_box(t, font).max.y - font.ascent(t.size);
            baseline[2] = glm::vec3(apply(m, {0.0f, first_baseline}), 1.0f);
            renderer.text(font, t.text, baseline, t.size, t.color, static_cast<int>(t.align));
            break;
        }
        }
    }
    hand_over_dots();

    if (options.draw_colliders) {
        const float px = renderer.pixel_size();
        for (std::size_t i = 0; i < objects.size(); ++i) {
            const Handle h = objects[i];
            const Collider* c = world.get<Collider>(h);
            if (c == nullptr || hidden(world.layer(h))) continue;
            const glm::vec4& color = c->trigger ? kTriggerColor : kColliderColor;
            if (c->kind == ColliderKind::Circle) {
                const glm::mat3 m = world_matrix(world, pools, h);
                const float scale =
                    std::max(glm::length(glm::vec2(m[0])), glm::length(glm::vec2(m[1])));
                renderer.circle(apply(m, c->offset), c->radius * scale, color, false, px);
            } else { // what the index stores: the axis-aligned box around the transformed box
                const Rect box = world.bounds(h);
                renderer.rect_outline(box.center(), box.size(), 0.0f, color, px);
            }
            if (with_items[i] == 0) ++visible;
        }
    }

    return WorldRenderStats{visible};
}

} // namespace diorama::render
