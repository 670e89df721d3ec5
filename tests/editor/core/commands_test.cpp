// The commands on a plain world (built-in components plus a test type with an object reference):
// each restores exactly what it changed (the state hash), by guid.

#include "core/commands.h"

#include "diorama/components.h"
#include "diorama/field_path.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <memory>

namespace editor_test {
// A component naming another object.
struct Link {
    diorama::Guid target{};
};
} // namespace editor_test

namespace diorama {
template <>
TypeInfo describe<editor_test::Link>() {
    return TypeBuilder<editor_test::Link>("Link")
        .field<&editor_test::Link::target>("target")
        .build();
}
} // namespace diorama

namespace diorama::editor {
namespace {

using editor_test::Link;

class CommandsTest : public ::testing::Test {
protected:
    void SetUp() override {
        register_builtin_components(registry);
        ASSERT_TRUE(registry.add<Link>());
        world = std::make_unique<World>(registry);
        (void)world->add_layer("world");
    }

    Handle make(const std::string& name, glm::vec2 position, Handle parent = {}) {
        const Handle h = world->create(ObjectDef{.name = name, .parent = parent}).value();
        world->get<Transform2D>(h)->position = position;
        return h;
    }

    [[nodiscard]] EditContext context() const { return EditContext{&project, &prefabs}; }

