// EditorSession: the project's files — renaming, moving and deleting them with their references.

#include "editor_session.h"

#include "asset_commands.h"
#include "unique_names.h"

#include "diorama/file_io.h"
#include "diorama/log.h"

#include <glm/common.hpp>

#include <system_error>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

Error logged(Error error) {
    log_warning(error.describe());
    return error;
}

constexpr std::string_view kTrash = ".diorama/trash";

} // namespace

std::string EditorSession::asset_refusal(const std::string& path) const {
    if (!has_project()) return "no project is open";
    if (m_play != PlayState::Editing || m_live) return "stop Play (or detach) first";
    if (access() == ProjectAccess::ReadOnly) return "the project is open read-only";
    if (path == "project.json") return "project.json stays where it is";
    if (!m_scene_path.empty() && path == m_scene_path)
        return path + " is the open scene (use Save As to give it another name)";
    if (!file_in_project(project().root, fs::path(path)))
        return path + " is not a file of the project";
    std::error_code ec;
    if (!fs::is_regular_file(project().root / path, ec)) return path + " is not there";
    return {};
}

Result<std::vector<std::string>> EditorSession::rename_asset(const std::string& from,
                                                             const std::string& to) {
    if (const std::string why = asset_refusal(from); !why.empty())
        return logged(make_error(ErrorCode::InvalidArgument, "rename: " + why, from));
    if (to.empty() || to == from)
        return logged(make_error(ErrorCode::InvalidArgument, "rename: give the file a new name"));
    if (!file_in_project(project().root, fs::path(to)) || to.front() == '.' ||
        to.find("/.") != std::string::npos)
        return logged(make_error(ErrorCode::InvalidArgument,
                                 "rename: " + to + " is not a path inside the project", to));
    if (asset_type_of(to) != asset_type_of(from))
        return logged(make_error(ErrorCode::InvalidArgument,
                                 "rename: " + to + " would make a " +
                                     to_string(asset_type_of(from)) + " a " +
                                     to_string(asset_type_of(to)) + " (keep the name's ending)",
                                 to));
    std::error_code ec;
    if (fs::exists(project().root / to, ec))
        return logged(make_error(ErrorCode::Duplicate, "rename: " + to + " exists already", to));

    std::vector<std::string> files;
    for (const AssetUse& use : find_asset_uses(project().root, from))
        if (files.empty() || files.back() != use.file) files.push_back(use.file);
    auto command = std::make_unique<MoveAssetCommand>(
        "Rename " + from, project().root, from, to, files, true,
        [this](const std::vector<std::string>& changed) { assets_moved(changed); });
    if (auto ok = execute(std::move(command)); !ok) return ok.error();
    const std::vector<std::string>& written = files; // each names it: each was rewritten
    log_info("renamed " + from + " to " + to + "; " + std::to_string(written.size()) + " file" +
             (written.size() == 1 ? "" : "s") + " rewritten" +
             (written.empty() ? std::string() : ": ") + [&] {
                 std::string list;
                 for (const std::string& f : written)
                     list += (list.empty() ? "" : ", ") + f;
                 return list;
             }());
    return written;
}

Result<Handle> EditorSession::place_image(const std::string& image, glm::vec2 world_point,
                                          glm::vec2 size) {
    if (!has_project()) return logged(make_error(ErrorCode::InvalidArgument, "no project is open"));
    std::error_code ec;
    if (asset_type_of(image) != AssetType::Image || !file_in_project(project().root, image) ||
        !fs::is_regular_file(project().root / image, ec))
        return logged(make_error(ErrorCode::InvalidArgument,
                                 "place: " + image + " is not an image of the project", image));
    const std::string stem = fs::path(image).stem().string();
    const std::vector<Handle> selected = selected_handles();
    const LayerId layer = selected.empty() ? 0 : m_world->layer(selected.back());
    const Guid object = m_world->new_guid();
    const glm::vec2 at = snapped(world_point);
    const glm::vec2 extent = glm::max(size, glm::vec2(1.0f));
    Json entry = {
        {"guid", to_string(object)},
        {"name", UniqueNames(*m_world).take(stem.empty() ? "Sprite" : stem)},
        {"layer", m_world->layers()[layer]},
        {"components",
         {{"Transform2D", {{"position", {float_to_json(at.x), float_to_json(at.y)}}}},
          {"Sprite",
           {{"image", image}, {"size", {float_to_json(extent.x), float_to_json(extent.y)}}}}}}};
    if (auto ok = add_entries("Place " + image, Json::array({std::move(entry)}), glm::vec2(0.0f));
        !ok)
        return ok.error();
    m_selection.assign(1, object);
    return m_world->find(object);
}

std::vector<AssetUse> EditorSession::asset_uses(const std::string& path) const {
    if (!has_project()) return {};
    return find_asset_uses(project().root, path);
}

Result<void> EditorSession::delete_asset(const std::string& path) {
    if (const std::string why = asset_refusal(path); !why.empty())
        return logged(make_error(ErrorCode::InvalidArgument, "delete: " + why, path));
    // A name in the trash no earlier delete took.
    std::string kept = std::string(kTrash) + "/" + path;
    std::error_code ec;
    for (int n = 2; fs::exists(project().root / kept, ec); ++n)
        kept = std::string(kTrash) + "/" + std::to_string(n) + "/" + path;
    auto command = std::make_unique<MoveAssetCommand>(
        "Delete " + path, project().root, path, kept, std::vector<std::string>{}, false,
        [this](const std::vector<std::string>& changed) { assets_moved(changed); });
    if (auto ok = execute(std::move(command)); !ok) return ok;
    log_info("deleted " + path + " (kept in " + kept +
             " until the project is cleaned; undo "
             "brings it back)");
    return {};
}

void EditorSession::assets_moved(const std::vector<std::string>& written) {
    Diagnostics problems;
    m_game->reload_content(problems);
    stamp_prefabs();
    for (const Problem& p : problems.problems())
        log_warning(p.error.describe());
    if (!m_scene_path.empty() &&
        std::find(written.begin(), written.end(), m_scene_path) != written.end()) {
        // The scene's file was rewritten by this editor: that is its version on disk now.
        if (auto stamp = stamp_file(project().root / m_scene_path)) m_disk = *stamp;
    }
}

} // namespace diorama::editor
