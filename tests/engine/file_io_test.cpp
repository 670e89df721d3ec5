// save_file_atomic: the order of its steps, crashes (SIGKILL) at every step and at random moments,
// write errors at byte offsets, read-back verification, rolling backups and symbolic links.
// Crash tests fork a child that saves; the parent kills it and reads what is on disk.

#include "diorama/file_io.h"
#include "diorama/large_block.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace diorama {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void spit(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

// Distinct content for version i, 1 byte to ~200 KB (several write chunks for most versions).
std::string version(int i) {
    const std::uint64_t spread = static_cast<std::uint64_t>(i) * 7919 + 13; // no int overflow
    const auto size = static_cast<std::size_t>(spread % 200000) + 1;
    std::string text(size, 'a');
    const std::string tag = "<version " + std::to_string(i) + ">";
    for (std::size_t at = 0; at < size; at += 1000)
        text.replace(at, std::min(tag.size(), size - at), tag.substr(0, size - at));
    return text;
}

// The save path's leftovers in a folder: temporary and private previous-version files.
std::vector<std::string> leftovers(const fs::path& folder) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(folder)) {
        const std::string name = e.path().filename().string();
        if (name.find(".tmp.") != std::string::npos || name.find(".prev.") != std::string::npos)
            out.push_back(name);
    }
    return out;
}

// Reads exactly n bytes from fd (false at EOF first).
bool read_exact(int fd, void* out, std::size_t n) {
    auto* p = static_cast<char*>(out);
    while (n > 0) {
        const ssize_t r = ::read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r;
        n -= static_cast<std::size_t>(r);
    }
    return true;
}

// Waits for a child; returns the signal that ended it (0 when it exited).
int reap(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

class SaveFileAtomic : public ::testing::Test {
protected:
    SaveFileAtomic() {
        std::string pattern = (fs::temp_directory_path() / "diorama_file_io_XXXXXX").string();
        if (::mkdtemp(pattern.data()) != nullptr) dir = pattern;
    }
    ~SaveFileAtomic() override {
        inject_save_fault(SaveStage::Open, 0);
        inject_write_fault(0, 0);
        inject_write_corruption(0, false);
        set_save_stage_hook(nullptr);
        std::error_code ec;
        fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add, ec);
        if (!dir.empty()) fs::remove_all(dir, ec);
    }

    fs::path dir;
};

// ---- order of the steps ----

std::vector<SaveStage>* g_recorded = nullptr;
fs::path* g_watched_folder = nullptr;
std::vector<std::string>* g_temp_at_sync = nullptr;

void record_stage(SaveStage stage) {
    g_recorded->push_back(stage);
    if (stage == SaveStage::Sync) *g_temp_at_sync = leftovers(*g_watched_folder);
}

TEST_F(SaveFileAtomic, StagesRunInOrderWithTheTemporaryFileBesideTheTarget) {
    const fs::path file = dir / "level.scene.json";
    spit(file, "old");
    std::vector<SaveStage> stages;
    std::vector<std::string> temp_at_sync;
    g_recorded = &stages;
    g_watched_folder = &dir;
    g_temp_at_sync = &temp_at_sync;
    set_save_stage_hook(record_stage);
    const std::string bytes(2 * kSaveChunkBytes + 10, 'x');
    ASSERT_TRUE(save_file_atomic(file, bytes).ok());
    set_save_stage_hook(nullptr);

    const std::vector<SaveStage> expected = {
        SaveStage::Open,   SaveStage::Write,      SaveStage::Write,
        SaveStage::Write,  SaveStage::Sync,       SaveStage::Verify,
        SaveStage::Rename, SaveStage::SyncFolder, SaveStage::Rotate,
    };
    EXPECT_EQ(stages, expected);
    ASSERT_EQ(temp_at_sync.size(), 1u) << "one temporary file in the target's folder";
    EXPECT_TRUE(temp_at_sync[0].starts_with(".level.scene.json.tmp.")) << temp_at_sync[0];
    EXPECT_EQ(slurp(file), bytes);
    EXPECT_TRUE(leftovers(dir).empty());
}

