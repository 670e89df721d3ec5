// New objects get names no other object has (unique_names.h): placing, creating, duplicating
// and pasting in the real BOUNCE sample.

#include "core/editor_session.h"
#include "core/unique_names.h"

#include "bounce_copy.h"

#include "diorama/components.h"
#include "diorama/type_registry.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace diorama::editor {
namespace {

std::string name_of(const EditorSession& s, Guid g) {
    return s.world().name(s.world().find(g));
}

TEST(UniqueNames, AUsedNameGetsTheFirstFreeNumberCountingOnFromItsStem) {
    TypeRegistry registry;
    register_builtin_components(registry);
    World world(registry);
    (void)world.create({.name = "Bat"});
    (void)world.create({.name = "Bat 3"});
    UniqueNames names(world);
    EXPECT_EQ(names.take("Ball"), "Ball");
    EXPECT_EQ(names.take("Ball"), "Ball 2");
    EXPECT_EQ(names.take("Bat"), "Bat 2");
    EXPECT_EQ(names.take("Bat"), "Bat 4") << "Bat 3 is in the world";
    EXPECT_EQ(names.take("Bat 2"), "Bat 5") << "a numbered name counts on from its stem";
    EXPECT_EQ(names.take("Brick 0,0"), "Brick 0,0");
    EXPECT_EQ(names.take("Brick 0,0"), "Brick 0,0 2") << "only a number after a space is one";
    EXPECT_EQ(names.take(""), "");
    EXPECT_EQ(names.take(""), "") << "an unnamed object stays unnamed";
}

class UniqueNamesSession : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        ASSERT_TRUE(session.open_project(copy.path()));
    }
    test::BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
};

TEST_F(UniqueNamesSession, PlacedCreatedDuplicatedAndPastedObjectsGetNamesOfTheirOwn) {
    auto first = session.create_object("Bat", glm::vec2(0.0f));
    auto second = session.create_object("Bat", glm::vec2(10.0f));
    ASSERT_TRUE(first && second);
    EXPECT_EQ(session.world().name(*first), "Bat");
    EXPECT_EQ(session.world().name(*second), "Bat 2");

    auto ball = session.place_prefab("ball", glm::vec2(20.0f));
    ASSERT_TRUE(ball);
    EXPECT_EQ(session.world().name(*ball), "ball");
    auto another = session.place_prefab("ball", glm::vec2(30.0f));
    ASSERT_TRUE(another);
    EXPECT_EQ(session.world().name(*another), "ball 2");

    session.select_only({session.world().guid(*second)});
    session.duplicate_selection();
    ASSERT_EQ(session.selection().size(), 1u);
    EXPECT_EQ(name_of(session, session.selection().back()), "Bat 3");

    session.select_only({session.world().guid(session.world().find_by_name("Paddle"))});
    session.copy_selection();
    session.paste();
    session.paste();
    std::multiset<std::string> names;
    session.world().each_object([&](Handle h) { names.insert(session.world().name(h)); });
    for (const std::string& name : names)
        EXPECT_EQ(names.count(name), 1u) << name << " is used twice";
    EXPECT_EQ(names.count("Paddle 2"), 1u);
    EXPECT_EQ(names.count("Paddle 3"), 1u);

    ASSERT_TRUE(session.undo()); // the paste goes with its names
    EXPECT_FALSE(session.world().find_by_name("Paddle 3"));
}

} // namespace
} // namespace diorama::editor
