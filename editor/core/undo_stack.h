#pragma once
// Commands and the undo stack. Every edit the editor makes is a Command applied through the
// stack; commands address objects by Guid (handles do not survive delete + undo). A continuous
// gesture (a drag, a slider) merges into one command through its merge key.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace diorama {
class World;
}

namespace diorama::editor {

class Command {
public:
    virtual ~Command() = default;
    // Performs the edit (first time and redo). Returns false when it could not (nothing changed).
    virtual bool apply(World& world) = 0;
    // Undoes exactly what apply did.
    virtual void revert(World& world) = 0;
    // Shown in Edit > Undo "<label>".
    [[nodiscard]] virtual std::string label() const = 0;
    // Non-zero: a later command with the same key, pushed while this one is the top and still
    // open (no end_merge since), merges into it.
    [[nodiscard]] virtual std::uint64_t merge_key() const { return 0; }
    // Takes the newer command's end state (precondition: same merge key and type).
    virtual void merge(Command& newer) { (void)newer; }
    // Approximate bytes held (for the history's memory cap).
    [[nodiscard]] virtual std::size_t bytes() const { return sizeof(*this); }
};

class UndoStack {
public:
    // History bounds: the oldest steps are dropped beyond either (the newest step is always kept).
    explicit UndoStack(std::size_t max_steps = 1000, std::size_t max_bytes = 256u << 20);

    // Applies command and records it (dropping redo history). False when apply failed.
    // A command merges into the top instead when the merge window is open, the keys and types
    // match, nothing was undone since, and the top is not the saved state.
    bool push(World& world, std::unique_ptr<Command> command);
    // As push; returns the command when its apply failed (to read why), else null.
    [[nodiscard]] std::unique_ptr<Command> try_push(World& world, std::unique_ptr<Command> command);
    // Closes the current merge window (end of a drag or slider gesture).
    void end_merge() { m_merge_open = false; }
    // Reverts the last applied command; false when there is none.
    bool undo(World& world);
    // Re-applies the next undone command; false when there is none or it could not be applied.
    bool redo(World& world);
    [[nodiscard]] bool can_undo() const { return m_position > 0; }
    [[nodiscard]] bool can_redo() const { return m_position < m_commands.size(); }
    // The commands undo() and redo() would act on; null when there is none.
    [[nodiscard]] const Command* undo_command() const {
        return can_undo() ? m_commands[m_position - 1].get() : nullptr;
    }
    [[nodiscard]] const Command* redo_command() const {
        return can_redo() ? m_commands[m_position].get() : nullptr;
    }
    // Labels of the commands undo() and redo() would act on; empty when there is none.
    [[nodiscard]] std::string undo_label() const;
    [[nodiscard]] std::string redo_label() const;

    // Marks the current position as saved; dirty() is true whenever the position differs.
    void mark_saved() { m_saved = static_cast<long long>(m_position); }
    // Marks the current state as one no file holds (a restored recovery copy): dirty until saved.
    void mark_unsaved() { m_saved = -1; }
    [[nodiscard]] bool dirty() const { return m_saved != static_cast<long long>(m_position); }
    // Forgets every command; the current state counts as saved.
    void clear();
    // Commands held (applied and undone).
    [[nodiscard]] std::size_t size() const { return m_commands.size(); }
    // Sum of the commands' bytes().
    [[nodiscard]] std::size_t bytes() const { return m_bytes; }
    // Changes the bounds (see the constructor); drops the oldest steps beyond them now.
    void set_limits(std::size_t max_steps, std::size_t max_bytes);
    [[nodiscard]] std::size_t max_steps() const { return m_max_steps; }
    [[nodiscard]] std::size_t max_bytes() const { return m_max_bytes; }

private:
    [[nodiscard]] bool can_merge(const Command& command) const;
    void drop_redo();
    void trim();

    std::vector<std::unique_ptr<Command>> m_commands;
    std::size_t m_position = 0; // commands [0, position) are applied
    long long m_saved = 0;      // position at the last save; -1 when that state was dropped
    bool m_merge_open = false;
    std::size_t m_max_steps;
    std::size_t m_max_bytes;
    std::size_t m_bytes = 0;
};

} // namespace diorama::editor
