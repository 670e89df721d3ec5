#pragma once
// The editor's commands: every edit the session makes, as one undoable step. Commands address
// objects by Guid (handles do not survive delete + undo) and restore exactly what they changed:
// the state hash after apply + revert equals the hash before.
//
// Commands that add objects keep pointers to the session's project and prefab library (see
// EditContext); the session clears its history whenever those change.

#include "copied_objects.h"
#include "undo_stack.h"

#include "diorama/components.h"
#include "diorama/handle.h"
#include "diorama/json_io.h"
#include "diorama/reflection.h"
#include "diorama/result.h"
#include "diorama/world.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
class PrefabLibrary;
struct Project;
} // namespace diorama

namespace diorama::editor {

// What commands adding objects from scene entries need besides the world. Not owned.
struct EditContext {
    const Project* project = nullptr;       // resolves asset paths of the entries
    const PrefabLibrary* prefabs = nullptr; // prefabs of instances among the entries
};

// A command of this library: it says why its apply() failed.
class EditCommand : public Command {
public:
    // Why the last apply() returned false.
    [[nodiscard]] const Error& failure() const { return m_failure; }
    // The objects whose component fields are all this command changes (apply and revert), for
    // an edit that can be sent to a running player field by field; empty when it does more
    // (adds, removes, renames, reparents, adds a component...).
    [[nodiscard]] virtual std::vector<Guid> field_targets() const { return {}; }

protected:
    // Records the reason and returns false (for `return fail(...)` in apply).
    bool fail(Error error);

private:
    Error m_failure{};
};

// A root's place among the roots: the root after it (null: last). Commands that re-create roots
// put them back there.
struct RootPlace {
    Guid root{};
    Guid next{};
};

// ---- objects ----

// Adds objects from scene entries (objects_to_json), keeping their guids; revert deletes them.
class AddObjectsCommand : public EditCommand {
public:
    // offset: world units every added object whose parent is not an entry is moved by.
    AddObjectsCommand(std::string label, Json entries, EditContext context,
                      glm::vec2 offset = glm::vec2(0.0f));
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return m_label; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    std::string m_label;
    std::string m_entries;                // compact JSON
    std::vector<Guid> m_guids;            // of the entries, in order
    std::vector<std::uint32_t> m_slots;   // the world slots the entries got (see apply)
    std::vector<RootPlace> m_root_places; // where the first apply put the added roots
    bool m_placed = false;                // applied once: m_root_places holds them
    EditContext m_context;
    glm::vec2 m_offset{0.0f};
};

// Deletes objects with their subtrees; revert re-adds them from a snapshot with the same guids,
// components and child order.
class RemoveObjectsCommand : public EditCommand {
public:
    RemoveObjectsCommand(std::string label, std::vector<Guid> objects, EditContext context);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return m_label; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    struct ChildOrder {
        Guid parent{};
        std::vector<Guid> children; // in order, before the delete
    };

    std::string m_label;
    std::vector<Guid> m_objects;
    EditContext m_context;
    std::string m_snapshot;               // the removed objects' entries, compact JSON
    std::vector<std::uint32_t> m_slots;   // their world slots, in entry order
    std::vector<ChildOrder> m_orders;     // surviving parents that lost children
    std::vector<RootPlace> m_root_places; // the removed roots' places
    std::size_t m_bytes = 0;
};

// ---- fields ----

// Sets a field by path (field_path.h) on objects; revert restores each object's old value.
class SetFieldCommand : public EditCommand {
public:
    // merge_key 0: never merges; otherwise edits of the same path and objects with the same key
    // merge (a slider drag). An empty label shows as "Set PATH".
    SetFieldCommand(std::vector<Guid> objects, std::string path, FieldValue value,
                    std::uint64_t merge_key = 0, std::string label = {});
    [[nodiscard]] std::vector<Guid> field_targets() const override { return m_objects; }
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override;
    [[nodiscard]] std::uint64_t merge_key() const override { return m_merge_key; }
    void merge(Command& newer) override;
    [[nodiscard]] std::size_t bytes() const override;

private:
    std::vector<Guid> m_objects;
    std::string m_path;
    FieldValue m_value;
    std::vector<FieldValue> m_old; // per object, from the last apply
    std::uint64_t m_merge_key = 0;
    std::string m_label;
};

// One object's transform before and after a gesture.
struct TransformChange {
    Guid object{};
    Transform2D before;
    Transform2D after;
};

// Sets objects' Transform2D (a move, rotate or scale drag, a nudge).
class SetTransformsCommand : public EditCommand {
public:
    SetTransformsCommand(std::string label, std::vector<TransformChange> changes,
                         std::uint64_t merge_key = 0);
    [[nodiscard]] std::vector<Guid> field_targets() const override;
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return m_label; }
    [[nodiscard]] std::uint64_t merge_key() const override { return m_merge_key; }
    void merge(Command& newer) override;
    [[nodiscard]] std::size_t bytes() const override;

private:
    std::string m_label;
    std::vector<TransformChange> m_changes;
    std::uint64_t m_merge_key = 0;
};

