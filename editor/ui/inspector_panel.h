#pragma once
// The Inspector panel: the selected objects' name, layer and parent, then each component with
// widgets generated from its reflection (FieldInfo type and hints). Every edit goes through
// EditorSession::set_field with the widget's id as merge key, so one drag is one undo step.
// Prefab overrides are marked with a revert button; the Properties map is an editable table;
// with several objects selected, the components they share are shown and edits apply to all.

#include "ui_context.h"

#include <string>
#include <string_view>
#include <vector>

namespace diorama::editor {

class InspectorPanel {
public:
    // Draws the panel filling the current child window.
    void draw(UiContext& ctx);

private:
    struct FieldRow;

    void draw_object_header(UiContext& ctx, const std::vector<Handle>& selected);
    void draw_component(UiContext& ctx, const TypeInfo& type, const std::vector<Handle>& selected);
    void draw_field(UiContext& ctx, const TypeInfo& type, const FieldInfo& field,
                    const std::vector<Handle>& selected);
    void draw_value_widget(UiContext& ctx, const FieldRow& row);
    // The last item (an asset field's picker) takes a project file dragged from the Assets tab
    // when the file is of the field's kind; another kind is refused with a console line.
    static void accept_asset(UiContext& ctx, const FieldRow& row);
    void draw_properties(UiContext& ctx, const FieldRow& row);
    void draw_add_component(UiContext& ctx, const std::vector<Handle>& selected);
    // What the object keeps without understanding it: a missing prefab's data, components of
    // unknown types (inspector_kept.cpp).
    void draw_kept(UiContext& ctx, Handle h);
    // The field a problem points to (EditorSession::go_to_problem): its component opens, its
    // row is marked for a while and scrolled to once.
    struct Focus {
        std::string path; // "Shape.size", or a component's name
        int frames = 0;   // left to mark it
        bool scroll = false;
    };
    void take_focus(UiContext& ctx);
    [[nodiscard]] bool focus_opens(std::string_view component) const;
    // Marks the current table row when it is the focused field (or its component's).
    void mark_if_focused(std::string_view row_path);
    // Project files of an asset kind (relative paths), rescanned when a picker opens.
    const std::vector<std::string>& assets(const UiContext& ctx, AssetKind kind, bool rescan);

    Guid m_name_object{};
    std::string m_name_text;
    std::string m_add_filter;
    std::string m_ref_filter;
    std::string m_new_key;
    int m_new_type = 1; // index into PropertyValue's alternatives (int)
    std::string m_key_edit;
    std::string m_key_editing; // the key whose name field is active
    std::vector<std::vector<std::string>> m_assets;
    Focus m_focus;
};

} // namespace diorama::editor
