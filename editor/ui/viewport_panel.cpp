#include "viewport_panel.h"

#include "im_math.h"
#include "modal_dialog.h"
#include "ui_widgets.h"

#include "core/live_attachment.h"

#include "diorama/components.h"
#include "diorama/log.h"
#include "diorama/prefab.h"
#include "diorama/render/font.h"
#include "diorama/render/texel_copy.h"
#include "diorama/render/texture.h"
#include "diorama/scene_file.h"

#include <SDL_scancode.h>

#include <glm/ext/matrix_clip_space.hpp>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numbers>

namespace diorama::editor {

namespace {

constexpr const char* kWorldFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kDragThresholdPx = 4.0f;
constexpr glm::vec4 kBackground{0.105f, 0.11f, 0.13f, 1.0f};

// Lines of a grid level, faded in as their spacing on screen grows.
void grid_lines(render::Renderer2D& r, const Rect& view, float step, float px, glm::vec4 color) {
    const float x0 = std::floor(view.min.x / step) * step;
    const float y0 = std::floor(view.min.y / step) * step;
    for (float x = x0; x <= view.max.x; x += step)
        r.line({x, view.min.y}, {x, view.max.y}, color, px);
    for (float y = y0; y <= view.max.y; y += step)
        r.line({view.min.x, y}, {view.max.x, y}, color, px);
}

// The background of the game's primary camera, else the editor's.
glm::vec4 background_of(const World& world) {
    glm::vec4 color = kBackground;
    const auto* pool = world.pool(component_id<Camera2D>());
    if (pool == nullptr || pool->size() == 0) return color;
    world.each_object([&](Handle h) {
        if (const Camera2D* cam = world.get<Camera2D>(h); cam != nullptr && cam->primary)
            color = cam->background;
    });
    return color;
}

} // namespace

ViewportPanel::ViewportPanel()
    : m_renderer(std::make_unique<render::Renderer2D>()),
      m_font(std::make_unique<render::Font>(kWorldFont, 32.0f)),
      m_copy(std::make_unique<render::TexelCopy>()) {
    m_renderer->keep_unchanged_frames(true); // the targets are drawn by this renderer alone
    GLint max_texture = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture);
    if (max_texture > 0) m_frame.set_max_size(max_texture);
}

ViewportPanel::~ViewportPanel() = default;

glm::vec2 ViewportPanel::to_screen(EditorSession& s, glm::vec2 world) const {
    return m_origin + s.camera().to_screen(world);
}

glm::vec2 ViewportPanel::mouse_world(EditorSession& s) const {
    return s.camera().to_world(to_glm(ImGui::GetIO().MousePos) - m_origin);
}

std::optional<glm::vec2> ViewportPanel::world_to_window(EditorSession& session,
                                                        glm::vec2 world) const {
    if (!m_drawn) return std::nullopt;
    return to_screen(session, world);
}

// ---- drawing ----

void ViewportPanel::draw(UiContext& ctx) {
    EditorSession& session = ctx.session;
    m_cost = {};
    if (!session.prefab_tab().empty()) draw_tabs(ctx);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    m_origin = to_glm(ImGui::GetCursorScreenPos());
    m_size = glm::max(to_glm(avail), glm::vec2(16.0f));
    session.camera().set_viewport(m_size);

    const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
    const glm::ivec2 size_px(static_cast<int>(std::lround(m_size.x * fb_scale.x)),
                             static_cast<int>(std::lround(m_size.y * fb_scale.y)));
    render_scene(ctx, size_px);

    // The image's place; its pixels are copied there when the UI is rendered, in the draw
    // list's order (the overlays drawn after it cover it).
    ImGui::Dummy(to_im(m_size));
    m_blit = TargetBlit{m_copy.get(),        m_shown_target->texture(), m_shown_target->size(),
                        m_shown.uv_top_left, m_shown.uv_bottom_right,   m_origin,
                        m_origin + m_size,   m_image_revision};
    add_target_blit(*ImGui::GetWindowDrawList(), m_blit);
    m_hovered = ImGui::IsItemHovered();
    record_item(ctx.widgets, "Viewport");
    m_drawn = true;
    handle_drop(ctx);

    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) ||
        ImGui::IsMouseClicked(ImGuiMouseButton_Right) ||
        ImGui::IsMouseClicked(ImGuiMouseButton_Middle))
        m_focused = m_hovered;

    // The game gets the mouse while it plays here (a click also selects); an attached player's
    // world is edited instead.
    if (session.play_state() == PlayState::Playing && !session.attached()) {
        m_gesture = Gesture::None;
        forward_game_mouse(ctx, m_hovered);
        select_while_playing(ctx, m_hovered);
    } else {
        m_play_press = false;
        handle_mouse(ctx, m_hovered);
    }
    draw_overlays(ctx);
    draw_context_menu(ctx);
}

