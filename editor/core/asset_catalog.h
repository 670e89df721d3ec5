#pragma once
// The project's files as the asset browser shows them, and where the project's own files use
// one. AssetCatalog lists every file below the project folder (hidden files and folders left
// out: .diorama, .git) with its kind told by its name; scanning again tells whether anything was
// added, removed or changed. find_asset_uses reads the project's JSON files (scenes, prefabs,
// tilesets, project.json) for string values naming a path.

#include "diorama/reflection.h"
#include "diorama/result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace diorama::editor {

// What a file is, by its name.
enum class AssetType : std::uint8_t {
    Image,   // .png .jpg .jpeg .bmp .tga .gif
    Prefab,  // .prefab.json
    Scene,   // .scene.json
    Tileset, // .tileset.json
    Script,  // .lua
    Sound,   // .wav .ogg .mp3 .flac
    Font,    // .ttf .otf
    Input,   // .input.json
    Project, // project.json
    Other,
};

// The type of a file by its name ("sprites/ball.png" -> Image).
[[nodiscard]] AssetType asset_type_of(std::string_view path);
// "image", "prefab", "scene", "tileset", "script", "sound", "font", "input", "project", "file".
[[nodiscard]] const char* to_string(AssetType type);
// The asset field kind a file can be set into (an Image for a Sprite's image...); None for none.
[[nodiscard]] AssetKind field_kind_of(AssetType type);

struct AssetFile {
    std::string path; // project-relative, '/' separated
    AssetType type = AssetType::Other;
    std::uintmax_t size = 0;
    std::int64_t modified_ns = 0; // last write time (for telling changes)
};

class AssetCatalog {
public:
    // Lists the files below root (a project folder); true when the list differs from the last
    // scan (a file added, removed, resized or rewritten).
    bool scan(const std::filesystem::path& root);
    // Every file, sorted by path.
    [[nodiscard]] const std::vector<AssetFile>& files() const { return m_files; }
    // Every folder holding files (also the folders between), sorted; "" is the project folder.
    [[nodiscard]] std::vector<std::string> folders() const;
    // The files directly in folder; with a search text, the files anywhere whose name contains
    // it (any case) instead.
    [[nodiscard]] std::vector<const AssetFile*> listed(std::string_view folder,
                                                       std::string_view search) const;
    // The file at a path, or nullptr.
    [[nodiscard]] const AssetFile* find(std::string_view path) const;

private:
    std::vector<AssetFile> m_files;
};

// One use of a path in a project file: the file and the JSON path of the string naming it.
struct AssetUse {
    std::string file;      // project-relative ("scenes/level1.scene.json")
    std::string json_path; // "objects[4].components.Sprite.image"
};

// Every string value equal to path in the project's scene, prefab and tileset files and in
// project.json, file by file in path order. Files that cannot be read are skipped.
[[nodiscard]] std::vector<AssetUse> find_asset_uses(const std::filesystem::path& root,
                                                    const std::string& path);

// text with every JSON string token exactly "from" replaced by "to" (the file's bytes otherwise
// untouched); count receives how many were replaced.
[[nodiscard]] std::string replace_json_string(std::string_view text, const std::string& from,
                                              const std::string& to, std::size_t& count);

} // namespace diorama::editor
