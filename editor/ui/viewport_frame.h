#pragma once
// ViewportFrame: the world area the viewport draws its scene over. While the view pans within an
// area already drawn, by whole pixels at the same scale, the same area is drawn again: the
// renderer finds the frame unchanged and draws nothing (Renderer2D::keep_unchanged_frames), and
// the panel shows the view's part of that image. On a software rasterizer a pan then costs the
// window's composition only, not the scene's pixels.

#include "diorama/geometry.h"

#include <glm/vec2.hpp>

#include <optional>

namespace diorama::editor {

// Where this frame's scene is drawn and which part of it the view shows.
struct FramePlacement {
    Rect area;                // world area drawn (the target's whole image)
    glm::ivec2 size_px{1, 1}; // the target's size
    bool framed = false;      // a margin is drawn around the view (else the view alone)
    // The view's part of the target, as ImGui::Image's uv0 and uv1 (GL's first row is the
    // image's bottom).
    glm::vec2 uv_top_left{0, 1};
    glm::vec2 uv_bottom_right{1, 0};
};

class ViewportFrame {
public:
    // How far a fresh area reaches past each side of the view, as a fraction of its size (in
    // whole pixels).
    static constexpr float kMargin = 0.25f;
    // How far from a whole pixel the view may lie in the kept area and still be shown from it.
    static constexpr double kSnapPx = 0.01;

    // The placement for a view shown at size_px pixels. With margin: the kept area while the view
    // lies inside it at whole pixels and the same scale, else a fresh one (the view grown by
    // kMargin each side), kept. But the view alone, keeping nothing new: without margin; when a
    // fresh area would be larger than max_size_px (a GL texture's limit) or would not show the
    // view at whole pixels (coordinates too large for its scale); and while the view moves on
    // off the kept area frame after frame (a pan at a fractional display scale, a zoom with the
    // wheel held), where every frame would draw a fresh margin, until it rests.
    [[nodiscard]] FramePlacement place(const Rect& view, glm::ivec2 size_px, bool margin);
    // The largest target place() may ask for, in pixels along either axis.
    void set_max_size(int max_size_px) { m_max_size_px = max_size_px; }

private:
    std::optional<FramePlacement> m_kept;
    std::optional<Rect> m_last_view; // the view of the last place()
    int m_misses = 0;                // views in a row the kept area could not show
    int m_max_size_px = 1 << 14;
};

} // namespace diorama::editor
