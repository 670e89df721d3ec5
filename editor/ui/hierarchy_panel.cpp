#include "hierarchy_panel.h"

#include "im_math.h"
#include "ui_widgets.h"

#include "core/commands.h"

#include "diorama/components.h"
#include "diorama/log.h"
#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"

#include <SDL_scancode.h>

#include <algorithm>
#include <cctype>
#include <unordered_set>

namespace diorama::editor {

namespace {

using ui::contains_nocase;

constexpr const char* kObjectPayload = "DIORAMA_OBJECT";
constexpr ImU32 kPrefabText = IM_COL32(160, 196, 246, 255); // prefab instances, as in other editors

// The filter's words: "t:Type" ones name component types (any part of the name, any case),
// the rest is text an object's name or guid must contain.
struct FilterQuery {
    std::string text;
    std::vector<std::string> types;
};

FilterQuery parse_filter(std::string_view filter) {
    FilterQuery q;
    std::size_t i = 0;
    while (i < filter.size()) {
        const std::size_t end = std::min(filter.find(' ', i), filter.size());
        const std::string_view word = filter.substr(i, end - i);
        if (word.size() > 2 && (word[0] == 't' || word[0] == 'T') && word[1] == ':')
            q.types.emplace_back(word.substr(2));
        else if (!word.empty())
            q.text += (q.text.empty() ? "" : " ") + std::string(word);
        i = end + 1;
    }
    return q;
}

std::string row_label(Guid g) {
    return to_string(g);
}

void push_guid_id(const Guid& g) {
    const char* bytes = reinterpret_cast<const char*>(&g.value);
    ImGui::PushID(bytes, bytes + sizeof g.value);
}

// A small swatch of the object's look (Shape colour, or white for a Sprite).
void draw_swatch(const World& world, Handle h, ImVec2 pos, float size) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    if (const Shape* shape = world.get<Shape>(h)) {
        const ImU32 c = ImGui::ColorConvertFloat4ToU32(
            ImVec4(shape->color.r, shape->color.g, shape->color.b, 1.0f));
        if (shape->kind == ShapeKind::Circle)
            draw->AddCircleFilled(pos + ImVec2(size * 0.5f, size * 0.5f), size * 0.42f, c);
        else
            draw->AddRectFilled(pos + ImVec2(0, size * 0.15f), pos + ImVec2(size, size * 0.85f), c,
                                2);
    } else if (world.get<Sprite>(h) != nullptr) {
        draw->AddRect(pos, pos + ImVec2(size, size), IM_COL32(220, 220, 220, 200), 2);
    } else if (world.get<Text>(h) != nullptr) {
        draw->AddText(pos + ImVec2(size * 0.15f, -size * 0.05f), IM_COL32(200, 200, 200, 220), "T");
    } else {
        draw->AddCircle(pos + ImVec2(size * 0.5f, size * 0.5f), size * 0.3f, colors::kDim);
    }
}

} // namespace

void HierarchyPanel::build_order(const World& world) {
    m_order.clear();
    const auto visit = [&](auto&& self, Handle h) -> void {
        m_order.push_back(world.guid(h));
        for (Handle c = world.first_child(h); c; c = world.next_sibling(c))
            self(self, c);
    };
    for (LayerId layer = 0; layer < world.layers().size(); ++layer)
        for (Handle h = world.first_root(); h; h = world.next_sibling(h))
            if (world.layer(h) == layer) visit(visit, h);
}

void HierarchyPanel::refresh_rows(const World& world) {
    const std::size_t layers = world.layers().size();
    if (m_rows_revision == world.tree_revision() && !m_folded_changed && m_roots.size() == layers)
        return;
    m_roots.resize(layers);
    m_layer_rows.resize(layers);
    for (std::vector<Handle>& layer_roots : m_roots)
        layer_roots.clear();
    for (Handle h = world.first_root(); h; h = world.next_sibling(h))
        if (world.layer(h) < layers) m_roots[world.layer(h)].push_back(h);
    for (LayerId layer = 0; layer < layers; ++layer)
        build_rows(world, m_roots[layer], m_layer_rows[layer]);
    m_rows_revision = world.tree_revision();
    m_folded_changed = false;
}

