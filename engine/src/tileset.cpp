#include "diorama/tileset.h"

#include "component_json.h"
#include "diorama/file_io.h"
#include "diorama/project.h"
#include "document.h"

#include <algorithm>
#include <atomic>
#include <charconv>

namespace diorama {

namespace fs = std::filesystem;

// clang-format off
template <>
TypeInfo describe<TileInfo>() {
    return TypeBuilder<TileInfo>("Tile")
        .field<&TileInfo::solid>("solid").tooltip("Blocks movers from every side")
        .field<&TileInfo::one_way>("one_way").tooltip("Blocks only from above")
        .field<&TileInfo::properties>("properties")
        .build();
}

template <>
TypeInfo describe<TilesetImage>() {
    return TypeBuilder<TilesetImage>("Tileset")
        .field<&TilesetImage::image>("image").asset(AssetKind::Image)
        .field<&TilesetImage::tile_size>("tile_size").min(1.0f).speed(1.0f).tooltip("Pixels of one tile in the image")
        .field<&TilesetImage::columns>("columns").min(1.0f).tooltip("Tiles per row of the image")
        .field<&TilesetImage::count>("count").range(1.0f, 65535.0f).tooltip("Tiles in the set")
        .build();
}
// clang-format on

namespace {

constexpr std::size_t kMaxTilesetBytes = 16u << 20;
constexpr int kTilesetVersion = 1;

const TypeInfo& tile_type() {
    static const TypeInfo type = describe<TileInfo>();
    return type;
}

const TypeInfo& image_type() {
    static const TypeInfo type = describe<TilesetImage>();
    return type;
}

// The tile number a "tiles" key names, or 0 when it names none.
TileId tile_key(const std::string& key) {
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), value);
    if (ec != std::errc() || end != key.data() + key.size() || value == 0 || value > 65535)
        return 0;
    return static_cast<TileId>(value);
}

void check_image_fields(const Tileset& set, std::string_view path, Diagnostics& local) {
    const auto error = [&](std::string message, std::string_view key) {
        local.error(make_error(ErrorCode::Range, std::move(message), detail::where(path, key)));
    };
    if (set.image.empty()) error("a tileset needs an image", "image");
    if (set.tile_size.x < 1.0f || set.tile_size.y < 1.0f ||
        set.tile_size.x != std::floor(set.tile_size.x) ||
        set.tile_size.y != std::floor(set.tile_size.y) || set.tile_size.x > 4096.0f ||
        set.tile_size.y > 4096.0f)
        error("expected whole pixels from 1 to 4096 on each side", "tile_size");
    if (set.columns < 1 || set.columns > kMaxTilesetTiles)
        error("expected 1 to " + std::to_string(kMaxTilesetTiles) + " columns", "columns");
    if (set.count < 1 || set.count > kMaxTilesetTiles)
        error("expected 1 to " + std::to_string(kMaxTilesetTiles) + " tiles", "count");
}

} // namespace

