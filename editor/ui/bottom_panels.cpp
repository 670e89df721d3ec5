#include "bottom_panels.h"

#include "im_math.h"
#include "ui_widgets.h"

#include "diorama/components.h"
#include "diorama/handle.h"
#include "diorama/prefab.h"
#include "diorama/render/texture.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>

namespace diorama::editor {

namespace {

// The first 16-hex-digit word of a line that names a live object, or null.
Guid guid_in(std::string_view line, const World& world) {
    for (std::size_t i = 0; i + 16 <= line.size(); ++i) {
        if (i > 0 && std::isxdigit(static_cast<unsigned char>(line[i - 1]))) continue;
        if (i + 16 < line.size() && std::isxdigit(static_cast<unsigned char>(line[i + 16])))
            continue;
        if (auto g = parse_guid(line.substr(i, 16)); g && world.find(*g)) return *g;
    }
    return {};
}

std::string bytes_text(std::size_t bytes) {
    char buffer[32];
    if (bytes >= (1u << 20))
        std::snprintf(buffer, sizeof buffer, "%.1f MiB", static_cast<double>(bytes) / 1048576.0);
    else if (bytes >= 1024u)
        std::snprintf(buffer, sizeof buffer, "%.1f KiB", static_cast<double>(bytes) / 1024.0);
    else
        std::snprintf(buffer, sizeof buffer, "%zu B", bytes);
    return buffer;
}

// The prefab's look, drawn into a tile's preview area.
void draw_preview(UiContext& ctx, const Prefab& prefab, ImVec2 lo, ImVec2 hi) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 center = (lo + hi) * 0.5f;
    const float room = std::min(hi.x - lo.x, hi.y - lo.y) * 0.8f;
    if (const auto* sprite = static_cast<const Sprite*>(prefab.find(component_id<Sprite>()));
        sprite != nullptr && !sprite->image.empty()) {
        const render::Texture& texture = ctx.textures.get(sprite->image);
        const glm::vec2 size = glm::max(sprite->size, glm::vec2(1.0f));
        const float k = room / std::max(size.x, size.y);
        const ImVec2 half(size.x * k * 0.5f, size.y * k * 0.5f);
        draw->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture.id())),
                       center - half, center + half, ImVec2(0, 0), ImVec2(1, 1),
                       ImGui::ColorConvertFloat4ToU32(
                           ImVec4(sprite->tint.r, sprite->tint.g, sprite->tint.b, sprite->tint.a)));
        return;
    }
    if (const auto* shape = static_cast<const Shape*>(prefab.find(component_id<Shape>()))) {
        const ImU32 color = ImGui::ColorConvertFloat4ToU32(
            ImVec4(shape->color.r, shape->color.g, shape->color.b, 1.0f));
        if (shape->kind == ShapeKind::Circle) {
            const float r = room * 0.35f;
            if (shape->filled)
                draw->AddCircleFilled(center, r, color, 32);
            else
                draw->AddCircle(center, r, color, 32, 2.0f);
        } else {
            const glm::vec2 size = glm::max(shape->size, glm::vec2(1.0f));
            const float k = room / std::max(size.x, size.y);
            const ImVec2 half(std::max(size.x * k * 0.5f, 2.0f), std::max(size.y * k * 0.5f, 2.0f));
            if (shape->filled)
                draw->AddRectFilled(center - half, center + half, color, 2.0f);
            else
                draw->AddRect(center - half, center + half, color, 2.0f, 0, 2.0f);
        }
        return;
    }
    draw->AddCircle(center, room * 0.2f, colors::kDim, 16, 1.5f);
}

} // namespace

// ---- prefabs ----

