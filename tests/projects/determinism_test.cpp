// Determinism pinned like Box2D's test: every sample's startup scene, run for N fixed ticks (with
// its input script, where one is named), ends in the state hash committed in
// expected_hashes.json. A second run in the same process must agree too, so a difference between
// machines or builds is told apart from one between runs.

#include "diorama/game.h"
#include "diorama/input_script.h"
#include "diorama/json_io.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace diorama {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = DIORAMA_SOURCE_DIR;

// One committed run: a project's startup scene, N ticks, an optional input script, its hash.
struct ExpectedRun {
    std::string project;
    int ticks = 0;
    std::string input; // relative to the project; empty: none
    std::string hash;
};

std::vector<ExpectedRun> expected_runs() {
    const fs::path file = kSource / "tests" / "projects" / "expected_hashes.json";
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    auto json = parse_json(text.str(), file.string());
    EXPECT_TRUE(json) << json.error().describe();
    std::vector<ExpectedRun> runs;
    if (!json) return runs;
    for (const Json& run : (*json)["runs"])
        runs.push_back(ExpectedRun{run.at("project").get<std::string>(), run.at("ticks").get<int>(),
                                   run.value("input", std::string()),
                                   run.at("hash").get<std::string>()});
    return runs;
}

// The state hash after the run, or nothing (with a test failure) when it cannot be made.
std::optional<std::string> run_hash(const ExpectedRun& run) {
    const fs::path folder = kSource / "projects" / run.project;
    Diagnostics diagnostics;
    auto game = Game::open(folder, diagnostics, {.module_dirs = {DIORAMA_MODULE_DIR}});
    if (!game) {
        ADD_FAILURE() << diagnostics.format();
        return std::nullopt;
    }
    auto scene = (*game)->load_scene("", diagnostics);
    if (!scene) {
        ADD_FAILURE() << diagnostics.format();
        return std::nullopt;
    }
    Simulation simulation(*scene->world,
                          SimulationDef{.tick_rate_hz = (*game)->project().tick_rate_hz});
    if (!run.input.empty()) {
        auto input = load_input_script(folder / run.input, diagnostics);
        if (!input) {
            ADD_FAILURE() << diagnostics.format();
            return std::nullopt;
        }
        simulation.play_input(std::move(*input));
    }
    for (int i = 0; i < run.ticks; ++i)
        simulation.tick();
    return format_hash(state_hash(*scene->world));
}

TEST(Determinism, EverySampleHasACommittedRun) {
    const std::vector<ExpectedRun> runs = expected_runs();
    for (const auto& entry : fs::directory_iterator(kSource / "projects")) {
        if (!fs::exists(entry.path() / "project.json")) continue;
        const std::string name = entry.path().filename().string();
        EXPECT_TRUE(std::any_of(runs.begin(), runs.end(),
                                [&](const ExpectedRun& run) { return run.project == name; }))
            << "projects/" << name << " has no run in tests/projects/expected_hashes.json";
    }
}

TEST(Determinism, EverySampleEndsInItsCommittedHash) {
    const std::vector<ExpectedRun> runs = expected_runs();
    ASSERT_FALSE(runs.empty());
    for (const ExpectedRun& run : runs) {
        const auto first = run_hash(run);
        const auto second = run_hash(run);
        ASSERT_TRUE(first && second) << run.project;
        EXPECT_EQ(*first, *second) << run.project << ": two runs in one process differ";
        EXPECT_EQ(*first, run.hash) << run.project << " after " << run.ticks << " ticks"
                                    << (run.input.empty() ? "" : " with " + run.input);
    }
}

} // namespace
} // namespace diorama
