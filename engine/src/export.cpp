// Exporting a project into a self-contained folder, one step at a time (see export.h).

#include "diorama/export.h"

#include "diorama/file_io.h"
#include "diorama/game.h"
#include "diorama/json_io.h"
#include "diorama/log.h"
#include "diorama/module.h"
#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"
#include "diorama/version.h"
#include "diorama/world.h"

#include "engine_build_tag.h"

#include <stdlib.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <system_error>

namespace diorama {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxDataBytes = 256u << 20;                 // the scene loader's limit
constexpr std::uint64_t kMaxCopiedBytes = std::uint64_t{4} << 30; // programs, modules, assets
constexpr std::size_t kLibraryChunkBytes = std::size_t{1} << 20;  // read for its engine build
constexpr std::size_t kMaxBuildLength = 64;                       // longer is not a build of ours
constexpr const char* kProjectFolder = "project";
constexpr const char* kManifestFile = "export.json";
constexpr fs::perms kExecutable = fs::perms::owner_all | fs::perms::group_read |
                                  fs::perms::group_exec | fs::perms::others_read |
                                  fs::perms::others_exec;
constexpr fs::perms kReadable =
    fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read;

// The run.sh shipped with every export.
constexpr const char* kRunScript = R"sh(#!/bin/sh
# Runs this exported Diorama game headless with the player shipped beside it. Every argument goes
# to `diorama-player run` (e.g. ./run.sh --ticks 1200 --hash); bin/diorama-player --help lists them.
here=$(cd "$(dirname "$0")" && pwd)
# glibc gives large heap blocks huge pages where the system allows them: a page fault per 2 MiB
# instead of per 4 KiB, which makes loading a big scene faster, most of all in virtual machines.
# Tunables set before take precedence (GLIBC_TUNABLES=glibc.malloc.hugetlb=0 turns it off).
GLIBC_TUNABLES="glibc.malloc.hugetlb=1${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}"
export GLIBC_TUNABLES
exec "$here/bin/diorama-player" run "$here/project" "$@"
)sh";

// One file to write into the export.
struct Job {
    enum class Kind { Copy, Executable, Data, Text } kind = Kind::Copy;
    fs::path source;  // Copy, Executable, Data
    std::string text; // Text
};

// a is b or inside b (both absolute and normalized).
bool inside(const fs::path& a, const fs::path& b) {
    const auto mismatch = std::mismatch(b.begin(), b.end(), a.begin(), a.end());
    return mismatch.first == b.end();
}

// The path with symlinks resolved as far as it exists, absolute and without a trailing slash.
fs::path resolved(const fs::path& path) {
    std::error_code ec;
    fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec) p = fs::absolute(path, ec).lexically_normal();
    if (!p.has_filename() && p != p.root_path()) p = p.parent_path();
    return p;
}

Error io_error(std::string message, const fs::path& where, const std::error_code& ec) {
    return make_error(ErrorCode::Io, std::move(message) + ": " + ec.message(), where.string());
}

// The non-empty values of the Asset fields of one component.
void collect_assets(const TypeInfo& type, const void* component, std::set<std::string>& out) {
    for (const FieldInfo& f : type.fields) {
        if (f.type != FieldType::Asset) continue;
        std::string path = std::get<std::string>(f.get(component));
        if (!path.empty()) out.insert(std::move(path));
    }
}

// Where a path in the export ("project/scenes/a.scene.json") is written inside folder; refused
// when, normalised, it would not be inside it.
Result<fs::path> output_path(const fs::path& folder, const std::string& path) {
    const fs::path relative = fs::path(path).lexically_normal();
    if (relative.empty() || relative.is_absolute() || relative == "." || *relative.begin() == "..")
        return make_error(ErrorCode::InvalidArgument,
                          "would be written outside the export folder; nothing is written there",
                          path);
    return folder / relative;
}

} // namespace

// ---- state ----

struct Exporter::State {
    enum class Phase { Plan, Prefabs, Scenes, CreateTemp, Files, Manifest, Commit, Done };

    std::unique_ptr<const Game> game;
    const Project& project;
    const TypeRegistry& registry;
    fs::path module; // the module file to ship; empty when the game has none
    ExportOptions options;
    Diagnostics diagnostics;

