#pragma once
// World: the object store, and the one header users include. Owns every object and component;
// others hold Handles and re-fetch.
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
//
// The store's parts, each a header under diorama/world/ and a source under src/world/: objects
// (slots, guids, layers), names, hierarchy, component pools (component_pool.h) and groups,
// views, messages, the spatial index, and the bounds and draw order shared with the renderer
// (draw_order.h). World is the thin front over them; the inline hot paths are in world/detail/.

#include "diorama/component_pool.h"
#include "diorama/components.h"
#include "diorama/geometry.h"
#include "diorama/guid_index.h"
#include "diorama/handle.h"
#include "diorama/hot_inline.h"
#include "diorama/large_block.h"
#include "diorama/message.h"
#include "diorama/reflection.h"
#include "diorama/result.h"
#include "diorama/spatial_grid.h"
#include "diorama/transient_arena.h"
#include "diorama/world/detail/slot_array.h"
#include "diorama/world/draw_order.h"
#include "diorama/world/groups.h"
#include "diorama/world/hierarchy.h"
#include "diorama/world/messages.h"
#include "diorama/world/names.h"
#include "diorama/world/objects.h"
#include "diorama/world/view.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace diorama {

class TypeRegistry;
class PrefabLibrary;
class TilesetLibrary;

class World {
public:
    // The registry must outlive the world.
    explicit World(const TypeRegistry& registry, WorldDef def = {});
    ~World();
    World(const World&) = delete;
    World& operator=(const World&) = delete;
    // A world in the same state: the same objects in the same slots (every handle and guid
    // valid in both), names, hierarchy, layers, components at the same pool positions, groups,
    // waiting messages and destroys, input and spatial index, so the same state hash and the
    // same results from whatever is done to each after. Runs no hook; its tree_revision is its
    // own. Not while a view runs. May throw std::bad_alloc.
    [[nodiscard]] std::unique_ptr<World> clone() const;

    [[nodiscard]] const TypeRegistry& registry() const { return *m_registry; }
    // The prefabs game code spawns from (see spawn() in prefab.h); may be null. Not owned.
    [[nodiscard]] const PrefabLibrary* prefabs() const { return m_prefabs; }
    void set_prefabs(const PrefabLibrary* prefabs) { m_prefabs = prefabs; }
    // The tilesets the tile maps name (tile_collision.h reads their solid tiles); may be null.
    // Not owned.
    [[nodiscard]] const TilesetLibrary* tilesets() const { return m_tilesets; }
    void set_tilesets(const TilesetLibrary* tilesets) { m_tilesets = tilesets; }
    // Component hooks (on_create, on_destroy, on_message) run only while enabled, the default. A
    // world holding a copy of another's state (the editor's view of a running player) turns them
    // off: building it runs no game code. Set before adding objects. Types registered or
    // replaced later (a script declaring one while the world runs) have their hooks run too.
    void set_hooks_enabled(bool enabled);
    [[nodiscard]] bool hooks_enabled() const { return m_hooks_enabled; }

    // ---- objects ----

