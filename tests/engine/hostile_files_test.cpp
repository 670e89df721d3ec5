// Generated hostile and broken files (issue 6): each is refused (or, for dangling references and
// missing sprites, loaded with a warning) with its own message naming the file and the place,
// never a crash, a hang or an unbounded allocation.

#include "diorama/file_io.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include "../player/temp_dir.h"

#include "broken_project.h"

#include <gtest/gtest.h>

#include <pthread.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <string>

namespace diorama {
namespace {

namespace fs = std::filesystem;

const fs::path& kBroken = test::kBrokenProject;
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNan = std::numeric_limits<float>::quiet_NaN();

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true; // reserves terabytes of address space: no RLIMIT_AS
#else
constexpr bool kAddressSanitizer = false;
#endif

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

bool contains(const std::string& text, const std::string& piece) {
    return text.find(piece) != std::string::npos;
}

// The process's address space now, in bytes.
std::size_t address_space_bytes() {
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0;
    statm >> pages;
    return pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

struct ChildResult {
    int status = -1;    // waitpid status
    std::string output; // what body returned
};

// Runs body in a forked child whose address space may grow by at most headroom_bytes (no cap
// under AddressSanitizer); returns what body returned. A child that crashes or runs out of
// memory shows in `status`.
ChildResult run_with_memory_cap(std::size_t headroom_bytes,
                                const std::function<std::string()>& body) {
    int fds[2];
    if (::pipe(fds) != 0) return {};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        if (!kAddressSanitizer) {
            const rlim_t cap = address_space_bytes() + headroom_bytes;
            const rlimit limit{cap, cap};
            if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(3);
        }
        const std::string out = body();
        std::size_t done = 0;
        while (done < out.size()) {
            const ssize_t n = ::write(fds[1], out.data() + done, out.size() - done);
            if (n <= 0) ::_exit(4);
            done += static_cast<std::size_t>(n);
        }
        ::_exit(0);
    }
    ::close(fds[1]);
    ChildResult result;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
        result.output.append(buffer, static_cast<std::size_t>(n));
    ::close(fds[0]);
    ::waitpid(pid, &result.status, 0);
    return result;
}

class HostileFiles : public test::BrokenProjectTest {
protected:
    // The first error of loading text as a scene ("where: message"), or "" when it loads.
    std::string scene_error(std::string_view text, std::string_view file = "hostile.scene.json") {
        World world(registry);
        Diagnostics d;
        auto loaded = load_scene_text(world, text, file, project, prefabs, d);
        if (loaded) return {};
        EXPECT_EQ(world.object_count(), 0u) << "a failed load leaves the world empty";
        return d.first_error().describe();
    }
};

// A scene with one object whose components are `components` (JSON text).
std::string one_object(const std::string& components) {
    return R"({"format": "diorama.scene", "version": 1, "objects": [
{"guid": "0000000000000001", "components": )" +
           components + "}]}";
}

// ---- truncation, empty and zero files ----

TEST_F(HostileFiles, EveryPrefixOfAValidSceneIsRefusedWithTheLineAndColumnWhereItEnds) {
    const std::string good = slurp(kBroken / "scenes/good.scene.json");
    const std::size_t complete = good.rfind('}') + 1; // from here on the text is whole
    ASSERT_GT(complete, 100u);
    for (std::size_t n = 0; n < good.size(); ++n) {
        const std::string prefix = good.substr(0, n);
        const std::string error = scene_error(prefix, "prefix.scene.json");
        if (n >= complete) {
            EXPECT_EQ(error, "") << "the whole scene (maybe without its newline) loads";
            continue;
        }
        // The position is the line where the text stops.
        const auto line = 1 + std::count(prefix.begin(), prefix.end(), '\n');
        if (prefix.find_first_not_of(" \n") == std::string::npos) {
            EXPECT_EQ(error, "prefix.scene.json: the file is empty (expected a JSON object)");
            continue;
        }
        const std::string where = "prefix.scene.json:" + std::to_string(line) + ":";
        ASSERT_TRUE(error.starts_with(where)) << n << " bytes: " << error;
        EXPECT_TRUE(contains(error, ": syntax error while parsing ")) << n << ": " << error;
        EXPECT_TRUE(contains(error, "unexpected end of input") ||
                    contains(error, "invalid literal") || contains(error, "invalid number") ||
                    contains(error, "missing closing quote"))
            << n << ": " << error;
    }
}

TEST_F(HostileFiles, AnEmptyFileIsRefused) {
    EXPECT_EQ(scene_error("", "empty.scene.json"),
              "empty.scene.json: the file is empty (expected a JSON object)");
    EXPECT_EQ(scene_error(" \n\t\r\n", "blank.scene.json"),
              "blank.scene.json: the file is empty (expected a JSON object)");
}

TEST_F(HostileFiles, AnAllZeroFileIsRefusedAtItsFirstByte) {
    const std::string zeros(4096, '\0');
    EXPECT_EQ(scene_error(zeros, "zeros.scene.json"),
              "zeros.scene.json:1:1: NUL byte; a JSON file is text");
}

// The parser would stop at a NUL as if the text ended there.
TEST_F(HostileFiles, ANulByteAfterAValidSceneIsRefusedNotIgnored) {
    const std::string text = std::string(R"({"format": "diorama.scene", "version": 1,
"objects": []})") + '\0' + "trailing";
    EXPECT_EQ(scene_error(text, "nul.scene.json"),
              "nul.scene.json:2:15: NUL byte; a JSON file is text");
}

TEST_F(HostileFiles, AnAllZeroFileOnDiskIsRefusedWithItsName) {
    test::TempDir dir;
    const fs::path file = dir.path() / "zeros.scene.json";
    std::ofstream(file, std::ios::binary) << std::string(1 << 16, '\0');
    World world(registry);
    Diagnostics d;
    EXPECT_FALSE(load_scene(world, file, project, prefabs, d).ok());
    EXPECT_EQ(d.format(), "error: " + file.string() + ":1:1: NUL byte; a JSON file is text\n");
}

// ---- nesting and size ----

TEST_F(HostileFiles, AHundredThousandNestedArraysStopAtTheDepthLimitWhileParsing) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const std::string error = scene_error(deep, "deep.scene.json");
    std::string path;
    for (int i = 0; i < 64; ++i)
        path += "[0]";
    EXPECT_EQ(error, "deep.scene.json: " + path + ": nesting deeper than 64 levels");
}

