// EditorSession::reorder and ReorderCommand on the BOUNCE sample: siblings and roots moved before
// or after another, one undo step, saved and reloaded in the new order.

#include "core/commands.h"
#include "core/editor_session.h"

#include "bounce_copy.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace diorama::editor {
namespace {

using test::BounceCopy;

class ReorderTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
    }

    Guid guid(const std::string& name) const {
        return session.world().guid(session.world().find_by_name(name));
    }
    // The names of the roots on the object's layer, in order, or of the parent's children.
    static std::vector<std::string> roots(const World& world) {
        std::vector<std::string> out;
        for (Handle r = world.first_root(); r; r = world.next_sibling(r))
            out.push_back(world.name(r));
        return out;
    }
    // Roots [from, to) of the session's world.
    std::vector<std::string> roots_between(std::size_t from, std::size_t to) const {
        const std::vector<std::string> all = roots(session.world());
        return std::vector<std::string>(all.begin() + static_cast<std::ptrdiff_t>(from),
                                        all.begin() + static_cast<std::ptrdiff_t>(to));
    }
    std::vector<std::string> children(const std::string& parent) const {
        std::vector<std::string> out;
        for (Handle c : session.world().children(session.world().find_by_name(parent)))
            out.push_back(session.world().name(c));
        return out;
    }

    BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
};

TEST_F(ReorderTest, RootsMoveBeforeAndAfterAndUndoRestoresTheOrder) {
    const std::vector<std::string> before = roots(session.world());
    ASSERT_EQ(std::vector<std::string>(before.begin(), before.begin() + 5),
              (std::vector<std::string>{"Camera", "Arena", "Score", "Paddle", "Ball"}));
    ASSERT_TRUE(session.reorder({guid("Ball")}, guid("Paddle"), SiblingPlace::Before));
    EXPECT_EQ(roots_between(3, 5), (std::vector<std::string>{"Ball", "Paddle"}));
    EXPECT_EQ(session.history().undo_label(), "Reorder");
    EXPECT_TRUE(session.dirty());
    ASSERT_TRUE(session.reorder({guid("Camera")}, guid("Ball"), SiblingPlace::After));
    EXPECT_EQ(roots_between(0, 5),
              (std::vector<std::string>{"Arena", "Score", "Ball", "Camera", "Paddle"}));
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(roots(session.world()), before);
    ASSERT_TRUE(session.redo());
    EXPECT_EQ(roots(session.world())[3], "Ball");
}

TEST_F(ReorderTest, ADropWhereTheObjectsAlreadyStandAddsNoStep) {
    const std::size_t steps = session.history().size();
    ASSERT_TRUE(session.reorder({guid("Ball")}, guid("Paddle"), SiblingPlace::After));
    ASSERT_TRUE(session.reorder({guid("Paddle")}, guid("Ball"), SiblingPlace::Before));
    ASSERT_TRUE(session.reorder({guid("Ball")}, guid("Ball"), SiblingPlace::Before));
    EXPECT_EQ(session.history().size(), steps);
    EXPECT_FALSE(session.dirty());
}

TEST_F(ReorderTest, SeveralObjectsMoveAsABlockInTheirOrder) {
    ASSERT_TRUE(
        session.reorder({guid("Ball"), guid("Camera")}, guid("Score"), SiblingPlace::Before));
    EXPECT_EQ(roots_between(0, 5),
              (std::vector<std::string>{"Arena", "Camera", "Ball", "Score", "Paddle"}));
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(roots(session.world())[0], "Camera");
}

