// EditorSession: picking, box selection, framing and the transform tools.

#include "editor_session.h"

#include "commands.h"

#include "diorama/components.h"
#include "diorama/world/draw_order.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/mat2x2.hpp>
#include <glm/matrix.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace diorama::editor {

namespace {

Rect united(const Rect& a, const Rect& b) {
    return Rect{glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

bool same_transform(const Transform2D& a, const Transform2D& b) {
    return a.position == b.position && a.rotation_deg == b.rotation_deg && a.scale == b.scale;
}

// The smallest scale factor a drag produces (a factor of 0 would lose the transform).
constexpr float kMinScaleFactor = 0.01f;

// Distance from p to the segment a-b.
float segment_distance(glm::vec2 p, glm::vec2 a, glm::vec2 b) {
    const glm::vec2 ab = b - a;
    const float len2 = glm::dot(ab, ab);
    const float t = len2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
    return glm::length(p - (a + t * ab));
}

// The Shape an object is drawn as when all it shows is that Shape's outline; null when it shows
// anything filled (a filled Shape, a Sprite, a Text) or no Shape.
const Shape* outline_only(const World& world, Handle h) {
    const Shape* shape = world.get<Shape>(h);
    if (shape == nullptr || shape->filled || world.has<Sprite>(h) || world.has<Text>(h))
        return nullptr;
    return shape;
}

// World distance from p to the outline of the shape placed by the object's world matrix m.
float outline_distance(const Shape& shape, const glm::mat3& m, glm::vec2 p) {
    const auto at = [&m](glm::vec2 local) { return glm::vec2(m * glm::vec3(local, 1.0f)); };
    if (shape.kind == ShapeKind::Rect) {
        const glm::vec2 h = shape.size * 0.5f;
        const glm::vec2 corners[4] = {at({-h.x, -h.y}), at({h.x, -h.y}), at({h.x, h.y}),
                                      at({-h.x, h.y})};
        float d = segment_distance(p, corners[3], corners[0]);
        for (int i = 0; i < 3; ++i)
            d = std::min(d, segment_distance(p, corners[i], corners[i + 1]));
        return d;
    }
    // A circle (an ellipse under non-uniform scale): to its outline along the local ray through p.
    if (glm::determinant(glm::mat2(m)) == 0.0f) return glm::length(p - at(glm::vec2(0.0f)));
    const glm::vec2 local(glm::inverse(m) * glm::vec3(p, 1.0f));
    const float len = glm::length(local);
    const glm::vec2 dir = len > 0.0f ? local / len : glm::vec2(1.0f, 0.0f);
    return glm::length(p - at(dir * std::abs(shape.radius)));
}

// Whether a click at p (world units; zoom in pixels per world unit) is on the object: on the
// outline of an outline-only shape, inside the bounds of anything else, near a point object.
bool hits(const World& world, Handle h, glm::vec2 p, float zoom) {
    if (const Shape* outline = outline_only(world, h))
        return outline_distance(*outline, world.world_matrix(h), p) <= kOutlinePickPx / zoom;
    const Rect b = world.bounds(h);
    if (b.max.x > b.min.x && b.max.y > b.min.y) return b.contains(p);
    return Rect::from_center(p, glm::vec2(kPointPickPx / zoom)).overlaps(b);
}

} // namespace

// ---- picking and selection ----

void EditorSession::refresh_spatial() const {
    m_world->update_spatial();
}

std::vector<Handle> EditorSession::pick(glm::vec2 world_point, const PickFilter& filter) const {
    refresh_spatial();
    const float reach = kPointPickPx / m_camera.zoom();
    std::vector<Handle> found;
    m_world->query_rect(Rect::from_center(world_point, glm::vec2(reach)), found);
    std::vector<Handle> hit;
    for (Handle h : found)
        if ((!filter || filter(h)) && hits(*m_world, h, world_point, m_camera.zoom()))
            hit.push_back(h);
    // Topmost first, by the renderer's own order (diorama/world/draw_order.h).
    const World& world = *m_world;
    std::sort(hit.begin(), hit.end(),
              [&world](Handle a, Handle b) { return draw_key(world, a) > draw_key(world, b); });
    return hit;
}

void EditorSession::click_select(glm::vec2 world_point, bool add, const PickFilter& filter) {
    std::vector<Guid> under;
    for (Handle h : pick(world_point, filter))
        under.push_back(m_world->guid(h));
    const bool repeated =
        m_last_click &&
        glm::length(*m_last_click - world_point) * m_camera.zoom() <= kClickRepeatPx &&
        under == m_last_pick;
    m_last_click = world_point;
    m_last_pick = under;
    if (under.empty()) {
        if (!add) clear_selection();
        return;
    }
    Guid chosen = under.front();
    if (repeated && !add && m_selection.size() == 1) {
        // Cycle: the next object below the one the last click chose.
        const auto it = std::find(under.begin(), under.end(), m_selection.front());
        if (it != under.end())
            chosen = under[static_cast<std::size_t>(it - under.begin() + 1) % under.size()];
    }
    select(chosen, add);
}

void EditorSession::cycle_select(glm::vec2 world_point, const PickFilter& filter) {
    std::vector<Guid> under;
    for (Handle h : pick(world_point, filter))
        under.push_back(m_world->guid(h));
    m_last_click = world_point;
    m_last_pick = under;
    if (under.empty()) return;
    std::size_t next = 0;
    if (!m_selection.empty()) {
        const auto it = std::find(under.begin(), under.end(), m_selection.back());
        if (it != under.end())
            next = static_cast<std::size_t>(it - under.begin() + 1) % under.size();
    }
    select(under[next], false);
}

void EditorSession::box_select(const Rect& world_rect, bool add) {
    const Rect area{glm::min(world_rect.min, world_rect.max),
                    glm::max(world_rect.min, world_rect.max)};
    refresh_spatial();
    std::vector<Handle> found;
    m_world->query_rect(area, found);
    if (!add) m_selection.clear();
    for (Handle h : found) {
        const Rect b = m_world->bounds(h);
        const Guid g = m_world->guid(h);
        if (area.contains(b.min) && area.contains(b.max) && !is_selected(g))
            m_selection.push_back(g);
    }
}

void EditorSession::frame_selection() {
    std::vector<Handle> objects = selected_handles();
    if (objects.empty()) m_world->each_object([&objects](Handle h) { objects.push_back(h); });
    if (objects.empty()) return;
    Rect all = m_world->bounds(objects.front());
    for (Handle h : objects)
        all = united(all, m_world->bounds(h));
    m_camera.frame(all);
}

void EditorSession::fit_scene() {
    std::optional<Rect> all;
    m_world->each_object([&](Handle h) {
        const Rect b = m_world->bounds(h);
        all = all ? united(*all, b) : b;
    });
    if (all) m_camera.fit(*all);
}

std::optional<glm::vec2> EditorSession::selection_center() const {
    const std::vector<Handle> objects = selected_handles();
    if (objects.empty()) return std::nullopt;
    glm::vec2 lo = m_world->world_position(objects.front());
    glm::vec2 hi = lo;
    for (Handle h : objects) {
        lo = glm::min(lo, m_world->world_position(h));
        hi = glm::max(hi, m_world->world_position(h));
    }
    return (lo + hi) * 0.5f;
}

// ---- transform tools ----

HandlePart EditorSession::handle_at(glm::vec2 world_point) const {
    const std::optional<glm::vec2> center = selection_center();
    if (!center) return HandlePart::None;
    const HandlePart part = hit_handle(m_tool, *center, world_point, m_camera.zoom());
    if (part != HandlePart::None || (m_tool != Tool::Select && m_tool != Tool::Move)) return part;
    for (Handle h : selected_handles())
        if (hits(*m_world, h, world_point, m_camera.zoom())) return HandlePart::Free;
    return HandlePart::None;
}

void EditorSession::begin_drag(HandlePart part, glm::vec2 world_point) {
    end_drag();
    const std::optional<glm::vec2> center = selection_center();
    if (part == HandlePart::None || !center) return;
    Drag drag;
    drag.part = part;
    drag.start = world_point;
    drag.pivot = *center;
    drag.handle_length = kHandleLengthPx / m_camera.zoom();
    drag.merge_key = m_next_drag_key++;
    for (Handle h : selected_top_level()) {
        const Handle parent = m_world->parent(h);
        drag.items.push_back(Drag::Item{m_world->guid(h), *m_world->get<Transform2D>(h),
                                        m_world->world_position(h),
                                        parent ? m_world->world_matrix(parent) : glm::mat3(1.0f)});
    }
    m_undo.end_merge(); // the drag's first command starts a new step
    m_drag = std::move(drag);
}

void EditorSession::update_drag(glm::vec2 world_point) {
    if (m_drag) apply_drag(world_point);
}

void EditorSession::end_drag() {
    if (!m_drag) return;
    m_undo.end_merge();
    m_drag.reset();
}

void EditorSession::apply_drag(glm::vec2 world_point) {
    Drag& drag = *m_drag;
    glm::vec2 delta = world_point - drag.start;
    // What the drag does: a move in the world, or a turn and a scale about the pivot.
    glm::vec2 move(0.0f);
    float angle_deg = 0.0f;
    glm::vec2 factor(1.0f);
    std::string label;
    switch (drag.part) {
    case HandlePart::None:
        return;
    case HandlePart::Free:
    case HandlePart::AxisX:
    case HandlePart::AxisY: {
        label = "Move";
        if (drag.part == HandlePart::AxisX) delta.y = 0.0f;
        if (drag.part == HandlePart::AxisY) delta.x = 0.0f;
        if (m_grid.snap && m_grid.size > 0.0f && !drag.items.empty()) {
            // The primary object lands on the grid; the others keep their offsets to it.
            const glm::vec2 from = drag.items.back().start_world;
            const glm::vec2 to = snapped(from + delta) - from;
            if (drag.part != HandlePart::AxisY) delta.x = to.x;
            if (drag.part != HandlePart::AxisX) delta.y = to.y;
        }
        move = delta;
        break;
    }
    case HandlePart::Rotate: {
        label = "Rotate";
        const glm::vec2 a = drag.start - drag.pivot;
        const glm::vec2 b = world_point - drag.pivot;
        angle_deg = glm::degrees(std::atan2(a.x * b.y - a.y * b.x, glm::dot(a, b)));
        if (m_grid.snap && m_grid.angle_snap_deg > 0.0f)
            angle_deg = std::round(angle_deg / m_grid.angle_snap_deg) * m_grid.angle_snap_deg;
        break;
    }
    case HandlePart::ScaleX:
    case HandlePart::ScaleY:
    case HandlePart::ScaleUniform: {
        label = "Scale";
        // Dragging by one handle length doubles the size (right and up grow).
        const glm::vec2 grow = delta / drag.handle_length;
        float f = drag.part == HandlePart::ScaleX   ? 1.0f + grow.x
                  : drag.part == HandlePart::ScaleY ? 1.0f + grow.y
                                                    : 1.0f + grow.x + grow.y;
        if (m_grid.snap) f = std::round(f / kScaleSnap) * kScaleSnap;
        f = std::max(f, kMinScaleFactor);
        if (drag.part != HandlePart::ScaleY) factor.x = f;
        if (drag.part != HandlePart::ScaleX) factor.y = f;
        break;
    }
    }

    const bool moving = drag.part == HandlePart::Free || drag.part == HandlePart::AxisX ||
                        drag.part == HandlePart::AxisY;
    const bool unchanged = angle_deg == 0.0f && factor == glm::vec2(1.0f);
    const float c = std::cos(glm::radians(angle_deg));
    const float s = std::sin(glm::radians(angle_deg));
    std::vector<TransformChange> changes;
    bool changed = false;
    for (const Drag::Item& item : drag.items) {
        const glm::mat3 to_local = glm::inverse(item.parent_world);
        Transform2D after = item.start_local;
        if (moving) {
            after.position += glm::vec2(to_local * glm::vec3(move, 0.0f));
        } else if (!unchanged) {
            const glm::vec2 rel = item.start_world - drag.pivot;
            const glm::vec2 turned(c * rel.x - s * rel.y, s * rel.x + c * rel.y);
            after.position = glm::vec2(to_local * glm::vec3(drag.pivot + turned * factor, 1.0f));
            // A mirrored parent turns its children the other way.
            after.rotation_deg +=
                glm::determinant(item.parent_world) < 0.0f ? -angle_deg : angle_deg;
            after.scale *= factor;
        }
        changed = changed || !same_transform(after, item.start_local);
        changes.push_back(TransformChange{item.object, item.start_local, after});
    }
    if (!changed && !drag.recorded) return;
    if (execute(std::make_unique<SetTransformsCommand>(label, std::move(changes), drag.merge_key)))
        drag.recorded = true;
}

void EditorSession::nudge(glm::vec2 offset) {
    std::vector<TransformChange> changes;
    for (Handle h : selected_top_level()) {
        const Transform2D before = *m_world->get<Transform2D>(h);
        Transform2D after = before;
        after.position += local_offset(*m_world, h, offset);
        changes.push_back(TransformChange{m_world->guid(h), before, after});
    }
    if (changes.empty() || offset == glm::vec2(0.0f)) return;
    (void)execute(std::make_unique<SetTransformsCommand>("Nudge", std::move(changes)));
}

} // namespace diorama::editor