    // Creates an object with a Transform2D. Fails (nothing created, nothing logged) when the guid
    // is in use, the parent is stale, the layer does not exist, the slots are used up or memory
    // runs out: creation reports failure this one way.
    [[nodiscard]] Result<Handle> create(const ObjectDef& def);
    // A root object on layer 0, unnamed, with a generated guid: create(ObjectDef{}) without a
    // Result, inline when nothing must grow. It fails only when memory runs out, and then throws
    // std::bad_alloc as standard containers do (std::length_error once all 2^31 - 1 slots are
    // in use); nothing is created.
    Handle create();
    // Marks the object and its descendants for destruction at the next flush. Stale: no-op.
    void destroy(Handle h);
    // Removes every marked object: on_destroy hooks first, then storage. Returns how many.
    // Must not be called while a view runs.
    std::size_t flush();
    // Destroys every object now (hooks run); layers are kept.
    void clear();
    // Makes room for `more` objects with explicit guids beyond those alive, so creating them
    // grows no table (a loader that knows how many it makes). May throw std::bad_alloc.
    void reserve(std::size_t more);
    // Makes room for `more` components of a registered type beyond those held, for objects in
    // the slots that exist or reserve() made room for, so adding them grows nothing. May throw
    // std::bad_alloc; does nothing for an unregistered type.
    void reserve_components(ComponentId type, std::size_t more);
    // A hint that an object with guid g is about to be created or looked up: the guid index
    // starts fetching its memory (a loader calls it some objects ahead).
    void prefetch_guid(Guid g) const { m_by_guid.prefetch(g); }
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
    // The object's name ("" when it has none). The reference is valid until the next create,
    // destroy or set_name in this world: copy it to keep it past those.
    [[nodiscard]] const std::string& name(Handle h) const;
    void set_name(Handle h, std::string name);
    // A live object with this name (the earliest named so), or the null handle.
    [[nodiscard]] Handle find_by_name(std::string_view name) const;

    // ---- layers ----

    // The layer with this name, added at the end if new; throws std::length_error when the world
    // already holds kMaxLayers layers.
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
    // Children in their order (attached last unless moved with move_before).
    [[nodiscard]] std::vector<Handle> children(Handle h) const;
    [[nodiscard]] Handle first_child(Handle h) const;
    // The next child of the same parent, or for a root the next root; null after the last.
    [[nodiscard]] Handle next_sibling(Handle h) const;
    // The first object without a parent. Roots are in slot order (the order of a loaded file)
    // until one is moved with move_before; from then on in their own order, new roots last.
    [[nodiscard]] Handle first_root() const;
    // Moves h among its siblings (its parent's children, or the roots) to just before `before`,
    // or last when `before` is null. Refused for a stale handle or a `before` that is not h's
    // sibling.
    Result<void> move_before(Handle h, Handle before);
    // h's place in the hierarchy's depth-first order (roots in order, each followed by its
    // subtree); 0 for a stale handle. Cached: recomputed after the hierarchy changed, so it is
    // not safe to call concurrently.
    [[nodiscard]] std::uint32_t tree_rank(Handle h) const;
    // A number that changes whenever an object is created or destroyed, a parent or a sibling
    // order changes, or an object moves to another layer; no two worlds ever share one. A view of
    // the tree (the editor's hierarchy rows) made at a revision is right while it stays the same.
    [[nodiscard]] std::uint64_t tree_revision() const { return m_tree_changes; }
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

    // Declares an owned group over T... (at least two types), so view<T...>() walks parallel
    // arrays. A group may share pools only with a nesting chain: it is then nested in the chain's
    // innermost group, whose types it must all have (as group<Transform2D, Velocity, Tag>() in
    // the built-in Transform2D + Velocity group). Existing members are gathered at once.
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

    // The object's world-space bounds, by the rule of world/draw_order.h; Rect{} when stale.
    [[nodiscard]] Rect bounds(Handle h) const;
    // Brings the index up to date with every object's bounds (the Simulation calls it at the end
    // of each tick; call it after moving objects outside a tick). Flushed objects leave at once.
    // Every object's bounds are computed again, so changes made through any path (pointers from
    // get<T>(), re-parenting, components added or removed) are seen; only boxes that changed
    // cells cost the grid more than a store.
    void update_spatial();
    // Marks the index out of date instead: the next query (or spatial()) brings it up to date
    // first, so it answers exactly as if update_spatial() had been called now, provided nothing
    // moves in between (the Simulation's tick when no code in it queries; see
    // TypeRegistry::tick_may_query_space).
    void defer_spatial_update() { m_spatial_deferred = true; }
    // update_spatial() now when code run in a tick may query the index, so the next tick sees
    // it as things are now (TypeRegistry::tick_may_query_space); else defer_spatial_update():
    // what the Simulation does at a tick's end and a loader once it has filled the world.
    void settle_spatial();
    // Objects whose indexed bounds overlap / contain / touch, each once, in slot order.
    void query_rect(const Rect& area, std::vector<Handle>& out) const;
    void query_point(glm::vec2 point, std::vector<Handle>& out) const;
    void query_circle(glm::vec2 center, float radius, std::vector<Handle>& out) const;
    // The index itself (brought up to date first when an update was deferred).
    [[nodiscard]] const SpatialGrid& spatial() const {
        catch_up_spatial();
        return m_grid;
    }

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
    [[nodiscard]] std::span<Handle> handles_with();
    // Number of slots (live or free); handle indexes are below it.
    [[nodiscard]] std::uint32_t slot_count() const {
        return static_cast<std::uint32_t>(m_generation.size());
    }

private:
    template <class... T>
    friend class View;

