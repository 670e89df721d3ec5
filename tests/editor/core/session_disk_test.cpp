// Nobody's work is silently overwritten: EditorSession on a copy of BOUNCE while "another
// program" (the test) changes the scene file, writes the file a Save As aims at, or moves the
// project folder. Every save that would replace what the editor did not write asks first
// (save_question) and writes nothing until answered.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write(const fs::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

// The files of a folder whose names start with prefix.
std::vector<fs::path> files_starting(const fs::path& folder, const std::string& prefix) {
    std::vector<fs::path> found;
    for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().filename().string().starts_with(prefix)) found.push_back(entry.path());
    return found;
}

class SessionDisk : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        session = open();
        ASSERT_TRUE(session);
        original = slurp(scene_file());
        // What another program writes: the same scene with the camera renamed.
        external = original;
        const std::string from = "\"name\": \"Camera\"";
        ASSERT_NE(external.find(from), std::string::npos);
        external.replace(external.find(from), from.size(), "\"name\": \"Camera (edited elsewhere)\"");
    }

    std::unique_ptr<EditorSession> open(const fs::path& folder = {}) {
        auto s = std::make_unique<EditorSession>(GameOptions{.module_dirs = {test::module_dir()}});
        auto opened = s->open_project(folder.empty() ? copy.path() : folder);
        EXPECT_TRUE(opened) << opened.error().describe();
        return opened ? std::move(s) : nullptr;
    }
    void edit(EditorSession& s, float x) { ASSERT_TRUE(s.place_prefab("ball", {x, 100.0f})); }

    [[nodiscard]] fs::path scene_file() const {
        return copy.path() / "scenes" / "level1.scene.json";
    }

    BounceCopy copy;
    std::unique_ptr<EditorSession> session;
    std::string original;
    std::string external;
};

// ---- the scene file changed on disk ----

using ReliabilityExternalChange = SessionDisk;

TEST_F(ReliabilityExternalChange, ASaveAfterAnotherProgramChangedTheFileAsksAndWritesNothing) {
    edit(*session, 64.0f);
    write(scene_file(), external);
    const auto saved = session->save();
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.error().describe().find("changed on disk by another program"),
              std::string::npos)
        << saved.error().describe();
    ASSERT_TRUE(session->save_question());
    EXPECT_EQ(session->save_question()->issue, SaveIssue::ChangedOnDisk);
    EXPECT_EQ(session->save_question()->path, "scenes/level1.scene.json");
    EXPECT_TRUE(session->save_question()->keep_as.starts_with(
        "scenes/level1.scene.json.external-"));
    EXPECT_EQ(slurp(scene_file()), external) << "nothing is written before the answer";
    EXPECT_FALSE(fs::exists(scene_file().string() + ".1"));
    EXPECT_TRUE(session->dirty());

    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Cancel));
    EXPECT_FALSE(session->save_question());
    EXPECT_EQ(slurp(scene_file()), external);
    EXPECT_FALSE(session->save()) << "the next save asks again";
    EXPECT_TRUE(session->save_question());
}

TEST_F(ReliabilityExternalChange, OverwriteKeepsTheOtherVersionBesideTheSceneThenSaves) {
    edit(*session, 64.0f);
    const std::uint64_t mine = session->hash();
    write(scene_file(), external);
    ASSERT_FALSE(session->save());
    const std::string keep_as = session->save_question()->keep_as;
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Overwrite));
    EXPECT_FALSE(session->dirty());
    EXPECT_FALSE(session->save_question());
    EXPECT_EQ(slurp(copy.path() / keep_as), external) << "the other version, kept whole";
    EXPECT_EQ(slurp(scene_file().string() + ".1"), external) << "and as the newest backup";
    EXPECT_EQ(open()->hash(), mine) << "the file holds this editor's scene";
    // What this editor wrote is the known version now: the next save does not ask.
    edit(*session, 96.0f);
    EXPECT_TRUE(session->save());
}

