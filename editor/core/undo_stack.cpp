#include "undo_stack.h"

#include <cassert>
#include <typeinfo>
#include <utility>

namespace diorama::editor {

UndoStack::UndoStack(std::size_t max_steps, std::size_t max_bytes)
    : m_max_steps(max_steps), m_max_bytes(max_bytes) {}

bool UndoStack::push(World& world, std::unique_ptr<Command> command) {
    return try_push(world, std::move(command)) == nullptr;
}

std::unique_ptr<Command> UndoStack::try_push(World& world, std::unique_ptr<Command> command) {
    assert(command != nullptr);
    Command* top = can_merge(*command) ? m_commands.back().get() : nullptr;
    if (!command->apply(world)) return command;
    if (top != nullptr) {
        m_bytes -= top->bytes();
        top->merge(*command);
        m_bytes += top->bytes();
    } else {
        drop_redo();
        m_bytes += command->bytes();
        m_commands.push_back(std::move(command));
        ++m_position;
    }
    m_merge_open = true;
    trim();
    return nullptr;
}

bool UndoStack::can_merge(const Command& command) const {
    if (!m_merge_open || command.merge_key() == 0 || m_commands.empty()) return false;
    if (m_position != m_commands.size() || m_saved == static_cast<long long>(m_position))
        return false;
    const Command& top = *m_commands.back();
    return top.merge_key() == command.merge_key() && typeid(top) == typeid(command);
}

void UndoStack::drop_redo() {
    for (std::size_t i = m_position; i < m_commands.size(); ++i)
        m_bytes -= m_commands[i]->bytes();
    m_commands.resize(m_position);
    if (m_saved > static_cast<long long>(m_position)) m_saved = -1; // that state is gone
}

void UndoStack::trim() {
    std::size_t drop = 0;
    // Only applied steps go (undone ones after them must stay redoable in order).
    while (drop < m_position && m_commands.size() - drop > 1 &&
           (m_commands.size() - drop > m_max_steps || m_bytes > m_max_bytes)) {
        m_bytes -= m_commands[drop]->bytes();
        ++drop;
    }
    if (drop == 0) return;
    m_commands.erase(m_commands.begin(), m_commands.begin() + static_cast<std::ptrdiff_t>(drop));
    m_position -= drop;
    const auto dropped = static_cast<long long>(drop);
    m_saved = m_saved >= dropped ? m_saved - dropped : -1;
}

bool UndoStack::undo(World& world) {
    if (!can_undo()) return false;
    m_merge_open = false;
    --m_position;
    m_commands[m_position]->revert(world);
    return true;
}

bool UndoStack::redo(World& world) {
    if (!can_redo()) return false;
    m_merge_open = false;
    if (!m_commands[m_position]->apply(world)) return false;
    ++m_position;
    return true;
}

std::string UndoStack::undo_label() const {
    return can_undo() ? m_commands[m_position - 1]->label() : std::string();
}

std::string UndoStack::redo_label() const {
    return can_redo() ? m_commands[m_position]->label() : std::string();
}

void UndoStack::set_limits(std::size_t max_steps, std::size_t max_bytes) {
    m_max_steps = max_steps;
    m_max_bytes = max_bytes;
    if (!m_commands.empty()) trim();
}

void UndoStack::clear() {
    m_commands.clear();
    m_position = 0;
    m_saved = 0;
    m_merge_open = false;
    m_bytes = 0;
}

} // namespace diorama::editor