void HierarchyPanel::build_rows(const World& world, const std::vector<Handle>& roots,
                                std::vector<Row>& rows) {
    rows.clear();
    const auto visit = [&](auto&& self, Handle h, int depth) -> void {
        const Handle first = world.first_child(h);
        rows.push_back(Row{h, depth, !first});
        if (!first || m_folded.contains(world.guid(h).value)) return;
        for (Handle c = first; c; c = world.next_sibling(c))
            self(self, c, depth + 1);
    };
    for (Handle root : roots)
        visit(visit, root, 0);
}

void HierarchyPanel::draw(UiContext& ctx) {
    EditorSession& session = ctx.session;
    const World& world = session.world();
    const float s = ctx.scale;
    ctx.widgets.push_scope("Hierarchy");

    panel_header("Hierarchy", s);
    ImGui::SetNextItemWidth(-ImGui::GetFrameHeight() - ImGui::GetStyle().ItemSpacing.x);
    ui::input_text(ctx.widgets, "filter", "##filter", &m_filter, 0, "Filter: name, t:Type");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Objects whose name or guid contains the text; t:Sprite keeps those\n"
                          "with a component of that type (several t: words: all of them)");
    ImGui::SameLine();
    if (icon_button(ctx.widgets, "Add", Icon::Plus, false,
                    "Create an empty object at the view's centre", ImGui::GetFrameHeight())) {
        if (auto made = session.create_object("Object", session.camera().center()); !made)
            log_error("create object: " + made.error().describe());
    }

    // Reveal an object selected elsewhere (viewport, script): open its ancestors, scroll to it.
    const Guid primary = session.selection().empty() ? Guid{} : session.selection().back();
    m_reveal = primary != m_last_primary && primary;
    m_last_primary = primary;
    if (m_reveal)
        for (Handle p = world.parent(world.find(primary)); p; p = world.parent(p))
            m_folded_changed = m_folded.erase(world.guid(p).value) != 0 || m_folded_changed;

    // The panel behind has the same colour: painting it again would only cost fill.
    ImGui::BeginChild("##tree", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
    if (!m_filter.empty()) {
        build_order(world);
        draw_filtered(ctx);
    } else {
        refresh_rows(world);
        for (LayerId layer = 0; layer < world.layers().size(); ++layer)
            draw_layer(ctx, layer, m_roots[layer], m_layer_rows[layer]);
    }
    // Clicking empty space clears the selection; dropping there makes a root.
    ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x,
                        std::max(ImGui::GetContentRegionAvail().y, 20.0f * s)));
    if (ImGui::IsItemClicked() && !ImGui::GetIO().KeyCtrl && !ImGui::GetIO().KeyShift)
        session.clear_selection();
    drop_target(ctx, Guid{});
    ImGui::EndChild();

    // F2 renames the primary selection when the panel has focus.
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_ChildWindows) && primary &&
        ImGui::IsKeyPressed(SDL_SCANCODE_F2) && !ImGui::GetIO().WantTextInput) {
        m_rename = primary;
        m_rename_text = world.name(world.find(primary));
        m_rename_focus = true;
    }
    ctx.widgets.pop_scope();
}

