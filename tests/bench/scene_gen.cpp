#include "scene_gen.h"

#include "bounce.h"
#include "diorama/components.h"
#include "diorama/file_io.h"
#include "diorama/json_io.h"
#include "diorama/prefab.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>

namespace diorama::bench {

namespace fs = std::filesystem;

namespace {

// ---- deterministic numbers ----

// SplitMix64: the same sequence on every platform (unlike the standard distributions).
class Numbers {
public:
    explicit Numbers(std::uint64_t seed) : m_state(seed) {}

    // Uniform in [0, 1).
    float unit() {
        m_state += 0x9e3779b97f4a7c15ull;
        std::uint64_t z = m_state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        return static_cast<float>(z >> 40) / static_cast<float>(1u << 24);
    }
    float between(float lo, float hi) { return lo + (hi - lo) * unit(); }

private:
    std::uint64_t m_state;
};

// ---- helpers ----

Result<const Prefab*> need_prefab(const PrefabLibrary& prefabs, std::string_view name) {
    const Prefab* p = prefabs.find(name);
    if (p == nullptr)
        return make_error(ErrorCode::NotFound, "the prefab library has no \"" + std::string(name) +
                                                   "\" (is it BOUNCE's?)");
    return p;
}

Result<Handle> place(World& world, const Prefab& prefab, std::string name, glm::vec2 at,
                     LayerId layer) {
    auto h = instantiate(world, prefab, ObjectDef{.name = std::move(name), .layer = layer});
    if (!h) return h.error();
    world.get<Transform2D>(*h)->position = at;
    return *h;
}

// ---- content ----

constexpr float kContentSpacing = 40.0f; // world units between grid points

Result<void> fill_content(World& world, const PrefabLibrary& prefabs, std::size_t count) {
    auto brick = need_prefab(prefabs, "brick");
    if (!brick) return brick.error();
    const LayerId layer = world.add_layer("world");
    // A multiple of 10 columns keeps each marker (i % 10 == 9) in its parent's row.
    const auto columns =
        10 * static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(count)) / 10.0));
    Numbers numbers(0x5eed0001);
    Handle previous{};
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 at(static_cast<float>(i % columns) * kContentSpacing,
                           static_cast<float>(i / columns) * kContentSpacing);
        const std::string index = std::to_string(i);
        Handle h{};
        switch (i % 10) {
        case 0:
        case 1:
        case 2:
        case 3: { // a prefab instance overriding a few fields
            auto placed = place(world, **brick, "Brick " + index, at, layer);
            if (!placed) return placed.error();
            h = *placed;
            world.get<Shape>(h)->color = {numbers.unit(), numbers.unit(), numbers.unit(), 1.0f};
            world.get<Shape>(h)->size = {32.0f, 16.0f};
            world.get<Collider>(h)->half_extents = {16.0f, 8.0f};
            world.get<Properties>(h)->values["hp"] = static_cast<std::int32_t>(1 + i % 3);
            world.get<bounce::Brick>(h)->points = static_cast<std::int32_t>(10 * (1 + i % 3));
            break;
        }
        case 4:
        case 5:
        case 6: { // a plain block
            auto created = world.create(ObjectDef{.name = "Block " + index, .layer = layer});
            if (!created) return created.error();
            h = *created;
            world.get<Transform2D>(h)->position = at;
            world.get<Transform2D>(h)->rotation_deg = numbers.between(-30.0f, 30.0f);
            Shape& shape = *world.add<Shape>(h);
            shape.size = {28.0f, 20.0f};
            shape.color = {0.4f, 0.5f, numbers.unit(), 1.0f};
            world.add<Collider>(h)->half_extents = {14.0f, 10.0f};
            break;
        }
        case 7:
        case 8: { // a coin: a trigger with properties
            auto created = world.create(ObjectDef{.name = "Coin " + index, .layer = layer});
            if (!created) return created.error();
            h = *created;
            world.get<Transform2D>(h)->position = at;
            Shape& shape = *world.add<Shape>(h);
            shape.kind = ShapeKind::Circle;
            shape.radius = 10.0f;
            shape.color = {1.0f, 0.85f, 0.2f, 1.0f};
            Collider& collider = *world.add<Collider>(h);
            collider.kind = ColliderKind::Circle;
            collider.radius = 10.0f;
            collider.trigger = true;
            Properties& props = *world.add<Properties>(h);
            props.values["kind"] = std::string("coin");
            props.values["value"] = static_cast<std::int32_t>(i % 7);
            break;
        }
        default: { // a marker, child of the coin before it
            auto created = world.create(
                ObjectDef{.name = "Marker " + index, .layer = layer, .parent = previous});
            if (!created) return created.error();
            h = *created;
            world.get<Transform2D>(h)->position = {0.0f, 14.0f};
            Shape& shape = *world.add<Shape>(h);
            shape.size = {6.0f, 6.0f};
            shape.order = 1;
            break;
        }
        }
        previous = h;
    }
    return {};
}

// ---- bounce ----

