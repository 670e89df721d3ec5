#pragma once
// SpatialGrid: a uniform grid over axis-aligned boxes keyed by a dense uint32 id (the world uses
// object slot indices). Answers which ids' boxes overlap a rectangle, contain a point, or touch a
// circle. Boxes are stored exactly; cells only narrow the search, so results are exact.
// A small box (at most half a cell wide and high) is filed in the one cell holding its centre,
// and queries look that much further around their area: a moving box then changes cells only
// when its centre crosses a cell edge. Larger boxes are filed in every cell they cover, and
// boxes covering more than kMaxCellsPerBox cells in a list every query checks.

#include "diorama/geometry.h"
#include "diorama/hot_inline.h"

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace diorama {

class SpatialGrid {
public:
    // cell_size in world units (> 0). Boxes covering more than kMaxCellsPerBox cells are kept in
    // a separate list checked by every query, so huge objects never flood the grid.
    explicit SpatialGrid(float cell_size = 128.0f);

    static constexpr std::size_t kMaxCellsPerBox = 64;

    [[nodiscard]] float cell_size() const { return m_cell_size; }

    // Inserts id with box, or moves it when already present. O(cells touched); nothing happens
    // when the box is filed in the same cells as before except that the stored box is updated.
    DIORAMA_HOT_INLINE void set(std::uint32_t id, const Rect& box) {
        // Inline, the common case of a moving object: it stays in the cells it is filed in.
        if (id < m_entries.size()) {
            Entry& e = m_entries[id];
            if (e.present && !e.oversized && box.min.x <= box.max.x && box.min.y <= box.max.y) {
                if (e.centred) {
                    // Still within the reach queries allow for, and its centre in the same cell.
                    const glm::vec2 half = (box.max - box.min) * 0.5f;
                    if (half.x <= m_reach.x && half.y <= m_reach.y) {
                        const CellRange both = cells_of(Rect{centre(box), centre(e.box)});
                        if (both.x0 == both.x1 && both.y0 == both.y1) {
                            e.box = box;
                            return;
                        }
                    }
                } else if (cells_of(box) == cells_of(e.box)) {
                    e.box = box;
                    return;
                }
            }
        }
        set_changing_cells(id, box);
    }
    // Removes id; no-op when absent.
    void remove(std::uint32_t id);
    // True when id is in the grid.
    [[nodiscard]] bool contains(std::uint32_t id) const;
    // The stored box of id; precondition: contains(id).
    [[nodiscard]] const Rect& box(std::uint32_t id) const;
    // Number of ids in the grid.
    [[nodiscard]] std::size_t size() const { return m_count; }
    // Removes everything (keeps the cell size).
    void clear();

    // ---- queries: append matching ids to out, each once, in ascending id order ----
    void query_rect(const Rect& area, std::vector<std::uint32_t>& out) const;
    void query_point(glm::vec2 point, std::vector<std::uint32_t>& out) const;
    void query_circle(glm::vec2 center, float radius, std::vector<std::uint32_t>& out) const;

    // Bytes held by the grid's tables (for stats and benchmarks).
    [[nodiscard]] std::size_t memory_bytes() const;

private:
    static constexpr std::uint32_t kNoCell = 0xFFFFFFFF;

    struct CellRange {
        std::int32_t x0 = 0, y0 = 0, x1 = -1, y1 = -1; // inclusive; x1 < x0 means "none"
        friend bool operator==(const CellRange&, const CellRange&) = default;
    };
    // 20 bytes: the cells are not stored, filed_cells gives them again (exactly).
    struct Entry {
        Rect box{};
        bool present = false;
        bool oversized = false; // in m_oversized, no cell
        bool centred = false;   // in the cell of its centre only (a small box)
    };
    struct Cell {
        std::uint64_t key = 0;
        std::vector<std::uint32_t> ids;
    };
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t cell = kNoCell; // index in m_cells; kNoCell = free slot
    };

    // The cells box covers: floor(coordinate / cell size) for each of its four coordinates,
    // clamped to [-2^30, 2^30] so the conversion is always defined and a range's width fits in
    // 64 bits (boxes beyond share the outermost cells: slower there, never inexact). NaN maps to
    // -2^30 (callers reject NaN boxes; this only keeps the cast defined). Multiplying by the
    // inverse may round differently from dividing, but it is monotonic and used for boxes and
    // queries alike, so overlapping boxes always share a cell. Truncation plus a correction
    // instead of std::floor (a libm call without SSE4.1); with SSE2 all four at once.
    [[nodiscard]] CellRange cells_of(const Rect& box) const {
        constexpr float kLimit = 1073741824.0f;
#if defined(__SSE2__)
        const __m128 v = _mm_setr_ps(box.min.x, box.min.y, box.max.x, box.max.y);
        __m128 c = _mm_mul_ps(v, _mm_set1_ps(m_inv_cell_size));
        c = _mm_max_ps(c, _mm_set1_ps(-kLimit)); // c > -limit ? c : -limit (NaN: -limit)
        c = _mm_min_ps(c, _mm_set1_ps(kLimit));  // c < limit ? c : limit
        const __m128i truncated = _mm_cvttps_epi32(c);
        const __m128i below = _mm_castps_si128(_mm_cmplt_ps(c, _mm_cvtepi32_ps(truncated)));
        CellRange r;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(&r), _mm_add_epi32(truncated, below));
        return r;
#else
        const float v[4] = {box.min.x, box.min.y, box.max.x, box.max.y};
        std::int32_t cells[4];
        for (int i = 0; i < 4; ++i) {
            float c = v[i] * m_inv_cell_size;
            c = c > -kLimit ? c : -kLimit;
            c = c < kLimit ? c : kLimit;
            const auto truncated = static_cast<std::int32_t>(c);
            cells[i] = c < static_cast<float>(truncated) ? truncated - 1 : truncated;
        }
        return CellRange{cells[0], cells[1], cells[2], cells[3]};
#endif
    }
    // The centre of a box, finite for any finite box.
    [[nodiscard]] static glm::vec2 centre(const Rect& box) {
        return box.min * 0.5f + box.max * 0.5f;
    }
    // The cells an entry that is not oversized is filed in.
    [[nodiscard]] CellRange filed_cells(const Entry& e) const {
        if (!e.centred) return cells_of(e.box);
        const glm::vec2 c = centre(e.box);
        return cells_of(Rect{c, c});
    }
    // The cells a query of area looks in: those it covers, and around them as far as a small
    // box's centre can be from an edge of a box that reaches the area.
    [[nodiscard]] CellRange searched_cells(const Rect& area) const;
    // set() when the box is new, changes cells, is oversized or is not insertable.
    void set_changing_cells(std::uint32_t id, const Rect& box);
    [[nodiscard]] static std::uint64_t cell_key(std::int32_t x, std::int32_t y);
    [[nodiscard]] static std::uint64_t cell_count(const CellRange& r);
    [[nodiscard]] std::uint32_t find_cell(std::uint64_t key) const;
    [[nodiscard]] std::uint32_t find_or_add_cell(std::uint64_t key);
    void place_in_slots(std::uint64_t key, std::uint32_t cell);
    void rebuild_slots(std::size_t slot_count);
    void link(std::uint32_t id, const Entry& e, const CellRange& cells);
    void unlink(std::uint32_t id, const Entry& e);
    // Moves id (in cells, not oversized) from the cells of one range to those of another, leaving
    // the cells both share alone.
    void move_cells(std::uint32_t id, const CellRange& from, const CellRange& to);
    void release_empty_cells_when_many();
    [[nodiscard]] std::uint16_t next_query_stamp() const;
    template <class Accept>
    void collect(const Rect& area, Accept&& accept, std::vector<std::uint32_t>& out) const;

    float m_cell_size = 128.0f;
    float m_inv_cell_size = 1.0f / 128.0f;
    glm::vec2 m_reach{0.0f}; // the largest half size of a box filed by its centre so far
    std::size_t m_count = 0;
    std::vector<Entry> m_entries;               // by id
    std::vector<Cell> m_cells;                  // cells ever linked, minus released empty ones
    std::vector<Slot> m_slots;                  // cell key -> m_cells index; 0 or 2^n, half full
    std::size_t m_empty_cells = 0;              // cells in m_cells holding no id (kept for reuse)
    std::vector<std::uint32_t> m_oversized;     // ids spanning many cells
    mutable std::vector<std::uint16_t> m_stamp; // by id: last query seen (0 = none; 16-bit, so it
                                                // wraps every 65535 queries, see next_query_stamp)
    mutable std::uint16_t m_query = 0;          // current query stamp
};

} // namespace diorama
