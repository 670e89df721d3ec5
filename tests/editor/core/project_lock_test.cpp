// One editor per project: the project's lock (ProjectLock) and what the EditorSession of a second
// editor may do with it held, in this process (each session opens its own descriptor, so two
// sessions contend as two processes do) and across processes; and the disk stamps that tell a
// file's versions apart.

#include "core/disk_stamp.h"
#include "core/editor_session.h"
#include "core/project_lock.h"

#include "bounce_copy.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

class ProjectLockTest : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_FALSE(copy.path().empty()); }

    std::unique_ptr<EditorSession> open() {
        auto s = std::make_unique<EditorSession>(GameOptions{.module_dirs = {test::module_dir()}});
        auto opened = s->open_project(copy.path());
        EXPECT_TRUE(opened) << opened.error().describe();
        return opened ? std::move(s) : nullptr;
    }
    void edit(EditorSession& s, float x) { ASSERT_TRUE(s.place_prefab("ball", {x, 100.0f})); }

    [[nodiscard]] fs::path lock_file() const { return copy.path() / ".diorama" / "lock"; }
    [[nodiscard]] fs::path scene_file() const {
        return copy.path() / "scenes" / "level1.scene.json";
    }
    [[nodiscard]] fs::path recovery_file() const {
        return copy.path() / ".diorama" / "recovery" / "scenes" / "level1.scene.json";
    }

    BounceCopy copy;
};

// ---- the lock itself ----

TEST_F(ProjectLockTest, TheLockFileNamesThisProcessAndGoesWithTheLock) {
    {
        LockAttempt first = lock_project(copy.path());
        ASSERT_TRUE(first.lock) << first.error;
        EXPECT_EQ(slurp(lock_file()).find("pid " + std::to_string(::getpid()) + "\nhost "), 0u);
        LockAttempt second = lock_project(copy.path());
        EXPECT_FALSE(second.lock);
        ASSERT_TRUE(second.holder);
        EXPECT_EQ(second.holder->pid, ::getpid());
        EXPECT_FALSE(second.holder->host.empty());
        EXPECT_EQ(second.holder->describe(),
                  "pid " + std::to_string(::getpid()) + " on " + second.holder->host);
    }
    EXPECT_FALSE(fs::exists(copy.path() / ".diorama")) << "a clean release leaves nothing";
    EXPECT_TRUE(lock_project(copy.path()).lock);
}

TEST_F(ProjectLockTest, ALinkedLockFolderIsRefusedAndNothingOutsideIsWritten) {
    const fs::path outside = copy.path().parent_path() / "outside";
    fs::create_directories(outside);
    fs::create_directory_symlink(outside, copy.path() / ".diorama");
    LockAttempt attempt = lock_project(copy.path());
    EXPECT_FALSE(attempt.lock);
    EXPECT_NE(attempt.error.find(".diorama"), std::string::npos) << attempt.error;
    EXPECT_TRUE(fs::is_empty(outside));
}

// ---- two editors on one project ----

using ReliabilityEditorLock = ProjectLockTest;

TEST_F(ReliabilityEditorLock, ASecondSessionOpensReadOnlyAndCannotSave) {
    auto first = open();
    ASSERT_TRUE(first);
    EXPECT_EQ(first->access(), ProjectAccess::Owner);
    EXPECT_EQ(first->access_note(), "");
    auto second = open();
    ASSERT_TRUE(second);
    EXPECT_EQ(second->access(), ProjectAccess::ReadOnly);
    ASSERT_TRUE(second->lock_holder());
    EXPECT_EQ(second->lock_holder()->pid, ::getpid());
    EXPECT_NE(second->access_note().find("read-only: open in another editor (pid "),
              std::string::npos)
        << second->access_note();
    EXPECT_EQ(second->window_title(), "level1 [read-only] - BOUNCE - Diorama");

    const std::string original = slurp(scene_file());
    edit(*second, 64.0f);
    const auto saved = second->save();
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.error().message.find("open in another editor"), std::string::npos);
    EXPECT_FALSE(second->save_as("scenes/copy"));
    EXPECT_EQ(slurp(scene_file()), original);
    EXPECT_FALSE(fs::exists(copy.path() / "scenes" / "copy.scene.json"));
    EXPECT_TRUE(second->dirty());
}

