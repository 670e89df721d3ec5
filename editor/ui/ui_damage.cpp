#include "ui_damage.h"

#include <glm/common.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace diorama::editor {
namespace {

// Pixels this far off the framebuffer are as good as any farther ones.
constexpr float kFar = 1 << 24;

bool power_of_two(float v) {
    int exponent = 0;
    return v > 0.0f && std::frexp(v, &exponent) == 0.5f;
}

// The mapping hits whole pixels exactly: clip_for_box can name any box.
bool exact_mapping(const DisplayFrame& display) {
    return display.pos == glm::vec2(0.0f) && power_of_two(display.framebuffer_scale.x) &&
           power_of_two(display.framebuffer_scale.y);
}

bool same_clip(const ImVec4& a, const ImVec4& b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}

template <typename T>
bool same_bytes(const std::vector<T>& kept, const ImVector<T>& now) {
    return kept.size() == static_cast<std::size_t>(now.Size) &&
           (kept.empty() || std::memcmp(kept.data(), now.Data, kept.size() * sizeof(T)) == 0);
}

} // namespace

ScreenBox intersect(const ScreenBox& a, const ScreenBox& b) {
    return {glm::max(a.min, b.min), glm::min(a.max, b.max)};
}

ScreenBox unite(const ScreenBox& a, const ScreenBox& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return {glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

glm::ivec2 framebuffer_size(const DisplayFrame& display) {
    return {static_cast<int>(display.size.x * display.framebuffer_scale.x),
            static_cast<int>(display.size.y * display.framebuffer_scale.y)};
}

ScreenBox scissor_box(const ImVec4& clip, const DisplayFrame& display) {
    const glm::ivec2 fb = framebuffer_size(display);
    // Clamped where it makes no difference, so that the casts below stay defined.
    const glm::vec2 lo = glm::clamp(
        (glm::vec2(clip.x, clip.y) - display.pos) * display.framebuffer_scale, -kFar, kFar);
    const glm::vec2 hi = glm::clamp(
        (glm::vec2(clip.z, clip.w) - display.pos) * display.framebuffer_scale, -kFar, kFar);
    if (!(hi.x > lo.x && hi.y > lo.y)) return {}; // empty, or not a number
    // As the backend: glScissor((int)lo.x, (int)(fb_height - hi.y), (int)(hi.x - lo.x),
    // (int)(hi.y - lo.y)), in GL's rows (y up), turned to rows from the top.
    const int x = static_cast<int>(lo.x);
    const int width = static_cast<int>(hi.x - lo.x);
    const int gl_y = static_cast<int>(static_cast<float>(fb.y) - hi.y);
    const int height = static_cast<int>(hi.y - lo.y);
    const ScreenBox box{{x, fb.y - (gl_y + height)}, {x + width, fb.y - gl_y}};
    return intersect(box, ScreenBox{{0, 0}, fb});
}

std::optional<ImVec4> clip_for_box(const ScreenBox& box, const DisplayFrame& display) {
    if (!exact_mapping(display) || box.empty()) return std::nullopt;
    const glm::vec2 lo = glm::vec2(box.min) / display.framebuffer_scale;
    const glm::vec2 hi = glm::vec2(box.max) / display.framebuffer_scale;
    return ImVec4(lo.x, lo.y, hi.x, hi.y);
}

DisplayFrame display_of(const ImDrawData& data) {
    return {{data.DisplayPos.x, data.DisplayPos.y},
            {data.DisplaySize.x, data.DisplaySize.y},
            {data.FramebufferScale.x, data.FramebufferScale.y}};
}

std::vector<ScreenBox> merge_boxes(std::vector<ScreenBox> boxes, std::size_t most) {
    std::erase_if(boxes, [](const ScreenBox& b) { return b.empty(); });
    // Merging is quadratic at least, and many boxes end as one anyway.
    constexpr std::size_t kManyBoxes = 32;
    if (boxes.size() > kManyBoxes) {
        ScreenBox all;
        for (const ScreenBox& b : boxes)
            all = unite(all, b);
        return {all};
    }
    // Touching counts: two boxes sharing an edge are redrawn as one.
    const auto meet = [](const ScreenBox& a, const ScreenBox& b) {
        return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
    };
    for (bool merged = true; merged;) {
        merged = false;
        for (std::size_t i = 0; i < boxes.size() && !merged; ++i)
            for (std::size_t j = i + 1; j < boxes.size(); ++j)
                if (meet(boxes[i], boxes[j])) {
                    boxes[i] = unite(boxes[i], boxes[j]);
                    boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(j));
                    merged = true;
                    break;
                }
    }
    if (boxes.size() > most) {
        ScreenBox all;
        for (const ScreenBox& b : boxes)
            all = unite(all, b);
        boxes.assign(1, all);
    }
    return boxes;
}

bool UiDamage::same(const List& kept, const ImDrawList& now) {
    if (!same_bytes(kept.vertices, now.VtxBuffer) || !same_bytes(kept.indices, now.IdxBuffer) ||
        kept.commands.size() != static_cast<std::size_t>(now.CmdBuffer.Size))
        return false;
    for (std::size_t i = 0; i < kept.commands.size(); ++i) {
        const Command& a = kept.commands[i];
        const ImDrawCmd& b = now.CmdBuffer[static_cast<int>(i)];
        if (!same_clip(a.clip, b.ClipRect) || a.texture != b.TextureId ||
            a.vertex_offset != b.VtxOffset || a.index_offset != b.IdxOffset ||
            a.elements != b.ElemCount || a.callback != b.UserCallback ||
            a.callback_data != b.UserCallbackData)
            return false;
        const TargetBlit* blit = target_blit_of(b);
        if (a.blit.has_value() != (blit != nullptr) || (blit != nullptr && !(*a.blit == *blit)))
            return false;
    }
    return true;
}

void UiDamage::keep(List& kept, const ImDrawList& now) const {
    kept.owner = &now;
    kept.vertices.assign(now.VtxBuffer.begin(), now.VtxBuffer.end());
    kept.indices.assign(now.IdxBuffer.begin(), now.IdxBuffer.end());
    kept.commands.clear();
    for (const ImDrawCmd& c : now.CmdBuffer) {
        const TargetBlit* blit = target_blit_of(c);
        kept.commands.push_back(
            {c.ClipRect, c.TextureId, c.VtxOffset, c.IdxOffset, c.ElemCount, c.UserCallback,
             c.UserCallbackData,
             blit != nullptr ? std::optional<TargetBlit>(*blit) : std::nullopt});
    }
    kept.extent = extent(kept);
}

UiDamage::Mesh UiDamage::mesh_of(const List& list) {
    return {list.vertices.data(), list.vertices.size(), list.indices.data(), list.indices.size()};
}

UiDamage::Mesh UiDamage::mesh_of(const ImDrawList& list) {
    return {list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size), list.IdxBuffer.Data,
            static_cast<std::size_t>(list.IdxBuffer.Size)};
}

