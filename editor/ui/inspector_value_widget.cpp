// The Inspector's value widgets: one per field kind, each editing the field of every selected
// object as one undoable command, and the project's asset lists they offer.

#include "asset_browser.h"
#include "inspector_edit.h"

#include "core/field_text.h"
#include "core/reference_label.h"
#include "im_math.h"
#include "ui_widgets.h"

#include "diorama/components.h"
#include "diorama/field_path.h"
#include "diorama/log.h"
#include "diorama/prefab.h"
#include "diorama/scene_file.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <filesystem>
#include <system_error>

namespace diorama::editor {

namespace {

using inspector::apply;
using inspector::end_gesture;
using ui::contains_nocase;

const char* float_format(const FieldInfo& f) {
    return f.speed >= 0.1f ? "%.2f" : "%.3f";
}

float lo_of(const FieldInfo& f) {
    return f.min ? *f.min : -FLT_MAX;
}
float hi_of(const FieldInfo& f) {
    return f.max ? *f.max : FLT_MAX;
}

// A thin coloured bar on the left edge of the last item (x red, y green).
void axis_bar(ImU32 color) {
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddRectFilled(lo, ImVec2(lo.x + 3.0f, hi.y), color, 2.0f);
}

// Two drags side by side for a vec2, each part set on its own ("position.x").
void drag_vec2(UiContext& ctx, const std::string& label, glm::vec2& v, const FieldInfo& f,
               const std::string& path) {
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
    const float w = (ImGui::GetContentRegionAvail().x - spacing) * 0.5f;
    for (int part = 0; part < 2; ++part) {
        if (part == 1) ImGui::SameLine(0, spacing);
        ImGui::PushID(part);
        ImGui::SetNextItemWidth(w);
        float& x = part == 0 ? v.x : v.y;
        if (ui::recorded(ctx.widgets, label + (part == 0 ? ".x" : ".y"), WidgetKind::DragNumber,
                         ImGui::DragFloat("##v", &x, f.speed, lo_of(f), hi_of(f), float_format(f),
                                          ImGuiSliderFlags_AlwaysClamp |
                                              ImGuiSliderFlags_NoRoundToFormat))) {
            apply(ctx, path + (part == 0 ? ".x" : ".y"), FieldValue{x});
        }
        end_gesture(ctx);
        axis_bar(part == 0 ? colors::kAxisX : colors::kAxisY);
        ImGui::PopID();
    }
}

} // namespace

void InspectorPanel::accept_asset(UiContext& ctx, const FieldRow& row) {
    if (!ImGui::BeginDragDropTarget()) return;
    if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(kAssetPayload)) {
        const std::string path(static_cast<const char*>(p->Data),
                               static_cast<std::size_t>(p->DataSize));
        if (field_kind_of(asset_type_of(path)) == row.field->asset_kind)
            apply(ctx, row.path, FieldValue{path});
        else
            log_warning(row.path + " takes a " + to_string(row.field->asset_kind) + " file; " +
                        path + " is a " + to_string(asset_type_of(path)));
    }
    ImGui::EndDragDropTarget();
}

