#pragma once
// Test helpers: a copy of the BOUNCE sample in a temporary folder (so saving never touches the
// sources), and the folder its module was built into.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace diorama::editor::test {

// Where the build put the sample modules (bounce.so).
inline std::filesystem::path module_dir() {
    return DIORAMA_MODULE_DIR;
}

// projects/bounce copied (without its game sources) into a temporary folder, removed with
// everything in it at the end of the test.
class BounceCopy {
public:
    BounceCopy() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "diorama_editor_XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) return;
        m_root = pattern;
        const std::filesystem::path source =
            std::filesystem::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
        m_path = m_root / "bounce";
        std::filesystem::create_directories(m_path);
        for (const char* part : {"project.json", "prefabs", "scenes"})
            std::filesystem::copy(source / part, m_path / part,
                                  std::filesystem::copy_options::recursive);
    }
    ~BounceCopy() {
        std::error_code ec;
        if (!m_root.empty()) std::filesystem::remove_all(m_root, ec);
    }
    BounceCopy(const BounceCopy&) = delete;
    BounceCopy& operator=(const BounceCopy&) = delete;

    // The project folder (empty when it could not be made).
    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_root;
    std::filesystem::path m_path;
};

} // namespace diorama::editor::test
