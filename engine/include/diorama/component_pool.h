#pragma once
// Component pools: one dense sparse set per component type. Entities are object slot indices.
// Component data lives in fixed-size pages, so adding components never moves existing ones
// (references taken during a view stay valid); removal swaps the last element into the hole.
// Pages are allocated in chunks that double with the pool, so a large pool's pages are
// contiguous runs; chunks and arrays from 1.75 MiB up lie in huge-page memory (large_block.h).
// Each sparse entry holds the dense position and the owner's handle generation together (8 bytes,
// so the sparse array stays small and cache-friendly), so a lookup through a handle is the entry,
// then the page table (a handful of pointers, always in cache), then the component, and checks
// that the handle is current on the way.

#include "diorama/hot_inline.h"
#include "diorama/large_block.h"
#include "diorama/prefetch.h"
#include "diorama/reflection.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace diorama {

// The type-erased part of a pool, used by the world for runtime-typed access.
class PoolBase {
public:
    static constexpr std::uint32_t kAbsent = std::numeric_limits<std::uint32_t>::max();
    // The generation of an entry without a component: no handle a world hands out has it (their
    // generations stop at 2^31 - 1), nor the null handle.
    static constexpr std::uint32_t kNoOwner = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::uint32_t kPageShift = 12;
    static constexpr std::uint32_t kPageSize = 1u << kPageShift; // components per page

    virtual ~PoolBase() = default;
    PoolBase() = default;
    PoolBase(const PoolBase&) = delete;
    PoolBase& operator=(const PoolBase&) = delete;

    [[nodiscard]] ComponentId id() const { return m_id; }
    // Number of components in the pool.
    [[nodiscard]] std::size_t size() const { return m_dense.size(); }
    [[nodiscard]] bool contains(std::uint32_t entity) const {
        return entity < m_sparse.size() && m_sparse[entity].generation != kNoOwner;
    }
    // Position of entity in the dense arrays; precondition: contains(entity).
    [[nodiscard]] std::uint32_t position(std::uint32_t entity) const {
        return m_sparse[entity].position;
    }
    // True when the object at slot entity with this handle generation has a component here;
    // false for a stale handle, the null handle or an object without one.
    [[nodiscard]] bool holds(std::uint32_t entity, std::uint32_t generation) const {
        return entity < m_sparse.size() && m_sparse[entity].generation == generation;
    }
    // The component of entity, or nullptr.
    [[nodiscard]] virtual void* find(std::uint32_t entity) = 0;
    [[nodiscard]] const void* find(std::uint32_t entity) const {
        return const_cast<PoolBase*>(this)->find(entity);
    }
    // Starts fetching entity's sparse entry (a hint: a create calls it some slots ahead).
    void prefetch_entry(std::uint32_t entity) const {
        if (entity < m_sparse.size()) prefetch_line(&m_sparse[entity]);
    }
    // The entities in dense order.
    [[nodiscard]] const LargeVector<std::uint32_t>& entities() const { return m_dense; }

    // Adds a default-constructed component for the object at slot entity, whose handle has the
    // given (non-zero) generation; precondition: !contains(entity).
    virtual void* emplace(std::uint32_t entity, std::uint32_t generation) = 0;
    // Removes entity's component (the last one moves into its place); no-op when absent.
    virtual void erase(std::uint32_t entity) = 0;
    // Removes the components of entities, in order, from a pool whose first group_size positions
    // are the members of its owning group (0: no group): a member first leaves the group,
    // swapping places with its last member, as the world's one-object removal does. Entities
    // without a component here are skipped. Returns the group's size after.
    virtual std::uint32_t erase_each(std::span<const std::uint32_t> entities,
                                     std::uint32_t group_size) = 0;
    // Swaps the components (and entities) at two dense positions.
    virtual void swap_positions(std::uint32_t a, std::uint32_t b) = 0;
    // Makes room for `more` components beyond those held, for objects in slots below `slots`, so
    // adding them allocates nothing (less room when memory is short: adding then grows as
    // usual); may throw std::bad_alloc, changing nothing that matters.
    virtual void reserve(std::size_t more, std::size_t slots) = 0;
    // Removes every component.
    virtual void clear() = 0;
    // Bytes held by the pool (pages, sparse and dense arrays).
    [[nodiscard]] virtual std::size_t memory_bytes() const = 0;
    // A pool holding copies of these components at the same dense positions, for the same
    // entities and generations, with the same group and cached type (World::clone); may throw
    // std::bad_alloc.
    [[nodiscard]] virtual std::unique_ptr<PoolBase> clone() const = 0;

    // ---- owned groups (managed by the world) ----
    // Index of the outermost group owning this pool (the ones nested in it own it too), or -1.
    int group = -1;
    // The registered type's info (hooks), cached by the world on first use; null: unregistered.
    const TypeInfo* info = nullptr;
    bool info_cached = false;

protected:
    struct SparseEntry {
        std::uint32_t position = kAbsent;    // in the dense arrays
        std::uint32_t generation = kNoOwner; // the owner's handle generation
    };

