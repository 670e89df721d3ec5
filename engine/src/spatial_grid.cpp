#include "diorama/spatial_grid.h"

#include <glm/common.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>

namespace diorama {

namespace {

// A query through the cells costs about one random access per cell probed and per id found there;
// a linear scan of every entry costs about 1/kScanEntriesPerAccess of that per entry (measured
// with 1M boxes). Queries estimated to cost more than the scan do the scan instead, except that
// up to kAlwaysProbeAccesses are always spent on cells: that is cheap whatever the grid.
constexpr double kScanEntriesPerAccess = 32.0;
constexpr double kAlwaysProbeAccesses = 64.0;

// Empty cells keep their vector for reuse; they are released once there are more than this many
// and they outnumber the non-empty ones, so memory follows the content, not the area visited.
constexpr std::size_t kMinEmptyCellsToRelease = 1024;

// Boxes at most this many cells wide and high are small: filed in the cell of their centre.
constexpr float kSmallBoxCells = 0.5f;

// How much more than the small boxes' reach a query looks, relative to its coordinates.
constexpr float kWidenRelative = 1.0f / 1048576.0f;

// The cell table starts at this many slots and stays at most half full.
constexpr std::size_t kMinSlots = 64;

// Spreads a cell key over the bits a power-of-two table uses (MurmurHash3's 64-bit finalizer).
std::size_t mix(std::uint64_t key) {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    key *= 0xc4ceb9fe1a85ec53ULL;
    key ^= key >> 33;
    return static_cast<std::size_t>(key);
}

// True when min <= max on both axes; false for inverted boxes and for any NaN coordinate.
bool is_ordered(const Rect& r) {
    return r.min.x <= r.max.x && r.min.y <= r.max.y;
}

// Only asserts ask, to tell a NaN box (accepted input) from an inverted one (a broken invariant).
[[maybe_unused]] bool has_nan(const Rect& r) {
    return std::isnan(r.min.x) || std::isnan(r.min.y) || std::isnan(r.max.x) || std::isnan(r.max.y);
}

// Removes one occurrence of id from ids by moving the last element into its place.
void swap_and_pop(std::vector<std::uint32_t>& ids, std::uint32_t id) {
    const auto it = std::find(ids.begin(), ids.end(), id);
    assert(it != ids.end() && "SpatialGrid: id missing from a cell it is linked to");
    *it = ids.back();
    ids.pop_back();
}

} // namespace

SpatialGrid::SpatialGrid(float cell_size)
    : m_cell_size(cell_size), m_inv_cell_size(1.0f / cell_size) {
    assert(cell_size > 0.0f && std::isfinite(m_inv_cell_size) &&
           "SpatialGrid: cell_size must be positive and not vanishingly small");
}

// ---- updates ----

void SpatialGrid::set_changing_cells(std::uint32_t id, const Rect& box) {
    // A box with a NaN coordinate overlaps nothing and has no cells, so it is not insertable: set()
    // removes id instead (a later valid box inserts it again). An inverted box (min > max) breaks
    // Rect's invariant: it asserts, and release builds treat it like a NaN box.
    if (!is_ordered(box)) {
        assert(has_nan(box) && "SpatialGrid::set: box.min must be <= box.max");
        remove(id);
        return;
    }
    // How the box is filed: small boxes by their centre, others in the cells they cover.
    const glm::vec2 size = box.max - box.min;
    const float small = m_cell_size * kSmallBoxCells;
    const bool centred = size.x <= small && size.y <= small;
    CellRange cells;
    if (centred) {
        const glm::vec2 c = centre(box);
        cells = cells_of(Rect{c, c});
        m_reach = glm::max(m_reach, size * 0.5f);
    } else {
        cells = cells_of(box);
    }
    const bool oversized = !centred && cell_count(cells) > kMaxCellsPerBox;
    if (id < m_entries.size()) {
        Entry& e = m_entries[id];
        if (e.present && !e.oversized && !oversized) {
            move_cells(id, filed_cells(e), cells);
            e.box = box;
            e.centred = centred;
            release_empty_cells_when_many();
            return;
        }
    } else {
        // Stamps first: should the second resize fail, m_stamp still covers every entry.
        m_stamp.resize(std::size_t{id} + 1, std::uint16_t{0});
        m_entries.resize(std::size_t{id} + 1);
    }
    Entry& e = m_entries[id];
    if (!e.present) {
        e.present = true;
        ++m_count;
    } else if (oversized && e.oversized) {
        // An oversized box lives in m_oversized whatever its cells.
        e.box = box;
        return;
    } else {
        unlink(id, e);
    }
    e.box = box;
    e.oversized = oversized;
    e.centred = centred;
    link(id, e, cells);
    release_empty_cells_when_many();
}

void SpatialGrid::remove(std::uint32_t id) {
    if (!contains(id)) return;
    Entry& e = m_entries[id];
    unlink(id, e);
    e = Entry{};
    --m_count;
    release_empty_cells_when_many();
}

bool SpatialGrid::contains(std::uint32_t id) const {
    return id < m_entries.size() && m_entries[id].present;
}

const Rect& SpatialGrid::box(std::uint32_t id) const {
    assert(contains(id) && "SpatialGrid::box: id is not in the grid");
    return m_entries[id].box;
}

void SpatialGrid::clear() {
    *this = SpatialGrid(m_cell_size);
}

// ---- queries ----

template <class Accept>
void SpatialGrid::collect(const Rect& area, Accept&& accept,
                          std::vector<std::uint32_t>& out) const {
    if (m_count == 0) return;
    if (!is_ordered(area)) {
        // NaN overlaps nothing; an inverted area breaks Rect's invariant.
        assert(has_nan(area) && "SpatialGrid: query area min must be <= max");
        return;
    }
    const CellRange range = searched_cells(area);
    const double ids_per_cell =
        static_cast<double>(m_count) / static_cast<double>(m_cells.size() - m_empty_cells + 1);
    const double probe_cost = static_cast<double>(cell_count(range)) * (1.0 + ids_per_cell);
    const double scan_cost = static_cast<double>(m_entries.size()) / kScanEntriesPerAccess;
    if (probe_cost > std::max(kAlwaysProbeAccesses, scan_cost)) {
        // Looking at each box once is cheaper (and yields ids in order).
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            const Entry& e = m_entries[i];
            if (e.present && accept(e.box)) out.push_back(static_cast<std::uint32_t>(i));
        }
        return;
    }
    const std::size_t first = out.size();
    for (const std::uint32_t id : m_oversized) {
        if (accept(m_entries[id].box)) out.push_back(id);
    }
    if (range.x0 == range.x1 && range.y0 == range.y1) {
        // One cell (most small queries): each id is in it once and oversized ids never are, so
        // no stamps are needed to report every id once.
        if (const std::uint32_t cell = find_cell(cell_key(range.x0, range.y0)); cell != kNoCell)
            for (const std::uint32_t id : m_cells[cell].ids)
                if (accept(m_entries[id].box)) out.push_back(id);
        std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
        return;
    }
    const std::uint16_t stamp = next_query_stamp();
    for (std::int32_t y = range.y0; y <= range.y1; ++y) {
        for (std::int32_t x = range.x0; x <= range.x1; ++x) {
            const std::uint32_t cell = find_cell(cell_key(x, y));
            if (cell == kNoCell) continue;
            for (const std::uint32_t id : m_cells[cell].ids) {
                if (m_stamp[id] == stamp) continue;
                m_stamp[id] = stamp;
                if (accept(m_entries[id].box)) out.push_back(id);
            }
        }
    }
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

void SpatialGrid::query_rect(const Rect& area, std::vector<std::uint32_t>& out) const {
    const auto overlaps = [&area](const Rect& b) { return b.overlaps(area); };
    collect(area, overlaps, out);
}

void SpatialGrid::query_point(glm::vec2 point, std::vector<std::uint32_t>& out) const {
    const auto contains_point = [point](const Rect& b) { return b.contains(point); };
    collect(Rect{point, point}, contains_point, out);
}

void SpatialGrid::query_circle(glm::vec2 center, float radius,
                               std::vector<std::uint32_t>& out) const {
    // circle_overlaps_rect only uses radius squared, so the searched square uses |radius|, padded
    // by a few ulps so rounding in center +- half can never drop a box the exact test accepts.
    // When radius squared overflows, circle_overlaps_rect accepts every box, and an infinite half
    // could make center +- half NaN: both search the whole plane. NaN radius or center: nothing.
    const float reach = std::abs(radius);
    const float half = reach + (std::abs(center.x) + std::abs(center.y) + reach) * 1e-6f;
    constexpr float kInf = std::numeric_limits<float>::infinity();
    const bool everywhere = std::isinf(half) || std::isinf(radius * radius);
    const Rect area = everywhere ? Rect{glm::vec2(-kInf), glm::vec2(kInf)}
                                 : Rect::from_center(center, glm::vec2(half));
    const auto touches = [center, radius](const Rect& b) {
        return circle_overlaps_rect(center, radius, b);
    };
    collect(area, touches, out);
}

std::size_t SpatialGrid::memory_bytes() const {
    std::size_t bytes = m_entries.capacity() * sizeof(Entry) +
                        m_stamp.capacity() * sizeof(std::uint16_t) +
                        m_oversized.capacity() * sizeof(std::uint32_t) +
                        m_cells.capacity() * sizeof(Cell) + m_slots.capacity() * sizeof(Slot);
    for (const Cell& cell : m_cells)
        bytes += cell.ids.capacity() * sizeof(std::uint32_t);
    return bytes;
}

// ---- internals ----

SpatialGrid::CellRange SpatialGrid::searched_cells(const Rect& area) const {
    if (m_reach == glm::vec2(0.0f)) return cells_of(area); // centres of points are exact
    // A small box reaching the area has its centre within m_reach of it. The centre and the
    // widened area are rounded, so widen a little more, relative to the coordinates' size
    // (many ulps; a few extra cells at worst). Infinite or NaN areas stay so.
    const glm::vec2 magnitude = glm::max(glm::abs(area.min), glm::abs(area.max));
    const glm::vec2 widen = m_reach + (magnitude + m_reach) * kWidenRelative;
    return cells_of(Rect{area.min - widen, area.max + widen});
}

std::uint64_t SpatialGrid::cell_key(std::int32_t x, std::int32_t y) {
    return (std::uint64_t{static_cast<std::uint32_t>(x)} << 32) | static_cast<std::uint32_t>(y);
}

std::uint64_t SpatialGrid::cell_count(const CellRange& r) {
    if (r.x1 < r.x0 || r.y1 < r.y0) return 0;
    const auto w = static_cast<std::uint64_t>(std::int64_t{r.x1} - r.x0 + 1);
    const auto h = static_cast<std::uint64_t>(std::int64_t{r.y1} - r.y0 + 1);
    return w * h; // at most (2^31 + 1)^2
}

std::uint32_t SpatialGrid::find_cell(std::uint64_t key) const {
    if (m_slots.empty()) return kNoCell;
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = mix(key) & mask;; i = (i + 1) & mask) { // ends: a free slot always exists
        const Slot& slot = m_slots[i];
        if (slot.cell == kNoCell || slot.key == key) return slot.cell;
    }
}

