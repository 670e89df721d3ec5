// diorama-player's command line parsing, without running anything.

#include "cli.h"

#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/version.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace diorama;
using namespace diorama::player;

Result<CommandLine> parse(std::vector<std::string_view> args) {
    return parse_command_line(args);
}

TEST(ParseCommandLine, RunWithOnlyAProjectUsesTheDefaults) {
    auto line = parse({"run", "projects/bounce"});
    ASSERT_TRUE(line) << line.error().message;
    EXPECT_EQ(line->command, Command::Run);
    EXPECT_EQ(line->run.project, "projects/bounce");
    EXPECT_EQ(line->run.scene, "");
    EXPECT_FALSE(line->run.ticks.has_value());
    EXPECT_FALSE(line->run.realtime);
    EXPECT_FALSE(line->run.hash);
    EXPECT_TRUE(line->run.dump_state.empty());
    EXPECT_TRUE(line->run.input.empty());
}

TEST(ParseCommandLine, RunTakesEveryOption) {
    auto line = parse({"run", "p", "--scene", "level2", "--ticks", "3600", "--realtime", "--hash",
                       "--dump-state", "out.scene.json", "--input", "input/walk.input.json"});
    ASSERT_TRUE(line) << line.error().message;
    EXPECT_EQ(line->run.project, "p");
    EXPECT_EQ(line->run.scene, "level2");
    ASSERT_TRUE(line->run.ticks.has_value());
    EXPECT_EQ(*line->run.ticks, 3600u);
    EXPECT_TRUE(line->run.realtime);
    EXPECT_TRUE(line->run.hash);
    EXPECT_EQ(line->run.dump_state, "out.scene.json");
    EXPECT_EQ(line->run.input, "input/walk.input.json");
}

TEST(ParseCommandLine, OptionsMayPrecedeTheProjectAndTakeInlineValues) {
    auto line = parse({"run", "--ticks=0", "--scene=scenes/a.scene.json", "p"});
    ASSERT_TRUE(line) << line.error().message;
    EXPECT_EQ(line->run.project, "p");
    EXPECT_EQ(line->run.ticks, 0u);
    EXPECT_EQ(line->run.scene, "scenes/a.scene.json");
}

TEST(ParseCommandLine, TicksAcceptTheLargestCount) {
    auto line = parse({"run", "p", "--ticks", "18446744073709551615"});
    ASSERT_TRUE(line) << line.error().message;
    EXPECT_EQ(line->run.ticks, 18446744073709551615u);
}

TEST(ParseCommandLine, CheckTakesSeveralPaths) {
    auto line =
        parse({"check", "projects/bounce", "a.scene.json", "--allow-warnings", "b.prefab.json"});
    ASSERT_TRUE(line) << line.error().message;
    EXPECT_EQ(line->command, Command::Check);
    EXPECT_TRUE(line->check.allow_warnings);
    ASSERT_EQ(line->check.paths.size(), 3u);
    EXPECT_EQ(line->check.paths[1], "a.scene.json");
}

TEST(ParseCommandLine, DoubleDashMakesTheRestPaths) {
    auto line = parse({"check", "--", "--help", "-x.scene.json"});
    ASSERT_TRUE(line) << line.error().message;
    EXPECT_EQ(line->command, Command::Check);
    ASSERT_EQ(line->check.paths.size(), 2u);
    EXPECT_EQ(line->check.paths[0], "--help");
}

TEST(ParseCommandLine, HelpAndVersionWinWhereverTheyAre) {
    EXPECT_EQ(parse({"--help"})->command, Command::Help);
    EXPECT_EQ(parse({"-h"})->command, Command::Help);
    EXPECT_EQ(parse({"run", "--bogus", "--help"})->command, Command::Help);
    EXPECT_EQ(parse({"--version"})->command, Command::Version);
    EXPECT_EQ(parse({"check", "--version"})->command, Command::Version);
}

TEST(ParseCommandLine, BadCommandLinesAreUsageErrorsSayingWhatIsWrong) {
    struct Case {
        std::vector<std::string_view> args;
        std::string_view message_part;
    };
    const std::vector<Case> cases = {
        {{}, "no command"},
        {{"jump"}, "unknown command 'jump'"},
        {{"--ticks", "3"}, "unknown option '--ticks'"},
        {{"run"}, "missing PROJECT"},
        {{"run", "a", "b"}, "'b' is extra"},
        {{"run", "p", "--ticks"}, "--ticks needs a value"},
        {{"run", "p", "--ticks", "-1"}, "got '-1'"},
        {{"run", "p", "--ticks", "1.5"}, "got '1.5'"},
        {{"run", "p", "--ticks", "abc"}, "got 'abc'"},
        {{"run", "p", "--ticks", "18446744073709551616"}, "got '18446744073709551616'"},
        {{"run", "p", "--ticks", "3", "--ticks", "4"}, "--ticks given twice"},
        {{"run", "p", "--hash=yes"}, "--hash takes no value"},
        {{"run", "p", "--scene="}, "--scene needs a non-empty value"},
        {{"run", "p", "--dump-state"}, "--dump-state needs a value"},
        {{"run", "p", "--frobnicate"}, "unknown option '--frobnicate'"},
        {{"run", "p", "--allow-warnings"}, "unknown option '--allow-warnings'"},
        {{"check"}, "missing PROJECT or FILE"},
        {{"check", "p", "--ticks", "3"}, "unknown option '--ticks'"},
    };
    for (const Case& c : cases) {
        std::string joined;
        for (std::string_view a : c.args)
            joined += std::string(a) + " ";
        SCOPED_TRACE(joined);
        auto line = parse(c.args);
        ASSERT_FALSE(line);
        EXPECT_NE(line.error().message.find(c.message_part), std::string::npos)
            << line.error().message;
    }
}

