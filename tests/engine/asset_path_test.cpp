// Asset paths never leave the project folder, and files are data only: nothing in a scene,
// prefab or project file makes the engine open a file outside the project or run code.

#include "diorama/file_io.h"
#include "diorama/module.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "../player/temp_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace diorama {
namespace {

namespace fs = std::filesystem;

// Every path read_file opened while an OpenedFiles lives.
class OpenedFiles {
public:
    OpenedFiles() {
        paths().clear();
        observe_file_opens(&record);
    }
    ~OpenedFiles() { observe_file_opens(nullptr); }
    OpenedFiles(const OpenedFiles&) = delete;
    OpenedFiles& operator=(const OpenedFiles&) = delete;

    [[nodiscard]] const std::vector<fs::path>& all() const { return paths(); }

private:
    static std::vector<fs::path>& paths() {
        static std::vector<fs::path> opened;
        return opened;
    }
    static void record(const fs::path& path) { paths().push_back(path); }
};

// A project folder with an `outside` folder beside it holding a secret image, prefab and scene,
// and symlinks from inside the project to them.
class AssetPaths : public ::testing::Test {
protected:
    AssetPaths() {
        outside = dir.path() / "outside";
        root = dir.path() / "game";
        dir.write("outside/secret.png", "not for the game");
        dir.write("outside/evil.prefab.json",
                  R"({"format": "diorama.prefab", "version": 1, "components": {}})");
        dir.write("outside/evil.scene.json",
                  R"({"format": "diorama.scene", "version": 1, "objects": []})");
        dir.write("game/project.json", R"({"format": "diorama.project", "version": 1,
            "name": "g", "startup_scene": "scenes/main.scene.json"})");
        dir.write("game/scenes/main.scene.json",
                  R"({"format": "diorama.scene", "version": 1, "objects": []})");
        dir.write("game/sprites/ok.png", "an image");
        dir.write("game/prefabs/fine.prefab.json",
                  R"({"format": "diorama.prefab", "version": 1, "components": {}})");
        fs::create_directory_symlink(outside, root / "sprites" / "linked");
        fs::create_directory_symlink(outside, root / "prefabs" / "linked");
        fs::create_symlink(outside / "evil.prefab.json", root / "prefabs" / "evil.prefab.json");
        fs::create_symlink(outside / "secret.png", root / "sprites" / "secret.png");
        register_builtin_components(registry);
    }

    // The error of check_asset_path for relative, or "" when it is accepted.
    std::string refusal(std::string_view relative) const {
        auto ok = check_asset_path(root, relative);
        return ok ? std::string() : ok.error().message;
    }

    test::TempDir dir;
    fs::path outside;
    fs::path root;
    TypeRegistry registry;
};

TEST_F(AssetPaths, EveryWayOutOfTheProjectIsRefused) {
    struct Case {
        std::string path;
        const char* why;
    };
    const Case cases[] = {
        {"../outside/secret.png", "leaves the project folder ('..')"},
        {"sprites/../../outside/secret.png", "leaves the project folder ('..')"},
        {"..", "leaves the project folder ('..')"},
        {"/etc/passwd", "is absolute; paths are relative to the project folder"},
        {"..\\outside\\secret.png", "uses '\\'; paths use '/'"},
        {"sprites\\ok.png", "uses '\\'; paths use '/'"},
        {"C:\\x", "uses '\\'; paths use '/'"},
        {"C:/x", "is absolute; paths are relative to the project folder"},
        {std::string("sprites/ok.png\0../../x", 22), "contains a NUL character"},
        {"", "is empty"},
        {"sprites//ok.png", "has an empty part ('//')"},
        {"sprites/linked/secret.png", "resolves outside the project folder"},
        {"sprites/linked/not-there.png", "resolves outside the project folder"},
        {"sprites/secret.png", "resolves outside the project folder"},
        {"prefabs/linked", "resolves outside the project folder"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.path);
        const std::string why = refusal(c.path);
        EXPECT_TRUE(why.ends_with(c.why)) << why;
        EXPECT_TRUE(why.starts_with("asset path \"")) << why;
    }
}

TEST_F(AssetPaths, PathsInsideTheProjectAreAccepted) {
    for (const char* ok : {"sprites/ok.png", "./sprites/ok.png", "sprites/new.png", "prefabs"})
        EXPECT_EQ(refusal(ok), "") << ok;
}

