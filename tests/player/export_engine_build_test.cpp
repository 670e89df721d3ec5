// The engine build an export ships: engine_build_of_library reads it from a library file's bytes,
// and an export refuses a player whose engine library is another build than the one that
// validated the game (and loaded its module), writing nothing.

#include "open_game.h"
#include "temp_dir.h"

#include "diorama/export.h"
#include "diorama/game.h"
#include "diorama/version.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using diorama::ErrorCode;
using diorama::test::open_game;
using diorama::test::TempDir;

const fs::path kPlayer = DIORAMA_PLAYER_PATH;
const fs::path kEngine = DIORAMA_ENGINE_PATH;
const fs::path kBounce = fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";

// Bytes standing for a library: some binary noise around the tag of each build given.
std::string library_bytes(std::initializer_list<std::string_view> builds) {
    std::string bytes("\x7f"
                      "ELF\x02\x01\x01",
                      7);
    bytes.append(300, '\0');
    for (std::string_view build : builds) {
        bytes += "diorama-engine-build:";
        bytes += build;
        bytes.append(1, '\0');
        bytes.append(100, '\x90');
    }
    return bytes;
}

// A player as the exporter finds one: FOLDER/bin/diorama-player and its engine library under its
// soname in FOLDER/lib, holding `library`.
fs::path fake_player(const TempDir& dir, const std::string& library) {
    dir.write("player/bin/diorama-player", "#!/bin/sh\n");
    dir.write(fs::path("player/lib") / DIORAMA_ENGINE_SONAME, library);
    return dir.path() / "player" / "bin" / "diorama-player";
}

TEST(EngineBuildOfLibrary, IsTheBuildOfTheEngineLibraryThisProcessLoaded) {
    auto build = diorama::engine_build_of_library(kEngine);
    ASSERT_TRUE(build) << build.error().describe();
    EXPECT_EQ(*build, diorama::engine_build());
}

TEST(EngineBuildOfLibrary, ReadsTheBuildAfterTheTag) {
    TempDir dir;
    dir.write("lib.so", library_bytes({"0.0.1+h0123456789abcdef"}));
    auto build = diorama::engine_build_of_library(dir.path() / "lib.so");
    ASSERT_TRUE(build) << build.error().describe();
    EXPECT_EQ(*build, "0.0.1+h0123456789abcdef");
}

TEST(EngineBuildOfLibrary, RefusesAFileNamingNoBuildNamingTheFile) {
    TempDir dir;
    dir.write("none.so", library_bytes({}));
    dir.write("cut.so", "\x7f"
                        "ELF diorama-engine-build:0.0.1+h01"); // no end to the build
    dir.write("empty.so", library_bytes({""}));
    dir.write("long.so", library_bytes({std::string(65, '7')}));
    for (const char* name : {"none.so", "cut.so", "empty.so", "long.so"}) {
        auto build = diorama::engine_build_of_library(dir.path() / name);
        ASSERT_FALSE(build) << name << ": " << *build;
        EXPECT_EQ(build.error().code, ErrorCode::Version) << name;
        EXPECT_EQ(build.error().where, (dir.path() / name).string());
    }
    auto missing = diorama::engine_build_of_library(dir.path() / "missing.so");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().where, (dir.path() / "missing.so").string());
}

// The file is read a megabyte at a time: a tag cut by a chunk's end is found whole.
TEST(EngineBuildOfLibrary, FindsATagAcrossTheEdgeOfTheChunksItReads) {
    TempDir dir;
    const std::string build = "0.0.1+h0123456789abcdef";
    for (std::size_t before : {(1u << 20) - 30, (1u << 20) - 10, (1u << 20) + 5, (3u << 20) - 1}) {
        std::string bytes(before, '\x01');
        bytes += "diorama-engine-build:" + build;
        bytes.append(1, '\0');
        dir.write("lib.so", bytes);
        auto found = diorama::engine_build_of_library(dir.path() / "lib.so");
        ASSERT_TRUE(found) << before << ": " << found.error().describe();
        EXPECT_EQ(*found, build) << before;
    }
}

TEST(EngineBuildOfLibrary, TakesTheFirstBuildNamed) {
    TempDir dir;
    dir.write("lib.so", library_bytes({"", "0.0.1+h0123456789abcdef", "0.0.2+hfedcba9876543210"}));
    auto build = diorama::engine_build_of_library(dir.path() / "lib.so");
    ASSERT_TRUE(build) << build.error().describe();
    EXPECT_EQ(*build, "0.0.1+h0123456789abcdef");
}

TEST(Exporter, RefusesAPlayerWhoseEngineIsAnotherBuildAndWritesNothing) {
    TempDir dir;
    const fs::path player = fake_player(dir, library_bytes({"0.0.1+h0123456789abcdef"}));
    auto game = open_game(kBounce);
    ASSERT_TRUE(game);
    diorama::Diagnostics diagnostics;
    auto result = diorama::export_project(
        std::move(game), {.output = dir.path() / "out", .player = player}, diagnostics);
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::Version);
    EXPECT_EQ(result.error().where,
              (dir.path() / "player" / "lib" / DIORAMA_ENGINE_SONAME).string());
    EXPECT_NE(result.error().message.find("'0.0.1+h0123456789abcdef'"), std::string::npos)
        << result.error().message;
    EXPECT_NE(result.error().message.find("'" + std::string(diorama::engine_build()) + "'"),
              std::string::npos)
        << result.error().message;
    EXPECT_EQ(diagnostics.error_count(), 1u);
    EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

TEST(Exporter, RefusesAPlayerBesideALibraryNamingNoBuild) {
    TempDir dir;
    const fs::path player = fake_player(dir, library_bytes({}));
    auto game = open_game(kBounce);
    ASSERT_TRUE(game);
    diorama::Exporter exporter(std::move(game), {.output = dir.path() / "out", .player = player});
    while (exporter.step()) {
    }
    ASSERT_FALSE(exporter.result());
    EXPECT_EQ(exporter.progress().stage, diorama::ExportStage::Check);
    EXPECT_EQ(exporter.result().error().code, ErrorCode::Version);
    EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

} // namespace
