#include "editor_config.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <system_error>

namespace diorama::editor {

namespace {

constexpr std::size_t kMaxConfigBytes = 1u << 20;

// Reads key into out when present with the right JSON type; other values are ignored.
void read_float(const Json& j, const char* key, float& out, float lo, float hi) {
    if (auto it = j.find(key); it != j.end() && it->is_number())
        out = std::clamp(it->get<float>(), lo, hi);
}

void read_int(const Json& j, const char* key, int& out, int lo, int hi) {
    if (auto it = j.find(key); it != j.end() && it->is_number_integer())
        out = static_cast<int>(std::clamp<std::int64_t>(it->get<std::int64_t>(), lo, hi));
}

void read_bool(const Json& j, const char* key, bool& out) {
    if (auto it = j.find(key); it != j.end() && it->is_boolean()) out = it->get<bool>();
}

} // namespace

std::filesystem::path editor_config_path() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && xdg[0] == '/')
        return std::filesystem::path(xdg) / "diorama" / "editor.json";
    if (const char* home = std::getenv("HOME"); home != nullptr && home[0] != '\0')
        return std::filesystem::path(home) / ".config" / "diorama" / "editor.json";
    return {};
}

Result<EditorConfig> load_editor_config(const std::filesystem::path& file) {
    EditorConfig config;
    std::error_code ec;
    if (file.empty() || !std::filesystem::exists(file, ec)) return config;
    auto text = read_file(file, kMaxConfigBytes);
    if (!text) return text.error();
    auto json = parse_json(*text, file.string());
    if (!json) return json.error();
    if (!json->is_object()) return make_error(ErrorCode::Type, "expected an object", file.string());

    const Json& j = *json;
    if (auto layout = j.find("layout"); layout != j.end() && layout->is_object()) {
        EditorLayout& l = config.layout;
        read_float(*layout, "left_width", l.left_width, 120.0f, 2000.0f);
        read_float(*layout, "right_width", l.right_width, 160.0f, 2000.0f);
        read_float(*layout, "bottom_height", l.bottom_height, 80.0f, 2000.0f);
        read_float(*layout, "palette_width", l.palette_width, 120.0f, 4000.0f);
        read_bool(*layout, "show_hierarchy", l.show_hierarchy);
        read_bool(*layout, "show_inspector", l.show_inspector);
        read_bool(*layout, "show_bottom", l.show_bottom);
    }
    read_bool(j, "show_grid", config.show_grid);
    read_bool(j, "show_colliders", config.show_colliders);
    read_bool(j, "game_camera_in_play", config.game_camera_in_play);
    read_int(j, "autosave_seconds", config.autosave_seconds, 0, 24 * 3600);
    read_int(j, "scene_backups", config.scene_backups, 0, 100);
    if (auto recent = j.find("recent_projects"); recent != j.end() && recent->is_array()) {
        for (const Json& r : *recent)
            if (r.is_string() && config.recent_projects.size() < EditorConfig::kMaxRecent)
                config.recent_projects.push_back(r.get<std::string>());
    }
    return config;
}

Result<void> save_editor_config(const std::filesystem::path& file, const EditorConfig& config) {
    if (file.empty()) return make_error(ErrorCode::NotFound, "no config folder (HOME is not set)");
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    if (ec) return make_error(ErrorCode::Io, ec.message(), file.parent_path().string());

    const EditorLayout& l = config.layout;
    Json j = {
        {"format", "diorama.editor_config"},
        {"version", 1},
        {"layout",
         {{"left_width", float_to_json(l.left_width)},
          {"right_width", float_to_json(l.right_width)},
          {"bottom_height", float_to_json(l.bottom_height)},
          {"palette_width", float_to_json(l.palette_width)},
          {"show_hierarchy", l.show_hierarchy},
          {"show_inspector", l.show_inspector},
          {"show_bottom", l.show_bottom}}},
        {"show_grid", config.show_grid},
        {"show_colliders", config.show_colliders},
        {"game_camera_in_play", config.game_camera_in_play},
        {"recent_projects", config.recent_projects},
        {"autosave_seconds", config.autosave_seconds},
        {"scene_backups", config.scene_backups},
    };
    return save_file_atomic(file, to_pretty_json(j), SaveOptions{.backups = 0});
}

void add_recent_project(EditorConfig& config, const std::string& folder) {
    auto& recent = config.recent_projects;
    recent.erase(std::remove(recent.begin(), recent.end(), folder), recent.end());
    recent.insert(recent.begin(), folder);
    if (recent.size() > EditorConfig::kMaxRecent) recent.resize(EditorConfig::kMaxRecent);
}

} // namespace diorama::editor
