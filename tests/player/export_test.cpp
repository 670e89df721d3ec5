// Exporting projects: `diorama-player export` end to end on every sample project (the exported
// folder is copied elsewhere and run with an empty environment; its hash must match the in-tree
// player's), refusals, a broken scene, the manifest, which assets are shipped, and the Exporter's
// progress through the library.

#include "child_process.h"
#include "cli.h"
#include "open_game.h"
#include "temp_dir.h"

#include "diorama/export.h"
#include "diorama/file_io.h"
#include "diorama/game.h"
#include "diorama/json_io.h"
#include "diorama/project.h"
#include "diorama/version.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::Json;
using diorama::test::ChildResult;
using diorama::test::open_game;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
const fs::path kSource = DIORAMA_SOURCE_DIR;
const fs::path kBounce = kSource / "projects" / "bounce";

ChildResult player(const std::vector<std::string>& args) {
    return run_child(kPlayer, args, {}, std::chrono::seconds(240));
}

std::string describe(const ChildResult& r) {
    return "exit " + std::to_string(r.exit_code) + (r.timed_out ? ", timed out" : "") +
           "\n--- stdout\n" + r.out + "--- stderr\n" + r.err;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::optional<std::string> printed_hash(const std::string& out) {
    std::smatch m;
    static const std::regex hash_line(R"((^|\n)hash: ([0-9a-f]{16})\n)");
    if (!std::regex_search(out, m, hash_line)) return std::nullopt;
    return m[2].str();
}

// True when JSON text has whitespace outside its string literals (minified text has none).
bool has_whitespace_between_tokens(const std::string& text) {
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i; // the escaped character
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            return true;
        }
    }
    return false;
}

std::string read_text(const fs::path& file) {
    auto text = diorama::read_file(file, 256u << 20);
    return text ? *text : std::string();
}

Json read_json(const fs::path& file) {
    auto json = diorama::parse_json(read_text(file), file.string());
    return json ? *json : Json();
}

// Every regular file under folder, relative and '/'-separated, sorted.
std::vector<std::string> files_under(const fs::path& folder) {
    std::vector<std::string> out;
    for (const auto& entry : fs::recursive_directory_iterator(folder))
        if (entry.is_regular_file())
            out.push_back(fs::relative(entry.path(), folder).generic_string());
    std::sort(out.begin(), out.end());
    return out;
}

// The entries of a folder whose names start with prefix (leftover temporary folders).
std::vector<std::string> entries_starting_with(const fs::path& folder, std::string_view prefix) {
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().filename().string().starts_with(prefix))
            out.push_back(entry.path().filename().string());
    return out;
}

// Every sample project (projects/*/project.json), by folder name.
std::vector<std::string> sample_projects() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(kSource / "projects"))
        if (fs::is_regular_file(entry.path() / "project.json"))
            names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// Runs the exported game from `folder` as a clean machine would: an empty environment but for
// PATH (and `env`, NAME=VALUE each), the current folder the export, the player started by
// ./run.sh.
ChildResult run_exported(const fs::path& folder, const std::vector<std::string>& args,
                         const std::vector<std::string>& env = {}) {
    std::string command = "cd \"$1\" && shift && exec ./run.sh \"$@\"";
    std::vector<std::string> argv = {"-i", "PATH=/usr/bin:/bin"};
    argv.insert(argv.end(), env.begin(), env.end());
    argv.insert(argv.end(), {"/bin/sh", "-c", command, "sh", folder.string()});
    argv.insert(argv.end(), args.begin(), args.end());
    return run_child("/usr/bin/env", argv, {}, std::chrono::seconds(240));
}

// ---- every sample, exported, copied, run with nothing else around ----

class ExportedSample : public ::testing::TestWithParam<std::tuple<std::string, bool>> {};