void ViewportPanel::draw_tabs(UiContext& ctx) {
    EditorSession& session = ctx.session;
    const bool changed = session.showing_prefab() != m_tab_showed_prefab;
    m_tab_showed_prefab = session.showing_prefab();
    if (!ImGui::BeginTabBar("##edit_tabs")) return;
    const std::string scene =
        "Scene: " + session.scene_name() + (session.dirty() ? "*" : "") + "###scene_tab";
    if (ui::begin_tab_item(ctx.widgets, "Tabs/scene", scene.c_str(),
                           changed && !session.showing_prefab() ? ImGuiTabItemFlags_SetSelected
                                                                : 0)) {
        if (!changed && session.showing_prefab()) ctx.view.show_prefab_tab = false;
        ImGui::EndTabItem();
    }
    const std::string prefab =
        "Prefab: " + session.prefab_tab() + (session.prefab_dirty() ? "*" : "") + "###prefab_tab";
    bool open = true;
    if (ImGui::BeginTabItem(prefab.c_str(), &open,
                            changed && session.showing_prefab() ? ImGuiTabItemFlags_SetSelected
                                                                : 0)) {
        if (!changed && !session.showing_prefab()) ctx.view.show_prefab_tab = true;
        ImGui::EndTabItem();
    }
    record_item(ctx.widgets, "Tabs/prefab");
    ImGui::EndTabBar();
    if (!open) {
        if (session.prefab_dirty())
            ImGui::OpenPopup("Close the prefab?###close_prefab");
        else
            session.close_prefab();
    }
    std::string modal_text;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Close the prefab?###close_prefab", "ClosePrefab"}, modal_text,
        [&](DialogFrame& f) {
            const std::string message = session.prefab_tab() + " has unsaved changes.";
            f.modal_text = "Close the prefab? " + message;
            ImGui::TextUnformatted(message.c_str());
            f.buttons = {{"Save", DialogKeys::Enter}, {"Discard"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed == "Save" && session.save_prefab()) session.close_prefab();
    if (pressed == "Discard") session.close_prefab();
}

void ViewportPanel::render_scene(UiContext& ctx, glm::ivec2 size_px) {
    EditorSession& session = ctx.session;
    World& world = session.world();
    const bool game_plays = session.play_state() == PlayState::Playing && !session.attached();
    // While the world is kept (compared, and unchanged at the last look), a margin around the
    // view is drawn too, so that a pan within it draws the same frame again: nothing
    // (ViewportFrame). A world that changes every frame is drawn over the view alone.
    m_shown = m_frame.place(session.camera().visible(), size_px,
                            !game_plays && m_world_cache.worth_comparing(world) &&
                                !m_world_cache.changing());
    const Rect area = m_shown.area;
    // Each kind of placement has a target of its own: switching between them allocates nothing.
    // The renderer keeps unchanged frames only while it draws into the target it drew into last.
    RenderTarget& target = m_shown.framed ? m_framed_target : m_target;
    if (target.resize(m_shown.size_px) || &target != m_shown_target)
        m_renderer->forget_previous_frame();
    target.bind();
    m_shown_target = &target;
    const glm::vec4 bg = background_of(world);
    const double start_ms = thread_cpu_ms();
    m_renderer->begin(m_shown.size_px,
                      glm::ortho(area.min.x, area.max.x, area.min.y, area.max.y, -1.0f, 1.0f),
                      glm::vec4(glm::vec3(bg), 1.0f));
    if (session.grid().visible) draw_grid(session, area);
    render::WorldRenderOptions options;
    options.view = area;
    options.hidden_layers = ctx.view.hidden_layers;
    options.draw_colliders = ctx.config.show_colliders;
    bool kept = false;
    if (game_plays) {
        // The game changes the world every tick (and keeps its index up to date): built afresh.
        m_visible = render::draw_world(world, *m_renderer, ctx.textures, *m_font, options).visible;
    } else {
        m_visible = m_world_cache.draw(world, *m_renderer, ctx.textures, *m_font, options).visible;
        kept = m_world_cache.replayed();
    }
    draw_selection(session, area, m_shown.size_px);
    const double built_ms = thread_cpu_ms();
    m_renderer->end();
    m_render_stats = m_renderer->stats();
    if (!m_render_stats.reused) ++m_image_revision;
    m_cost =
        ViewportCost{built_ms - start_ms, thread_cpu_ms() - built_ms, kept, m_render_stats.reused};
    RenderTarget::unbind();
}

void ViewportPanel::draw_grid(EditorSession& session, const Rect& view) {
    const ViewportCamera& camera = session.camera();
    const float px = 1.0f / camera.zoom();
    float step = std::max(session.grid().size, 1.0f);
    // Coarsen until cells are at least 8 pixels wide; every 8th line is a major line.
    while (step * camera.zoom() < 8.0f)
        step *= 2.0f;
    const float fade = std::clamp((step * camera.zoom() - 8.0f) / 24.0f, 0.0f, 1.0f);
    grid_lines(*m_renderer, view, step, px, {1.0f, 1.0f, 1.0f, 0.035f + 0.03f * fade});
    grid_lines(*m_renderer, view, step * 8.0f, px, {1.0f, 1.0f, 1.0f, 0.09f});
    // The world axes.
    m_renderer->line({view.min.x, 0.0f}, {view.max.x, 0.0f}, {0.9f, 0.3f, 0.3f, 0.55f}, px * 1.5f);
    m_renderer->line({0.0f, view.min.y}, {0.0f, view.max.y}, {0.35f, 0.85f, 0.35f, 0.55f},
                     px * 1.5f);
}

// ---- input ----

PickFilter ViewportPanel::pickable(const UiContext& ctx) {
    return [&ctx](Handle h) { return ctx.view.layer_pickable(ctx.session.world().layer(h)); };
}

Handle ViewportPanel::pickable_at(const UiContext& ctx, glm::vec2 world) const {
    const std::vector<Handle> under = ctx.session.pick(world, pickable(ctx));
    return under.empty() ? Handle{} : under.front();
}

void ViewportPanel::drop_unpickable(UiContext& ctx) const {
    const World& w = ctx.session.world();
    std::vector<Guid> keep;
    bool dropped = false;
    for (Guid g : ctx.session.selection()) {
        const Handle h = w.find(g);
        if (h && ctx.view.layer_pickable(w.layer(h)))
            keep.push_back(g);
        else
            dropped = true;
    }
    if (dropped) ctx.session.select_only(keep);
}

void ViewportPanel::handle_mouse(UiContext& ctx, bool hovered) {
    EditorSession& session = ctx.session;
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 mouse = to_glm(io.MousePos);
    const glm::vec2 world = mouse_world(session);
    const bool add = io.KeyCtrl || io.KeyShift;

    // Zoom to the cursor; pan with the middle button or space + left drag.
    if (hovered && io.MouseWheel != 0.0f)
        session.camera().zoom_at(mouse - m_origin, std::pow(1.15f, io.MouseWheel));
    if (m_gesture == Gesture::None && hovered &&
        (ImGui::IsMouseClicked(ImGuiMouseButton_Middle) ||
         (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && ImGui::IsKeyDown(SDL_SCANCODE_SPACE))))
        m_gesture = Gesture::Pan;
    if (m_gesture == Gesture::Pan) {
        session.camera().pan_pixels(to_glm(io.MouseDelta));
        ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Middle) &&
            !ImGui::IsMouseDown(ImGuiMouseButton_Left))
            m_gesture = Gesture::None;
        return;
    }

    if (ctx.view.tile_paint.active && m_gesture == Gesture::None &&
        m_tile_paint.handle_mouse(ctx, world, hovered))
        return;
    if (m_gesture == Gesture::None && hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        if (ctx.view.place_mode && !ctx.view.active_prefab.empty()) {
            if (auto placed = session.place_prefab(ctx.view.active_prefab, world); !placed)
                log_error("place " + ctx.view.active_prefab + ": " + placed.error().describe());
            return;
        }
        const HandlePart part = session.handle_at(world);
        if (part != HandlePart::None && part != HandlePart::Free) {
            session.begin_drag(part, world);
            m_drag_part = part;
            m_gesture = Gesture::ToolDrag;
            return;
        }
        m_gesture = Gesture::Pending;
        m_press_screen = mouse;
        m_press_world = world;
        m_press_add = add;
        m_selected_on_press = false;
        const Handle top = pickable_at(ctx, world);
        m_press_hit = static_cast<bool>(top);
        if (io.KeyAlt && !add) {
            // Alt: the next object below the selected one, at once, so dragging moves it.
            session.cycle_select(world, pickable(ctx));
            m_selected_on_press = true;
        } else if (top && !add && !session.is_selected(session.world().guid(top)) &&
                   part != HandlePart::Free) {
            // Pressing an unselected object selects it at once, so dragging it moves it; a
            // selected object under the cursor (e.g. chosen by cycling) stays the one dragged.
            session.click_select(world, false, pickable(ctx));
            m_selected_on_press = true;
        }
    }

    if (m_gesture == Gesture::Pending) {
        if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
            if (glm::length(mouse - m_press_screen) >= kDragThresholdPx) {
                const HandlePart part =
                    m_press_add ? HandlePart::None : session.handle_at(m_press_world);
                if (m_press_hit && part == HandlePart::Free) {
                    session.begin_drag(HandlePart::Free, m_press_world);
                    session.update_drag(world);
                    m_drag_part = HandlePart::Free;
                    m_gesture = Gesture::ToolDrag;
                } else {
                    m_gesture = Gesture::BoxSelect;
                }
            }
        } else {
            // A click: select (cycling through overlapping objects on repeated clicks).
            if (!m_selected_on_press) {
                if (m_press_hit)
                    session.click_select(m_press_world, m_press_add, pickable(ctx));
                else if (!m_press_add)
                    session.clear_selection();
                drop_unpickable(ctx);
            }
            m_gesture = Gesture::None;
        }
    }

    if (m_gesture == Gesture::ToolDrag) {
        if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
            session.update_drag(world);
        } else {
            session.update_drag(world);
            session.end_drag();
            m_drag_part = HandlePart::None;
            m_gesture = Gesture::None;
        }
    }

    if (m_gesture == Gesture::BoxSelect && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        const glm::vec2 lo = glm::min(m_press_world, world);
        const glm::vec2 hi = glm::max(m_press_world, world);
        session.box_select(Rect{lo, hi}, m_press_add);
        drop_unpickable(ctx);
        m_gesture = Gesture::None;
    }

    if (hovered && m_gesture == Gesture::None && ImGui::IsMouseReleased(ImGuiMouseButton_Right) &&
        glm::length(to_glm(io.MouseDragMaxDistanceAbs[ImGuiMouseButton_Right])) <
            kDragThresholdPx) {
        if (ctx.view.place_mode) {
            ctx.view.place_mode = false;
        } else {
            if (const Handle top = pickable_at(ctx, world);
                top && !session.is_selected(session.world().guid(top)))
                session.click_select(world, false, pickable(ctx));
            ImGui::OpenPopup("ViewportContext");
        }
    }
}

