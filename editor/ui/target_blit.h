#pragma once
// Showing a part of a RenderTarget in the window by copying its pixels (render::TexelCopy, from
// an ImGui draw callback) instead of drawing it as ImGui's textured quad: a software rasterizer
// shades and blends every pixel of such a quad, where an opaque texel-for-pixel copy is a memory
// copy.

#include <glm/vec2.hpp>

#include <cstdint>
#include <optional>

struct ImDrawList;
struct ImDrawCmd;

namespace diorama::render {
class TexelCopy;
} // namespace diorama::render

namespace diorama::editor {

// What to copy where: a part of a target's colour texture to a window rectangle. The part is
// copied at its size from the rectangle's rounded corner when the rectangle is that size to
// within a pixel, else scaled (linear filter) to it.
struct TargetBlit {
    const render::TexelCopy* copier = nullptr; // draws the copy (null: nothing to copy)
    std::uint32_t texture = 0;                 // the GL texture (0: nothing to copy)
    glm::ivec2 target_size{0, 0};              // its size, texels
    glm::vec2 uv_top_left{0.0f, 1.0f};         // the part, as ImGui::Image's uv0 and uv1 (a GL
    glm::vec2 uv_bottom_right{1.0f, 0.0f};     // texture's first row is the image's bottom)
    glm::vec2 screen_min{0.0f};                // the window rectangle, ImGui's coordinates
    glm::vec2 screen_max{0.0f};
    // Changes whenever the texture's texels may have changed (whoever draws into the texture
    // bumps it; a copy whose revision stays the same is not redrawn by the kept UI image).
    std::uint64_t image_revision = 0;
    // The same copy, field by field.
    friend bool operator==(const TargetBlit&, const TargetBlit&) = default;
};

// Where a draw list is rendered: ImDrawData's display position and size (ImGui's coordinates)
// and the framebuffer pixels per unit.
struct DisplayFrame {
    glm::vec2 pos{0.0f};
    glm::vec2 size{0.0f};
    glm::vec2 framebuffer_scale{1.0f};
};

// A copy in whole pixels, GL's window coordinates (y up): from the target's texels to the
// window's framebuffer. A minimum is inclusive, a maximum exclusive.
struct BlitRegion {
    glm::ivec2 src_min{0, 0};
    glm::ivec2 src_max{0, 0};
    glm::ivec2 dst_min{0, 0};
    glm::ivec2 dst_max{0, 0};
    friend bool operator==(const BlitRegion&, const BlitRegion&) = default;
};

// The copy `blit` makes on `display`, its destination clipped to [clip_min, clip_max) (ImGui's
// coordinates) as the UI backend's scissor clips, its source alike and within the target; none
// when nothing of it is inside the clip.
[[nodiscard]] std::optional<BlitRegion> blit_region(const TargetBlit& blit,
                                                    const DisplayFrame& display, glm::vec2 clip_min,
                                                    glm::vec2 clip_max);

// Adds the copy to the draw list in order (what is added later draws over it), clipped to the
// draw list's clip rectangle, and then a reset of the UI backend's render state. `blit` is read
// when the frame is rendered and must live until then.
void add_target_blit(ImDrawList& draw, const TargetBlit& blit);

// The copy a draw command makes, when it is one add_target_blit added; else null.
[[nodiscard]] const TargetBlit* target_blit_of(const ImDrawCmd& cmd);

} // namespace diorama::editor
