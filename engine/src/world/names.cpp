#include "diorama/world/names.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace diorama::detail {

NameIndex::NameIndex(const NameIndex& other)
    : m_texts(other.m_texts), m_lists(other.m_lists), m_free_ids(other.m_free_ids),
      m_links(other.m_links), m_table(other.m_table), m_used(other.m_used) {
    m_free_ids.reserve(m_texts.size()); // erase's push cannot throw
}

std::uint32_t NameIndex::hash_of(std::string_view name) {
    return static_cast<std::uint32_t>(std::hash<std::string_view>{}(name));
}

std::size_t NameIndex::find_entry(std::string_view name, std::uint32_t hash) const {
    const std::size_t mask = m_table.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Entry& e = m_table[i];
        if (e.id == kNone || (e.hash == hash && m_texts[e.id] == name)) return i;
    }
}

void NameIndex::remove_entry(std::size_t at) {
    const std::size_t mask = m_table.size() - 1;
    std::size_t hole = at;
    for (std::size_t i = (at + 1) & mask; m_table[i].id != kNone; i = (i + 1) & mask) {
        // An entry may fill the hole when its home is not between the hole and itself (going
        // round the table): it probed past the hole to get where it is.
        const std::size_t home = m_table[i].hash & mask;
        const bool home_after_hole =
            hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
        if (!home_after_hole) {
            m_table[hole] = m_table[i];
            hole = i;
        }
    }
    m_table[hole] = Entry{};
}

void NameIndex::rehash(std::size_t size) {
    std::vector<Entry> table(size);
    const std::size_t mask = size - 1;
    for (const Entry& e : m_table) {
        if (e.id == kNone) continue;
        std::size_t i = e.hash & mask;
        while (table[i].id != kNone)
            i = (i + 1) & mask;
        table[i] = e;
    }
    m_table = std::move(table);
}

std::uint32_t NameIndex::store(std::uint32_t slot, std::uint32_t slot_count,
                               std::string_view name) {
    // Allocate everything first, so a failure changes nothing that matters.
    if (m_links.size() <= slot) m_links.resize(slot_count);
    const std::uint32_t hash = hash_of(name);
    std::size_t at = m_table.empty() ? 0 : find_entry(name, hash);
    if (m_table.empty() || m_table[at].id == kNone) { // a name not in use
        if ((m_used + 1) * 2 > m_table.size()) {
            rehash(std::max<std::size_t>(16, m_table.size() * 2));
            at = find_entry(name, hash);
        }
        std::string text(name);
        if (m_free_ids.empty()) { // a new id: room for it everywhere first
            const std::size_t room = std::max<std::size_t>(16, m_texts.size() * 2);
            if (m_texts.size() == m_texts.capacity()) m_texts.reserve(room);
            if (m_lists.size() == m_lists.capacity()) m_lists.reserve(room);
            if (m_free_ids.capacity() <= m_texts.size())
                m_free_ids.reserve(room); // erase's push cannot throw
        }
        // Nothing below allocates.
        std::uint32_t id;
        if (m_free_ids.empty()) {
            id = static_cast<std::uint32_t>(m_texts.size());
            m_texts.push_back(std::move(text));
            m_lists.emplace_back();
        } else {
            id = m_free_ids.back();
            m_free_ids.pop_back();
            m_texts[id] = std::move(text);
        }
        m_table[at] = Entry{id, hash};
        ++m_used;
    }
    const std::uint32_t id = m_table[at].id;
    List& list = m_lists[id];
    m_links[slot] = Links{list.last, kNone};
    (list.last == kNone ? list.first : m_links[list.last].next) = slot;
    list.last = slot;
    return id;
}

void NameIndex::erase(std::uint32_t slot, std::uint32_t id) {
    List& list = m_lists[id];
    Links& links = m_links[slot];
    (links.prev == kNone ? list.first : m_links[links.prev].next) = links.next;
    (links.next == kNone ? list.last : m_links[links.next].prev) = links.prev;
    links = Links{};
    if (list.first != kNone) return;
    // The last object of this name: the name is forgotten.
    remove_entry(find_entry(m_texts[id], hash_of(m_texts[id])));
    --m_used;
    std::string().swap(m_texts[id]);
    m_free_ids.push_back(id); // capacity was reserved by store
}

std::uint32_t NameIndex::first(std::string_view name) const {
    if (m_table.empty()) return kNone;
    const Entry& e = m_table[find_entry(name, hash_of(name))];
    return e.id == kNone ? kNone : m_lists[e.id].first;
}

std::size_t NameIndex::memory_bytes() const {
    std::size_t bytes = m_texts.capacity() * sizeof(std::string) +
                        m_lists.capacity() * sizeof(List) +
                        m_free_ids.capacity() * sizeof(std::uint32_t) +
                        m_links.capacity() * sizeof(Links) + m_table.capacity() * sizeof(Entry);
    for (const std::string& text : m_texts)
        if (text.capacity() > 15) bytes += text.capacity() + 1; // beyond the string's own buffer
    return bytes;
}

} // namespace diorama::detail