void HierarchyPanel::draw_layer(UiContext& ctx, LayerId layer, const std::vector<Handle>& roots,
                                const std::vector<Row>& rows) {
    const World& world = ctx.session.world();
    const std::string& name = world.layers()[layer];
    const float s = ctx.scale;
    ImGui::PushID(static_cast<int>(layer));

    if (ctx.view.hidden_layers.size() < world.layers().size())
        ctx.view.hidden_layers.resize(world.layers().size(), false);
    if (ctx.view.locked_layers.size() < world.layers().size())
        ctx.view.locked_layers.resize(world.layers().size(), false);

    ImGui::PushStyleColor(ImGuiCol_Header, style_color(ImGuiCol_TableHeaderBg));
    const bool open =
        ui::recorded(ctx.widgets, "Layer/" + name, WidgetKind::Other,
                     ImGui::TreeNodeEx("##layer",
                                       ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_Framed |
                                           ImGuiTreeNodeFlags_SpanAvailWidth |
                                           ImGuiTreeNodeFlags_AllowItemOverlap,
                                       "%s", ""));
    ImGui::PopStyleColor();
    // Dropping an object on a layer makes it a root on that layer.
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(kObjectPayload)) {
            Guid g{*static_cast<const std::uint64_t*>(p->Data)};
            if (auto r = ctx.session.reparent(g, Guid{}); !r) log_warning(r.error().describe());
            if (auto r = ctx.session.set_layer(g, name); !r) log_warning(r.error().describe());
        }
        ImGui::EndDragDropTarget();
    }
    const ImVec2 row_min = ImGui::GetItemRectMin();
    const ImVec2 row_max = ImGui::GetItemRectMax();
    const float icon = ImGui::GetFrameHeight();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw_icon(draw, Icon::Layer, ImVec2(row_min.x + 28 * s, (row_min.y + row_max.y) * 0.5f), 14 * s,
              colors::kDim);
    draw->AddText(ImVec2(row_min.x + 40 * s, row_min.y + ImGui::GetStyle().FramePadding.y),
                  style_color(ImGuiCol_Text), name.c_str());
    char count[32];
    std::snprintf(count, sizeof count, "%zu", roots.size());
    const ImVec2 count_size = ImGui::CalcTextSize(count);

    // Eye and lock toggles at the right end of the header.
    const bool hidden = ctx.view.layer_hidden(layer);
    const bool locked = ctx.view.layer_locked(layer);
    ImGui::SameLine(ImGui::GetContentRegionMax().x - 2 * icon - 4 * s);
    if (ui::recorded(ctx.widgets, "Layer/" + name + "/visible", WidgetKind::Button,
                     icon_toggle("##eye", hidden ? Icon::EyeOff : Icon::Eye,
                                 hidden ? colors::kDim : style_color(ImGuiCol_Text), icon,
                                 hidden ? "Show this layer" : "Hide this layer")))
        ctx.view.hidden_layers[layer] = !hidden;
    ImGui::SameLine(0, 2 * s);
    if (ui::recorded(
            ctx.widgets, "Layer/" + name + "/lock", WidgetKind::Button,
            icon_toggle("##lock", locked ? Icon::Lock : Icon::Unlock,
                        locked ? colors::kWarning : colors::kDim, icon,
                        locked ? "Unlock: objects on this layer can be picked in the viewport"
                               : "Lock: objects on this layer cannot be picked in the viewport")))
        ctx.view.locked_layers[layer] = !locked;
    draw->AddText(ImVec2(row_max.x - 2 * icon - 12 * s - count_size.x,
                         row_min.y + ImGui::GetStyle().FramePadding.y),
                  colors::kDim, count);

    if (open) {
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(rows.size()));
        if (m_reveal) { // the revealed row is drawn wherever it is, so it can scroll into view
            const auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& r) {
                return world.guid(r.handle) == m_last_primary;
            });
            if (it != rows.end()) {
                const auto k = static_cast<int>(it - rows.begin());
                clipper.ForceDisplayRangeByIndices(k, k + 1);
            }
        }
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i)
                draw_object(ctx, rows[static_cast<std::size_t>(i)]);
        ImGui::TreePop();
    }
    ImGui::PopID();
}

void HierarchyPanel::draw_object(UiContext& ctx, const Row& row) {
    const Guid g = ctx.session.world().guid(row.handle);
    const float indent = static_cast<float>(row.depth) * ImGui::GetStyle().IndentSpacing;
    if (indent > 0.0f) ImGui::Indent(indent);
    if (g == m_rename) {
        draw_rename(ctx, row.handle);
    } else {
        push_guid_id(g);
        draw_row(ctx, row.handle, row.leaf);
        ImGui::PopID();
    }
    if (indent > 0.0f) ImGui::Unindent(indent);
}

