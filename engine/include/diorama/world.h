#pragma once
// World: the object store. Owns every object and component; others hold Handles and re-fetch.
//
// - Objects live in slots addressed by generational Handles: create, lookup and destroy are O(1);
//   a handle of a destroyed object (or of a slot since reused) is stale and never dereferenced.
// - destroy() marks an object (and its descendants); flush() removes marked objects. The
//   Simulation flushes at the end of every tick.
// - Components live in dense per-type pools (sparse sets) with paged storage: adding components
//   never moves existing ones. Pools declared as an owned group (Transform2D + Velocity by
//   default) keep their common members first and in the same order, so a view over exactly the
//   group is a straight walk over parallel arrays.
// - create() is slot allocation plus a Transform2D: the guid index (find(Guid)) takes generated
//   guids in lazily, at the next find() or explicit-guid create, so a burst of creates and
//   destroys never touches it. Names are stored only for objects that have one.
// - Changes during a view: destroy() is deferred as always; remove<T>() is deferred until the
//   outermost running view returns (the component stays present until then); add<T>() takes
//   effect at once and never invalidates references, and a view never visits an object twice.
// - A pointer from get<T>() is valid until the next structural change: a component added or
//   removed (joining or leaving an owned group moves grouped components), or a flush. Re-fetch
//   through the handle after such a change. Inside a view, references stay valid throughout.

#include "diorama/component_pool.h"
#include "diorama/components.h"
#include "diorama/geometry.h"
#include "diorama/guid_index.h"
#include "diorama/handle.h"
#include "diorama/hot_inline.h"
#include "diorama/message.h"
#include "diorama/reflection.h"
#include "diorama/result.h"
#include "diorama/spatial_grid.h"
#include "diorama/transient_arena.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace diorama {

namespace detail {
// component_id<T>() + 1, set during static initialisation; 0 until then.
template <class T>
inline const ComponentId kComponentIdPlusOne = component_id<T>() + 1;

// Reports a typed component access made during static initialisation (before the ids above are
// set) and aborts: the typed accessors need no guard this way.
[[noreturn]] void typed_access_before_static_init();

// component_id<T>() as one load: no guard and no returning call on the hot path, so a loop
// calling get<T> keeps its floating-point values in registers (a call would clobber them all).
template <class T>
DIORAMA_HOT_INLINE ComponentId hot_component_id() {
    const ComponentId id = kComponentIdPlusOne<T>;
    if (id == 0) [[unlikely]]
        typed_access_before_static_init();
    return id - 1;
}

// No type appears twice in T....
template <class First, class... Rest>
consteval bool distinct_types() {
    if constexpr (sizeof...(Rest) == 0)
        return true;
    else
        return (!std::is_same_v<First, Rest> && ...) && distinct_types<Rest...>();
}
} // namespace detail

class TypeRegistry;
class PrefabLibrary;

// Index of a layer in the world's ordered layer list (0 is drawn first).
using LayerId = std::uint32_t;

struct WorldDef {
    std::uint64_t guid_seed = 0x243f6a8885a308d3ull; // same seed + same operations => same guids
    float spatial_cell_size = 128.0f;                // world units per grid cell
    std::string default_layer = "default";           // the name of layer 0
};

struct ObjectDef {
    std::string name;
    LayerId layer = 0;
    Handle parent{}; // null: a root object
    Guid guid{};     // null: a new unique guid is generated
};

// What set_parent keeps unchanged.
enum class Reparent { KeepLocal, KeepWorld };

// Counters for stats panels and tests.
struct WorldStats {
    std::size_t objects = 0;         // live objects, including those marked for destruction
    std::size_t pending_destroy = 0; // marked, removed at the next flush
    std::size_t queued_messages = 0;
    std::size_t dropped_messages = 0; // messages whose target was gone at delivery (total)
    std::size_t stale_accesses = 0;   // calls made with a stale handle (total)
};

template <class... T>
class View;