    Phase phase = Phase::Plan;
    ExportStage last_stage = ExportStage::Check; // of the last step run
    std::optional<Error> failure;
    fs::path output;                   // absolute
    fs::path engine;                   // the engine library next to the player
    std::string engine_build;          // its build: this process's, which validated the game
    fs::path temp;                     // the folder being filled; empty until made
    std::optional<HeldFolder> staging; // holds temp while it is filled, against cleanups
    bool committed = false;
    std::vector<std::string> scenes;
    std::size_t next_scene = 0;
    std::set<std::string> assets;
    std::map<std::string, Job> jobs; // by path in the export
    std::map<std::string, Job>::const_iterator next_job;
    ExportSummary summary;
    std::size_t done = 0;
    std::size_t total = 4; // plan, prefabs, manifest, commit; scenes, temp and files added later

    State(std::unique_ptr<const Game> g, ExportOptions o)
        : game(std::move(g)), project(game->project()), registry(game->registry()),
          module(game->module() ? game->module()->file : fs::path()), options(std::move(o)) {}

    void fail(Error e) {
        diagnostics.error(e);
        failure = std::move(e);
        phase = Phase::Done;
    }

    // Fails with a summary when validation found errors.
    bool stop_on_errors() {
        if (!diagnostics.has_errors()) return false;
        const std::size_t n = diagnostics.error_count();
        failure = make_error(diagnostics.first_error().code,
                             std::to_string(n) + (n == 1 ? " error" : " errors") +
                                 " in the project's prefabs and scenes; nothing was exported",
                             project.root.string());
        phase = Phase::Done;
        return true;
    }

    void plan();
    void validate_prefabs();
    void validate_scene();
    void list_files();
    void create_temp();
    void write_file();
    void write_manifest();
    void commit();
    [[nodiscard]] std::string next_step() const;
    [[nodiscard]] ExportStage stage() const;
};

void Exporter::State::plan() {
    output = resolved(options.output);
    const fs::path root = resolved(project.root);
    if (options.output.empty() || output == output.root_path())
        return fail(make_error(ErrorCode::InvalidArgument, "the output folder is not usable",
                               options.output.string()));
    if (inside(output, root))
        return fail(make_error(ErrorCode::InvalidArgument,
                               "the output folder is inside the project folder " + root.string() +
                                   "; export somewhere outside it",
                               output.string()));
    if (inside(root, output))
        return fail(make_error(ErrorCode::InvalidArgument,
                               "the output folder holds the project itself", output.string()));

    std::error_code ec;
    const fs::path player = resolved(options.player);
    if (!fs::is_regular_file(player, ec))
        return fail(make_error(ErrorCode::NotFound, "the player executable to ship is missing",
                               options.player.string()));
    if (inside(player, output))
        return fail(
            make_error(ErrorCode::InvalidArgument,
                       "the output folder holds the player being shipped (" + player.string() + ")",
                       output.string()));
    engine = player.parent_path().parent_path() / "lib" / DIORAMA_ENGINE_SONAME;
    if (!fs::is_regular_file(engine, ec))
        return fail(make_error(ErrorCode::NotFound,
                               "the engine library is not where the player looks for it",
                               engine.string()));
    // What is validated is what is shipped: the game (its module too) was opened and checked by
    // this process's engine, so the engine shipped must be the same build.
    auto shipped = engine_build_of_library(engine);
    if (!shipped) return fail(shipped.error());
    if (*shipped != diorama::engine_build())
        return fail(make_error(
            ErrorCode::Version,
            "the engine library next to the player is build '" + *shipped +
                "', not the build that validated the game, '" +
                std::string(diorama::engine_build()) +
                "' (its module was built against that one): ship a player built from the same "
                "engine",
            engine.string()));
    engine_build = std::move(*shipped);
    if (!project.module.empty() && !fs::is_regular_file(module, ec))
        return fail(make_error(ErrorCode::NotFound,
                               "the game module \"" + project.module + "\" to ship is missing",
                               module.empty() ? project.module : module.string()));

    if (fs::exists(fs::symlink_status(output, ec))) {
        if (!fs::is_directory(output, ec))
            return fail(make_error(ErrorCode::InvalidArgument,
                                   "the output path exists and is not a folder", output.string()));
        if (!fs::is_empty(output, ec) && !options.force)
            return fail(make_error(ErrorCode::InvalidArgument,
                                   "the output folder is not empty (force replaces its contents)",
                                   output.string()));
    }

    scenes = project.scenes();
    if (!project.startup_scene.empty() &&
        std::find(scenes.begin(), scenes.end(), project.startup_scene) == scenes.end())
        scenes.push_back(project.startup_scene);
    total += scenes.size();
    phase = Phase::Prefabs;
}