// The parser keeps its own stack (no recursion): even with the depth limit lifted, 100,000
// nested arrays parse on a thread with a 256 KiB stack.
TEST(JsonParser, NestingDoesNotRecurse) {
    struct Job {
        std::string text = std::string(100000, '[') + std::string(100000, ']');
        bool parsed = false;
    } job;
    auto run = [](void* arg) -> void* {
        auto* j = static_cast<Job*>(arg);
        // nlohmann's parser and destructor keep their own stacks too.
        j->parsed = parse_json(j->text, "deep.json", JsonLimits{.max_depth = 200000}).ok();
        return nullptr;
    };
    pthread_attr_t attr;
    ASSERT_EQ(pthread_attr_init(&attr), 0);
    ASSERT_EQ(pthread_attr_setstacksize(&attr, kAddressSanitizer ? 4u << 20 : 256u << 10), 0);
    pthread_t thread;
    ASSERT_EQ(pthread_create(&thread, &attr, run, &job), 0);
    ASSERT_EQ(pthread_join(thread, nullptr), 0);
    pthread_attr_destroy(&attr);
    EXPECT_TRUE(job.parsed);
}

TEST_F(HostileFiles, ATenToTheEighthElementArrayIsRefusedBeforeItsValuesAreAllocated) {
    constexpr std::size_t kElements = 100'000'000;
    // 1 GiB more address space: the text takes 0.2 GB; all its values as JSON would take 1.6 GB.
    const ChildResult child = run_with_memory_cap(1u << 30, [&] {
        std::string text(2 * kElements + 1, ',');
        text.front() = '[';
        text.back() = ']';
        for (std::size_t i = 1; i < text.size(); i += 2)
            text[i] = '0';
        std::string out = scene_error(text, "array.scene.json") + "\n";
        // With the size limit lifted, the value limit stops it while parsing.
        auto parsed = parse_json(text, "array.json", JsonLimits{.max_bytes = 1u << 30});
        out += parsed ? std::string("parsed") : parsed.error().describe();
        return out;
    });
    ASSERT_TRUE(WIFEXITED(child.status) && WEXITSTATUS(child.status) == 0)
        << "the child crashed or ran out of memory: " << child.status;
    EXPECT_EQ(child.output, "array.scene.json: file is 200000001 bytes; the limit is 67108864\n"
                            "array.json: [8388607]: more than 8388608 values in one file");
}

