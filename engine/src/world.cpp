#include "diorama/world.h"

#include "diorama/log.h"
#include "diorama/type_registry.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat3x3.hpp>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <unordered_set>

namespace diorama {

namespace {

// What create() and try_create() without a definition make: a root object on layer 0.
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

// The world box of a local box (center, half extents) under m; negative extents count as positive.
DIORAMA_HOT_INLINE Rect transformed_box(const glm::mat3& m, glm::vec2 center, glm::vec2 half) {
    half = glm::abs(half);
    const glm::vec2 c = glm::vec2(m * glm::vec3(center, 1.0f));
    const glm::vec2 ex(std::abs(m[0][0]) * half.x + std::abs(m[1][0]) * half.y,
                       std::abs(m[0][1]) * half.x + std::abs(m[1][1]) * half.y);
    return Rect{c - ex, c + ex};
}

// The world box of a local circle under m: rotation does not grow it; the larger scale does.
DIORAMA_HOT_INLINE Rect transformed_circle(const glm::mat3& m, glm::vec2 center, float radius) {
    const glm::vec2 c = glm::vec2(m * glm::vec3(center, 1.0f));
    const float scale = std::max(glm::length(glm::vec2(m[0])), glm::length(glm::vec2(m[1])));
    const glm::vec2 r(std::abs(radius) * scale);
    return Rect{c - r, c + r};
}

// Moves entity's component to dense position pos in each pool (swapping with the one there).
// Out of line: joining a group usually needs no swap, and this keeps that path short.
[[gnu::noinline]] void swap_to_position(std::span<PoolBase* const> pools, std::uint32_t entity,
                                        std::uint32_t pos) {
    for (PoolBase* p : pools)
        if (const std::uint32_t at = p->position(entity); at != pos) p->swap_positions(at, pos);
}

} // namespace

void detail::typed_access_before_static_init() {
    std::fputs("diorama: a typed component access (World::get<T>, add<T>, view<T>...) ran during "
               "static initialisation, before component ids are set\n",
               stderr);
    std::abort();
}

// ---- construction ----

World::World(const TypeRegistry& registry, WorldDef def)
    : m_registry(&registry), m_def(std::move(def)),
      m_null_guid_counter(splitmix64_inverse(m_def.guid_seed ^ splitmix64_inverse(0))),
      m_grid(m_def.spatial_cell_size) {
    m_layers.push_back(m_def.default_layer);
    m_transforms = &typed_pool<Transform2D>();
    for (const TypeInfo* t : registry.types()) {
        if (t->hooks.on_message) m_message_types.push_back(t);
        if (t->hooks.on_destroy) m_destroy_types.push_back(t);
    }
    if (registry.find<Transform2D>() && registry.find<Velocity>()) {
        [[maybe_unused]] auto grouped = group<Transform2D, Velocity>();
        assert(grouped.ok());
    }
}

World::~World() = default;

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
    if (m_unindexed.empty()) return;
    m_by_guid.reserve(m_by_guid.size() + m_unindexed.size()); // the only step that can throw
    for (const std::uint32_t i : m_unindexed) {
        Record& r = const_cast<Record&>(m_records[i]);
        r.guid_queued = false;
        if ((m_generation[i] & kFreeBit) != 0 || r.guid_indexed) continue;
        r.guid = guid_at(i);
        r.guid_pending = false;
        m_by_guid.insert(r.guid, i);
        r.guid_indexed = true;
    }
    m_unindexed.clear();
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
    if (m_free_head == kNone && m_generation.size() >= kMaxGeneration)
        return fail(
            error, make_error(ErrorCode::Limit, "the world holds the most objects it can address"));

