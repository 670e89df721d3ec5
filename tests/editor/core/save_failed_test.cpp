// EditorSession: a save that cannot be written (a full disk, a folder that is a file, a
// read-only place) raises WriteFailed and loses nothing: the scene stays open and unsaved with
// its history and autosave, Retry writes the same file once the cause is gone, and Save As
// writes it elsewhere (in the project, or a full path outside it). Failures are made in ways
// that work also for root: injected I/O errors and a path whose folder is a regular file.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <cerrno>
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

class SaveFailed : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        session = open(copy.path());
        ASSERT_TRUE(session);
        original = slurp(scene_file());
    }
    void TearDown() override { inject_save_fault(SaveStage::Open, 0); }

    static std::unique_ptr<EditorSession> open(const fs::path& folder,
                                               const std::string& scene = {}) {
        auto s = std::make_unique<EditorSession>(GameOptions{.module_dirs = {test::module_dir()}});
        auto opened = s->open_project(folder, scene);
        EXPECT_TRUE(opened) << opened.error().describe();
        return opened ? std::move(s) : nullptr;
    }
    // Two edits: a ball placed at x, then renamed.
    void edit(float x) {
        auto placed = session->place_prefab("ball", {x, 100.0f});
        ASSERT_TRUE(placed);
        ASSERT_TRUE(session->rename(session->world().guid(*placed), "Saved ball"));
    }
    [[nodiscard]] fs::path scene_file() const {
        return copy.path() / "scenes" / "level1.scene.json";
    }
    void expect_write_failed(const Result<void>& saved, const std::string& path) const {
        ASSERT_FALSE(saved);
        ASSERT_TRUE(session->save_question());
        EXPECT_EQ(session->save_question()->issue, SaveIssue::WriteFailed);
        EXPECT_EQ(session->save_question()->path, path);
        EXPECT_NE(saved.error().message.find("nothing was lost"), std::string::npos)
            << saved.error().describe();
        EXPECT_TRUE(session->dirty());
    }

    BounceCopy copy;
    std::unique_ptr<EditorSession> session;
    std::string original;
};

TEST_F(SaveFailed, AFullDiskAsksAndRetryWritesEveryChangeOnceThereIsRoom) {
    edit(64.0f);
    const std::uint64_t mine = session->hash();
    const std::size_t steps = session->history().size();
    inject_save_fault(SaveStage::Write, ENOSPC);
    const auto saved = session->save();
    expect_write_failed(saved, "scenes/level1.scene.json");
    EXPECT_NE(saved.error().message.find(scene_file().string()), std::string::npos);
    EXPECT_NE(saved.error().message.find("No space left on device"), std::string::npos)
        << saved.error().message;
    EXPECT_EQ(slurp(scene_file()), original);
    EXPECT_EQ(session->hash(), mine) << "nothing in memory is lost";
    EXPECT_EQ(session->history().size(), steps) << "the history stays";
    EXPECT_EQ(session->window_title(), "level1* - BOUNCE - Diorama");

    // Still full: Retry raises the question again.
    expect_write_failed(session->answer_save_question(SaveAnswer::Retry),
                        "scenes/level1.scene.json");
    inject_save_fault(SaveStage::Open, 0);
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Retry));
    EXPECT_FALSE(session->save_question());
    EXPECT_FALSE(session->dirty());
    EXPECT_EQ(open(copy.path())->hash(), mine);
    EXPECT_TRUE(session->undo()) << "the history survived the failed saves";
}

TEST_F(SaveFailed, AutosaveGoesOnWhileTheSaveFails) {
    edit(64.0f);
    inject_save_fault(SaveStage::Rename, EROFS);
    expect_write_failed(session->save(), "scenes/level1.scene.json");
    inject_save_fault(SaveStage::Open, 0);
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Cancel));
    (void)session->autosave_tick(0.0);
    ASSERT_TRUE(session->autosave_tick(1e6));
    EXPECT_TRUE(fs::exists(session->recovery_file()));
    EXPECT_EQ(slurp(scene_file()), original);
}