TEST_F(HostileFiles, AGigabyteFileIsRefusedBeforeReadingIt) {
    test::TempDir dir;
    auto sparse = [&](const fs::path& relative) {
        const fs::path file = dir.path() / relative;
        fs::create_directories(file.parent_path());
        std::ofstream(file).put('{');
        fs::resize_file(file, 1ull << 30); // no disk used
        return file;
    };
    const fs::path scene = sparse("scenes/huge.scene.json");
    const fs::path prefab = sparse("prefabs/huge.prefab.json");
    const fs::path project_file = sparse("huge/project.json");
    const ChildResult child = run_with_memory_cap(64u << 20, [&] {
        World world(registry);
        Diagnostics d;
        (void)load_scene(world, scene, project, prefabs, d);
        Project here = project;
        here.root = dir.path();
        (void)load_prefab(here, "prefabs/huge.prefab.json", registry, d);
        (void)load_project(project_file.parent_path(), d);
        return d.format();
    });
    ASSERT_TRUE(WIFEXITED(child.status) && WEXITSTATUS(child.status) == 0) << child.status;
    EXPECT_EQ(child.output, "error: " + scene.string() +
                                ": file is 1073741824 bytes; the limit is 67108864\n"
                                "error: prefabs/huge.prefab.json: file is 1073741824 bytes; the "
                                "limit is 16777216\n"
                                "error: " +
                                project_file.string() +
                                ": file is 1073741824 bytes; the limit is 1048576\n");
}

// ---- text encoding and syntax ----

TEST_F(HostileFiles, InvalidUtf8IsRefusedWithTheFileAndPosition) {
    struct Case {
        std::string bytes;
        const char* shown; // how the bad bytes appear in the message
    };
    const Case cases[] = {
        {"\xff", "\\xff"},                  // never valid
        {"\xc0\xaf", "\\xc0"},              // overlong '/'
        {"\xed\xa0\x80", "\\xed\\xa0"},     // a UTF-16 surrogate
        {"ok\xe2\x82", "\\xe2\\x82\""},     // cut short
        {"\xf4\x90\x80\x80", "\\xf4\\x90"}, // beyond U+10FFFF
    };
    for (const Case& c : cases) {
        const std::string text = "{\"format\": \"diorama.scene\", \"version\": 1, \"objects\": "
                                 "[\n  {\"guid\": \"0000000000000001\", \"name\": \"" +
                                 c.bytes + "\"}]}";
        const std::string error = scene_error(text, "utf8.scene.json");
        SCOPED_TRACE(c.shown);
        EXPECT_TRUE(error.starts_with("utf8.scene.json:2:")) << error;
        EXPECT_TRUE(contains(error, "objects[0].name: syntax error while parsing value - invalid "
                                    "string: ill-formed UTF-8 byte"))
            << error;
        EXPECT_TRUE(contains(error, c.shown)) << error;
        for (char ch : error)
            EXPECT_LT(static_cast<unsigned char>(ch), 0x80) << "the message is plain ASCII";
    }
}