void ViewportPanel::handle_drop(UiContext& ctx) {
    if (!ImGui::BeginDragDropTarget()) return;
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload("DIORAMA_PREFAB")) {
        const std::string prefab(static_cast<const char*>(payload->Data),
                                 static_cast<std::size_t>(payload->DataSize));
        if (auto placed = ctx.session.place_prefab(prefab, mouse_world(ctx.session)); !placed)
            log_error("place " + prefab + ": " + placed.error().describe());
    }
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload(kAssetPayload))
        drop_asset(ctx, std::string(static_cast<const char*>(payload->Data),
                                    static_cast<std::size_t>(payload->DataSize)));
    ImGui::EndDragDropTarget();
}

void ViewportPanel::drop_asset(UiContext& ctx, const std::string& path) {
    const glm::vec2 at = mouse_world(ctx.session);
    switch (asset_type_of(path)) {
    case AssetType::Image: {
        const glm::ivec2 px = ctx.textures.get(path).size();
        if (auto placed = ctx.session.place_image(path, at, glm::vec2(px)); !placed)
            log_error("place " + path + ": " + placed.error().describe());
        break;
    }
    case AssetType::Prefab:
        if (auto placed = ctx.session.place_prefab(path, at); !placed)
            log_error("place " + path + ": " + placed.error().describe());
        break;
    default:
        log_warning(path + ": drop an image or a prefab into the viewport (a " +
                    to_string(asset_type_of(path)) + " goes onto an inspector field)");
    }
}

