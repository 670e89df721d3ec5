#pragma once
// Internal: the scene loader's fast path. simdjson's On-Demand parser reads a scene's text into
// staged objects without touching any world; the loader then creates them all at once. Whatever
// the fast path does not take exactly as the precise reader (scene_file_read.cpp) would without a
// word (a syntax error, a duplicate key, an unknown component, a value out of range, a warning of
// any kind) makes it give up, and the precise reader reads the text from the start and reports:
// messages, their locations and the objects made never depend on which path ran.

#include "component_json.h"
#include "diorama/file_io.h"
#include "diorama/handle.h"
#include "diorama/json_io.h"
#include "diorama/large_block.h"
#include "diorama/result.h"
#include "scene_references.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {
class PoolBase;
class PrefabLibrary;
struct Prefab;
struct TypeInfo;
class World;
} // namespace diorama

namespace diorama::detail {

// Bytes a text given to stage_scene must have readable (any value) after its end.
inline constexpr std::size_t kFastReadPadding = kFileBytesPadding;

// Bytes of a scene's objects the fast path indexes at a time, at least (whole entries): its
// index then takes memory in proportion to them, not to the whole text.
inline constexpr std::size_t kFastReadWindowBytes = 256 * 1024;

// One object entry, as the precise reader would have read it.
struct StagedObject {
    Guid guid{};
    std::string name;
    std::optional<std::uint32_t> layer; // index in StagedScene::layers; none: the first layer
    std::optional<Guid> parent;
    const Prefab* prefab = nullptr; // null: not an instance
    Guid part{};                    // the object of the prefab it comes from (null: the root)
};

// A scene's text, read but not yet in a world.
struct StagedScene {
    Json head = Json::object(); // the root's values but "objects": format, version, name, layers
    std::vector<std::string> layers;
    LargeVector<StagedObject> objects;            // in entry order
    std::vector<std::unique_ptr<PoolBase>> given; // per type id: the entries' values, or null
    std::size_t windows = 0; // the windows its objects were read in (0: none, or indexed whole)
};

// What staging reads against.
struct StageContext {
    const World& world;           // its registry and tilesets; not changed
    const PrefabLibrary& prefabs; // instances' prefabs
    AssetChecks& assets;          // asset paths (the same checks as the precise reader's)
    std::string_view file;        // for the component reader of rare fields
    JsonLimits limits;            // the precise parser's limits: text beyond them is not staged
    std::size_t window_bytes = kFastReadWindowBytes; // objects' text indexed at a time, at least
};

// Stages text (a scene file; kFastReadPadding readable bytes after its end); nullopt when the
// precise reader must read it (see above).
[[nodiscard]] std::optional<StagedScene> stage_scene(std::string_view text,
                                                     const StageContext& context);

// True when the staged scene's header (format, version, name) reads without a word, as the
// precise reader reads it; else the precise reader reads the scene, to report.
[[nodiscard]] bool header_is_clean(const StagedScene& staged, std::string_view file);

// Gives the memory the staging freed (many small blocks) back to the system, so a loaded scene
// holds no more than the precise reader's would.
void return_free_memory();

// Creates the staged objects in world (its layers already made from staged.layers): each with
// its name, layer, PrefabInstance link and components in registry order (each from the prefab's
// value or the defaults, with the entry's fields written), as the precise reader makes them.
// Fails only when the world refuses an object (memory), naming the entry.
[[nodiscard]] Result<LargeVector<ReadObject>> commit_staged(World& world, StagedScene& staged);

} // namespace diorama::detail
