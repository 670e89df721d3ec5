#include "diorama/project.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"
#include "diorama/module.h"
#include "document.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <system_error>

namespace diorama {

namespace fs = std::filesystem;

namespace {
constexpr std::size_t kMaxProjectBytes = 1u << 20;
} // namespace

fs::path Project::absolute(std::string_view relative) const {
    return root / fs::path(relative);
}

std::vector<std::string> Project::scenes() const {
    return project_files(root, scene_folder, ".scene.json");
}

std::vector<std::string> project_files(const fs::path& root, std::string_view folder,
                                       std::string_view suffix) {
    std::vector<std::string> out;
    std::error_code ec;
    const fs::path start = root / fs::path(folder);
    for (fs::recursive_directory_iterator it(start, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code type_ec;
        if (it->path().filename().native().ends_with(suffix) && !it->is_directory(type_ec))
            out.push_back((fs::path(folder) / it->path().lexically_relative(start))
                              .lexically_normal()
                              .generic_string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

// Why a path from a file does not stay inside the project ("leaves the project folder ('..')"),
// or nothing (see check_asset_path).
std::optional<std::string> path_problem(const fs::path& root, std::string_view relative) {
    if (relative.empty()) return "is empty";
    if (relative.find('\0') != std::string_view::npos) return "contains a NUL character";
    if (relative.find('\\') != std::string_view::npos) return "uses '\\'; paths use '/'";
    if (relative.front() == '/') return "is absolute; paths are relative to the project folder";
    if (relative.size() >= 2 && relative[1] == ':')
        return "is absolute; paths are relative to the project folder";
    std::size_t start = 0;
    while (start <= relative.size()) {
        const std::size_t end = std::min(relative.find('/', start), relative.size());
        const std::string_view part = relative.substr(start, end - start);
        if (part == "..") return "leaves the project folder ('..')";
        if (part.empty() && end < relative.size()) return "has an empty part ('//')";
        start = end + 1;
    }
    // A symlink inside the project may still point outside: compare real paths, resolving the
    // part of the path that exists (a missing file under a symlinked folder is outside too).
    std::error_code ec;
    const fs::path real_root = fs::weakly_canonical(root, ec);
    if (ec || real_root.empty()) return "cannot be resolved: " + (ec ? ec.message() : "no project");
    const fs::path real = fs::weakly_canonical(root / fs::path(relative), ec);
    if (ec) return "cannot be resolved: " + ec.message();
    const auto mismatch =
        std::mismatch(real_root.begin(), real_root.end(), real.begin(), real.end());
    if (mismatch.first != real_root.end()) return "resolves outside the project folder";
    return std::nullopt;
}

} // namespace

Result<void> check_asset_path(const fs::path& root, std::string_view relative) {
    if (auto problem = path_problem(root, relative)) {
        const std::string shown(relative.substr(0, std::min<std::size_t>(relative.size(), 200)));
        return make_error(ErrorCode::InvalidArgument, "asset path \"" + shown + "\" " + *problem);
    }
    return {};
}

Result<fs::path> file_in_project(const fs::path& root, const fs::path& file) {
    // An absolute path is judged by its place under the root ("../.." when it is elsewhere).
    const std::string relative =
        file.is_absolute() ? file.lexically_normal().lexically_relative(root).generic_string()
                           : file.generic_string();
    if (auto problem = path_problem(root, relative))
        return make_error(ErrorCode::InvalidArgument,
                          "the file leaves the project: its path " + *problem +
                              "; it was not opened",
                          file.generic_string());
    return root / fs::path(relative);
}

fs::path project_file(const fs::path& folder_or_file) {
    std::error_code ec;
    if (!fs::is_directory(folder_or_file, ec)) return folder_or_file;
    const fs::path file = folder_or_file / "project.json";
    // An exported game (see export.h) keeps its project in project/.
    if (!fs::exists(file, ec) && fs::is_regular_file(folder_or_file / "export.json", ec) &&
        fs::is_regular_file(folder_or_file / "project" / "project.json", ec))
        return folder_or_file / "project" / "project.json";
    return file;
}

Result<Project> load_project(const fs::path& folder_or_file, Diagnostics& diagnostics) {
    std::error_code ec;
    const fs::path file = project_file(folder_or_file);

    auto text = read_file(file, kMaxProjectBytes);
    if (!text) {
        diagnostics.error(text.error());
        return text.error();
    }
    fs::path root = fs::absolute(file, ec).parent_path().lexically_normal();
    if (root.filename().empty()) root = root.parent_path(); // "/a/b/" -> "/a/b"
    return parse_project(*text, file.string(), root, diagnostics);
}

Json project_to_json(const Project& project) {
    Json root = Json::object();
    root["format"] = "diorama.project";
    root["version"] = kProjectVersion;
    root["name"] = project.name;
    root["module"] = project.module;
    root["startup_scene"] = project.startup_scene;
    root["scene_folder"] = project.scene_folder;
    root["prefab_folder"] = project.prefab_folder;
    root["script_folder"] = project.script_folder;
    root["tileset_folder"] = project.tileset_folder;
    root["tick_rate_hz"] = project.tick_rate_hz;
    return root;
}

Result<Project> parse_project(std::string_view text, std::string_view file,
                              const fs::path& root_folder, Diagnostics& diagnostics) {
    std::error_code ec;
    const std::string shown(file);
    auto parsed = parse_json(text, shown, JsonLimits{.max_bytes = kMaxProjectBytes});
    if (!parsed) {
        diagnostics.error(parsed.error());
        return parsed.error();
    }
    const Json& root = *parsed;
    Diagnostics local;
    if (!detail::check_header(root, "diorama.project", kProjectVersion, shown, local)) {
        diagnostics.merge(local);
        return local.first_error();
    }
    detail::reject_unknown_keys(root,
                                {"format", "version", "name", "module", "startup_scene",
                                 "scene_folder", "prefab_folder", "script_folder", "tileset_folder",
                                 "tick_rate_hz"},
                                shown, "", local);

    Project project;
    project.root = root_folder;
    if (auto name = detail::read_string(root, "name", true, shown, "", local)) project.name = *name;
    if (auto module = detail::read_string(root, "module", false, shown, "", local)) {
        if (!module->empty() && !is_module_name(*module))
            local.error(make_error(ErrorCode::InvalidArgument,
                                   "a module name is 1-64 letters, digits, '_' or '-' (no path)",
                                   detail::where(shown, "module")));
        project.module = *module;
    }
    for (auto [key, target] : {std::pair{"scene_folder", &project.scene_folder},
                               std::pair{"prefab_folder", &project.prefab_folder},
                               std::pair{"script_folder", &project.script_folder},
                               std::pair{"tileset_folder", &project.tileset_folder}}) {
        if (auto folder = detail::read_string(root, key, false, shown, "", local)) {
            if (auto ok = check_asset_path(project.root, *folder); !ok)
                local.error(make_error(ErrorCode::InvalidArgument, ok.error().message,
                                       detail::where(shown, key)));
            else
                *target = *folder;
        }
    }
    if (auto scene = detail::read_string(root, "startup_scene", true, shown, "", local)) {
        if (auto ok = check_asset_path(project.root, *scene); !ok)
            local.error(make_error(ErrorCode::InvalidArgument, ok.error().message,
                                   detail::where(shown, "startup_scene")));
        else if (!fs::is_regular_file(project.absolute(*scene), ec))
            local.error(make_error(ErrorCode::NotFound, "scene \"" + *scene + "\" does not exist",
                                   detail::where(shown, "startup_scene")));
        project.startup_scene = *scene;
    }
    if (auto rate = root.find("tick_rate_hz"); rate != root.end()) {
        if (!rate->is_number() || !std::isfinite(rate->get<double>()) ||
            rate->get<double>() < 1.0 || rate->get<double>() > 1000.0)
            local.error(make_error(ErrorCode::Range,
                                   "expected a number of ticks per second from 1 to 1000",
                                   detail::where(shown, "tick_rate_hz")));
        else
            project.tick_rate_hz = rate->get<double>();
    }
    diagnostics.merge(local);
    if (local.has_errors()) return local.first_error();
    return project;
}

} // namespace diorama