    TypeRegistry registry;
    Project project;
    PrefabLibrary prefabs;
    std::unique_ptr<World> world;
};

TEST_F(CommandsTest, RemoveObjectsRestoresTheSubtreeComponentsAndChildOrder) {
    const Handle root = make("root", {10.0f, 0.0f});
    const Handle a = make("a", {1.0f, 0.0f}, root);
    const Handle b = make("b", {2.0f, 0.0f}, root);
    const Handle c = make("c", {3.0f, 0.0f}, root);
    const Handle grandchild = make("grandchild", {0.0f, 1.0f}, b);
    world->add<Shape>(b)->color = {0.1f, 0.2f, 0.3f, 1.0f};
    world->add<Properties>(grandchild)->values["hp"] = 3;
    (void)world->set_layer(b, 1);
    const std::uint64_t before = state_hash(*world);
    const Guid b_guid = world->guid(b);
    const Guid grandchild_guid = world->guid(grandchild);

    RemoveObjectsCommand remove("Delete", {b_guid, grandchild_guid}, context());
    ASSERT_TRUE(remove.apply(*world));
    EXPECT_EQ(world->object_count(), 3u);
    EXPECT_FALSE(world->find(grandchild_guid));

    remove.revert(*world);
    EXPECT_EQ(state_hash(*world), before);
    const std::vector<Handle> kids = world->children(root);
    ASSERT_EQ(kids.size(), 3u);
    EXPECT_EQ(kids[0], a);
    EXPECT_EQ(world->guid(kids[1]), b_guid);
    EXPECT_EQ(kids[2], c);
    EXPECT_EQ(world->parent(world->find(grandchild_guid)), world->find(b_guid));

    ASSERT_TRUE(remove.apply(*world)); // redo
    EXPECT_EQ(world->object_count(), 3u);
}

TEST_F(CommandsTest, RemovingNothingThatExistsFails) {
    RemoveObjectsCommand remove("Delete", {Guid{42}}, context());
    EXPECT_FALSE(remove.apply(*world));
    EXPECT_EQ(remove.failure().code, ErrorCode::NotFound);
}

TEST_F(CommandsTest, AddObjectsKeepsGuidsAndOffsetsOnlyTheRoots) {
    const Handle parent = make("parent", {100.0f, 100.0f});
    const Handle child = make("child", {5.0f, 0.0f}, parent);
    world->get<Transform2D>(parent)->rotation_deg = 90.0f;
    auto entries = objects_to_json(*world, std::vector<Handle>{parent, child}, prefabs);
    ASSERT_TRUE(entries);
    const Json copies = with_fresh_guids(*entries, *world);
    const std::vector<Guid> guids = entry_guids(copies);
    ASSERT_EQ(guids.size(), 2u);
    const std::uint64_t before = state_hash(*world);

    AddObjectsCommand add("Duplicate", copies, context(), {32.0f, -32.0f});
    ASSERT_TRUE(add.apply(*world));
    const Handle new_parent = world->find(guids[0]);
    const Handle new_child = world->find(guids[1]);
    ASSERT_TRUE(new_parent && new_child);
    EXPECT_EQ(world->parent(new_child), new_parent);
    EXPECT_EQ(world->get<Transform2D>(new_parent)->position, glm::vec2(132.0f, 68.0f));
    EXPECT_EQ(world->get<Transform2D>(new_child)->position, glm::vec2(5.0f, 0.0f));

    add.revert(*world);
    EXPECT_EQ(state_hash(*world), before);
    ASSERT_TRUE(add.apply(*world)); // redo: the same guids again
    EXPECT_TRUE(world->find(guids[0]));
}

TEST_F(CommandsTest, FreshGuidsFollowParentsAndReferencesAmongTheEntries) {
    const Handle a = make("a", {0.0f, 0.0f});
    const Handle b = make("b", {0.0f, 0.0f}, a);
    const Handle outside = make("outside", {0.0f, 0.0f});
    world->add<Link>(a)->target = world->guid(b);
    world->add<Link>(b)->target = world->guid(outside);
    auto entries = objects_to_json(*world, std::vector<Handle>{a, b}, prefabs);
    ASSERT_TRUE(entries);
    const Json copies = with_fresh_guids(*entries, *world);
    AddObjectsCommand add("Paste", copies, context());
    ASSERT_TRUE(add.apply(*world));
    const std::vector<Guid> guids = entry_guids(copies);
    ASSERT_EQ(guids.size(), 2u);
    EXPECT_NE(guids[0], world->guid(a));
    EXPECT_NE(guids[1], world->guid(b));
    const Handle new_a = world->find(guids[0]);
    const Handle new_b = world->find(guids[1]);
    EXPECT_EQ(world->parent(new_b), new_a);
    EXPECT_EQ(world->get<Link>(new_a)->target, guids[1]);
    EXPECT_EQ(world->get<Link>(new_b)->target, world->guid(outside)); // not copied: kept
}

// A component of a type the registry does not know (its module is not loaded) keeps its fields as
// the file had them: every guid of a copied object in it follows, at any depth; others stay.
TEST_F(CommandsTest, FreshGuidsFollowReferencesAnywhereInComponentsOfUnknownTypes) {
    const Handle a = make("a", {0.0f, 0.0f});
    const Handle b = make("b", {0.0f, 0.0f});
    const Handle outside = make("outside", {0.0f, 0.0f});
    const std::string b_guid = to_string(world->guid(b));
    const std::string outside_guid = to_string(world->guid(outside));
    world->add<UnknownComponents>(a)->components["Switch"] =
        Json{{"target", b_guid},
             {"targets", Json::array({b_guid, outside_guid})},
             {"wiring", {{"door", b_guid}, {"label", "b"}}},
             {"count", 3}};
    auto entries = objects_to_json(*world, std::vector<Handle>{a, b}, prefabs);
    ASSERT_TRUE(entries);
    const Json copies = with_fresh_guids(*entries, *world);
    AddObjectsCommand add("Duplicate", copies, context());
    ASSERT_TRUE(add.apply(*world)) << add.failure().describe();
    const std::vector<Guid> guids = entry_guids(copies);
    ASSERT_EQ(guids.size(), 2u);
    const auto* unknown = world->get<UnknownComponents>(world->find(guids[0]));
    ASSERT_NE(unknown, nullptr);
    const std::string new_b = to_string(guids[1]);
    EXPECT_EQ(unknown->components.at("Switch"),
              (Json{{"target", new_b},
                    {"targets", Json::array({new_b, outside_guid})},
                    {"wiring", {{"door", new_b}, {"label", "b"}}},
                    {"count", 3}}));
    EXPECT_EQ(world->get<UnknownComponents>(a)->components.at("Switch")["target"], b_guid)
        << "the original keeps its own";
}

TEST_F(CommandsTest, SetFieldKeepsEachObjectsOldValue) {
    const Handle a = make("a", {1.0f, 2.0f});
    const Handle b = make("b", {3.0f, 4.0f});
    const std::uint64_t before = state_hash(*world);
    SetFieldCommand set({world->guid(a), world->guid(b)}, "Transform2D.position.x",
                        FieldValue{9.0f});
    ASSERT_TRUE(set.apply(*world));
    EXPECT_EQ(world->get<Transform2D>(a)->position, glm::vec2(9.0f, 2.0f));
    EXPECT_EQ(world->get<Transform2D>(b)->position, glm::vec2(9.0f, 4.0f));
    set.revert(*world);
    EXPECT_EQ(state_hash(*world), before);
}

TEST_F(CommandsTest, ASetFieldThatFailsOnOneObjectChangesNone) {
    const Handle a = make("a", {1.0f, 2.0f});
    const Handle b = make("b", {3.0f, 4.0f});
    world->add<Shape>(a);
    const std::uint64_t before = state_hash(*world);
    SetFieldCommand set({world->guid(a), world->guid(b)}, "Shape.radius", FieldValue{5.0f});
    EXPECT_FALSE(set.apply(*world));
    EXPECT_EQ(set.failure().code, ErrorCode::NotFound);
    EXPECT_EQ(state_hash(*world), before);
    SetFieldCommand negative({world->guid(a)}, "Shape.radius", FieldValue{-5.0f});
    EXPECT_FALSE(negative.apply(*world));
    EXPECT_EQ(negative.failure().code, ErrorCode::Range);
}

TEST_F(CommandsTest, SetFieldMergesOnlyTheSameEditUnderTheSameKey) {
    const Handle a = make("a", {0.0f, 0.0f});
    const SetFieldCommand x1({world->guid(a)}, "Transform2D.position.x", FieldValue{1.0f}, 5);
    const SetFieldCommand x2({world->guid(a)}, "Transform2D.position.x", FieldValue{2.0f}, 5);
    const SetFieldCommand y({world->guid(a)}, "Transform2D.position.y", FieldValue{2.0f}, 5);
    const SetFieldCommand never({world->guid(a)}, "Transform2D.position.x", FieldValue{2.0f});
    EXPECT_EQ(x1.merge_key(), x2.merge_key());
    EXPECT_NE(x1.merge_key(), y.merge_key());
    EXPECT_EQ(never.merge_key(), 0u);
}

TEST_F(CommandsTest, ReparentKeepsTheWorldTransformAndUndoRestoresTheExactState) {
    const Handle p = make("p", {100.0f, 50.0f});
    world->get<Transform2D>(p)->rotation_deg = 30.0f;
    world->get<Transform2D>(p)->scale = {2.0f, 2.0f};
    const Handle first = make("first", {0.0f, 0.0f}, p);
    const Handle moved = make("moved", {7.0f, 3.0f}, p);
    const Handle last = make("last", {0.0f, 0.0f}, p);
    const Handle other = make("other", {-20.0f, 10.0f});
    const glm::vec2 world_before = world->world_position(moved);
    const std::uint64_t before = state_hash(*world);

    ReparentCommand reparent(world->guid(moved), world->guid(other));
    ASSERT_TRUE(reparent.apply(*world));
    EXPECT_EQ(world->parent(moved), other);
    EXPECT_NEAR(world->world_position(moved).x, world_before.x, 1e-3f);
    EXPECT_NEAR(world->world_position(moved).y, world_before.y, 1e-3f);

    reparent.revert(*world);
    EXPECT_EQ(state_hash(*world), before);
    EXPECT_EQ(world->children(p), (std::vector<Handle>{first, moved, last}));
}

TEST_F(CommandsTest, ReparentRefusesACycle) {
    const Handle a = make("a", {0.0f, 0.0f});
    const Handle b = make("b", {0.0f, 0.0f}, a);
    ReparentCommand reparent(world->guid(a), world->guid(b));
    EXPECT_FALSE(reparent.apply(*world));
    EXPECT_EQ(reparent.failure().code, ErrorCode::Cycle);
    EXPECT_FALSE(world->parent(a));
}

TEST_F(CommandsTest, RemoveComponentRestoresItsValues) {
    const Handle a = make("a", {0.0f, 0.0f});
    Collider* collider = world->add<Collider>(a);
    collider->kind = ColliderKind::Circle;
    collider->radius = 12.5f;
    collider->trigger = true;
    const std::uint64_t before = state_hash(*world);
    RemoveComponentCommand remove(world->guid(a), *registry.find<Collider>());
    ASSERT_TRUE(remove.apply(*world));
    EXPECT_FALSE(world->has<Collider>(a));
    remove.revert(*world);
    EXPECT_EQ(state_hash(*world), before);
    EXPECT_EQ(world->get<Collider>(a)->radius, 12.5f);
}

TEST_F(CommandsTest, AddComponentRefusesADuplicateAndRevertRemovesIt) {
    const Handle a = make("a", {0.0f, 0.0f});
    const std::uint64_t before = state_hash(*world);
    AddComponentCommand add(world->guid(a), *registry.find<Velocity>(), nullptr);
    ASSERT_TRUE(add.apply(*world));
    EXPECT_TRUE(world->has<Velocity>(a));
    AddComponentCommand again(world->guid(a), *registry.find<Velocity>(), nullptr);
    EXPECT_FALSE(again.apply(*world));
    EXPECT_EQ(again.failure().code, ErrorCode::Duplicate);
    add.revert(*world);
    EXPECT_EQ(state_hash(*world), before);
}

TEST_F(CommandsTest, RenameLayerAndTransformCommandsRevert) {
    const Handle a = make("a", {0.0f, 0.0f});
    const std::uint64_t before = state_hash(*world);
    RenameCommand rename(world->guid(a), "renamed");
    SetLayerCommand layer(world->guid(a), 1);
    Transform2D after;
    after.position = {5.0f, 6.0f};
    after.rotation_deg = 45.0f;
    SetTransformsCommand transform(
        "Move", {TransformChange{world->guid(a), *world->get<Transform2D>(a), after}});
    ASSERT_TRUE(rename.apply(*world));
    ASSERT_TRUE(layer.apply(*world));
    ASSERT_TRUE(transform.apply(*world));
    EXPECT_EQ(world->name(a), "renamed");
    EXPECT_EQ(world->layer(a), 1u);
    EXPECT_EQ(world->get<Transform2D>(a)->rotation_deg, 45.0f);
    transform.revert(*world);
    layer.revert(*world);
    rename.revert(*world);
    EXPECT_EQ(state_hash(*world), before);
    SetLayerCommand missing_layer(world->guid(a), 7);
    EXPECT_FALSE(missing_layer.apply(*world));
}

TEST_F(CommandsTest, AGroupIsAllOrNothing) {
    const Handle a = make("a", {0.0f, 0.0f});
    const std::uint64_t before = state_hash(*world);
    std::vector<std::unique_ptr<EditCommand>> steps;
    steps.push_back(std::make_unique<RenameCommand>(world->guid(a), "x"));
    steps.push_back(std::make_unique<SetFieldCommand>(std::vector<Guid>{world->guid(a)},
                                                      "Shape.radius", FieldValue{1.0f}));
    CommandGroup group("Both", std::move(steps));
    EXPECT_FALSE(group.apply(*world));
    EXPECT_EQ(group.failure().code, ErrorCode::NotFound);
    EXPECT_EQ(state_hash(*world), before);
}

TEST_F(CommandsTest, TopLevelAndDescendantsFollowTheHierarchy) {
    const Handle a = make("a", {0.0f, 0.0f});
    const Handle b = make("b", {0.0f, 0.0f}, a);
    const Handle c = make("c", {0.0f, 0.0f}, b);
    const Handle d = make("d", {0.0f, 0.0f});
    EXPECT_EQ(top_level(*world, {c, a, d}), (std::vector<Handle>{a, d}));
    EXPECT_EQ(with_descendants(*world, {a, b}).size(), 3u);
}

} // namespace
} // namespace diorama::editor
