// blit_region (editor/ui/target_blit.h): which texels of the viewport's target are copied to
// which framebuffer pixels, upright, clipped, at any framebuffer scale.

#include "ui/target_blit.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace {

using diorama::editor::blit_region;
using diorama::editor::BlitRegion;
using diorama::editor::DisplayFrame;
using diorama::editor::TargetBlit;

// A 400x300 target shown whole at (100, 50) in an 800x600 window: ImGui's y goes down, GL's up.
TargetBlit whole_target() {
    TargetBlit blit;
    blit.texture = 1;
    blit.target_size = {400, 300};
    blit.uv_top_left = {0.0f, 1.0f};
    blit.uv_bottom_right = {1.0f, 0.0f};
    blit.screen_min = {100.0f, 50.0f};
    blit.screen_max = {500.0f, 350.0f};
    return blit;
}

const DisplayFrame kWindow{{0.0f, 0.0f}, {800.0f, 600.0f}, {1.0f, 1.0f}};

TEST(TargetBlit, AWholeTargetIsCopiedUprightToItsPlace) {
    const std::optional<BlitRegion> r =
        blit_region(whole_target(), kWindow, {0.0f, 0.0f}, {800.0f, 600.0f});
    ASSERT_TRUE(r.has_value());
    // The image's top row (the texture's last) at window row 50 from the top: 550 from the bottom.
    EXPECT_EQ(*r, (BlitRegion{{0, 0}, {400, 300}, {100, 250}, {500, 550}}));
}

TEST(TargetBlit, ThePartOfAFramedTargetTheViewShowsIsCopied) {
    // A 600x450 target of which the view shows the 400x300 at texels (100, 75) from the
    // bottom-left, as ViewportFrame's coordinates say.
    TargetBlit blit = whole_target();
    blit.target_size = {600, 450};
    blit.uv_top_left = {100.0f / 600.0f, 375.0f / 450.0f};
    blit.uv_bottom_right = {500.0f / 600.0f, 75.0f / 450.0f};
    const std::optional<BlitRegion> r = blit_region(blit, kWindow, {0.0f, 0.0f}, {800.0f, 600.0f});
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, (BlitRegion{{100, 75}, {500, 375}, {100, 250}, {500, 550}}));
}

TEST(TargetBlit, AClipCutsTheSameTexelsAsPixels) {
    // Clipped 20 pixels at the left and 30 at the top (ImGui's coordinates).
    const std::optional<BlitRegion> r =
        blit_region(whole_target(), kWindow, {120.0f, 80.0f}, {800.0f, 600.0f});
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, (BlitRegion{{20, 0}, {400, 270}, {120, 250}, {500, 520}}));
}

TEST(TargetBlit, NothingIsCopiedOutsideTheClipOrForAnEmptyPlace) {
    EXPECT_FALSE(
        blit_region(whole_target(), kWindow, {600.0f, 0.0f}, {800.0f, 600.0f}).has_value());
    TargetBlit empty = whole_target();
    empty.screen_max = empty.screen_min;
    EXPECT_FALSE(blit_region(empty, kWindow, {0.0f, 0.0f}, {800.0f, 600.0f}).has_value());
}

TEST(TargetBlit, AFramebufferScaleCopiesToItsPixels) {
    // A display of 800x600 units in 1600x1200 pixels; the target holds the place's pixels.
    TargetBlit blit = whole_target();
    blit.target_size = {800, 600};
    const DisplayFrame hidpi{{0.0f, 0.0f}, {800.0f, 600.0f}, {2.0f, 2.0f}};
    const std::optional<BlitRegion> r = blit_region(blit, hidpi, {0.0f, 0.0f}, {800.0f, 600.0f});
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, (BlitRegion{{0, 0}, {800, 600}, {200, 500}, {1000, 1100}}));
}

