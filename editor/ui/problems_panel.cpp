#include "problems_panel.h"

#include "text_field.h"
#include "theme.h"
#include "ui_widgets.h"

#include <algorithm>
#include <cstdio>

namespace diorama::editor {

void ProblemsPanel::draw(UiContext& ctx) {
    EditorSession& session = ctx.session;
    ctx.widgets.push_scope("Problems");
    if (ui::button(ctx.widgets, "Check", "Check Project")) session.check_project();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Check every prefab, scene and input script of the project as saved "
                          "(diorama-player check)");
    const auto& problems = session.problems();
    const auto errors = static_cast<std::size_t>(
        std::count_if(problems.begin(), problems.end(),
                      [](const ProblemLine& p) { return p.severity == Severity::Error; }));
    char label[64];
    std::snprintf(label, sizeof label, "%zu error%s", errors, errors == 1 ? "" : "s");
    ui::same_line_if_fits(ImGui::CalcTextSize(label).x);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(errors > 0 ? colors::kError : colors::kDim),
                       "%s", label);
    std::snprintf(label, sizeof label, "Warnings (%zu)###warnings", problems.size() - errors);
    ui::checkbox_on_toolbar(ctx.widgets, "Warnings", label, &m_show_warnings);
    ui::same_line_if_fits(120.0f * ctx.scale);
    ImGui::SetNextItemWidth(std::max(80.0f * ctx.scale, ImGui::GetContentRegionAvail().x));
    edit_text("##filter", &m_filter, 0, "Filter");

    ImGui::PushStyleColor(ImGuiCol_ChildBg, style_color(ImGuiCol_FrameBg));
    ImGui::BeginChild("##problems", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    if (problems.empty()) ImGui::TextDisabled("No problems found.");
    for (std::size_t i = 0; i < problems.size(); ++i) {
        const ProblemLine& p = problems[i];
        if (p.severity == Severity::Warning && !m_show_warnings) continue;
        if (!m_filter.empty() && !ui::contains_nocase(p.text, m_filter)) continue;
        ImGui::PushID(static_cast<int>(i));
        const bool error = p.severity == Severity::Error;
        ImGui::PushStyleColor(ImGuiCol_Text, error ? colors::kError : colors::kWarning);
        const std::string row = std::string(error ? "error  " : "warn   ") + p.message;
        const bool clicked = ui::selectable(ctx.widgets, std::to_string(i), row.c_str());
        ImGui::PopStyleColor();
        const bool about_object = scene_place(p.json_path).has_value() && !p.file.empty();
        if (ImGui::IsItemHovered()) {
            if (about_object) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
            ImGui::SetTooltip("%s%s", p.text.c_str(),
                              about_object ? "\nClick to select the object" : "");
        }
        if (clicked && about_object) session.go_to_problem(p);
        // Where it is, quieter, after the message.
        if (!p.file.empty() || !p.json_path.empty()) {
            ImGui::SameLine();
            ImGui::TextDisabled("%s%s%s", p.file.c_str(),
                                p.file.empty() || p.json_path.empty() ? "" : ": ",
                                p.json_path.c_str());
        }
        ImGui::PopID();
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
    ctx.widgets.pop_scope();
}

} // namespace diorama::editor
