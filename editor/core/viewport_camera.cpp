#include "viewport_camera.h"

#include <glm/ext/matrix_clip_space.hpp>

#include <algorithm>
#include <cmath>

namespace diorama::editor {

void ViewportCamera::set_viewport(glm::vec2 size_px) {
    const bool resized = size_px != m_viewport;
    m_viewport = size_px;
    if (resized && m_fit) frame_rect(*m_fit, kFitMaxZoom);
}

void ViewportCamera::set_center(glm::vec2 world) {
    m_fit.reset();
    m_center = world;
}

void ViewportCamera::set_zoom(float zoom) {
    if (!std::isfinite(zoom) || zoom <= 0.0f) return;
    m_fit.reset();
    m_zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
}

glm::vec2 ViewportCamera::to_world(glm::vec2 screen_px) const {
    const glm::vec2 from_center = screen_px - m_viewport * 0.5f;
    return m_center + glm::vec2(from_center.x, -from_center.y) / m_zoom;
}

glm::vec2 ViewportCamera::to_screen(glm::vec2 world) const {
    const glm::vec2 from_center = (world - m_center) * m_zoom;
    return m_viewport * 0.5f + glm::vec2(from_center.x, -from_center.y);
}

void ViewportCamera::pan_pixels(glm::vec2 delta_px) {
    m_fit.reset();
    m_center -= glm::vec2(delta_px.x, -delta_px.y) / m_zoom;
}

void ViewportCamera::zoom_at(glm::vec2 screen_px, float factor) {
    const glm::vec2 anchor = to_world(screen_px);
    set_zoom(m_zoom * factor);
    // Put the anchor back under the cursor.
    m_center += anchor - to_world(screen_px);
}

void ViewportCamera::frame(const Rect& world_rect) {
    m_fit.reset();
    frame_rect(world_rect, kMaxZoom);
}

void ViewportCamera::fit(const Rect& world_rect) {
    m_fit = world_rect;
    frame_rect(world_rect, kFitMaxZoom);
}

void ViewportCamera::frame_rect(const Rect& world_rect, float max_zoom) {
    m_center = world_rect.center();
    const glm::vec2 size = world_rect.size();
    const float fill = 1.0f - 2.0f * kFrameMargin;
    float zoom = 0.0f;
    if (size.x > 0.0f) zoom = m_viewport.x * fill / size.x;
    if (size.y > 0.0f) {
        const float zoom_y = m_viewport.y * fill / size.y;
        zoom = zoom > 0.0f ? std::min(zoom, zoom_y) : zoom_y;
    }
    // A rectangle without extent keeps the zoom.
    if (std::isfinite(zoom) && zoom > 0.0f) m_zoom = std::clamp(zoom, kMinZoom, max_zoom);
}

Rect ViewportCamera::visible() const {
    return Rect::from_center(m_center, m_viewport * 0.5f / m_zoom);
}

glm::mat4 ViewportCamera::view_projection() const {
    const Rect r = visible();
    return glm::ortho(r.min.x, r.max.x, r.min.y, r.max.y, -1.0f, 1.0f);
}

} // namespace diorama::editor