TEST_P(ExportedSample, RunsFromACopyWithAnEmptyEnvironmentAndGivesTheInTreeHash) {
    const auto& [name, compact] = GetParam();
    const fs::path project = kSource / "projects" / name;
    TempDir dir;
    ASSERT_FALSE(dir.path().empty());
    const fs::path out = dir.path() / "export";
    std::vector<std::string> args = {"export", project.string(), out.string()};
    if (compact) args.push_back("--compact");
    const ChildResult exported = player(args);
    ASSERT_EQ(exported.exit_code, 0) << describe(exported);
    EXPECT_TRUE(contains(exported.out, "exported ")) << exported.out;

    // A fresh place: nothing of the build or the source tree is next to it.
    TempDir elsewhere;
    const fs::path copy = elsewhere.path() / "game";
    const ChildResult copied = run_child("/bin/cp", {"-a", out.string(), copy.string()});
    ASSERT_EQ(copied.exit_code, 0) << describe(copied);

    const ChildResult in_tree = player({"run", project.string(), "--ticks", "600", "--hash"});
    ASSERT_EQ(in_tree.exit_code, 0) << describe(in_tree);
    const ChildResult shipped = run_exported(copy, {"--ticks", "600", "--hash"});
    ASSERT_EQ(shipped.exit_code, 0) << describe(shipped);
    ASSERT_TRUE(printed_hash(in_tree.out)) << in_tree.out;
    EXPECT_EQ(printed_hash(shipped.out), printed_hash(in_tree.out)) << shipped.out;

    // A sample played through its input script (the platformer's scripted bats, signs, button
    // and exit all come into play) ends the same shipped as in the tree.
    const fs::path input = project / "input" / "level1.input.json";
    if (!fs::exists(input)) return;
    const std::vector<std::string> played = {"--input", input.string(), "--ticks", "3600",
                                             "--hash"};
    std::vector<std::string> in_tree_args = {"run", project.string()};
    in_tree_args.insert(in_tree_args.end(), played.begin(), played.end());
    const ChildResult in_tree_played = player(in_tree_args);
    const ChildResult shipped_played = run_exported(copy, played);
    ASSERT_EQ(shipped_played.exit_code, 0) << describe(shipped_played);
    ASSERT_TRUE(printed_hash(in_tree_played.out)) << describe(in_tree_played);
    EXPECT_EQ(printed_hash(shipped_played.out), printed_hash(in_tree_played.out))
        << shipped_played.out;
}

TEST_P(ExportedSample, ItsPlayerAndModuleLoadOnlySystemLibrariesAndTheShippedEngine) {
    const auto& [name, compact] = GetParam();
    TempDir dir;
    const fs::path out = dir.path() / "export";
    std::vector<std::string> args = {"export", (kSource / "projects" / name).string(),
                                     out.string()};
    if (compact) args.push_back("--compact");
    ASSERT_EQ(player(args).exit_code, 0);
    TempDir elsewhere;
    const fs::path copy = elsewhere.path() / "game";
    ASSERT_EQ(run_child("/bin/cp", {"-a", out.string(), copy.string()}).exit_code, 0);

    std::vector<fs::path> binaries = {copy / "bin" / "diorama-player"};
    for (const auto& entry : fs::directory_iterator(copy / "lib"))
        binaries.push_back(entry.path());
    if (fs::exists(copy / "modules"))
        for (const auto& entry : fs::directory_iterator(copy / "modules"))
            binaries.push_back(entry.path());
    const fs::path build_root = fs::path(kPlayer).parent_path().parent_path();
    for (const fs::path& binary : binaries) {
        const ChildResult ldd =
            run_child("/usr/bin/env", {"-i", "PATH=/usr/bin:/bin", "ldd", binary.string()});
        ASSERT_EQ(ldd.exit_code, 0) << binary << "\n" << describe(ldd);
        EXPECT_FALSE(contains(ldd.out, "not found")) << binary << "\n" << ldd.out;
        EXPECT_FALSE(contains(ldd.out, build_root.string())) << binary << "\n" << ldd.out;
        EXPECT_FALSE(contains(ldd.out, kSource.string())) << binary << "\n" << ldd.out;
        // Every library outside the copy is a system one.
        static const std::regex resolved(R"(=> (/[^ ]+) \()");
        for (auto it = std::sregex_iterator(ldd.out.begin(), ldd.out.end(), resolved);
             it != std::sregex_iterator(); ++it) {
            const std::string lib = (*it)[1].str();
            const bool system = lib.starts_with("/lib/") || lib.starts_with("/lib64/") ||
                                lib.starts_with("/usr/lib/") || lib.starts_with("/usr/lib64/");
            EXPECT_TRUE(system || lib.starts_with(copy.string())) << binary << " needs " << lib;
            if (contains(lib, "libdiorama_engine")) {
                EXPECT_TRUE(lib.starts_with(copy.string())) << binary << " takes " << lib;
            }
        }
    }
}

