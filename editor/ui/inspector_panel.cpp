#include "inspector_panel.h"

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

// "rotation_deg" -> "Rotation deg".
std::string pretty(std::string_view name) {
    std::string out(name);
    for (char& c : out)
        if (c == '_') c = ' ';
    if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out;
}

bool contains_nocase(std::string_view text, std::string_view needle) {
    return std::search(text.begin(), text.end(), needle.begin(), needle.end(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           }) != text.end();
}

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

namespace inspector {

// Sets path on every selected object that has it, merging the gesture of the widget "##v" (every
// value widget here has that id in its own ID scope) into one command.
void apply(UiContext& ctx, const std::string& path, const FieldValue& value) {
    const auto key = static_cast<std::uint64_t>(ImGui::GetID("##v"));
    if (auto r = ctx.session.set_field(path, value, key); !r)
        log_warning(path + ": " + r.error().describe());
}

// Closes the widget's merge window when it is released.
void end_gesture(UiContext& ctx) {
    if (ImGui::IsItemDeactivated()) ctx.session.end_merge();
}

} // namespace inspector

// ---- panel ----

void InspectorPanel::draw(UiContext& ctx) {
    EditorSession& session = ctx.session;
    ctx.widgets.push_scope("Inspector");
    take_focus(ctx);
    panel_header("Inspector", ctx.scale);
    ImGui::BeginChild("##inspector", ImVec2(0, 0), false);
    const std::vector<Handle> selected = session.selected_handles();
    if (selected.empty()) {
        ImGui::Spacing();
        ImGui::PushStyleColor(ImGuiCol_Text, style_color(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("Select an object in the viewport or the hierarchy.");
        ImGui::PopStyleColor();
        ImGui::EndChild();
        ctx.widgets.pop_scope();
        return;
    }
    draw_object_header(ctx, selected);

    // The component types every selected object has, in registry order.
    const World& world = session.world();
    for (const TypeInfo* type : session.registry().types()) {
        const bool shared = std::all_of(selected.begin(), selected.end(),
                                        [&](Handle h) { return world.has(h, type->id); });
        if (shared) draw_component(ctx, *type, selected);
    }
    if (selected.size() == 1) draw_kept(ctx, selected.back());
    ImGui::Spacing();
    draw_add_component(ctx, selected);
    ImGui::EndChild();
    ctx.widgets.pop_scope();
}

void InspectorPanel::draw_object_header(UiContext& ctx, const std::vector<Handle>& selected) {
    EditorSession& session = ctx.session;
    const World& world = session.world();
    const Handle h = selected.back();
    const Guid g = world.guid(h);
    const float label_w = 70.0f * ctx.scale;

    if (selected.size() > 1) {
        ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
        ImGui::Text("%zu objects selected", selected.size());
        ImGui::PopStyleColor();
        ImGui::TextDisabled("Edits apply to every selected object that has the field.");
        ImGui::Separator();
    }

    // Name: edited in a buffer, renamed once when the field is left.
    if (!ImGui::IsAnyItemActive() || m_name_object != g) {
        m_name_object = g;
        m_name_text = world.name(h);
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Name");
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(-1);
    ImGui::PushFont(ctx.fonts.bold);
    ui::input_text(ctx.widgets, "name", "##name", &m_name_text);
    ImGui::PopFont();
    if (ImGui::IsItemDeactivatedAfterEdit() && m_name_text != world.name(h))
        if (auto r = session.rename(g, m_name_text); !r) log_warning(r.error().describe());

    // Layer.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Layer");
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(-1);
    const std::vector<std::string>& layers = world.layers();
    if (ImGui::BeginCombo("##layer", layers[world.layer(h)].c_str())) {
        ctx.widgets.push_scope("layer");
        for (const std::string& layer : layers) {
            if (ui::selectable(ctx.widgets, layer, layer.c_str(), layer == layers[world.layer(h)]))
                for (Handle s : selected)
                    if (auto r = session.set_layer(world.guid(s), layer); !r)
                        log_warning(r.error().describe());
        }
        ctx.widgets.pop_scope();
        ImGui::EndCombo();
    }
    record_item(ctx.widgets, "layer");

    // Parent (not itself nor one of its descendants).
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Parent");
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(-1);
    const Handle parent = world.parent(h);
    const std::string parent_name = parent ? world.name(parent) : "(none)";
    if (ImGui::BeginCombo("##parent", parent_name.c_str(), ImGuiComboFlags_HeightLarge)) {
        if (ImGui::IsWindowAppearing()) {
            m_ref_filter.clear();
            ImGui::SetKeyboardFocusHere();
        }
        ImGui::SetNextItemWidth(-1);
        edit_text("##find", &m_ref_filter, 0, "Filter");
        if (ImGui::Selectable("(none)", !parent))
            if (auto r = session.reparent(g, Guid{}); !r) log_warning(r.error().describe());
        world.each_object([&](Handle o) {
            if (o == h || world.is_descendant(o, h)) return;
            const std::string& n = world.name(o);
            if (!m_ref_filter.empty() && !contains_nocase(n, m_ref_filter)) return;
            ImGui::PushID(static_cast<int>(o.index));
            if (ImGui::Selectable(n.empty() ? "(unnamed)" : n.c_str(), o == parent))
                if (auto r = session.reparent(g, world.guid(o)); !r)
                    log_warning(r.error().describe());
            ImGui::PopID();
        });
        ImGui::EndCombo();
    }
    record_item(ctx.widgets, "parent");

    // Identity and prefab link.
    ImGui::PushFont(ctx.fonts.mono);
    ImGui::TextDisabled("%s", to_string(g).c_str());
    ImGui::PopFont();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The object's guid (click to copy)");
    if (ImGui::IsItemClicked()) ImGui::SetClipboardText(to_string(g).c_str());
    if (const PrefabInstance* link = world.get<PrefabInstance>(h)) {
        const Prefab* prefab = session.prefabs().find(link->prefab);
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "prefab %s",
                           prefab != nullptr ? prefab->name.c_str() : link->prefab.c_str());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("An instance of %s: fields in orange override the prefab",
                              link->prefab.c_str());
        if (const std::size_t n = session.overrides(g).size(); n > 0) {
            ImGui::TextDisabled("%zu override%s", n, n == 1 ? "" : "s");
            ImGui::SameLine();
            if (ui::button(ctx.widgets, "Prefab/revert_all", "Revert All"))
                if (auto r = session.revert_object(g); !r) log_warning(r.error().describe());
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Every override of this object back to the prefab's values");
            ImGui::SameLine();
            if (ui::button(ctx.widgets, "Prefab/apply_all", "Apply All"))
                ctx.actions.apply_to_prefab(g, {});
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Every override of this object into the prefab");
        }
    }
    ImGui::Spacing();
}

void InspectorPanel::draw_component(UiContext& ctx, const TypeInfo& type,
                                    const std::vector<Handle>& selected) {
    EditorSession& session = ctx.session;
    const World& world = session.world();
    ImGui::PushID(type.name.c_str());
    ctx.widgets.push_scope(type.name);

    // Component headers in a quieter colour than selections.
    ImGui::PushStyleColor(ImGuiCol_Header, IM_COL32(52, 56, 66, 255));
    ImGui::PushStyleColor(ImGuiCol_HeaderHovered, IM_COL32(62, 67, 79, 255));
    ImGui::PushStyleColor(ImGuiCol_HeaderActive, IM_COL32(70, 76, 90, 255));
    ImGui::PushFont(ctx.fonts.bold);
    if (focus_opens(type.name)) ImGui::SetNextItemOpen(true);
    const bool open = ImGui::CollapsingHeader(
        type.name.c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_AllowItemOverlap);
    ImGui::PopFont();
    ImGui::PopStyleColor(3);
    record_item(ctx.widgets, "header");
    if (type.id != component_id<Transform2D>()) {
        const float size = ImGui::GetFrameHeight();
        ImGui::SameLine(ImGui::GetContentRegionMax().x - size);
        ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(0, 0, 0, 0));
        if (icon_button(ctx.widgets, "remove", Icon::Close, false, "Remove this component", size)) {
            for (Handle h : selected)
                if (auto r = session.remove_component(world.guid(h), type.name); !r)
                    log_warning(r.error().describe());
        }
        ImGui::PopStyleColor();
    }
    if (open && world.has(selected.back(), type.id)) {
        if (type.fields.empty()) ImGui::TextDisabled("  (no fields)");
        if (ImGui::BeginTable("##fields", 2, ImGuiTableFlags_SizingStretchProp)) {
            ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, 118.0f * ctx.scale);
            ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
            // A field that applies to none of the selected objects (a circle's size) is hidden.
            for (const FieldInfo& field : type.fields)
                if (std::any_of(selected.begin(), selected.end(), [&](Handle h) {
                        const void* c = world.get(h, type.id);
                        return c != nullptr && type.field_applies(field, c);
                    }))
                    draw_field(ctx, type, field, selected);
            ImGui::EndTable();
        }
    }
    ctx.widgets.pop_scope();
    ImGui::PopID();
}

