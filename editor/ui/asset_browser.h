#pragma once
// The Assets tab: the project's folders and files, images as thumbnails and the other kinds as
// icons, a search by name. Drag a file out of it: an image into the viewport places a Sprite, a
// prefab places an instance, any file onto an inspector field of its kind sets it. Right-click a
// file to rename or move it (references follow) or delete it (asks first, listing its users);
// double-click a scene to open it, a prefab to edit it in its tab. The list follows the disk: files
// another program adds, changes or removes show within half a second.

#include "ui_context.h"

#include "core/asset_catalog.h"

#include <string>
#include <vector>

namespace diorama::editor {

// The drag-and-drop payload of a project file: its project-relative path.
inline constexpr const char* kAssetPayload = "DIORAMA_ASSET";

class AssetBrowser {
public:
    // Draws the tab's content filling the current child window.
    void draw(UiContext& ctx);
    // Scans the project folder again when half a second passed since the last scan (now_s: a
    // monotonic clock); true when files were added, changed or removed.
    bool poll(const EditorSession& session, double now_s);

private:
    void draw_folders(UiContext& ctx);
    void draw_files(UiContext& ctx);
    // One file's tile at the cursor, `side` pixels square.
    void draw_tile(UiContext& ctx, const AssetFile& file, float side);
    void draw_file_menu(UiContext& ctx, const AssetFile& file);
    void draw_rename(UiContext& ctx);
    void draw_delete(UiContext& ctx);

    AssetCatalog m_catalog;
    std::filesystem::path m_root; // the project folder scanned
    double m_next_scan_s = 0.0;
    std::string m_folder; // the folder shown ("" the project's)
    std::string m_search;
    std::string m_selected;    // the file last clicked
    std::string m_rename_from; // the file being renamed (the dialog is open)
    std::string m_rename_to;
    bool m_open_rename = false;
    std::string m_delete; // the file being deleted (the dialog is open)
    std::vector<AssetUse> m_delete_uses;
    bool m_open_delete = false;
};

} // namespace diorama::editor
