// UndoStack: apply/revert order, redo history, merging, the save point, and the history bounds.

#include "core/undo_stack.h"

#include "diorama/components.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace diorama::editor {
namespace {

// Adds `amount` to a shared counter; merges by summing.
class AddCommand : public Command {
public:
    AddCommand(int& counter, int amount, std::uint64_t key = 0, std::size_t size = 16)
        : m_counter(counter), m_amount(amount), m_key(key), m_size(size) {}
    bool apply(World&) override {
        m_counter += m_amount;
        return true;
    }
    void revert(World&) override { m_counter -= m_amount; }
    [[nodiscard]] std::string label() const override { return "Add " + std::to_string(m_amount); }
    [[nodiscard]] std::uint64_t merge_key() const override { return m_key; }
    void merge(Command& newer) override { m_amount += static_cast<AddCommand&>(newer).m_amount; }
    [[nodiscard]] std::size_t bytes() const override { return m_size; }

private:
    int& m_counter;
    int m_amount;
    std::uint64_t m_key;
    std::size_t m_size;
};

// Same key space as AddCommand, another type.
class OtherCommand : public AddCommand {
public:
    using AddCommand::AddCommand;
};

class FailingCommand : public Command {
public:
    bool apply(World&) override { return false; }
    void revert(World&) override { ADD_FAILURE() << "a failed command is never reverted"; }
    [[nodiscard]] std::string label() const override { return "Fail"; }
};

class UndoStackTest : public ::testing::Test {
protected:
    void SetUp() override { register_builtin_components(registry); }

    std::unique_ptr<Command> add(int amount, std::uint64_t key = 0, std::size_t size = 16) {
        return std::make_unique<AddCommand>(counter, amount, key, size);
    }

