#include "diorama/world/names.h"

#include <algorithm>

namespace diorama::detail {

NameIndex::NameIndex(const NameIndex& other)
    : m_nodes(other.m_nodes.size(), nullptr), m_free_ids(other.m_free_ids), m_links(other.m_links) {
    m_nodes.reserve(other.m_nodes.capacity());
    m_free_ids.reserve(other.m_free_ids.capacity()); // erase's push cannot throw
    // Name by name in id order, each node's address noted as it is made (walking the copied map
    // after would chase its nodes through memory a second time).
    m_by_name.reserve(other.m_by_name.size());
    for (std::size_t id = 0; id < other.m_nodes.size(); ++id)
        if (const Map::value_type* node = other.m_nodes[id])
            m_nodes[id] = &*m_by_name.emplace(node->first, node->second).first;
}

std::uint32_t NameIndex::store(std::uint32_t slot, std::uint32_t slot_count,
                               std::string_view name) {
    // Allocate everything first, so a failure changes nothing that matters.
    if (m_links.size() <= slot) m_links.resize(slot_count);
    auto it = m_by_name.find(name);
    if (it == m_by_name.end()) {
        // Room for one more name (geometric growth: reserving exactly would copy every time).
        if (m_free_ids.empty() && m_nodes.size() == m_nodes.capacity())
            m_nodes.reserve(std::max<std::size_t>(16, m_nodes.capacity() * 2));
        if (m_free_ids.capacity() < m_nodes.capacity())
            m_free_ids.reserve(m_nodes.capacity()); // erase's push cannot throw
        it = m_by_name.emplace(std::string(name), List{}).first;
        // Nothing below allocates.
        if (m_free_ids.empty()) {
            it->second.id = static_cast<std::uint32_t>(m_nodes.size());
            m_nodes.push_back(&*it);
        } else {
            it->second.id = m_free_ids.back();
            m_free_ids.pop_back();
            m_nodes[it->second.id] = &*it;
        }
    }
    List& list = it->second;
    m_links[slot] = Links{list.last, kNone};
    (list.last == kNone ? list.first : m_links[list.last].next) = slot;
    list.last = slot;
    return list.id;
}

void NameIndex::erase(std::uint32_t slot, std::uint32_t id) {
    Map::value_type& node = *m_nodes[id];
    List& list = node.second;
    Links& links = m_links[slot];
    (links.prev == kNone ? list.first : m_links[links.prev].next) = links.next;
    (links.next == kNone ? list.last : m_links[links.next].prev) = links.prev;
    links = Links{};
    if (list.first == kNone) { // the last object of this name
        m_nodes[id] = nullptr;
        m_free_ids.push_back(id); // capacity was reserved by store
        m_by_name.erase(m_by_name.find(std::string_view(node.first)));
    }
}

std::uint32_t NameIndex::first(std::string_view name) const {
    const auto it = m_by_name.find(name);
    return it == m_by_name.end() ? kNone : it->second.first;
}

std::size_t NameIndex::memory_bytes() const {
    std::size_t bytes = 0;
    // A name's map node holds its string, its list and the bucket's link (about two pointers).
    for (const auto& [text, list] : m_by_name)
        bytes += sizeof(Map::value_type) + 2 * sizeof(void*) +
                 (text.capacity() > 15 ? text.capacity() : 0);
    return bytes + m_by_name.bucket_count() * sizeof(void*) +
           m_nodes.capacity() * sizeof(Map::value_type*) +
           m_free_ids.capacity() * sizeof(std::uint32_t) + m_links.capacity() * sizeof(Links);
}

} // namespace diorama::detail
