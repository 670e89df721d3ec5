#include "paint_tiles_command.h"

namespace diorama::editor {

namespace {
std::uint64_t cell_key(const TileChange& c) {
    return std::uint64_t{static_cast<std::uint32_t>(c.y)} << 32 | static_cast<std::uint32_t>(c.x);
}
} // namespace

PaintTilesCommand::PaintTilesCommand(Guid map, std::size_t layer, std::vector<TileChange> changes,
                                     std::string label, std::uint64_t merge_key)
    : m_map(map), m_layer(layer), m_label(std::move(label)), m_merge_key(merge_key) {
    m_changes.reserve(changes.size());
    for (const TileChange& c : changes) {
        const auto [it, added] = m_index.try_emplace(cell_key(c), m_changes.size());
        if (added)
            m_changes.push_back(c);
        else
            m_changes[it->second].after = c.after;
    }
}

TileGrid* PaintTilesCommand::grid(World& world) {
    TileMap* map = world.get<TileMap>(world.find(m_map));
    if (map == nullptr) {
        fail(make_error(ErrorCode::NotFound, "the tile map " + to_string(m_map) + " is gone"));
        return nullptr;
    }
    if (m_layer >= map->tiles.layers.size()) {
        fail(make_error(ErrorCode::NotFound,
                        "the tile map has no layer " + std::to_string(m_layer)));
        return nullptr;
    }
    return &map->tiles;
}

bool PaintTilesCommand::apply(World& world) {
    TileGrid* g = grid(world);
    if (g == nullptr) return false;
    for (const TileChange& c : m_changes)
        if (!g->contains(c.x, c.y))
            return fail(make_error(ErrorCode::Range, "the cell (" + std::to_string(c.x) + ", " +
                                                         std::to_string(c.y) +
                                                         ") is outside the tile map"));
    for (const TileChange& c : m_changes)
        g->set(m_layer, c.x, c.y, c.after);
    return true;
}

void PaintTilesCommand::revert(World& world) {
    TileGrid* g = grid(world);
    if (g == nullptr) return;
    for (auto it = m_changes.rbegin(); it != m_changes.rend(); ++it)
        g->set(m_layer, it->x, it->y, it->before);
}

void PaintTilesCommand::merge(Command& newer) {
    const auto& next = static_cast<PaintTilesCommand&>(newer);
    for (const TileChange& c : next.m_changes) {
        const auto [it, added] = m_index.try_emplace(cell_key(c), m_changes.size());
        if (added)
            m_changes.push_back(c);
        else
            m_changes[it->second].after = c.after;
    }
}

std::size_t PaintTilesCommand::bytes() const {
    return sizeof(*this) + m_changes.capacity() * sizeof(TileChange) +
           m_index.size() * (sizeof(std::uint64_t) + sizeof(std::size_t) + 16) + m_label.size();
}

} // namespace diorama::editor
