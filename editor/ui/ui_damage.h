#pragma once
// UiDamage: which pixels of the window a frame of ImGui's draw data changed since the frame
// before, so that a kept image of the UI (kept_ui_image.h) redraws only those. Decided by value:
// a draw list whose vertices, indices and commands are byte for byte the previous frame's draws
// the same pixels, as long as the textures it samples hold the same texels (the caller names
// their revision) and its draw callbacks paint the same (a target copy says so by its value and
// image revision, TargetBlit; any other callback is redrawn every frame). A draw callback must
// draw only within its command's ClipRect, as the backend's own draws do: a redrawn box cuts it.

#include "target_blit.h"

#include <imgui/imgui.h>

#include <glm/vec2.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace diorama::editor {

// A rectangle of framebuffer pixels, the top row 0 (ImGui's direction): min inclusive, max
// exclusive.
struct ScreenBox {
    glm::ivec2 min{0, 0};
    glm::ivec2 max{0, 0};
    // No pixel inside.
    [[nodiscard]] bool empty() const { return min.x >= max.x || min.y >= max.y; }
    // Pixels inside.
    [[nodiscard]] std::int64_t area() const {
        return empty() ? 0 : std::int64_t{max.x - min.x} * (max.y - min.y);
    }
    friend bool operator==(const ScreenBox&, const ScreenBox&) = default;
};

// The common part of two boxes (empty when they do not meet).
[[nodiscard]] ScreenBox intersect(const ScreenBox& a, const ScreenBox& b);
// The smallest box holding both (an empty box adds nothing).
[[nodiscard]] ScreenBox unite(const ScreenBox& a, const ScreenBox& b);

// The display's framebuffer as ImGui's OpenGL backend sizes it: its size times its scale,
// truncated.
[[nodiscard]] glm::ivec2 framebuffer_size(const DisplayFrame& display);

// The pixels the OpenGL backend's scissor lets `clip` (a command's ClipRect) draw, within the
// framebuffer: mapped and truncated as imgui_impl_opengl3 does. Empty when none.
[[nodiscard]] ScreenBox scissor_box(const ImVec4& clip, const DisplayFrame& display);

// A ClipRect for which the backend's scissor is exactly `box` (a non-empty box within the
// framebuffer); none when the display's mapping cannot name whole pixels exactly (a display
// position off the origin, or a scale that is not a power of two).
[[nodiscard]] std::optional<ImVec4> clip_for_box(const ScreenBox& box, const DisplayFrame& display);

// Where a frame's draw data is shown: its display position, size and framebuffer scale.
[[nodiscard]] DisplayFrame display_of(const ImDrawData& data);

class UiDamage {
public:
    // The boxes of the framebuffer to redraw for `data`, compared with the data of the previous
    // call list by list (known by their ImDrawList): within a list whose commands line up, each
    // command's changed triangles; otherwise, and for a list that came or went or every list when
    // their order changed, all it draws. Within the framebuffer, disjoint, at most a few (close
    // ones merged), a scaled target copy never cut. The whole framebuffer on the first call, after
    // invalidate(), when the display, the font atlas's texture id (read from the current ImGui
    // context) or `textures_revision` changed, or on any change when the display's mapping is
    // not exact (clip_for_box). Empty when nothing changed.
    std::vector<ScreenBox> update(const ImDrawData& data, std::uint64_t textures_revision);
    // The next update() redraws everything.
    void invalidate() { m_valid = false; }

private:
    // A draw command as compared: ImDrawCmd's fields, and a target copy's value.
    struct Command {
        ImVec4 clip;
        ImTextureID texture = nullptr;
        unsigned int vertex_offset = 0;
        unsigned int index_offset = 0;
        unsigned int elements = 0;
        ImDrawCallback callback = nullptr;
        void* callback_data = nullptr;
        std::optional<TargetBlit> blit;
    };
    // A draw list as it was drawn, known by its ImDrawList (a window's stays the same).
    struct List {
        const ImDrawList* owner = nullptr;
        std::vector<ImDrawVert> vertices;
        std::vector<ImDrawIdx> indices;
        std::vector<Command> commands;
        ScreenBox extent; // what its commands draw on (extent())
    };

    // A list's vertices and indices, kept or drawn now.
    struct Mesh {
        const ImDrawVert* vertices = nullptr;
        std::size_t vertex_count = 0;
        const ImDrawIdx* indices = nullptr;
        std::size_t index_count = 0;
    };

    [[nodiscard]] static Mesh mesh_of(const List& list);
    [[nodiscard]] static Mesh mesh_of(const ImDrawList& list);
    [[nodiscard]] static bool same(const List& kept, const ImDrawList& now);
    // The commands are the same but for their triangles (and a target copy's value).
    [[nodiscard]] static bool aligned(const List& kept, const ImDrawList& now);
    // Copies `now` into `kept`, with its extent.
    void keep(List& kept, const ImDrawList& now) const;
    // What a list's commands draw on: each command's scissor cut to its triangles' bounds (a
    // target copy's to where it copies).
    [[nodiscard]] ScreenBox extent(const List& list) const;
    // Whole pixels around triangles [first, last) of a command, within its scissor.
    [[nodiscard]] ScreenBox triangles_box(const Mesh& mesh, const Command& c, std::size_t first,
                                          std::size_t last) const;
    // Where a target copy copies to.
    [[nodiscard]] ScreenBox blit_box(const TargetBlit& blit, const ImVec4& clip) const;
    // For aligned lists: each command's triangles between the equal ones at its start and end,
    // before and now, and the target copies that changed.
    void add_changed_parts(const List& kept, const ImDrawList& now,
                           std::vector<ScreenBox>& out) const;
    // Grows each box reaching into part of a scaled target copy over all of it (a cut copy's
    // texels would be sampled at other places than the whole copy's); true when one grew.
    bool grow_over_scaled_copies(std::vector<ScreenBox>& boxes) const;
    // The boxes its callbacks that paint anew every frame (other than target copies) draw in.
    void add_volatile(const List& list, std::vector<ScreenBox>& out) const;

    bool m_valid = false;
    DisplayFrame m_display;
    ImTextureID m_font_texture = nullptr;
    std::uint64_t m_textures_revision = 0;
    std::vector<List> m_lists;
};

// Merges overlapping or touching boxes until none overlap; more than `most` left (or more than
// 32 given) become one box around them all.
[[nodiscard]] std::vector<ScreenBox> merge_boxes(std::vector<ScreenBox> boxes, std::size_t most);

} // namespace diorama::editor
