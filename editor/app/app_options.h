#pragma once
// The editor's command line:
//   diorama-editor [PROJECT] [--scene NAME] [--script FILE] [--screenshot FILE.png] [--frames N]
//                  [--size WxH] [--timing FILE] [--autosave-seconds N]

#include "diorama/result.h"

#include <glm/vec2.hpp>

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace diorama::editor {

struct AppOptions {
    std::filesystem::path project;    // empty: the start screen
    std::string scene;                // scene name or project-relative path; empty: startup scene
    std::filesystem::path script;     // steps to replay; empty: interactive
    std::filesystem::path screenshot; // PNG of the whole window written at exit; empty: none
    int frames = 0;                   // exit after this many frames; 0: no limit
    glm::ivec2 size{0, 0};            // window size in pixels; 0: chosen from the display
    std::filesystem::path timing;     // open time and per-frame times written at exit; empty: none
    int autosave_seconds = -1;        // seconds between autosaves (0: off); -1: the settings'
    bool help = false;                // --help: print the usage and exit

    // Scripted or frame-limited runs: no config is read or written, time advances per frame.
    [[nodiscard]] bool headless() const { return !script.empty() || frames > 0; }
};

// Parses the arguments after argv[0]; the error names the offending argument.
[[nodiscard]] Result<AppOptions> parse_app_options(std::span<const std::string_view> args);

// The usage text printed by --help and after a command-line error.
[[nodiscard]] std::string app_usage();

} // namespace diorama::editor
