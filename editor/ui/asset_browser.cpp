#include "asset_browser.h"

#include "im_math.h"
#include "modal_dialog.h"
#include "theme.h"
#include "ui_widgets.h"

#include "diorama/log.h"
#include "diorama/render/texture.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace diorama::editor {

namespace {

constexpr double kScanSeconds = 0.5;

std::string name_of(const std::string& path) {
    return path.substr(path.rfind('/') + 1);
}

// The name a tile shows: the file's name without the ending its badge already tells.
std::string shown_name(const std::string& path) {
    std::string name = name_of(path);
    for (std::string_view ending : {".prefab.json", ".scene.json", ".tileset.json", ".input.json"})
        if (name.size() > ending.size() && name.ends_with(ending))
            return name.substr(0, name.size() - ending.size());
    return name;
}

std::string size_text(std::uintmax_t bytes) {
    char text[32];
    if (bytes < 1024)
        std::snprintf(text, sizeof text, "%ju bytes", bytes);
    else if (bytes < 1024 * 1024)
        std::snprintf(text, sizeof text, "%.1f KB", static_cast<double>(bytes) / 1024.0);
    else
        std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

// A kind's badge: its short name on a colour of its own.
std::pair<const char*, ImU32> badge_of(AssetType type) {
    switch (type) {
    case AssetType::Prefab:
        return {"PREFAB", IM_COL32(70, 130, 200, 255)};
    case AssetType::Scene:
        return {"SCENE", IM_COL32(120, 90, 190, 255)};
    case AssetType::Tileset:
        return {"TILES", IM_COL32(70, 150, 90, 255)};
    case AssetType::Script:
        return {"LUA", IM_COL32(50, 80, 170, 255)};
    case AssetType::Sound:
        return {"SOUND", IM_COL32(190, 120, 50, 255)};
    case AssetType::Font:
        return {"FONT", IM_COL32(150, 150, 60, 255)};
    case AssetType::Input:
        return {"INPUT", IM_COL32(110, 110, 110, 255)};
    case AssetType::Project:
        return {"PROJECT", IM_COL32(160, 70, 70, 255)};
    case AssetType::Image:
    case AssetType::Other:
        break;
    }
    return {"FILE", IM_COL32(90, 90, 90, 255)};
}

} // namespace

bool AssetBrowser::poll(const EditorSession& session, double now_s) {
    if (!session.has_project()) return false;
    if (session.project().root != m_root) {
        m_root = session.project().root;
        m_folder.clear();
        m_selected.clear();
        m_next_scan_s = 0.0;
    }
    if (now_s < m_next_scan_s) return false;
    m_next_scan_s = now_s + kScanSeconds;
    return m_catalog.scan(m_root);
}

void AssetBrowser::draw(UiContext& ctx) {
    const float s = ctx.scale;
    ctx.widgets.push_scope("Assets");
    ImGui::BeginChild("##asset_folders", ImVec2(170.0f * s, 0), true);
    draw_folders(ctx);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##asset_files", ImVec2(0, 0), false);
    draw_files(ctx);
    ImGui::EndChild();
    ctx.widgets.pop_scope();
    draw_rename(ctx);
    draw_delete(ctx);
}

void AssetBrowser::draw_folders(UiContext& ctx) {
    for (const std::string& folder : m_catalog.folders()) {
        const auto depth = static_cast<float>(std::count(folder.begin(), folder.end(), '/') +
                                              (folder.empty() ? 0 : 1));
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + depth * 12.0f * ctx.scale);
        const std::string text = folder.empty() ? "(project)" : name_of(folder);
        if (ui::selectable(ctx.widgets, "folder/" + (folder.empty() ? "." : folder), text.c_str(),
                           m_search.empty() && folder == m_folder)) {
            m_folder = folder;
            m_search.clear();
        }
    }
}