TEST_F(ReorderTest, AnObjectFromAnotherParentIsReparentedAndPlacedInOneStep) {
    const glm::vec2 ball_world =
        session.world().world_position(session.world().find_by_name("Ball"));
    ASSERT_TRUE(session.reparent(guid("Score"), guid("Paddle")));
    ASSERT_TRUE(session.reparent(guid("Camera"), guid("Paddle")));
    EXPECT_EQ(children("Paddle"), (std::vector<std::string>{"Score", "Camera"}));
    const std::size_t steps = session.history().size();
    ASSERT_TRUE(session.reorder({guid("Ball")}, guid("Camera"), SiblingPlace::Before));
    EXPECT_EQ(session.history().size(), steps + 1) << "reparent and reorder are one step";
    EXPECT_EQ(children("Paddle"), (std::vector<std::string>{"Score", "Ball", "Camera"}));
    EXPECT_EQ(session.world().world_position(session.world().find_by_name("Ball")), ball_world);
    ASSERT_TRUE(session.reorder({guid("Camera")}, guid("Score"), SiblingPlace::Before));
    EXPECT_EQ(children("Paddle"), (std::vector<std::string>{"Camera", "Score", "Ball"}));
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(children("Paddle"), (std::vector<std::string>{"Score", "Camera"}));
    EXPECT_FALSE(session.world().parent(session.world().find_by_name("Ball")));
    EXPECT_EQ(roots(session.world())[2], "Ball") << "back to its place among the roots";
}

TEST_F(ReorderTest, ARootDroppedAmongAnotherLayersRootsJoinsThatLayer) {
    ASSERT_TRUE(session.reorder({guid("Ball")}, guid("Score"), SiblingPlace::After));
    const World& world = session.world();
    EXPECT_EQ(world.layers()[world.layer(world.find_by_name("Ball"))], "ui");
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(world.layers()[world.layer(world.find_by_name("Ball"))], "world");
}

TEST_F(ReorderTest, MovingNextToItsOwnDescendantIsRefused) {
    ASSERT_TRUE(session.reparent(guid("Ball"), guid("Paddle")));
    ASSERT_TRUE(session.reparent(guid("Score"), guid("Paddle")));
    auto refused = session.reorder({guid("Paddle")}, guid("Ball"), SiblingPlace::Before);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::Cycle);
}

TEST_F(ReorderTest, DeletingAMovedRootAndUndoingPutsItBackInItsPlace) {
    ASSERT_TRUE(session.reorder({guid("Ball")}, guid("Camera"), SiblingPlace::Before));
    const std::vector<std::string> order = roots(session.world());
    session.select_only({guid("Arena")});
    session.delete_selection();
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(roots(session.world()), order);
}

TEST_F(ReorderTest, TheNewOrderIsSavedAndReopened) {
    ASSERT_TRUE(session.reorder({guid("Paddle")}, guid("Camera"), SiblingPlace::Before));
    ASSERT_TRUE(session.reorder({guid("Camera")}, guid("Ball"), SiblingPlace::After));
    const std::vector<std::string> order = roots(session.world());
    ASSERT_TRUE(session.save());
    EditorSession reloaded(GameOptions{.module_dirs = {test::module_dir()}});
    ASSERT_TRUE(reloaded.open_project(copy.path(), "level1"));
    EXPECT_EQ(roots(reloaded.world()), order);
    EXPECT_EQ(reloaded.hash(), session.hash());
}

TEST(ReorderCommandTest, RevertPutsEveryObjectBackWhereItWas) {
    TypeRegistry registry;
    register_builtin_components(registry);
    World world(registry);
    const Handle p = world.create();
    std::vector<Guid> kids;
    for (int i = 0; i < 5; ++i)
        kids.push_back(world.guid(world.create({.parent = p}).value()));
    const auto order = [&] {
        std::vector<Guid> out;
        for (Handle c : world.children(p))
            out.push_back(world.guid(c));
        return out;
    };
    // Move the 1st and 4th after the 2nd: 1 3 0 ... (0-based: [1, 0, 3, 2, 4]).
    ReorderCommand command({kids[3], kids[0]}, kids[1], SiblingPlace::After);
    ASSERT_TRUE(command.apply(world));
    EXPECT_EQ(order(), (std::vector<Guid>{kids[1], kids[0], kids[3], kids[2], kids[4]}));
    command.revert(world);
    EXPECT_EQ(order(), kids);
    ReorderCommand stranger({world.guid(p)}, kids[2], SiblingPlace::Before);
    EXPECT_FALSE(stranger.apply(world));
    EXPECT_NE(stranger.failure().message.find("not a sibling"), std::string::npos);
    EXPECT_EQ(order(), kids);
}

} // namespace
} // namespace diorama::editor