// ---- hierarchy, names, layers ----

// Makes new_parent (or nothing, when null) an object's parent, keeping its world transform;
// revert restores the old parent, local transform and place among the old parent's children.
class ReparentCommand : public EditCommand {
public:
    ReparentCommand(Guid object, Guid new_parent);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return "Reparent"; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    Guid m_object{};
    Guid m_new_parent{};
    Guid m_old_parent{};
    Transform2D m_old_local;
    std::vector<Guid> m_old_siblings; // the old parent's children in order (with the object)
    Guid m_old_next{};                // the root after it, when it was a root (null: last)
};

// Where moved objects go relative to the target object among its siblings.
enum class SiblingPlace { Before, After };

// Moves objects among their siblings (all children of the target's parent, or roots, as the
// target is) to just before or after the target, in their current order; revert puts each back
// where it was (reorder_command.cpp).
class ReorderCommand : public EditCommand {
public:
    ReorderCommand(std::vector<Guid> objects, Guid target, SiblingPlace place);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return "Reorder"; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    struct Move {
        Guid object{};
        Guid next{}; // the sibling it was before, ahead of this move; null: it was last
    };

    std::vector<Guid> m_objects;
    Guid m_target{};
    SiblingPlace m_place = SiblingPlace::Before;
    std::vector<Move> m_moves; // of the last apply, in order
};

// Renames an object; revert restores the old name.
class RenameCommand : public EditCommand {
public:
    RenameCommand(Guid object, std::string name);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return "Rename"; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    Guid m_object{};
    std::string m_name;
    std::string m_old_name;
};

// Moves an object to another layer of the world (fails when the layer does not exist).
class SetLayerCommand : public EditCommand {
public:
    SetLayerCommand(Guid object, LayerId layer);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return "Set Layer"; }

private:
    Guid m_object{};
    LayerId m_layer = 0;
    LayerId m_old_layer = 0;
};

// ---- components ----

// Adds a component holding initial (null: the type's defaults); revert removes it.
class AddComponentCommand : public EditCommand {
public:
    AddComponentCommand(Guid object, const TypeInfo& type, std::shared_ptr<const void> initial);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return "Add " + m_type->name; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    Guid m_object{};
    const TypeInfo* m_type = nullptr;
    std::shared_ptr<const void> m_initial;
};

// Removes a component; revert adds it back with the values it had (a full copy).
class RemoveComponentCommand : public EditCommand {
public:
    RemoveComponentCommand(Guid object, const TypeInfo& type);
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return "Remove " + m_type->name; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    Guid m_object{};
    const TypeInfo* m_type = nullptr;
    std::shared_ptr<void> m_snapshot; // the component's value when removed
};

// ---- groups ----

// Several commands as one step: applied in order, reverted in reverse; all or nothing.
class CommandGroup : public EditCommand {
public:
    CommandGroup(std::string label, std::vector<std::unique_ptr<EditCommand>> commands);
    // Every step's targets when each step changes fields only, else empty.
    [[nodiscard]] std::vector<Guid> field_targets() const override;
    bool apply(World& world) override;
    void revert(World& world) override;
    [[nodiscard]] std::string label() const override { return m_label; }
    [[nodiscard]] std::size_t bytes() const override;

private:
    std::string m_label;
    std::vector<std::unique_ptr<EditCommand>> m_commands;
};

} // namespace diorama::editor