class World {
public:
    // The registry must outlive the world.
    explicit World(const TypeRegistry& registry, WorldDef def = {});
    ~World();
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    [[nodiscard]] const TypeRegistry& registry() const { return *m_registry; }
    // The prefabs game code spawns from (see spawn() in prefab.h); may be null. Not owned.
    [[nodiscard]] const PrefabLibrary* prefabs() const { return m_prefabs; }
    void set_prefabs(const PrefabLibrary* prefabs) { m_prefabs = prefabs; }

    // ---- objects ----

    // Creates an object with a Transform2D. Fails (nothing created) when the guid is in use, the
    // parent is stale, the layer does not exist, or memory runs out.
    [[nodiscard]] Result<Handle> try_create(const ObjectDef& def);
    // As try_create(ObjectDef{}): a root object on layer 0, unnamed, with a generated guid.
    [[nodiscard]] Result<Handle> try_create();
    // As try_create; on failure logs the reason and returns the null handle.
    Handle create(const ObjectDef& def);
    // As create(ObjectDef{}). Inline when nothing must grow and no explicit guid is in use.
    Handle create();
    // Marks the object and its descendants for destruction at the next flush. Stale: no-op.
    void destroy(Handle h);
    // Removes every marked object: on_destroy hooks first, then storage. Returns how many.
    // Must not be called while a view runs.
    std::size_t flush();
    // Destroys every object now (hooks run); layers are kept.
    void clear();
    // The next creates take these free slots first, in this order (slots that are not free are
    // skipped). Save order follows slots, so undo re-creates objects where they were with this.
    void prefer_free_slots(std::span<const std::uint32_t> slots);

    // True while the object exists (also when marked for destruction, until the flush).
    [[nodiscard]] bool alive(Handle h) const {
        return h.generation != 0 && h.index < m_generation.size() &&
               m_generation[h.index] == h.generation;
    }
    // True when the object is marked for destruction.
    [[nodiscard]] bool destroying(Handle h) const;
    // Number of live objects.
    [[nodiscard]] std::size_t object_count() const { return m_live_count; }
    // Calls f(Handle) for every live object in slot order.
    template <class F>
    void each_object(F&& f) const;

    // ---- identity ----

    [[nodiscard]] Guid guid(Handle h) const;
    // A guid no object of this world has, from the world's seeded generator.
    [[nodiscard]] Guid new_guid();
    // The live object with this guid, or the null handle. Brings the guid index up to date
    // first (generated guids join it lazily), so it is not safe to call concurrently.
    [[nodiscard]] Handle find(Guid g) const;
    [[nodiscard]] const std::string& name(Handle h) const;
    void set_name(Handle h, std::string name);
    // A live object with this name (the earliest named so), or the null handle.
    [[nodiscard]] Handle find_by_name(std::string_view name) const;

    // ---- layers ----

    // The layer with this name, added at the end if new.
    LayerId add_layer(std::string_view name);
    [[nodiscard]] std::optional<LayerId> find_layer(std::string_view name) const;
    // Layer names in draw order.
    [[nodiscard]] const std::vector<std::string>& layers() const { return m_layers; }
    // Renames a layer; fails when the id does not exist or another layer has the name.
    Result<void> rename_layer(LayerId layer, std::string name);
    [[nodiscard]] LayerId layer(Handle h) const;
    // Fails for a stale handle or a layer that does not exist.
    Result<void> set_layer(Handle h, LayerId layer);

    // ---- hierarchy ----

    [[nodiscard]] Handle parent(Handle h) const;
    // Children in the order they were attached.
    [[nodiscard]] std::vector<Handle> children(Handle h) const;
    [[nodiscard]] Handle first_child(Handle h) const;
    [[nodiscard]] Handle next_sibling(Handle h) const;
    // Makes parent (or nothing, when null) the object's parent. Refused when it would make a
    // cycle (parent is h or one of its descendants) or a handle is stale.
    Result<void> set_parent(Handle h, Handle parent, Reparent mode = Reparent::KeepLocal);
    // True when ancestor is h's parent, grandparent, ...
    [[nodiscard]] bool is_descendant(Handle h, Handle ancestor) const;
    // The object's local-to-world transform (parents' transforms applied); identity when stale.
    [[nodiscard]] glm::mat3 world_matrix(Handle h) const;
    [[nodiscard]] glm::vec2 world_position(Handle h) const;