ScreenBox UiDamage::triangles_box(const Mesh& mesh, const Command& c, std::size_t first,
                                  std::size_t last) const {
    glm::vec2 lo(std::numeric_limits<float>::max());
    glm::vec2 hi(std::numeric_limits<float>::lowest());
    const std::size_t end = std::min<std::size_t>(c.index_offset + last * 3, mesh.index_count);
    for (std::size_t i = c.index_offset + first * 3; i < end; ++i) {
        const std::size_t v = c.vertex_offset + mesh.indices[i];
        if (v >= mesh.vertex_count) continue;
        const glm::vec2 p(mesh.vertices[v].pos.x, mesh.vertices[v].pos.y);
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue; // draws nothing
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    if (lo.x > hi.x) return {};
    // Whole pixels around the triangles, a pixel wider for the rasterizer's rounding.
    // Clamped where it makes no difference, so that the casts below stay defined.
    const glm::vec2 a = glm::clamp((lo - m_display.pos) * m_display.framebuffer_scale, -kFar, kFar);
    const glm::vec2 b = glm::clamp((hi - m_display.pos) * m_display.framebuffer_scale, -kFar, kFar);
    const ScreenBox bounds{glm::ivec2(glm::floor(a)) - 1, glm::ivec2(glm::ceil(b)) + 1};
    return intersect(bounds, scissor_box(c.clip, m_display));
}

ScreenBox UiDamage::blit_box(const TargetBlit& blit, const ImVec4& clip) const {
    const std::optional<BlitRegion> r =
        blit_region(blit, m_display, {clip.x, clip.y}, {clip.z, clip.w});
    if (!r) return {};
    const int height = framebuffer_size(m_display).y; // GL's rows are from the bottom
    return {{r->dst_min.x, height - r->dst_max.y}, {r->dst_max.x, height - r->dst_min.y}};
}

ScreenBox UiDamage::extent(const List& list) const {
    const Mesh mesh = mesh_of(list);
    ScreenBox out;
    for (const Command& c : list.commands) {
        if (c.callback == ImDrawCallback_ResetRenderState) continue;
        if (c.blit)
            out = unite(out, blit_box(*c.blit, c.clip));
        else if (c.callback != nullptr) // it may paint anywhere its scissor allows
            out = unite(out, scissor_box(c.clip, m_display));
        else
            out = unite(out, triangles_box(mesh, c, 0, c.elements / 3));
    }
    return out;
}

bool UiDamage::aligned(const List& kept, const ImDrawList& now) {
    if (kept.commands.size() != static_cast<std::size_t>(now.CmdBuffer.Size)) return false;
    for (std::size_t i = 0; i < kept.commands.size(); ++i) {
        const Command& a = kept.commands[i];
        const ImDrawCmd& b = now.CmdBuffer[static_cast<int>(i)];
        if (!same_clip(a.clip, b.ClipRect) || a.texture != b.TextureId ||
            a.callback != b.UserCallback || a.callback_data != b.UserCallbackData)
            return false;
    }
    return true;
}

void UiDamage::add_changed_parts(const List& kept, const ImDrawList& now,
                                 std::vector<ScreenBox>& out) const {
    const Mesh before = mesh_of(kept);
    const Mesh after = mesh_of(now);
    // A triangle's three corners, compared by value.
    const auto corner = [](const Mesh& m, const Command& c, std::size_t t,
                           int k) -> const ImDrawVert* {
        const std::size_t i = c.index_offset + t * 3 + static_cast<std::size_t>(k);
        if (i >= m.index_count) return nullptr;
        const std::size_t v = c.vertex_offset + m.indices[i];
        return v < m.vertex_count ? &m.vertices[v] : nullptr;
    };
    for (std::size_t n = 0; n < kept.commands.size(); ++n) {
        const Command& a = kept.commands[n];
        const ImDrawCmd& cmd = now.CmdBuffer[static_cast<int>(n)];
        if (a.callback != nullptr) {
            const TargetBlit* blit = target_blit_of(cmd);
            if (a.blit && blit != nullptr && !(*a.blit == *blit)) {
                out.push_back(blit_box(*a.blit, a.clip));
                out.push_back(blit_box(*blit, cmd.ClipRect));
            }
            continue;
        }
        const Command b{cmd.ClipRect,  cmd.TextureId, cmd.VtxOffset, cmd.IdxOffset,
                        cmd.ElemCount, nullptr,       nullptr,       std::nullopt};
        const auto same_triangle = [&](std::size_t ta, std::size_t tb) {
            for (int k = 0; k < 3; ++k) {
                const ImDrawVert* x = corner(before, a, ta, k);
                const ImDrawVert* y = corner(after, b, tb, k);
                if (x == nullptr || y == nullptr || std::memcmp(x, y, sizeof(ImDrawVert)) != 0)
                    return false;
            }
            return true;
        };
        const std::size_t na = a.elements / 3;
        const std::size_t nb = b.elements / 3;
        std::size_t head = 0;
        while (head < std::min(na, nb) && same_triangle(head, head))
            ++head;
        std::size_t tail = 0;
        while (tail < std::min(na, nb) - head && same_triangle(na - 1 - tail, nb - 1 - tail))
            ++tail;
        out.push_back(triangles_box(before, a, head, na - tail));
        out.push_back(triangles_box(after, b, head, nb - tail));
    }
}

void UiDamage::add_volatile(const List& list, std::vector<ScreenBox>& out) const {
    for (const Command& c : list.commands)
        if (c.callback != nullptr && c.callback != ImDrawCallback_ResetRenderState && !c.blit)
            out.push_back(scissor_box(c.clip, m_display));
}

std::vector<ScreenBox> UiDamage::update(const ImDrawData& data, std::uint64_t textures_revision) {
    const DisplayFrame display = display_of(data);
    const ImTextureID font = ImGui::GetIO().Fonts->TexID;
    const ScreenBox whole{{0, 0}, framebuffer_size(display)};
    const bool all = !m_valid || display.pos != m_display.pos || display.size != m_display.size ||
                     display.framebuffer_scale != m_display.framebuffer_scale ||
                     font != m_font_texture || textures_revision != m_textures_revision;
    m_display = display;
    m_font_texture = font;
    m_textures_revision = textures_revision;
    m_valid = true;

    std::vector<ScreenBox> boxes;
    const auto count = static_cast<std::size_t>(std::max(data.CmdListsCount, 0));
    std::vector<List> next(count);
    std::vector<bool> matched(m_lists.size(), false);
    std::ptrdiff_t previous = -1; // the last matched list's place in the previous frame
    bool in_order = true;
    for (std::size_t i = 0; i < count; ++i) {
        const ImDrawList& now = *data.CmdLists[i];
        List& list = next[i];
        std::size_t j = 0;
        while (j < m_lists.size() && (matched[j] || m_lists[j].owner != &now))
            ++j;
        const bool found = j < m_lists.size();
        if (found) {
            matched[j] = true;
            in_order = in_order && static_cast<std::ptrdiff_t>(j) > previous;
            previous = static_cast<std::ptrdiff_t>(j);
            list = std::move(m_lists[j]);
        }
        if (all || !found || !same(list, now)) {
            // The changed triangles before and now when the commands line up, else all of them.
            const bool parts = !all && found && aligned(list, now);
            if (parts)
                add_changed_parts(list, now, boxes);
            else if (found)
                boxes.push_back(list.extent); // where it was
            keep(list, now);
            if (!parts) boxes.push_back(list.extent);
        }
        add_volatile(list, boxes);
    }
    for (std::size_t j = 0; j < m_lists.size(); ++j)
        if (!matched[j]) boxes.push_back(m_lists[j].extent); // gone
    // Lists drawn in another order change where they overlap.
    if (!in_order)
        for (const List& list : next)
            boxes.push_back(list.extent);
    m_lists = std::move(next);
    for (ScreenBox& b : boxes)
        b = intersect(b, whole);
    std::erase_if(boxes, [](const ScreenBox& b) { return b.empty(); });
    // Where boxes cannot be named exactly, any change redraws everything.
    if (all || (!boxes.empty() && !exact_mapping(display))) return {whole};
    // Merging can make a box reach into a scaled copy, and growing over one can make boxes
    // meet: until neither happens (boxes only grow, within the framebuffer).
    constexpr std::size_t kMostBoxes = 4;
    boxes = merge_boxes(std::move(boxes), kMostBoxes);
    while (grow_over_scaled_copies(boxes))
        boxes = merge_boxes(std::move(boxes), kMostBoxes);
    return boxes;
}

bool UiDamage::grow_over_scaled_copies(std::vector<ScreenBox>& boxes) const {
    const ScreenBox whole{{0, 0}, framebuffer_size(m_display)};
    bool grew = false;
    for (const List& list : m_lists)
        for (const Command& c : list.commands) {
            if (!c.blit) continue;
            // Scaled as a whole: its own rectangle against its texels, before any clip.
            const TargetBlit& blit = *c.blit;
            const std::optional<BlitRegion> own =
                blit_region(blit, m_display, {blit.screen_min.x, blit.screen_min.y},
                            {blit.screen_max.x, blit.screen_max.y});
            if (!own || own->src_max - own->src_min == own->dst_max - own->dst_min) continue;
            const ScreenBox copy = intersect(blit_box(blit, c.clip), whole);
            for (ScreenBox& b : boxes)
                if (!intersect(b, copy).empty() && intersect(b, copy) != copy) {
                    b = unite(b, copy);
                    grew = true;
                }
        }
    return grew;
}

} // namespace diorama::editor