void Exporter::State::validate_prefabs() {
    diagnostics.merge(game->prefab_problems());
    for (const auto& prefab : game->prefabs().all()) {
        for (const Prefab::Component& c : prefab->components)
            collect_assets(*c.type, c.value.get(), assets);
        for (const PrefabPart& part : prefab->children)
            for (const Prefab::Component& c : part.components)
                collect_assets(*c.type, c.value.get(), assets);
    }
    phase = scenes.empty() ? Phase::CreateTemp : Phase::Scenes;
    if (scenes.empty()) list_files();
}

void Exporter::State::validate_scene() {
    const std::string& scene = scenes[next_scene++];
    if (auto loaded = game->load_scene_file(scene, diagnostics)) {
        const World& world = *loaded->world;
        world.each_object([&](Handle h) {
            for (ComponentId id : world.components_of(h))
                if (const TypeInfo* type = registry.find(id))
                    collect_assets(*type, world.get(h, id), assets);
        });
    }
    if (next_scene == scenes.size()) list_files();
}

void Exporter::State::list_files() {
    if (stop_on_errors()) return;
    const std::string data = std::string(kProjectFolder) + "/";
    jobs["bin/diorama-player"] = Job{Job::Kind::Executable, options.player, {}};
    jobs[std::string("lib/") + DIORAMA_ENGINE_SONAME] = Job{Job::Kind::Copy, engine, {}};
    if (!project.module.empty())
        jobs["modules/" + module_file_name(project.module)] = Job{Job::Kind::Copy, module, {}};
    jobs[data + "project.json"] = Job{Job::Kind::Data, project.root / "project.json", {}};
    // Every file of the project passes the project's rule before it is read.
    auto add = [&](const std::string& relative, Job::Kind kind) {
        auto file = file_in_project(project.root, relative);
        if (!file) return diagnostics.error(file.error());
        std::error_code ec;
        if (kind != Job::Kind::Copy || fs::is_regular_file(*file, ec))
            jobs.try_emplace(data + relative, Job{kind, *file, {}});
        else if (fs::exists(*file, ec))
            diagnostics.warning(make_error(ErrorCode::InvalidArgument,
                                           "asset \"" + relative + "\" is not a file; not exported",
                                           file->string()));
        // A missing asset was reported by the loader that read the reference.
    };
    for (const std::string& prefab :
         project_files(project.root, project.prefab_folder, ".prefab.json"))
        add(prefab, Job::Kind::Data);
    for (const std::string& scene : scenes)
        add(scene, Job::Kind::Data);
    for (const std::string& script : project_files(project.root, project.script_folder, ".lua"))
        add(script, Job::Kind::Copy);
    // Every tileset the game loads, and its image.
    for (const auto& tileset : game->tilesets().all()) {
        add(tileset->path, Job::Kind::Data);
        if (!tileset->image.empty()) assets.insert(tileset->image);
    }
    for (const std::string& asset : assets)
        add(asset, Job::Kind::Copy);
    if (stop_on_errors()) return;
    jobs["run.sh"] = Job{Job::Kind::Text, {}, kRunScript};
    next_job = jobs.begin();
    total += 1 + jobs.size();
    phase = Phase::CreateTemp;
}

void Exporter::State::create_temp() {
    std::error_code ec;
    const fs::path parent = output.parent_path();
    fs::create_directories(parent, ec);
    if (ec) return fail(io_error("cannot create the folder", parent, ec));
    // What interrupted exports to this folder left beside it goes first (never a running one's).
    const std::string hidden = "." + output.filename().string();
    for (const char* kind : {".export-", ".old-"}) {
        const LeftoverCleanup cleanup = remove_stale_folders(parent, hidden + kind);
        for (const fs::path& folder : cleanup.removed)
            log_info("removed " + folder.string() + ", left behind by an interrupted export");
        for (const Error& problem : cleanup.problems)
            diagnostics.warning(problem);
    }
    auto made = HeldFolder::create((parent / (hidden + ".export-XXXXXX")).string());
    if (!made) {
        Error e = made.error();
        e.message = "cannot create a temporary folder next to the output: " + e.message;
        return fail(e);
    }
    temp = made->path();
    staging = std::move(*made);
    fs::permissions(temp, kExecutable, ec); // mkdtemp makes it private; the export is not
    phase = Phase::Files;
}