TEST_F(ReliabilityExternalChange, ReloadDropsTheUnsavedChangesAndOpensTheVersionOnDisk) {
    edit(*session, 64.0f);
    write(scene_file(), external);
    ASSERT_FALSE(session->save());
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Reload));
    EXPECT_FALSE(session->dirty());
    EXPECT_EQ(session->world().object_count(), 65u);
    EXPECT_TRUE(session->world().find_by_name("Camera (edited elsewhere)"));
    EXPECT_EQ(slurp(scene_file()), external);
    EXPECT_TRUE(files_starting(scene_file().parent_path(), "level1.scene.json.").empty());
}

TEST_F(ReliabilityExternalChange, SaveElsewhereWritesNothingAndLeavesTheChangedFileAlone) {
    edit(*session, 64.0f);
    write(scene_file(), external);
    ASSERT_FALSE(session->save());
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::SaveElsewhere));
    EXPECT_TRUE(session->dirty());
    ASSERT_TRUE(session->save_as("scenes/mine"));
    EXPECT_EQ(session->scene_path(), "scenes/mine.scene.json");
    EXPECT_EQ(slurp(scene_file()), external);
}

TEST_F(SessionDisk, ATouchOrTheSameBytesWrittenAgainIsNoChange) {
    edit(*session, 64.0f);
    // The same bytes, written to a new file renamed over the scene (as editors and git do).
    write(scene_file().string() + ".new", original);
    fs::rename(scene_file().string() + ".new", scene_file());
    ASSERT_TRUE(::utimensat(AT_FDCWD, scene_file().c_str(), nullptr, 0) == 0);
    EXPECT_FALSE(session->check_disk());
    EXPECT_TRUE(session->save());
    EXPECT_FALSE(session->save_question());
}

TEST_F(ReliabilityExternalChange, AChangeOfTheSameSizeIsFoundByItsBytes) {
    edit(*session, 64.0f);
    std::string same_size = original;
    same_size.replace(same_size.find("\"Camera\""), 8, "\"Cxmera\"");
    write(scene_file(), same_size);
    EXPECT_FALSE(session->save());
    ASSERT_TRUE(session->save_question());
    EXPECT_EQ(slurp(scene_file()), same_size);
}

TEST_F(ReliabilityExternalChange, RegainingFocusFindsTheChangeOnceAndSavingStillAsks) {
    EXPECT_FALSE(session->check_disk()) << "nothing changed";
    write(scene_file(), external);
    ASSERT_TRUE(session->check_disk());
    ASSERT_TRUE(session->save_question());
    EXPECT_FALSE(session->save_question()->from_save);
    EXPECT_EQ(session->save_question()->issue, SaveIssue::ChangedOnDisk);
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Cancel));
    EXPECT_FALSE(session->check_disk()) << "the same change is not shown twice";
    edit(*session, 64.0f);
    EXPECT_FALSE(session->save()) << "a save still asks";
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Cancel));
    write(scene_file(), original + "\n");
    EXPECT_TRUE(session->check_disk()) << "a further change is";
}

// ---- Save As onto an existing file ----

using ReliabilitySaveAs = SessionDisk;

TEST_F(ReliabilitySaveAs, SaveAsOntoAnotherSceneAsksAndWritesNothingUntilOverwrite) {
    const fs::path other = copy.path() / "scenes" / "other.scene.json";
    write(other, external);
    edit(*session, 64.0f);
    const std::uint64_t mine = session->hash();
    ASSERT_FALSE(session->save_as("scenes/other"));
    ASSERT_TRUE(session->save_question());
    EXPECT_EQ(session->save_question()->issue, SaveIssue::TargetExists);
    EXPECT_EQ(session->save_question()->path, "scenes/other.scene.json");
    EXPECT_EQ(slurp(other), external);
    EXPECT_EQ(session->scene_path(), "scenes/level1.scene.json");

    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Cancel));
    EXPECT_EQ(slurp(other), external);
    EXPECT_TRUE(session->dirty());
    EXPECT_EQ(session->scene_path(), "scenes/level1.scene.json");

    ASSERT_FALSE(session->save_as("scenes/other.scene.json"));
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Overwrite));
    EXPECT_EQ(session->scene_path(), "scenes/other.scene.json");
    EXPECT_FALSE(session->dirty());
    EXPECT_EQ(slurp(other.string() + ".1"), external) << "the file replaced is the backup";
    EXPECT_EQ(slurp(scene_file()), original);
    auto reopened = open();
    ASSERT_TRUE(reopened->open_scene("other"));
    EXPECT_EQ(reopened->hash(), mine);
}