void HierarchyPanel::draw_row(UiContext& ctx, Handle h, bool leaf) {
    EditorSession& session = ctx.session;
    const World& world = session.world();
    const Guid g = world.guid(h);
    const float s = ctx.scale;
    // Children are rows of their own (build_rows): a node never pushes the tree.
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth |
                               ImGuiTreeNodeFlags_NoTreePushOnOpen;
    const bool folded = m_folded.contains(g.value);
    if (leaf)
        flags |= ImGuiTreeNodeFlags_Leaf;
    else
        ImGui::SetNextItemOpen(!folded);
    if (session.is_selected(g)) flags |= ImGuiTreeNodeFlags_Selected;

    const bool hidden = ctx.view.layer_hidden(world.layer(h));
    const bool instance = world.get<PrefabInstance>(h) != nullptr;
    const MissingPrefab* missing = world.get<MissingPrefab>(h);
    const bool kept = missing != nullptr || world.get<UnknownComponents>(h) != nullptr;
    const std::string& name = world.name(h);
    if (hidden)
        ImGui::PushStyleColor(ImGuiCol_Text, style_color(ImGuiCol_TextDisabled));
    else if (kept)
        ImGui::PushStyleColor(ImGuiCol_Text, colors::kPlaceholder);
    else if (instance)
        ImGui::PushStyleColor(ImGuiCol_Text, kPrefabText);
    // Room for the swatch before the name.
    const bool open = ui::recorded(
        ctx.widgets, row_label(g), WidgetKind::Button,
        ImGui::TreeNodeEx("##row", flags, "      %s", name.empty() ? "(unnamed)" : name.c_str()));
    ImGui::PopStyleColor(hidden || kept || instance ? 1 : 0);
    const ImVec2 lo = ImGui::GetItemRectMin();
    const float text_x = lo.x + ImGui::GetTreeNodeToLabelSpacing();
    draw_swatch(world, h, ImVec2(text_x + 1 * s, lo.y + 3 * s), ImGui::GetTextLineHeight() - 2 * s);

    if (m_reveal && g == m_last_primary && !ImGui::IsItemVisible()) ImGui::SetScrollHereY(0.5f);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && !ImGui::IsItemToggledOpen())
        click_row(ctx, g);
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) &&
        !ImGui::IsItemToggledOpen()) {
        m_rename = g;
        m_rename_text = name;
        m_rename_focus = true;
    }
    if (ImGui::IsItemHovered() && instance)
        ImGui::SetTooltip("Instance of %s\n%s", world.get<PrefabInstance>(h)->prefab.c_str(),
                          to_string(g).c_str());
    else if (ImGui::IsItemHovered() && missing != nullptr)
        ImGui::SetTooltip("Stands in for the missing prefab %s (kept as is)\n%s",
                          missing->prefab.c_str(), to_string(g).c_str());
    else if (ImGui::IsItemHovered() && kept)
        ImGui::SetTooltip("Has components of unknown types (kept as is)\n%s", to_string(g).c_str());
    if (ImGui::BeginPopupContextItem("##menu")) {
        if (!session.is_selected(g)) session.select_only({g});
        draw_row_menu(ctx, g);
        ImGui::EndPopup();
    }
    if (ImGui::BeginDragDropSource()) {
        ImGui::SetDragDropPayload(kObjectPayload, &g.value, sizeof g.value);
        ImGui::Text("Move %s", name.c_str());
        ImGui::EndDragDropSource();
    }
    drop_on_row(ctx, g);

    if (!leaf && open == folded) { // toggled by its arrow
        if (open)
            m_folded.erase(g.value);
        else
            m_folded.insert(g.value);
        m_folded_changed = true;
    }
}

void HierarchyPanel::draw_rename(UiContext& ctx, Handle h) {
    const World& world = ctx.session.world();
    const Guid g = world.guid(h);
    push_guid_id(g);
    ImGui::Indent(ImGui::GetTreeNodeToLabelSpacing());
    if (m_rename_focus) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-1);
    const bool enter =
        ui::input_text(ctx.widgets, "rename", "##rename", &m_rename_text,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    const bool was_focus_frame = m_rename_focus;
    m_rename_focus = false;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE)) {
        m_rename = Guid{};
    } else if (enter || (!was_focus_frame && !ImGui::IsItemActive())) {
        if (m_rename_text != world.name(h))
            if (auto r = ctx.session.rename(g, m_rename_text); !r)
                log_warning(r.error().describe());
        m_rename = Guid{};
    }
    ImGui::Unindent(ImGui::GetTreeNodeToLabelSpacing());
    ImGui::PopID();
}