TEST(ParseCommandLine, LogOptionsWorkForEveryCommandAnywhereBeforeDoubleDash) {
    auto run = parse({"--log-format", "json", "run", "p", "--log-level=debug", "--ticks", "1"});
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(run->command, Command::Run);
    EXPECT_EQ(run->log.format, LogFormat::Json);
    EXPECT_EQ(run->log.level, LogLevel::Debug);
    EXPECT_EQ(run->run.project, "p");

    auto check = parse({"check", "p", "--log-level", "error", "--", "--log-format"});
    ASSERT_TRUE(check) << check.error().message;
    EXPECT_EQ(check->log.format, LogFormat::Text);
    EXPECT_EQ(check->log.level, LogLevel::Error);
    ASSERT_EQ(check->check.paths.size(), 2u);
    EXPECT_EQ(check->check.paths[1], "--log-format") << "after --, a path";

    auto defaults = parse({"run", "p"});
    ASSERT_TRUE(defaults);
    EXPECT_EQ(defaults->log.format, LogFormat::Text);
    EXPECT_EQ(defaults->log.level, LogLevel::Info);
}

TEST(ParseCommandLine, MaxCatchupSetsTheRealtimeBound) {
    auto line = parse({"run", "p", "--realtime", "--max-catchup", "3"});
    ASSERT_TRUE(line) << line.error().message;
    EXPECT_EQ(line->run.max_catchup, 3);
    auto defaults = parse({"run", "p", "--realtime"});
    ASSERT_TRUE(defaults);
    EXPECT_EQ(defaults->run.max_catchup, SimulationDef{}.max_ticks_per_advance);
}

TEST(ParseCommandLine, BadLogAndCatchupOptionsAreUsageErrors) {
    struct Case {
        std::vector<std::string_view> args;
        std::string_view message_part;
    };
    const std::vector<Case> cases = {
        {{"run", "p", "--log-format", "xml"}, "--log-format expects text or json, got 'xml'"},
        {{"run", "p", "--log-level=loud"}, "--log-level expects debug, info, warning or error"},
        {{"run", "p", "--log-level"}, "--log-level needs a value"},
        {{"--log-format", "json", "run", "p", "--log-format=text"}, "--log-format given twice"},
        {{"run", "p", "--realtime", "--max-catchup", "0"},
         "--max-catchup expects a whole number >= 1"},
        {{"run", "p", "--realtime", "--max-catchup", "-2"}, "got '-2'"},
        {{"run", "p", "--realtime", "--max-catchup", "99999999999"}, "got '99999999999'"},
        {{"run", "p", "--max-catchup", "4"}, "--max-catchup needs --realtime"},
        {{"check", "p", "--max-catchup", "4"}, "unknown option '--max-catchup'"},
    };
    for (const Case& c : cases) {
        std::string joined;
        for (std::string_view a : c.args)
            joined += std::string(a) + " ";
        SCOPED_TRACE(joined);
        auto line = parse(c.args);
        ASSERT_FALSE(line);
        EXPECT_NE(line.error().message.find(c.message_part), std::string::npos)
            << line.error().message;
    }
}

TEST(HelpText, ListsEveryExitCode) {
    const std::string help = help_text();
    for (ExitCode code : {ExitCode::Ok, ExitCode::CheckFailed, ExitCode::Usage, ExitCode::LoadError,
                          ExitCode::RuntimeError, ExitCode::ExportFailed, ExitCode::OutputFailed}) {
        const std::string line = "\n  " + std::to_string(static_cast<int>(code)) + "    ";
        EXPECT_NE(help.find(line), std::string::npos) << "exit code " << static_cast<int>(code);
    }
    EXPECT_NE(help.find("129"), std::string::npos);
    EXPECT_NE(help.find("130"), std::string::npos);
    EXPECT_NE(help.find("143"), std::string::npos);
}

TEST(VersionText, NamesTheEngineAndEveryFileFormatVersion) {
    const std::string version = version_text();
    EXPECT_NE(version.find(DIORAMA_VERSION), std::string::npos);
    EXPECT_NE(version.find("engine build " + std::string(engine_build())), std::string::npos);
    EXPECT_NE(version.find("project " + std::to_string(kProjectVersion)), std::string::npos);
    EXPECT_NE(version.find("scene " + std::to_string(kSceneVersion)), std::string::npos);
    EXPECT_NE(version.find("prefab " + std::to_string(kPrefabVersion)), std::string::npos);
}

} // namespace
