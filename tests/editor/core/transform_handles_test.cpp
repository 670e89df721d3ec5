// hit_handle: which part of a tool's handle a point hits, with sizes in screen pixels.

#include "core/transform_handles.h"

#include <gtest/gtest.h>

namespace diorama::editor {
namespace {

constexpr glm::vec2 kCenter(100.0f, 200.0f);

TEST(TransformHandles, MoveHasACentreBoxAndTwoAxes) {
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter, 1.0f), HandlePart::Free);
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter + glm::vec2(60.0f, 2.0f), 1.0f),
              HandlePart::AxisX);
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter + glm::vec2(-3.0f, 75.0f), 1.0f),
              HandlePart::AxisY);
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter + glm::vec2(60.0f, 60.0f), 1.0f),
              HandlePart::None);
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter + glm::vec2(0.0f, -40.0f), 1.0f),
              HandlePart::None);
}

TEST(TransformHandles, SizesAreScreenPixelsWhateverTheZoom) {
    // At zoom 4 the x handle is kHandleLengthPx / 4 world units long.
    const float tip = kHandleLengthPx / 4.0f;
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter + glm::vec2(tip - 1.0f, 0.0f), 4.0f),
              HandlePart::AxisX);
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter + glm::vec2(tip + 5.0f, 0.0f), 4.0f),
              HandlePart::None);
    // At zoom 0.5 the same point lies on the centre box.
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter + glm::vec2(kHandleBoxHalfPx, 0.0f), 1.0f),
              HandlePart::Free);
    EXPECT_EQ(hit_handle(Tool::Move, kCenter, kCenter + glm::vec2(10.0f, 10.0f), 0.5f),
              HandlePart::Free);
}

TEST(TransformHandles, RotateIsARing) {
    EXPECT_EQ(hit_handle(Tool::Rotate, kCenter, kCenter + glm::vec2(0.0f, kRotateRadiusPx), 1.0f),
              HandlePart::Rotate);
    EXPECT_EQ(hit_handle(Tool::Rotate, kCenter, kCenter + glm::vec2(-49.0f, -49.0f), 1.0f),
              HandlePart::Rotate);
    EXPECT_EQ(hit_handle(Tool::Rotate, kCenter, kCenter, 1.0f), HandlePart::None);
}

TEST(TransformHandles, ScaleHasAxesWithTipsAndAUniformCentre) {
    EXPECT_EQ(hit_handle(Tool::Scale, kCenter, kCenter, 1.0f), HandlePart::ScaleUniform);
    EXPECT_EQ(
        hit_handle(Tool::Scale, kCenter, kCenter + glm::vec2(kHandleLengthPx + 5.0f, 5.0f), 1.0f),
        HandlePart::ScaleX);
    EXPECT_EQ(hit_handle(Tool::Scale, kCenter, kCenter + glm::vec2(0.0f, 30.0f), 1.0f),
              HandlePart::ScaleY);
}

TEST(TransformHandles, SelectHasNoHandle) {
    EXPECT_EQ(hit_handle(Tool::Select, kCenter, kCenter, 1.0f), HandlePart::None);
}

} // namespace
} // namespace diorama::editor