TEST_F(AssetPaths, NoFileOutsideTheProjectIsOpenedWhateverTheFilesSay) {
    // A project file that points its folders out of the project, then a sane one.
    dir.write("game/project.json", R"({"format": "diorama.project", "version": 1, "name": "g",
        "startup_scene": "../outside/evil.scene.json", "scene_folder": "/tmp",
        "prefab_folder": "prefabs/linked"})");
    const std::string scene = R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "0000000000000001", "prefab": "../outside/evil.prefab.json"},
        {"guid": "0000000000000002", "prefab": "prefabs/evil.prefab.json"},
        {"guid": "0000000000000003", "prefab": "prefabs/linked/evil.prefab.json"},
        {"guid": "0000000000000004", "components": {"Sprite": {"image": "sprites/linked/secret.png"}}},
        {"guid": "0000000000000005", "components": {"Sprite": {"image": "C:\\outside\\secret.png"}}},
        {"guid": "0000000000000006", "components": {"Text": {"font": "../outside/secret.png"}}},
        {"guid": "0000000000000007", "components": {"Sprite": {"image": "sprites/secret.png"}}}]})";

    OpenedFiles opened;
    Diagnostics project_problems;
    EXPECT_FALSE(load_project(root, project_problems).ok());
    EXPECT_EQ(project_problems.error_count(), 3u) << project_problems.format();

    dir.write("game/project.json", R"({"format": "diorama.project", "version": 1, "name": "g",
        "startup_scene": "scenes/main.scene.json"})");
    Diagnostics d;
    auto project = load_project(root, d);
    ASSERT_TRUE(project.ok()) << d.format();
    PrefabLibrary prefabs;
    prefabs.load_folder(*project, registry, d);
    EXPECT_EQ(prefabs.all().size(), 1u) << "only prefabs/fine.prefab.json: " << d.format();
    dir.write("game/scenes/hostile.scene.json", scene);
    World world(registry);
    EXPECT_FALSE(load_scene(world, "scenes/hostile.scene.json", *project, prefabs, d).ok());
    for (int object = 0; object < 7; ++object)
        EXPECT_TRUE(d.format().find("objects[" + std::to_string(object) + "]") != std::string::npos)
            << "objects[" << object << "] is refused:\n"
            << d.format();

    const fs::path real_root = fs::canonical(root);
    ASSERT_GE(opened.all().size(), 4u) << "the hook sees the engine's reads";
    for (const fs::path& path : opened.all()) {
        const fs::path real = fs::weakly_canonical(path);
        EXPECT_TRUE(real.string().starts_with(real_root.string() + "/"))
            << "opened outside the project: " << path;
    }
}

// ---- files are data only ----

// The shared libraries mapped into this process.
std::set<std::string> mapped_libraries() {
    std::set<std::string> libraries;
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line))
        if (auto slash = line.find('/');
            slash != std::string::npos && line.find(".so", slash) != std::string::npos)
            libraries.insert(line.substr(slash));
    return libraries;
}

TEST_F(AssetPaths, NothingInASceneRunsCode) {
    // A module named every way a scene could name one; none of it is more than data.
    dir.write("game/modules/evil.so", "not even a library");
    const std::string scene = R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "0000000000000001", "name": "modules/evil.so",
         "components": {"evil": {"module": "evil", "path": "modules/evil.so"},
                        "../modules/evil.so": {},
                        "diorama_register_module": {"call": true}}}]})";
    Diagnostics d;
    auto project = load_project(root, d);
    ASSERT_TRUE(project.ok()) << d.format();
    PrefabLibrary prefabs;
    const std::size_t types_before = registry.types().size();
    const std::set<std::string> libraries_before = mapped_libraries();

    OpenedFiles opened;
    World world(registry);
    ASSERT_TRUE(load_scene_text(world, scene, "data.scene.json", *project, prefabs, d).ok())
        << d.format();
    EXPECT_TRUE(opened.all().empty()) << "loading a scene's text opens no file";
    EXPECT_EQ(registry.types().size(), types_before) << "no type was registered";
    EXPECT_EQ(mapped_libraries(), libraries_before) << "no library was loaded";
    const auto* unknown = world.get<UnknownComponents>(world.find(Guid{1}));
    ASSERT_NE(unknown, nullptr);
    EXPECT_EQ(unknown->components.size(), 3u) << "unknown types stay data, kept verbatim";
    EXPECT_EQ(unknown->components.at("evil")["path"], "modules/evil.so");

    // A module key at the top of a scene is an unknown key, refused.
    World other(registry);
    Diagnostics refused;
    EXPECT_FALSE(load_scene_text(other,
                                 R"({"format": "diorama.scene", "version": 1, "module": "evil",
                                     "objects": []})",
                                 "module.scene.json", *project, prefabs, refused)
                     .ok());
    EXPECT_EQ(refused.format(), "error: module.scene.json: module: unknown key \"module\"\n");
}