std::uint32_t SpatialGrid::find_or_add_cell(std::uint64_t key) {
    if (const std::uint32_t found = find_cell(key); found != kNoCell) return found;
    if ((m_cells.size() + 1) * 2 > m_slots.size()) {
        rebuild_slots(std::max(kMinSlots, m_slots.size() * 2));
    }
    const auto cell = static_cast<std::uint32_t>(m_cells.size());
    m_cells.push_back(Cell{key, {}});
    ++m_empty_cells; // until the caller links an id to it
    place_in_slots(key, cell);
    return cell;
}

void SpatialGrid::place_in_slots(std::uint64_t key, std::uint32_t cell) {
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = mix(key) & mask;
    while (m_slots[i].cell != kNoCell)
        i = (i + 1) & mask;
    m_slots[i] = Slot{key, cell};
}

void SpatialGrid::rebuild_slots(std::size_t slot_count) {
    m_slots.assign(slot_count, Slot{});
    for (std::size_t i = 0; i < m_cells.size(); ++i) {
        place_in_slots(m_cells[i].key, static_cast<std::uint32_t>(i));
    }
}

void SpatialGrid::link(std::uint32_t id, const Entry& e, const CellRange& cells) {
    if (e.oversized) {
        m_oversized.push_back(id);
        return;
    }
    for (std::int32_t y = cells.y0; y <= cells.y1; ++y) {
        for (std::int32_t x = cells.x0; x <= cells.x1; ++x) {
            std::vector<std::uint32_t>& ids = m_cells[find_or_add_cell(cell_key(x, y))].ids;
            if (ids.empty()) --m_empty_cells;
            ids.push_back(id);
        }
    }
}

