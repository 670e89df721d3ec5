#pragma once
// A project on disk with scripts, for the scripting tests: files written into a temporary
// folder, then opened as a game or loaded into a registry of the test's own.

#include "diorama/components.h"
#include "diorama/game.h"
#include "diorama/scripts.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "../../player/temp_dir.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace diorama::test {

inline constexpr const char* kScriptProjectJson = R"({"format": "diorama.project",
    "version": 1, "name": "Scripted", "startup_scene": "scenes/main.scene.json"})";

// An empty scene named main; objects come from the test.
inline std::string scene_with(const std::string& objects_json) {
    return R"({"format": "diorama.scene", "version": 1, "name": "main", "layers": ["world"],
        "objects": [)" +
           objects_json + "]}";
}

class ScriptProject {
public:
    ScriptProject() {
        dir.write("game/project.json", kScriptProjectJson);
        dir.write("game/scenes/main.scene.json", scene_with(""));
    }

    void write(const std::string& relative, const std::string& text) const {
        dir.write("game/" + relative, text);
    }
    [[nodiscard]] std::filesystem::path root() const { return dir.path() / "game"; }

    // The project, loaded (the test fails when it cannot be).
    [[nodiscard]] Project project() const {
        Diagnostics problems;
        auto loaded = load_project(root(), problems);
        EXPECT_TRUE(loaded) << problems.format();
        return loaded ? *loaded : Project{};
    }

    // Loads the scripts into a registry with the built-ins (and whatever the test added first).
    std::unique_ptr<Scripts> load_into(TypeRegistry& registry, Diagnostics& problems) const {
        if (registry.types().empty()) register_builtin_components(registry);
        return Scripts::load(project(), registry, problems);
    }

    TempDir dir;
};

} // namespace diorama::test
