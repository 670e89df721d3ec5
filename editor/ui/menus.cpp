#include "menus.h"

#include "im_math.h"
#include "tile_paint_tool.h"
#include "ui_widgets.h"

#include "core/live_attachment.h"

#include <SDL_scancode.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace diorama::editor {

namespace {

// The scene's name from its path: "scenes/level1.scene.json" -> "level1".
std::string scene_label(const std::string& path) {
    std::string name = std::filesystem::path(path).filename().string();
    if (const auto dot = name.find(".scene.json"); dot != std::string::npos) name.resize(dot);
    return name;
}

// BeginMenu that records the menu's header under label (also while the menu is open, when
// ImGui's last item is the popup).
bool begin_menu(UiContext& ctx, const char* label, bool enabled = true) {
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const bool open = ImGui::BeginMenu(label, enabled);
    if (!open) {
        record_item(ctx.widgets, label, WidgetKind::Button);
    } else {
        const ImVec2 size(ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemSpacing.x,
                          ImGui::GetFrameHeight());
        ctx.widgets.add(label, Rect{to_glm(pos), to_glm(pos + size)}, WidgetKind::Button);
        ctx.widgets.push_scope(label);
    }
    return open;
}

void end_menu(UiContext& ctx) {
    ctx.widgets.pop_scope();
    ImGui::EndMenu();
}

bool item(UiContext& ctx, const char* label, const char* shortcut = nullptr, bool selected = false,
          bool enabled = true, const char* record_as = nullptr) {
    return ui::menu_item(ctx.widgets, record_as != nullptr ? record_as : label, label, shortcut,
                         selected, enabled);
}

void file_menu(UiContext& ctx) {
    EditorSession& s = ctx.session;
    const bool project = s.has_project();
    if (item(ctx, "New Scene", "Ctrl+N", false, project)) ctx.actions.new_scene();
    if (item(ctx, "Open Project\u2026", "Ctrl+O", false, true, "Open Project"))
        ctx.actions.open_project_dialog();
    if (begin_menu(ctx, "Open Scene", project)) {
        const std::vector<std::string> scenes = s.project().scenes();
        if (scenes.empty())
            ImGui::TextDisabled("No scenes in %s/", s.project().scene_folder.c_str());
        for (const std::string& scene : scenes) {
            const std::string label = scene_label(scene);
            ImGui::PushID(scene.c_str());
            if (ui::menu_item(ctx.widgets, label, label.c_str(), nullptr, scene == s.scene_path()))
                ctx.actions.open_scene(scene);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", scene.c_str());
            ImGui::PopID();
        }
        end_menu(ctx);
    }
    ImGui::Separator();
    if (item(ctx, "Save", "Ctrl+S", false, project)) ctx.actions.save();
    if (item(ctx, "Save As\u2026", "Ctrl+Shift+S", false, project, "Save As"))
        ctx.actions.save_as_dialog();
    ImGui::Separator();
    if (item(ctx, "Export\u2026", nullptr, false, project, "Export")) ctx.actions.export_dialog();
    ImGui::Separator();
    if (item(ctx, "Attach to Player\u2026", nullptr, false, project, "Attach to Player"))
        ctx.actions.attach_dialog();
    const LiveAttachment* live = s.live();
    if (item(ctx, "Save Remote State As\u2026", nullptr, false,
             live != nullptr && live->has_state(), "Save Remote State As"))
        ctx.actions.save_remote_state_dialog();
    if (item(ctx, "Detach from Player", nullptr, false, live != nullptr)) s.detach();
    ImGui::Separator();
    if (begin_menu(ctx, "Recent Projects", !ctx.config.recent_projects.empty())) {
        for (const std::string& folder : ctx.config.recent_projects)
            if (ImGui::MenuItem(folder.c_str())) ctx.actions.open_project(folder);
        end_menu(ctx);
    }
    ImGui::Separator();
    if (item(ctx, "Quit", "Ctrl+Q")) ctx.actions.quit();
}

void edit_menu(UiContext& ctx) {
    EditorSession& s = ctx.session;
    const bool editing = s.play_state() == PlayState::Editing;
    const bool any = !s.selection().empty();
    const std::string undo = s.can_undo() ? "Undo " + s.history().undo_label() : "Undo";
    const std::string redo = s.can_redo() ? "Redo " + s.history().redo_label() : "Redo";
    if (item(ctx, undo.c_str(), "Ctrl+Z", false, s.can_undo(), "Undo")) s.undo();
    if (item(ctx, redo.c_str(), "Ctrl+Shift+Z", false, s.can_redo(), "Redo")) s.redo();
    ImGui::Separator();
    if (item(ctx, "Cut", "Ctrl+X", false, any && editing)) s.cut_selection();
    if (item(ctx, "Copy", "Ctrl+C", false, any)) s.copy_selection();
    if (item(ctx, "Paste", "Ctrl+V", false, s.has_clipboard() && editing)) s.paste();
    ImGui::Separator();
    if (item(ctx, "Duplicate", "Ctrl+D", false, any && editing)) s.duplicate_selection();
    if (item(ctx, "Delete", "Del", false, any && editing)) s.delete_selection();
    ImGui::Separator();
    if (item(ctx, "Select All", "Ctrl+A")) s.select_all();
    if (item(ctx, "Select None", "Esc", false, any)) s.clear_selection();
}

void view_menu(UiContext& ctx) {
    EditorSession& s = ctx.session;
    EditorLayout& l = ctx.config.layout;
    if (item(ctx, "Grid", "G", s.grid().visible)) s.grid().visible = !s.grid().visible;
    if (item(ctx, "Snap to Grid", "Shift+G", s.grid().snap)) s.grid().snap = !s.grid().snap;
    if (item(ctx, "Colliders", nullptr, ctx.config.show_colliders))
        ctx.config.show_colliders = !ctx.config.show_colliders;
    if (item(ctx, "Game Camera in Play", nullptr, s.follow_game_camera()))
        s.set_follow_game_camera(!s.follow_game_camera());
    ImGui::Separator();
    if (item(ctx, "Hierarchy", nullptr, l.show_hierarchy)) l.show_hierarchy = !l.show_hierarchy;
    if (item(ctx, "Inspector", nullptr, l.show_inspector)) l.show_inspector = !l.show_inspector;
    if (item(ctx, "Bottom Panels", nullptr, l.show_bottom)) l.show_bottom = !l.show_bottom;
    ImGui::Separator();
    if (item(ctx, "Frame Selection", "F")) s.frame_selection();
    if (item(ctx, "Reset Zoom", "Ctrl+0")) s.camera().set_zoom(1.0f);
}

void play_menu(UiContext& ctx) {
    EditorSession& s = ctx.session;
    const PlayState state = s.play_state();
    if (item(ctx, state == PlayState::Paused ? "Resume" : "Play", "F5", false,
             state != PlayState::Playing, "Play"))
        s.play();
    if (item(ctx, "Pause", "F6", false, state == PlayState::Playing)) s.pause();
    if (item(ctx, "Step", "F7")) s.step();
    if (item(ctx, s.attached() ? "Stop (detach from the player)" : "Stop", "F8", false,
             state != PlayState::Editing, "Stop"))
        s.stop();
    ImGui::Separator();
    const bool live_here = state != PlayState::Editing && !s.attached();
    if (item(ctx, "Keep Live Values of Selection", nullptr, false,
             live_here && !s.selection().empty()))
        s.keep_live_values();
    if (item(ctx, "Save Recorded Input As\u2026", nullptr, false,
             !s.attached() && s.recorded_ticks() > 0, "Save Recorded Input As"))
        ctx.actions.save_input_dialog();
}

} // namespace