void InspectorPanel::draw_field(UiContext& ctx, const TypeInfo& type, const FieldInfo& field,
                                const std::vector<Handle>& selected) {
    EditorSession& session = ctx.session;
    const World& world = session.world();
    const Handle primary = selected.back();
    const void* component = world.get(primary, type.id);
    if (component == nullptr || field.get == nullptr) return;

    FieldRow row;
    row.type = &type;
    row.field = &field;
    row.path = type.name + "." + field.name;
    row.value = field.get(component);
    row.primary = world.guid(primary);
    for (Handle h : selected)
        if (const void* c = world.get(h, type.id); c != nullptr && field.get(c) != row.value)
            row.mixed = true;
    const bool overridden = session.is_overridden(row.primary, type.name, field.name);

    ImGui::PushID(field.name.c_str());
    ImGui::TableNextRow();
    mark_if_focused(row.path);
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    if (overridden) {
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::PushStyleColor(ImGuiCol_Text, colors::kOverride);
    } else if (row.mixed) {
        ImGui::PushStyleColor(ImGuiCol_Text, style_color(ImGuiCol_TextDisabled));
    }
    ImGui::TextUnformatted(pretty(field.name).c_str());
    if (overridden) {
        ImGui::PopStyleColor();
        ImGui::PopFont();
    } else if (row.mixed) {
        ImGui::PopStyleColor();
    }
    if (ImGui::IsItemHovered()) {
        std::string tip = row.path + "  (" + to_string(field.type) + ")";
        if (!field.tooltip.empty()) tip = field.tooltip + "\n" + tip;
        if (overridden) tip += "\nOverrides the prefab's value";
        if (row.mixed) tip += "\nThe selected objects differ; editing sets them all";
        ImGui::SetTooltip("%s", tip.c_str());
    }
    if (overridden) {
        const float size = ImGui::GetFrameHeight();
        ImGui::SameLine(ImGui::GetContentRegionMax().x - 2.0f * size);
        ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(0, 0, 0, 0));
        if (icon_button(ctx.widgets, field.name + "/apply", Icon::Apply, false,
                        "Apply this value to the prefab", size))
            ctx.actions.apply_to_prefab(row.primary, {row.path});
        ImGui::SameLine(0.0f, 0.0f);
        if (icon_button(ctx.widgets, field.name + "/revert", Icon::Revert, false,
                        "Revert to the prefab's value", size))
            for (Handle h : selected)
                if (session.is_overridden(world.guid(h), type.name, field.name))
                    if (auto r = session.revert_to_prefab(world.guid(h), type.name, field.name); !r)
                        log_warning(r.error().describe());
        ImGui::PopStyleColor();
    }

    ImGui::TableSetColumnIndex(1);
    ImGui::SetNextItemWidth(-FLT_MIN);
    draw_value_widget(ctx, row);
    ImGui::PopID();
}

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

