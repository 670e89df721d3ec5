// "Did you mean ...?" (suggest.h): the edit distance, and which known name answers a typo.

#include "diorama/suggest.h"

#include <gtest/gtest.h>

namespace diorama {
namespace {

TEST(Suggest, EditDistanceCountsInsertsDeletesChangesAndSwapsIgnoringCase) {
    EXPECT_EQ(edit_distance("Velocity", "Velocity"), 0u);
    EXPECT_EQ(edit_distance("velocity", "Velocity"), 0u);
    EXPECT_EQ(edit_distance("Veloctiy", "Velocity"), 1u) << "a swap of neighbours is one edit";
    EXPECT_EQ(edit_distance("Velocty", "Velocity"), 1u);
    EXPECT_EQ(edit_distance("Velocityy", "Velocity"), 1u);
    EXPECT_EQ(edit_distance("Valocity", "Velocity"), 1u);
    EXPECT_EQ(edit_distance("", "abc"), 3u);
    EXPECT_EQ(edit_distance("abc", ""), 3u);
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(Suggest, ATypoGetsTheNearestKnownNameAndAnythingElseNone) {
    const std::vector<std::string> types = {"Transform2D", "Velocity", "Shape", "Sprite",
                                            "Collider"};
    EXPECT_EQ(nearest_name("Veloctiy", types), "Velocity");
    EXPECT_EQ(nearest_name("shape", types), "Shape");
    EXPECT_EQ(nearest_name("Sprit", types), "Sprite");
    EXPECT_EQ(nearest_name("Transform", types), "Transform2D");
    EXPECT_EQ(nearest_name("Velocity", types), "") << "a known name needs no suggestion";
    EXPECT_EQ(nearest_name("Gravity", types), "") << "too far from every name";
    EXPECT_EQ(nearest_name("X", types), "");
    EXPECT_EQ(nearest_name("Velocity", {}), "");
    EXPECT_EQ(did_you_mean("Veloctiy", types), "; did you mean \"Velocity\"?");
    EXPECT_EQ(did_you_mean("Gravity", types), "");
}

TEST(Suggest, OfEquallyNearNamesTheFirstIsSuggested) {
    EXPECT_EQ(nearest_name("cat", {"bat", "hat"}), "bat");
    EXPECT_EQ(nearest_name("cat", {"hat", "bat"}), "hat");
}

} // namespace
} // namespace diorama
