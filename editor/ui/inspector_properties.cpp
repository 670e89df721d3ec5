#include "inspector_edit.h"

#include "core/field_text.h"
#include "ui_widgets.h"

#include "diorama/log.h"

#include <variant>

namespace diorama::editor {

namespace {

using inspector::apply;
using inspector::end_gesture;

constexpr const char* kPropertyTypes[] = {"bool", "int", "float", "string", "vec2", "color"};

FieldValue to_field_value(const PropertyValue& v) {
    return std::visit([](const auto& x) { return FieldValue{x}; }, v);
}

// The value of another property type closest to v (numbers convert, the rest are defaults).
PropertyValue convert_property(const PropertyValue& v, std::size_t type) {
    float number = 0.0f;
    if (const auto* b = std::get_if<bool>(&v))
        number = *b ? 1.0f : 0.0f;
    else if (const auto* i = std::get_if<std::int32_t>(&v))
        number = static_cast<float>(*i);
    else if (const auto* f = std::get_if<float>(&v))
        number = *f;
    switch (type) {
    case 0:
        return number != 0.0f;
    case 1:
        return static_cast<std::int32_t>(number);
    case 2:
        return number;
    case 3:
        return format_field_value(to_field_value(v));
    case 4:
        return glm::vec2(number);
    default:
        return glm::vec4(1.0f);
    }
}

} // namespace

void InspectorPanel::draw_properties(UiContext& ctx, const FieldRow& row) {
    EditorSession& session = ctx.session;
    const PropertyMap& map = std::get<PropertyMap>(row.value);
    const float remove_w = ImGui::GetFrameHeight();
    const float type_w = 70.0f * ctx.scale;
    const float key_w =
        std::max(60.0f * ctx.scale, (ImGui::GetContentRegionAvail().x - type_w - remove_w) * 0.38f);
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;

    for (const auto& [key, value] : map) {
        ImGui::PushID(key.c_str());
        const std::string label = row.field->name + "." + key;
        // Key: renamed when its field is left.
        std::string shown = key;
        std::string& buffer = m_key_editing == key ? m_key_edit : shown;
        ImGui::SetNextItemWidth(key_w);
        edit_text("##key", &buffer);
        if (ImGui::IsItemActivated()) {
            m_key_editing = key;
            m_key_edit = key;
        }
        if (ImGui::IsItemDeactivated() && m_key_editing == key) {
            const std::string to = m_key_edit;
            m_key_editing.clear();
            if (!to.empty() && to != key)
                if (auto r = session.rename_property(row.primary, key, to); !r)
                    log_warning(r.error().describe());
        }
        record_item(ctx.widgets, label + "/key", WidgetKind::TextInput);

        // Type: changing it converts the value.
        ImGui::SameLine(0, spacing);
        ImGui::SetNextItemWidth(type_w);
        int type = static_cast<int>(value.index());
        if (ui::recorded(
                ctx.widgets, label + "/type", WidgetKind::Other,
                ImGui::Combo("##type", &type, kPropertyTypes, IM_ARRAYSIZE(kPropertyTypes))) &&
            static_cast<std::size_t>(type) != value.index())
            if (auto r = session.set_property(
                    row.primary, key, convert_property(value, static_cast<std::size_t>(type)));
                !r)
                log_warning(r.error().describe());

        // Value.
        ImGui::SameLine(0, spacing);
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - remove_w - spacing);
        const std::string path = row.path + "." + key;
        switch (value.index()) {
        case 0: {
            bool v = std::get<bool>(value);
            if (ui::checkbox(ctx.widgets, label, "##v", &v)) apply(ctx, path, FieldValue{v});
            break;
        }
        case 1: {
            int v = std::get<std::int32_t>(value);
            if (ui::recorded(ctx.widgets, label, WidgetKind::DragNumber,
                             ImGui::DragInt("##v", &v, 0.25f)))
                apply(ctx, path, FieldValue{static_cast<std::int32_t>(v)});
            end_gesture(ctx);
            break;
        }
        case 2: {
            float v = std::get<float>(value);
            if (ui::recorded(ctx.widgets, label, WidgetKind::DragNumber,
                             ImGui::DragFloat("##v", &v, 0.1f, 0.0f, 0.0f, "%.3f",
                                              ImGuiSliderFlags_NoRoundToFormat)))
                apply(ctx, path, FieldValue{v});
            end_gesture(ctx);
            break;
        }
        case 3: {
            std::string v = std::get<std::string>(value);
            if (ui::input_text(ctx.widgets, label, "##v", &v)) apply(ctx, path, FieldValue{v});
            end_gesture(ctx);
            break;
        }
        case 4: {
            glm::vec2 v = std::get<glm::vec2>(value);
            if (ui::recorded(ctx.widgets, label, WidgetKind::Other,
                             ImGui::DragFloat2("##v", &v.x, 0.5f, 0.0f, 0.0f, "%.2f")))
                apply(ctx, path, FieldValue{v});
            end_gesture(ctx);
            break;
        }
        default: {
            glm::vec4 v = std::get<glm::vec4>(value);
            if (ui::recorded(ctx.widgets, label, WidgetKind::Other,
                             ImGui::ColorEdit4("##v", &v.x, ImGuiColorEditFlags_AlphaBar)))
                apply(ctx, path, FieldValue{v});
            end_gesture(ctx);
            break;
        }
        }
        ImGui::SameLine(0, spacing);
        ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(0, 0, 0, 0));
        if (icon_button(ctx.widgets, label + "/remove", Icon::Close, false, "Remove this key",
                        remove_w))
            if (auto r = session.remove_property(row.primary, key); !r)
                log_warning(r.error().describe());
        ImGui::PopStyleColor();
        ImGui::PopID();
    }

    // A new key: name, type, Add.
    ImGui::SetNextItemWidth(key_w);
    const bool enter = ui::input_text(ctx.widgets, row.field->name + "/new_key", "##new_key",
                                      &m_new_key, ImGuiInputTextFlags_EnterReturnsTrue, "new key");
    ImGui::SameLine(0, spacing);
    ImGui::SetNextItemWidth(type_w);
    ui::recorded(
        ctx.widgets, row.field->name + "/new_type", WidgetKind::Other,
        ImGui::Combo("##new_type", &m_new_type, kPropertyTypes, IM_ARRAYSIZE(kPropertyTypes)));
    ImGui::SameLine(0, spacing);
    const bool can_add = !m_new_key.empty() && !map.contains(m_new_key);
    if (!can_add) ImGui::BeginDisabled();
    const bool add =
        ui::button(ctx.widgets, row.field->name + "/add", "Add key", ImVec2(-FLT_MIN, 0));
    if (!can_add) ImGui::EndDisabled();
    if ((add || enter) && can_add) {
        if (auto r = session.set_property(
                row.primary, m_new_key,
                convert_property(PropertyValue{0}, static_cast<std::size_t>(m_new_type)));
            !r)
            log_warning(r.error().describe());
        m_new_key.clear();
    }
}

} // namespace diorama::editor