void SpatialGrid::unlink(std::uint32_t id, const Entry& e) {
    if (e.oversized) {
        swap_and_pop(m_oversized, id);
        return;
    }
    const CellRange cells = filed_cells(e);
    for (std::int32_t y = cells.y0; y <= cells.y1; ++y) {
        for (std::int32_t x = cells.x0; x <= cells.x1; ++x) {
            const std::uint32_t cell = find_cell(cell_key(x, y));
            assert(cell != kNoCell && "SpatialGrid: a linked cell is missing");
            std::vector<std::uint32_t>& ids = m_cells[cell].ids;
            swap_and_pop(ids, id);
            if (ids.empty()) ++m_empty_cells;
        }
    }
}

void SpatialGrid::move_cells(std::uint32_t id, const CellRange& from, const CellRange& to) {
    const auto inside = [](const CellRange& r, std::int32_t x, std::int32_t y) {
        return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
    };
    for (std::int32_t y = from.y0; y <= from.y1; ++y) {
        for (std::int32_t x = from.x0; x <= from.x1; ++x) {
            if (inside(to, x, y)) continue;
            const std::uint32_t cell = find_cell(cell_key(x, y));
            assert(cell != kNoCell && "SpatialGrid: a linked cell is missing");
            std::vector<std::uint32_t>& ids = m_cells[cell].ids;
            swap_and_pop(ids, id);
            if (ids.empty()) ++m_empty_cells;
        }
    }
    for (std::int32_t y = to.y0; y <= to.y1; ++y) {
        for (std::int32_t x = to.x0; x <= to.x1; ++x) {
            if (inside(from, x, y)) continue;
            std::vector<std::uint32_t>& ids = m_cells[find_or_add_cell(cell_key(x, y))].ids;
            if (ids.empty()) --m_empty_cells;
            ids.push_back(id);
        }
    }
}

void SpatialGrid::release_empty_cells_when_many() {
    if (m_empty_cells < kMinEmptyCellsToRelease || m_empty_cells * 2 < m_cells.size()) return;
    std::erase_if(m_cells, [](const Cell& cell) { return cell.ids.empty(); });
    m_empty_cells = 0;
    // Cell indices changed: rebuild the table, a quarter full so it does not need to grow soon.
    rebuild_slots(std::max(kMinSlots, std::bit_ceil(m_cells.size() * 4)));
}

// Queries write stamps: although const, two queries must not run at once on the same grid.
std::uint16_t SpatialGrid::next_query_stamp() const {
    m_query = static_cast<std::uint16_t>(m_query + 1);
    if (m_query == 0) {
        // Wrapped: a stamp left 65535 queries ago would look current, so forget them all.
        std::fill(m_stamp.begin(), m_stamp.end(), std::uint16_t{0});
        m_query = 1;
    }
    return m_query;
}

} // namespace diorama
