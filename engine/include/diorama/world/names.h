#pragma once
// The names part of the World: each non-empty name once, with its objects in a list linked
// through the slots in the order they were given it, so naming and unnaming an object is O(1)
// however many share its name, and find_by_name answers the first.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
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
    [[nodiscard]] const std::string& text(std::uint32_t id) const { return m_nodes[id]->first; }
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
        std::uint32_t id = kNone; // index in m_nodes
    };
    struct Links {
        std::uint32_t prev = kNone;
        std::uint32_t next = kNone;
    };
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };
    using Map = std::unordered_map<std::string, List, Hash, std::equal_to<>>;

    Map m_by_name;                         // name -> its objects
    std::vector<Map::value_type*> m_nodes; // by name id (map nodes never move)
    std::vector<std::uint32_t> m_free_ids; // unused m_nodes entries
    std::vector<Links> m_links;            // by slot; grown when a slot is named
};

} // namespace diorama::detail