TEST_P(ExportedSample, ShipsEveryScenePrefabAndTheProjectAsEqualJson) {
    const auto& [name, compact] = GetParam();
    const fs::path project = kSource / "projects" / name;
    TempDir dir;
    const fs::path out = dir.path() / "export";
    std::vector<std::string> args = {"export", project.string(), out.string()};
    if (compact) args.push_back("--compact");
    ASSERT_EQ(player(args).exit_code, 0);

    // project.json and the files under its scene and prefab folders.
    std::vector<fs::path> data = {project / "project.json"};
    const Json settings = read_json(project / "project.json");
    for (const auto& [key, suffix] :
         {std::pair{"scene_folder", ".scene.json"}, std::pair{"prefab_folder", ".prefab.json"}}) {
        const std::string folder_key(key);
        const fs::path folder =
            project / settings.value(folder_key, folder_key.substr(0, folder_key.find('_')) + "s");
        std::error_code ec; // a project may have no prefab folder
        for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end;
             it.increment(ec))
            if (it->path().filename().string().ends_with(suffix)) data.push_back(it->path());
    }
    ASSERT_GE(data.size(), 2u); // project.json and at least the startup scene
    for (const fs::path& source : data) {
        const fs::path shipped = out / "project" / fs::relative(source, project);
        ASSERT_TRUE(fs::is_regular_file(shipped)) << shipped;
        EXPECT_EQ(read_json(shipped), read_json(source)) << shipped;
        const std::string text = read_text(shipped);
        if (compact) {
            EXPECT_FALSE(has_whitespace_between_tokens(text)) << shipped << " is not minified";
        } else {
            EXPECT_EQ(text, read_text(source)) << shipped << " differs from the project's file";
            EXPECT_TRUE(has_whitespace_between_tokens(text)) << shipped << " is not pretty";
        }
    }
    // The editable project stays pretty.
    EXPECT_TRUE(contains(read_text(project / "project.json"), "\n  \"format\""));
}

INSTANTIATE_TEST_SUITE_P(EverySample, ExportedSample,
                         ::testing::Combine(::testing::ValuesIn(sample_projects()),
                                            ::testing::Bool()),
                         [](const ::testing::TestParamInfo<ExportedSample::ParamType>& p) {
                             return std::get<0>(p.param) +
                                    (std::get<1>(p.param) ? "_compact" : "_pretty");
                         });

// ---- the manifest ----

TEST(Export, WritesAManifestWithTheVersionsAndEveryFileItShipped) {
    TempDir dir;
    const fs::path out = dir.path() / "bounce-export";
    const ChildResult r = player({"export", kBounce.string(), out.string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const Json manifest = read_json(out / "export.json");
    EXPECT_EQ(manifest["format"], "diorama.export");
    EXPECT_EQ(manifest["version"], diorama::kExportManifestVersion);
    EXPECT_EQ(manifest["engine_version"], DIORAMA_VERSION);
    EXPECT_EQ(manifest["engine_build"], std::string(diorama::engine_build()));
    EXPECT_EQ(manifest["file_formats"]["project"], diorama::kProjectVersion);
    EXPECT_EQ(manifest["file_formats"]["scene"], diorama::kSceneVersion);
    EXPECT_EQ(manifest["file_formats"]["prefab"], diorama::kPrefabVersion);
    EXPECT_EQ(manifest["project"]["name"], "BOUNCE");
    EXPECT_EQ(manifest["project"]["module"], "bounce");
    EXPECT_EQ(manifest["compact"], false);

    std::vector<std::string> listed;
    for (const Json& f : manifest["files"]) {
        listed.push_back(f["path"].get<std::string>());
        EXPECT_EQ(f["bytes"].get<std::uint64_t>(), fs::file_size(out / listed.back()))
            << listed.back();
    }
    std::vector<std::string> present = files_under(out);
    present.erase(std::remove(present.begin(), present.end(), "export.json"), present.end());
    EXPECT_EQ(listed, present);
    for (const char* expected :
         {"bin/diorama-player", "modules/bounce.so", "project/project.json",
          "project/scenes/level1.scene.json", "project/prefabs/particle.prefab.json", "run.sh"})
        EXPECT_NE(std::find(listed.begin(), listed.end(), expected), listed.end()) << expected;
    EXPECT_TRUE(std::any_of(listed.begin(), listed.end(), [](const std::string& p) {
        return p.starts_with("lib/libdiorama_engine.so");
    }));
    const auto perms = fs::status(out / "run.sh").permissions();
    EXPECT_NE(perms & fs::perms::owner_exec, fs::perms::none);
}

TEST(Export, RunShPassesItsArgumentsToTheRunCommand) {
    TempDir dir;
    const fs::path out = dir.path() / "game";
    ASSERT_EQ(player({"export", kBounce.string(), out.string()}).exit_code, 0);
    // --scene with a scene that does not exist reaches the player, which names it.
    const ChildResult r = run_exported(out, {"--ticks", "1", "--scene", "nowhere"});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, "scenes/nowhere.scene.json")) << r.err;
    const ChildResult summary = run_exported(out, {"--ticks", "2"});
    EXPECT_EQ(summary.exit_code, 0) << describe(summary);
    EXPECT_TRUE(contains(summary.out, "ticks: 2")) << summary.out;
}