void InspectorPanel::draw_add_component(UiContext& ctx, const std::vector<Handle>& selected) {
    EditorSession& session = ctx.session;
    const World& world = session.world();
    if (std::any_of(selected.begin(), selected.end(),
                    [&](Handle h) { return world.get<MissingPrefab>(h) != nullptr; })) {
        ImGui::PushStyleColor(ImGuiCol_Text, style_color(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("A stand-in for a missing prefab takes no new components.");
        ImGui::PopStyleColor();
        return;
    }
    const float w = ImGui::GetContentRegionAvail().x;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + w * 0.15f);
    if (ui::button(ctx.widgets, "AddComponent", "Add Component", ImVec2(w * 0.7f, 0))) {
        m_add_filter.clear();
        ImGui::OpenPopup("AddComponent");
    }
    if (!ImGui::BeginPopup("AddComponent")) return;
    ctx.widgets.push_scope("AddComponent");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(220.0f * ctx.scale);
    ui::input_text(ctx.widgets, "filter", "##filter", &m_add_filter, 0, "Search components");
    ImGui::Separator();
    int shown = 0;
    for (const TypeInfo* type : session.registry().types()) {
        const bool all_have = std::all_of(selected.begin(), selected.end(),
                                          [&](Handle h) { return world.has(h, type->id); });
        if (all_have || (!m_add_filter.empty() && !contains_nocase(type->name, m_add_filter)))
            continue;
        ++shown;
        if (ui::selectable(ctx.widgets, type->name, type->name.c_str())) {
            for (Handle h : selected)
                if (!world.has(h, type->id))
                    if (auto r = session.add_component(world.guid(h), type->name); !r)
                        log_warning(r.error().describe());
            ImGui::CloseCurrentPopup();
        }
    }
    if (shown == 0) ImGui::TextDisabled("Nothing to add");
    ctx.widgets.pop_scope();
    ImGui::EndPopup();
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