void HierarchyPanel::draw_filtered(UiContext& ctx) {
    const World& world = ctx.session.world();
    const FilterQuery query = parse_filter(m_filter);
    // Type words must name registered types: one that names none is said so, not silently empty.
    for (const std::string& word : query.types) {
        const auto& all = world.registry().types();
        if (std::none_of(all.begin(), all.end(),
                         [&](const TypeInfo* type) { return contains_nocase(type->name, word); })) {
            ImGui::TextDisabled("No component type matches \"t:%s\"", word.c_str());
            return;
        }
    }
    const auto type_matches = [&](Handle h) {
        for (const std::string& word : query.types) {
            bool has = false;
            for (ComponentId id : world.components_of(h)) {
                const TypeInfo* type = world.registry().find(id);
                has = has || (type != nullptr && contains_nocase(type->name, word));
            }
            if (!has) return false;
        }
        return true;
    };
    // Matches with their ancestors, in tree order, so each match is shown where it is.
    std::unordered_set<std::uint32_t> shown;
    std::unordered_set<std::uint32_t> matched;
    for (Guid g : m_order) {
        const Handle h = world.find(g);
        if (!contains_nocase(world.name(h), query.text) &&
            !contains_nocase(to_string(g), query.text))
            continue;
        if (!type_matches(h)) continue;
        matched.insert(h.index);
        Handle a = h;
        while (a && shown.insert(a.index).second)
            a = world.parent(a);
    }
    m_rows.clear();
    for (Guid g : m_order) {
        const Handle h = world.find(g);
        if (!shown.contains(h.index)) continue;
        int depth = 0;
        for (Handle p = world.parent(h); p; p = world.parent(p))
            ++depth;
        m_rows.push_back(Row{h, depth, true});
    }
    if (m_rows.empty()) ImGui::TextDisabled("No object matches \"%s\"", m_filter.c_str());
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m_rows.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const Row& row = m_rows[static_cast<std::size_t>(i)];
            const bool context = !matched.contains(row.handle.index); // an ancestor only
            ImGui::PushID(i);
            if (context) ImGui::PushStyleColor(ImGuiCol_Text, style_color(ImGuiCol_TextDisabled));
            draw_object(ctx, row);
            if (context) ImGui::PopStyleColor();
            if (row.depth == 0) {
                ImGui::SameLine();
                ImGui::TextDisabled("%s", world.layers()[world.layer(row.handle)].c_str());
            }
            ImGui::PopID();
        }
}

void HierarchyPanel::draw_row_menu(UiContext& ctx, Guid g) {
    EditorSession& session = ctx.session;
    const World& world = session.world();
    const Handle h = world.find(g);
    ctx.widgets.push_scope("RowMenu");
    if (ImGui::MenuItem("Rename", "F2")) {
        m_rename = g;
        m_rename_text = world.name(h);
        m_rename_focus = true;
    }
    if (ui::menu_item(ctx.widgets, "Duplicate", "Duplicate", "Ctrl+D"))
        session.duplicate_selection();
    if (ui::menu_item(ctx.widgets, "Delete", "Delete", "Del")) session.delete_selection();
    ImGui::Separator();
    if (ui::menu_item(ctx.widgets, "SaveAsPrefab", "Save as Prefab...", nullptr))
        ctx.actions.save_prefab_dialog();
    if (const PrefabInstance* link = world.get<PrefabInstance>(h))
        if (ui::menu_item(ctx.widgets, "OpenPrefab", "Open Prefab", nullptr, false,
                          session.play_state() == PlayState::Editing))
            ctx.view.open_prefab = link->prefab;
    const bool overrides = !session.overrides(g).empty();
    if (ui::menu_item(ctx.widgets, "RevertPrefab", "Revert to Prefab", nullptr, false, overrides))
        if (auto r = session.revert_object(g); !r) log_warning(r.error().describe());
    if (ui::menu_item(ctx.widgets, "ApplyPrefab", "Apply to Prefab...", nullptr, false, overrides))
        ctx.actions.apply_to_prefab(g, {});
    ImGui::Separator();
    if (ImGui::MenuItem("Create Child")) {
        if (auto child = session.create_object("Object", world.world_position(h)); child) {
            const Guid c = session.world().guid(*child);
            if (auto r = session.reparent(c, g); !r) log_warning(r.error().describe());
            session.select_only({c});
        } else {
            log_error("create object: " + child.error().describe());
        }
    }
    if (ImGui::MenuItem("Unparent", nullptr, false, static_cast<bool>(world.parent(h))))
        if (auto r = session.reparent(g, Guid{}); !r) log_warning(r.error().describe());
    if (ImGui::MenuItem("Frame", "F")) session.frame_selection();
    ctx.widgets.pop_scope();
}