TEST(Export, RunShAsksGlibcForHugePagesAndKeepsTheCallersTunablesAfterIts) {
    TempDir dir;
    const fs::path out = dir.path() / "game";
    ASSERT_EQ(player({"export", kBounce.string(), out.string()}).exit_code, 0);
    // A stand-in player that prints the tunables it was started with.
    const fs::path stand_in = out / "bin" / "diorama-player";
    fs::remove(stand_in);
    dir.write("game/bin/diorama-player", "#!/bin/sh\necho \"tunables: $GLIBC_TUNABLES\"\n");
    fs::permissions(stand_in, fs::perms::owner_exec, fs::perm_options::add);

    const ChildResult plain = run_exported(out, {});
    ASSERT_EQ(plain.exit_code, 0) << describe(plain);
    EXPECT_EQ(plain.out, "tunables: glibc.malloc.hugetlb=1\n");
    // glibc applies a tunable's last value: the caller's come last, so they win.
    const ChildResult callers = run_exported(out, {}, {"GLIBC_TUNABLES=glibc.malloc.hugetlb=0"});
    ASSERT_EQ(callers.exit_code, 0) << describe(callers);
    EXPECT_EQ(callers.out, "tunables: glibc.malloc.hugetlb=1:glibc.malloc.hugetlb=0\n");
}

TEST(Export, ThePlayerRunsAnExportedFolderGivenItsRoot) {
    TempDir dir;
    const fs::path out = dir.path() / "game";
    ASSERT_EQ(player({"export", kBounce.string(), out.string()}).exit_code, 0);
    const ChildResult direct = player({"run", out.string(), "--ticks", "60", "--hash"});
    const ChildResult via_script = run_exported(out, {"--ticks", "60", "--hash"});
    ASSERT_EQ(direct.exit_code, 0) << describe(direct);
    ASSERT_TRUE(printed_hash(direct.out));
    EXPECT_EQ(printed_hash(direct.out), printed_hash(via_script.out));
    const ChildResult checked = player({"check", out.string()});
    EXPECT_EQ(checked.exit_code, 0) << describe(checked);
}

// ---- assets ----

// A project of built-in components: a scene using one sprite directly and a prefab with a font
// and another sprite; a sprite and a font nobody refers to; a prefab no scene uses (game code may
// spawn it by name) with its own sprite.
void write_asset_project(const TempDir& dir) {
    dir.write("game/project.json",
              R"({"format": "diorama.project", "version": 1, "name": "Assets",
                  "startup_scene": "scenes/main.scene.json"})");
    dir.write("game/sprites/used.png", "png bytes of the used sprite");
    dir.write("game/sprites/from_prefab.png", "png bytes of the prefab's sprite");
    dir.write("game/sprites/spawned.png", "png bytes of the spawned prefab's sprite");
    dir.write("game/sprites/unused.png", "png bytes nobody refers to");
    dir.write("game/fonts/title.ttf", "font bytes");
    dir.write("game/fonts/unused.ttf", "font bytes nobody refers to");
    dir.write("game/notes.txt", "not part of the game");
    dir.write("game/prefabs/sign.prefab.json",
              R"({"format": "diorama.prefab", "version": 1, "name": "sign", "components": {
                    "Sprite": {"image": "sprites/from_prefab.png"},
                    "Text": {"text": "hello", "font": "fonts/title.ttf"}}})");
    dir.write("game/prefabs/spark.prefab.json",
              R"({"format": "diorama.prefab", "version": 1, "name": "spark", "components": {
                    "Sprite": {"image": "sprites/spawned.png"}}})");
    dir.write("game/scenes/main.scene.json",
              R"({"format": "diorama.scene", "version": 1, "name": "main", "objects": [
                    {"guid": "0000000000000001", "name": "hero",
                     "components": {"Sprite": {"image": "sprites/used.png"}}},
                    {"guid": "0000000000000002", "name": "sign",
                     "prefab": "prefabs/sign.prefab.json"}]})");
}

