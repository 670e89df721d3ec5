#pragma once
// Renaming, moving and deleting a project file as undoable edits. A rename rewrites every
// reference to the file in the project's JSON files (asset_catalog.h) and in the open world;
// a delete moves the file into PROJECT/.diorama/trash, so undo brings it back.

#include "commands.h"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace diorama::editor {

// Moves a file of the project from one project-relative path to another (folders made on the
// way) and, unless it is a delete, replaces the path by the new one in `files` (project-relative
// JSON files: their other bytes untouched) and in the world's asset fields and prefab links;
// revert does all of it backwards. `changed` runs after both with the files written.
class MoveAssetCommand : public EditCommand {
public:
    using Changed = std::function<void(const std::vector<std::string>& files)>;
    MoveAssetCommand(std::string label, std::filesystem::path root, std::string from,
                     std::string to, std::vector<std::string> files, bool follow_references,
                     Changed changed);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return m_label; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    // Moves the file and rewrites references from -> to; false (and why) when it cannot.
    Result<void> move(World& world, const std::string& from, const std::string& to);

    std::string m_label;
    std::filesystem::path m_root;
    std::string m_from;
    std::string m_to;
    std::vector<std::string> m_files; // JSON files naming the asset
    bool m_follow = true;
    Changed m_changed;
};

} // namespace diorama::editor