    // ---- components (typed) ----

    // Adds a default T (or returns the existing one); nullptr for a stale handle.
    template <class T>
    T* add(Handle h);
    // The object's T, or nullptr when absent or the handle is stale.
    template <class T>
    [[nodiscard]] T* get(Handle h);
    template <class T>
    [[nodiscard]] const T* get(Handle h) const;
    template <class T>
    [[nodiscard]] bool has(Handle h) const {
        return get<T>(h) != nullptr;
    }
    // Removes the object's T (deferred while a view runs). Transform2D cannot be removed.
    // Returns whether the object had one.
    template <class T>
    bool remove(Handle h) {
        return remove(h, component_id<T>());
    }
    // Number of T components.
    template <class T>
    [[nodiscard]] std::size_t count() const;

    // Iterates every object having all of T...: view<A, B>().each([](A&, B&) {...}) or
    // each([](Handle, A&, B&) {...}). Starts from the smallest pool, or walks the owned group.
    template <class... T>
    [[nodiscard]] View<T...> view() {
        return View<T...>(*this);
    }

    // Declares an owned group over T... (at least two types). A pool belongs to at most one
    // group. Existing members are gathered at once.
    template <class... T>
    Result<void> group() {
        return make_group({component_id<T>()...});
    }

    // ---- components (by runtime type id, for tools and loaders) ----

    // As add<T>; nullptr when stale or the type is not registered.
    void* add(Handle h, ComponentId type);
    // Adds a component holding a copy of value (or assigns value to the existing one), before
    // on_create runs, so hooks see the value. nullptr when stale or the type is not registered.
    void* add_copy(Handle h, ComponentId type, const void* value);
    [[nodiscard]] void* get(Handle h, ComponentId type);
    [[nodiscard]] const void* get(Handle h, ComponentId type) const;
    [[nodiscard]] bool has(Handle h, ComponentId type) const { return get(h, type) != nullptr; }
    bool remove(Handle h, ComponentId type);
    // The object's component types, in registry order (unregistered types last).
    [[nodiscard]] std::vector<ComponentId> components_of(Handle h) const;
    // The pool of a type, or nullptr when no object ever had one.
    [[nodiscard]] const PoolBase* pool(ComponentId type) const;

    // ---- messages ----

    // Queues a message for the target's on_message hooks (delivered at the message phase).
    void send(Handle target, Message message);
    // Queues a message for every object (in the given layer, if any) that has a message hook.
    void broadcast(Message message, std::optional<LayerId> layer = std::nullopt);
    // Delivers the queued messages in the order sent; messages sent meanwhile wait for the next
    // call. Per target: its components' hooks in registry order. Returns deliveries made.
    std::size_t deliver_messages();

    // ---- input ----

    [[nodiscard]] InputState& input() { return m_input; }
    [[nodiscard]] const InputState& input() const { return m_input; }

    // ---- spatial index ----

    // The object's world-space bounds: its Collider, else Shape, else Sprite, else its position.
    [[nodiscard]] Rect bounds(Handle h) const;
    // Brings the index up to date with every object's bounds (the Simulation calls it at the end
    // of each tick; call it after moving objects outside a tick). Flushed objects leave at once.
    // Every object's bounds are computed again, so changes made through any path (pointers from
    // get<T>(), re-parenting, components added or removed) are seen; only boxes that changed
    // cells cost the grid more than a store.
    void update_spatial();
    // Objects whose indexed bounds overlap / contain / touch, each once, in slot order.
    void query_rect(const Rect& area, std::vector<Handle>& out) const;
    void query_point(glm::vec2 point, std::vector<Handle>& out) const;
    void query_circle(glm::vec2 center, float radius, std::vector<Handle>& out) const;
    [[nodiscard]] const SpatialGrid& spatial() const { return m_grid; }

    // ---- memory and stats ----

