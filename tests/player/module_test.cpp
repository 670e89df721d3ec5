// Loading game modules (engine/src/module.cpp) the way the player does: the search path, the
// BOUNCE module, and the errors for a missing module, a bad name, a file that is no library, a
// library without the entry point, and a module built against another engine build.

#include "temp_dir.h"

#include "diorama/components.h"
#include "diorama/game.h"
#include "diorama/module.h"
#include "diorama/type_registry.h"
#include "diorama/version.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <regex>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace diorama;
using diorama::test::TempDir;

// Where the build puts modules: bin/../modules, next to the player.
const fs::path kModules = fs::path(DIORAMA_PLAYER_PATH).parent_path().parent_path() / "modules";

// Sets an environment variable for the scope of a test, restoring the old value after.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        if (value != nullptr)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (m_old)
            setenv(m_name, m_old->c_str(), 1);
        else
            unsetenv(m_name);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(ModuleFileName, IsTheNameWithSo) {
    EXPECT_EQ(module_file_name("bounce"), "bounce.so");
}

TEST(ModuleSearchPath, EnvironmentFoldersComeFirstThenTheExtraOnesWithoutRepeats) {
    const ScopedEnv env("DIORAMA_MODULE_PATH", "/opt/a::/opt/b/:/opt/a");
    const auto path = module_search_path({"/srv/game/modules", "/opt/b"});
    ASSERT_EQ(path.size(), 3u);
    EXPECT_EQ(path[0], "/opt/a");
    EXPECT_EQ(path[1], "/opt/b");
    EXPECT_EQ(path[2], "/srv/game/modules");
}

TEST(ModuleSearchPath, IsTheExtraFoldersWhenTheEnvironmentHasNone) {
    const ScopedEnv env("DIORAMA_MODULE_PATH", nullptr);
    const auto path = module_search_path({"bin/../modules", "game/modules"});
    ASSERT_EQ(path.size(), 2u);
    EXPECT_EQ(path[0], "modules");
    EXPECT_EQ(path[1], "game/modules");
}

TEST(LoadModule, FindsBounceOnThePathAndRegistersItsTypes) {
    const ScopedEnv env("DIORAMA_MODULE_PATH", nullptr);
    TempDir empty;
    TypeRegistry registry;
    register_builtin_components(registry);
    const std::size_t builtins = registry.types().size();
    auto loaded = load_module("bounce", module_search_path({empty.path(), kModules}), registry);
    ASSERT_TRUE(loaded) << loaded.error().describe();
    EXPECT_EQ(loaded->name, "bounce");
    EXPECT_EQ(loaded->file, fs::absolute(kModules / "bounce.so").lexically_normal());
    EXPECT_GT(registry.types().size(), builtins);
    EXPECT_NE(registry.find("Paddle"), nullptr);
}

TEST(LoadModule, AMissingModuleNamesItselfAndEveryFolderSearched) {
    TypeRegistry registry;
    auto loaded = load_module("nothing", {"/no/where", "/else/where"}, registry);
    ASSERT_FALSE(loaded);
    EXPECT_EQ(loaded.error().code, ErrorCode::NotFound);
    const std::string& m = loaded.error().message;
    EXPECT_TRUE(contains(m, "module 'nothing' (nothing.so) not found")) << m;
    EXPECT_TRUE(contains(m, "'/no/where', '/else/where'")) << m;
}

TEST(LoadModule, AnEmptySearchPathSaysSo) {
    TypeRegistry registry;
    auto loaded = load_module("nothing", {}, registry);
    ASSERT_FALSE(loaded);
    EXPECT_TRUE(contains(loaded.error().message, "searched no folders")) << loaded.error().message;
}

TEST(LoadModule, ANameThatIsAPathIsRefused) {
    TypeRegistry registry;
    for (const char* name : {"", "../bounce", "a/b", ".hidden", "a\\b"}) {
        SCOPED_TRACE(name);
        auto loaded = load_module(name, {kModules}, registry);
        ASSERT_FALSE(loaded);
        EXPECT_EQ(loaded.error().code, ErrorCode::InvalidArgument);
    }
}

TEST(LoadModule, AFileThatIsNoLibraryReportsTheLoadersError) {
    TempDir dir;
    dir.write("junk.so", "this is not an ELF file");
    TypeRegistry registry;
    auto loaded = load_module("junk", {dir.path()}, registry);
    ASSERT_FALSE(loaded);
    EXPECT_EQ(loaded.error().where, (dir.path() / "junk.so").string());
    const std::string& m = loaded.error().message;
    EXPECT_TRUE(contains(m, "cannot load module 'junk': ")) << m;
    EXPECT_GT(m.size(), std::string("cannot load module 'junk': ").size())
        << "the dlerror() text is missing";
}

