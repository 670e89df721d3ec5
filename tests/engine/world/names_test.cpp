// World names (world/names.h): find_by_name through renames, shared names and destruction.

#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "world_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
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

// Hundreds of names coming and going: the name table grows, and names forgotten make room for
// others without losing those stored after them; a clone answers as the original does.
TEST_F(NamesTest, ManyNamesStayFoundAsOthersAreForgottenAndInAClone) {
    World world(registry);
    std::mt19937 rng(23);
    const auto name_of = [](unsigned n) {
        return n % 7 == 0 ? "a long name, past the string's own buffer #" + std::to_string(n)
                          : "n" + std::to_string(n);
    };
    std::map<std::string, std::vector<Handle>> model; // name -> its objects, in naming order
    std::vector<Handle> live;
    const auto check = [&](const World& w, int step) {
        for (unsigned n = 0; n < 600; ++n) {
            const auto it = model.find(name_of(n));
            const Handle expected =
                it == model.end() || it->second.empty() ? kNullHandle : it->second.front();
            ASSERT_EQ(w.find_by_name(name_of(n)), expected) << name_of(n) << " at step " << step;
        }
    };
    for (int step = 0; step < 6000; ++step) {
        if (live.empty() || rng() % 2 == 0) {
            const std::string name = name_of(static_cast<unsigned>(rng() % 600));
            live.push_back(world.create({.name = name}).value());
            model[name].push_back(live.back());
        } else {
            const std::size_t i = static_cast<std::size_t>(rng()) % live.size();
            std::erase(model[world.name(live[i])], live[i]);
            world.destroy(live[i]);
            world.flush();
            live[i] = live.back();
            live.pop_back();
        }
        if (step % 500 == 0) check(world, step);
    }
    check(world, 6000);
    const std::unique_ptr<World> copy = world.clone();
    check(*copy, 6000);
    for (const Handle h : live)
        ASSERT_EQ(copy->name(h), world.name(h));
}

} // namespace
} // namespace diorama
