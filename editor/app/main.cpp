// diorama-editor: parses the command line and runs the App.

#include "app.h"
#include "app_options.h"
#include "memory_policy.h"

#include <filesystem>
#include <iostream>
#include <string_view>
#include <system_error>
#include <vector>

int main(int argc, char** argv) {
    using namespace diorama::editor;
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    auto options = parse_app_options(args);
    if (!options) {
        std::cerr << "diorama-editor: " << options.error().describe() << "\n\n" << app_usage();
        return static_cast<int>(ExitCode::Usage);
    }
    if (options->help) {
        std::cout << app_usage();
        return static_cast<int>(ExitCode::Ok);
    }
    if (!options->scene.empty() && options->project.empty()) {
        std::cerr << "diorama-editor: --scene needs a PROJECT\n\n" << app_usage();
        return static_cast<int>(ExitCode::Usage);
    }
    keep_freed_memory_for_reuse();
    std::error_code ec;
    std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) exe = std::filesystem::absolute(argv[0], ec);
    App app(std::move(*options), exe.parent_path());
    return static_cast<int>(app.run());
}
