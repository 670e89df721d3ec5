#include "diorama/guid_index.h"

#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

namespace diorama {
namespace {

TEST(GuidIndex, StartsEmpty) {
    GuidIndex index;
    EXPECT_EQ(index.size(), 0u);
    EXPECT_EQ(index.find(Guid{42}), nullptr);
    index.erase(Guid{42});
}

TEST(GuidIndex, InsertFindReplaceErase) {
    GuidIndex index;
    index.insert(Guid{7}, 1);
    ASSERT_NE(index.find(Guid{7}), nullptr);
    EXPECT_EQ(*index.find(Guid{7}), 1u);
    index.insert(Guid{7}, 9);
    EXPECT_EQ(*index.find(Guid{7}), 9u);
    EXPECT_EQ(index.size(), 1u);
    index.erase(Guid{7});
    EXPECT_FALSE(index.contains(Guid{7}));
    EXPECT_EQ(index.size(), 0u);
}

TEST(GuidIndex, MatchesAStandardMapUnderRandomInsertsAndErases) {
    GuidIndex index;
    std::unordered_map<std::uint64_t, std::uint32_t> oracle;
    std::mt19937_64 rng(11);
    for (int step = 0; step < 200000; ++step) {
        // A small key space forces long probe runs, collisions and wrap-around deletions.
        const std::uint64_t key = 1 + rng() % 5000;
        if (rng() % 3 == 0) {
            index.erase(Guid{key});
            oracle.erase(key);
        } else {
            const auto value = static_cast<std::uint32_t>(rng());
            index.insert(Guid{key}, value);
            oracle[key] = value;
        }
        if (step % 10000 == 0) {
            ASSERT_EQ(index.size(), oracle.size());
            for (std::uint64_t k = 1; k <= 5000; ++k) {
                const auto it = oracle.find(k);
                const std::uint32_t* found = index.find(Guid{k});
                ASSERT_EQ(found != nullptr, it != oracle.end()) << k;
                if (found) {
                    ASSERT_EQ(*found, it->second);
                }
            }
        }
    }
}

} // namespace
} // namespace diorama
