// World: guids, names and layers of objects.

#include "diorama/world.h"

#include <new>
#include <stdexcept>
#include <string>
#include <utility>

namespace diorama {

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
    return n == kNone ? kEmpty : m_names.text(n);
}

void World::erase_name(std::uint32_t index) {
    std::uint32_t& name = m_records[index].name;
    if (name == kNone) return;
    m_names.erase(index, name);
    name = kNone;
}

void World::store_name(std::uint32_t index, std::string_view name) {
    m_records[index].name = m_names.store(index, slot_count(), name);
}

void World::set_name(Handle h, std::string name) {
    if (!check(h)) return;
    erase_name(h.index);
    if (name.empty()) return;
    try {
        store_name(h.index, name);
    } catch (const std::bad_alloc&) {
        report_out_of_memory("set_name");
    }
}

Handle World::find_by_name(std::string_view name) const {
    const std::uint32_t slot = m_names.first(name);
    return slot == kNone ? kNullHandle : handle_of(slot);
}

// ---- layers ----

LayerId World::add_layer(std::string_view name) {
    if (auto existing = find_layer(name)) return *existing;
    if (m_layers.size() >= detail::kMaxLayers)
        throw std::length_error("World::add_layer: the world holds the most layers it can address");
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

Result<void> World::set_layer(Handle h, LayerId layer) {
    if (!check(h)) return make_error(ErrorCode::StaleHandle, "set_layer on a stale handle");
    if (layer >= m_layers.size())
        return make_error(ErrorCode::NotFound,
                          "layer " + std::to_string(layer) + " does not exist");
    m_records[h.index].set_layer(layer);
    ++m_tree_changes; // the hierarchy shows objects under their layers
    return {};
}

} // namespace diorama
