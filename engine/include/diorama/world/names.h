#pragma once
// The names part of the World: each non-empty name once, with its objects in a list linked
// through the slots in the order they were given it, so naming and unnaming an object is O(1)
// however many share its name, and find_by_name answers the first. The names are found through
// an open-addressing table of ids, and every array is flat: copying the index (World::clone) or
// dropping it allocates or frees per long name only, not per name.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::detail {

class NameIndex {
public:
    static constexpr std::uint32_t kNone = 0xffffffffu; // no slot, no name

    NameIndex() = default;
    // A copy with the same names, ids and lists; may throw std::bad_alloc.
    NameIndex(const NameIndex& other);
    NameIndex& operator=(const NameIndex&) = delete;

    // The text of the name with this id (as store() returned); precondition: in use.
    [[nodiscard]] const std::string& text(std::uint32_t id) const { return m_texts[id]; }
    // Appends slot to the objects named name and returns the name's id; slot_count is the
    // world's slot count (slot is below it). The text is copied only for a name not yet in use.
    // May throw std::bad_alloc, changing nothing.
    std::uint32_t store(std::uint32_t slot, std::uint32_t slot_count, std::string_view name);
    // Takes slot out of the objects with name id; the name is forgotten with its last object.
    void erase(std::uint32_t slot, std::uint32_t id);
    // The slot first given this name among those that have it, or kNone.
    [[nodiscard]] std::uint32_t first(std::string_view name) const;
    // Bytes held by the names, their lists and the per-slot links.
    [[nodiscard]] std::size_t memory_bytes() const;

private:
    struct List {
        std::uint32_t first = kNone;
        std::uint32_t last = kNone;
    };
    struct Links {
        std::uint32_t prev = kNone;
        std::uint32_t next = kNone;
    };
    struct Entry {
        std::uint32_t id = kNone; // kNone: an empty entry
        std::uint32_t hash = 0;   // the name's hash, cut to 32 bits
    };

    [[nodiscard]] static std::uint32_t hash_of(std::string_view name);
    // The table entry holding name, or the empty one where it would go; precondition: the table
    // is not empty.
    [[nodiscard]] std::size_t find_entry(std::string_view name, std::uint32_t hash) const;
    // Empties table entry at and moves the entries after it that probed past it back, so every
    // name stays reachable from its home entry without markers of removed ones.
    void remove_entry(std::size_t at);
    // Builds the table again with `size` entries (a power of two); may throw std::bad_alloc,
    // changing nothing.
    void rehash(std::size_t size);

    std::vector<std::string> m_texts;      // by name id ("" for an unused id)
    std::vector<List> m_lists;             // by name id: its objects, in naming order
    std::vector<std::uint32_t> m_free_ids; // unused ids; room for every id, so erase never throws
    std::vector<Links> m_links;            // by slot; grown when a slot is named
    std::vector<Entry> m_table;            // open addressing; 0 or 2^n entries, at most half used
    std::size_t m_used = 0;                // names in the table
};

} // namespace diorama::detail