    ComponentId m_id = 0;
    LargeVector<SparseEntry> m_sparse;  // entity -> dense position and owner generation
    LargeVector<std::uint32_t> m_dense; // dense position -> entity
};

template <class T>
class Pool final : public PoolBase {
public:
    Pool() { m_id = component_id<T>(); }
    // A pool for a type whose components are stored as T but which has an id of its own (each
    // scripted type is stored as the one C++ type ScriptedComponent).
    explicit Pool(ComponentId id) { m_id = id; }
    ~Pool() override {
        clear();
        release_pages();
    }

    void* emplace(std::uint32_t entity, std::uint32_t generation) override {
        return &emplace_typed(entity, generation);
    }

    // entity has no component here and one more fits without growing anything, so
    // emplace_typed cannot throw.
    [[nodiscard]] bool fits_without_growing(std::uint32_t entity) const {
        return m_dense.size() != m_room && entity < m_sparse.size() &&
               m_sparse[entity].generation == kNoOwner;
    }

    DIORAMA_HOT_INLINE T& emplace_typed(std::uint32_t entity, std::uint32_t generation) {
        assert(!contains(entity) && generation != 0);
        const auto pos = static_cast<std::uint32_t>(m_dense.size());
        if (pos == m_room || entity >= m_sparse.size()) [[unlikely]]
            make_room(entity);
        // Everything that can throw happened above: the pool is unchanged if it did.
        T* slot = new (&raw_at(pos)) T();
        append_entity(entity);
        m_sparse[entity] = SparseEntry{pos, generation};
        return *slot;
    }

    [[nodiscard]] void* find(std::uint32_t entity) override { return get(entity); }

    // The component of entity, or nullptr.
    [[nodiscard]] T* get(std::uint32_t entity) { return contains(entity) ? held(entity) : nullptr; }
    [[nodiscard]] const T* get(std::uint32_t entity) const {
        return const_cast<Pool*>(this)->get(entity);
    }

    // The component of the object at slot entity with this handle generation, or nullptr when
    // it has none or the generation is not current (a stale handle).
    [[nodiscard]] T* get(std::uint32_t entity, std::uint32_t generation) {
        return holds(entity, generation) ? held(entity) : nullptr;
    }
    // The component of entity; precondition: contains(entity) (e.g. holds(entity, ...) is true).
    [[nodiscard]] T* held(std::uint32_t entity) { return &at(m_sparse[entity].position); }

    // The component at a dense position; precondition: pos < size().
    [[nodiscard]] T& at(std::uint32_t pos) { return raw_at(pos); }
    [[nodiscard]] const T& at(std::uint32_t pos) const {
        return const_cast<Pool*>(this)->raw_at(pos);
    }

    // Page p's first component; a page holds kPageSize components (the last one fewer).
    [[nodiscard]] T* page(std::size_t p) { return m_pages[p]; }

    void erase(std::uint32_t entity) override {
        if (contains(entity)) erase_at(entity, m_sparse[entity].position);
    }

    std::uint32_t erase_each(std::span<const std::uint32_t> entities,
                             std::uint32_t group_size) override {
        for (const std::uint32_t entity : entities) {
            if (!contains(entity)) continue;
            std::uint32_t pos = m_sparse[entity].position;
            if (pos < group_size) {
                // The group's last member fills the hole, and the pool's last fills the group's
                // last place (below): the order a swap to the group's end and an erase there
                // leave, without reading the erased component.
                --group_size;
                if (pos != group_size) move_to(group_size, pos);
                pos = group_size;
            }
            erase_at(entity, pos);
        }
        return group_size;
    }

    void swap_positions(std::uint32_t a, std::uint32_t b) override {
        if (a == b) return;
        using std::swap;
        swap(at(a), at(b));
        swap(m_dense[a], m_dense[b]);
        m_sparse[m_dense[a]].position = a;
        m_sparse[m_dense[b]].position = b;
    }

    void reserve(std::size_t more, std::size_t slots) override {
        const std::size_t wanted = m_dense.size() + more;
        if (wanted > m_room) {
            const std::size_t pages = (wanted + kPageSize - 1) / kPageSize;
            if (pages > m_pages.size()) add_pages(pages - m_pages.size());
            m_dense.reserve(m_pages.size() * kPageSize);
            m_room = static_cast<std::uint32_t>(m_pages.size() * kPageSize);
        }
        if (slots > m_sparse.size()) m_sparse.resize(slots);
    }

    void clear() override {
        for (std::uint32_t pos = 0; pos < m_dense.size(); ++pos)
            at(pos).~T();
        for (std::uint32_t e : m_dense)
            m_sparse[e] = SparseEntry{};
        m_dense.clear();
    }

