// World: parents and children, world transforms.

#include "diorama/world.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include <new>

namespace diorama {

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

} // namespace diorama