float draw_main_menu(UiContext& ctx) {
    float height = 0.0f;
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(8.0f * ctx.scale, 6.0f * ctx.scale));
    if (ImGui::BeginMainMenuBar()) {
        ctx.widgets.push_scope("Menu");
        if (begin_menu(ctx, "File")) {
            file_menu(ctx);
            end_menu(ctx);
        }
        if (begin_menu(ctx, "Edit")) {
            edit_menu(ctx);
            end_menu(ctx);
        }
        if (begin_menu(ctx, "View")) {
            view_menu(ctx);
            end_menu(ctx);
        }
        if (begin_menu(ctx, "Play")) {
            play_menu(ctx);
            end_menu(ctx);
        }
        ctx.widgets.pop_scope();
        // The project and scene at the right end, after why it may not be saved (read-only...).
        if (ctx.session.has_project()) {
            const std::string text = ctx.session.attached()
                                         ? "player " + ctx.session.live()->address() +
                                               "  \u2022  " + ctx.session.project().name
                                         : ctx.session.project().name + "  \u2022  " +
                                               ctx.session.scene_name() +
                                               (ctx.session.dirty() ? " (unsaved)" : "");
            const std::string note = ctx.session.access_note();
            const float gap = 14.0f * ctx.scale;
            float w = ImGui::CalcTextSize(text.c_str()).x;
            if (!note.empty()) w += ImGui::CalcTextSize(note.c_str()).x + gap;
            ImGui::SameLine(ImGui::GetWindowWidth() - w - gap);
            if (!note.empty()) {
                ImGui::PushStyleColor(ImGuiCol_Text, colors::kWarning);
                ImGui::TextUnformatted(note.c_str());
                ImGui::PopStyleColor();
                record_item(ctx.widgets, "Menu/access");
                ImGui::SameLine(0.0f, gap);
            }
            ImGui::TextDisabled("%s", text.c_str());
        }
        height = ImGui::GetWindowSize().y;
        ImGui::EndMainMenuBar();
    }
    ImGui::PopStyleVar();
    return height;
}

