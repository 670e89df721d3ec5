// ViewportFrame: an area is kept while the view's corners fall on its whole pixels.

#include "viewport_frame.h"

#include <glm/common.hpp>
#include <glm/vec2.hpp>

#include <cmath>

namespace diorama::editor {

namespace {

// The view's part of a placement's image, when its corners fall on whole pixels of it (within
// ViewportFrame::kSnapPx) and it is size_px pixels large and inside the image.
std::optional<FramePlacement> shown_in(const FramePlacement& frame, const Rect& view,
                                       glm::ivec2 size_px) {
    const glm::dvec2 origin(frame.area.min);
    const glm::dvec2 px_per_unit = glm::dvec2(frame.size_px) / glm::dvec2(frame.area.size());
    const glm::dvec2 low = (glm::dvec2(view.min) - origin) * px_per_unit;
    const glm::dvec2 high = (glm::dvec2(view.max) - origin) * px_per_unit;
    const glm::dvec2 low_px = glm::round(low);
    const glm::dvec2 high_px = glm::round(high);
    for (int axis = 0; axis < 2; ++axis) {
        if (!(std::abs(low[axis] - low_px[axis]) <= ViewportFrame::kSnapPx) ||
            !(std::abs(high[axis] - high_px[axis]) <= ViewportFrame::kSnapPx) ||
            high_px[axis] - low_px[axis] != size_px[axis] || low_px[axis] < 0.0 ||
            high_px[axis] > frame.size_px[axis])
            return std::nullopt;
    }
    FramePlacement shown = frame;
    const glm::dvec2 size(frame.size_px);
    shown.uv_top_left = glm::vec2(low_px.x / size.x, high_px.y / size.y);
    shown.uv_bottom_right = glm::vec2(high_px.x / size.x, low_px.y / size.y);
    return shown;
}

} // namespace

FramePlacement ViewportFrame::place(const Rect& view, glm::ivec2 size_px, bool margin) {
    const FramePlacement alone{view, size_px};
    const bool resting =
        m_last_view && m_last_view->min == view.min && m_last_view->max == view.max;
    m_last_view = view;
    if (!margin) {
        m_kept.reset();
        m_misses = 0;
        return alone;
    }
    if (m_kept)
        if (std::optional<FramePlacement> shown = shown_in(*m_kept, view, size_px)) {
            m_misses = 0;
            return *shown;
        }
    if (++m_misses > 1 && !resting) return alone;
    const glm::ivec2 margin_px(
        static_cast<int>(std::lround(static_cast<double>(size_px.x) * kMargin)),
        static_cast<int>(std::lround(static_cast<double>(size_px.y) * kMargin)));
    const glm::ivec2 fresh_px = size_px + 2 * margin_px;
    if (fresh_px.x > m_max_size_px || fresh_px.y > m_max_size_px) return alone;
    const glm::dvec2 units_per_px = glm::dvec2(view.size()) / glm::dvec2(size_px);
    const glm::vec2 reach(units_per_px * glm::dvec2(margin_px));
    const FramePlacement fresh{Rect{view.min - reach, view.max + reach}, fresh_px, true};
    std::optional<FramePlacement> shown = shown_in(fresh, view, size_px);
    if (!shown) return alone;
    m_kept = shown; // m_misses counts on until the view is shown from it
    return *shown;
}

} // namespace diorama::editor
