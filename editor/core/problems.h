#pragma once
// The Problems list: what loading the open project and scene found, and what the last check of
// the project's files found, as the lines the Problems panel shows, and where in a scene file a
// problem's JSON path points (the object entry and its field), so clicking one can select them.

#include "diorama/diagnostics.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::editor {

// One problem, split for display.
struct ProblemLine {
    Severity severity = Severity::Error;
    std::string file;      // "scenes/level1.scene.json"; empty when the problem names none
    std::string json_path; // "objects[165].prefab"; empty when it names none
    std::string message;   // what is wrong (with "did you mean ...?" when there is a near name)
    std::string text;      // as diorama-player check prints it: "error: FILE: PATH: message"
};

// Where a problem's JSON path points inside a scene file.
struct ScenePlace {
    std::size_t object = 0; // the index in "objects"
    std::string field;      // the component or field below "components" ("Shape.size"); may be
                            // empty (the entry itself, its prefab, parent...)
};

// The lines of every problem in diagnostics, in order.
[[nodiscard]] std::vector<ProblemLine> problem_lines(const Diagnostics& diagnostics);
// "objects[12].components.Shape.size" -> {12, "Shape.size"}; "objects[3].prefab" -> {3, ""};
// nullopt for a path outside "objects".
[[nodiscard]] std::optional<ScenePlace> scene_place(std::string_view json_path);

} // namespace diorama::editor