namespace {
// Turns tile painting on for the selected tile map (off: back to the selection tools).
void toggle_tile_painting(UiContext& ctx) {
    TilePaintState& paint = ctx.view.tile_paint;
    paint.active = !paint.active && TilePaintTool::target(ctx);
    if (paint.active) ctx.view.place_mode = false;
}
} // namespace

void draw_toolbar(UiContext& ctx) {
    EditorSession& s = ctx.session;
    const float scale = ctx.scale;
    const float size = 28.0f * scale;
    const float gap = 2.0f * scale;
    ctx.widgets.push_scope("Toolbar");
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(gap, gap));
    ImGui::SetCursorPos(ImGui::GetCursorPos() + ImVec2(6.0f * scale, 4.0f * scale));

    // Tools.
    const Tool tool = s.tool();
    const bool placing = ctx.view.place_mode;
    if (icon_button(ctx.widgets, "Select", Icon::Select, tool == Tool::Select && !placing,
                    "Select (Q)", size))
        s.set_tool(Tool::Select), ctx.view.place_mode = false, ctx.view.tile_paint.active = false;
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Move", Icon::Move, tool == Tool::Move && !placing, "Move (W)",
                    size))
        s.set_tool(Tool::Move), ctx.view.place_mode = false, ctx.view.tile_paint.active = false;
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Rotate", Icon::Rotate, tool == Tool::Rotate && !placing,
                    "Rotate (E)", size))
        s.set_tool(Tool::Rotate), ctx.view.place_mode = false, ctx.view.tile_paint.active = false;
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Scale", Icon::Scale, tool == Tool::Scale && !placing, "Scale (R)",
                    size))
        s.set_tool(Tool::Scale), ctx.view.place_mode = false, ctx.view.tile_paint.active = false;
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Place", Icon::Place, placing,
                    ctx.view.active_prefab.empty() ? "Place prefabs: pick one in the Prefabs panel"
                                                   : "Place the prefab picked in the Prefabs panel",
                    size, !ctx.view.active_prefab.empty()))
        ctx.view.place_mode = !placing;
    ImGui::SameLine();
    const bool can_paint = static_cast<bool>(TilePaintTool::target(ctx));
    if (icon_button(ctx.widgets, "Paint Tiles", Icon::Tiles, ctx.view.tile_paint.active,
                    can_paint ? "Paint the selected tile map (T)"
                              : "Paint tiles: select an object with a TileMap",
                    size, can_paint))
        toggle_tile_painting(ctx);

    // Grid: show, snap, size.
    ImGui::SameLine(0, 18.0f * scale);
    if (icon_button(ctx.widgets, "Grid", Icon::Grid, s.grid().visible, "Show the grid (G)", size))
        s.grid().visible = !s.grid().visible;
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Snap", Icon::Snap, s.grid().snap, "Snap to the grid (Shift+G)",
                    size))
        s.grid().snap = !s.grid().snap;
    ImGui::SameLine(0, 6.0f * scale);
    ImGui::SetNextItemWidth(70.0f * scale);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (size - ImGui::GetFrameHeight()) * 0.5f);
    float grid = s.grid().size;
    if (ui::recorded(ctx.widgets, "GridSize", WidgetKind::DragNumber,
                     ImGui::DragFloat("##grid", &grid, 0.25f, 1.0f, 1024.0f, "grid %.0f",
                                      ImGuiSliderFlags_AlwaysClamp)))
        s.grid().size = grid;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Grid size in world units");

    // Play controls, centred.
    const float play_w = 4.0f * size + 3.0f * gap;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 12.0f * scale,
                             (ImGui::GetWindowWidth() - play_w) * 0.5f));
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() - (size - ImGui::GetFrameHeight()) * 0.5f);
    const PlayState state = s.play_state();
    if (state == PlayState::Playing)
        ImGui::PushStyleColor(ImGuiCol_Header, ImGui::ColorConvertU32ToFloat4(colors::kPlaying));
    if (icon_button(ctx.widgets, "Play", Icon::Play, state == PlayState::Playing,
                    state == PlayState::Paused ? "Resume (F5)" : "Play (F5)", size,
                    state != PlayState::Playing))
        s.play();
    if (state == PlayState::Playing) ImGui::PopStyleColor();
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Pause", Icon::Pause, state == PlayState::Paused, "Pause (F6)",
                    size, state != PlayState::Editing))
        s.pause();
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Step", Icon::Step, false, "Step one tick (F7)", size)) s.step();
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Stop", Icon::Stop, false,
                    s.attached() ? "Detach from the player and go back to the scene (F8)"
                                 : "Stop and restore the scene (F8)",
                    size, state != PlayState::Editing))
        s.stop();

    // Tick counter while playing (the player's, when attached).
    const Simulation* sim = s.simulation();
    if (const LiveAttachment* live = s.live()) {
        ImGui::SameLine(0, 10.0f * scale);
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (size - ImGui::GetTextLineHeight()) * 0.5f);
        ImGui::TextDisabled("player tick %llu", static_cast<unsigned long long>(live->tick()));
    } else if (sim != nullptr && state != PlayState::Editing) {
        ImGui::SameLine(0, 10.0f * scale);
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (size - ImGui::GetTextLineHeight()) * 0.5f);
        ImGui::TextDisabled("tick %llu", static_cast<unsigned long long>(sim->tick_count()));
    }
    ImGui::PopStyleVar();
    ctx.widgets.pop_scope();
}