Result<Tileset> parse_tileset(std::string_view text, std::string_view path, const Project& project,
                              Diagnostics& diagnostics) {
    auto parsed = parse_json(text, path, JsonLimits{.max_bytes = kMaxTilesetBytes});
    if (!parsed) {
        diagnostics.error(parsed.error());
        return parsed.error();
    }
    const Json& root = *parsed;
    Diagnostics local;
    if (!detail::check_header(root, "diorama.tileset", kTilesetVersion, path, local)) {
        diagnostics.merge(local);
        return local.first_error();
    }
    Tileset set;
    set.path = std::string(path);
    detail::AssetChecks assets(project.root);
    const detail::ComponentSource source{path, &assets};
    // The image fields are reflected: read them as a component's, the header and tiles aside.
    Json own = root;
    own.erase("format");
    own.erase("version");
    own.erase("tiles");
    detail::read_component(image_type(), own, static_cast<TilesetImage*>(&set), source,
                           detail::LazyPath(""), local);
    check_image_fields(set, path, local);
    if (set.count >= 1 && set.count <= kMaxTilesetTiles)
        set.tiles.resize(static_cast<std::size_t>(set.count));

    if (auto tiles = root.find("tiles"); tiles != root.end()) {
        const detail::LazyPath tiles_path("tiles");
        if (!tiles->is_object()) {
            local.error(make_error(ErrorCode::Type,
                                   "expected an object of tile number -> tile, got " +
                                       detail::describe_json_type(*tiles),
                                   detail::where(path, "tiles")));
        } else {
            for (auto it = tiles->begin(); it != tiles->end(); ++it) {
                const detail::LazyPath tile_path(tiles_path, it.key());
                const TileId n = tile_key(it.key());
                if (n == 0 || n > set.tiles.size()) {
                    local.error(make_error(ErrorCode::Range,
                                           "\"" + it.key() + "\" is not a tile of the set (1 to " +
                                               std::to_string(set.count) + ")",
                                           detail::where(path, tile_path.str())));
                    continue;
                }
                detail::read_component(tile_type(), it.value(), &set.tiles[n - 1u], source,
                                       tile_path, local);
            }
        }
    }
    diagnostics.merge(local);
    if (local.has_errors()) return local.first_error();
    return set;
}

Result<Tileset> load_tileset(const Project& project, std::string_view path,
                             Diagnostics& diagnostics) {
    auto file = file_in_project(project.root, fs::path(path));
    if (!file) {
        diagnostics.error(file.error());
        return file.error();
    }
    auto text = read_file(*file, kMaxTilesetBytes);
    if (!text) {
        Error e = text.error();
        e.where = std::string(path);
        diagnostics.error(e);
        return e;
    }
    return parse_tileset(*text, path, project, diagnostics);
}

Result<Json> tileset_to_json(const Tileset& tileset) {
    auto root = detail::write_component(image_type(), static_cast<const TilesetImage*>(&tileset),
                                        nullptr, "");
    if (!root) return root.error();
    (*root)["format"] = "diorama.tileset";
    (*root)["version"] = kTilesetVersion;
    Json tiles = Json::object();
    const TileInfo defaults;
    for (std::size_t i = 0; i < tileset.tiles.size(); ++i) {
        if (tileset.tiles[i] == defaults) continue;
        auto fields = detail::write_component(tile_type(), &tileset.tiles[i], &defaults,
                                              "tiles." + std::to_string(i + 1));
        if (!fields) return fields.error();
        tiles[std::to_string(i + 1)] = std::move(*fields);
    }
    (*root)["tiles"] = std::move(tiles);
    return root;
}

// ---- library ----

void TilesetLibrary::load_folder(const Project& project, Diagnostics& diagnostics) {
    for (const std::string& path :
         project_files(project.root, project.tileset_folder, ".tileset.json")) {
        if (auto tileset = load_tileset(project, path, diagnostics)) add(std::move(*tileset));
    }
}

const Tileset& TilesetLibrary::add(Tileset tileset) {
    // From one counter for every library: a library made again in the same place (a project's
    // content reloaded) never repeats a revision the one before it had.
    static std::atomic<std::uint64_t> s_revisions{0};
    m_revision = ++s_revisions;
    auto it = std::lower_bound(
        m_tilesets.begin(), m_tilesets.end(), tileset.path,
        [](const std::unique_ptr<Tileset>& t, const std::string& path) { return t->path < path; });
    if (it != m_tilesets.end() && (*it)->path == tileset.path) {
        **it = std::move(tileset);
        return **it;
    }
    return **m_tilesets.insert(it, std::make_unique<Tileset>(std::move(tileset)));
}

const Tileset* TilesetLibrary::find(std::string_view path) const {
    auto it = std::lower_bound(
        m_tilesets.begin(), m_tilesets.end(), path,
        [](const std::unique_ptr<Tileset>& t, std::string_view p) { return t->path < p; });
    return it != m_tilesets.end() && (*it)->path == path ? it->get() : nullptr;
}

} // namespace diorama
