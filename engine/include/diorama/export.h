#pragma once
// Exporting a project: a self-contained folder a team copies to a server and runs, with nothing of
// Diorama built there.
//
//   OUTDIR/
//     run.sh                          starts the player on project/, passing its arguments on
//     export.json                     manifest: engine and file format versions, every file
//     bin/diorama-player              the headless player (run path $ORIGIN/../lib)
//     lib/libdiorama_engine.so.N      the engine library, under its soname
//     modules/NAME.so                 the game module, when project.json names one
//     project/project.json            the project's files: every scene, every prefab (game code
//     project/scenes/..., prefabs/... spawns prefabs by name, so none can be left out), and the
//     project/sprites/...             assets the scenes and prefabs refer to, nothing else
//
// Every prefab and scene is validated first, and the engine library shipped must be the build of
// this process (the one that validated them and loaded the module); an error stops the export
// before anything is written. The folder is built under a temporary name next to OUTDIR and renamed
// into place at the end, so OUTDIR is never left half-written. The player and the editor both
// export through this.

#include "diorama/diagnostics.h"
#include "diorama/project.h"
#include "diorama/result.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace diorama {

class Game;

struct ExportOptions {
    std::filesystem::path output; // the folder to create; refused inside the project
    std::filesystem::path player; // the diorama-player to ship; the engine library is taken from
                                  // its ../lib, as its run path finds it
    bool compact = false;         // minified JSON for project.json, scenes and prefabs
    bool force = false;           // replace an OUTDIR that exists and is not empty
};

// What a step belongs to: a failure while validating means the project has errors (nothing was
// written); while checking, the output folder or the files to ship were refused.
enum class ExportStage { Check, Validate, Write };

struct ExportProgress {
    ExportStage stage = ExportStage::Check; // of the next step; once finished, of the last one
    std::size_t done = 0;                   // steps finished
    std::size_t total = 0; // steps known so far (grows once validation has listed the files)
    std::string step;      // what the next step does: "validate scenes/level1.scene.json"
};

// One file of an exported folder.
struct ExportedFile {
    std::string path; // relative to OUTDIR, '/'-separated
    std::uint64_t bytes = 0;
};

struct ExportSummary {
    std::filesystem::path output;    // the folder written (absolute)
    std::vector<ExportedFile> files; // sorted by path; export.json itself is not listed
    std::uint64_t bytes = 0;         // the files' total size
};

// An export that runs one step at a time (the editor runs a few per frame and draws the
// progress). Destroying an unfinished exporter removes its temporary folder.
class Exporter {
public:
    // Exports an opened game (see game.h): its project's files and the module it loaded.
    Exporter(std::unique_ptr<const Game> game, ExportOptions options);
    ~Exporter();
    Exporter(const Exporter&) = delete;
    Exporter& operator=(const Exporter&) = delete;

    // Does the next step; returns false once the export is finished (succeeded or failed).
    bool step();
    [[nodiscard]] bool finished() const;
    [[nodiscard]] ExportProgress progress() const;
    // Every problem found: validation errors and warnings (a missing asset is a warning and is
    // not copied), refusals, I/O failures.
    [[nodiscard]] const Diagnostics& diagnostics() const;
    // The outcome once finished(): the summary, or the first error.
    [[nodiscard]] Result<ExportSummary> result() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

// The engine build an engine library file was built as (what engine_build() says in a process
// that loads it), read from the file's bytes up to the first build tag, without loading it. An
// error naming the file when it cannot be read or carries no build (not a Diorama engine library,
// or one older than the tag).
[[nodiscard]] Result<std::string> engine_build_of_library(const std::filesystem::path& library);

// A size for people: "512 bytes", "12.3 KB", "30.0 MB" (powers of 1024).
[[nodiscard]] std::string describe_byte_size(std::uint64_t bytes);

// Runs a whole export; on_progress (optional) is called before each step. Problems are added to
// diagnostics (warnings too); the result fails on the first error.
[[nodiscard]] Result<ExportSummary>
export_project(std::unique_ptr<const Game> game, ExportOptions options, Diagnostics& diagnostics,
               const std::function<void(const ExportProgress&)>& on_progress = {});

} // namespace diorama