TEST_F(HostileFiles, ALoneEscapedSurrogateIsRefused) {
    const std::string error = scene_error(
        R"({"format": "diorama.scene", "version": 1, "name": "\ud800x", "objects": []})",
        "surrogate.scene.json");
    EXPECT_TRUE(contains(error, "surrogate.scene.json:1:")) << error;
    EXPECT_TRUE(contains(error, ": name: syntax error")) << error;
    EXPECT_TRUE(contains(error, "surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF"))
        << error;
}

TEST_F(HostileFiles, DuplicateKeysAreRefusedAtEveryLevelNotLastWins) {
    EXPECT_EQ(scene_error(R"({"format": "diorama.scene", "version": 1, "version": 1,
                             "objects": []})"),
              "hostile.scene.json: version: duplicate key \"version\"");
    EXPECT_EQ(
        scene_error(one_object(R"({"Transform2D": {"position": [1, 2], "position": [3, 4]}})")),
        "hostile.scene.json: objects[0].components.Transform2D.position: duplicate key "
        "\"position\"");
    EXPECT_EQ(scene_error(one_object(R"({"Shape": {}, "Shape": {}})")),
              "hostile.scene.json: objects[0].components.Shape: duplicate key \"Shape\"");
}

// ---- numbers ----

TEST_F(HostileFiles, NullAndOverflowingNumbersAreRefusedOnLoad) {
    EXPECT_EQ(scene_error(one_object(R"({"Transform2D": {"position": [null, 2]}})")),
              "hostile.scene.json: objects[0].components.Transform2D.position[0]: expected a "
              "number, got null");
    EXPECT_EQ(scene_error(one_object(R"({"Transform2D": {"rotation_deg": 1e400}})")),
              "hostile.scene.json:2:81: objects[0].components.Transform2D.rotation_deg: number "
              "overflow parsing '1e400'");
    EXPECT_EQ(scene_error(one_object(R"({"Transform2D": {"scale": [-1e400, 1]}})")),
              "hostile.scene.json:2:76: objects[0].components.Transform2D.scale[0]: number "
              "overflow parsing '-1e400'");
    EXPECT_EQ(scene_error(one_object(R"({"Properties": {"values": {"x": 1e39}}})")),
              "hostile.scene.json: objects[0].components.Properties.values.x: expected a finite "
              "number within float range");
    EXPECT_EQ(scene_error(one_object(R"({"Sprite": {"order": 2147483648}})")),
              "hostile.scene.json: objects[0].components.Sprite.order: integer out of 32-bit "
              "range");
}

TEST_F(HostileFiles, NanAndInfinityAreRefusedOnSaveNamingTheFieldAndNothingIsWritten) {
    test::TempDir dir;
    const fs::path path = dir.path() / "level.scene.json";
    {
        World world(registry);
        (void)world.create(ObjectDef{.guid = Guid{1}});
        ASSERT_TRUE(save_scene(world, path, "level", prefabs).ok());
    }
    const std::string before = slurp(path);
    const std::function<void(World&, Handle)> poison[] = {
        [](World& w, Handle h) { w.get<Transform2D>(h)->position.y = kInf; },
        [](World& w, Handle h) { w.add<Shape>(h)->color.a = -kInf; },
        [](World& w, Handle h) { w.add<Properties>(h)->values["speed"] = kNan; },
        [](World& w, Handle h) {
            w.add<UnknownComponents>(h)->components["Future"] = Json::parse(R"({"a": [1, 2]})");
            w.get<UnknownComponents>(h)->components["Future"]["a"][1] =
                std::numeric_limits<double>::infinity();
        },
    };
    const char* expected[] = {
        "objects[0] (0000000000000001).components.Transform2D.position",
        "objects[0] (0000000000000001).components.Shape.color",
        "objects[0] (0000000000000001).components.Properties.values",
        "objects[0] (0000000000000001).components.Future.a[1]",
    };
    for (std::size_t i = 0; i < std::size(poison); ++i) {
        World world(registry);
        const Handle h = world.create(ObjectDef{.guid = Guid{1}}).value();
        poison[i](world, h);
        auto saved = save_scene(world, path, "level", prefabs);
        ASSERT_FALSE(saved.ok()) << expected[i];
        EXPECT_EQ(saved.error().describe(),
                  path.string() + ": " + expected[i] + ": NaN or infinity cannot be saved");
        EXPECT_EQ(slurp(path), before) << "the file on disk is untouched";
    }
}