// ---- crashes ----

// The stage and occurrence at which the child stops (see kill_at_stage_child).
SaveStage g_stop_stage = SaveStage::Open;
int g_stop_occurrence = 0;
int g_report_fd = -1;

// Reports the stage on the pipe and waits to be killed.
void pause_at_stage(SaveStage stage) {
    if (stage != g_stop_stage || g_stop_occurrence-- != 0) return;
    const char byte = static_cast<char>(stage);
    if (::write(g_report_fd, &byte, 1) != 1) ::_exit(3);
    for (;;)
        ::pause();
}

TEST_F(SaveFileAtomic, SigkillAtEveryStageLeavesExactlyTheOldOrTheNewBytes) {
    const fs::path file = dir / "level.scene.json";
    const std::string old_bytes = version(1);
    const std::string new_bytes(3 * kSaveChunkBytes - 5, 'n');
    struct Stop {
        SaveStage stage;
        int occurrence;
        bool replaced; // the target holds the new bytes once the child stops here
    };
    const std::vector<Stop> stops = {
        {SaveStage::Open, 0, false},   {SaveStage::Write, 0, false},
        {SaveStage::Write, 1, false},  {SaveStage::Write, 2, false},
        {SaveStage::Sync, 0, false},   {SaveStage::Verify, 0, false},
        {SaveStage::Rename, 0, false}, {SaveStage::SyncFolder, 0, true},
        {SaveStage::Rotate, 0, true},
    };
    for (const Stop& stop : stops) {
        SCOPED_TRACE("stage " + std::to_string(static_cast<int>(stop.stage)) + " occurrence " +
                     std::to_string(stop.occurrence));
        spit(file, old_bytes);
        int pipe_fds[2];
        ASSERT_EQ(::pipe(pipe_fds), 0);
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            ::close(pipe_fds[0]);
            g_report_fd = pipe_fds[1];
            g_stop_stage = stop.stage;
            g_stop_occurrence = stop.occurrence;
            set_save_stage_hook(pause_at_stage);
            (void)save_file_atomic(file, new_bytes);
            ::_exit(4); // the hook never returned: the stage was not reached
        }
        ::close(pipe_fds[1]);
        char reached = -1;
        const bool paused = read_exact(pipe_fds[0], &reached, 1);
        ::close(pipe_fds[0]);
        // While the child is stopped there, and after it is killed, the file is whole.
        if (paused) {
            EXPECT_EQ(slurp(file), stop.replaced ? new_bytes : old_bytes);
        }
        ::kill(pid, SIGKILL);
        EXPECT_EQ(reap(pid), SIGKILL);
        ASSERT_TRUE(paused) << "the child never reached the stage";
        EXPECT_EQ(reached, static_cast<char>(stop.stage));
        EXPECT_EQ(slurp(file), stop.replaced ? new_bytes : old_bytes);
        for (const auto& name : leftovers(dir))
            fs::remove(dir / name); // what a crash leaves: never the target itself
    }
}

