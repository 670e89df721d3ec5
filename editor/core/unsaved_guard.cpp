#include "unsaved_guard.h"

#include <utility>

namespace diorama::editor {

std::optional<LeaveAction> UnsavedGuard::request(LeaveAction action, bool dirty) {
    if (!dirty) return action;
    m_pending = std::move(action);
    return std::nullopt;
}

GuardOutcome UnsavedGuard::answer(GuardAnswer answer, const std::function<Result<void>()>& save) {
    GuardOutcome outcome;
    LeaveAction pending = std::exchange(m_pending, {});
    switch (answer) {
    case GuardAnswer::Save:
        if (auto saved = save(); !saved)
            outcome.save_error = saved.error();
        else
            outcome.run = std::move(pending);
        break;
    case GuardAnswer::Discard:
        outcome.run = std::move(pending);
        break;
    case GuardAnswer::Cancel:
        break;
    }
    return outcome;
}

} // namespace diorama::editor