    // Every step that can run out of memory comes first, each undone if a later one fails, so a
    // failed create leaves the world exactly as it was.
    const bool reused = m_free_head != kNone;
    const std::uint32_t index =
        reused ? m_free_head : static_cast<std::uint32_t>(m_generation.size());
    bool slot_added = false;
    bool transform_added = false;
    bool guid_indexed = false;
    bool guid_queued = false;
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
            m_records.emplace_back();
            m_generation.push_back(1u | kFreeBit);
            m_parent.push_back(kNone);
            slot_added = true;
        }
        m_transforms->emplace_typed(index, m_generation[index] & ~kFreeBit);
        transform_added = true;
        if (guid.is_null()) {
            // Until an explicit guid is used no generated one can collide, so only the counter
            // is kept: the guid is derived from it when asked for (the same value).
            guid_pending = !m_explicit_guids;
            guid = guid_pending ? Guid{next_guid_counter()} : new_guid();
            if (!m_records[index].guid_queued) {
                m_unindexed.push_back(index);
                guid_queued = true;
            }
        } else {
            m_by_guid.insert(guid, index);
            guid_indexed = true;
        }
        if constexpr (!kDefault) {
            if (!def.parent.is_null()) cover_tree_links();
            if (!def.name.empty()) store_name(index, def.name);
        }
        // Nothing below allocates.
    } catch (const std::bad_alloc&) {
        if (guid_indexed) m_by_guid.erase(guid);
        if (guid_queued) m_unindexed.pop_back();
        if (transform_added) m_transforms->erase(index);
        if (slot_added) {
            m_records.pop_back();
            m_generation.pop_back();
            m_parent.pop_back();
        }
        return fail(error,
                    make_error(ErrorCode::OutOfMemory, "out of memory creating object " +
                                                           std::to_string(m_live_count + 1)));
    }
    occupy_slot(index, reused, kDefault ? LayerId{0} : def.layer,
                NewGuid{guid, guid_pending, guid_indexed, guid_queued});
    if constexpr (!kDefault) {
        if (!def.parent.is_null()) link_parent(index, def.parent.index);
    }
    return announce_created(index);
}

Handle World::fail(std::optional<Error>& error, Error reason) {
    error = std::move(reason);
    return kNullHandle;
}

Result<Handle> World::try_create() {
    std::optional<Error> error;
    const Handle h = create_object<true>(kDefaultObject, error);
    if (error) return std::move(*error);
    return h;
}

Result<Handle> World::try_create(const ObjectDef& def) {
    std::optional<Error> error;
    const Handle h = create_object<false>(def, error);
    if (error) return std::move(*error);
    return h;
}

void World::report_out_of_memory(const char* what) {
    log_error(std::string(what) + ": out of memory");
}

Handle World::create_growing() {
    std::optional<Error> error;
    const Handle h = create_object<true>(kDefaultObject, error);
    if (error) [[unlikely]]
        log_error("create object: " + error->message);
    return h;
}

[[gnu::flatten]] Handle World::create(const ObjectDef& def) {
    std::optional<Error> error;
    const Handle h = create_object<false>(def, error);
    if (error) log_error("create object '" + def.name + "': " + error->message);
    return h;
}

bool World::destroying(Handle h) const {
    return alive(h) && m_records[h.index].dying;
}

void World::destroy(Handle h) {
    if (!check(h)) return;
    mark_destroy(h.index);
}

void World::mark_destroy(std::uint32_t index) {
    if (m_records[index].dying) return;
    if (tree_links(index).first_child == kNone) { // no subtree: nothing to walk
        m_records[index].dying = true;
        m_pending_destroy.push_back(index);
        return;
    }
    // Iterative walk over the subtree, so deep hierarchies cannot overflow the stack.
    std::vector<std::uint32_t>& stack = m_destroy_stack;
    stack.assign(1, index);
    while (!stack.empty()) {
        const std::uint32_t i = stack.back();
        stack.pop_back();
        Record& r = m_records[i];
        if (r.dying) continue;
        r.dying = true;
        m_pending_destroy.push_back(i);
        for (std::uint32_t c = tree_links(i).first_child; c != kNone;
             c = m_tree_links[c].next_sibling)
            stack.push_back(c);
    }
}

