// World: parents and children, world transforms.

#include "diorama/world.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include <new>

namespace diorama {

// ---- hierarchy ----

Handle World::first_child(Handle h) const {
    if (!check(h)) return kNullHandle;
    const std::uint32_t c = tree_links(h.index).first_child;
    return c == kNone ? kNullHandle : handle_of(c);
}

Handle World::next_sibling(Handle h) const {
    if (!check(h)) return kNullHandle;
    if (parent_slot(h.index) == kNone && !m_roots_linked) {
        const std::uint32_t s = root_from(h.index + 1);
        return s == kNone ? kNullHandle : handle_of(s);
    }
    const std::uint32_t s = tree_links(h.index).next_sibling;
    return s == kNone ? kNullHandle : handle_of(s);
}

Handle World::first_root() const {
    const std::uint32_t r = m_roots_linked ? m_root_links.first_child : root_from(0);
    return r == kNone ? kNullHandle : handle_of(r);
}

std::uint32_t World::root_from(std::uint32_t from) const {
    for (std::uint32_t i = from; i < m_generation.size(); ++i)
        if ((m_generation[i] & kFreeBit) == 0 && parent_slot(i) == kNone) return i;
    return kNone;
}

Result<void> World::move_before(Handle h, Handle before) {
    if (!check(h)) return make_error(ErrorCode::StaleHandle, "move_before on a stale handle");
    if (!before.is_null() && !check(before))
        return make_error(ErrorCode::StaleHandle, "the sibling handle is stale");
    const std::uint32_t parent = parent_slot(h.index);
    if (!before.is_null() && parent_slot(before.index) != parent)
        return make_error(ErrorCode::InvalidArgument,
                          "'" + name(before) + "' is not a sibling of '" + name(h) + "'",
                          to_string(guid_at(before.index)));
    if (before == h) return {};
    if (parent == kNone && !m_roots_linked) {
        try {
            link_roots();
        } catch (const std::bad_alloc&) {
            return make_error(ErrorCode::OutOfMemory, "out of memory ordering the roots");
        }
    }
    unlink_parent(h.index);
    if (before.is_null()) {
        link_parent(h.index, parent);
        return {};
    }
    TreeLinks& list = sibling_list(parent);
    TreeLinks& r = m_tree_links[h.index];
    TreeLinks& b = m_tree_links[before.index];
    m_parent[h.index] = parent;
    r.next_sibling = before.index;
    r.prev_sibling = b.prev_sibling;
    if (b.prev_sibling != kNone)
        m_tree_links[b.prev_sibling].next_sibling = h.index;
    else
        list.first_child = h.index;
    b.prev_sibling = h.index;
    ++m_tree_changes;
    return {};
}

void World::link_roots() {
    cover_tree_links();
    m_roots_linked = true;
    m_root_links = TreeLinks{};
    for (std::uint32_t i = root_from(0); i != kNone; i = root_from(i + 1))
        link_parent(i, kNone);
}

World::TreeLinks& World::sibling_list(std::uint32_t parent) {
    return parent == kNone ? m_root_links : m_tree_links[parent];
}

void World::rank_tree() const {
    // Depth-first over the parent and sibling links: no stack, however deep the tree.
    m_tree_rank.assign(m_generation.size(), 0);
    std::uint32_t next = 0;
    for (Handle root = first_root(); root; root = next_sibling(root)) {
        std::uint32_t i = root.index;
        while (true) {
            m_tree_rank[i] = next++;
            if (const std::uint32_t c = tree_links(i).first_child; c != kNone) {
                i = c;
                continue;
            }
            while (i != root.index && tree_links(i).next_sibling == kNone)
                i = parent_slot(i);
            if (i == root.index) break;
            i = tree_links(i).next_sibling;
        }
    }
    m_ranked_at = m_tree_changes;
}

std::vector<Handle> World::children(Handle h) const {
    std::vector<Handle> out;
    for (Handle c = first_child(h); c; c = next_sibling(c))
        out.push_back(c);
    return out;
}

bool World::is_descendant(Handle h, Handle ancestor) const {
    if (!alive(h) || !alive(ancestor)) return false;
    for (std::uint32_t p = parent_slot(h.index); p != kNone; p = parent_slot(p))
        if (p == ancestor.index) return true;
    return false;
}

void World::cover_tree_links() {
    // The parents first: m_parent covers at least what m_tree_links does even if the links throw.
    if (m_parent.size() < m_records.size()) m_parent.resize(m_records.size(), kNone);
    if (m_tree_links.size() < m_records.size()) m_tree_links.resize(m_records.size());
}

void World::link_parent(std::uint32_t index, std::uint32_t parent) {
    TreeLinks& r = m_tree_links[index];
    TreeLinks& p = sibling_list(parent);
    m_parent[index] = parent;
    r.prev_sibling = p.last_child;
    r.next_sibling = kNone;
    if (p.last_child != kNone)
        m_tree_links[p.last_child].next_sibling = index;
    else
        p.first_child = index;
    p.last_child = index;
    ++m_tree_changes;
}

void World::unlink_parent(std::uint32_t index) {
    // A linked slot and its parent and siblings are covered by m_tree_links; a slot beyond them
    // has no parent and is in no list (and its m_parent, a random read, is not needed).
    if (index >= m_tree_links.size() || (m_parent[index] == kNone && !m_roots_linked)) return;
    TreeLinks& r = m_tree_links[index];
    TreeLinks& p = sibling_list(m_parent[index]);
    if (r.prev_sibling != kNone)
        m_tree_links[r.prev_sibling].next_sibling = r.next_sibling;
    else
        p.first_child = r.next_sibling;
    if (r.next_sibling != kNone)
        m_tree_links[r.next_sibling].prev_sibling = r.prev_sibling;
    else
        p.last_child = r.prev_sibling;
    m_parent[index] = r.prev_sibling = r.next_sibling = kNone;
    ++m_tree_changes;
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
    if (!parent.is_null() || m_roots_linked) {
        try {
            cover_tree_links();
        } catch (const std::bad_alloc&) {
            return make_error(ErrorCode::OutOfMemory, "out of memory linking '" + name(h) + "'");
        }
    }
    const glm::mat3 world = world_matrix(h);
    unlink_parent(h.index);
    if (!parent.is_null())
        link_parent(h.index, parent.index);
    else if (m_roots_linked)
        link_parent(h.index, kNone);
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
    for (std::uint32_t i = h.index; i != kNone; i = parent_slot(i))
        m = to_matrix(*transforms->get(i)) * m;
    return m;
}

glm::vec2 World::world_position(Handle h) const {
    return glm::vec2(world_matrix(h)[2]);
}

} // namespace diorama
