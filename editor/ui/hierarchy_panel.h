#pragma once
// The Hierarchy panel: the scene's objects as a tree under their layers, with layer show/hide and
// lock toggles, click / ctrl / shift selection shared with the viewport, drag and drop to
// reparent (onto a layer: make a root on that layer) or, on a row's upper or lower quarter, to
// place before or after it; double-click to rename; a filter by name and by component type
// (t:Sprite) that shows the matches with their ancestors. Each layer's tree is flattened into the
// rows it shows (folded subtrees left out), kept while the world's tree_revision and the folded
// set stay the same, and drawn through a clipper, so a frame costs the rows on screen, not the
// scene's size.

#include "ui_context.h"

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

namespace diorama::editor {

class HierarchyPanel {
public:
    // Draws the panel filling the current child window.
    void draw(UiContext& ctx);

private:
    struct Row {
        Handle handle{};
        int depth = 0;    // 0 for a root
        bool leaf = true; // no children
    };

    void draw_layer(UiContext& ctx, LayerId layer, const std::vector<Handle>& roots,
                    const std::vector<Row>& rows);
    // Makes m_roots and m_layer_rows again when the world's tree or the folded set changed.
    void refresh_rows(const World& world);
    // The rows of roots and their unfolded descendants, in tree order, into rows.
    void build_rows(const World& world, const std::vector<Handle>& roots, std::vector<Row>& rows);
    void draw_object(UiContext& ctx, const Row& row);
    void draw_row(UiContext& ctx, Handle h, bool leaf);
    void draw_filtered(UiContext& ctx);
    void draw_rename(UiContext& ctx, Handle h);
    void draw_row_menu(UiContext& ctx, Guid g);
    void click_row(UiContext& ctx, Guid g);
    // Makes the dropped object a child of parent (null: a root).
    void drop_target(UiContext& ctx, Guid parent);
    // The last item (target's row) as a drop target: upper quarter before it, lower quarter after
    // it (reorder, the selection when the dragged row is selected), the middle into it.
    void drop_on_row(UiContext& ctx, Guid target);
    // Objects in tree order (layers, then roots, then children), for shift-click ranges.
    void build_order(const World& world);

    std::string m_filter;
    Guid m_rename{}; // the object being renamed inline
    std::string m_rename_text;
    bool m_rename_focus = false;
    Guid m_anchor{};       // the start of a shift-click range
    Guid m_last_primary{}; // to reveal a selection made elsewhere
    bool m_reveal = false;
    std::unordered_set<std::uint64_t> m_folded; // objects whose children are hidden (by guid)
    std::vector<Guid> m_order;                  // see build_order (filter and shift-click only)
    std::vector<Row> m_rows;                    // the filter's rows
    // Root objects and rows by layer, kept between frames and made again only when the world's
    // tree_revision or the folded set changed: with 100k objects, walking the whole tree every
    // frame took 7% of the editor's thread.
    std::vector<std::vector<Handle>> m_roots;
    std::vector<std::vector<Row>> m_layer_rows;
    std::uint64_t m_rows_revision = 0; // the tree_revision they were made at (0: never)
    bool m_folded_changed = false;     // since they were made
};

} // namespace diorama::editor