    // Scratch memory for the current tick (reset by the Simulation at the start of each tick).
    [[nodiscard]] TransientArena& transient() { return m_transient; }
    [[nodiscard]] const TransientArena& transient() const { return m_transient; }
    [[nodiscard]] WorldStats stats() const;
    // Bytes held by object slots, pools, indexes and the arena.
    [[nodiscard]] std::size_t memory_bytes() const;

    // The handle of the live object in a slot, or null. For iteration by tools.
    [[nodiscard]] Handle handle_at(std::uint32_t index) const;
    // The objects having a T, in pool order, copied into this tick's transient arena (an empty
    // span when it runs out): a system may create and destroy objects while walking them.
    template <class T>
    [[nodiscard]] std::span<Handle> handles_with() {
        const PoolBase* const p = pool(component_id<T>());
        if (p == nullptr) return {};
        std::span<Handle> out = m_transient.make_array<Handle>(p->size());
        for (std::size_t i = 0; i < out.size(); ++i)
            out[i] = handle_at(p->entities()[i]);
        return out;
    }
    // Number of slots (live or free); handle indexes are below it.
    [[nodiscard]] std::uint32_t slot_count() const {
        return static_cast<std::uint32_t>(m_generation.size());
    }

private:
    template <class... T>
    friend class View;

    static constexpr std::uint32_t kNone = 0xffffffffu;
    static constexpr std::uint32_t kFreeBit = 0x80000000u;       // set in m_generation when free
    static constexpr std::uint32_t kMaxGeneration = 0x7fffffffu; // a slot this old is retired

    // Per slot; trivially copyable so the table grows by plain copies.
    struct Record {
        Guid guid{};
        LayerId layer = 0;
        std::uint32_t name = kNone; // index in m_name_nodes; kNone: unnamed
        std::uint32_t next_free = kNone;
        bool dying = false;
        bool guid_indexed = false; // the guid is in m_by_guid
        bool guid_queued = false;  // the slot is in m_unindexed (kept when the slot is freed)
        bool guid_pending = false; // guid holds the creation counter: see generated_guid
    };

    // A slot's place in the hierarchy; all kNone for an object without children or a parent.
    struct TreeLinks {
        std::uint32_t first_child = kNone;
        std::uint32_t last_child = kNone;
        std::uint32_t next_sibling = kNone;
        std::uint32_t prev_sibling = kNone;
    };

    struct Group {
        std::vector<ComponentId> types;
        std::vector<PoolBase*> pools; // the pools of types, in the same order
        std::uint32_t size = 0;       // members occupy positions [0, size) of every owned pool
    };

    struct Envelope {
        Handle target{}; // null for a broadcast
        bool broadcast = false;
        std::optional<LayerId> layer;
        Message message;
    };

    // Ends a view's lock; the outermost one applies deferred removals and group joins.
    struct ViewLock {
        explicit ViewLock(World& w) : world(w) { ++world.m_view_depth; }
        ~ViewLock() {
            if (--world.m_view_depth == 0 && world.has_deferred()) [[unlikely]]
                world.apply_deferred();
        }
        ViewLock(const ViewLock&) = delete;
        ViewLock& operator=(const ViewLock&) = delete;
        World& world;
    };