void InspectorPanel::draw_value_widget(UiContext& ctx, const FieldRow& row) {
    const FieldInfo& f = *row.field;
    const std::string& label = f.name;
    switch (f.type) {
    case FieldType::Bool: {
        bool v = std::get<bool>(row.value);
        if (ui::checkbox(ctx.widgets, label, "##v", &v)) apply(ctx, row.path, FieldValue{v});
        break;
    }
    case FieldType::Int32: {
        int v = std::get<std::int32_t>(row.value);
        const int lo = f.min ? static_cast<int>(*f.min) : 0;
        const int hi = f.max ? static_cast<int>(*f.max) : 0;
        if (ui::recorded(ctx.widgets, label, WidgetKind::DragNumber,
                         ImGui::DragInt("##v", &v, std::max(f.speed, 0.25f), lo,
                                        f.max ? hi : (f.min ? INT32_MAX : 0), "%d",
                                        ImGuiSliderFlags_AlwaysClamp)))
            apply(ctx, row.path, FieldValue{static_cast<std::int32_t>(v)});
        end_gesture(ctx);
        break;
    }
    case FieldType::Float: {
        float v = std::get<float>(row.value);
        if (ui::recorded(
                ctx.widgets, label, WidgetKind::DragNumber,
                ImGui::DragFloat("##v", &v, f.speed, lo_of(f), hi_of(f), float_format(f),
                                 ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoRoundToFormat)))
            apply(ctx, row.path, FieldValue{v});
        end_gesture(ctx);
        break;
    }
    case FieldType::Vec2: {
        glm::vec2 v = std::get<glm::vec2>(row.value);
        drag_vec2(ctx, label, v, f, row.path);
        break;
    }
    case FieldType::Color: {
        glm::vec4 v = std::get<glm::vec4>(row.value);
        if (ImGui::ColorEdit4("##v", &v.x,
                              ImGuiColorEditFlags_AlphaBar | ImGuiColorEditFlags_AlphaPreviewHalf))
            apply(ctx, row.path, FieldValue{v});
        end_gesture(ctx);
        record_item(ctx.widgets, label);
        break;
    }
    case FieldType::Enum: {
        const auto v = std::get<std::int32_t>(row.value);
        const bool known = v >= 0 && static_cast<std::size_t>(v) < f.enum_names.size();
        const std::string preview =
            known ? f.enum_names[static_cast<std::size_t>(v)] : std::to_string(v);
        if (ImGui::BeginCombo("##v", preview.c_str())) {
            ctx.widgets.push_scope(label);
            for (std::size_t i = 0; i < f.enum_names.size(); ++i) {
                if (ImGui::Selectable(f.enum_names[i].c_str(), static_cast<std::size_t>(v) == i))
                    apply(ctx, row.path, FieldValue{static_cast<std::int32_t>(i)});
                record_item(ctx.widgets, f.enum_names[i], WidgetKind::Button);
            }
            ctx.widgets.pop_scope();
            ImGui::EndCombo();
        }
        record_item(ctx.widgets, label);
        break;
    }
    case FieldType::String: {
        std::string v = std::get<std::string>(row.value);
        const bool changed =
            f.multiline
                ? ui::input_text_multiline(ctx.widgets, label, "##v", &v,
                                           ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 4.5f))
                : ui::input_text(ctx.widgets, label, "##v", &v);
        if (changed) apply(ctx, row.path, FieldValue{v});
        end_gesture(ctx);
        break;
    }
    case FieldType::Asset: {
        const std::string v = std::get<std::string>(row.value);
        const bool missing = !v.empty() && ctx.session.has_project() &&
                             !std::filesystem::exists(ctx.session.project().absolute(v));
        if (missing) ImGui::PushStyleColor(ImGuiCol_Text, colors::kError);
        const bool open =
            ImGui::BeginCombo("##v", v.empty() ? "(none)" : v.c_str(), ImGuiComboFlags_HeightLarge);
        if (missing) ImGui::PopStyleColor();
        if (missing && ImGui::IsItemHovered())
            ImGui::SetTooltip("%s does not exist in the project", v.c_str());
        if (open) {
            ctx.widgets.push_scope(label);
            if (ImGui::Selectable("(none)", v.empty()))
                apply(ctx, row.path, FieldValue{std::string()});
            const auto& files = assets(ctx, f.asset_kind, ImGui::IsWindowAppearing());
            for (const std::string& file : files) {
                if (ui::selectable(ctx.widgets, file, file.c_str(), file == v))
                    apply(ctx, row.path, FieldValue{file});
            }
            if (files.empty())
                ImGui::TextDisabled("No %s files in the project", to_string(f.asset_kind));
            ctx.widgets.pop_scope();
            ImGui::EndCombo();
        }
        record_item(ctx.widgets, label);
        accept_asset(ctx, row);
        break;
    }
    case FieldType::ObjectRef: {
        const World& world = ctx.session.world();
        const Guid v = std::get<Guid>(row.value);
        const std::string preview = reference_label(world, v);
        const bool missing = v && !world.find(v);
        if (missing) ImGui::PushStyleColor(ImGuiCol_Text, colors::kError);
        const bool open = ImGui::BeginCombo("##v", preview.c_str(), ImGuiComboFlags_HeightLarge);
        if (missing) ImGui::PopStyleColor();
        if (missing && ImGui::IsItemHovered())
            ImGui::SetTooltip("no object has guid %s; the reference is kept as it is",
                              to_string(v).c_str());
        if (open) {
            if (ImGui::IsWindowAppearing()) {
                m_ref_filter.clear();
                ImGui::SetKeyboardFocusHere();
            }
            ImGui::SetNextItemWidth(-FLT_MIN);
            edit_text("##find", &m_ref_filter, 0, "Filter");
            if (ImGui::Selectable("(none)", !v)) apply(ctx, row.path, FieldValue{Guid{}});
            world.each_object([&](Handle o) {
                const std::string& n = world.name(o);
                const Guid og = world.guid(o);
                if (!m_ref_filter.empty() && !contains_nocase(n, m_ref_filter)) return;
                ImGui::PushID(static_cast<int>(o.index));
                const std::string item =
                    (n.empty() ? "(unnamed)" : n) + "  " + to_string(og).substr(0, 6);
                if (ImGui::Selectable(item.c_str(), og == v)) apply(ctx, row.path, FieldValue{og});
                ImGui::PopID();
            });
            ImGui::EndCombo();
        }
        record_item(ctx.widgets, label);
        // Dropping an object from the hierarchy sets the reference.
        if (ImGui::BeginDragDropTarget()) {
            if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload("DIORAMA_OBJECT"))
                apply(ctx, row.path, FieldValue{Guid{*static_cast<const std::uint64_t*>(p->Data)}});
            ImGui::EndDragDropTarget();
        }
        break;
    }
    case FieldType::Properties:
        draw_properties(ctx, row);
        break;
    case FieldType::Tiles: {
        const TileGrid& grid = std::get<TileGrid>(row.value);
        ImGui::TextDisabled("%d x %d cells, %zu layer%s", grid.width, grid.height,
                            grid.layers.size(), grid.layers.size() == 1 ? "" : "s");
        record_item(ctx.widgets, label);
        break;
    }
    }
}