    TypeRegistry registry;
    World world{registry};
    int counter = 0;
};

TEST_F(UndoStackTest, PushAppliesAndUndoRedoRevertAndReapplyInOrder) {
    UndoStack stack;
    EXPECT_TRUE(stack.push(world, add(1)));
    EXPECT_TRUE(stack.push(world, add(10)));
    EXPECT_EQ(counter, 11);
    EXPECT_EQ(stack.undo_label(), "Add 10");
    EXPECT_TRUE(stack.undo(world));
    EXPECT_EQ(counter, 1);
    EXPECT_EQ(stack.redo_label(), "Add 10");
    EXPECT_TRUE(stack.undo(world));
    EXPECT_EQ(counter, 0);
    EXPECT_FALSE(stack.undo(world));
    EXPECT_TRUE(stack.redo(world));
    EXPECT_TRUE(stack.redo(world));
    EXPECT_FALSE(stack.redo(world));
    EXPECT_EQ(counter, 11);
    EXPECT_EQ(stack.undo_label(), "Add 10");
    EXPECT_EQ(stack.redo_label(), "");
}

TEST_F(UndoStackTest, PushDropsTheRedoHistory) {
    UndoStack stack;
    (void)stack.push(world, add(1));
    (void)stack.push(world, add(2));
    (void)stack.undo(world);
    (void)stack.push(world, add(5));
    EXPECT_FALSE(stack.can_redo());
    EXPECT_EQ(stack.size(), 2u);
    EXPECT_EQ(counter, 6);
}

TEST_F(UndoStackTest, AFailedCommandIsNotRecordedAndIsHandedBack) {
    UndoStack stack;
    (void)stack.push(world, add(1));
    EXPECT_FALSE(stack.push(world, std::make_unique<FailingCommand>()));
    auto rejected = stack.try_push(world, std::make_unique<FailingCommand>());
    ASSERT_NE(rejected, nullptr);
    EXPECT_EQ(rejected->label(), "Fail");
    EXPECT_EQ(stack.size(), 1u);
    EXPECT_EQ(stack.undo_label(), "Add 1");
}

TEST_F(UndoStackTest, CommandsWithTheSameKeyMergeWhileTheWindowIsOpen) {
    UndoStack stack;
    (void)stack.push(world, add(1, 7));
    (void)stack.push(world, add(2, 7));
    (void)stack.push(world, add(3, 7));
    EXPECT_EQ(stack.size(), 1u);
    EXPECT_EQ(counter, 6);
    stack.end_merge();
    (void)stack.push(world, add(4, 7));
    EXPECT_EQ(stack.size(), 2u);
    (void)stack.undo(world);
    EXPECT_EQ(counter, 6);
    (void)stack.undo(world);
    EXPECT_EQ(counter, 0);
}

TEST_F(UndoStackTest, DifferentKeysTypesOrAnUndoPreventMerging) {
    UndoStack stack;
    (void)stack.push(world, add(1, 7));
    (void)stack.push(world, add(1, 8));
    EXPECT_EQ(stack.size(), 2u);
    (void)stack.push(world, std::make_unique<OtherCommand>(counter, 1, 8));
    EXPECT_EQ(stack.size(), 3u);
    (void)stack.push(world, add(1, 0));
    (void)stack.push(world, add(1, 0));
    EXPECT_EQ(stack.size(), 5u); // key 0 never merges
    (void)stack.push(world, add(1, 9));
    (void)stack.undo(world);
    (void)stack.redo(world);
    (void)stack.push(world, add(1, 9));
    EXPECT_EQ(stack.size(), 7u);
}

TEST_F(UndoStackTest, DirtyFollowsTheSavePoint) {
    UndoStack stack;
    EXPECT_FALSE(stack.dirty());
    (void)stack.push(world, add(1));
    EXPECT_TRUE(stack.dirty());
    stack.mark_saved();
    EXPECT_FALSE(stack.dirty());
    (void)stack.push(world, add(2));
    EXPECT_TRUE(stack.dirty());
    (void)stack.undo(world);
    EXPECT_FALSE(stack.dirty());
    (void)stack.undo(world);
    EXPECT_TRUE(stack.dirty());
    (void)stack.redo(world);
    EXPECT_FALSE(stack.dirty());
}

TEST_F(UndoStackTest, AMergeNeverChangesTheSavedStep) {
    UndoStack stack;
    (void)stack.push(world, add(1, 7));
    stack.mark_saved();
    (void)stack.push(world, add(1, 7));
    EXPECT_TRUE(stack.dirty());
    EXPECT_EQ(stack.size(), 2u);
    (void)stack.undo(world);
    EXPECT_FALSE(stack.dirty());
    EXPECT_EQ(counter, 1);
}

TEST_F(UndoStackTest, ASavedStateDroppedFromRedoStaysDirty) {
    UndoStack stack;
    (void)stack.push(world, add(1));
    (void)stack.push(world, add(2));
    stack.mark_saved();
    (void)stack.undo(world);
    (void)stack.push(world, add(3));
    EXPECT_TRUE(stack.dirty());
    (void)stack.undo(world);
    EXPECT_TRUE(stack.dirty());
}

TEST_F(UndoStackTest, TheStepBoundDropsTheOldestSteps) {
    UndoStack stack(3);
    for (int i = 1; i <= 5; ++i)
        (void)stack.push(world, add(i));
    EXPECT_EQ(stack.size(), 3u);
    EXPECT_EQ(counter, 15);
    while (stack.undo(world)) {
    }
    EXPECT_EQ(counter, 3);      // 1 and 2 can no longer be undone
    EXPECT_TRUE(stack.dirty()); // the saved (empty) state is gone
}

TEST_F(UndoStackTest, TheByteBoundDropsTheOldestButKeepsTheNewest) {
    UndoStack stack(1000, 250);
    for (int i = 0; i < 5; ++i)
        (void)stack.push(world, add(1, 0, 100));
    EXPECT_EQ(stack.size(), 2u);
    EXPECT_LE(stack.bytes(), 250u);
    (void)stack.push(world, add(1, 0, 1000));
    EXPECT_EQ(stack.size(), 1u);
    EXPECT_EQ(stack.bytes(), 1000u);
    EXPECT_TRUE(stack.can_undo());
}

TEST_F(UndoStackTest, NewLimitsDropTheOldestAppliedStepsAtOnce) {
    UndoStack stack;
    for (int i = 1; i <= 6; ++i)
        (void)stack.push(world, add(i));
    ASSERT_TRUE(stack.undo(world)); // 6 is undone: it stays redoable
    stack.set_limits(3, 1u << 20);
    EXPECT_EQ(stack.max_steps(), 3u);
    EXPECT_EQ(stack.size(), 3u);
    ASSERT_TRUE(stack.redo(world));
    EXPECT_EQ(counter, 21);
    while (stack.undo(world)) {
    }
    EXPECT_EQ(counter, 21 - 6 - 5 - 4);
}

TEST_F(UndoStackTest, MarkUnsavedIsDirtyUntilTheNextSave) {
    UndoStack stack;
    stack.mark_unsaved();
    EXPECT_TRUE(stack.dirty());
    (void)stack.push(world, add(1));
    ASSERT_TRUE(stack.undo(world));
    EXPECT_TRUE(stack.dirty()) << "no step leads back to a saved state";
    stack.mark_saved();
    EXPECT_FALSE(stack.dirty());
}

TEST_F(UndoStackTest, ClearForgetsEverythingAndCountsAsSaved) {
    UndoStack stack;
    (void)stack.push(world, add(1));
    stack.clear();
    EXPECT_EQ(stack.size(), 0u);
    EXPECT_EQ(stack.bytes(), 0u);
    EXPECT_FALSE(stack.can_undo());
    EXPECT_FALSE(stack.dirty());
}

} // namespace
} // namespace diorama::editor
