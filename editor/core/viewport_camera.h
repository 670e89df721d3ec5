#pragma once
// The viewport's camera: pan and zoom, and the mapping between screen pixels (y down, origin at
// the viewport's top-left) and world units (y up).

#include "diorama/geometry.h"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

#include <optional>

namespace diorama::editor {

class ViewportCamera {
public:
    // The viewport's size in pixels; while a fit() holds, a new size fits its rectangle again.
    void set_viewport(glm::vec2 size_px);
    [[nodiscard]] glm::vec2 viewport() const { return m_viewport; }

    [[nodiscard]] glm::vec2 center() const { return m_center; }
    // Moves the view (ends a fit).
    void set_center(glm::vec2 world);
    // Pixels per world unit, clamped to [kMinZoom, kMaxZoom]; non-finite or non-positive values
    // are ignored. Ends a fit.
    [[nodiscard]] float zoom() const { return m_zoom; }
    void set_zoom(float zoom);

    static constexpr float kMinZoom = 0.01f;
    static constexpr float kMaxZoom = 64.0f;
    // frame() leaves this fraction of the view empty on each side.
    static constexpr float kFrameMargin = 0.1f;
    // fit() zooms in no further than this: a small scene shows at 100%, not blown up.
    static constexpr float kFitMaxZoom = 1.0f;

    [[nodiscard]] glm::vec2 to_world(glm::vec2 screen_px) const;
    [[nodiscard]] glm::vec2 to_screen(glm::vec2 world) const;
    // Moves the view by a screen-space drag (the world follows the mouse). Ends a fit.
    void pan_pixels(glm::vec2 delta_px);
    // Zooms by factor keeping the world point under screen_px fixed (zoom to the cursor). Ends a
    // fit.
    void zoom_at(glm::vec2 screen_px, float factor);
    // Centres and zooms so the rectangle fills the view with a margin (kFrameMargin); a
    // rectangle without extent is only centred. Ends a fit.
    void frame(const Rect& world_rect);
    // Frames the rectangle as frame() does, zoomed in at most kFitMaxZoom, and keeps it framed
    // when the viewport's size changes (the window's first layout, a resize) until the view is
    // moved or zoomed: what a scene opens with.
    void fit(const Rect& world_rect);
    // A fit() holds: the view was not moved or zoomed since.
    [[nodiscard]] bool fitting() const { return m_fit.has_value(); }
    // The world rectangle visible.
    [[nodiscard]] Rect visible() const;
    // World to clip space, for Renderer2D: an orthographic projection of visible() (y up).
    [[nodiscard]] glm::mat4 view_projection() const;

private:
    // frame()'s work, leaving the fit alone; zoom at most max_zoom.
    void frame_rect(const Rect& world_rect, float max_zoom);

    std::optional<Rect> m_fit; // what fit() keeps framed
    glm::vec2 m_viewport{1280.0f, 720.0f};
    glm::vec2 m_center{400.0f, 300.0f};
    float m_zoom = 1.0f;
};

} // namespace diorama::editor
