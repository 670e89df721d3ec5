// Running out of memory leaves the world consistent and never crashes: create(def) fails with a
// Result, the fast create() throws std::bad_alloc.

#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "../under_asan.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <new>

namespace diorama {
namespace {

#ifndef DIORAMA_UNDER_ASAN
// How fill_until_out_of_memory creates objects.
enum class Fill {
    Plain,    // create(ObjectDef{}): the failure is a Result
    Children, // as Plain, every second object a child of the first
    Fast,     // create(): the failure throws std::bad_alloc
};

// Creates objects under an address-space limit until creation fails. Exits 0 when the failure
// was reported as out of memory and the world stayed exact, 1..6 otherwise.
[[noreturn]] void fill_until_out_of_memory(Fill how) {
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
        const bool child = how == Fill::Children && root && created % 2 == 0;
        Handle h;
        if (how == Fill::Fast) {
            try {
                h = world.create();
            } catch (const std::bad_alloc&) {
                break;
            }
        } else {
            Result<Handle> made = world.create({.parent = child ? root : kNullHandle});
            if (!made) {
                if (made.error().code != ErrorCode::OutOfMemory) std::_Exit(1);
                break;
            }
            h = *made;
        }
        if (!root) root = h;
        ++created;
        if (child) ++children;
    }
    if (setrlimit(RLIMIT_AS, &unlimited) != 0) std::_Exit(6);
    if (world.object_count() != created) std::_Exit(2);
    if (world.count<Transform2D>() != created) std::_Exit(3);
    if (how == Fill::Children && world.children(root).size() != children) std::_Exit(4);
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
    EXPECT_EXIT(fill_until_out_of_memory(Fill::Plain), ::testing::ExitedWithCode(0), "");
#endif
}

TEST(WorldMemory, RunningOutOfMemoryWhileLinkingChildrenKeepsTheHierarchyExact) {
#ifdef DIORAMA_UNDER_ASAN
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#else
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(fill_until_out_of_memory(Fill::Children), ::testing::ExitedWithCode(0), "");
#endif
}

TEST(WorldMemory, RunningOutOfMemoryInTheFastCreateThrowsBadAllocAndKeepsTheWorldExact) {
#ifdef DIORAMA_UNDER_ASAN
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#else
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(fill_until_out_of_memory(Fill::Fast), ::testing::ExitedWithCode(0), "");
#endif
}

} // namespace
} // namespace diorama
