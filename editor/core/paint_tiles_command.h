#pragma once
// The undo step of tile painting: cell changes in one layer of one object's TileMap.

#include "commands.h"
#include "tile_painting.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace diorama::editor {

// Sets cells of a layer of the map object's TileMap; revert puts back what they held. With a
// merge key, the later calls of one stroke merge into it (a cell changed twice keeps its first
// `before` and its last `after`), so a stroke is one undo step however many frames it took.
class PaintTilesCommand : public EditCommand {
public:
    PaintTilesCommand(Guid map, std::size_t layer, std::vector<TileChange> changes,
                      std::string label, std::uint64_t merge_key = 0);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return m_label; }
    [[nodiscard]] std::uint64_t merge_key() const override { return m_merge_key; }
    void merge(Command& newer) override;
    [[nodiscard]] std::size_t bytes() const override;
    // The changes, in the order they were first made.
    [[nodiscard]] const std::vector<TileChange>& changes() const { return m_changes; }

private:
    // The map's grid, or null (with the failure recorded) when the object or layer is gone.
    TileGrid* grid(World& world);

    Guid m_map;
    std::size_t m_layer = 0;
    std::vector<TileChange> m_changes;
    std::unordered_map<std::uint64_t, std::size_t> m_index; // cell -> its change
    std::string m_label;
    std::uint64_t m_merge_key = 0;
};

} // namespace diorama::editor