TEST_F(SaveFileAtomic, RandomSigkillsDuringRepeatedSavesLeaveExactlyTheOldOrTheNewBytes) {
    constexpr int kRuns = 300;
    const fs::path file = dir / "level.scene.json";
    std::mt19937 random(20261122);
    std::uniform_int_distribution<int> saves_first(0, 2);
    std::uniform_int_distribution<int> delay_us(0, 8000);
    int torn_between = 0; // runs killed while a save was in flight (the file was the old one)
    int saves_completed = 0;
    for (int run = 0; run < kRuns; ++run) {
        const int first = run * 1000; // this run's versions: first, first + 1, ...
        spit(file, version(first));
        int pipe_fds[2];
        ASSERT_EQ(::pipe(pipe_fds), 0);
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            ::close(pipe_fds[0]);
            for (int i = first + 1;; ++i) {
                if (!save_file_atomic(file, version(i)).ok()) ::_exit(5);
                const char done = 1;
                if (::write(pipe_fds[1], &done, 1) != 1) ::_exit(6);
            }
        }
        ::close(pipe_fds[1]);
        // Let 0 to 2 saves finish, then kill at a random moment of the ones after.
        int completed = 0;
        char byte = 0;
        for (int wait_for = saves_first(random); completed < wait_for; ++completed)
            ASSERT_TRUE(read_exact(pipe_fds[0], &byte, 1)) << "run " << run;
        ::usleep(static_cast<useconds_t>(delay_us(random)));
        ::kill(pid, SIGKILL);
        ASSERT_EQ(reap(pid), SIGKILL) << "run " << run;
        while (::read(pipe_fds[0], &byte, 1) == 1)
            ++completed;
        ::close(pipe_fds[0]);
        const std::string on_disk = slurp(file);
        const bool is_old = on_disk == version(first + completed);
        const bool is_new = on_disk == version(first + completed + 1);
        ASSERT_TRUE(is_old || is_new)
            << "run " << run << ": after " << completed << " saves the file is neither version ("
            << on_disk.size() << " bytes)";
        if (is_old) ++torn_between;
        saves_completed += completed;
        for (const auto& name : leftovers(dir))
            fs::remove(dir / name);
    }
    RecordProperty("killed_mid_save", torn_between);
    RecordProperty("saves_completed", saves_completed);
}

// ---- write errors ----

TEST_F(SaveFileAtomic, WriteErrorsAtAnyOffsetKeepTheOriginalAndRemoveTheTemporaryFile) {
    const fs::path file = dir / "level.scene.json";
    const std::string original = version(7);
    const std::string bytes = version(20);
    ASSERT_GT(bytes.size(), kSaveChunkBytes + 100);
    spit(file, original);
    spit(backup_path(file, 1), "backup one");
    const std::vector<std::size_t> offsets = {
        0, 1, 4095, kSaveChunkBytes - 1, kSaveChunkBytes, kSaveChunkBytes + 1, bytes.size() - 1};
    for (const int error_number : {ENOSPC, EIO}) {
        for (const std::size_t offset : offsets) {
            SCOPED_TRACE(std::string(std::strerror(error_number)) + " at byte " +
                         std::to_string(offset));
            inject_write_fault(offset, error_number);
            auto saved = save_file_atomic(file, bytes);
            inject_write_fault(0, 0);
            ASSERT_FALSE(saved.ok());
            const std::string message = saved.error().describe();
            EXPECT_NE(message.find(file.string()), std::string::npos) << message;
            EXPECT_NE(message.find(std::strerror(error_number)), std::string::npos) << message;
            EXPECT_NE(message.find("after " + std::to_string(offset) + " of"), std::string::npos)
                << message;
            EXPECT_EQ(slurp(file), original);
            EXPECT_EQ(slurp(backup_path(file, 1)), "backup one") << "no rotation";
            EXPECT_FALSE(fs::exists(backup_path(file, 2)));
            EXPECT_TRUE(leftovers(dir).empty());
        }
    }
    ASSERT_TRUE(save_file_atomic(file, bytes).ok()) << "the shim is off again";
    EXPECT_EQ(slurp(file), bytes);
}

TEST_F(SaveFileAtomic, AFailureAtAnyStageBeforeTheRenameChangesNothing) {
    const fs::path file = dir / "level.scene.json";
    spit(file, "original");
    for (const SaveStage stage : {SaveStage::Open, SaveStage::Write, SaveStage::Sync,
                                  SaveStage::Verify, SaveStage::Rename}) {
        SCOPED_TRACE(static_cast<int>(stage));
        inject_save_fault(stage, EIO);
        auto saved = save_file_atomic(file, "new bytes");
        inject_save_fault(stage, 0);
        ASSERT_FALSE(saved.ok());
        EXPECT_NE(saved.error().describe().find(file.string()), std::string::npos);
        EXPECT_EQ(slurp(file), "original");
        EXPECT_FALSE(fs::exists(backup_path(file, 1)));
        EXPECT_TRUE(leftovers(dir).empty());
    }
}