TEST_F(HostileFiles, NanInAPrefabIsRefusedOnSave) {
    Prefab prefab = *prefabs.find("block");
    prefab.unknown["Future"] = Json::parse(R"({"x": 0})");
    prefab.unknown["Future"]["x"] = std::nan("");
    auto json = prefab_to_json(prefab);
    ASSERT_FALSE(json.ok());
    EXPECT_EQ(json.error().describe(), "components.Future.x: NaN or infinity cannot be saved");
}

// ---- guids and references ----

TEST_F(HostileFiles, DuplicateGuidsAreRefusedWhateverTheirSpelling) {
    EXPECT_EQ(scene_error(R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "00000000000000ab"}, {"guid": "00000000000000AB"}]})"),
              "hostile.scene.json: objects[1].guid: guid 00000000000000AB is also used by "
              "objects[0]");
}

struct Holder {
    Guid target{};
};

TEST_F(HostileFiles, DanglingReferencesAreKeptReportedAndSavedUnchanged) {
    TypeRegistry local;
    register_builtin_components(local);
    ASSERT_TRUE(
        local.add(TypeBuilder<Holder>("Holder").field<&Holder::target>("target").build()).ok());
    const std::string text = R"({"format": "diorama.scene", "version": 1, "objects": [
        {"guid": "0000000000000001", "components": {"Holder": {"target": "00000000000000ff"}}}]})";
    World world(local);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(world, text, "refs.scene.json", project, prefabs, d).ok())
        << d.format();
    EXPECT_EQ(d.format(), "warning: refs.scene.json: objects[0].components.Holder.target: "
                          "reference to missing object 00000000000000ff\n");
    EXPECT_EQ(world.get<Holder>(world.find(Guid{1}))->target, Guid{0xff}) << "kept";

    auto saved = scene_to_json(world, "refs", prefabs);
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ((*saved)["objects"][0]["components"]["Holder"]["target"], "00000000000000ff");
    World again(local);
    Diagnostics d2;
    ASSERT_TRUE(
        load_scene_text(again, to_pretty_json(*saved), "refs.scene.json", project, prefabs, d2)
            .ok());
    auto resaved = scene_to_json(again, "refs", prefabs);
    ASSERT_TRUE(resaved.ok());
    EXPECT_EQ(to_pretty_json(*resaved), to_pretty_json(*saved)) << "saved unchanged";
    EXPECT_EQ(d2.warning_count(), 1u) << "and reported again";
}

// ---- assets ----

TEST_F(HostileFiles, AMissingSpriteLoadsWithAWarningAndItsPathIsSavedUnchanged) {
    World world(registry);
    Diagnostics d;
    ASSERT_TRUE(load_scene_text(world, one_object(R"({"Sprite": {"image": "sprites/gone.png"}})"),
                                "sprite.scene.json", project, prefabs, d)
                    .ok())
        << d.format();
    EXPECT_EQ(d.format(), "warning: sprite.scene.json: objects[0].components.Sprite.image: asset "
                          "\"sprites/gone.png\" does not exist\n");
    auto saved = scene_to_json(world, "sprite", prefabs);
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ((*saved)["objects"][0]["components"]["Sprite"]["image"], "sprites/gone.png");
}

} // namespace
} // namespace diorama