const std::vector<std::string>& InspectorPanel::assets(const UiContext& ctx, AssetKind kind,
                                                       bool rescan) {
    const auto k = static_cast<std::size_t>(kind);
    if (m_assets.size() <= k) m_assets.resize(k + 1);
    std::vector<std::string>& out = m_assets[k];
    if (!rescan || !ctx.session.has_project()) return out;
    out.clear();
    const auto extensions = [&]() -> std::vector<std::string> {
        switch (kind) {
        case AssetKind::Image:
            return {".png", ".jpg", ".jpeg", ".bmp", ".tga", ".gif"};
        case AssetKind::Prefab:
            return {".prefab.json"};
        case AssetKind::Scene:
            return {".scene.json"};
        case AssetKind::Font:
            return {".ttf", ".otf"};
        case AssetKind::Sound:
            return {".wav", ".ogg", ".mp3", ".flac"};
        case AssetKind::Tileset:
            return {".tileset.json"};
        case AssetKind::None:
            return {};
        }
        return {};
    }();
    const std::filesystem::path root = ctx.session.project().root;
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(
             root, std::filesystem::directory_options::skip_permission_denied, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
        if (it.depth() > 6 || out.size() > 2000) break;
        if (!it->is_regular_file(ec)) continue;
        std::string rel = it->path().lexically_relative(root).generic_string();
        std::string lower = rel;
        for (char& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower.starts_with(".") || lower.starts_with("game/") || lower.starts_with("build"))
            continue;
        for (const std::string& ext : extensions)
            if (lower.ends_with(ext)) {
                out.push_back(rel);
                break;
            }
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace diorama::editor