TEST_F(SaveFileAtomic, AFolderThatCannotBeFlushedIsReportedAfterTheReplace) {
    const fs::path file = dir / "level.scene.json";
    spit(file, "original");
    inject_save_fault(SaveStage::SyncFolder, EIO);
    auto saved = save_file_atomic(file, "new bytes");
    inject_save_fault(SaveStage::SyncFolder, 0);
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.error().describe().find("could not be flushed"), std::string::npos)
        << saved.error().describe();
    EXPECT_EQ(slurp(file), "new bytes");
    EXPECT_EQ(slurp(backup_path(file, 1)), "original");
}

TEST_F(SaveFileAtomic, SavingIntoAMissingFolderFailsWithThePath) {
    const fs::path file = dir / "missing" / "level.scene.json";
    auto saved = save_file_atomic(file, "bytes");
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.error().describe().find(file.string()), std::string::npos);
    EXPECT_NE(saved.error().describe().find(std::strerror(ENOENT)), std::string::npos)
        << saved.error().describe();
    EXPECT_FALSE(fs::exists(dir / "missing"));
}

TEST_F(SaveFileAtomic, SavingIntoAReadOnlyFolderFailsAndKeepsTheOriginal) {
    // Permission bits do not stop root: the save runs in a child that gives up root first.
    const fs::path folder = dir / "readonly";
    fs::create_directories(folder);
    const fs::path file = folder / "level.scene.json";
    spit(file, "original");
    fs::permissions(dir, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                fs::perms::group_exec | fs::perms::others_read |
                                fs::perms::others_exec);
    int pipe_fds[2];
    ASSERT_EQ(::pipe(pipe_fds), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::close(pipe_fds[0]);
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(7);
        auto saved = save_file_atomic(file, "new bytes");
        const std::string report = saved.ok() ? "saved" : saved.error().describe();
        if (::write(pipe_fds[1], report.data(), report.size()) < 0) ::_exit(8);
        ::_exit(0);
    }
    ::close(pipe_fds[1]);
    std::string report;
    char buffer[512];
    for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
        report.append(buffer, static_cast<std::size_t>(n));
    ::close(pipe_fds[0]);
    EXPECT_EQ(reap(pid), 0);
    EXPECT_NE(report.find(file.string()), std::string::npos) << report;
    EXPECT_NE(report.find(std::strerror(EACCES)), std::string::npos) << report;
    EXPECT_EQ(slurp(file), "original");
    EXPECT_TRUE(leftovers(folder).empty());
    fs::permissions(folder, fs::perms::owner_all, fs::perm_options::add);
}

// ---- read-back ----

TEST_F(SaveFileAtomic, BytesThatReachTheDiskAlteredAreCaughtByTheReadBack) {
    const fs::path file = dir / "level.scene.json";
    spit(file, "original");
    const std::string bytes = version(20);
    for (const std::size_t offset : {std::size_t{0}, kSaveChunkBytes + 3, bytes.size() - 1}) {
        SCOPED_TRACE(offset);
        inject_write_corruption(offset);
        auto saved = save_file_atomic(file, bytes);
        inject_write_corruption(0, false);
        ASSERT_FALSE(saved.ok());
        EXPECT_NE(saved.error().describe().find("from byte " + std::to_string(offset)),
                  std::string::npos)
            << saved.error().describe();
        EXPECT_NE(saved.error().describe().find(file.string()), std::string::npos);
        EXPECT_EQ(slurp(file), "original");
        EXPECT_FALSE(fs::exists(backup_path(file, 1)));
        EXPECT_TRUE(leftovers(dir).empty());
    }
}

// ---- backups ----