TEST(Export, CopiesTheAssetsTheScenesAndPrefabsReferToAndNoOthers) {
    TempDir dir;
    write_asset_project(dir);
    const fs::path out = dir.path() / "out";
    const ChildResult r = player({"export", (dir.path() / "game").string(), out.string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    std::vector<std::string> shipped = files_under(out / "project");
    const std::vector<std::string> expected = {
        "fonts/title.ttf",     "prefabs/sign.prefab.json", "prefabs/spark.prefab.json",
        "project.json",        "scenes/main.scene.json",   "sprites/from_prefab.png",
        "sprites/spawned.png", "sprites/used.png"};
    EXPECT_EQ(shipped, expected);
    EXPECT_EQ(read_text(out / "project" / "sprites" / "used.png"), "png bytes of the used sprite");
    // No module: nothing under modules/.
    EXPECT_FALSE(fs::exists(out / "modules"));
    const ChildResult run = run_exported(out, {"--ticks", "3", "--hash"});
    EXPECT_EQ(run.exit_code, 0) << describe(run);
}

TEST(Export, AMissingAssetIsAWarningAndIsNotShipped) {
    TempDir dir;
    write_asset_project(dir);
    fs::remove(dir.path() / "game" / "sprites" / "used.png");
    const fs::path out = dir.path() / "out";
    const ChildResult r = player({"export", (dir.path() / "game").string(), out.string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.err, "warning: scenes/main.scene.json: "
                                "objects[0].components.Sprite.image: asset \"sprites/used.png\" "
                                "does not exist"))
        << r.err;
    EXPECT_FALSE(fs::exists(out / "project" / "sprites" / "used.png"));
}

// ---- refusals and failures ----

TEST(Export, ABrokenSceneStopsTheExportWithItsErrorsAndWritesNothing) {
    TempDir dir;
    fs::copy(kBounce, dir.path() / "bounce", fs::copy_options::recursive);
    dir.write("bounce/scenes/broken.scene.json",
              R"({"format": "diorama.scene", "version": 1, "objects": [
                    {"guid": "00000000000000aa", "components": {"Transform2D": {"position": "left"}}},
                    {"guid": "00000000000000bb", "prefab": "prefabs/nothing.prefab.json"}]})");
    const fs::path out = dir.path() / "out";
    const ChildResult r = player({"export", (dir.path() / "bounce").string(), out.string()});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(
        r.err, "error: scenes/broken.scene.json: objects[0].components.Transform2D.position: "))
        << r.err;
    EXPECT_TRUE(contains(r.err, "error: scenes/broken.scene.json: objects[1].prefab: "
                                "prefab \"prefabs/nothing.prefab.json\" not found"))
        << r.err;
    EXPECT_TRUE(contains(r.err, "export: 2 errors in the project's prefabs and scenes; nothing "
                                "was exported"))
        << r.err;
    EXPECT_FALSE(fs::exists(out));
    EXPECT_TRUE(entries_starting_with(dir.path(), ".out.").empty());
}

TEST(Export, ABrokenPrefabStopsTheExport) {
    TempDir dir;
    fs::copy(kBounce, dir.path() / "bounce", fs::copy_options::recursive);
    dir.write("bounce/prefabs/particle.prefab.json",
              R"({"format": "diorama.prefab", "version": 1, "name": "particle",
                  "components": {"Lifetime": {"remaining_s": "soon"}}})");
    const fs::path out = dir.path() / "out";
    const ChildResult r = player({"export", (dir.path() / "bounce").string(), out.string()});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, "prefabs/particle.prefab.json: components.Lifetime.remaining_s"))
        << r.err;
    EXPECT_FALSE(fs::exists(out));
}