void PrefabPalette::draw(UiContext& ctx) {
    const float s = ctx.scale;
    ctx.widgets.push_scope("Prefabs");
    panel_header("Prefabs", s);
    ImGui::SetNextItemWidth(std::min(220.0f * s, ImGui::GetContentRegionAvail().x));
    ui::input_text(ctx.widgets, "filter", "##filter", &m_filter, 0, "Filter prefabs");
    // A hint when there is room for it.
    const bool placing = ctx.view.place_mode && !ctx.view.active_prefab.empty();
    const char* hint = placing ? "Click in the viewport to place; Esc stops"
                               : "Click to place, or drag into the viewport";
    ImGui::SameLine();
    if (ImGui::CalcTextSize(hint).x <= ImGui::GetContentRegionAvail().x) {
        if (placing)
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::kAccent), "%s", hint);
        else
            ImGui::TextDisabled("%s", hint);
    } else {
        ImGui::NewLine();
    }

    ImGui::BeginChild("##tiles", ImVec2(0, 0), false);
    const auto& prefabs = ctx.session.prefabs().all();
    if (!ctx.session.has_project())
        ImGui::TextDisabled("Open a project to see its prefabs.");
    else if (prefabs.empty())
        ImGui::TextDisabled("This project has no prefabs.");
    const ImVec2 tile(92.0f * s, 88.0f * s);
    const float avail = ImGui::GetContentRegionAvail().x;
    const ImGuiStyle& style = ImGui::GetStyle();
    float x = 0.0f;
    for (const auto& prefab : prefabs) {
        if (!m_filter.empty() && !ui::contains_nocase(prefab->name, m_filter)) continue;
        if (x > 0.0f && x + tile.x > avail)
            x = 0.0f;
        else if (x > 0.0f)
            ImGui::SameLine();
        x += tile.x + style.ItemSpacing.x;

        ImGui::PushID(prefab->path.c_str());
        const bool active = ctx.view.place_mode && ctx.view.active_prefab == prefab->path;
        const ImVec2 lo = ImGui::GetCursorScreenPos();
        if (ui::recorded(ctx.widgets, prefab->name, WidgetKind::Button,
                         ImGui::InvisibleButton("##tile", tile))) {
            if (active) {
                ctx.view.place_mode = false;
            } else {
                ctx.view.active_prefab = prefab->path;
                ctx.view.place_mode = true;
            }
        }
        const bool hovered = ImGui::IsItemHovered();
        if (ImGui::BeginDragDropSource()) {
            ImGui::SetDragDropPayload("DIORAMA_PREFAB", prefab->path.data(), prefab->path.size());
            ImGui::Text("Place %s", prefab->name.c_str());
            ImGui::EndDragDropSource();
        }
        if (hovered)
            ImGui::SetTooltip("%s\nlayer: %s", prefab->path.c_str(), prefab->layer.c_str());

        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImVec2 hi = lo + tile;
        draw->AddRectFilled(lo, hi,
                            style_color(active    ? ImGuiCol_Header
                                        : hovered ? ImGuiCol_FrameBgHovered
                                                  : ImGuiCol_FrameBg),
                            5.0f * s);
        if (active) draw->AddRect(lo, hi, colors::kAccent, 5.0f * s, 0, 1.5f * s);
        const float text_h = ImGui::GetTextLineHeight() + 6.0f * s;
        draw_preview(ctx, *prefab, lo + ImVec2(6 * s, 6 * s), hi - ImVec2(6 * s, text_h));
        const std::string name = fit_text(prefab->name, tile.x - 8.0f * s);
        const ImVec2 text = ImGui::CalcTextSize(name.c_str());
        draw->PushClipRect(lo, hi, true);
        draw->AddText(
            ImVec2(lo.x + std::max(4.0f * s, (tile.x - text.x) * 0.5f), hi.y - text_h + 1.0f * s),
            style_color(ImGuiCol_Text), name.c_str());
        draw->PopClipRect();
        ImGui::PopID();
    }
    ImGui::EndChild();
    ctx.widgets.pop_scope();
}

// ---- console ----

