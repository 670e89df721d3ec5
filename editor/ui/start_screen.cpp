#include "start_screen.h"

#include "im_math.h"
#include "ui_widgets.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <vector>

namespace diorama::editor {

namespace {

// The sample projects shipped with the source tree, for the start screen.
std::vector<std::filesystem::path> sample_projects() {
    std::vector<std::filesystem::path> out;
#ifdef DIORAMA_SAMPLE_PROJECTS
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(DIORAMA_SAMPLE_PROJECTS, ec))
        if (entry.is_directory(ec) && std::filesystem::exists(entry.path() / "project.json", ec))
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
#endif
    return out;
}

} // namespace

void draw_start_screen(UiContext& ctx, std::string& path) {
    const float s = ctx.scale;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->Pos);
    ImGui::SetNextWindowSize(vp->Size);
    ImGui::Begin("##start", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
    ctx.widgets.push_scope("Start");
    const float card_w = std::min(640.0f * s, vp->Size.x - 40.0f * s);
    ImGui::SetCursorPos(
        ImVec2((vp->Size.x - card_w) * 0.5f, std::max(40.0f * s, vp->Size.y * 0.14f)));
    ImGui::BeginChild("##card", ImVec2(card_w, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::SetWindowFontScale(1.9f);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Diorama");
    ImGui::PopFont();
    ImGui::SetWindowFontScale(1.0f);
    ImGui::TextDisabled("A 2D game toolkit: open a project folder to edit its scenes.");
    ImGui::Dummy(ImVec2(0, 14.0f * s));

    ImGui::TextUnformatted("Open a project folder");
    const float button_w = 90.0f * s;
    ImGui::SetNextItemWidth(card_w - button_w - ImGui::GetStyle().ItemSpacing.x - 16.0f * s);
    const bool enter =
        ui::input_text(ctx.widgets, "path", "##path", &path, ImGuiInputTextFlags_EnterReturnsTrue,
                       "/path/to/project (the folder holding project.json)");
    ImGui::SameLine();
    if (ui::button(ctx.widgets, "Open", "Open", ImVec2(button_w, 0)) || enter)
        ctx.actions.open_project(path);
    ImGui::Dummy(ImVec2(0, 12.0f * s));

    const auto project_list = [&](const char* title, const std::vector<std::string>& folders,
                                  const char* scope) {
        if (folders.empty()) return;
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextUnformatted(title);
        ImGui::PopFont();
        ImGui::Separator();
        ctx.widgets.push_scope(scope);
        for (const std::string& folder : folders) {
            const std::filesystem::path p(folder);
            ImGui::PushID(folder.c_str());
            const ImVec2 pos = ImGui::GetCursorScreenPos();
            if (ui::selectable(ctx.widgets, p.filename().string(), "##project", false, 0,
                               ImVec2(0, ImGui::GetTextLineHeight() * 2.3f)))
                ctx.actions.open_project(p);
            ImDrawList* draw = ImGui::GetWindowDrawList();
            draw->AddText(ctx.fonts.bold, ctx.fonts.bold->FontSize, pos + ImVec2(8 * s, 2 * s),
                          style_color(ImGuiCol_Text), p.filename().c_str());
            draw->AddText(pos + ImVec2(8 * s, ImGui::GetTextLineHeight() + 4 * s),
                          style_color(ImGuiCol_TextDisabled), folder.c_str());
            ImGui::PopID();
        }
        ctx.widgets.pop_scope();
        ImGui::Dummy(ImVec2(0, 10.0f * s));
    };
    project_list("Recent projects", ctx.config.recent_projects, "Recent");
    std::vector<std::string> samples;
    for (const auto& p : sample_projects())
        samples.push_back(p.string());
    project_list("Sample projects", samples, "Samples");
    ImGui::EndChild();
    ctx.widgets.pop_scope();
    ImGui::End();
}

} // namespace diorama::editor
