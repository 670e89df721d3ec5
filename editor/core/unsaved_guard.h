#pragma once
// UnsavedGuard: the question asked before an action would drop unsaved changes (quit, new scene,
// open scene, open project). A clean scene runs the action at once; a dirty one keeps it until
// the user answers Save (save, then run it unless saving failed), Discard (run it) or Cancel.

#include "diorama/result.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace diorama::editor {

// The actions that leave the open scene.
enum class LeaveKind : std::uint8_t { None, Quit, NewScene, OpenScene, OpenProject };

// One action and its argument: the scene path (OpenScene) or project folder (OpenProject).
struct LeaveAction {
    LeaveKind kind = LeaveKind::None;
    std::string arg;
};

// The answer to the unsaved-changes question.
enum class GuardAnswer : std::uint8_t { Save, Discard, Cancel };

// What an answer leads to: the action to run now (kind None: nothing), and the error when
// saving first failed (the action then does not run).
struct GuardOutcome {
    LeaveAction run;
    std::optional<Error> save_error;
};

class UnsavedGuard {
public:
    // The action to run now when the scene is clean; nullopt when the user must be asked first
    // (the action waits; a later request replaces it).
    [[nodiscard]] std::optional<LeaveAction> request(LeaveAction action, bool dirty);

    // An action waits for an answer.
    [[nodiscard]] bool asking() const { return m_pending.kind != LeaveKind::None; }
    // The waiting action (kind None when there is none).
    [[nodiscard]] const LeaveAction& pending() const { return m_pending; }

    // Answers the question: save calls `save` first. The waiting action is forgotten either way.
    [[nodiscard]] GuardOutcome answer(GuardAnswer answer,
                                      const std::function<Result<void>()>& save);

private:
    LeaveAction m_pending;
};

} // namespace diorama::editor