namespace {

// Keys pressed this frame while playing join `keys` (from the next frame on, their repeats are
// the game's); keys released leave it.
void remember_game_keys(std::vector<int>& keys, bool playing) {
    std::erase_if(keys, [](int key) { return !ImGui::IsKeyDown(key); });
    if (!playing) return;
    for (int key = 0; key < SDL_NUM_SCANCODES; ++key)
        if (ImGui::IsKeyPressed(key, false) &&
            std::find(keys.begin(), keys.end(), key) == keys.end())
            keys.push_back(key);
}

void run_shortcuts(UiContext& ctx);

} // namespace

void handle_shortcuts(UiContext& ctx) {
    run_shortcuts(ctx);
    remember_game_keys(ctx.view.game_keys, ctx.session.play_state() == PlayState::Playing);
}

namespace {

void run_shortcuts(UiContext& ctx) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    EditorSession& s = ctx.session;
    const std::vector<int>& game_keys = ctx.view.game_keys;
    const auto pressed = [&game_keys](SDL_Scancode key, bool repeat = false) {
        return ImGui::IsKeyPressed(key, repeat) &&
               std::find(game_keys.begin(), game_keys.end(), key) == game_keys.end();
    };
    const bool ctrl = io.KeyCtrl;
    const bool shift = io.KeyShift;
    const bool playing = s.play_state() == PlayState::Playing;

