#pragma once
// What the World's tests share: a fixture with the built-in components registered, and helpers
// for the tests that check the world against a model through random operations.

#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <vector>

namespace diorama::test {

// A registry with the built-in components; make a World of it in each test.
class WorldFixture : public ::testing::Test {
protected:
    WorldFixture() { register_builtin_components(registry); }
    TypeRegistry registry;
};

// One of live, chosen by rng; precondition: live is not empty.
inline Handle pick(const std::vector<Handle>& live, std::mt19937& rng) {
    return live[static_cast<std::size_t>(rng()) % live.size()];
}

// Destroys and flushes one of live, chosen by rng, and takes it out of live.
inline void destroy_one(World& world, std::vector<Handle>& live, std::mt19937& rng) {
    const std::size_t i = static_cast<std::size_t>(rng()) % live.size();
    world.destroy(live[i]);
    world.flush();
    live[i] = live.back();
    live.pop_back();
}

} // namespace diorama::test