    [[nodiscard]] std::size_t memory_bytes() const override {
        return m_pages.size() * kPageSize * sizeof(T) + m_sparse.capacity() * sizeof(SparseEntry) +
               m_dense.capacity() * sizeof(std::uint32_t) + m_pages.capacity() * sizeof(T*) +
               m_chunks.capacity() * sizeof(Chunk);
    }

    [[nodiscard]] std::unique_ptr<PoolBase> clone() const override {
        auto copy = std::make_unique<Pool<T>>(m_id);
        copy->reserve(size(), m_sparse.size()); // nothing below grows
        for (std::uint32_t pos = 0; pos < m_dense.size(); ++pos) {
            const std::uint32_t entity = m_dense[pos];
            if constexpr (std::is_copy_constructible_v<T>) { // built as a copy, not then assigned
                new (&copy->raw_at(pos)) T(at(pos));
                copy->append_entity(entity);
                copy->m_sparse[entity] = m_sparse[entity];
            } else {
                copy->emplace_typed(entity, m_sparse[entity].generation) = at(pos);
            }
        }
        copy->group = group;
        copy->info = info;
        copy->info_cached = info_cached;
        return copy;
    }

private:
    // Removes entity's component, at dense position pos (the last one moves into its place).
    DIORAMA_HOT_INLINE void erase_at(std::uint32_t entity, std::uint32_t pos) {
        const auto last = static_cast<std::uint32_t>(m_dense.size() - 1);
        if (pos != last) move_to(last, pos);
        at(last).~T();
        m_dense.pop_back();
        m_sparse[entity] = SparseEntry{};
    }

    // Moves the component and entity at dense position from into position to (its component
    // assigned over); from keeps a moved-from component.
    DIORAMA_HOT_INLINE void move_to(std::uint32_t from, std::uint32_t to) {
        at(to) = std::move(at(from));
        const std::uint32_t moved = m_dense[from];
        m_dense[to] = moved;
        m_sparse[moved].position = to;
    }

    // Appends to the dense array; flattened, as GCC left push_back an out-of-line call in create
    // and add (about a sixth of a churn's instructions).
    [[gnu::flatten]] void append_entity(std::uint32_t entity) { m_dense.push_back(entity); }

    T& raw_at(std::uint32_t pos) { return m_pages[pos >> kPageShift][pos & (kPageSize - 1)]; }

    // Grows the pages (with the dense array alongside) and the sparse array, so one more
    // component fits and entity has an entry; may throw std::bad_alloc, changing nothing that
    // matters (a page or capacity more).
    [[gnu::noinline]] void make_room(std::uint32_t entity) {
        if (m_dense.size() == m_room) {
            if ((m_room >> kPageShift) >= m_pages.size())
                add_pages(std::max<std::size_t>(1, m_pages.size()));
            if (m_dense.capacity() < m_pages.size() * kPageSize)
                m_dense.reserve(std::max(m_pages.size() * kPageSize, m_dense.capacity() * 2));
            m_room = static_cast<std::uint32_t>(m_pages.size() * kPageSize);
        }
        if (entity >= m_sparse.size())
            m_sparse.resize(std::max<std::size_t>(entity + 1, m_sparse.size() * 2));
    }

    // Adds count pages in one contiguous chunk; growing by as many pages as the pool has makes a
    // large pool a few long runs of memory that a walk streams through like one array (1M
    // Transform2D: 9 chunks instead of 245 separate pages). When that chunk does not fit in
    // memory, adds a single page; may throw std::bad_alloc, changing nothing.
    void add_pages(std::size_t count) {
        m_chunks.reserve(m_chunks.size() + 1);
        m_pages.reserve(m_pages.size() + count);
        T* chunk = allocate_chunk(count);
        if (chunk == nullptr && count > 1) {
            count = 1;
            chunk = allocate_chunk(count);
        }
        if (chunk == nullptr) throw std::bad_alloc();
        m_chunks.push_back(Chunk{chunk, count});
        for (std::size_t i = 0; i < count; ++i)
            m_pages.push_back(chunk + i * kPageSize);
    }
    // Room for page_count pages, or nullptr when memory is short.
    static T* allocate_chunk(std::size_t page_count) {
        return static_cast<T*>(allocate_block(page_count * kPageSize * sizeof(T), alignof(T)));
    }
    void release_pages() {
        for (const Chunk& chunk : m_chunks)
            free_block(chunk.first, chunk.pages * kPageSize * sizeof(T), alignof(T));
        m_chunks.clear();
        m_pages.clear();
    }

    struct Chunk {
        T* first;          // its first page
        std::size_t pages; // how many pages it holds
    };
    std::vector<T*> m_pages;     // raw storage; slots [0, size()) hold live components
    std::vector<Chunk> m_chunks; // the allocations the pages lie in
    // Components the pages hold; the dense array's capacity is at least as much, so below it
    // adding needs no allocation.
    std::uint32_t m_room = 0;
};

template <class T>
std::unique_ptr<PoolBase> make_typed_pool() {
    return std::make_unique<Pool<T>>();
}

} // namespace diorama