void ConsolePanel::draw(UiContext& ctx) {
    const float s = ctx.scale;
    ctx.widgets.push_scope("Console");
    const std::size_t errors = ctx.log.count(LogLevel::Error);
    const std::size_t warnings = ctx.log.count(LogLevel::Warning);
    if (ui::button(ctx.widgets, "Clear", "Clear")) ctx.log.clear();
    // The toolbar wraps in a narrow panel.
    char label[48];
    ui::checkbox_on_toolbar(ctx.widgets, "Info", "Info", &m_show_info);
    std::snprintf(label, sizeof label, "Warnings (%zu)###warnings", warnings);
    ui::checkbox_on_toolbar(ctx.widgets, "Warnings", label, &m_show_warnings);
    std::snprintf(label, sizeof label, "Errors (%zu)###errors", errors);
    ui::checkbox_on_toolbar(ctx.widgets, "Errors", label, &m_show_errors);
    ui::checkbox_on_toolbar(ctx.widgets, "Follow", "Follow", &m_follow);
    ui::same_line_if_fits(120.0f * s);
    ImGui::SetNextItemWidth(std::max(80.0f * s, ImGui::GetContentRegionAvail().x));
    edit_text("##filter", &m_filter, 0, "Filter");

    ImGui::PushStyleColor(ImGuiCol_ChildBg, style_color(ImGuiCol_FrameBg));
    ImGui::BeginChild("##lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(ctx.fonts.mono);
    const std::vector<LogLine> all = ctx.log.lines();
    std::vector<const LogLine*> lines;
    for (const LogLine& l : all) {
        if (l.level == LogLevel::Error     ? !m_show_errors
            : l.level == LogLevel::Warning ? !m_show_warnings
                                           : !m_show_info)
            continue;
        if (!m_filter.empty() && !ui::contains_nocase(l.text, m_filter)) continue;
        lines.push_back(&l);
    }
    const World& world = ctx.session.world();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(lines.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const LogLine& l = *lines[static_cast<std::size_t>(i)];
            const ImU32 color = l.level == LogLevel::Error     ? colors::kError
                                : l.level == LogLevel::Warning ? colors::kWarning
                                : l.level == LogLevel::Debug   ? colors::kDim
                                                               : style_color(ImGuiCol_Text);
            const Guid g = guid_in(l.text, world);
            ImGui::PushID(i);
            ImGui::PushStyleColor(ImGuiCol_Text, color);
            const char* prefix = l.level == LogLevel::Error     ? "error  "
                                 : l.level == LogLevel::Warning ? "warn   "
                                                                : "       ";
            const std::string text = prefix + l.text;
            if (ui::selectable(ctx.widgets, "line" + std::to_string(i), text.c_str()) && g)
                ctx.session.select_only({g});
            ImGui::PopStyleColor();
            if (g && ImGui::IsItemHovered()) {
                ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
                ImGui::SetTooltip("%s\nClick to select %s", l.text.c_str(), to_string(g).c_str());
            } else if (ImGui::IsItemHovered() &&
                       ImGui::CalcTextSize(text.c_str()).x > ImGui::GetWindowWidth()) {
                ImGui::SetTooltip("%s", l.text.c_str()); // the whole of a line cut off
            }
            ImGui::PopID();
        }
    ImGui::PopFont();
    const std::uint64_t newest = ctx.log.next_serial();
    if (m_follow && newest != m_seen) ImGui::SetScrollHereY(1.0f);
    m_seen = newest;
    ImGui::EndChild();
    ImGui::PopStyleColor();
    ctx.widgets.pop_scope();
}

// ---- stats ----

void draw_stats(UiContext& ctx, const RenderFigures& figures) {
    const EditorSession& session = ctx.session;
    const World& world = session.world();
    const WorldStats ws = world.stats();
    char buffer[64];

    // Two label/value pairs per row; section titles span the row.
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("##stats", 4, flags)) return;
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("name2", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("value2", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    int cell = 0;
    const auto item = [&](const std::string& name, const std::string& value) {
        if (cell % 2 == 0) ImGui::TableNextRow();
        ImGui::TableSetColumnIndex((cell % 2) * 2);
        ImGui::TextDisabled("%s", name.c_str());
        ImGui::TableSetColumnIndex((cell % 2) * 2 + 1);
        ImGui::TextUnformatted(value.c_str());
        ++cell;
    };
    const auto section = [&](const char* title) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextUnformatted(title);
        ImGui::PopFont();
        cell = 0;
    };

    section("Time");
    std::snprintf(buffer, sizeof buffer, "%.2f ms", static_cast<double>(ctx.view.frame_ms));
    item("frame", buffer);
    const Simulation* sim = session.simulation();
    if (sim != nullptr) {
        std::snprintf(buffer, sizeof buffer, "%.3f ms", sim->last_tick().tick_ms);
        item("tick", buffer);
        item("ticks run", std::to_string(sim->tick_count()));
        item("arena watermark", bytes_text(sim->last_tick().arena_watermark));
        item("messages", std::to_string(sim->last_tick().messages_delivered));
    } else {
        item("tick", "not playing");
        item("arena watermark", bytes_text(world.transient().last_watermark()));
    }
    item("draw calls", figures.renderer.reused ? std::string("0 (kept)")
                                               : std::to_string(figures.renderer.draw_calls));
    item("quads", std::to_string(figures.renderer.quads));
    item("drawn objects", std::to_string(figures.visible_objects));
    std::snprintf(buffer, sizeof buffer, "%.2f ms%s", figures.viewport.build_ms,
                  figures.viewport.world_kept ? " (kept)" : "");
    item("view build", buffer);
    std::snprintf(buffer, sizeof buffer, "%.2f ms", figures.viewport.submit_ms);
    item("GL submit", buffer);

    section("Scene");
    item("objects", std::to_string(ws.objects));
    item("world memory", bytes_text(world.memory_bytes()));
    item("undo steps", std::to_string(session.history().size()));
    item("undo memory", bytes_text(session.history().bytes()));
    if (ws.stale_accesses > 0) item("stale handle uses", std::to_string(ws.stale_accesses));

    section("Objects per layer");
    std::vector<std::size_t> per_layer(world.layers().size(), 0);
    world.each_object([&](Handle h) {
        if (const LayerId l = world.layer(h); l < per_layer.size()) ++per_layer[l];
    });
    for (std::size_t l = 0; l < per_layer.size(); ++l)
        item(world.layers()[l], std::to_string(per_layer[l]));

    section("Components");
    for (const TypeInfo* type : session.registry().types()) {
        const PoolBase* pool = world.pool(type->id);
        const std::size_t n = pool != nullptr ? pool->size() : 0;
        if (n == 0) continue;
        std::snprintf(buffer, sizeof buffer, "%zu  (%s)", n,
                      bytes_text(pool->memory_bytes()).c_str());
        item(type->name, buffer);
    }
    ImGui::EndTable();
}

} // namespace diorama::editor
