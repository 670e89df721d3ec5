#pragma once
// The parts of a window no panel covers. The workspace's panels paint no background of their
// own (the frame is cleared to their colour, which costs a software rasterizer nothing per
// pixel); the window's colour is painted only into these gaps.

#include "diorama/geometry.h"

#include <span>
#include <vector>

namespace diorama::editor {

// The parts of `area` outside every panel, as rectangles that do not overlap, from the top band
// down and left to right within a band. Panels may overlap (their union counts); parts of them
// outside `area` are ignored, and empty ones cover nothing.
[[nodiscard]] std::vector<Rect> uncovered(const Rect& area, std::span<const Rect> panels);

} // namespace diorama::editor