TEST(Export, RefusesAnOutputFolderInsideTheProject) {
    TempDir dir;
    fs::copy(kBounce, dir.path() / "bounce", fs::copy_options::recursive);
    const fs::path out = dir.path() / "bounce" / "export";
    const ChildResult r = player({"export", (dir.path() / "bounce").string(), out.string()});
    EXPECT_EQ(r.exit_code, 5) << describe(r);
    EXPECT_TRUE(contains(r.err, "inside the project folder")) << r.err;
    EXPECT_FALSE(fs::exists(out));
    // Nor the project folder itself, nor one holding it, even with --force.
    const ChildResult same =
        player({"export", (dir.path() / "bounce").string(), dir.path().string(), "--force"});
    EXPECT_EQ(same.exit_code, 5) << describe(same);
    EXPECT_TRUE(fs::exists(dir.path() / "bounce" / "project.json"));
}

TEST(Export, RefusesANonEmptyFolderUnlessForcedThenReplacesIt) {
    TempDir dir;
    dir.write("out/keep.txt", "someone's file");
    const fs::path out = dir.path() / "out";
    const ChildResult refused = player({"export", kBounce.string(), out.string()});
    EXPECT_EQ(refused.exit_code, 5) << describe(refused);
    EXPECT_TRUE(contains(refused.err, "not empty")) << refused.err;
    EXPECT_EQ(read_text(out / "keep.txt"), "someone's file");

    const ChildResult forced = player({"export", kBounce.string(), out.string(), "--force"});
    ASSERT_EQ(forced.exit_code, 0) << describe(forced);
    EXPECT_FALSE(fs::exists(out / "keep.txt"));
    EXPECT_TRUE(fs::is_regular_file(out / "export.json"));
    EXPECT_TRUE(entries_starting_with(dir.path(), ".out.").empty());
}

TEST(Export, FillsAnEmptyExistingFolder) {
    TempDir dir;
    fs::create_directory(dir.path() / "out");
    const ChildResult r = player({"export", kBounce.string(), (dir.path() / "out").string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::is_regular_file(dir.path() / "out" / "run.sh"));
}

TEST(Export, AProjectThatDoesNotLoadIsALoadError) {
    TempDir dir;
    const ChildResult r =
        player({"export", (dir.path() / "nothing").string(), (dir.path() / "out").string()});
    EXPECT_EQ(r.exit_code, 3) << describe(r);
    EXPECT_TRUE(contains(r.err, "nothing: cannot open")) << r.err;
}

// ---- the command line ----

diorama::Result<diorama::player::CommandLine> parse(std::vector<std::string_view> args) {
    return diorama::player::parse_command_line(args);
}

TEST(ExportCommandLine, TakesAProjectAnOutputFolderAndTwoFlags) {
    auto line = parse({"export", "projects/bounce", "/tmp/out", "--compact", "--force"});
    ASSERT_TRUE(line) << line.error().message;
    EXPECT_EQ(line->command, diorama::player::Command::Export);
    EXPECT_EQ(line->export_game.project, "projects/bounce");
    EXPECT_EQ(line->export_game.output, "/tmp/out");
    EXPECT_TRUE(line->export_game.compact);
    EXPECT_TRUE(line->export_game.force);
    auto plain = parse({"export", "p", "o"});
    ASSERT_TRUE(plain);
    EXPECT_FALSE(plain->export_game.compact);
    EXPECT_FALSE(plain->export_game.force);
}

TEST(ExportCommandLine, RefusesAMissingOutputFolderAndUnknownOptions) {
    auto missing = parse({"export", "projects/bounce"});
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().message, "export: expected PROJECT and OUTDIR, got 1 argument");
    auto unknown = parse({"export", "p", "o", "--ticks", "5"});
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().message, "export: unknown option '--ticks'");
}

// ---- the library ----

