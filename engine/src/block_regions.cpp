#include "block_regions.h"

#include <bit>
#include <new>

namespace diorama::detail {

namespace {

constexpr unsigned kUnitsPerRegion = kRegionBytes / kRegionUnit;
static_assert(kUnitsPerRegion == 64, "a region's units are the bits of one std::uint64_t");

unsigned units_of(std::size_t bytes) {
    return static_cast<unsigned>((bytes + kRegionUnit - 1) / kRegionUnit);
}

// The bits of units [first, first + count); count is 1 to 64.
std::uint64_t run_mask(unsigned first, unsigned count) {
    const std::uint64_t run = count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
    return run << first;
}

// The first unit of the lowest run of count free units in taken, or kUnitsPerRegion when none.
unsigned free_run(std::uint64_t taken, unsigned count) {
    for (unsigned first = 0; first + count <= kUnitsPerRegion;) {
        const std::uint64_t clash = taken & run_mask(first, count);
        if (clash == 0) return first;
        // Past the highest taken unit in the way: no run starting before it fits.
        first = 64 - static_cast<unsigned>(std::countl_zero(clash));
    }
    return kUnitsPerRegion;
}

} // namespace

void* BlockRegions::place(std::size_t bytes) noexcept {
    const unsigned count = units_of(bytes);
    if (count == 0 || count > kUnitsPerRegion) return nullptr;
    Region* best = nullptr;
    unsigned best_first = 0;
    int best_taken = -1;
    for (Region& r : m_regions) {
        const int taken = std::popcount(r.taken);
        if (taken <= best_taken) continue;
        const unsigned first = free_run(r.taken, count);
        if (first == kUnitsPerRegion) continue;
        best = &r;
        best_first = first;
        best_taken = taken;
    }
    if (best == nullptr) return nullptr;
    best->taken |= run_mask(best_first, count);
    return reinterpret_cast<void*>(best->start + best_first * kRegionUnit);
}

bool BlockRegions::add(void* start) noexcept {
    try {
        m_regions.push_back(Region{reinterpret_cast<std::uintptr_t>(start), 0});
    } catch (const std::bad_alloc&) {
        return false;
    }
    return true;
}

void* BlockRegions::free(void* block, std::size_t bytes) noexcept {
    const auto at = reinterpret_cast<std::uintptr_t>(block);
    const std::uintptr_t start = at & ~(std::uintptr_t{kRegionBytes} - 1);
    for (std::size_t i = 0; i < m_regions.size(); ++i) {
        Region& r = m_regions[i];
        if (r.start != start) continue;
        r.taken &= ~run_mask(static_cast<unsigned>((at - start) / kRegionUnit), units_of(bytes));
        if (r.taken != 0) return nullptr;
        r = m_regions.back();
        m_regions.pop_back();
        return reinterpret_cast<void*>(start);
    }
    return nullptr;
}

} // namespace diorama::detail