    // Alive, else counts a stale access.
    [[nodiscard]] bool check(Handle h) const {
        if (alive(h)) return true;
        if (!h.is_null()) ++m_stale_accesses;
        return false;
    }
    [[nodiscard]] Handle handle_of(std::uint32_t index) const {
        return Handle{index, m_generation[index]};
    }
    // try_create without a Result (returned through memory, it slowed the caller down): on
    // failure sets error and returns the null handle. kDefault: def is ObjectDef{}, so its layer,
    // parent, name and guid steps are compiled out.
    template <bool kDefault>
    Handle create_object(const ObjectDef& def, std::optional<Error>& error);
    // create() through create_object: when a per-slot array, the Transform2D pool or the guid
    // queue must grow first, explicit guids are in use, or the slots are used up.
    [[gnu::noinline]] Handle create_growing();
    // create() can take slot index (reused: from the free list) without allocating anything or
    // checking guids.
    [[nodiscard]] bool room_to_create(std::uint32_t index, bool reused) const {
        const auto has_room = [](const auto& v) { return v.size() != v.capacity(); };
        return !m_explicit_guids && m_transforms->fits_without_growing(index) &&
               has_room(m_unindexed) &&
               (reused || (has_room(m_generation) && has_room(m_records) && has_room(m_parent) &&
                           m_generation.size() < kMaxGeneration));
    }
    // The guid state of a new object's record.
    struct NewGuid {
        Guid guid{};
        bool pending = false; // guid holds the creation counter
        bool indexed = false; // guid is in m_by_guid
        bool queued = false;  // the slot was queued in m_unindexed by this create
    };
    // Makes slot index (its arrays and Transform2D in place) a live object's: fills its record,
    // takes it off the free list when reused, counts it.
    DIORAMA_HOT_INLINE void occupy_slot(std::uint32_t index, bool reused, LayerId layer,
                                        const NewGuid& guid) {
        Record& r = m_records[index];
        if (reused) m_free_head = r.next_free;
        r.next_free = kNone;
        r.guid = guid.guid;
        r.guid_pending = guid.pending;
        r.layer = layer;
        r.guid_indexed = guid.indexed;
        r.guid_queued = r.guid_queued || guid.queued;
        m_explicit_guids = m_explicit_guids || guid.indexed;
        m_generation[index] &= ~kFreeBit;
        ++m_live_count;
    }
    // Runs Transform2D's on_create hook for the object created in slot index; returns its handle.
    DIORAMA_HOT_INLINE Handle announce_created(std::uint32_t index) {
        // A new object has only its Transform2D, so it cannot complete an owned group yet.
        if (const TypeInfo* t = cached_info(*m_transforms); t != nullptr && t->hooks.on_create)
            [[unlikely]]
            t->hooks.on_create(*this, handle_of(index), m_transforms->get(index));
        return handle_of(index);
    }
    // Stores reason in error; returns the null handle.
    static Handle fail(std::optional<Error>& error, Error reason);
    static void report_out_of_memory(const char* what);
    void mark_destroy(std::uint32_t index);
    // The hierarchy links of slot index.
    [[nodiscard]] TreeLinks tree_links(std::uint32_t index) const {
        return index < m_tree_links.size() ? m_tree_links[index] : TreeLinks{};
    }
    // Makes m_tree_links cover every slot, so linking cannot fail; may throw std::bad_alloc.
    void cover_tree_links();
    void unlink_parent(std::uint32_t index);
    // Precondition: cover_tree_links() since both slots were added.
    void link_parent(std::uint32_t index, std::uint32_t parent);
    void erase_name(std::uint32_t index);
    void store_name(std::uint32_t index, std::string name); // may throw std::bad_alloc
    void free_slot(std::uint32_t index);
    void index_pending_guids() const; // may throw std::bad_alloc
    // The guid generated for a value of the creation counter.
    [[nodiscard]] Guid generated_guid(std::uint64_t counter) const;
    // Advances the creation counter, skipping the one value whose guid would be null.
    std::uint64_t next_guid_counter() {
        if (++m_guid_counter == m_null_guid_counter) [[unlikely]]
            ++m_guid_counter;
        return m_guid_counter;
    }
    // The guid of the object in slot index (generated on the fly while pending).
    [[nodiscard]] Guid guid_at(std::uint32_t index) const;

