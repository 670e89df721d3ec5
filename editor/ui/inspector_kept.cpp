// InspectorPanel: what an object keeps without understanding it (the data of a missing prefab's
// instance, components of unknown types), and the field a problem points to.

#include "inspector_panel.h"

#include "theme.h"
#include "ui_widgets.h"

#include "diorama/scene_file.h"
#include "diorama/suggest.h"

namespace diorama::editor {

namespace {

// How long a field go_to_problem pointed to stays marked.
constexpr int kFocusFrames = 120;

// A note in a colour, wrapped to the panel.
void note(unsigned color, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

// Kept JSON, read-only, in the mono font.
void kept_json(UiContext& ctx, const Json& json) {
    ImGui::PushFont(ctx.fonts.mono);
    ImGui::TextWrapped("%s", json.dump(2).c_str());
    ImGui::PopFont();
}

} // namespace

void InspectorPanel::take_focus(UiContext& ctx) {
    if (std::string field = ctx.session.take_field_focus(); !field.empty())
        m_focus = Focus{std::move(field), kFocusFrames, true};
    else if (m_focus.frames > 0)
        --m_focus.frames;
}

bool InspectorPanel::focus_opens(std::string_view component) const {
    if (m_focus.frames <= 0) return false;
    const std::string_view path = m_focus.path;
    return path == component || (path.starts_with(component) && path.size() > component.size() &&
                                 path[component.size()] == '.');
}

void InspectorPanel::mark_if_focused(std::string_view row_path) {
    if (!focus_opens(row_path)) return;
    ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, colors::kFocus);
    if (m_focus.scroll) {
        ImGui::SetScrollHereY(0.3f);
        m_focus.scroll = false;
    }
}

void InspectorPanel::draw_kept(UiContext& ctx, Handle h) {
    const World& world = ctx.session.world();
    if (const auto* missing = world.get<MissingPrefab>(h)) {
        ImGui::PushID("##missing_prefab");
        ImGui::PushStyleColor(ImGuiCol_Text, colors::kError);
        const bool open =
            ImGui::CollapsingHeader("Missing prefab  (kept as is)", ImGuiTreeNodeFlags_DefaultOpen);
        ImGui::PopStyleColor();
        record_item(ctx.widgets, "MissingPrefab");
        if (open) {
            const std::string near = ctx.session.prefabs().did_you_mean(missing->prefab);
            note(colors::kError,
                 "Prefab \"" + missing->prefab + "\" was not found" + (near.empty() ? "." : near));
            note(colors::kDim, "This object stands in for it: its data is kept as the scene file "
                               "has it and saved back unchanged (a move saves its new place). "
                               "Restore the prefab, or correct the path in the scene file.");
            kept_json(ctx, missing->components);
        }
        ImGui::PopID();
    }
    const auto* unknown = world.get<UnknownComponents>(h);
    if (unknown == nullptr) return;
    for (const auto& [name, json] : unknown->components) {
        ImGui::PushID(name.c_str());
        if (focus_opens(name)) ImGui::SetNextItemOpen(true);
        ImGui::PushStyleColor(ImGuiCol_Text, colors::kWarning);
        const bool open = ImGui::CollapsingHeader((name + "  (unknown type, kept as is)").c_str());
        ImGui::PopStyleColor();
        record_item(ctx.widgets, name + "/header");
        if (m_focus.frames > 0 && m_focus.path == name && m_focus.scroll) {
            ImGui::SetScrollHereY(0.3f);
            m_focus.scroll = false;
        }
        if (open) {
            const std::string near = did_you_mean(name, ctx.session.registry().names());
            note(colors::kWarning, "No component type \"" + name + "\" is registered" +
                                       (near.empty() ? "." : near) +
                                       " Its data is kept and saved back unchanged.");
            kept_json(ctx, json);
        }
        ImGui::PopID();
    }
}

} // namespace diorama::editor
