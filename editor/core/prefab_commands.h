#pragma once
// The commands of prefab authoring: linking objects to a prefab (Save as prefab) and writing a
// prefab's file (Apply to prefab), each undoable like any edit.

#include "commands.h"

#include "diorama/prefab.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace diorama::editor {

// Makes objects objects of a prefab instance (or no instance, for a null link); revert gives each
// object the link it had before.
class LinkPrefabCommand : public EditCommand {
public:
    struct Link {
        Guid object{};
        std::optional<PrefabInstance> link; // nullopt: not an instance object
    };
    explicit LinkPrefabCommand(std::vector<Link> links);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return "Link to Prefab"; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    std::vector<Link> m_links;
    std::vector<Link> m_old; // of the last apply
};

// Writes a prefab's file and puts it in the game's library (through `write`, which fails
// without changing anything when the text cannot be written or read back); revert writes the
// text the file had before. A file that did not exist stays on revert (nothing is deleted).
class PrefabFileCommand : public EditCommand {
public:
    using Writer = std::function<Result<void>(const std::string& path, const std::string& text)>;
    PrefabFileCommand(std::string path, std::optional<std::string> old_text, std::string text,
                      Writer write);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return "Write " + m_path; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    std::string m_path;
    std::optional<std::string> m_old_text;
    std::string m_text;
    Writer m_write;
};

} // namespace diorama::editor