    template <class T>
    Pool<T>& typed_pool();
    template <class T>
    [[nodiscard]] Pool<T>* find_typed_pool() const;
    PoolBase* pool_for(ComponentId type); // creates from the registry; nullptr if unregistered
    [[nodiscard]] const TypeInfo* type_info(ComponentId type) const;
    // The registered type of pool (hooks), cached in the pool on first use; null: unregistered.
    [[nodiscard]] const TypeInfo* cached_info(PoolBase& pool) const {
        if (!pool.info_cached) [[unlikely]]
            cache_info(pool);
        return pool.info;
    }
    void cache_info(PoolBase& pool) const;
    // add<T> when the pool is missing or must grow, the object has a T, or h is stale.
    template <class T>
    [[gnu::noinline]] T* add_slow(Handle h);
    // Joins the group of pool (when the object is now complete) and runs the type's on_create
    // hook, after entity's component was added to pool.
    DIORAMA_HOT_INLINE void after_add(std::uint32_t entity, PoolBase& pool, void* component) {
        if (pool.group >= 0) {
            if (m_view_depth > 0) [[unlikely]]
                defer_join(pool.group, entity);
            else
                join_group(entity, m_groups[static_cast<std::size_t>(pool.group)]);
        }
        if (const TypeInfo* t = cached_info(pool); t != nullptr && t->hooks.on_create) [[unlikely]]
            t->hooks.on_create(*this, handle_of(entity), component);
    }
    // Queues a group join for when the outermost view ends.
    void defer_join(int group, std::uint32_t entity);
    void erase_component(std::uint32_t entity, PoolBase& pool);
    // Makes entity a member of g when it has every type of g and is not a member yet.
    void join_group_if_complete(std::uint32_t entity, Group& g);
    // As join_group_if_complete, inline for the usual join after an add: entity's components
    // are the last of every pool of g, right after the members, so nothing moves.
    DIORAMA_HOT_INLINE void join_group(std::uint32_t entity, Group& g) {
        for (const PoolBase* p : g.pools)
            if (p->size() != g.size + 1 || p->entities().back() != entity) [[unlikely]]
                return join_group_if_complete(entity, g);
        ++g.size;
    }
    void leave_group(std::uint32_t entity, Group& g);
    [[nodiscard]] bool in_group(std::uint32_t entity, const Group& g) const;
    Result<void> make_group(std::vector<ComponentId> types);
    // The group owning exactly these pools (one each of its types), or null. A pool belongs to
    // one group at most, so this reads only the pools' group indexes: no call, no search.
    template <class... P>
    [[nodiscard]] const Group* group_owning(const P*... pools) const {
        const int g = std::get<0>(std::tuple{pools...})->group;
        if (g < 0 || ((pools->group != g) || ...)) return nullptr;
        const Group& group = m_groups[static_cast<std::size_t>(g)];
        return group.types.size() == sizeof...(P) ? &group : nullptr;
    }
    // Removals or joins were deferred by a view and wait for the outermost one to end.
    [[nodiscard]] bool has_deferred() const {
        return !m_deferred_removals.empty() || !m_deferred_joins.empty();
    }
    void apply_deferred();
    void deliver(const Envelope& e, std::size_t& deliveries);
    void deliver_to(std::uint32_t entity, const Message& m, std::size_t& deliveries);

    // An object's bounds source in its local frame: its Collider, else Shape, else Sprite.
    struct LocalShape {
        glm::vec2 center{0.0f}; // local
        glm::vec2 extent{0.0f}; // Box: half extents; Circle: the radius in x (y is 0)
        enum Kind : std::uint32_t { Point, Box, Circle } kind = Point;
    };
    // The pools an object's bounds source is looked up in (null when never used).
    struct ShapeSources {
        const Pool<Collider>* colliders = nullptr;
        const Pool<Shape>* shapes = nullptr;
        const Pool<Sprite>* sprites = nullptr;
    };
    [[nodiscard]] ShapeSources shape_sources() const;
    [[nodiscard]] static LocalShape local_shape(std::uint32_t index, const ShapeSources& from);
    [[nodiscard]] static Rect shape_bounds(const glm::mat3& m, const LocalShape& s);
    // world_matrix without the handle check.
    [[nodiscard]] glm::mat3 world_matrix_at(std::uint32_t index) const;
    // bounds without the handle check.
    [[nodiscard]] Rect bounds_at(std::uint32_t index, const ShapeSources& from) const;
    // Appends the handles of m_query_ids to out.
    void append_handles(std::vector<Handle>& out) const;

    const TypeRegistry* m_registry = nullptr;
    const PrefabLibrary* m_prefabs = nullptr;
    WorldDef m_def;

