// The question before an action drops unsaved changes (editor/core/unsaved_guard.h).

#include "core/unsaved_guard.h"

#include <gtest/gtest.h>

#include <array>

namespace diorama::editor {
namespace {

Result<void> saved() {
    return {};
}

Result<void> save_failed() {
    return make_error(ErrorCode::Io, "disk full", "scenes/level1.scene.json");
}

Result<void> never_called() {
    ADD_FAILURE() << "the guard saved although the answer was not Save";
    return {};
}

constexpr std::array kLeaving{LeaveKind::Quit, LeaveKind::NewScene, LeaveKind::OpenScene,
                              LeaveKind::OpenProject};

TEST(UnsavedGuard, RunsEveryActionAtOnceWhenTheSceneIsClean) {
    for (const LeaveKind kind : kLeaving) {
        UnsavedGuard guard;
        const auto now = guard.request({kind, "arg"}, false);
        ASSERT_TRUE(now);
        EXPECT_EQ(now->kind, kind);
        EXPECT_EQ(now->arg, "arg");
        EXPECT_FALSE(guard.asking());
    }
}

TEST(UnsavedGuard, AsksBeforeEveryActionWhenTheSceneIsDirty) {
    for (const LeaveKind kind : kLeaving) {
        UnsavedGuard guard;
        EXPECT_FALSE(guard.request({kind, "scenes/level2.scene.json"}, true));
        EXPECT_TRUE(guard.asking());
        EXPECT_EQ(guard.pending().kind, kind);
        EXPECT_EQ(guard.pending().arg, "scenes/level2.scene.json");
    }
}

TEST(UnsavedGuard, SaveSavesThenRunsTheWaitingAction) {
    UnsavedGuard guard;
    (void)guard.request({LeaveKind::OpenProject, "/games/other"}, true);
    int saves = 0;
    const GuardOutcome out = guard.answer(GuardAnswer::Save, [&] {
        ++saves;
        return saved();
    });
    EXPECT_EQ(saves, 1);
    EXPECT_FALSE(out.save_error);
    EXPECT_EQ(out.run.kind, LeaveKind::OpenProject);
    EXPECT_EQ(out.run.arg, "/games/other");
    EXPECT_FALSE(guard.asking());
}

TEST(UnsavedGuard, AFailedSaveReportsTheErrorAndRunsNothing) {
    UnsavedGuard guard;
    (void)guard.request({LeaveKind::Quit, {}}, true);
    const GuardOutcome out = guard.answer(GuardAnswer::Save, save_failed);
    ASSERT_TRUE(out.save_error);
    EXPECT_EQ(out.save_error->message, "disk full");
    EXPECT_EQ(out.run.kind, LeaveKind::None);
    EXPECT_FALSE(guard.asking());
}

TEST(UnsavedGuard, DiscardRunsTheActionWithoutSaving) {
    UnsavedGuard guard;
    (void)guard.request({LeaveKind::NewScene, {}}, true);
    const GuardOutcome out = guard.answer(GuardAnswer::Discard, never_called);
    EXPECT_FALSE(out.save_error);
    EXPECT_EQ(out.run.kind, LeaveKind::NewScene);
    EXPECT_FALSE(guard.asking());
}

TEST(UnsavedGuard, CancelForgetsTheActionWithoutSaving) {
    UnsavedGuard guard;
    (void)guard.request({LeaveKind::OpenScene, "scenes/b.scene.json"}, true);
    const GuardOutcome out = guard.answer(GuardAnswer::Cancel, never_called);
    EXPECT_FALSE(out.save_error);
    EXPECT_EQ(out.run.kind, LeaveKind::None);
    EXPECT_FALSE(guard.asking());
}

TEST(UnsavedGuard, ALaterRequestReplacesTheWaitingOne) {
    UnsavedGuard guard;
    (void)guard.request({LeaveKind::OpenScene, "scenes/b.scene.json"}, true);
    (void)guard.request({LeaveKind::Quit, {}}, true);
    EXPECT_EQ(guard.answer(GuardAnswer::Discard, never_called).run.kind, LeaveKind::Quit);
}

TEST(UnsavedGuard, ACleanRequestLeavesTheWaitingActionWaiting) {
    UnsavedGuard guard;
    (void)guard.request({LeaveKind::Quit, {}}, true);
    EXPECT_TRUE(guard.request({LeaveKind::NewScene, {}}, false));
    EXPECT_EQ(guard.pending().kind, LeaveKind::Quit);
}

TEST(UnsavedGuard, AnAnswerWithNothingWaitingRunsNothing) {
    UnsavedGuard guard;
    EXPECT_EQ(guard.answer(GuardAnswer::Discard, never_called).run.kind, LeaveKind::None);
    EXPECT_EQ(guard.answer(GuardAnswer::Save, saved).run.kind, LeaveKind::None);
}

} // namespace
} // namespace diorama::editor
