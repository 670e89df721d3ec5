#pragma once
// ImVec2 arithmetic and conversions to glm for the panels (ImGui 1.86 keeps its operators in
// imgui_internal.h).

#include <imgui/imgui.h>

#include <glm/vec2.hpp>

namespace diorama::editor {

inline ImVec2 operator+(ImVec2 a, ImVec2 b) {
    return ImVec2(a.x + b.x, a.y + b.y);
}
inline ImVec2 operator-(ImVec2 a, ImVec2 b) {
    return ImVec2(a.x - b.x, a.y - b.y);
}
inline ImVec2 operator*(ImVec2 a, float s) {
    return ImVec2(a.x * s, a.y * s);
}
inline glm::vec2 to_glm(ImVec2 v) {
    return {v.x, v.y};
}
inline ImVec2 to_im(glm::vec2 v) {
    return ImVec2(v.x, v.y);
}

} // namespace diorama::editor