void Exporter::State::write_file() {
    const auto& [path, job] = *next_job++;
    auto placed = output_path(temp, path);
    if (!placed) return fail(placed.error());
    const fs::path target = std::move(*placed);
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return fail(io_error("cannot create the folder", target.parent_path(), ec));
    if (job.kind == Job::Kind::Data && options.compact) {
        auto text = read_file(job.source, kMaxDataBytes);
        if (!text) return fail(text.error());
        auto json = parse_json(*text, job.source.string());
        if (!json) return fail(json.error());
        if (auto saved = save_file_atomic(target, to_compact_json(*json), {false}); !saved)
            return fail(saved.error());
    } else if (job.kind == Job::Kind::Text) {
        if (auto saved = save_file_atomic(target, job.text, {false}); !saved)
            return fail(saved.error());
    } else if (auto copied = copy_file(job.source, target, kMaxCopiedBytes); !copied) {
        return fail(copied.error());
    }
    const bool executable = job.kind == Job::Kind::Executable || job.kind == Job::Kind::Text;
    fs::permissions(target, executable ? kExecutable : kReadable, ec);
    const std::uintmax_t bytes = fs::file_size(target, ec);
    if (ec) return fail(io_error("cannot read back", target, ec));
    summary.files.push_back(ExportedFile{path, bytes});
    summary.bytes += bytes;
    if (next_job == jobs.end()) phase = Phase::Manifest;
}

void Exporter::State::write_manifest() {
    Json files = Json::array();
    for (const ExportedFile& f : summary.files)
        files.push_back(Json{{"path", f.path}, {"bytes", f.bytes}});
    Json manifest = {
        {"format", "diorama.export"},
        {"version", kExportManifestVersion},
        {"engine_version", std::string(engine_version())},
        {"engine_build", engine_build}, // the shipped engine's, which the module was built against
        {"file_formats",
         {{"project", kProjectVersion}, {"scene", kSceneVersion}, {"prefab", kPrefabVersion}}},
        {"project",
         {{"name", project.name},
          {"module", project.module},
          {"startup_scene", project.startup_scene},
          {"folder", kProjectFolder}}},
        {"compact", options.compact},
        {"run", "./run.sh"},
        {"files", std::move(files)},
    };
    if (auto saved = save_file_atomic(temp / kManifestFile, to_pretty_json(manifest), {false});
        !saved)
        return fail(saved.error());
    std::error_code ec;
    fs::permissions(temp / kManifestFile, kReadable, ec);
    phase = Phase::Commit;
}

void Exporter::State::commit() {
    std::error_code ec;
    // An existing folder (empty, or replaced with force) moves aside first, then goes.
    fs::path old;
    if (fs::exists(fs::symlink_status(output, ec))) {
        std::string pattern =
            (output.parent_path() / ("." + output.filename().string() + ".old-XXXXXX")).string();
        if (::mkdtemp(pattern.data()) == nullptr)
            return fail(io_error("cannot move the old output folder aside", output,
                                 std::error_code(errno, std::generic_category())));
        old = pattern;
        fs::rename(output, old, ec); // onto the empty folder mkdtemp made
        if (ec) {
            fs::remove(old, ec);
            return fail(io_error("cannot move the old output folder aside", output, ec));
        }
    }
    fs::rename(temp, output, ec);
    if (ec) {
        const Error e = io_error("cannot rename the export into place", output, ec);
        std::error_code ignored;
        if (!old.empty()) fs::rename(old, output, ignored); // put the old folder back
        return fail(e);
    }
    committed = true;
    if (!old.empty()) fs::remove_all(old, ec);
    std::sort(summary.files.begin(), summary.files.end(),
              [](const ExportedFile& a, const ExportedFile& b) { return a.path < b.path; });
    summary.output = output;
    phase = Phase::Done;
}

std::string Exporter::State::next_step() const {
    switch (phase) {
    case Phase::Plan:
        return "check the output folder";
    case Phase::Prefabs:
        return "validate the prefabs";
    case Phase::Scenes:
        return "validate " + scenes[next_scene];
    case Phase::CreateTemp:
        return "create the output folder";
    case Phase::Files:
        return "write " + next_job->first;
    case Phase::Manifest:
        return std::string("write ") + kManifestFile;
    case Phase::Commit:
        return "move the folder into place";
    case Phase::Done:
        return failure ? "failed" : "done";
    }
    return {};
}

ExportStage Exporter::State::stage() const {
    switch (phase) {
    case Phase::Plan:
        return ExportStage::Check;
    case Phase::Prefabs:
    case Phase::Scenes:
        return ExportStage::Validate;
    case Phase::Done:
        return last_stage;
    default:
        return ExportStage::Write;
    }
}