TEST_F(ReliabilityEditorLock, TheFirstSessionsLiveRecoveryFileIsNeverOfferedOrDeleted) {
    auto first = open();
    edit(*first, 64.0f);
    (void)first->autosave_tick(0.0);
    ASSERT_TRUE(first->autosave_tick(120.0));
    const std::string autosaved = slurp(recovery_file());

    auto second = open();
    EXPECT_FALSE(second->recovery_offer()) << "the first editor is running: its autosave is live";
    second->discard_recovery();
    second->drop_recovery();
    edit(*second, 96.0f);
    (void)second->autosave_tick(0.0);
    EXPECT_FALSE(second->autosave_tick(1e6)) << "the recovery file is the first editor's";
    EXPECT_FALSE(second->write_recovery()) << "a shutdown says the changes cannot be kept";
    ASSERT_TRUE(second->open_scene("level1")); // leaving the scene
    second.reset();
    EXPECT_EQ(slurp(recovery_file()), autosaved);

    // The first one still owns it: a later crash of it is recovered.
    first.reset();
    auto next = open();
    ASSERT_TRUE(next->recovery_offer());
}

TEST_F(ReliabilityEditorLock, TakingOverLetsTheSecondSaveAndStillAsksAboutTheFirstOnesSaves) {
    auto first = open();
    auto second = open();
    second->take_over();
    EXPECT_EQ(second->access(), ProjectAccess::TakenOver);
    EXPECT_NE(second->access_note().find("autosave is off"), std::string::npos);
    edit(*first, 64.0f);
    ASSERT_TRUE(first->save());
    const std::string firsts = slurp(scene_file());
    edit(*second, 96.0f);
    ASSERT_FALSE(second->save());
    ASSERT_TRUE(second->save_question());
    EXPECT_EQ(second->save_question()->issue, SaveIssue::ChangedOnDisk);
    EXPECT_EQ(slurp(scene_file()), firsts);
    ASSERT_TRUE(second->answer_save_question(SaveAnswer::Overwrite));
    EXPECT_FALSE(second->dirty());
    EXPECT_EQ(open()->hash(), second->hash()) << "the file holds the second editor's scene";
}

TEST_F(ReliabilityEditorLock, AReadOnlySessionSavesOnceTheOtherEditorHasClosed) {
    auto first = open();
    auto second = open();
    edit(*second, 64.0f);
    ASSERT_FALSE(second->save());
    first.reset();
    ASSERT_TRUE(second->save());
    EXPECT_EQ(second->access(), ProjectAccess::Owner);
    EXPECT_EQ(second->window_title(), "level1 - BOUNCE - Diorama");
}

TEST_F(ReliabilityEditorLock, AnotherProcesssLockIsSeenAndTheKernelReleasesItWhenItDies) {
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::close(ready[0]);
        LockAttempt held = lock_project(copy.path());
        const char ok = held.lock ? 'y' : 'n';
        [[maybe_unused]] const ssize_t n = ::write(ready[1], &ok, 1);
        for (;;)
            ::pause();
    }
    ::close(ready[1]);
    char ok = 0;
    ASSERT_EQ(::read(ready[0], &ok, 1), 1);
    ::close(ready[0]);
    ASSERT_EQ(ok, 'y');

    auto session = open();
    EXPECT_EQ(session->access(), ProjectAccess::ReadOnly);
    ASSERT_TRUE(session->lock_holder());
    EXPECT_EQ(session->lock_holder()->pid, child);
    edit(*session, 64.0f);
    EXPECT_FALSE(session->save());

    ::kill(child, SIGKILL); // no clean-up: only the kernel lets go of the lock
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(fs::exists(lock_file())) << "its file stays, stale";
    ASSERT_TRUE(session->save());
    EXPECT_EQ(session->access(), ProjectAccess::Owner);
}

// ---- disk stamps ----

TEST(DiskStamp, AHashTellsVersionsApartWhateverTheirLength) {
    EXPECT_EQ(content_hash("abc"), content_hash("abc"));
    EXPECT_NE(content_hash("abc"), content_hash("abd"));
    EXPECT_NE(content_hash(""), content_hash(std::string(1, '\0')));
    EXPECT_NE(content_hash("12345678"), content_hash("123456789"));
    EXPECT_NE(content_hash(std::string(4096, 'a')), content_hash(std::string(4097, 'a')));
}

TEST(DiskStamp, ComparingWithDiskSaysSameChangedOrMissing) {
    BounceCopy copy;
    const fs::path file = copy.path() / "scenes" / "level1.scene.json";
    auto known = stamp_file(file);
    ASSERT_TRUE(known && known->exists && known->content);
    FileStamp now;
    EXPECT_EQ(compare_with_disk(*known, file, now, true), DiskChange::Same);
    EXPECT_EQ(compare_with_disk(*known, file, now, false), DiskChange::Same);
    std::ofstream(file, std::ios::app) << " ";
    EXPECT_EQ(compare_with_disk(*known, file, now, true), DiskChange::Changed);
    EXPECT_NE(now.content, known->content);
    fs::remove(file);
    EXPECT_EQ(compare_with_disk(*known, file, now, false), DiskChange::Missing);
    EXPECT_FALSE(stamp_file(copy.path() / "scenes")->exists) << "a folder is not a file";
}

} // namespace
} // namespace diorama::editor
