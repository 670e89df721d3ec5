// detail::SlotArray (engine/include/diorama/world/detail/slot_array.h): the world's per-slot
// tables.

#include "diorama/world/detail/slot_array.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <new>

namespace diorama::detail {
namespace {

struct Pair {
    std::uint64_t a = 0;
    std::uint32_t b = 0;
};

TEST(SlotArray, KeepsEveryValueInOrderAcrossGrowth) {
    SlotArray<Pair> array;
    EXPECT_TRUE(array.empty());
    EXPECT_EQ(array.capacity(), 0u);
    // Past kLargeBlockBytes, so the later tables lie in blocks mapped on their own.
    const std::uint32_t n = 300'000;
    for (std::uint32_t i = 0; i < n; ++i) {
        array.push_back(Pair{std::uint64_t{i} * 3, i});
        ASSERT_GE(array.capacity(), array.size());
    }
    ASSERT_EQ(array.size(), n);
    for (std::uint32_t i = 0; i < n; ++i) {
        ASSERT_EQ(array[i].a, std::uint64_t{i} * 3) << i;
        ASSERT_EQ(array[i].b, i) << i;
    }
}

TEST(SlotArray, ReserveMakesRoomWithoutChangingTheValues) {
    SlotArray<std::uint32_t> array;
    for (std::uint32_t i = 0; i < 5; ++i)
        array.push_back(i + 10);
    array.reserve(1000);
    EXPECT_EQ(array.capacity(), 1000u);
    EXPECT_EQ(array.size(), 5u);
    for (std::uint32_t i = 0; i < 5; ++i)
        EXPECT_EQ(array[i], i + 10);
    array.reserve(10); // never shrinks
    EXPECT_EQ(array.capacity(), 1000u);
    const std::uint32_t* const before = &array[0];
    for (std::uint32_t i = 5; i < 1000; ++i)
        array.push_back(i + 10);
    EXPECT_EQ(&array[0], before) << "appending within the room does not move the values";
}

// An append that grows the array may take its value from the array itself.
TEST(SlotArray, AppendsItsOwnValueWhenItMustGrow) {
    SlotArray<std::uint64_t> array;
    array.push_back(5);
    while (array.size() != array.capacity())
        array.push_back(array[0] + array.size());
    array.push_back(array[0]);
    EXPECT_EQ(array[array.size() - 1], 5u);
}

TEST(SlotArray, PopBackRemovesTheLastValueAndKeepsTheRoom) {
    SlotArray<std::uint32_t> array;
    array.push_back(1);
    array.push_back(2);
    const std::size_t room = array.capacity();
    array.pop_back();
    EXPECT_EQ(array.size(), 1u);
    EXPECT_EQ(array[0], 1u);
    EXPECT_EQ(array.capacity(), room);
    array.push_back(7);
    EXPECT_EQ(array[1], 7u);
}

TEST(SlotArray, AReserveTooLargeForMemoryThrowsAndChangesNothing) {
    SlotArray<std::uint64_t> array;
    array.push_back(42);
    const std::size_t room = array.capacity();
    EXPECT_THROW(array.reserve(std::size_t{1} << 61), std::bad_alloc);
    EXPECT_THROW(array.reserve(static_cast<std::size_t>(-1)), std::bad_alloc);
    EXPECT_EQ(array.size(), 1u);
    EXPECT_EQ(array.capacity(), room);
    EXPECT_EQ(array[0], 42u);
}

} // namespace
} // namespace diorama::detail
