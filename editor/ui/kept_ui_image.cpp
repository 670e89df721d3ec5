#include "kept_ui_image.h"

#include "diorama/render/texel_copy.h"

#include <imgui/backends/imgui_impl_opengl3.h>
#include <imgui/imgui.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <cassert>
#include <optional>
#include <vector>

namespace diorama::editor {

KeptUiImage::KeptUiImage() : m_copy(std::make_unique<render::TexelCopy>()) {}

KeptUiImage::~KeptUiImage() = default;

void KeptUiImage::render(ImDrawData& data, glm::vec4 clear, std::uint64_t textures_revision) {
    GLint destination = 0; // before resize(), which binds the window's
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &destination);
    const glm::ivec2 size = framebuffer_size(display_of(data));
    m_redrawn_share = 0.0;
    if (size.x <= 0 || size.y <= 0) return;
    // A new image's pixels are undefined; a new clear colour is under everything.
    if (m_image.resize(size) || clear != m_clear) m_damage.invalidate();
    m_clear = clear;
    const std::vector<ScreenBox> boxes = m_damage.update(data, textures_revision);
    if (!boxes.empty()) {
        m_image.bind();
        std::int64_t pixels = 0;
        for (const ScreenBox& box : boxes) {
            redraw(data, box, clear);
            pixels += box.area();
        }
        m_redrawn_share = static_cast<double>(pixels) / (static_cast<double>(size.x) * size.y);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(destination));
    m_copy->copy(m_image.texture(), size, {{0, 0}, size}, {{0, 0}, size}, size);
    glBindVertexArray(0);
    glUseProgram(0);
}

void KeptUiImage::redraw(ImDrawData& data, const ScreenBox& box, glm::vec4 clear) {
    const DisplayFrame display = display_of(data);
    const glm::ivec2 size = framebuffer_size(display);
    glEnable(GL_SCISSOR_TEST);
    glScissor(box.min.x, size.y - box.max.y, box.max.x - box.min.x, box.max.y - box.min.y);
    glClearColor(clear.r, clear.g, clear.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);

    // Each command's scissor cut to the box (none: the backend skips it, and a target copy
    // copies nothing); a command wholly inside keeps its own rectangle.
    m_lists.clear();
    m_clips.clear();
    int vertices = 0;
    int indices = 0;
    const ImVec4 nothing(0.0f, 0.0f, 0.0f, 0.0f);
    for (int n = 0; n < data.CmdListsCount; ++n) {
        ImDrawList* list = data.CmdLists[n];
        bool reaches = false;
        for (ImDrawCmd& cmd : list->CmdBuffer) {
            m_clips.push_back(cmd.ClipRect);
            if (cmd.UserCallback == ImDrawCallback_ResetRenderState) continue;
            const ScreenBox own = scissor_box(cmd.ClipRect, display);
            const ScreenBox cut = intersect(own, box);
            if (cut.empty()) {
                cmd.ClipRect = nothing;
            } else {
                reaches = true;
                // UiDamage gives boxes smaller than the framebuffer only where clip_for_box can
                // name them (and the whole framebuffer cuts nothing).
                if (cut != own) {
                    const std::optional<ImVec4> clip = clip_for_box(cut, display);
                    assert(clip.has_value());
                    cmd.ClipRect = clip.value_or(nothing);
                }
            }
        }
        if (reaches) {
            m_lists.push_back(list);
            vertices += list->VtxBuffer.Size;
            indices += list->IdxBuffer.Size;
        }
    }
    if (!m_lists.empty()) {
        ImDrawData part = data;
        part.CmdLists = m_lists.data();
        part.CmdListsCount = static_cast<int>(m_lists.size());
        part.TotalVtxCount = vertices;
        part.TotalIdxCount = indices;
        ImGui_ImplOpenGL3_RenderDrawData(&part);
    }
    std::size_t at = 0;
    for (int n = 0; n < data.CmdListsCount; ++n)
        for (ImDrawCmd& cmd : data.CmdLists[n]->CmdBuffer)
            cmd.ClipRect = m_clips[at++];
}

} // namespace diorama::editor