    static constexpr std::uint32_t kNone = detail::kNoSlot;
    static constexpr std::uint32_t kFreeBit = 0x80000000u;       // set in m_generation when free
    static constexpr std::uint32_t kMaxGeneration = 0x7fffffffu; // a slot this old is retired

    using Record = detail::ObjectRecord;
    using TreeLinks = detail::TreeLinks;
    using Group = detail::Group;
    using Envelope = detail::Envelope;
    using NewGuid = detail::NewGuid;
    using LocalBounds = detail::LocalBounds;

    // Ends a view's lock; the outermost one applies deferred removals and group joins.
    struct ViewLock {
        explicit ViewLock(World& w);
        ~ViewLock();
        ViewLock(const ViewLock&) = delete;
        ViewLock& operator=(const ViewLock&) = delete;
        World& world;
    };

    // The pools an object's bounds source is looked up in (null when never used).
    struct ShapeSources {
        const Pool<Collider>* colliders = nullptr;
        const Pool<Shape>* shapes = nullptr;
        const Pool<Sprite>* sprites = nullptr;
        const Pool<TileMap>* tile_maps = nullptr;
    };

    // ---- objects (src/world/objects.cpp; inline parts in detail/world_inline.h) ----

    // Alive, else counts a stale access.
    [[nodiscard]] bool check(Handle h) const;
    [[nodiscard]] Handle handle_of(std::uint32_t index) const;
    // create(def) without a Result (returned through memory, it slowed create() down): on
    // failure sets error and returns the null handle. kDefault: def is ObjectDef{}, so its layer,
    // parent, name and guid steps are compiled out.
    template <bool kDefault>
    Handle create_object(const ObjectDef& def, std::optional<Error>& error);
    // create(def)'s work out of line: the handle comes back in a register and the Error only on
    // failure, so the inline create(def) costs a caller no Result returned through memory.
    Handle create_reporting(const ObjectDef& def, std::optional<Error>& error);
    // create() through create_object: when a per-slot array, the Transform2D pool or the guid
    // queue must grow first, explicit guids are in use, or the slots are used up.
    [[gnu::noinline]] Handle create_growing();
    // create() can take slot index (reused: from the free list) without allocating anything or
    // checking guids.
    [[nodiscard]] bool room_to_create(std::uint32_t index, bool reused) const;
    // Starts fetching what creating an object in free slot index reads first (its record,
    // generation and Transform2D entry): a create calls it for the slot reused some creates later.
    void prefetch_slot(std::uint32_t index) const;
    static constexpr std::size_t kPrefetchSlotsAhead = 4;
    // Makes slot index (its arrays and Transform2D in place) a live object's: fills its record,
    // takes it off the free list when reused, counts it.
    void occupy_slot(std::uint32_t index, bool reused, LayerId layer, const NewGuid& guid);
    // Runs Transform2D's on_create hook for the object created in slot index; returns its handle.
    Handle announce_created(std::uint32_t index);
    // Stores reason in error; returns the null handle.
    static Handle fail(std::optional<Error>& error, Error reason);
    static void report_out_of_memory(const char* what);
    void mark_destroy(std::uint32_t index);
    // True when slot index is marked for destruction.
    bool marked(std::uint32_t index) const {
        assert(index / 64 < m_marked.size() && "the marks cover every slot");
        return ((m_marked[index / 64] >> (index % 64)) & 1u) != 0;
    }
    // Marks slot index for destruction (allocates nothing: the marks cover every slot).
    void set_marked(std::uint32_t index) {
        assert(index / 64 < m_marked.size() && "the marks cover every slot");
        m_marked[index / 64] |= std::uint64_t{1} << (index % 64);
    }
    // Grows the marks to cover every slot m_generation has room for; may throw std::bad_alloc.
    void cover_marks() {
        if (m_marked.size() * 64 < m_generation.capacity())
            m_marked.resize(m_generation.capacity() / 64 + 1);
    }
    void free_slot(std::uint32_t index);

