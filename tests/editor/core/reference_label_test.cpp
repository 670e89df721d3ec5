#include "core/reference_label.h"

#include "diorama/components.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

namespace diorama::editor {
namespace {

TEST(ReferenceLabel, NamesTheTargetOrSaysNoneOrMissing) {
    TypeRegistry registry;
    register_builtin_components(registry);
    World world(registry);
    (void)world.create(ObjectDef{.name = "Door", .guid = Guid{0x10}});
    (void)world.create(ObjectDef{.guid = Guid{0x11}});
    EXPECT_EQ(reference_label(world, Guid{0x10}), "Door");
    EXPECT_EQ(reference_label(world, Guid{0x11}), "(unnamed)");
    EXPECT_EQ(reference_label(world, Guid{}), "(none)");
    EXPECT_EQ(reference_label(world, Guid{0x1234}), "(missing) 0000000000001234")
        << "a dangling reference shows a placeholder with the guid it keeps";
}

} // namespace
} // namespace diorama::editor
