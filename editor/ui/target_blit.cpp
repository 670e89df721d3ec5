#include "target_blit.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <imgui/imgui.h>

#include <glm/common.hpp>

#include <cmath>
#include <optional>

namespace diorama::editor {
namespace {

// A rectangle in framebuffer pixels, y up (GL's window coordinates).
struct PixelRect {
    glm::vec2 min{0.0f};
    glm::vec2 max{0.0f};
};

PixelRect to_framebuffer(const DisplayFrame& display, glm::vec2 a, glm::vec2 b) {
    const float height = display.size.y * display.framebuffer_scale.y;
    const glm::vec2 p0 = (a - display.pos) * display.framebuffer_scale;
    const glm::vec2 p1 = (b - display.pos) * display.framebuffer_scale;
    return {{p0.x, height - p1.y}, {p1.x, height - p0.y}};
}

glm::ivec2 whole(glm::vec2 v) {
    return {static_cast<int>(std::lround(v.x)), static_cast<int>(std::lround(v.y))};
}

void blit_now(const ImDrawList*, const ImDrawCmd* cmd) {
    const auto& blit = *static_cast<const TargetBlit*>(cmd->UserCallbackData);
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr || blit.framebuffer == 0) return;
    const DisplayFrame display{{data->DisplayPos.x, data->DisplayPos.y},
                               {data->DisplaySize.x, data->DisplaySize.y},
                               {data->FramebufferScale.x, data->FramebufferScale.y}};
    const std::optional<BlitRegion> region = blit_region(
        blit, display, {cmd->ClipRect.x, cmd->ClipRect.y}, {cmd->ClipRect.z, cmd->ClipRect.w});
    if (!region) return;
    const BlitRegion& r = *region;
    const bool same_size = r.src_max - r.src_min == r.dst_max - r.dst_min;

    // The UI backend clips its own draws with the scissor test; a copy is clipped above instead
    // (under the scissor test a blit is drawn as a quad, not copied).
    const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
    glDisable(GL_SCISSOR_TEST);
    GLint read_framebuffer = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_framebuffer);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, blit.framebuffer);
    glBlitFramebuffer(r.src_min.x, r.src_min.y, r.src_max.x, r.src_max.y, r.dst_min.x, r.dst_min.y,
                      r.dst_max.x, r.dst_max.y, GL_COLOR_BUFFER_BIT,
                      same_size ? GL_NEAREST : GL_LINEAR);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_framebuffer));
    if (scissor == GL_TRUE) glEnable(GL_SCISSOR_TEST);
}

} // namespace

std::optional<BlitRegion> blit_region(const TargetBlit& blit, const DisplayFrame& display,
                                      glm::vec2 clip_min, glm::vec2 clip_max) {
    const PixelRect dst = to_framebuffer(display, blit.screen_min, blit.screen_max);
    const PixelRect clip = to_framebuffer(display, clip_min, clip_max);
    const glm::ivec2 dst_min = whole(glm::max(dst.min, clip.min));
    const glm::ivec2 dst_max = whole(glm::min(dst.max, clip.max));
    if (dst_min.x >= dst_max.x || dst_min.y >= dst_max.y || dst.min.x >= dst.max.x ||
        dst.min.y >= dst.max.y)
        return std::nullopt;
    // Texels at the destination's bottom-left and top-right corners, then a linear map from
    // window pixels to texels for the clipped part.
    const glm::vec2 texels(blit.target_size);
    const glm::vec2 src_at_min = glm::vec2(blit.uv_top_left.x, blit.uv_bottom_right.y) * texels;
    const glm::vec2 src_at_max = glm::vec2(blit.uv_bottom_right.x, blit.uv_top_left.y) * texels;
    const glm::vec2 per_pixel = (src_at_max - src_at_min) / (dst.max - dst.min);
    return BlitRegion{whole(src_at_min + (glm::vec2(dst_min) - dst.min) * per_pixel),
                      whole(src_at_min + (glm::vec2(dst_max) - dst.min) * per_pixel), dst_min,
                      dst_max};
}

void add_target_blit(ImDrawList& draw, const TargetBlit& blit) {
    draw.AddCallback(&blit_now, const_cast<TargetBlit*>(&blit));
}

} // namespace diorama::editor