    // ---- identity (src/world/identity.cpp) ----

    void index_pending_guids() const; // may throw std::bad_alloc
    // The guid generated for a value of the creation counter.
    [[nodiscard]] Guid generated_guid(std::uint64_t counter) const;
    // Advances the creation counter, skipping the one value whose guid would be null.
    std::uint64_t next_guid_counter();
    // The guid of the object in slot index (generated on the fly while pending).
    [[nodiscard]] Guid guid_at(std::uint32_t index) const;
    void erase_name(std::uint32_t index);
    // Names the object in slot index (a copy of the text is made only for a new name); may throw
    // std::bad_alloc, changing nothing.
    void store_name(std::uint32_t index, std::string_view name);

    // ---- hierarchy (src/world/hierarchy.cpp) ----

    // The hierarchy links of slot index.
    [[nodiscard]] TreeLinks tree_links(std::uint32_t index) const;
    // The parent's slot of slot index, or kNone.
    [[nodiscard]] std::uint32_t parent_slot(std::uint32_t index) const {
        return index < m_parent.size() ? m_parent[index] : kNone;
    }
    // Makes m_parent and m_tree_links cover every slot, so linking cannot fail; may throw
    // std::bad_alloc.
    void cover_tree_links();
    // Takes the slot out of its siblings' list (a root's only while the roots are linked).
    void unlink_parent(std::uint32_t index);
    // Appends the slot to parent's children, or to the roots when parent is kNone (then the
    // roots must be linked). Precondition: cover_tree_links() since both slots were added.
    void link_parent(std::uint32_t index, std::uint32_t parent);
    // Links every root into m_root_links in slot order; may throw std::bad_alloc.
    void link_roots();
    // The list of parent's children, or m_root_links for kNone.
    [[nodiscard]] TreeLinks& sibling_list(std::uint32_t parent);
    // The first live root at slot `from` or after, or kNone (roots not linked).
    [[nodiscard]] std::uint32_t root_from(std::uint32_t from) const;
    // Makes m_tree_rank every slot's tree_rank as of now (tree_rank's cache).
    void rank_tree() const;

    // ---- components and groups (src/world/components.cpp, groups.cpp) ----

