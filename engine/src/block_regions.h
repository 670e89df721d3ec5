#pragma once
// Where medium blocks lie: packed side by side into 2 MiB regions (each one huge page), so the
// many arrays of 128 KiB to 1.75 MiB a large load fills (sparse and dense arrays, object slots,
// staged components) take one page fault per region instead of one per 4 KiB, without each
// taking a huge page of its own. A block takes whole units of 32 KiB; a freed block's units are
// taken again by the next block that fits, and an emptied region is given back to the caller.
// This class only keeps the books: the caller maps the regions, and locks.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace diorama::detail {

inline constexpr std::size_t kRegionBytes = std::size_t{2} << 20;      // a region: one huge page
inline constexpr std::size_t kRegionUnit = std::size_t{32} << 10;      // what a block is rounded to
inline constexpr std::size_t kRegionBlockMin = std::size_t{128} << 10; // smaller: the heap's

// The regions holding medium blocks and which of their units are taken; not thread-safe.
class BlockRegions {
public:
    // Room for bytes (at most kRegionBytes) at a unit's start in the fullest region that has a
    // run of free units long enough, or nullptr when none has.
    [[nodiscard]] void* place(std::size_t bytes) noexcept;
    // Adds the empty region at start (on a kRegionBytes boundary); false when memory is short
    // for its record (the region is not added).
    [[nodiscard]] bool add(void* start) noexcept;
    // Frees the units of the block of bytes that place returned; returns the start of its
    // region when that is now empty (the region is forgotten: the caller gives it back), else
    // nullptr.
    void* free(void* block, std::size_t bytes) noexcept;
    // Regions held now.
    [[nodiscard]] std::size_t region_count() const noexcept { return m_regions.size(); }

private:
    struct Region {
        std::uintptr_t start = 0;
        std::uint64_t taken = 0; // bit i: unit i is in a block
    };
    std::vector<Region> m_regions;
};

} // namespace diorama::detail
