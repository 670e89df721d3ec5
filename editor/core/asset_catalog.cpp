#include "asset_catalog.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <system_error>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

bool ends_with_any(std::string_view name, std::initializer_list<std::string_view> suffixes) {
    return std::any_of(suffixes.begin(), suffixes.end(),
                       [&](std::string_view s) { return name.ends_with(s); });
}

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string folder_of(std::string_view path) {
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos ? std::string() : std::string(path.substr(0, slash));
}

// Collects the JSON paths of every string value equal to target.
void collect_uses(const Json& value, const std::string& target, const std::string& at,
                  const std::string& file, std::vector<AssetUse>& out) {
    if (value.is_string()) {
        if (value.get_ref<const std::string&>() == target) out.push_back({file, at});
    } else if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it)
            collect_uses(*it, target, json_path(at, it.key()), file, out);
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            collect_uses(value[i], target, json_path(at, i), file, out);
    }
}

} // namespace

AssetType asset_type_of(std::string_view path) {
    const std::string name = lower(path.substr(path.rfind('/') + 1));
    if (name.ends_with(".prefab.json")) return AssetType::Prefab;
    if (name.ends_with(".scene.json")) return AssetType::Scene;
    if (name.ends_with(".tileset.json")) return AssetType::Tileset;
    if (name.ends_with(".input.json")) return AssetType::Input;
    if (name == "project.json") return AssetType::Project;
    if (ends_with_any(name, {".png", ".jpg", ".jpeg", ".bmp", ".tga", ".gif"}))
        return AssetType::Image;
    if (name.ends_with(".lua")) return AssetType::Script;
    if (ends_with_any(name, {".wav", ".ogg", ".mp3", ".flac"})) return AssetType::Sound;
    if (ends_with_any(name, {".ttf", ".otf"})) return AssetType::Font;
    return AssetType::Other;
}

const char* to_string(AssetType type) {
    switch (type) {
    case AssetType::Image:
        return "image";
    case AssetType::Prefab:
        return "prefab";
    case AssetType::Scene:
        return "scene";
    case AssetType::Tileset:
        return "tileset";
    case AssetType::Script:
        return "script";
    case AssetType::Sound:
        return "sound";
    case AssetType::Font:
        return "font";
    case AssetType::Input:
        return "input";
    case AssetType::Project:
        return "project";
    case AssetType::Other:
        break;
    }
    return "file";
}

AssetKind field_kind_of(AssetType type) {
    switch (type) {
    case AssetType::Image:
        return AssetKind::Image;
    case AssetType::Prefab:
        return AssetKind::Prefab;
    case AssetType::Scene:
        return AssetKind::Scene;
    case AssetType::Tileset:
        return AssetKind::Tileset;
    case AssetType::Sound:
        return AssetKind::Sound;
    case AssetType::Font:
        return AssetKind::Font;
    default:
        return AssetKind::None;
    }
}

bool AssetCatalog::scan(const fs::path& root) {
    std::vector<AssetFile> found;
    std::error_code ec;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.empty() && name.front() == '.') { // hidden: .diorama, .git, editor temp files
            if (it->is_directory(ec)) it.disable_recursion_pending();
            continue;
        }
        if (it->is_symlink(ec) || !it->is_regular_file(ec)) continue;
        AssetFile file;
        file.path = it->path().lexically_relative(root).generic_string();
        file.type = asset_type_of(file.path);
        file.size = it->file_size(ec);
        file.modified_ns =
            static_cast<std::int64_t>(it->last_write_time(ec).time_since_epoch().count());
        found.push_back(std::move(file));
    }
    std::sort(found.begin(), found.end(),
              [](const AssetFile& a, const AssetFile& b) { return a.path < b.path; });
    const bool changed = found.size() != m_files.size() ||
                         !std::equal(found.begin(), found.end(), m_files.begin(),
                                     [](const AssetFile& a, const AssetFile& b) {
                                         return a.path == b.path && a.size == b.size &&
                                                a.modified_ns == b.modified_ns;
                                     });
    m_files = std::move(found);
    return changed;
}

std::vector<std::string> AssetCatalog::folders() const {
    std::set<std::string> folders{""};
    for (const AssetFile& f : m_files)
        for (std::string folder = folder_of(f.path); !folder.empty(); folder = folder_of(folder))
            folders.insert(folder);
    return {folders.begin(), folders.end()};
}

std::vector<const AssetFile*> AssetCatalog::listed(std::string_view folder,
                                                   std::string_view search) const {
    std::vector<const AssetFile*> out;
    const std::string needle = lower(search);
    for (const AssetFile& f : m_files) {
        if (!needle.empty()) {
            if (lower(f.path.substr(f.path.rfind('/') + 1)).find(needle) != std::string::npos)
                out.push_back(&f);
        } else if (folder_of(f.path) == folder) {
            out.push_back(&f);
        }
    }
    return out;
}

const AssetFile* AssetCatalog::find(std::string_view path) const {
    auto it = std::lower_bound(m_files.begin(), m_files.end(), path,
                               [](const AssetFile& f, std::string_view p) { return f.path < p; });
    return it != m_files.end() && it->path == path ? &*it : nullptr;
}

std::vector<AssetUse> find_asset_uses(const fs::path& root, const std::string& path) {
    std::vector<AssetUse> uses;
    AssetCatalog catalog;
    (void)catalog.scan(root);
    for (const AssetFile& f : catalog.files()) {
        if (f.type != AssetType::Scene && f.type != AssetType::Prefab &&
            f.type != AssetType::Tileset && f.type != AssetType::Project)
            continue;
        auto text = read_file(root / f.path, 64u << 20);
        if (!text || text->find(path) == std::string::npos) continue;
        auto json = parse_json(*text, f.path);
        if (json) collect_uses(*json, path, "", f.path, uses);
    }
    return uses;
}

std::string replace_json_string(std::string_view text, const std::string& from,
                                const std::string& to, std::size_t& count) {
    const std::string needle = Json(from).dump();
    const std::string with = Json(to).dump();
    std::string out;
    out.reserve(text.size());
    count = 0;
    std::size_t at = 0;
    for (std::size_t hit = text.find(needle); hit != std::string_view::npos;
         hit = text.find(needle, at)) {
        out.append(text.substr(at, hit - at));
        out.append(with);
        at = hit + needle.size();
        ++count;
    }
    out.append(text.substr(at));
    return out;
}

} // namespace diorama::editor