    // objects
    std::vector<std::uint32_t> m_generation; // per slot: generation if live, | kFreeBit if free
    std::vector<Record> m_records;           // per slot
    // Per slot: the parent's slot, or kNone. Apart from the records, so the per-tick walks that
    // need only the parent (world matrices, update_spatial) read 4 bytes per object, not a record.
    std::vector<std::uint32_t> m_parent;
    // Per slot, covering only the slots up to the last one linked into a hierarchy, so a flat
    // world's records stay small (24 bytes) and creating an object writes no links.
    std::vector<TreeLinks> m_tree_links;
    std::uint32_t m_free_head = kNone; // LIFO list of free slots
    std::size_t m_live_count = 0;
    std::vector<std::uint32_t> m_pending_destroy;
    std::vector<std::uint32_t> m_destroy_stack; // scratch for marking subtrees
    // guid -> slot. Explicit guids enter at once; generated ones wait in m_unindexed (they are
    // distinct by construction: a bijection of a counter) until a lookup needs the index.
    mutable GuidIndex m_by_guid;
    mutable std::vector<std::uint32_t> m_unindexed;
    bool m_explicit_guids = false; // an explicit guid was ever used: generated ones are checked
    // Names: each non-empty name once, with its objects in a list linked through the slots, in
    // the order they were given it (find_by_name answers the first), so naming and unnaming an
    // object is O(1) however many share its name.
    struct NameList {
        std::uint32_t first = kNone;
        std::uint32_t last = kNone;
        std::uint32_t id = kNone; // index in m_name_nodes
    };
    struct NameLinks {
        std::uint32_t prev = kNone;
        std::uint32_t next = kNone;
    };
    struct NameHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };
    using NameMap = std::unordered_map<std::string, NameList, NameHash, std::equal_to<>>;
    NameMap m_by_name;                              // name -> its objects
    std::vector<NameMap::value_type*> m_name_nodes; // by Record::name (nodes never move)
    std::vector<std::uint32_t> m_free_name_ids;     // unused m_name_nodes entries
    std::vector<NameLinks> m_name_links;            // by slot; grown when a slot is named
    std::uint64_t m_guid_counter = 0;
    std::uint64_t m_null_guid_counter; // the counter whose generated guid is null (never used)
    std::vector<std::string> m_layers;

    // components
    std::vector<std::unique_ptr<PoolBase>> m_pools; // by ComponentId; null when never used
    Pool<Transform2D>* m_transforms = nullptr;      // every object's; owned by m_pools
    std::vector<const TypeInfo*> m_destroy_types;   // registered types with an on_destroy hook
    std::vector<Group> m_groups;
    int m_view_depth = 0;
    std::vector<std::pair<ComponentId, std::uint32_t>> m_deferred_removals;
    std::vector<std::pair<int, std::uint32_t>> m_deferred_joins; // (group, entity)

    // messages and input
    std::vector<Envelope> m_messages;
    std::vector<const TypeInfo*> m_message_types; // registered types with an on_message hook
    InputState m_input;

    // spatial index, memory, counters
    SpatialGrid m_grid;
    mutable std::vector<std::uint32_t> m_query_ids; // scratch of the queries
    TransientArena m_transient;
    std::size_t m_dropped_messages = 0;
    mutable std::size_t m_stale_accesses = 0;
};

// ---- view ----

template <class... T>
class View {
public:
    static_assert(sizeof...(T) >= 1, "a view needs at least one component type");
    static_assert(detail::distinct_types<T...>(), "a view names each component type once");

    explicit View(World& world) : m_world(world) {}

    // Calls f(T&...) or f(Handle, T&...) for every object having all of T....
    template <class F>
    void each(F&& f);

    // An upper bound of the number of objects visited (the smallest pool's size).
    [[nodiscard]] std::size_t size_hint() const;

private:
    template <class F>
    void each_grouped(F& f, std::tuple<Pool<T>*...> pools, std::uint32_t n);
    template <class F>
    void call(F& f, std::uint32_t entity, std::tuple<Pool<T>*...>& pools);

    World& m_world;
};

// ---- inline implementation ----

template <class F>
void World::each_object(F&& f) const {
    for (std::uint32_t i = 0; i < m_generation.size(); ++i)
        if ((m_generation[i] & kFreeBit) == 0) f(handle_of(i));
}

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
    if (id >= m_pools.size()) m_pools.resize(id + 1);
    if (!m_pools[id]) m_pools[id] = std::make_unique<Pool<T>>();
    return static_cast<Pool<T>&>(*m_pools[id]);
}