TEST_F(ReliabilitySaveAs, ANewSceneSavedOntoAnExistingFileAsks) {
    write(copy.path() / "scenes" / "untitled.scene.json", external);
    session->new_scene();
    edit(*session, 64.0f);
    ASSERT_FALSE(session->save());
    ASSERT_TRUE(session->save_question());
    EXPECT_EQ(session->save_question()->issue, SaveIssue::TargetExists);
    EXPECT_EQ(slurp(copy.path() / "scenes" / "untitled.scene.json"), external);
}

TEST_F(SessionDisk, SavingToItsOwnFileOrANewOneDoesNotAsk) {
    edit(*session, 64.0f);
    EXPECT_TRUE(session->save());
    EXPECT_TRUE(session->save_as("scenes/level1"));
    EXPECT_TRUE(session->save_as("scenes/brand_new"));
    EXPECT_FALSE(session->save_question());
}

// ---- the project folder renamed or moved while open ----

using ReliabilityProjectMoved = SessionDisk;

TEST_F(ReliabilityProjectMoved, SavingAfterTheFolderWasRenamedIsRefusedAndRecreatesNothing) {
    edit(*session, 64.0f);
    const std::uint64_t mine = session->hash();
    const fs::path moved = copy.path().parent_path() / "bounce-renamed";
    fs::rename(copy.path(), moved);

    const auto saved = session->save();
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.error().describe().find("is no longer there"), std::string::npos)
        << saved.error().describe();
    ASSERT_TRUE(session->save_question());
    EXPECT_EQ(session->save_question()->issue, SaveIssue::ProjectMoved);
    EXPECT_EQ(session->save_question()->moved_to, moved.string());
    EXPECT_FALSE(fs::exists(copy.path())) << "the old path is not recreated";
    EXPECT_TRUE(session->dirty());
    EXPECT_EQ(session->hash(), mine) << "nothing in memory is lost";
    EXPECT_EQ(slurp(moved / "scenes" / "level1.scene.json"), original);

    // Nothing else writes there either: Save As, autosave, the shutdown's recovery copy.
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Cancel));
    EXPECT_FALSE(session->save_as("scenes/elsewhere"));
    (void)session->autosave_tick(0.0);
    EXPECT_FALSE(session->autosave_tick(1e6));
    EXPECT_FALSE(session->write_recovery());
    EXPECT_FALSE(fs::exists(copy.path()));
}

TEST_F(ReliabilityProjectMoved, SaveACopyWritesToTheNewPlaceOnlyWhenAsked) {
    edit(*session, 64.0f);
    const std::uint64_t mine = session->hash();
    EXPECT_FALSE(session->save_copy(copy.path() / "scenes" / "x.scene.json"))
        << "while the folder is in place, Save As is the way";
    const fs::path moved = copy.path().parent_path() / "bounce-moved";
    fs::rename(copy.path(), moved);
    EXPECT_FALSE(session->save_copy(copy.path() / "scenes" / "level1.scene.json"))
        << "no folder there";
    EXPECT_FALSE(fs::exists(copy.path()));

    const fs::path target = moved / "scenes" / "level1.scene.json";
    ASSERT_FALSE(session->save_copy(target));
    ASSERT_TRUE(session->save_question());
    EXPECT_EQ(session->save_question()->issue, SaveIssue::TargetExists);
    EXPECT_EQ(slurp(target), original);
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Overwrite));
    EXPECT_FALSE(session->dirty());
    EXPECT_EQ(open(moved)->hash(), mine);
    EXPECT_FALSE(fs::exists(copy.path()));
}

TEST_F(ReliabilityProjectMoved, RegainingFocusTellsOnce) {
    const fs::path moved = copy.path().parent_path() / "bounce-moved";
    fs::rename(copy.path(), moved);
    ASSERT_TRUE(session->check_disk());
    EXPECT_EQ(session->save_question()->issue, SaveIssue::ProjectMoved);
    EXPECT_FALSE(session->save_question()->from_save);
    ASSERT_TRUE(session->answer_save_question(SaveAnswer::Cancel));
    EXPECT_FALSE(session->check_disk());
}

} // namespace
} // namespace diorama::editor