void AssetBrowser::draw_files(UiContext& ctx) {
    const float s = ctx.scale;
    ImGui::SetNextItemWidth(std::min(260.0f * s, ImGui::GetContentRegionAvail().x));
    ui::input_text(ctx.widgets, "search", "##search", &m_search);
    ImGui::SameLine();
    const std::string where =
        fit_text(m_search.empty() ? (m_folder.empty() ? "project folder" : m_folder)
                                  : "matches in every folder",
                 ImGui::GetContentRegionAvail().x);
    ImGui::TextDisabled("%s", where.c_str());
    ImGui::BeginChild("##asset_grid", ImVec2(0, 0), false);
    const std::vector<const AssetFile*> files = m_catalog.listed(m_folder, m_search);
    const float side = 76.0f * s;
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::GetContentRegionAvail().x;
    float x = 0.0f;
    for (const AssetFile* file : files) {
        if (x > 0.0f && x + side > width)
            x = 0.0f;
        else if (x > 0.0f)
            ImGui::SameLine();
        x += side + style.ItemSpacing.x;
        draw_tile(ctx, *file, side);
    }
    if (files.empty())
        ImGui::TextDisabled("%s", m_search.empty() ? "No files here" : "No file matches");
    ImGui::EndChild();
}

void AssetBrowser::draw_tile(UiContext& ctx, const AssetFile& file, float side) {
    const float s = ctx.scale;
    ImGui::PushID(file.path.c_str());
    const ImVec2 lo = ImGui::GetCursorScreenPos();
    const ImVec2 size(side, side + ImGui::GetTextLineHeight());
    if (ui::recorded(ctx.widgets, file.path, WidgetKind::Button,
                     ImGui::InvisibleButton("##tile", size)))
        m_selected = file.path;
    const bool hovered = ImGui::IsItemHovered();
    if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        if (file.type == AssetType::Scene) ctx.actions.open_scene(file.path);
        if (file.type == AssetType::Prefab) ctx.view.open_prefab = file.path;
    }
    if (ImGui::BeginDragDropSource()) {
        ImGui::SetDragDropPayload(kAssetPayload, file.path.data(), file.path.size());
        ImGui::Text("%s", file.path.c_str());
        ImGui::EndDragDropSource();
    }
    if (ImGui::BeginPopupContextItem("##asset_menu")) {
        m_selected = file.path;
        draw_file_menu(ctx, file);
        ImGui::EndPopup();
    }
    if (hovered) {
        std::string tip = file.path + "\n" + to_string(file.type) + ", " + size_text(file.size);
        if (file.type == AssetType::Image) {
            const render::Texture& texture = ctx.textures.get(file.path);
            const std::string problem = ctx.textures.problem(file.path);
            tip += problem.empty() ? "\n" + std::to_string(texture.size().x) + " x " +
                                         std::to_string(texture.size().y) + " pixels"
                                   : "\n" + problem;
        }
        ImGui::SetTooltip("%s", tip.c_str());
    }

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 hi = lo + size;
    const bool selected = file.path == m_selected;
    draw->AddRectFilled(lo, hi,
                        style_color(selected  ? ImGuiCol_Header
                                    : hovered ? ImGuiCol_FrameBgHovered
                                              : ImGuiCol_FrameBg),
                        5.0f * s);
    const ImVec2 box_lo = lo + ImVec2(6 * s, 6 * s);
    const ImVec2 box_hi = lo + ImVec2(side - 6 * s, side - 6 * s);
    if (file.type == AssetType::Image) {
        const render::Texture& texture = ctx.textures.get(file.path);
        const ImVec2 room = box_hi - box_lo;
        const glm::vec2 px(std::max(texture.size().x, 1), std::max(texture.size().y, 1));
        const float fit = std::min(room.x / px.x, room.y / px.y);
        const ImVec2 shown(px.x * fit, px.y * fit);
        const ImVec2 at = box_lo + (room - shown) * 0.5f;
        draw->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture.id())), at,
                       at + shown);
    } else {
        const auto [label, color] = badge_of(file.type);
        draw->AddRectFilled(box_lo + ImVec2(0, 10 * s), box_hi - ImVec2(0, 10 * s), color,
                            4.0f * s);
        const ImVec2 text = ImGui::CalcTextSize(label);
        draw->AddText((box_lo + box_hi - text) * 0.5f, IM_COL32(255, 255, 255, 235), label);
    }
    const std::string name = fit_text(shown_name(file.path), size.x - 8.0f * s);
    const ImVec2 text = ImGui::CalcTextSize(name.c_str());
    draw->PushClipRect(lo, hi, true);
    draw->AddText(ImVec2(lo.x + std::max(4.0f * s, (size.x - text.x) * 0.5f), lo.y + side - 2 * s),
                  style_color(ImGuiCol_Text), name.c_str());
    draw->PopClipRect();
    ImGui::PopID();
}

