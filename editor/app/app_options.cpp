#include "app_options.h"

#include <charconv>

namespace diorama::editor {

namespace {

bool parse_int(std::string_view text, int& out) {
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc{} && ptr == end;
}

Result<glm::ivec2> parse_size(std::string_view text) {
    const std::size_t x = text.find('x');
    glm::ivec2 size{0, 0};
    if (x == std::string_view::npos || !parse_int(text.substr(0, x), size.x) ||
        !parse_int(text.substr(x + 1), size.y) || size.x < 320 || size.y < 240 || size.x > 16384 ||
        size.y > 16384)
        return make_error(
            ErrorCode::InvalidArgument,
            "expected WIDTHxHEIGHT (at least 320x240), got '" + std::string(text) + "'", "--size");
    return size;
}

} // namespace

Result<AppOptions> parse_app_options(std::span<const std::string_view> args) {
    AppOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        const auto value = [&]() -> Result<std::string_view> {
            if (i + 1 >= args.size())
                return make_error(ErrorCode::InvalidArgument, "needs a value", std::string(arg));
            return args[++i];
        };
        if (arg == "--help" || arg == "-h") {
            options.help = true;
        } else if (arg == "--scene" || arg == "--script" || arg == "--screenshot" ||
                   arg == "--frames" || arg == "--size" || arg == "--timing" ||
                   arg == "--autosave-seconds") {
            auto v = value();
            if (!v) return v.error();
            if (arg == "--scene") {
                options.scene = std::string(*v);
            } else if (arg == "--script") {
                options.script = std::filesystem::path(*v);
            } else if (arg == "--screenshot") {
                options.screenshot = std::filesystem::path(*v);
            } else if (arg == "--timing") {
                options.timing = std::filesystem::path(*v);
            } else if (arg == "--frames") {
                if (!parse_int(*v, options.frames) || options.frames <= 0)
                    return make_error(ErrorCode::InvalidArgument,
                                      "expected a positive frame count, got '" + std::string(*v) +
                                          "'",
                                      "--frames");
            } else if (arg == "--autosave-seconds") {
                if (!parse_int(*v, options.autosave_seconds) || options.autosave_seconds < 0)
                    return make_error(ErrorCode::InvalidArgument,
                                      "expected seconds (0 or more), got '" + std::string(*v) + "'",
                                      "--autosave-seconds");
            } else {
                auto size = parse_size(*v);
                if (!size) return size.error();
                options.size = *size;
            }
        } else if (arg.starts_with("-")) {
            return make_error(ErrorCode::InvalidArgument, "unknown option", std::string(arg));
        } else if (options.project.empty()) {
            options.project = std::filesystem::path(arg);
        } else {
            return make_error(ErrorCode::InvalidArgument, "only one project folder can be given",
                              std::string(arg));
        }
    }
    return options;
}

std::string app_usage() {
    return "usage: diorama-editor [PROJECT] [--scene NAME] [--script FILE] [--screenshot "
           "FILE.png]\n"
           "                      [--frames N] [--size WxH] [--timing FILE]\n"
           "                      [--autosave-seconds N]\n"
           "\n"
           "  PROJECT              a project folder (or its project.json); without one the\n"
           "                       start screen opens\n"
           "  --scene NAME         the scene to open instead of the startup scene\n"
           "  --script FILE        replay the steps in FILE, then exit (see "
           "editor/script/README.md)\n"
           "  --screenshot FILE    write a PNG of the window when exiting\n"
           "  --frames N           exit after N frames\n"
           "  --size WxH           the window size in pixels\n"
           "  --timing FILE        write the time to open the scene, the first frame's times, and\n"
           "                       the CPU and wall time per frame after it (median, p95, max)\n"
           "                       to FILE at exit\n"
           "  --autosave-seconds N autosave unsaved changes every N seconds (0: never; default\n"
           "                       120, or the settings' autosave_seconds)\n"
           "\n"
           "Runs with --script or --frames neither read nor write the editor's settings.\n"
           "Exit codes: 0 done, 1 a script step failed, 2 bad command line, 3 no window or GL.\n";
}

} // namespace diorama::editor
