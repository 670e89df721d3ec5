#pragma once
// What the editor's end-to-end tests share: a fixture running diorama-editor on a copy of a
// sample with a script, the hashes its script printed, and a run described for a failure message.

#include "child_process.h"
#include "temp_dir.h"

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace diorama::test {

// Every "hash: <hex>" line a run printed (print_hash), in order.
inline std::vector<std::string> hashes(const std::string& out) {
    std::vector<std::string> found;
    static const std::regex line(R"(hash: ([0-9a-f]{16}))");
    for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator();
         ++it)
        found.push_back((*it)[1].str());
    return found;
}

// The run's exit code, signal, and both outputs.
inline std::string describe(const ChildResult& r) {
    return "exit " + std::to_string(r.exit_code) + " signal " + std::to_string(r.signal) +
           (r.timed_out ? " (timed out)" : "") + "\n--- stdout\n" + r.out + "--- stderr\n" + r.err;
}

// The "key value" lines of a --timing report (none when it cannot be read).
inline std::map<std::string, double> timing_report(const std::filesystem::path& file) {
    std::map<std::string, double> values;
    auto text = diorama::read_file(file, 1u << 20);
    if (!text) return values;
    std::istringstream lines(*text);
    std::string key;
    double value = 0.0;
    while (lines >> key >> value)
        values[key] = value;
    return values;
}

// A copy of projects/SAMPLE (without its game sources: the built module is found by name) in a
// temporary folder, and diorama-editor run on it with a script at 1600x900, offscreen.
class SampleCopyApp : public ::testing::Test {
protected:
    explicit SampleCopyApp(std::string sample) : m_sample(std::move(sample)) {}

    void SetUp() override {
        ASSERT_FALSE(m_dir.path().empty());
        std::filesystem::copy(std::filesystem::path(DIORAMA_SOURCE_DIR) / "projects" / m_sample,
                              project(), std::filesystem::copy_options::recursive);
        std::filesystem::remove_all(project() / "game");
    }

    // The copy's folder.
    [[nodiscard]] std::filesystem::path project() const { return m_dir.path() / m_sample; }

    // Runs the editor on the copy with the script and any further arguments (at most four
    // minutes).
    ChildResult editor(const std::string& script, const std::vector<std::string>& more = {}) {
        m_dir.write("script.txt", script);
        std::vector<std::string> args = {project().string(), "--script",
                                         (m_dir.path() / "script.txt").string(), "--size",
                                         "1600x900"};
        args.insert(args.end(), more.begin(), more.end());
        std::vector<std::string> env = {"SDL_VIDEODRIVER=offscreen",
                                        "DIORAMA_UI_SCALE=" + m_ui_scale,
                                        "XDG_CONFIG_HOME=" + (m_dir.path() / "config").string()};
        env.insert(env.end(), m_env.begin(), m_env.end());
        return run_child(DIORAMA_EDITOR_PATH, args, env, std::chrono::seconds(240));
    }

    TempDir m_dir;
    std::string m_ui_scale = "1";   // the UI's scale for the editor's runs
    std::vector<std::string> m_env; // more "NAME=value" for the editor's runs

private:
    std::string m_sample;
};

} // namespace diorama::test