TEST_F(SaveFileAtomic, TheLastThreeVersionsAreKeptNewestFirstByDefault) {
    const fs::path file = dir / "level.scene.json";
    for (int i = 0; i < 6; ++i)
        ASSERT_TRUE(save_file_atomic(file, version(i)).ok());
    EXPECT_EQ(slurp(file), version(5));
    EXPECT_EQ(slurp(backup_path(file, 1)), version(4));
    EXPECT_EQ(slurp(backup_path(file, 2)), version(3));
    EXPECT_EQ(slurp(backup_path(file, 3)), version(2));
    EXPECT_FALSE(fs::exists(backup_path(file, 4)));
    EXPECT_TRUE(leftovers(dir).empty());
    EXPECT_EQ(backup_path(file, 2).filename(), "level.scene.json.2");
}

TEST_F(SaveFileAtomic, TheBackupCountIsConfigurable) {
    const fs::path one = dir / "one.scene.json";
    const fs::path none = dir / "none.scene.json";
    const fs::path five = dir / "five.scene.json";
    for (int i = 0; i < 7; ++i) {
        ASSERT_TRUE(save_file_atomic(one, version(i), {.backups = 1}).ok());
        ASSERT_TRUE(save_file_atomic(none, version(i), {.backups = 0}).ok());
        ASSERT_TRUE(save_file_atomic(five, version(i), {.backups = 5}).ok());
    }
    EXPECT_EQ(slurp(backup_path(one, 1)), version(5));
    EXPECT_FALSE(fs::exists(backup_path(one, 2)));
    EXPECT_FALSE(fs::exists(backup_path(none, 1)));
    for (int i = 1; i <= 5; ++i)
        EXPECT_EQ(slurp(backup_path(five, i)), version(6 - i));
    EXPECT_FALSE(fs::exists(backup_path(five, 6)));
}

TEST_F(SaveFileAtomic, AFailedSaveDoesNotRotateTheBackups) {
    const fs::path file = dir / "level.scene.json";
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(save_file_atomic(file, version(i)).ok());
    const auto snapshot = [&] {
        std::vector<std::string> s{slurp(file)};
        for (int i = 1; i <= 4; ++i)
            s.push_back(fs::exists(backup_path(file, i)) ? slurp(backup_path(file, i)) : "-");
        return s;
    };
    const std::vector<std::string> before = snapshot();
    inject_write_fault(kSaveChunkBytes / 2, ENOSPC);
    EXPECT_FALSE(save_file_atomic(file, version(10)).ok());
    inject_write_fault(0, 0);
    inject_write_corruption(5);
    EXPECT_FALSE(save_file_atomic(file, version(10)).ok());
    inject_write_corruption(0, false);
    for (const SaveStage stage : {SaveStage::Sync, SaveStage::Verify, SaveStage::Rename}) {
        inject_save_fault(stage, EIO);
        EXPECT_FALSE(save_file_atomic(file, version(10)).ok());
        inject_save_fault(stage, 0);
    }
    EXPECT_EQ(snapshot(), before);
    EXPECT_TRUE(leftovers(dir).empty());
}

TEST_F(SaveFileAtomic, ARotationThatFailsStillSavesAndLeavesTheBackupsAsTheyWere) {
    const fs::path file = dir / "level.scene.json";
    ASSERT_TRUE(save_file_atomic(file, "v0").ok());
    ASSERT_TRUE(save_file_atomic(file, "v1").ok());
    inject_save_fault(SaveStage::Rotate, EIO);
    EXPECT_TRUE(save_file_atomic(file, "v2").ok());
    inject_save_fault(SaveStage::Rotate, 0);
    EXPECT_EQ(slurp(file), "v2");
    EXPECT_EQ(slurp(backup_path(file, 1)), "v0");
    EXPECT_FALSE(fs::exists(backup_path(file, 2)));
    EXPECT_TRUE(leftovers(dir).empty());
}

// ---- symbolic links ----

