#pragma once
// KeptUiImage: renders ImGui's draw data into an image of the window kept from frame to frame,
// redrawing only the boxes UiDamage found changed, and copies the image into the window
// (render::TexelCopy). On a software rasterizer (Mesa's llvmpipe) the UI's text costs more than
// anything else in a frame, redrawn whole every frame; kept, an unchanged frame costs a memory
// copy. The pixels are those of rendering the whole draw data into the window: a redrawn box is
// cleared and every command that reaches into it drawn again, in order, with its scissor cut to
// the box.

#include "gl_target.h"
#include "ui_damage.h"

#include <glm/vec4.hpp>

#include <imgui/imgui.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace diorama::render {
class TexelCopy;
} // namespace diorama::render

namespace diorama::editor {

class KeptUiImage {
public:
    // Needs a current GL context, and ImGui's OpenGL backend set up, for its whole life.
    KeptUiImage();
    ~KeptUiImage(); // frees its GL objects
    KeptUiImage(const KeptUiImage&) = delete;
    KeptUiImage& operator=(const KeptUiImage&) = delete;

    // Draws `data` into the bound framebuffer (the window's, sized as the backend sizes it) over
    // `clear` (opaque): what changed since the last call is redrawn into the kept image, and the
    // image copied to the framebuffer. `textures_revision` changes whenever a texture the UI
    // samples may hold other texels (render::TextureCache::revision). While it runs, the
    // commands' ClipRects are cut to each redrawn box (and restored after), so a draw callback
    // may be called once per box, its ClipRect cut to the box (empty where it does not reach
    // it), or not at all. Nothing is drawn for an empty framebuffer. Afterwards the framebuffer
    // is bound again, the viewport covers it, blending and the scissor test are off, no program
    // or vertex array is bound, and unit 0 holds the image's texture.
    void render(ImDrawData& data, glm::vec4 clear, std::uint64_t textures_revision);
    // The next render() redraws everything.
    void invalidate() { m_damage.invalidate(); }
    // The share of the framebuffer's pixels the last render() redrew (0: the image was this
    // frame already; 1: all of it).
    [[nodiscard]] double redrawn_share() const { return m_redrawn_share; }

private:
    // Redraws `box` of the image: cleared, then every command reaching into it, cut to it.
    void redraw(ImDrawData& data, const ScreenBox& box, glm::vec4 clear);

    UiDamage m_damage;
    RenderTarget m_image;
    std::unique_ptr<render::TexelCopy> m_copy;
    glm::vec4 m_clear{0.0f};
    double m_redrawn_share = 0.0;
    std::vector<ImDrawList*> m_lists; // the lists reaching into a box (kept: no allocation)
    std::vector<ImVec4> m_clips;      // their commands' own clip rectangles, restored after
};

} // namespace diorama::editor
