#include "inspector_panel.h"

#include "inspector_edit.h"

#include "im_math.h"
#include "ui_widgets.h"

#include "diorama/components.h"
#include "diorama/field_path.h"
#include "diorama/log.h"
#include "diorama/prefab.h"

#include <algorithm>
#include <cctype>
#include <cfloat>

namespace diorama::editor {

namespace {

using inspector::apply;
using inspector::end_gesture;
using ui::contains_nocase;

// "rotation_deg" -> "Rotation deg".
std::string pretty(std::string_view name) {
    std::string out(name);
    for (char& c : out)
        if (c == '_') c = ' ';
    if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out;
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
    // The panel behind has the same colour: painting it again would only cost fill.
    ImGui::BeginChild("##inspector", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
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

} // namespace diorama::editor
