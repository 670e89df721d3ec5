#pragma once
// A fixture for the loader tests: the broken-files project (tests/data/broken) opened with the
// built-in component types and its prefabs, which load without errors.

#include "diorama/diagnostics.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/type_registry.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace diorama::test {

// The project's folder.
inline const std::filesystem::path kBrokenProject =
    std::filesystem::path(DIORAMA_SOURCE_DIR) / "tests/data/broken";

class BrokenProjectTest : public ::testing::Test {
protected:
    BrokenProjectTest() {
        register_builtin_components(registry);
        Diagnostics d;
        auto p = load_project(kBrokenProject, d);
        EXPECT_TRUE(p.ok()) << d.format();
        project = *p;
        prefabs.load_folder(project, registry, d);
        EXPECT_FALSE(d.has_errors()) << d.format();
    }

    TypeRegistry registry;
    Project project;
    PrefabLibrary prefabs;
};

} // namespace diorama::test