constexpr float kAreaPerBall = 64.0f * 64.0f; // world units squared of free space per ball
constexpr float kBrickBand = 0.2f;            // fraction of the arena's height holding bricks
constexpr float kBallSpeed = 300.0f;          // world units per second
constexpr std::int32_t kToughBrickHp = 1'000'000'000; // never breaks within a benchmark

Result<void> fill_bounce(World& world, const PrefabLibrary& prefabs, std::size_t balls) {
    auto arena_prefab = need_prefab(prefabs, "arena");
    auto paddle_prefab = need_prefab(prefabs, "paddle");
    auto ball_prefab = need_prefab(prefabs, "ball");
    auto brick_prefab = need_prefab(prefabs, "brick");
    for (const auto* r : {&arena_prefab, &paddle_prefab, &ball_prefab, &brick_prefab})
        if (!*r) return r->error();

    (void)world.rename_layer(0, "background");
    const LayerId layer = world.add_layer("world");
    // Balls fly in the lower (1 - kBrickBand) of a 4:3 arena.
    const float area = static_cast<float>(balls) * kAreaPerBall / (1.0f - kBrickBand);
    const float width = std::max(800.0f, std::sqrt(area * 4.0f / 3.0f));
    const glm::vec2 size(width, width * 0.75f);
    const glm::vec2 center = size * 0.5f;

    auto made = world.create(ObjectDef{.name = "Camera"});
    if (!made) return made.error();
    const Handle camera = *made;
    world.get<Transform2D>(camera)->position = center;
    world.add<Camera2D>(camera)->zoom = 800.0f / size.x;

    auto arena = place(world, **arena_prefab, "Arena", center, 0);
    if (!arena) return arena.error();
    world.get<bounce::Arena>(*arena)->size = size;
    world.get<Shape>(*arena)->size = size;

    auto paddle = place(world, **paddle_prefab, "Paddle", {center.x, 24.0f}, layer);
    if (!paddle) return paddle.error();
    world.get<Collider>(*paddle)->half_extents.x = size.x * 0.5f;
    world.get<Shape>(*paddle)->size.x = size.x;

    const glm::vec2 brick_step(80.0f, 32.0f);
    const float band_bottom = size.y * (1.0f - kBrickBand);
    const auto columns = static_cast<int>(size.x / brick_step.x);
    const auto rows = static_cast<int>(size.y * kBrickBand / brick_step.y);
    for (int row = 0; row < rows; ++row) {
        for (int column = 0; column < columns; ++column) {
            const glm::vec2 at((static_cast<float>(column) + 0.5f) * brick_step.x,
                               band_bottom + (static_cast<float>(row) + 0.5f) * brick_step.y);
            auto brick =
                place(world, **brick_prefab,
                      "Brick " + std::to_string(column) + "," + std::to_string(row), at, layer);
            if (!brick) return brick.error();
            world.get<Properties>(*brick)->values["hp"] = kToughBrickHp;
            world.get<bounce::Brick>(*brick)->particle_count = 1;
            world.get<Shape>(*brick)->color = {0.3f + 0.1f * static_cast<float>(row % 7), 0.8f,
                                               0.4f, 1.0f};
        }
    }

    Numbers numbers(0x5eed0002);
    for (std::size_t i = 0; i < balls; ++i) {
        const glm::vec2 at(numbers.between(16.0f, size.x - 16.0f),
                           numbers.between(64.0f, band_bottom - 16.0f));
        auto ball = place(world, **ball_prefab, "Ball " + std::to_string(i), at, layer);
        if (!ball) return ball.error();
        bounce::Ball& b = *world.get<bounce::Ball>(*ball);
        b.serve_remaining_s = 0.0f;
        b.speed = kBallSpeed;
        // Steeper than the game's 15 degree minimum from horizontal, either way up.
        const float angle =
            glm::radians(numbers.between(20.0f, 70.0f) + 90.0f * static_cast<float>(i % 4));
        world.get<Velocity>(*ball)->linear =
            kBallSpeed * glm::vec2(std::cos(angle), std::sin(angle));
    }
    return {};
}

} // namespace

Result<SceneKind> parse_scene_kind(std::string_view text) {
    if (text == "content") return SceneKind::Content;
    if (text == "bounce") return SceneKind::Bounce;
    if (text == "tiles") return SceneKind::Tiles;
    return make_error(ErrorCode::InvalidArgument, "unknown scene kind \"" + std::string(text) +
                                                      "\" (content, bounce or tiles)");
}

void register_bench_types(TypeRegistry& registry) {
    register_builtin_components(registry);
    // A fresh registry has none of BOUNCE's types, so this cannot fail.
    [[maybe_unused]] const Result<void> added = bounce::register_bounce(registry);
    assert(added.ok());
}