TEST_F(SaveFailed, AFolderThatIsAFileFailsAndSaveAsElsewhereKeepsEveryChange) {
    std::ofstream(copy.path() / "blocked") << "a file, not a folder\n";
    edit(64.0f);
    const std::uint64_t mine = session->hash();
    expect_write_failed(session->save_as("blocked/level2"), "blocked/level2.scene.json");
    EXPECT_EQ(session->scene_path(), "scenes/level1.scene.json") << "the file stays the scene's";

    ASSERT_TRUE(session->answer_save_question(SaveAnswer::SaveElsewhere));
    EXPECT_FALSE(session->save_question());
    ASSERT_TRUE(session->save_as("scenes/level2"));
    EXPECT_FALSE(session->dirty());
    EXPECT_EQ(session->scene_path(), "scenes/level2.scene.json");
    EXPECT_EQ(open(copy.path(), "level2")->hash(), mine);
    EXPECT_EQ(slurp(scene_file()), original);
}

TEST_F(SaveFailed, RetryWritesTheSameFileOnceTheCauseIsFixed) {
    std::ofstream(copy.path() / "blocked") << "a file, not a folder\n";
    edit(64.0f);
    const std::uint64_t mine = session->hash();
    expect_write_failed(session->save_as("blocked/level3"), "blocked/level3.scene.json");
    fs::remove(copy.path() / "blocked");
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Retry));
    EXPECT_FALSE(session->dirty());
    EXPECT_EQ(session->scene_path(), "blocked/level3.scene.json");
    EXPECT_TRUE(fs::exists(copy.path() / "blocked" / "level3.scene.json"));
    EXPECT_EQ(open(copy.path(), "blocked/level3.scene.json")->hash(), mine);
}

TEST_F(SaveFailed, AFullPathOutsideTheProjectWritesACopyThere) {
    edit(64.0f);
    inject_save_fault(SaveStage::Write, ENOSPC);
    expect_write_failed(session->save(), "scenes/level1.scene.json");
    inject_save_fault(SaveStage::Open, 0);
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::SaveElsewhere));

    // "Another disk": a folder next to the project.
    const fs::path other = copy.path().parent_path() / "other-disk";
    fs::create_directories(other);
    ASSERT_TRUE(session->save_as((other / "level1").string()));
    EXPECT_FALSE(session->dirty());
    EXPECT_EQ(session->scene_path(), "scenes/level1.scene.json") << "the scene's file stays";
    EXPECT_NE(slurp(other / "level1.scene.json").find("Saved ball"), std::string::npos);
    EXPECT_EQ(slurp(scene_file()), original);

    // A full path inside the project is the relative one.
    edit(96.0f);
    const std::uint64_t second = session->hash();
    ASSERT_TRUE(session->save_as((copy.path() / "scenes" / "level4").string()));
    EXPECT_EQ(session->scene_path(), "scenes/level4.scene.json");
    EXPECT_EQ(open(copy.path(), "level4")->hash(), second);
}

TEST_F(SaveFailed, ACopyThatCannotBeWrittenAsksToo) {
    edit(64.0f);
    const fs::path other = copy.path().parent_path() / "other-disk";
    fs::create_directories(other);
    std::ofstream(other / "blocked") << "a file\n";
    // Its folder must exist: a file in place of a folder is "no folder".
    EXPECT_FALSE(session->save_copy(other / "blocked" / "x"));
    EXPECT_FALSE(session->save_question());
    inject_save_fault(SaveStage::Open, EACCES);
    const fs::path target = other / "level1.scene.json";
    expect_write_failed(session->save_copy(other / "level1"), target.string());
    inject_save_fault(SaveStage::Open, 0);
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Retry));
    EXPECT_FALSE(session->dirty());
    EXPECT_TRUE(fs::exists(target));
}

} // namespace
} // namespace diorama::editor
