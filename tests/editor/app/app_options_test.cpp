// The editor's command line (editor/app/app_options.h).

#include "app/app_options.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace {

using namespace diorama::editor;

diorama::Result<AppOptions> parse(std::vector<std::string_view> args) {
    return parse_app_options(args);
}

TEST(AppOptions, ReadsEveryOption) {
    auto o = parse({"projects/bounce", "--scene", "level1", "--script", "s.txt", "--screenshot",
                    "out.png", "--frames", "12", "--size", "1280x720", "--timing", "t.txt"});
    ASSERT_TRUE(o) << o.error().describe();
    EXPECT_EQ(o->project, "projects/bounce");
    EXPECT_EQ(o->scene, "level1");
    EXPECT_EQ(o->script, "s.txt");
    EXPECT_EQ(o->screenshot, "out.png");
    EXPECT_EQ(o->frames, 12);
    EXPECT_EQ(o->size, glm::ivec2(1280, 720));
    EXPECT_EQ(o->timing, "t.txt");
    EXPECT_TRUE(o->headless());
}

TEST(AppOptions, NoArgumentsIsTheInteractiveStartScreen) {
    auto o = parse({});
    ASSERT_TRUE(o);
    EXPECT_TRUE(o->project.empty());
    EXPECT_FALSE(o->headless());
}

TEST(AppOptions, RefusesWhatItCannotUse) {
    EXPECT_FALSE(parse({"--frames"}));
    EXPECT_FALSE(parse({"--timing"}));
    EXPECT_FALSE(parse({"--frames", "0"}));
    EXPECT_FALSE(parse({"--frames", "ten"}));
    EXPECT_FALSE(parse({"--size", "1280"}));
    EXPECT_FALSE(parse({"--size", "10x10"}));
    EXPECT_FALSE(parse({"--fullscreen"}));
    EXPECT_FALSE(parse({"a", "b"}));
    auto bad = parse({"--size", "wide"});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().where, "--size");
}

TEST(AppOptions, AutosaveSecondsIsOptionalAndNeverNegative) {
    EXPECT_EQ(parse({})->autosave_seconds, -1) << "unset: the settings decide";
    EXPECT_EQ(parse({"--autosave-seconds", "5"})->autosave_seconds, 5);
    EXPECT_EQ(parse({"--autosave-seconds", "0"})->autosave_seconds, 0);
    auto bad = parse({"--autosave-seconds", "-1"});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().where, "--autosave-seconds");
    EXPECT_FALSE(parse({"--autosave-seconds", "soon"}));
    EXPECT_NE(app_usage().find("--autosave-seconds"), std::string::npos);
}

TEST(AppOptions, HelpIsAnOption) {
    auto o = parse({"--help"});
    ASSERT_TRUE(o);
    EXPECT_TRUE(o->help);
    EXPECT_NE(app_usage().find("--script"), std::string::npos);
}

} // namespace
