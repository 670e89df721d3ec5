// Running out of memory gives a clear error and leaves the world consistent; it never crashes.

#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "under_asan.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>

namespace diorama {
namespace {

#ifndef DIORAMA_UNDER_ASAN
// Creates objects under an address-space limit until creation fails: plain ones through
// try_create() (the path for ObjectDef{}), or every second one a child of the first when
// in_hierarchy. Exits 0 when the failure was reported as OutOfMemory and the world stayed exact,
// 1..6 otherwise.
[[noreturn]] void fill_until_out_of_memory(bool in_hierarchy) {
    TypeRegistry registry;
    register_builtin_components(registry);
    World world(registry);
    rlimit unlimited{};
    if (getrlimit(RLIMIT_AS, &unlimited) != 0) std::_Exit(6);
    rlimit limit = unlimited;
    limit.rlim_cur = 768ull << 20; // the soft limit only, so the checks below run without it
    if (setrlimit(RLIMIT_AS, &limit) != 0) std::_Exit(6);
    std::size_t created = 0;
    std::size_t children = 0;
    Handle root;
    for (;;) {
        const bool child = in_hierarchy && root && created % 2 == 0;
        Result<Handle> h = in_hierarchy ? world.try_create({.parent = child ? root : kNullHandle})
                                        : world.try_create();
        if (!h) {
            if (h.error().code != ErrorCode::OutOfMemory) std::_Exit(1);
            break;
        }
        if (!root) root = *h;
        ++created;
        if (child) ++children;
    }
    if (setrlimit(RLIMIT_AS, &unlimited) != 0) std::_Exit(6);
    if (world.object_count() != created) std::_Exit(2);
    if (world.count<Transform2D>() != created) std::_Exit(3);
    if (in_hierarchy && world.children(root).size() != children) std::_Exit(4);
    world.destroy(root);
    if (world.flush() != children + 1) std::_Exit(5);
    std::_Exit(0);
}
#endif

TEST(WorldMemory, RunningOutOfMemoryIsAClearErrorNotACrash) {
#ifdef DIORAMA_UNDER_ASAN
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#else
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(fill_until_out_of_memory(false), ::testing::ExitedWithCode(0), "");
#endif
}

TEST(WorldMemory, RunningOutOfMemoryWhileLinkingChildrenKeepsTheHierarchyExact) {
#ifdef DIORAMA_UNDER_ASAN
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#else
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(fill_until_out_of_memory(true), ::testing::ExitedWithCode(0), "");
#endif
}

} // namespace
} // namespace diorama