void HierarchyPanel::click_row(UiContext& ctx, Guid g) {
    EditorSession& session = ctx.session;
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyShift && m_anchor) {
        build_order(ctx.session.world());
        const auto a = std::find(m_order.begin(), m_order.end(), m_anchor);
        const auto b = std::find(m_order.begin(), m_order.end(), g);
        if (a != m_order.end() && b != m_order.end()) {
            std::vector<Guid> range(std::min(a, b), std::max(a, b) + 1);
            // Keep the clicked object the primary (last).
            range.erase(std::find(range.begin(), range.end(), g));
            range.push_back(g);
            if (io.KeyCtrl)
                for (Guid s : session.selection())
                    if (std::find(range.begin(), range.end(), s) == range.end())
                        range.insert(range.begin(), s);
            session.select_only(range);
            return;
        }
    }
    if (io.KeyCtrl)
        session.select(g, true);
    else
        session.select_only({g});
    m_anchor = g;
}

void HierarchyPanel::drop_on_row(UiContext& ctx, Guid target) {
    if (!ImGui::BeginDragDropTarget()) return;
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    const float y = ImGui::GetMousePos().y;
    const float edge = (hi.y - lo.y) * 0.25f;
    const int zone = y < lo.y + edge ? -1 : (y > hi.y - edge ? 1 : 0); // before, into, after
    if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(
            kObjectPayload,
            ImGuiDragDropFlags_AcceptBeforeDelivery | ImGuiDragDropFlags_AcceptNoDrawDefaultRect)) {
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImU32 color = style_color(ImGuiCol_DragDropTarget);
        if (zone == 0) {
            draw->AddRect(lo, hi, color, 0.0f, 0, 2.0f * ctx.scale);
        } else {
            const float line_y = zone < 0 ? lo.y + 1.0f : hi.y - 1.0f;
            draw->AddLine(ImVec2(lo.x, line_y), ImVec2(hi.x, line_y), color, 2.0f * ctx.scale);
        }
        if (p->IsDelivery()) {
            const Guid g{*static_cast<const std::uint64_t*>(p->Data)};
            if (zone == 0) {
                if (g != target)
                    if (auto r = ctx.session.reparent(g, target); !r)
                        log_warning("cannot reparent: " + r.error().describe());
            } else {
                // A selected row takes the whole selection along.
                const std::vector<Guid> moved =
                    ctx.session.is_selected(g) ? ctx.session.selection() : std::vector<Guid>{g};
                if (auto r = ctx.session.reorder(
                        moved, target, zone < 0 ? SiblingPlace::Before : SiblingPlace::After);
                    !r)
                    log_warning("cannot reorder: " + r.error().describe());
            }
        }
    }
    ImGui::EndDragDropTarget();
}

void HierarchyPanel::drop_target(UiContext& ctx, Guid parent) {
    if (!ImGui::BeginDragDropTarget()) return;
    if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(kObjectPayload)) {
        const Guid g{*static_cast<const std::uint64_t*>(p->Data)};
        if (g != parent)
            if (auto r = ctx.session.reparent(g, parent); !r)
                log_warning("cannot reparent: " + r.error().describe());
    }
    ImGui::EndDragDropTarget();
}

} // namespace diorama::editor
