// The player and a game's scripts, end to end: a script error while the game runs stops the run
// with status 4 naming the script's file:line (unless --keep-running); a script that cannot load
// stops it before the first tick (status 3); `check` compiles every script and lists each syntax
// error with its file:line.

#include "child_process.h"
#include "temp_dir.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using diorama::test::ChildResult;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
constexpr auto kBounded = std::chrono::seconds(20);

ChildResult player(const std::vector<std::string>& args) {
    return run_child(kPlayer, args, {}, kBounded);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string describe(const ChildResult& r) {
    return "exit " + std::to_string(r.exit_code) + (r.timed_out ? ", timed out (killed)" : "") +
           "\n--- stdout\n" + r.out + "--- stderr\n" + r.err;
}

// A game whose scene has one object with a Ticker, counted by scripts/ticker.lua, which fails
// at the tick given (0: never).
class PlayerScripts : public ::testing::Test {
protected:
    PlayerScripts() {
        dir.write("game/project.json", R"({"format": "diorama.project", "version": 1,
            "name": "Scripted", "startup_scene": "scenes/main.scene.json"})");
        dir.write("game/scenes/main.scene.json", R"({"format": "diorama.scene", "version": 1,
            "name": "main", "layers": ["world"], "objects": [{"guid": "00000000000000a1",
            "name": "Clock", "layer": "world", "components": {"Ticker": {}}}]})");
    }

    void ticker_failing_at(int tick) {
        dir.write("game/scripts/ticker.lua",
                  "component \"Ticker\" { { \"ticks\", \"int\" } }\n"
                  "system \"tick\" { query = { \"Ticker\" }, each = function(obj, t, dt)\n"
                  "    t.ticks = t.ticks + 1\n"
                  "    if t.ticks == " +
                      std::to_string(tick) +
                      " then error(\"the clock broke\") end\n"
                      "end }\n");
    }
    [[nodiscard]] std::string game() const { return (dir.path() / "game").string(); }

    TempDir dir;
};

TEST_F(PlayerScripts, AScriptErrorStopsTheRunWithStatus4NamingFileAndLine) {
    ticker_failing_at(3);
    const ChildResult r = player({"run", game(), "--ticks", "100"});
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    EXPECT_TRUE(contains(r.err, "scripts/ticker.lua:4: the clock broke (in system tick, object "
                                "00000000000000a1 \"Clock\")"))
        << describe(r);
    EXPECT_TRUE(contains(r.err, "stack traceback")) << describe(r);
    EXPECT_TRUE(contains(r.err, "a script error stopped the run after tick 3")) << describe(r);
    EXPECT_TRUE(contains(r.out, "ticks: 3")) << "the results are still printed: " << describe(r);
}

TEST_F(PlayerScripts, KeepRunningLogsTheErrorOnceAndRunsToTheEnd) {
    ticker_failing_at(3);
    // The ticker fails only at its third tick, so one error; a loop failing every tick is
    // logged once as well.
    dir.write("game/scripts/always.lua",
              "system \"always\" { run = function(dt) local x = nil; return x.y end }\n");
    const ChildResult r = player({"run", game(), "--ticks", "50", "--keep-running"});
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "ticks: 50")) << describe(r);
    std::size_t logged = 0;
    for (std::size_t at = r.err.find("error: scripts/always.lua:1:"); at != std::string::npos;
         at = r.err.find("error: scripts/always.lua:1:", at + 1))
        ++logged;
    EXPECT_EQ(logged, 1u) << describe(r);
    EXPECT_TRUE(contains(r.err, "scripts/ticker.lua:4: the clock broke")) << describe(r);
}

TEST_F(PlayerScripts, AScriptThatCannotLoadStopsTheRunBeforeTheFirstTick) {
    dir.write("game/scripts/ticker.lua", "component \"Ticker\" { { \"ticks\", \"int\" } }\n");
    dir.write("game/scripts/broken.lua", "local x = \n\nfunction(\n");
    const ChildResult r = player({"run", game(), "--ticks", "10"});
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, "scripts/broken.lua:4: <name> or '...' expected near <eof>"))
        << describe(r);
}

TEST_F(PlayerScripts, CheckCompilesEveryScriptAndListsEachSyntaxError) {
    dir.write("game/scripts/ticker.lua", "component \"Ticker\" { { \"ticks\", \"int\" } }\n");
    dir.write("game/scripts/broken.lua", "\nlocal = 1\n");
    dir.write("game/scripts/lib/helper.lua", "return {\n  a = 1\n  b = 2\n}\n");
    dir.write("game/scripts/bad_field.lua", "component \"Other\" {\n { \"n\", \"number\" } }\n");
    const ChildResult r = player({"check", game()});
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_TRUE(contains(r.out, "scripts/broken.lua:2: ")) << describe(r);
    EXPECT_TRUE(contains(r.out, "scripts/lib/helper.lua:3: ")) << describe(r);
    EXPECT_TRUE(contains(r.out, "scripts/bad_field.lua:1: component 'Other': field 'n': kind "
                                "'number' is not one of"))
        << describe(r);
}

TEST_F(PlayerScripts, AGoodProjectWithScriptsChecksCleanAndRunsToTheSameHashTwice) {
    ticker_failing_at(0);
    const ChildResult c = player({"check", game()});
    EXPECT_EQ(c.exit_code, 0) << describe(c);
    const ChildResult a = player({"run", game(), "--ticks", "120", "--hash"});
    const ChildResult b = player({"run", game(), "--ticks", "120", "--hash"});
    EXPECT_EQ(a.exit_code, 0) << describe(a);
    const auto hash = [](const std::string& out) { return out.substr(out.find("hash: ")); };
    ASSERT_TRUE(contains(a.out, "hash: ")) << describe(a);
    EXPECT_EQ(hash(a.out), hash(b.out));
}

} // namespace