    // Play controls work in every state.
    if (pressed(SDL_SCANCODE_F5)) s.play();
    if (pressed(SDL_SCANCODE_F6)) s.pause();
    if (pressed(SDL_SCANCODE_F7, true)) s.step();
    if (pressed(SDL_SCANCODE_F8)) s.stop();

    if (ctrl) {
        if (pressed(SDL_SCANCODE_Z, true)) {
            if (shift)
                s.redo();
            else
                s.undo();
        }
        if (pressed(SDL_SCANCODE_Y, true)) s.redo();
        if (pressed(SDL_SCANCODE_S)) shift ? ctx.actions.save_as_dialog() : ctx.actions.save();
        if (pressed(SDL_SCANCODE_N) && s.has_project()) ctx.actions.new_scene();
        if (pressed(SDL_SCANCODE_O)) ctx.actions.open_project_dialog();
        if (pressed(SDL_SCANCODE_Q)) ctx.actions.quit();
        if (pressed(SDL_SCANCODE_D)) s.duplicate_selection();
        if (pressed(SDL_SCANCODE_C)) s.copy_selection();
        if (pressed(SDL_SCANCODE_X)) s.cut_selection();
        if (pressed(SDL_SCANCODE_V)) s.paste();
        if (pressed(SDL_SCANCODE_A)) s.select_all();
        if (pressed(SDL_SCANCODE_0)) s.camera().set_zoom(1.0f);
        return;
    }
    // Single keys: not while the game has the keyboard, nor while a widget is held.
    if (playing || ImGui::IsAnyItemActive()) return;
    if (pressed(SDL_SCANCODE_T)) toggle_tile_painting(ctx);
    if (ctx.view.tile_paint.active) {
        // The tile tools take the letters while painting.
        TileTool& tile_tool = ctx.view.tile_paint.tool;
        if (pressed(SDL_SCANCODE_B)) tile_tool = TileTool::Brush;
        if (pressed(SDL_SCANCODE_E)) tile_tool = TileTool::Erase;
        if (pressed(SDL_SCANCODE_R)) tile_tool = TileTool::Rectangle;
        if (pressed(SDL_SCANCODE_F)) tile_tool = TileTool::Fill;
        if (pressed(SDL_SCANCODE_I)) tile_tool = TileTool::Pick;
        if (pressed(SDL_SCANCODE_ESCAPE) || pressed(SDL_SCANCODE_Q) || pressed(SDL_SCANCODE_W))
            ctx.view.tile_paint.active = false;
        return;
    }
    if (pressed(SDL_SCANCODE_DELETE) || pressed(SDL_SCANCODE_BACKSPACE)) s.delete_selection();
    if (pressed(SDL_SCANCODE_F)) s.frame_selection();
    if (pressed(SDL_SCANCODE_Q)) s.set_tool(Tool::Select), ctx.view.place_mode = false;
    if (pressed(SDL_SCANCODE_W)) s.set_tool(Tool::Move), ctx.view.place_mode = false;
    if (pressed(SDL_SCANCODE_E)) s.set_tool(Tool::Rotate), ctx.view.place_mode = false;
    if (pressed(SDL_SCANCODE_R)) s.set_tool(Tool::Scale), ctx.view.place_mode = false;
    if (pressed(SDL_SCANCODE_G)) {
        if (shift)
            s.grid().snap = !s.grid().snap;
        else
            s.grid().visible = !s.grid().visible;
    }
    if (pressed(SDL_SCANCODE_ESCAPE)) {
        if (ctx.view.place_mode)
            ctx.view.place_mode = false;
        else
            s.clear_selection();
    }
    // Arrows nudge by a grid step (Shift: one world unit).
    const float step = shift ? 1.0f : s.grid().size;
    glm::vec2 nudge(0.0f);
    if (pressed(SDL_SCANCODE_LEFT, true)) nudge.x -= step;
    if (pressed(SDL_SCANCODE_RIGHT, true)) nudge.x += step;
    if (pressed(SDL_SCANCODE_UP, true)) nudge.y += step;
    if (pressed(SDL_SCANCODE_DOWN, true)) nudge.y -= step;
    if ((nudge.x != 0.0f || nudge.y != 0.0f) && !s.selection().empty()) {
        s.nudge(nudge);
        s.end_merge();
    }
}

} // namespace

} // namespace diorama::editor