void ViewportPanel::select_while_playing(UiContext& ctx, bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) m_play_press = hovered;
    if (!m_play_press || !ImGui::IsMouseReleased(ImGuiMouseButton_Left)) return;
    m_play_press = false;
    // A drag is the game's alone; so is a click on empty space (the selection stays).
    if (!hovered ||
        glm::length(to_glm(io.MouseDragMaxDistanceAbs[ImGuiMouseButton_Left])) >= kDragThresholdPx)
        return;
    const glm::vec2 world = mouse_world(ctx.session);
    if (io.KeyAlt)
        ctx.session.cycle_select(world, pickable(ctx));
    else if (pickable_at(ctx, world))
        ctx.session.click_select(world, io.KeyCtrl || io.KeyShift, pickable(ctx));
}

void ViewportPanel::forward_game_mouse(UiContext& ctx, bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    if (!hovered) return;
    InputEvent e;
    e.position = mouse_world(ctx.session);
    if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) {
        e.kind = InputEventKind::MouseMove;
        ctx.session.push_input(e);
    }
    // ImGui buttons are 0 left, 1 right, 2 middle; the engine's 0 left, 1 middle, 2 right.
    constexpr std::uint8_t kEngineButton[3] = {0, 2, 1};
    for (int b = 0; b < 3; ++b) {
        e.button = kEngineButton[b];
        if (ImGui::IsMouseClicked(b)) {
            e.kind = InputEventKind::MouseDown;
            ctx.session.push_input(e);
        }
        if (ImGui::IsMouseReleased(b)) {
            e.kind = InputEventKind::MouseUp;
            ctx.session.push_input(e);
        }
    }
    if (io.MouseWheel != 0.0f) {
        e.kind = InputEventKind::Wheel;
        e.wheel = io.MouseWheel;
        ctx.session.push_input(e);
    }
}

void ViewportPanel::draw_context_menu(UiContext& ctx) {
    if (!ImGui::BeginPopup("ViewportContext")) return;
    EditorSession& s = ctx.session;
    const bool any = !s.selection().empty();
    ctx.widgets.push_scope("ViewportMenu");
    if (ui::menu_item(ctx.widgets, "Duplicate", "Duplicate", "Ctrl+D", false, any))
        s.duplicate_selection();
    if (ui::menu_item(ctx.widgets, "Delete", "Delete", "Del", false, any)) s.delete_selection();
    ImGui::Separator();
    if (ImGui::MenuItem("Cut", "Ctrl+X", false, any)) s.cut_selection();
    if (ImGui::MenuItem("Copy", "Ctrl+C", false, any)) s.copy_selection();
    if (ImGui::MenuItem("Paste", "Ctrl+V", false, s.has_clipboard())) s.paste();
    ImGui::Separator();
    if (ui::menu_item(ctx.widgets, "SaveAsPrefab", "Save as Prefab...", nullptr, false, any))
        ctx.actions.save_prefab_dialog();
    if (ImGui::MenuItem("Frame Selection", "F")) s.frame_selection();
    ctx.widgets.pop_scope();
    ImGui::EndPopup();
}

} // namespace diorama::editor
