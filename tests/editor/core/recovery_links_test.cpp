// Recovery files are written only inside the project's .diorama folder and never through a
// symbolic link: a link in their place (or a linked folder on the way) is refused, and the file it
// leads to keeps its bytes, whether the write comes from autosave or from a shutdown by signal.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

class ReliabilityRecoveryWrites : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        session = std::make_unique<EditorSession>(GameOptions{.module_dirs = {test::module_dir()}});
        auto opened = session->open_project(copy.path(), "");
        ASSERT_TRUE(opened) << opened.error().describe();
        outside = copy.path().parent_path() / "outside";
        fs::create_directories(outside);
        std::ofstream(outside / "notes.txt") << kPrecious;
    }

    [[nodiscard]] fs::path recovery_file() const {
        return copy.path() / ".diorama" / "recovery" / "scenes" / "level1.scene.json";
    }
    // The files in the outside folder, which must stay exactly as they were.
    [[nodiscard]] std::size_t outside_entries() const {
        std::size_t n = 0;
        for ([[maybe_unused]] const auto& e : fs::recursive_directory_iterator(outside))
            ++n;
        return n;
    }

    static constexpr const char* kPrecious = "someone's notes, not a scene";
    BounceCopy copy;
    std::unique_ptr<EditorSession> session;
    fs::path outside;
};

TEST_F(ReliabilityRecoveryWrites, ALinkInPlaceOfTheRecoveryFileIsRefusedAndItsTargetUnchanged) {
    fs::create_directories(recovery_file().parent_path());
    fs::create_symlink(outside / "notes.txt", recovery_file());
    ASSERT_TRUE(session->place_prefab("ball", {64.0f, 100.0f}));

    auto kept = session->write_recovery(); // as on SIGTERM
    ASSERT_FALSE(kept);
    EXPECT_NE(kept.error().describe().find(recovery_file().string() + ": is a symbolic link"),
              std::string::npos)
        << kept.error().describe();
    (void)session->autosave_tick(0.0);
    EXPECT_FALSE(session->autosave_tick(1000.0)) << "autosave is refused the same way";

    EXPECT_EQ(slurp(outside / "notes.txt"), kPrecious);
    EXPECT_TRUE(fs::is_symlink(recovery_file()));
    EXPECT_EQ(outside_entries(), 1u);
}

TEST_F(ReliabilityRecoveryWrites, ALinkedFolderOnTheWayIsRefusedAndNothingIsMadeInItsTarget) {
    for (const fs::path& linked :
         {copy.path() / ".diorama", copy.path() / ".diorama" / "recovery" / "scenes"}) {
        SCOPED_TRACE(linked.string());
        fs::remove_all(copy.path() / ".diorama");
        fs::create_directories(linked.parent_path());
        fs::create_symlink(outside, linked);
        ASSERT_TRUE(session->place_prefab("ball", {64.0f, 100.0f}));
        auto kept = session->write_recovery();
        ASSERT_FALSE(kept);
        EXPECT_NE(
            kept.error().describe().find("leads through the symbolic link " + linked.string()),
            std::string::npos)
            << kept.error().describe();
        EXPECT_EQ(outside_entries(), 1u) << "no folder or file made outside the project";
        EXPECT_EQ(slurp(outside / "notes.txt"), kPrecious);
    }
}

TEST_F(ReliabilityRecoveryWrites, WithoutLinksTheRecoveryFileIsWrittenInsideDotDiorama) {
    ASSERT_TRUE(session->place_prefab("ball", {64.0f, 100.0f}));
    ASSERT_TRUE(session->write_recovery());
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(recovery_file())));
    EXPECT_EQ(outside_entries(), 1u);
}

} // namespace
} // namespace diorama::editor