// ---- exporter ----

Exporter::Exporter(std::unique_ptr<const Game> game, ExportOptions options)
    : m_state(std::make_unique<State>(std::move(game), std::move(options))) {}

Exporter::~Exporter() {
    if (!m_state->temp.empty() && !m_state->committed) {
        std::error_code ec;
        fs::remove_all(m_state->temp, ec);
    }
}

bool Exporter::step() {
    State& s = *m_state;
    using Phase = State::Phase;
    if (s.phase != Phase::Done) s.last_stage = s.stage();
    switch (s.phase) {
    case Phase::Plan:
        s.plan();
        break;
    case Phase::Prefabs:
        s.validate_prefabs();
        break;
    case Phase::Scenes:
        s.validate_scene();
        break;
    case Phase::CreateTemp:
        s.create_temp();
        break;
    case Phase::Files:
        s.write_file();
        break;
    case Phase::Manifest:
        s.write_manifest();
        break;
    case Phase::Commit:
        s.commit();
        break;
    case Phase::Done:
        return false;
    }
    ++s.done;
    if (s.phase == Phase::Done) {
        if (!s.temp.empty() && !s.committed) {
            std::error_code ec;
            fs::remove_all(s.temp, ec);
            s.temp.clear();
        }
        s.staging.reset();
        if (!s.failure) s.done = s.total;
    }
    return s.phase != Phase::Done;
}

bool Exporter::finished() const {
    return m_state->phase == State::Phase::Done;
}

ExportProgress Exporter::progress() const {
    return ExportProgress{m_state->stage(), m_state->done, std::max(m_state->total, m_state->done),
                          m_state->next_step()};
}

const Diagnostics& Exporter::diagnostics() const {
    return m_state->diagnostics;
}

Result<ExportSummary> Exporter::result() const {
    assert(finished());
    if (m_state->failure) return *m_state->failure;
    return m_state->summary;
}

Result<std::string> engine_build_of_library(const fs::path& library) {
    std::ifstream in(library, std::ios::binary);
    if (!in) return make_error(ErrorCode::Io, "cannot open the engine library", library.string());
    const std::string_view tag(detail::engine_build_tag, detail::kEngineBuildTagTextLength);
    // The tag is in the library's read-only data, near the start: read until the first one.
    const std::size_t needed = tag.size() + kMaxBuildLength + 1; // a tag, a build and its end
    std::vector<char> chunk(kLibraryChunkBytes);
    std::string window; // the bytes not searched yet, and what tags near the end still need
    for (bool at_end = false; !at_end;) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        at_end = got < chunk.size();
        window.append(chunk.data(), got);
        // Tags starting before `settled` have every byte they need in the window.
        const std::size_t settled =
            at_end ? window.size() : window.size() - std::min(window.size(), needed);
        for (std::size_t at = window.find(tag); at < settled; at = window.find(tag, at + 1)) {
            const std::string_view rest =
                std::string_view(window).substr(at + tag.size(), kMaxBuildLength + 1);
            const std::string_view build = rest.substr(0, rest.find('\0'));
            const bool printable =
                std::all_of(build.begin(), build.end(), [](char c) { return c > ' ' && c < 127; });
            if (build.size() < rest.size() && !build.empty() && printable)
                return std::string(build);
        }
        window.erase(0, settled);
    }
    if (in.bad())
        return make_error(ErrorCode::Io, "cannot read the engine library", library.string());
    return make_error(ErrorCode::Version,
                      "not a Diorama engine library, or one older than the engine build tag: it "
                      "names no engine build",
                      library.string());
}

std::string describe_byte_size(std::uint64_t bytes) {
    constexpr const char* kUnits[] = {"bytes", "KB", "MB", "GB", "TB"};
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= 1024.0 && unit + 1 < std::size(kUnits)) {
        value /= 1024.0;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", value, kUnits[unit]);
    return text;
}

Result<ExportSummary>
export_project(std::unique_ptr<const Game> game, ExportOptions options, Diagnostics& diagnostics,
               const std::function<void(const ExportProgress&)>& on_progress) {
    Exporter exporter(std::move(game), std::move(options));
    do {
        if (on_progress && !exporter.finished()) on_progress(exporter.progress());
    } while (exporter.step());
    diagnostics.merge(exporter.diagnostics());
    return exporter.result();
}

} // namespace diorama
