// The books of the shared regions medium blocks lie in (block_regions.h): where a block is
// placed, which units a freed block gives back, and when a region is given back. No memory is
// touched: the regions are made-up addresses on 2 MiB boundaries.

#include "block_regions.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace diorama::detail {
namespace {

constexpr std::uintptr_t kFirstRegion = std::uintptr_t{0x40} << 21;
constexpr std::uintptr_t kSecondRegion = std::uintptr_t{0x47} << 21;

void* at(std::uintptr_t address) {
    return reinterpret_cast<void*>(address);
}

std::uintptr_t address(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p);
}

TEST(BlockRegions, NothingIsPlacedWithoutARegion) {
    BlockRegions books;
    EXPECT_EQ(books.place(kRegionBlockMin), nullptr);
    EXPECT_EQ(books.region_count(), 0u);
}

TEST(BlockRegions, BlocksArePlacedSideBySideInWholeUnits) {
    BlockRegions books;
    ASSERT_TRUE(books.add(at(kFirstRegion)));
    void* a = books.place(kRegionBlockMin);       // 4 units
    void* b = books.place(kRegionBlockMin + 1);   // 5 units: rounded up
    void* c = books.place(3 * kRegionUnit - 100); // 3 units
    EXPECT_EQ(address(a), kFirstRegion);
    EXPECT_EQ(address(b), kFirstRegion + 4 * kRegionUnit);
    EXPECT_EQ(address(c), kFirstRegion + 9 * kRegionUnit);
    EXPECT_EQ(books.region_count(), 1u);
}

TEST(BlockRegions, ABlockAsLongAsTheRegionFillsIt) {
    BlockRegions books;
    ASSERT_TRUE(books.add(at(kFirstRegion)));
    EXPECT_EQ(address(books.place(kRegionBytes)), kFirstRegion);
    EXPECT_EQ(books.place(1), nullptr) << "the region is full";
    EXPECT_EQ(books.place(kRegionBytes + 1), nullptr) << "longer than any region";
}

TEST(BlockRegions, AFreedBlocksUnitsGoToTheNextBlockThatFits) {
    BlockRegions books;
    ASSERT_TRUE(books.add(at(kFirstRegion)));
    void* a = books.place(8 * kRegionUnit);
    void* b = books.place(8 * kRegionUnit);
    void* c = books.place(8 * kRegionUnit);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(books.free(b, 8 * kRegionUnit), nullptr) << "the region still holds a and c";
    EXPECT_EQ(address(books.place(9 * kRegionUnit)), kFirstRegion + 24 * kRegionUnit)
        << "b's hole is too short for 9 units";
    EXPECT_EQ(books.place(6 * kRegionUnit), b) << "the hole takes a block that fits";
    EXPECT_EQ(address(books.place(2 * kRegionUnit)), address(b) + 6 * kRegionUnit)
        << "and then the rest of it";
    (void)a;
}

TEST(BlockRegions, ABlockGoesToTheFullestRegionWithRoom) {
    BlockRegions books;
    ASSERT_TRUE(books.add(at(kFirstRegion)));
    ASSERT_EQ(address(books.place(40 * kRegionUnit)), kFirstRegion);
    ASSERT_TRUE(books.add(at(kSecondRegion)));
    EXPECT_EQ(address(books.place(10 * kRegionUnit)), kFirstRegion + 40 * kRegionUnit)
        << "the fuller region has room";
    EXPECT_EQ(address(books.place(20 * kRegionUnit)), kSecondRegion) << "it has 14 units left";
    EXPECT_EQ(address(books.place(14 * kRegionUnit)), kFirstRegion + 50 * kRegionUnit);
}

TEST(BlockRegions, ARegionIsGivenBackWhenItsLastBlockIsFreed) {
    BlockRegions books;
    ASSERT_TRUE(books.add(at(kFirstRegion)));
    ASSERT_TRUE(books.add(at(kSecondRegion)));
    void* first = books.place(40 * kRegionUnit);
    void* second = books.place(40 * kRegionUnit); // the first region has 24 units left
    void* third = books.place(20 * kRegionUnit);  // the fuller of the two with room
    ASSERT_EQ(address(first), kFirstRegion);
    ASSERT_EQ(address(second), kSecondRegion);
    ASSERT_EQ(address(third), kFirstRegion + 40 * kRegionUnit);
    EXPECT_EQ(books.free(first, 40 * kRegionUnit), nullptr) << "the third is still there";
    EXPECT_EQ(books.free(second, 40 * kRegionUnit), at(kSecondRegion));
    EXPECT_EQ(books.region_count(), 1u) << "an emptied region is forgotten";
    EXPECT_EQ(books.free(third, 20 * kRegionUnit), at(kFirstRegion));
    EXPECT_EQ(books.region_count(), 0u);
    EXPECT_EQ(books.place(kRegionUnit), nullptr);
}

TEST(BlockRegions, AFragmentedRegionPlacesALongBlockPastItsTakenUnits) {
    BlockRegions books;
    ASSERT_TRUE(books.add(at(kFirstRegion)));
    std::vector<void*> units;
    for (int i = 0; i < 64; ++i)
        units.push_back(books.place(kRegionUnit));
    for (int i = 0; i < 64; i += 2) // every other unit free: no run of two
        books.free(units[i], kRegionUnit);
    EXPECT_EQ(books.place(2 * kRegionUnit), nullptr);
    for (int i = 41; i < 64; i += 2) // units 40 to 63 free
        books.free(units[i], kRegionUnit);
    EXPECT_EQ(address(books.place(24 * kRegionUnit)), kFirstRegion + 40 * kRegionUnit);
}

} // namespace
} // namespace diorama::detail