DIORAMA_HOT_INLINE Handle World::create() {
    // Inline only the common case: nothing must grow and generated guids need no check.
    const bool reused = m_free_head != kNone;
    const std::uint32_t index =
        reused ? m_free_head : static_cast<std::uint32_t>(m_generation.size());
    if (!room_to_create(index, reused)) [[unlikely]]
        return create_growing();
    if (!reused) {
        m_records.emplace_back();
        m_generation.push_back(1u | kFreeBit);
        m_parent.push_back(kNone);
    }
    m_transforms->emplace_typed(index, m_generation[index] & ~kFreeBit);
    const bool queue = !m_records[index].guid_queued;
    if (queue) m_unindexed.push_back(index);
    occupy_slot(index, reused, LayerId{0}, NewGuid{Guid{next_guid_counter()}, true, false, queue});
    return announce_created(index);
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

template <class... T>
std::size_t View<T...>::size_hint() const {
    std::size_t n = static_cast<std::size_t>(-1);
    ((n = std::min(n, m_world.template count<T>())), ...);
    return n;
}

template <class... T>
template <class F>
void View<T...>::call(F& f, std::uint32_t entity, std::tuple<Pool<T>*...>& pools) {
    if constexpr (std::is_invocable_v<F&, Handle, T&...>)
        f(m_world.handle_of(entity), *std::get<Pool<T>*>(pools)->get(entity)...);
    else
        f(*std::get<Pool<T>*>(pools)->get(entity)...);
}

template <class... T>
template <class F>
void View<T...>::each_grouped(F& f, std::tuple<Pool<T>*...> pools, std::uint32_t n) {
    // Members sit at positions [0, n) of every owned pool, in the same order: walk the pages.
    using First = std::tuple_element_t<0, std::tuple<T...>>;
    const std::vector<std::uint32_t>& entities = std::get<Pool<First>*>(pools)->entities();
    for (std::uint32_t base = 0; base < n; base += PoolBase::kPageSize) {
        const std::size_t page = base >> PoolBase::kPageShift;
        const std::uint32_t count = std::min<std::uint32_t>(PoolBase::kPageSize, n - base);
        std::tuple<T*...> ptrs{std::get<Pool<T>*>(pools)->page(page)...};
        if constexpr (std::is_invocable_v<F&, Handle, T&...>) {
            for (std::uint32_t k = 0; k < count; ++k)
                f(m_world.handle_of(entities[base + k]), std::get<T*>(ptrs)[k]...);
        } else {
            for (std::uint32_t k = 0; k < count; ++k)
                f(std::get<T*>(ptrs)[k]...);
        }
    }
}

template <class... T>
template <class F>
void View<T...>::each(F&& f) {
    static_assert(std::is_invocable_v<F&, T&...> || std::is_invocable_v<F&, Handle, T&...>,
                  "each() takes f(T&...) or f(Handle, T&...)");
    std::tuple<Pool<T>*...> pools{m_world.template find_typed_pool<T>()...};
    if ((!std::get<Pool<T>*>(pools) || ...)) return;

    World::ViewLock lock(m_world);
    if constexpr (sizeof...(T) >= 2) {
        if (const World::Group* g = m_world.group_owning(std::get<Pool<T>*>(pools)...)) {
            each_grouped(f, pools, g->size);
            return;
        }
    }
    // Drive from the smallest pool; positions [0, n) are stable while the view runs.
    const PoolBase* driver = nullptr;
    ((driver = (driver == nullptr || std::get<Pool<T>*>(pools)->size() < driver->size())
                   ? std::get<Pool<T>*>(pools)
                   : driver),
     ...);
    const auto n = static_cast<std::uint32_t>(driver->size());
    for (std::uint32_t pos = 0; pos < n; ++pos) {
        const std::uint32_t entity = driver->entities()[pos];
        if ((std::get<Pool<T>*>(pools)->contains(entity) && ...)) call(f, entity, pools);
    }
}

} // namespace diorama