TEST(LoadModule, ALibraryWithoutTheEntryPointIsRefused) {
    TypeRegistry registry;
    auto loaded = load_module("stamp_only", {DIORAMA_REFUSED_MODULES_DIR}, registry);
    ASSERT_FALSE(loaded);
    EXPECT_TRUE(contains(loaded.error().message, "has no entry point diorama_register_module"))
        << loaded.error().message;
    EXPECT_TRUE(registry.types().empty());
}

TEST(LoadModule, ALibraryThatIsNoModuleIsRefusedForWantOfAStamp) {
    TempDir dir;
    fs::create_symlink(fs::canonical(DIORAMA_ENGINE_PATH), dir.path() / "plain.so");
    TypeRegistry registry;
    auto loaded = load_module("plain", {dir.path()}, registry);
    ASSERT_FALSE(loaded);
    EXPECT_TRUE(contains(loaded.error().message, "has no engine build stamp"))
        << loaded.error().message;
    EXPECT_TRUE(registry.types().empty());
}

TEST(EngineBuild, IsTheVersionAndAHashOfTheHeaders) {
    const std::string build(engine_build());
    EXPECT_TRUE(
        std::regex_match(build, std::regex(std::string(engine_version()) + R"(\+h[0-9a-f]{16})")))
        << build;
}

TEST(LoadModule, ABuiltModuleCarriesThisEnginesBuildStamp) {
    TypeRegistry registry;
    auto loaded = load_module("bounce", {kModules}, registry);
    ASSERT_TRUE(loaded) << loaded.error().describe();
}

// Loads a module from the refused modules' folder, expecting a Version error at its file.
std::string refusal(const char* name) {
    TypeRegistry registry;
    auto loaded = load_module(name, {DIORAMA_REFUSED_MODULES_DIR}, registry);
    EXPECT_FALSE(loaded);
    if (loaded) return {};
    EXPECT_EQ(loaded.error().code, ErrorCode::Version);
    EXPECT_EQ(loaded.error().where,
              (fs::path(DIORAMA_REFUSED_MODULES_DIR) / (std::string(name) + ".so")).string());
    EXPECT_TRUE(registry.systems().empty()) << "the entry point ran";
    return loaded.error().message;
}

TEST(LoadModule, AModuleOfAnotherEngineBuildIsRefusedBeforeItsEntryPointRuns) {
    const std::string m = refusal("other_build");
    EXPECT_TRUE(contains(m, "module 'other_build' was built against engine build "
                            "'0.0.1+h0123456789abcdef', not this engine's '" +
                                std::string(engine_build()) + "'"))
        << m;
    EXPECT_TRUE(contains(m, "rebuild it with this engine's headers and library")) << m;
}

TEST(LoadModule, AnOverlongStampIsShownCutShort) {
    const std::string m = refusal("long_stamp");
    EXPECT_TRUE(
        contains(m, "'0123456789012345678901234567890123456789012345678901234567890123'...,"))
        << m;
    EXPECT_LT(m.size(), 400u) << m;
}

TEST(LoadModule, AModuleWithoutABuildStampIsRefusedBeforeItsEntryPointRuns) {
    const std::string m = refusal("no_stamp");
    EXPECT_TRUE(contains(m, "module 'no_stamp' has no engine build stamp "
                            "(diorama_module_engine_build): it was built against an engine "
                            "older than '" +
                                std::string(engine_build()) + "', or is no Diorama module"))
        << m;
}

// A game opened without its module (the editor's way) keeps nothing a module registered before
// it failed, and says why.
TEST(GameWithoutModule, KeepsNothingOfAModuleThatFailedHalfway) {
    TempDir dir;
    dir.write("project.json", R"({"format": "diorama.project", "version": 1, "name": "G",
        "startup_scene": "scenes/main.scene.json", "module": "throws_registering"})");
    dir.write("scenes/main.scene.json", R"({"format": "diorama.scene", "version": 1,
        "name": "main", "layers": ["world"], "objects": []})");
    Diagnostics diagnostics;
    auto game =
        Game::open(dir.path(), diagnostics,
                   {.module_dirs = {DIORAMA_REFUSED_MODULES_DIR}, .open_without_module = true});
    ASSERT_TRUE(game) << diagnostics.format();
    ASSERT_TRUE((*game)->module_error());
    EXPECT_TRUE(contains((*game)->module_error()->message,
                         "module 'throws_registering' failed while registering: the module gave "
                         "up halfway"))
        << (*game)->module_error()->message;
    for (const auto& system : (*game)->registry().systems())
        EXPECT_NE(system.name, "half registered");
    EXPECT_NE((*game)->registry().find("Transform2D"), nullptr) << "the built-ins are there";
}

} // namespace