    template <class T>
    Pool<T>& typed_pool();
    // Stores a new pool for `id` (which has none) and lists it in m_pools_in_use; returns it.
    PoolBase& adopt_pool(ComponentId id, std::unique_ptr<PoolBase> pool);
    template <class T>
    [[nodiscard]] Pool<T>* find_typed_pool() const;
    PoolBase* pool_for(ComponentId type); // creates from the registry; nullptr if unregistered
    [[nodiscard]] const TypeInfo* type_info(ComponentId type) const;
    // The registered type of pool (hooks), cached in the pool on first use; null: unregistered.
    [[nodiscard]] const TypeInfo* cached_info(PoolBase& pool) const;
    void cache_info(PoolBase& pool) const;
    // add<T> when the pool is missing or must grow, the object has a T, or h is stale.
    template <class T>
    [[gnu::noinline]] T* add_slow(Handle h);
    // Joins the group of pool (when the object is now complete) and runs the type's on_create
    // hook, after entity's component was added to pool.
    void after_add(std::uint32_t entity, PoolBase& pool, void* component);
    // Queues a group join for when the outermost view ends.
    void defer_join(int group, std::uint32_t entity);
    void erase_component(std::uint32_t entity, PoolBase& pool);
    // Removes every component of the objects at these slots, object after object in order, with
    // the same result as erase_component for each (a pool at a time when no group is nested).
    void erase_components(std::span<const std::uint32_t> entities);
    // Makes entity a member of g when it has every type of g; true when it is a member after.
    bool join_group_if_complete(std::uint32_t entity, Group& g);
    // Joins group's chain from its outermost group, as far as entity has the types (it may be
    // a member of some already).
    void join_groups(std::uint32_t entity, int group);
    // As join_groups, inline for the usual join after an add: entity's components are the last
    // of every pool of g, right after the members, so nothing moves.
    void join_group(std::uint32_t entity, int group);
    // Leaves group and every group nested in it that entity is a member of, innermost first.
    void leave_groups(std::uint32_t entity, int group);
    // Takes member entity out of g alone: it swaps places with g's last member in g's pools.
    void leave_group(std::uint32_t entity, Group& g);
    [[nodiscard]] bool in_group(std::uint32_t entity, const Group& g) const;
    Result<void> make_group(std::vector<ComponentId> types);
    // Checks that a new group over types, sharing pools with existing groups, nests in the
    // innermost group of their one chain; returns that group's index, or -1 when it shares none.
    Result<int> nesting_for(const std::vector<ComponentId>& types) const;
    // The group owning exactly these pools (one each of its types), or null: the innermost of
    // the pools' groups when they are all of one chain. Reads only the pools' group indexes.
    template <class... P>
    [[nodiscard]] const Group* group_owning(const P*... pools) const;
    // Removals or joins were deferred by a view and wait for the outermost one to end.
    [[nodiscard]] bool has_deferred() const;
    void apply_deferred();

    // ---- messages (src/world/messages.cpp) ----

    void deliver(const Envelope& e, std::size_t& deliveries);
    void deliver_to(std::uint32_t entity, const Message& m, std::size_t& deliveries);

    // ---- spatial index (src/world/spatial.cpp) ----

    [[nodiscard]] ShapeSources shape_sources() const;
    // world_matrix without the handle check.
    [[nodiscard]] glm::mat3 world_matrix_at(std::uint32_t index) const;
    // bounds without the handle check.
    [[nodiscard]] Rect bounds_at(std::uint32_t index, const ShapeSources& from) const;
    // Runs a deferred update_spatial(); the index is a cache of the objects, so queries may.
    void catch_up_spatial() const {
        if (m_spatial_deferred) refresh_spatial();
    }
    // Files every live object's bounds in the grid; clears m_spatial_deferred.
    void refresh_spatial() const;
    // Appends the handles of m_query_ids to out.
    void append_handles(std::vector<Handle>& out) const;

    struct CloneTag {};
    // clone()'s copy.
    World(const World& other, CloneTag);
    // A new world's first tree_revision: a multiple of 2^32 no other world started at.
    static std::uint64_t first_tree_revision();
    // The types whose on_destroy / on_message hooks run, as the registry has them now.
    void list_hook_types();
    // list_hook_types() when the registry changed since.
    void follow_registry();

    const TypeRegistry* m_registry = nullptr;
    const PrefabLibrary* m_prefabs = nullptr;
    const TilesetLibrary* m_tilesets = nullptr;
    bool m_hooks_enabled = true;
    WorldDef m_def;

