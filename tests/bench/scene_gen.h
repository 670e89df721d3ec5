#pragma once
// Generated scenes for the benchmarks and scripts/bench.sh: large scenes are made by code, never
// committed. Both kinds use the BOUNCE sample's module and prefabs, so the player and the editor
// can open them like any project.
//
//   content: N objects on a grid 40 units apart, object i at column i % C and row i / C, where C
//            is sqrt(N) rounded up to a multiple of 10 (object 0 at the origin). Per ten: four
//            brick prefab instances with overrides, three plain blocks (Shape + Collider), two
//            coins (Properties, trigger Collider) and one marker, a child of the coin before it
//            (14 units above it, so its own grid point stays empty). For the file, check and
//            editor figures. Nothing moves.
//   tiles:   one object ("Terrain", kTerrainGuid) with a TileMap of N x N cells: a terrain grid
//            (terrain_tile_grid) of the project's tilesets/terrain.tileset.json, for the tile
//            figures (painting in the editor).
//   bounce:  N balls flying in an arena scaled to them, bouncing off the walls, a paddle as wide
//            as the arena and a field of bricks too tough to break (each hit throws a particle),
//            for whole-tick figures. Every ball moves and collides for as long as it runs.
//
// The same arguments always give the same scene (a fixed-seed generator, no clock).
//
// A terrain tile grid (terrain_tile_grid) stands for a large painted level: two layers of w x h
// cells, ground under a rolling surface line with grass on top, floating ledges, and a
// decoration layer with a tile on about 3% of the cells above the ground.

#include "diorama/handle.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/result.h"
#include "diorama/tile_grid.h"
#include "diorama/type_registry.h"

#include <cstddef>
#include <filesystem>
#include <string_view>

namespace diorama {
class World;
} // namespace diorama

namespace diorama::bench {

enum class SceneKind { Content, Bounce, Tiles };

// "content", "bounce" or "tiles"; anything else fails.
[[nodiscard]] Result<SceneKind> parse_scene_kind(std::string_view text);

// Registers the built-in components and BOUNCE's into a fresh registry.
void register_bench_types(TypeRegistry& registry);

// Writes a project folder at root: project.json (module "bounce", the given project-relative
// startup scene), a copy of the prefabs of the BOUNCE project at bounce_root and the terrain
// tileset (an 8-tile set on the platformer's tile image). Existing files are replaced.
[[nodiscard]] Result<void> write_bench_project(const std::filesystem::path& root,
                                               const std::filesystem::path& bounce_root,
                                               std::string_view startup_scene);

// Fills an empty world (whose prefabs are BOUNCE's) with a scene of the kind: `count` objects
// for Content, `count` balls (plus arena, paddle, bricks and a camera) for Bounce.
// Fails when a prefab is missing from the library.
[[nodiscard]] Result<void> fill_scene(World& world, const PrefabLibrary& prefabs, SceneKind kind,
                                      std::size_t count);

// The tiles scene's object and its tileset.
inline constexpr Guid kTerrainGuid{0x7e55e1a7000000a1};
inline constexpr const char* kTerrainTileset = "tilesets/terrain.tileset.json";

// A terrain grid of w x h cells (tiles 1..8 of an 8-tile set), the same for the same size.
[[nodiscard]] TileGrid terrain_tile_grid(std::int32_t w, std::int32_t h);

// The BOUNCE sample of this source tree (compiled in), for defaults.
[[nodiscard]] std::filesystem::path default_bounce_root();

// What the benchmarks load scenes with: the built-in and BOUNCE types, the BOUNCE sample project
// and its prefabs.
struct BounceContext {
    TypeRegistry registry;
    Project project;
    PrefabLibrary prefabs;
};

// Loaded on first use from default_bounce_root(); exits the process with a message when the
// sample does not load (a benchmark cannot run without it).
[[nodiscard]] const BounceContext& bounce_context();

} // namespace diorama::bench
