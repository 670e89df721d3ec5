#include "target_blit.h"

#include "diorama/render/texel_copy.h"

#include <imgui/imgui.h>

#include <glm/common.hpp>
#include <glm/vector_relational.hpp>

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
    // The backend's framebuffer height: truncated, as it sets its viewport and scissor.
    const auto height =
        static_cast<float>(static_cast<int>(display.size.y * display.framebuffer_scale.y));
    const glm::vec2 p0 = (a - display.pos) * display.framebuffer_scale;
    const glm::vec2 p1 = (b - display.pos) * display.framebuffer_scale;
    return {{p0.x, height - p1.y}, {p1.x, height - p0.y}};
}

// The nearest whole pixel edge, a half rounded down: a quad's edge on a pixel centre covers it.
glm::ivec2 whole(glm::vec2 v) {
    return {static_cast<int>(std::ceil(v.x - 0.5f)), static_cast<int>(std::ceil(v.y - 0.5f))};
}

void blit_now(const ImDrawList*, const ImDrawCmd* cmd) {
    const auto& blit = *static_cast<const TargetBlit*>(cmd->UserCallbackData);
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr || blit.copier == nullptr || blit.texture == 0) return;
    const DisplayFrame display{{data->DisplayPos.x, data->DisplayPos.y},
                               {data->DisplaySize.x, data->DisplaySize.y},
                               {data->FramebufferScale.x, data->FramebufferScale.y}};
    // The UI backend clips its own draws with the scissor test; the copy, which draws with it
    // off, is clipped here the same way.
    const std::optional<BlitRegion> region = blit_region(
        blit, display, {cmd->ClipRect.x, cmd->ClipRect.y}, {cmd->ClipRect.z, cmd->ClipRect.w});
    if (!region) return;
    // The backend's framebuffer: the display's size in pixels, truncated.
    const glm::ivec2 framebuffer(display.size * display.framebuffer_scale);
    blit.copier->copy(blit.texture, blit.target_size, {region->src_min, region->src_max},
                      {region->dst_min, region->dst_max}, framebuffer);
}

} // namespace

std::optional<BlitRegion> blit_region(const TargetBlit& blit, const DisplayFrame& display,
                                      glm::vec2 clip_min, glm::vec2 clip_max) {
    const PixelRect place = to_framebuffer(display, blit.screen_min, blit.screen_max);
    // The source: the view's part of the target, in whole texels.
    const glm::vec2 texels(blit.target_size);
    const glm::ivec2 src_min =
        whole(glm::vec2(blit.uv_top_left.x, blit.uv_bottom_right.y) * texels);
    const glm::ivec2 src_max =
        whole(glm::vec2(blit.uv_bottom_right.x, blit.uv_top_left.y) * texels);
    const glm::ivec2 src_size = src_max - src_min;
    if (src_size.x <= 0 || src_size.y <= 0 || place.min.x >= place.max.x ||
        place.min.y >= place.max.y)
        return std::nullopt;
    // The destination from its corner rounded once: the source's size where the place is that
    // size to within a pixel (the viewport's image, also at a fractional framebuffer scale, is
    // copied, not resampled), else the place's rounded corners.
    const glm::ivec2 at = whole(place.min);
    glm::ivec2 end = whole(place.max);
    if (glm::all(glm::lessThanEqual(glm::abs(end - at - src_size), glm::ivec2(1))))
        end = at + src_size;
    // Clipped the way the UI backend sets its scissor: the corner and the size truncated.
    const PixelRect clip = to_framebuffer(display, clip_min, clip_max);
    const glm::ivec2 clip_at(clip.min);
    const glm::ivec2 clip_end = clip_at + glm::ivec2(clip.max - clip.min);
    const glm::ivec2 dst_min = glm::max(at, clip_at);
    const glm::ivec2 dst_max = glm::min(end, clip_end);
    if (dst_min.x >= dst_max.x || dst_min.y >= dst_max.y) return std::nullopt;
    // The clipped part's texels, never outside the target.
    const glm::vec2 per_pixel = glm::vec2(src_size) / glm::vec2(end - at);
    const auto texel = [&](glm::ivec2 pixel) {
        return glm::clamp(src_min + whole(glm::vec2(pixel - at) * per_pixel), glm::ivec2(0),
                          blit.target_size);
    };
    return BlitRegion{texel(dst_min), texel(dst_max), dst_min, dst_max};
}

void add_target_blit(ImDrawList& draw, const TargetBlit& blit) {
    draw.AddCallback(&blit_now, const_cast<TargetBlit*>(&blit));
    // The copy changed the program, buffers, blending and scissor: the backend sets its own again.
    draw.AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

const TargetBlit* target_blit_of(const ImDrawCmd& cmd) {
    return cmd.UserCallback == &blit_now ? static_cast<const TargetBlit*>(cmd.UserCallbackData)
                                         : nullptr;
}

} // namespace diorama::editor