Result<void> write_bench_project(const fs::path& root, const fs::path& bounce_root,
                                 std::string_view startup_scene) {
    std::error_code ec;
    fs::create_directories(root / "prefabs", ec);
    if (!ec) fs::create_directories(root / "scenes", ec);
    if (ec)
        return make_error(ErrorCode::Io, "cannot create folders: " + ec.message(), root.string());
    for (const auto& entry : fs::directory_iterator(bounce_root / "prefabs", ec)) {
        if (!entry.path().string().ends_with(".prefab.json")) continue;
        fs::copy_file(entry.path(), root / "prefabs" / entry.path().filename(),
                      fs::copy_options::overwrite_existing, ec);
        if (ec) break;
    }
    if (ec)
        return make_error(ErrorCode::Io, "cannot copy BOUNCE's prefabs: " + ec.message(),
                          (bounce_root / "prefabs").string());
    // The tiles scene's tileset: the platformer's tile image, cut into eight 16-pixel tiles.
    fs::create_directories(root / "tilesets", ec);
    fs::create_directories(root / "sprites", ec);
    fs::copy_file(fs::path(DIORAMA_SOURCE_DIR) / "projects/platformer/sprites/tiles.png",
                  root / "sprites/terrain.png", fs::copy_options::overwrite_existing, ec);
    if (ec) return make_error(ErrorCode::Io, "cannot copy the tile image: " + ec.message());
    const Json tileset = {
        {"format", "diorama.tileset"},
        {"version", 1},
        {"image", "sprites/terrain.png"},
        {"tile_size", {16.0, 16.0}},
        {"columns", 4},
        {"count", 8},
        {"tiles",
         {{"1", {{"solid", true}}}, {"2", {{"solid", true}}}, {"3", {{"one_way", true}}}}}};
    if (auto written = save_file_atomic(root / kTerrainTileset, to_pretty_json(tileset),
                                        SaveOptions{.backups = 0});
        !written)
        return written;
    const Json project = {{"format", "diorama.project"},    {"version", 1},
                          {"name", "Diorama benchmarks"},   {"module", "bounce"},
                          {"startup_scene", startup_scene}, {"scene_folder", "scenes"},
                          {"prefab_folder", "prefabs"},     {"tick_rate_hz", 60}};
    return save_file_atomic(root / "project.json", to_pretty_json(project),
                            SaveOptions{.backups = 0});
}

TileGrid terrain_tile_grid(std::int32_t w, std::int32_t h) {
    TileGrid grid = empty_tile_grid(w, h, "ground");
    (void)grid.add_layer("decoration");
    Numbers numbers(0x7113);
    const float base = static_cast<float>(h) * 0.6f;
    for (std::int32_t x = 0; x < w; ++x) {
        // A rolling surface: two slow waves and a little noise.
        const float fx = static_cast<float>(x);
        const auto surface =
            static_cast<std::int32_t>(base + 12.0f * std::sin(fx * 0.013f) +
                                      5.0f * std::sin(fx * 0.071f) + numbers.between(0.0f, 1.5f));
        for (std::int32_t y = std::max(surface, 0); y < h; ++y)
            grid.set(0, x, y, y == surface ? TileId{2} : TileId{1});
        // Ledges of 4..12 tiles every so often, above the surface.
        if (x % 37 == 0)
            for (std::int32_t k = 0; k < 4 + x % 9 && x + k < w; ++k)
                grid.set(0, x + k, std::max(surface - 6 - x % 5, 0), TileId{3});
        for (std::int32_t y = 0; y < std::min(surface, h); ++y)
            if (numbers.unit() < 0.03f)
                grid.set(1, x, y, static_cast<TileId>(4 + static_cast<int>(numbers.unit() * 5.0f)));
    }
    return grid;
}

Result<void> fill_scene(World& world, const PrefabLibrary& prefabs, SceneKind kind,
                        std::size_t count) {
    switch (kind) {
    case SceneKind::Content:
        return fill_content(world, prefabs, count);
    case SceneKind::Bounce:
        return fill_bounce(world, prefabs, count);
    case SceneKind::Tiles: {
        const auto side =
            static_cast<std::int32_t>(std::min(count, static_cast<std::size_t>(kMaxTileGridSide)));
        auto made = world.create(ObjectDef{.name = "Terrain", .guid = kTerrainGuid});
        if (!made) return made.error();
        TileMap* map = world.add<TileMap>(*made);
        map->tileset = kTerrainTileset;
        map->tiles = terrain_tile_grid(side, side);
        return {};
    }
    }
    return {};
}

fs::path default_bounce_root() {
    return fs::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
}

const BounceContext& bounce_context() {
    static const BounceContext* context = [] {
        auto* c = new BounceContext;
        register_bench_types(c->registry);
        Diagnostics diagnostics;
        auto project = load_project(default_bounce_root(), diagnostics);
        if (project) {
            c->project = *project;
            c->prefabs.load_folder(c->project, c->registry, diagnostics);
        }
        if (!project || diagnostics.has_errors()) {
            std::fprintf(stderr, "cannot load the BOUNCE sample: %s\n",
                         diagnostics.format().c_str());
            std::exit(1);
        }
        return c;
    }();
    return *context;
}

} // namespace diorama::bench