TEST_F(SaveFileAtomic, SavingThroughASymlinkReplacesItsTargetAndKeepsTheLink) {
    fs::create_directories(dir / "shared");
    fs::create_directories(dir / "scenes");
    const fs::path real = dir / "shared" / "level.scene.json";
    const fs::path link = dir / "scenes" / "level.scene.json";
    const fs::path chain = dir / "scenes" / "alias.scene.json";
    spit(real, "v0");
    fs::create_symlink("../shared/level.scene.json", link); // relative
    fs::create_symlink(link, chain);                        // absolute, to the first link
    ::chmod(real.c_str(), 0640);

    ASSERT_TRUE(save_file_atomic(link, "v1").ok());
    ASSERT_TRUE(save_file_atomic(chain, "v2").ok());
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_TRUE(fs::is_symlink(chain));
    EXPECT_EQ(fs::read_symlink(link), "../shared/level.scene.json");
    EXPECT_EQ(slurp(real), "v2");
    EXPECT_EQ(slurp(link), "v2");
    EXPECT_EQ(slurp(backup_path(real, 1)), "v1") << "backups live beside the real file";
    EXPECT_EQ(slurp(backup_path(real, 2)), "v0");
    EXPECT_FALSE(fs::exists(backup_path(link, 1)));
    EXPECT_EQ(fs::status(real).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_TRUE(leftovers(dir / "shared").empty());
    EXPECT_TRUE(leftovers(dir / "scenes").empty());
}

TEST_F(SaveFileAtomic, ADanglingSymlinkGetsItsTargetCreatedAndALoopIsAnError) {
    const fs::path link = dir / "level.scene.json";
    fs::create_symlink("made.scene.json", link);
    ASSERT_TRUE(save_file_atomic(link, "bytes").ok());
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(slurp(dir / "made.scene.json"), "bytes");

    fs::create_symlink("b", dir / "a");
    fs::create_symlink("a", dir / "b");
    auto saved = save_file_atomic(dir / "a", "bytes");
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.error().describe().find((dir / "a").string()), std::string::npos);
    EXPECT_TRUE(fs::is_symlink(dir / "a"));
}

// ---- reading ----

// read_file_bytes reads what read_file reads, small and large (mapped) alike, with its limits and
// messages.
TEST_F(SaveFileAtomic, ReadFileBytesMatchesReadFileAtEverySizeAndRefusesTheSameFiles) {
    for (std::size_t size :
         {std::size_t{0}, std::size_t{1}, std::size_t{4095}, (std::size_t{2} << 20) - 1,
          std::size_t{2} << 20, (std::size_t{5} << 20) + 3}) {
        std::string text(size, 'x');
        for (std::size_t i = 0; i < size; ++i)
            text[i] = static_cast<char>('a' + (i * 31 + i / 4096) % 26);
        const fs::path file = dir / ("f" + std::to_string(size));
        spit(file, text);
        auto bytes = read_file_bytes(file, size);
        ASSERT_TRUE(bytes.ok()) << size;
        EXPECT_TRUE(bytes->view() == text) << size;
        auto moved = std::move(*bytes);
        EXPECT_TRUE(moved.view() == text) << size << " after a move";
        if (size > 0) {
            auto over = read_file_bytes(file, size - 1);
            ASSERT_FALSE(over.ok());
            EXPECT_EQ(over.error().describe(), read_file(file, size - 1).error().describe());
        }
    }
    for (const fs::path& bad : {dir / "missing", dir}) {
        auto bytes = read_file_bytes(bad, 100);
        ASSERT_FALSE(bytes.ok());
        EXPECT_EQ(bytes.error().describe(), read_file(bad, 100).error().describe());
    }
}

// A file's bytes go back to the system when dropped: a load's arrays are not cut from them, so
// their pages do not stay held (large_block.h).
TEST_F(SaveFileAtomic, AFileReadWholeIsNotKeptForReuseOnceDropped) {
    const std::string text(std::size_t{5} << 20, 'q');
    const fs::path file = dir / "big";
    spit(file, text);
    release_kept_blocks();
    {
        auto bytes = read_file_bytes(file, text.size());
        ASSERT_TRUE(bytes.ok());
        EXPECT_EQ(bytes->view().size(), text.size());
    }
    EXPECT_EQ(kept_block_bytes(), 0u);
}

} // namespace
} // namespace diorama
