// World names (world/names.h): find_by_name through renames, shared names and destruction.

#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "world_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace diorama {
namespace {

using test::pick;

class NamesTest : public test::WorldFixture {};

TEST_F(NamesTest, FindByNameFollowsRenamesAndDestruction) {
    World world(registry);
    const Handle a = world.create({.name = "paddle"}).value();
    EXPECT_EQ(world.find_by_name("paddle"), a);
    world.set_name(a, "bat");
    EXPECT_FALSE(world.find_by_name("paddle"));
    EXPECT_EQ(world.find_by_name("bat"), a);
    world.destroy(a);
    world.flush();
    EXPECT_FALSE(world.find_by_name("bat"));
    EXPECT_FALSE(world.find(Guid{1}));
}

TEST_F(NamesTest, ObjectsSharingANameAreFoundInTheOrderTheyWereGivenIt) {
    World world(registry);
    const Handle a = world.create({.name = "bullet"}).value();
    const Handle b = world.create({.name = "bullet"}).value();
    const Handle c = world.create({.name = "bullet"}).value();
    EXPECT_EQ(world.find_by_name("bullet"), a);
    world.set_name(a, "bullet"); // named again: now the latest
    EXPECT_EQ(world.find_by_name("bullet"), b);
    world.set_name(b, "shell");
    EXPECT_EQ(world.find_by_name("bullet"), c);
    EXPECT_EQ(world.find_by_name("shell"), b);
    world.destroy(c);
    world.flush();
    EXPECT_EQ(world.find_by_name("bullet"), a);
    EXPECT_EQ(world.name(a), "bullet");
    EXPECT_EQ(world.name(b), "shell");
    world.set_name(a, "");
    EXPECT_FALSE(world.find_by_name("bullet"));
    EXPECT_EQ(world.name(a), "");
    const Handle d = world.create({.name = "bullet"}).value(); // the name comes back
    EXPECT_EQ(world.find_by_name("bullet"), d);
}

TEST_F(NamesTest, NamesMatchAModelThroughRandomCreationRenamingAndDestruction) {
    World world(registry);
    std::mt19937 rng(11);
    const std::vector<std::string> names{"", "bullet", "enemy", "a name longer than sixteen bytes"};
    std::vector<Handle> live;
    std::vector<std::pair<Handle, std::string>> order; // the model: (object, name) by naming time
    const auto rename = [&](Handle h, const std::string& name) {
        std::erase_if(order, [h](const auto& e) { return e.first == h; });
        if (!name.empty()) order.emplace_back(h, name);
    };
    for (int step = 0; step < 4000; ++step) {
        const auto r = rng() % 10u;
        const std::string& name = names[rng() % names.size()];
        if (r < 4 || live.empty()) {
            live.push_back(world.create({.name = name}).value());
            rename(live.back(), name);
        } else if (r < 7) {
            const Handle h = pick(live, rng);
            world.set_name(h, name);
            rename(h, name);
        } else {
            const std::size_t i = static_cast<std::size_t>(rng()) % live.size();
            rename(live[i], "");
            world.destroy(live[i]);
            world.flush();
            live[i] = live.back();
            live.pop_back();
        }
        for (const std::string& n : names) {
            if (n.empty()) continue;
            const auto first = std::find_if(order.begin(), order.end(),
                                            [&n](const auto& e) { return e.second == n; });
            ASSERT_EQ(world.find_by_name(n), first == order.end() ? kNullHandle : first->first)
                << "'" << n << "' at step " << step;
        }
        for (const auto& [h, n] : order)
            ASSERT_EQ(world.name(h), n) << "step " << step;
    }
}

} // namespace
} // namespace diorama