TEST(Exporter, ReportsProgressStepByStepUpToTheTotal) {
    TempDir dir;
    write_asset_project(dir);
    auto game = open_game(dir.path() / "game");
    ASSERT_TRUE(game);
    diorama::Exporter exporter(std::move(game), {.output = dir.path() / "out", .player = kPlayer});
    std::vector<diorama::ExportProgress> seen;
    do {
        seen.push_back(exporter.progress());
    } while (exporter.step());
    ASSERT_TRUE(exporter.finished());
    ASSERT_TRUE(exporter.result()) << exporter.result().error().describe();
    EXPECT_EQ(seen.front().stage, diorama::ExportStage::Check);
    EXPECT_EQ(seen.front().done, 0u);
    for (std::size_t i = 1; i < seen.size(); ++i) {
        EXPECT_EQ(seen[i].done, i);
        EXPECT_LT(seen[i].done, seen[i].total);
        EXPECT_GE(static_cast<int>(seen[i].stage), static_cast<int>(seen[i - 1].stage));
    }
    const auto is_step = [&](const std::string& step) {
        return std::any_of(seen.begin(), seen.end(),
                           [&](const diorama::ExportProgress& p) { return p.step == step; });
    };
    EXPECT_TRUE(is_step("validate scenes/main.scene.json"));
    EXPECT_TRUE(is_step("write project/sprites/used.png"));
    EXPECT_TRUE(is_step("write run.sh"));
    const diorama::ExportProgress last = exporter.progress();
    EXPECT_EQ(last.done, last.total);
    EXPECT_EQ(last.total, seen.size());
    EXPECT_EQ(exporter.result()->files.size(), files_under(dir.path() / "out").size() - 1);
}

TEST(Exporter, DestroyedHalfwayLeavesNoFolderBehind) {
    TempDir dir;
    write_asset_project(dir);
    auto game = open_game(dir.path() / "game");
    ASSERT_TRUE(game);
    {
        diorama::Exporter exporter(std::move(game),
                                   {.output = dir.path() / "out", .player = kPlayer});
        while (exporter.progress().stage != diorama::ExportStage::Write ||
               exporter.progress().step.rfind("write ", 0) != 0)
            ASSERT_TRUE(exporter.step());
        ASSERT_TRUE(exporter.step()); // one file written into the temporary folder
        EXPECT_EQ(entries_starting_with(dir.path(), ".out.export-").size(), 1u);
    }
    EXPECT_TRUE(entries_starting_with(dir.path(), ".out.").empty());
    EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

TEST(Exporter, ShipsTheModuleTheGameLoaded) {
    auto game = open_game(kBounce);
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->module());
    const fs::path module = game->module()->file;
    TempDir dir;
    diorama::Diagnostics diagnostics;
    auto result = diorama::export_project(
        std::move(game), {.output = dir.path() / "out", .player = kPlayer}, diagnostics);
    ASSERT_TRUE(result) << result.error().describe();
    EXPECT_EQ(read_text(dir.path() / "out" / "modules" / "bounce.so"), read_text(module));
}

TEST(Exporter, RefusesABrokenPrefabTheGameLeftOut) {
    TempDir dir;
    write_asset_project(dir);
    dir.write("game/prefabs/bad.prefab.json", R"({"format": "diorama.prefab", "version": 1)");
    auto game = open_game(dir.path() / "game");
    ASSERT_TRUE(game);
    diorama::Diagnostics diagnostics;
    auto result = diorama::export_project(
        std::move(game), {.output = dir.path() / "out", .player = kPlayer}, diagnostics);
    ASSERT_FALSE(result);
    ASSERT_TRUE(diagnostics.has_errors());
    EXPECT_EQ(diagnostics.first_error().where.rfind("prefabs/bad.prefab.json", 0), 0u)
        << diagnostics.first_error().describe();
    EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

TEST(Exporter, AfterABrokenSceneItsProgressSaysValidationFailed) {
    TempDir dir;
    write_asset_project(dir);
    dir.write("game/scenes/bad.scene.json", R"({"format": "diorama.scene", "version": 2})");
    auto game = open_game(dir.path() / "game");
    ASSERT_TRUE(game);
    diorama::Exporter exporter(std::move(game), {.output = dir.path() / "out", .player = kPlayer});
    while (exporter.step()) {
    }
    ASSERT_FALSE(exporter.result());
    EXPECT_EQ(exporter.progress().stage, diorama::ExportStage::Validate);
    EXPECT_EQ(exporter.diagnostics().first_error().where, "scenes/bad.scene.json: version");
    EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

TEST(DescribeByteSize, UsesBytesBelowAKilobyteAndOneDecimalAbove) {
    EXPECT_EQ(diorama::describe_byte_size(512), "512 bytes");
    EXPECT_EQ(diorama::describe_byte_size(1536), "1.5 KB");
    EXPECT_EQ(diorama::describe_byte_size(30u << 20), "30.0 MB");
}

TEST(EngineVersion, IsTheProjectVersionCMakeDeclares) {
    EXPECT_EQ(diorama::engine_version(), DIORAMA_VERSION);
}

} // namespace