void AssetBrowser::draw_file_menu(UiContext& ctx, const AssetFile& file) {
    ctx.widgets.push_scope("Menu");
    if (ui::menu_item(ctx.widgets, "Rename", "Rename or Move...")) {
        m_rename_from = file.path;
        m_rename_to = file.path;
        m_open_rename = true;
    }
    if (ui::menu_item(ctx.widgets, "Delete", "Delete...")) {
        m_delete = file.path;
        m_delete_uses = ctx.session.asset_uses(file.path);
        m_open_delete = true;
    }
    if (ImGui::MenuItem("Copy Path")) ImGui::SetClipboardText(file.path.c_str());
    ctx.widgets.pop_scope();
}

void AssetBrowser::draw_rename(UiContext& ctx) {
    if (m_open_rename) ImGui::OpenPopup("Rename or Move###rename_asset");
    m_open_rename = false;
    std::string modal_text;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Rename or Move###rename_asset", "RenameAsset"}, modal_text,
        [&](DialogFrame& f) {
            f.modal_text = "Rename or Move " + m_rename_from;
            ImGui::Text("Rename or move %s to:", m_rename_from.c_str());
            if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
            ImGui::SetNextItemWidth(420.0f * ctx.scale);
            f.submit = ui::input_text(ctx.widgets, "path", "##path", &m_rename_to,
                                      ImGuiInputTextFlags_EnterReturnsTrue);
            ImGui::TextDisabled(
                "Every scene, prefab and tileset naming it is updated (undo: Ctrl+Z).");
            f.buttons = {{"Rename"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed != "Rename") return;
    if (auto renamed = ctx.session.rename_asset(m_rename_from, m_rename_to); renamed) {
        m_selected = m_rename_to;
        m_next_scan_s = 0.0;
    }
}

void AssetBrowser::draw_delete(UiContext& ctx) {
    if (m_open_delete) ImGui::OpenPopup("Delete###delete_asset");
    m_open_delete = false;
    std::string modal_text;
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Delete###delete_asset", "DeleteAsset"}, modal_text,
        [&](DialogFrame& f) {
            f.modal_text = "Delete " + m_delete;
            ImGui::Text("Delete %s?", m_delete.c_str());
            if (m_delete_uses.empty()) {
                ImGui::TextDisabled("No scene, prefab or tileset uses it.");
            } else {
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::kWarning),
                                   "It is used %zu time%s; those references will be broken:",
                                   m_delete_uses.size(), m_delete_uses.size() == 1 ? "" : "s");
                const std::size_t shown = std::min<std::size_t>(m_delete_uses.size(), 12);
                for (std::size_t i = 0; i < shown; ++i)
                    ImGui::BulletText("%s: %s", m_delete_uses[i].file.c_str(),
                                      m_delete_uses[i].json_path.c_str());
                if (shown < m_delete_uses.size())
                    ImGui::TextDisabled("... and %zu more", m_delete_uses.size() - shown);
            }
            ImGui::TextDisabled("The file goes to .diorama/trash; Ctrl+Z brings it back.");
            f.buttons = {{"Delete"}, {"Cancel", DialogKeys::EnterOrEscape}};
        });
    if (pressed == "Delete" && ctx.session.delete_asset(m_delete)) {
        m_selected.clear();
        m_next_scan_s = 0.0;
    }
}

} // namespace diorama::editor