TEST(TargetBlit, AtAFractionalFramebufferScaleTheImageIsCopiedAtItsSize) {
    // 300x200 units at (101, 51) on a display of 800x600 units in 1200x900 pixels: the place
    // spans 151.5-601.5 pixels across; the viewport's target is its 450x300 pixels.
    TargetBlit blit = whole_target();
    blit.target_size = {450, 300};
    blit.screen_min = {101.0f, 51.0f};
    blit.screen_max = {401.0f, 251.0f};
    const DisplayFrame scaled{{0.0f, 0.0f}, {800.0f, 600.0f}, {1.5f, 1.5f}};
    const std::optional<BlitRegion> r = blit_region(blit, scaled, {0.0f, 0.0f}, {800.0f, 600.0f});
    ASSERT_TRUE(r.has_value());
    // From the pixel whose centre is on the place's edge (151.5 across, 523.5 up).
    EXPECT_EQ(*r, (BlitRegion{{0, 0}, {450, 300}, {151, 523}, {601, 823}}));
}

TEST(TargetBlit, AtAnyFramebufferScaleTheCopyStaysInsideTheTargetAndItsClip) {
    for (const float scale : {1.0f, 1.25f, 1.333f, 1.5f, 1.75f, 2.25f})
        for (int x = 100; x < 140; x += 3)
            for (int width = 300; width < 340; width += 7) {
                TargetBlit blit = whole_target();
                blit.screen_min = {static_cast<float>(x), 60.0f};
                blit.screen_max = {static_cast<float>(x + width), 360.0f};
                blit.target_size = {
                    static_cast<int>(std::lround(static_cast<float>(width) * scale)),
                    static_cast<int>(std::lround(300.0f * scale))};
                const DisplayFrame display{{0.0f, 0.0f}, {800.0f, 600.0f}, {scale, scale}};
                // Clipped to the panel the image fills, as ImGui clips it.
                const std::optional<BlitRegion> r =
                    blit_region(blit, display, blit.screen_min, blit.screen_max);
                ASSERT_TRUE(r.has_value()) << scale << " " << x << " " << width;
                EXPECT_GE(r->src_min.x, 0);
                EXPECT_GE(r->src_min.y, 0);
                EXPECT_LE(r->src_max.x, blit.target_size.x) << scale << " " << x << " " << width;
                EXPECT_LE(r->src_max.y, blit.target_size.y);
                // A copy, never a resampling: as many texels as pixels.
                EXPECT_EQ(r->src_max - r->src_min, r->dst_max - r->dst_min)
                    << scale << " " << x << " " << width;
                // From the first pixel whose centre the place covers, the target's size, cut
                // by the backend's scissor (its corner and size truncated, y up from the
                // truncated framebuffer height).
                const float left = static_cast<float>(x) * scale;
                const int scissor_x = static_cast<int>(left);
                const int scissor_end =
                    scissor_x + static_cast<int>(static_cast<float>(width) * scale);
                const auto first_x = static_cast<int>(std::ceil(left - 0.5f));
                EXPECT_EQ(r->dst_min.x, std::max(first_x, scissor_x)) << scale << " " << x;
                EXPECT_EQ(r->dst_max.x, std::min(first_x + blit.target_size.x, scissor_end))
                    << scale << " " << x << " " << width;
                const int height = static_cast<int>(600.0f * scale);
                const float bottom = static_cast<float>(height) - 360.0f * scale;
                const int scissor_y = static_cast<int>(bottom);
                const auto first_y = static_cast<int>(std::ceil(bottom - 0.5f));
                EXPECT_EQ(r->dst_min.y, std::max(first_y, scissor_y)) << scale;
                EXPECT_EQ(r->dst_max.y, std::min(first_y + blit.target_size.y,
                                                 scissor_y + static_cast<int>(300.0f * scale)))
                    << scale;
            }
}

TEST(TargetBlit, TheDisplaysPositionIsTheFramebuffersOrigin) {
    const DisplayFrame moved{{100.0f, 50.0f}, {800.0f, 600.0f}, {1.0f, 1.0f}};
    const std::optional<BlitRegion> r =
        blit_region(whole_target(), moved, {0.0f, 0.0f}, {900.0f, 650.0f});
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, (BlitRegion{{0, 0}, {400, 300}, {0, 300}, {400, 600}}));
}

} // namespace
