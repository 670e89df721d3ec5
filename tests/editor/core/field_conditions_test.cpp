// Fields that apply only for some values of an enum field (FieldInfo::applies_when): the
// inspector hides them, but they are kept: a Shape turned into a circle keeps its rect size
// through a save and a load, and shows it again when turned back.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/components.h"

#include <gtest/gtest.h>

namespace diorama::editor {
namespace {

TEST(FieldConditions, AHiddenFieldIsSavedAndLoadedUntouched) {
    test::BounceCopy copy;
    ASSERT_FALSE(copy.path().empty());
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
    ASSERT_TRUE(session.open_project(copy.path()));
    auto made = session.create_object("Blob", {100.0f, 100.0f});
    ASSERT_TRUE(made);
    const Guid blob = session.world().guid(*made);
    ASSERT_TRUE(session.add_component(blob, "Shape"));
    ASSERT_TRUE(session.set_field(blob, "Shape.size", FieldValue{glm::vec2(48.0f, 20.0f)}));
    ASSERT_TRUE(session.set_field(blob, "Shape.kind", FieldValue{std::int32_t{1}})); // circle

    const TypeInfo& shape = *session.registry().find("Shape");
    const void* component = session.world().get(*made, shape.id);
    EXPECT_FALSE(shape.field_applies(*shape.find_field("size"), component));
    EXPECT_TRUE(shape.field_applies(*shape.find_field("radius"), component));
    ASSERT_TRUE(session.save());

    EditorSession again{GameOptions{.module_dirs = {test::module_dir()}}};
    ASSERT_TRUE(again.open_project(copy.path()));
    const Handle loaded = again.world().find(blob);
    ASSERT_TRUE(again.world().alive(loaded));
    const Shape* s = again.world().get<Shape>(loaded);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->kind, ShapeKind::Circle);
    EXPECT_EQ(s->size, glm::vec2(48.0f, 20.0f)) << "the hidden size is kept";
}

} // namespace
} // namespace diorama::editor
