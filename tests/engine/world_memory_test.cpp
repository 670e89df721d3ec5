// Running out of memory gives a clear error and leaves the world consistent; it never crashes.

#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>

#if defined(__SANITIZE_ADDRESS__)
#define DIORAMA_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DIORAMA_UNDER_ASAN 1
#endif
#endif

namespace diorama {
namespace {

#ifndef DIORAMA_UNDER_ASAN
// Creates objects under an address-space limit until creation fails; exits 0 when the failure
// was reported as OutOfMemory and the world stayed exact, 1..3 otherwise.
[[noreturn]] void fill_until_out_of_memory() {
    TypeRegistry registry;
    register_builtin_components(registry);
    World world(registry);
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = 768ull << 20;
    if (setrlimit(RLIMIT_AS, &limit) != 0) std::_Exit(4);
    std::size_t created = 0;
    for (;;) {
        Result<Handle> h = world.try_create();
        if (!h) {
            if (h.error().code != ErrorCode::OutOfMemory) std::_Exit(1);
            break;
        }
        ++created;
    }
    if (world.object_count() != created) std::_Exit(2);
    if (world.count<Transform2D>() != created) std::_Exit(3);
    std::_Exit(0);
}
#endif

TEST(WorldMemory, RunningOutOfMemoryIsAClearErrorNotACrash) {
#ifdef DIORAMA_UNDER_ASAN
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#else
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(fill_until_out_of_memory(), ::testing::ExitedWithCode(0), "");
#endif
}

} // namespace
} // namespace diorama