std::size_t World::flush() {
    assert(m_view_depth == 0 && "flush() inside a view");
    std::size_t removed = 0;
    while (!m_pending_destroy.empty()) {
        std::vector<std::uint32_t> batch;
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
        for (auto it = batch.rbegin(); it != batch.rend(); ++it) {
            const std::uint32_t i = *it;
            for (auto& pool : m_pools)
                if (pool && pool->contains(i)) erase_component(i, *pool);
            unlink_parent(i);
            for (std::uint32_t c = tree_links(i).first_child;
                 c != kNone;) { // orphans (only when hooks re-parented)
                const std::uint32_t next = m_tree_links[c].next_sibling;
                unlink_parent(c);
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
    return removed;
}

void World::free_slot(std::uint32_t index) {
    const bool queued = m_records[index].guid_queued;
    m_records[index] = Record{};
    m_records[index].guid_queued = queued;
    const std::uint32_t next_generation = m_generation[index] + 1;
    --m_live_count;
    if (next_generation > kMaxGeneration) {
        m_generation[index] = kMaxGeneration | kFreeBit; // retired: never handed out again
        return;
    }
    m_generation[index] = next_generation | kFreeBit;
    // LIFO reuse keeps recently used memory warm.
    m_records[index].next_free = m_free_head;
    m_free_head = index;
}

void World::prefer_free_slots(std::span<const std::uint32_t> slots) {
    std::vector<std::uint32_t> free_slots;
    for (std::uint32_t i = m_free_head; i != kNone; i = m_records[i].next_free)
        free_slots.push_back(i);
    std::unordered_set<std::uint32_t> is_free(free_slots.begin(), free_slots.end());
    std::vector<std::uint32_t> order;
    order.reserve(free_slots.size());
    for (std::uint32_t slot : slots)
        if (is_free.erase(slot) != 0) order.push_back(slot); // erase: each slot once
    if (order.empty()) return;
    for (std::uint32_t slot : free_slots)
        if (is_free.contains(slot)) order.push_back(slot);
    m_free_head = order.front();
    for (std::size_t k = 0; k < order.size(); ++k)
        m_records[order[k]].next_free = k + 1 < order.size() ? order[k + 1] : kNone;
}

void World::clear() {
    each_object([this](Handle h) { mark_destroy(h.index); });
    flush();
}

// ---- identity ----

Guid World::guid(Handle h) const {
    return check(h) ? guid_at(h.index) : Guid{};
}

Handle World::find(Guid g) const {
    if (g.is_null()) return kNullHandle;
    try {
        index_pending_guids();
    } catch (const std::bad_alloc&) {
        // No room to grow the index: look through the slots instead.
        report_out_of_memory("guid index");
        for (std::uint32_t i = 0; i < m_records.size(); ++i)
            if ((m_generation[i] & kFreeBit) == 0 && guid_at(i) == g) return handle_of(i);
        return kNullHandle;
    }
    const std::uint32_t* index = m_by_guid.find(g);
    return index == nullptr ? kNullHandle : handle_of(*index);
}

const std::string& World::name(Handle h) const {
    static const std::string kEmpty;
    if (!check(h)) return kEmpty;
    const std::uint32_t n = m_records[h.index].name;
    return n == kNone ? kEmpty : m_name_nodes[n]->first;
}

void World::erase_name(std::uint32_t index) {
    const std::uint32_t n = m_records[index].name;
    if (n == kNone) return;
    NameMap::value_type& node = *m_name_nodes[n];
    NameList& list = node.second;
    NameLinks& links = m_name_links[index];
    (links.prev == kNone ? list.first : m_name_links[links.prev].next) = links.next;
    (links.next == kNone ? list.last : m_name_links[links.next].prev) = links.prev;
    links = NameLinks{};
    m_records[index].name = kNone;
    if (list.first == kNone) { // the last object of this name
        m_name_nodes[n] = nullptr;
        m_free_name_ids.push_back(n); // capacity was reserved by store_name
        m_by_name.erase(m_by_name.find(std::string_view(node.first)));
    }
}

void World::store_name(std::uint32_t index, std::string name) {
    // Allocate everything first, so a failure changes nothing that matters.
    if (m_name_links.size() <= index) m_name_links.resize(m_records.size());
    auto it = m_by_name.find(std::string_view(name));
    if (it == m_by_name.end()) {
        // Room for one more name (geometric growth: reserving exactly would copy every time).
        if (m_free_name_ids.empty() && m_name_nodes.size() == m_name_nodes.capacity())
            m_name_nodes.reserve(std::max<std::size_t>(16, m_name_nodes.capacity() * 2));
        if (m_free_name_ids.capacity() < m_name_nodes.capacity())
            m_free_name_ids.reserve(m_name_nodes.capacity()); // erase_name's push cannot throw
        it = m_by_name.emplace(std::move(name), NameList{}).first;
        // Nothing below allocates.
        if (m_free_name_ids.empty()) {
            it->second.id = static_cast<std::uint32_t>(m_name_nodes.size());
            m_name_nodes.push_back(&*it);
        } else {
            it->second.id = m_free_name_ids.back();
            m_free_name_ids.pop_back();
            m_name_nodes[it->second.id] = &*it;
        }
    }
    NameList& list = it->second;
    m_name_links[index] = NameLinks{list.last, kNone};
    (list.last == kNone ? list.first : m_name_links[list.last].next) = index;
    list.last = index;
    m_records[index].name = list.id;
}

void World::set_name(Handle h, std::string name) {
    if (!check(h)) return;
    erase_name(h.index);
    if (name.empty()) return;
    try {
        store_name(h.index, std::move(name));
    } catch (const std::bad_alloc&) {
        report_out_of_memory("set_name");
    }
}

Handle World::find_by_name(std::string_view name) const {
    const auto it = m_by_name.find(name);
    return it == m_by_name.end() ? kNullHandle : handle_of(it->second.first);
}

// ---- layers ----

LayerId World::add_layer(std::string_view name) {
    if (auto existing = find_layer(name)) return *existing;
    m_layers.emplace_back(name);
    return static_cast<LayerId>(m_layers.size() - 1);
}

std::optional<LayerId> World::find_layer(std::string_view name) const {
    for (std::size_t i = 0; i < m_layers.size(); ++i)
        if (m_layers[i] == name) return static_cast<LayerId>(i);
    return std::nullopt;
}

Result<void> World::rename_layer(LayerId layer, std::string name) {
    if (layer >= m_layers.size())
        return make_error(ErrorCode::NotFound,
                          "layer " + std::to_string(layer) + " does not exist");
    if (auto other = find_layer(name); other && *other != layer)
        return make_error(ErrorCode::Duplicate, "a layer named '" + name + "' already exists");
    m_layers[layer] = std::move(name);
    return {};
}

LayerId World::layer(Handle h) const {
    return check(h) ? m_records[h.index].layer : 0;
}

Result<void> World::set_layer(Handle h, LayerId layer) {
    if (!check(h)) return make_error(ErrorCode::StaleHandle, "set_layer on a stale handle");
    if (layer >= m_layers.size())
        return make_error(ErrorCode::NotFound,
                          "layer " + std::to_string(layer) + " does not exist");
    m_records[h.index].layer = layer;
    return {};
}

// ---- hierarchy ----

Handle World::parent(Handle h) const {
    if (!check(h)) return kNullHandle;
    const std::uint32_t p = m_parent[h.index];
    return p == kNone ? kNullHandle : handle_of(p);
}

Handle World::first_child(Handle h) const {
    if (!check(h)) return kNullHandle;
    const std::uint32_t c = tree_links(h.index).first_child;
    return c == kNone ? kNullHandle : handle_of(c);
}

Handle World::next_sibling(Handle h) const {
    if (!check(h)) return kNullHandle;
    const std::uint32_t s = tree_links(h.index).next_sibling;
    return s == kNone ? kNullHandle : handle_of(s);
}

std::vector<Handle> World::children(Handle h) const {
    std::vector<Handle> out;
    for (Handle c = first_child(h); c; c = next_sibling(c))
        out.push_back(c);
    return out;
}

bool World::is_descendant(Handle h, Handle ancestor) const {
    if (!alive(h) || !alive(ancestor)) return false;
    for (std::uint32_t p = m_parent[h.index]; p != kNone; p = m_parent[p])
        if (p == ancestor.index) return true;
    return false;
}

void World::cover_tree_links() {
    if (m_tree_links.size() < m_records.size()) m_tree_links.resize(m_records.size());
}

void World::link_parent(std::uint32_t index, std::uint32_t parent) {
    TreeLinks& r = m_tree_links[index];
    TreeLinks& p = m_tree_links[parent];
    m_parent[index] = parent;
    r.prev_sibling = p.last_child;
    r.next_sibling = kNone;
    if (p.last_child != kNone)
        m_tree_links[p.last_child].next_sibling = index;
    else
        p.first_child = index;
    p.last_child = index;
}

void World::unlink_parent(std::uint32_t index) {
    if (m_parent[index] == kNone) return;
    // A linked slot and its parent and siblings are covered by m_tree_links.
    TreeLinks& r = m_tree_links[index];
    TreeLinks& p = m_tree_links[m_parent[index]];
    if (r.prev_sibling != kNone)
        m_tree_links[r.prev_sibling].next_sibling = r.next_sibling;
    else
        p.first_child = r.next_sibling;
    if (r.next_sibling != kNone)
        m_tree_links[r.next_sibling].prev_sibling = r.prev_sibling;
    else
        p.last_child = r.prev_sibling;
    m_parent[index] = r.prev_sibling = r.next_sibling = kNone;
}

Result<void> World::set_parent(Handle h, Handle parent, Reparent mode) {
    if (!check(h)) return make_error(ErrorCode::StaleHandle, "set_parent on a stale handle");
    if (!parent.is_null() && !check(parent))
        return make_error(ErrorCode::StaleHandle, "the new parent handle is stale");
    if (parent == h || (!parent.is_null() && is_descendant(parent, h)))
        return make_error(ErrorCode::Cycle,
                          "'" + name(h) +
                              "' cannot become a child of itself or of its own descendant",
                          to_string(guid_at(h.index)));
    if (!parent.is_null()) {
        try {
            cover_tree_links();
        } catch (const std::bad_alloc&) {
            return make_error(ErrorCode::OutOfMemory, "out of memory linking '" + name(h) + "'");
        }
    }
    const glm::mat3 world = world_matrix(h);
    unlink_parent(h.index);
    if (!parent.is_null()) link_parent(h.index, parent.index);
    if (mode == Reparent::KeepWorld) {
        const glm::mat3 parent_world = parent.is_null() ? glm::mat3(1.0f) : world_matrix(parent);
        *get<Transform2D>(h) = from_matrix(glm::inverse(parent_world) * world);
    }
    return {};
}

glm::mat3 World::world_matrix(Handle h) const {
    if (!check(h)) return glm::mat3(1.0f);
    const Pool<Transform2D>* transforms = find_typed_pool<Transform2D>();
    glm::mat3 m(1.0f);
    for (std::uint32_t i = h.index; i != kNone; i = m_parent[i])
        m = to_matrix(*transforms->get(i)) * m;
    return m;
}

glm::vec2 World::world_position(Handle h) const {
    return glm::vec2(world_matrix(h)[2]);
}

// ---- components ----

const TypeInfo* World::type_info(ComponentId type) const {
    return m_registry->find(type);
}

PoolBase* World::pool_for(ComponentId type) {
    if (type < m_pools.size() && m_pools[type]) return m_pools[type].get();
    const TypeInfo* t = type_info(type);
    if (t == nullptr) return nullptr;
    if (type >= m_pools.size()) m_pools.resize(type + 1);
    m_pools[type] = t->make_pool();
    return m_pools[type].get();
}

const PoolBase* World::pool(ComponentId type) const {
    return type < m_pools.size() ? m_pools[type].get() : nullptr;
}

void World::cache_info(PoolBase& pool) const {
    pool.info = type_info(pool.id());
    pool.info_cached = true;
}

void World::defer_join(int group, std::uint32_t entity) {
    m_deferred_joins.emplace_back(group, entity);
}

void* World::add(Handle h, ComponentId type) {
    if (!check(h)) return nullptr;
    PoolBase* pool = pool_for(type);
    if (pool == nullptr) {
        log_error("add component: type id " + std::to_string(type) + " is not registered");
        return nullptr;
    }
    if (void* existing = pool->find(h.index)) {
        std::erase(m_deferred_removals, std::pair{type, h.index});
        return existing;
    }
    try {
        void* c = pool->emplace(h.index, h.generation);
        after_add(h.index, *pool, c);
        return c;
    } catch (const std::bad_alloc&) {
        report_out_of_memory("add component");
        return nullptr;
    }
}

void* World::add_copy(Handle h, ComponentId type, const void* value) {
    if (!check(h)) return nullptr;
    const TypeInfo* t = type_info(type);
    PoolBase* pool = pool_for(type);
    if (t == nullptr || pool == nullptr) {
        log_error("add component: type id " + std::to_string(type) + " is not registered");
        return nullptr;
    }
    if (void* existing = pool->find(h.index)) {
        std::erase(m_deferred_removals, std::pair{type, h.index});
        t->copy(existing, value);
        return existing;
    }
    try {
        void* c = pool->emplace(h.index, h.generation);
        t->copy(c, value);
        after_add(h.index, *pool, c);
        return c;
    } catch (const std::bad_alloc&) {
        report_out_of_memory("add component");
        return nullptr;
    }
}

void* World::get(Handle h, ComponentId type) {
    if (!check(h) || type >= m_pools.size() || !m_pools[type]) return nullptr;
    return m_pools[type]->find(h.index);
}

const void* World::get(Handle h, ComponentId type) const {
    return const_cast<World*>(this)->get(h, type);
}

bool World::remove(Handle h, ComponentId type) {
    if (!check(h) || type >= m_pools.size() || !m_pools[type]) return false;
    PoolBase& pool = *m_pools[type];
    if (!pool.contains(h.index)) return false;
    if (type == component_id<Transform2D>()) {
        log_warning("Transform2D cannot be removed: every object has one");
        return false;
    }
    if (m_view_depth > 0) {
        m_deferred_removals.emplace_back(type, h.index);
        return true;
    }
    if (const TypeInfo* t = type_info(type); t != nullptr && t->hooks.on_destroy)
        t->hooks.on_destroy(*this, h, pool.find(h.index));
    if (pool.contains(h.index)) erase_component(h.index, pool); // the hook may have removed it
    return true;
}

void World::erase_component(std::uint32_t entity, PoolBase& pool) {
    if (pool.group >= 0) {
        Group& g = m_groups[static_cast<std::size_t>(pool.group)];
        if (in_group(entity, g)) leave_group(entity, g);
    }
    pool.erase(entity);
}

std::vector<ComponentId> World::components_of(Handle h) const {
    std::vector<ComponentId> out;
    if (!check(h)) return out;
    for (const TypeInfo* t : m_registry->types())
        if (t->id < m_pools.size() && m_pools[t->id] && m_pools[t->id]->contains(h.index))
            out.push_back(t->id);
    for (std::size_t id = 0; id < m_pools.size(); ++id)
        if (m_pools[id] && type_info(static_cast<ComponentId>(id)) == nullptr &&
            m_pools[id]->contains(h.index))
            out.push_back(static_cast<ComponentId>(id));
    return out;
}

// ---- groups ----

bool World::in_group(std::uint32_t entity, const Group& g) const {
    const PoolBase& first = *g.pools.front();
    return first.contains(entity) && first.position(entity) < g.size;
}

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
        if (const TypeInfo* t = type_info(type); t != nullptr && t->hooks.on_destroy)
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

// ---- messages ----

void World::send(Handle target, Message message) {
    if (!check(target)) {
        ++m_dropped_messages;
        return;
    }
    m_messages.push_back(Envelope{target, false, std::nullopt, std::move(message)});
}

void World::broadcast(Message message, std::optional<LayerId> layer) {
    m_messages.push_back(Envelope{kNullHandle, true, layer, std::move(message)});
}

void World::deliver_to(std::uint32_t entity, const Message& m, std::size_t& deliveries) {
    const Handle h = handle_of(entity);
    for (const TypeInfo* t : m_message_types) {
        PoolBase* pool = t->id < m_pools.size() ? m_pools[t->id].get() : nullptr;
        if (pool == nullptr) continue;
        if (void* c = pool->find(entity)) {
            t->hooks.on_message(*this, h, c, m);
            ++deliveries;
        }
    }
}

void World::deliver(const Envelope& e, std::size_t& deliveries) {
    if (!e.broadcast) {
        if (!alive(e.target)) {
            ++m_dropped_messages;
            return;
        }
        deliver_to(e.target.index, e.message, deliveries);
        return;
    }
    // Every object (of the layer) that exists now, in slot order; objects created by the hooks
    // meanwhile do not receive this broadcast.
    std::vector<Handle> targets;
    for (std::uint32_t i = 0; i < m_generation.size(); ++i) {
        if ((m_generation[i] & kFreeBit) != 0) continue;
        if (e.layer && m_records[i].layer != *e.layer) continue;
        targets.push_back(handle_of(i));
    }
    for (Handle h : targets)
        if (alive(h)) deliver_to(h.index, e.message, deliveries);
}

std::size_t World::deliver_messages() {
    std::vector<Envelope> queue;
    queue.swap(m_messages);
    std::size_t deliveries = 0;
    for (const Envelope& e : queue)
        deliver(e, deliveries);
    return deliveries;
}

// ---- spatial index ----

namespace {

bool is_finite(const Transform2D& t) {
    return std::isfinite(t.position.x) && std::isfinite(t.position.y) && std::isfinite(t.scale.x) &&
           std::isfinite(t.scale.y);
}

} // namespace

DIORAMA_HOT_INLINE World::LocalShape World::local_shape(std::uint32_t index,
                                                        const ShapeSources& from) {
    if (from.colliders != nullptr)
        if (const Collider* c = from.colliders->get(index))
            return c->kind == ColliderKind::Circle
                       ? LocalShape{c->offset, glm::vec2(c->radius, 0.0f), LocalShape::Circle}
                       : LocalShape{c->offset, c->half_extents, LocalShape::Box};
    if (from.shapes != nullptr)
        if (const Shape* s = from.shapes->get(index))
            return s->kind == ShapeKind::Circle
                       ? LocalShape{glm::vec2(0.0f), glm::vec2(s->radius, 0.0f), LocalShape::Circle}
                       : LocalShape{glm::vec2(0.0f), s->size * 0.5f, LocalShape::Box};
    if (from.sprites != nullptr)
        if (const Sprite* s = from.sprites->get(index))
            return LocalShape{glm::vec2(0.0f), s->size * 0.5f, LocalShape::Box};
    return LocalShape{};
}

DIORAMA_HOT_INLINE World::ShapeSources World::shape_sources() const {
    return ShapeSources{find_typed_pool<Collider>(), find_typed_pool<Shape>(),
                        find_typed_pool<Sprite>()};
}

DIORAMA_HOT_INLINE glm::mat3 World::world_matrix_at(std::uint32_t index) const {
    const Transform2D& t = *m_transforms->get(index);
    // A finite root's matrix times the identity is itself (up to the sign of zeros); a
    // non-finite one keeps the product, whose NaNs keep such an object out of the index.
    if (m_parent[index] == kNone && is_finite(t)) return to_matrix(t);
    glm::mat3 m(1.0f);
    for (std::uint32_t i = index; i != kNone; i = m_parent[i])
        m = to_matrix(*m_transforms->get(i)) * m;
    return m;
}

DIORAMA_HOT_INLINE Rect World::bounds_at(std::uint32_t index, const ShapeSources& from) const {
    return shape_bounds(world_matrix_at(index), local_shape(index, from));
}

Rect World::bounds(Handle h) const {
    if (!check(h)) return Rect{};
    return bounds_at(h.index, shape_sources());
}

DIORAMA_HOT_INLINE Rect World::shape_bounds(const glm::mat3& m, const LocalShape& s) {
    switch (s.kind) {
    case LocalShape::Box:
        return transformed_box(m, s.center, s.extent);
    case LocalShape::Circle:
        return transformed_circle(m, s.center, s.extent.x);
    case LocalShape::Point:
        break;
    }
    const glm::vec2 p(m[2]);
    return Rect{p, p};
}

void World::update_spatial() {
    // Every live object's bounds are computed again and handed to the grid, which only relinks
    // the boxes that changed cells. No copy of the inputs is kept: when most objects move,
    // comparing inputs costs more memory traffic than computing the bounds, and nothing can
    // go stale.
    const ShapeSources from = shape_sources();
    const std::uint32_t n = slot_count();
    for (std::uint32_t i = 0; i < n; ++i) {
        if ((m_generation[i] & kFreeBit) != 0) continue;
        m_grid.set(i, bounds_at(i, from));
    }
}

void World::query_rect(const Rect& area, std::vector<Handle>& out) const {
    m_query_ids.clear();
    m_grid.query_rect(area, m_query_ids);
    append_handles(out);
}

void World::query_point(glm::vec2 point, std::vector<Handle>& out) const {
    m_query_ids.clear();
    m_grid.query_point(point, m_query_ids);
    append_handles(out);
}

void World::query_circle(glm::vec2 center, float radius, std::vector<Handle>& out) const {
    m_query_ids.clear();
    m_grid.query_circle(center, radius, m_query_ids);
    append_handles(out);
}

void World::append_handles(std::vector<Handle>& out) const {
    for (const std::uint32_t i : m_query_ids)
        out.push_back(handle_of(i));
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
    std::size_t bytes = (m_generation.capacity() + m_parent.capacity()) * sizeof(std::uint32_t) +
                        m_records.capacity() * sizeof(Record) +
                        m_tree_links.capacity() * sizeof(TreeLinks);
    for (const auto& p : m_pools)
        if (p) bytes += p->memory_bytes();
    bytes += m_by_guid.memory_bytes() + m_unindexed.capacity() * sizeof(std::uint32_t);
    // A name's map node holds its string, its list and the bucket's link (about two pointers).
    for (const auto& [text, list] : m_by_name)
        bytes += sizeof(NameMap::value_type) + 2 * sizeof(void*) +
                 (text.capacity() > 15 ? text.capacity() : 0);
    bytes += m_by_name.bucket_count() * sizeof(void*) +
             m_name_nodes.capacity() * sizeof(NameMap::value_type*) +
             m_free_name_ids.capacity() * sizeof(std::uint32_t) +
             m_name_links.capacity() * sizeof(NameLinks);
    bytes += m_grid.memory_bytes() + m_transient.capacity() +
             m_query_ids.capacity() * sizeof(std::uint32_t);
    return bytes;
}

} // namespace diorama