TEST_F(AssetPaths, AProjectNamesItsModuleByAPlainNameOnly) {
    for (const char* name :
         {"../evil", "/tmp/evil", "modules/evil", "evil.so", ".evil", "a\\b", "a b", "evil\u00e9",
          "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}) {
        SCOPED_TRACE(name);
        Diagnostics d;
        auto project = parse_project(std::string(R"({"format": "diorama.project", "version": 1,
            "name": "g", "startup_scene": "scenes/main.scene.json", "module": ")") +
                                         name + "\"}",
                                     "project.json", root, d);
        EXPECT_FALSE(project.ok());
        EXPECT_EQ(d.format(), "error: project.json: module: a module name is 1-64 letters, "
                              "digits, '_' or '-' (no path)\n");
        TypeRegistry types;
        auto loaded = load_module(name, {root / "modules"}, types);
        ASSERT_FALSE(loaded.ok());
        EXPECT_EQ(loaded.error().code, ErrorCode::InvalidArgument);
    }
    EXPECT_TRUE(is_module_name("bounce"));
    EXPECT_TRUE(is_module_name("my-game_2"));
    EXPECT_TRUE(is_module_name(std::string(64, 'a')));
}

// The engine reads files only through read_file (which the hook above observes) and loads code
// only in load_module: no other engine source opens a file or a library.
TEST(EngineSources, OnlyFileIoOpensFilesAndOnlyModuleLoadsCode) {
    const fs::path engine = fs::path(DIORAMA_SOURCE_DIR) / "engine";
    // The POSIX ::open, not a member named open (Game::open opens no file itself).
    // std::filesystem's copies read files too (diorama::copy_file is the engine's own).
    const std::regex opens(
        R"((\b(fopen|ifstream|fstream|openat|mmap)|(^|[^A-Za-z0-9_])::open)\s*[\(<]|\bdlopen\s*\(|)"
        R"(\b(fs|filesystem)::copy(_file)?\s*\()");
    EXPECT_TRUE(std::regex_search("int fd = ::open(path, O_RDONLY);", opens));
    EXPECT_TRUE(std::regex_search("fs::copy_file(from, to, ec);", opens));
    EXPECT_FALSE(std::regex_search("auto copied = copy_file(from, to, limit);", opens));
    EXPECT_FALSE(std::regex_search("auto game = Game::open(folder, problems);", opens));
    std::vector<std::string> hits;
    for (const char* folder : {"src", "include", "player"}) {
        for (const auto& entry : fs::recursive_directory_iterator(engine / folder)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream in(entry.path());
            std::string line;
            for (int n = 1; std::getline(in, line); ++n)
                if (std::regex_search(line, opens))
                    hits.push_back(fs::relative(entry.path(), engine).string() + ":" +
                                   std::to_string(n));
        }
    }
    std::vector<std::string> allowed;
    for (const std::string& hit : hits)
        if (!hit.starts_with("src/file_io.cpp:") &&
            !hit.starts_with("src/file_io_leftovers.cpp:") && !hit.starts_with("src/module.cpp:") &&
            !hit.starts_with("src/large_block.cpp:")) // anonymous memory, no file
            allowed.push_back(hit);
    EXPECT_TRUE(allowed.empty()) << "files opened outside file_io.cpp and file_io_leftovers.cpp: "
                                 << ::testing::PrintToString(allowed);
    EXPECT_FALSE(hits.empty()) << "the pattern finds file_io.cpp's own open";
}

} // namespace
} // namespace diorama