    // objects
    // Per slot: the generation if live, | kFreeBit if free.
    detail::SlotArray<std::uint32_t> m_generation;
    detail::SlotArray<Record> m_records; // per slot
    // Per slot: the parent's slot, or kNone; read through parent_slot. Apart from the records,
    // so the per-tick walks that need only the parent (world matrices, update_spatial) read 4
    // bytes per object, not a record. It covers at least the slots m_tree_links covers.
    LargeVector<std::uint32_t> m_parent;
    // Per slot, covering only the slots up to the last one linked into a hierarchy, so a flat
    // world keeps no links and creating an object in it writes neither links nor a parent.
    LargeVector<TreeLinks> m_tree_links;
    // Once a root was moved, the roots are a list too (first_child/last_child here; every slot
    // covered by m_tree_links) and creating goes the out-of-line way that links new roots.
    bool m_roots_linked = false;
    TreeLinks m_root_links;
    std::uint64_t m_tree_changes = 0; // tree_revision: bumped by every change of the tree or layers
    mutable std::uint64_t m_ranked_at = ~0ull;      // m_tree_changes when m_tree_rank was made
    mutable LargeVector<std::uint32_t> m_tree_rank; // per slot: tree_rank
    // The free slots, the next one to reuse last (LIFO: recently used memory is warm). A stack,
    // not a list through the records, so a create knows its slot without reading one; its
    // capacity covers every slot, so freeing never allocates.
    LargeVector<std::uint32_t> m_free_slots;
    std::size_t m_live_count = 0;
    std::vector<std::uint32_t> m_pending_destroy;
    // One bit per slot: marked for destruction. Apart from the records, so a destroy reads a
    // small array (12.5 KB for 100k slots) instead of a record in a random place. It covers every
    // slot m_generation has room for (cover_marks), so marking never allocates.
    std::vector<std::uint64_t> m_marked;
    std::vector<std::uint32_t> m_destroy_stack; // scratch for marking subtrees
    // guid -> slot. Explicit guids enter at once; generated ones wait (they are distinct by
    // construction: a bijection of a counter) until a lookup needs the index: those of reused
    // slots in m_unindexed, those of new slots in the slots from m_unindexed_from on.
    mutable GuidIndex m_by_guid;
    mutable std::vector<std::uint32_t> m_unindexed;
    mutable std::uint32_t m_unindexed_from = 0;
    bool m_explicit_guids = false; // an explicit guid was ever used: generated ones are checked
    detail::NameIndex m_names;     // Record::name is an id in it
    std::uint64_t m_guid_counter = 0;
    std::uint64_t m_null_guid_counter; // the counter whose generated guid is null (never used)
    std::vector<std::string> m_layers;

    // components
    std::vector<std::unique_ptr<PoolBase>> m_pools; // by ComponentId; null when never used
    std::vector<PoolBase*> m_pools_in_use;          // m_pools' non-null entries, in id order
    Pool<Transform2D>* m_transforms = nullptr;      // every object's; owned by m_pools
    std::vector<const TypeInfo*> m_destroy_types;   // registered types with an on_destroy hook
    std::uint64_t m_hook_types_at = 0; // the registry's revision the two hook lists were made at
    std::vector<Group> m_groups;
    int m_view_depth = 0;
    std::vector<std::pair<ComponentId, std::uint32_t>> m_deferred_removals;
    std::vector<std::pair<int, std::uint32_t>> m_deferred_joins; // (group, entity)

    // messages and input
    std::vector<Envelope> m_messages;
    std::vector<const TypeInfo*> m_message_types; // registered types with an on_message hook
    InputState m_input;

    // spatial index, memory, counters
    mutable SpatialGrid m_grid;              // a cache of the objects' bounds (catch_up_spatial)
    mutable bool m_spatial_deferred = false; // m_grid is older than the objects
    mutable std::vector<std::uint32_t> m_query_ids; // scratch of the queries
    TransientArena m_transient;
    std::size_t m_dropped_messages = 0;
    mutable std::size_t m_stale_accesses = 0;
};

} // namespace diorama

#include "diorama/world/detail/view_each.h"
#include "diorama/world/detail/world_inline.h"
