// diorama-scenegen: writes a benchmark project (BOUNCE's module and prefabs) with a generated
// scene, for scripts/bench.sh and for trying the player and the editor on big scenes.
//
//   diorama-scenegen OUT_DIR content|bounce COUNT [--name NAME] [--bounce-project DIR]

#include "scene_gen.h"

#include "diorama/diagnostics.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace diorama;

constexpr const char* kUsage =
    "usage: diorama-scenegen OUT_DIR content|bounce|tiles COUNT [--name NAME] [--bounce-project "
    "DIR]\n"
    "  Writes OUT_DIR/project.json (module bounce, startup scene = this scene), BOUNCE's prefabs\n"
    "  and OUT_DIR/scenes/NAME.scene.json (NAME defaults to KIND_COUNT).\n"
    "  content: COUNT static objects (bricks, blocks, coins, child markers) on a grid.\n"
    "  bounce:  COUNT balls bouncing in an arena with a wide paddle and unbreakable bricks.\n"
    "  tiles:   one COUNT x COUNT tile map of terrain (two layers).\n";

int fail(const std::string& message, int code) {
    std::fprintf(stderr, "diorama-scenegen: %s\n", message.c_str());
    if (code == 2) std::fputs(kUsage, stderr);
    return code;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    std::vector<std::string_view> positional;
    std::string name;
    fs::path bounce_root = bench::default_bounce_root();
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        }
        if (args[i] == "--name" || args[i] == "--bounce-project") {
            if (i + 1 == args.size()) return fail(std::string(args[i]) + " needs a value", 2);
            const std::string value(args[++i]);
            if (args[i - 1] == "--name")
                name = value;
            else
                bounce_root = value;
            continue;
        }
        positional.push_back(args[i]);
    }
    if (positional.size() != 3) return fail("expected OUT_DIR, KIND and COUNT", 2);
    auto kind = bench::parse_scene_kind(positional[1]);
    if (!kind) return fail(kind.error().message, 2);
    std::size_t count = 0;
    const std::string_view count_text = positional[2];
    const auto parsed =
        std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
    if (parsed.ec != std::errc{} || parsed.ptr != count_text.data() + count_text.size() ||
        count == 0)
        return fail("COUNT must be a positive integer, got \"" + std::string(count_text) + "\"", 2);
    if (name.empty()) name = std::string(positional[1]) + "_" + std::string(count_text);

    const fs::path root = fs::absolute(fs::path(positional[0]));
    const std::string scene = "scenes/" + name + ".scene.json";

    // The prefabs come from the BOUNCE project; the project written keeps their paths.
    Diagnostics diagnostics;
    auto bounce = load_project(bounce_root, diagnostics);
    if (!bounce) return fail(diagnostics.format() + bounce.error().describe(), 1);
    TypeRegistry registry;
    bench::register_bench_types(registry);
    PrefabLibrary prefabs;
    prefabs.load_folder(*bounce, registry, diagnostics);
    if (diagnostics.has_errors()) return fail(diagnostics.format(), 1);

    World world(registry);
    world.set_prefabs(&prefabs);
    if (auto filled = bench::fill_scene(world, prefabs, *kind, count); !filled)
        return fail(filled.error().describe(), 1);
    std::error_code ec;
    fs::create_directories(root / "scenes", ec);
    if (auto saved = save_scene(world, root / scene, name, prefabs, SaveOptions{.backups = 0});
        !saved)
        return fail(saved.error().describe(), 1);
    if (auto written = bench::write_bench_project(root, bounce_root, scene); !written)
        return fail(written.error().describe(), 1);
    std::printf("%s: %zu objects, %ju bytes\n", (root / scene).c_str(), world.object_count(),
                static_cast<std::uintmax_t>(fs::file_size(root / scene, ec)));
    return 0;
}
