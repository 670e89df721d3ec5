// Reading and writing only regular files, in the right place: save_file_atomic refuses a device
// node, a FIFO or a socket as its target and never renames one in the backup rotation; read_file
// refuses them without blocking; a confined save (SaveOptions::confined_to) never writes through a
// symbolic link; leftovers of interrupted saves are removed unless a running save holds them.
// Device nodes are made with mknod, which needs root: those cases are skipped otherwise.

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace diorama {
namespace {

namespace fs = std::filesystem;

// A regular file's text; never opens anything else (a FIFO would block the test).
std::string slurp(const fs::path& p) {
    if (!fs::is_regular_file(fs::symlink_status(p))) return "(not a regular file)";
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void spit(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

// The names in a folder that look like a save's temporary or previous-version files.
std::vector<std::string> leftovers(const fs::path& folder) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(folder)) {
        const std::string name = e.path().filename().string();
        if (name.find(".tmp.") != std::string::npos || name.find(".prev.") != std::string::npos)
            out.push_back(name);
    }
    return out;
}

int reap(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status);
}

// Everything a child writes to fd until it closes it (or the timeout passes: then "TIMEOUT").
std::string read_report(int fd, int timeout_ms) {
    std::string report;
    char buffer[512];
    for (;;) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, timeout_ms) <= 0) return "TIMEOUT";
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n <= 0) return report;
        report.append(buffer, static_cast<std::size_t>(n));
    }
}

// What `work` returns, run in a child process: a FIFO with no writer blocks a plain open for
// ever, so a child that does not answer within 20 s is killed and "TIMEOUT" is returned.
std::string in_child(const std::function<std::string()>& work) {
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0) return "no pipe";
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(pipe_fds[0]);
        const std::string report = work();
        if (::write(pipe_fds[1], report.data(), report.size()) < 0) ::_exit(8);
        ::_exit(0);
    }
    ::close(pipe_fds[1]);
    const std::string report = read_report(pipe_fds[0], 20000);
    ::close(pipe_fds[0]);
    if (report == "TIMEOUT") ::kill(pid, SIGKILL);
    reap(pid);
    return report;
}

class FileKinds : public ::testing::Test {
protected:
    static constexpr const char* kFifo = "FIFO (named pipe)";

    FileKinds() {
        std::string pattern = (fs::temp_directory_path() / "diorama_file_kinds_XXXXXX").string();
        if (::mkdtemp(pattern.data()) != nullptr) dir = pattern;
    }
    ~FileKinds() override {
        set_save_stage_hook(nullptr);
        std::error_code ec;
        if (!dir.empty()) fs::remove_all(dir, ec);
    }

    // A node of the kind named (as messages name it: "character device" (root only), "FIFO (named
    // pipe)", "socket") at path; false when it cannot be made.
    static bool make_node(const std::string& kind, const fs::path& path) {
        if (kind == "character device") {
            struct stat null_device {};
            return ::stat("/dev/null", &null_device) == 0 &&
                   ::mknod(path.c_str(), S_IFCHR | 0666, null_device.st_rdev) == 0;
        }
        if (kind == kFifo) return ::mkfifo(path.c_str(), 0666) == 0;
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
        const bool bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
        ::close(fd); // the socket file stays
        return bound;
    }

    // The kinds of node this process can make.
    static std::vector<std::string> kinds() {
        std::vector<std::string> out{kFifo, "socket"};
        if (::geteuid() == 0) out.insert(out.begin(), "character device");
        return out;
    }

    fs::path dir;
};

struct Identity {
    dev_t device = 0;
    ino_t inode = 0;
    mode_t mode = 0;
    bool operator==(const Identity&) const = default;
};

Identity identity(const fs::path& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return {};
    return {st.st_dev, st.st_ino, st.st_mode};
}

// ---- writes ----

using ReliabilityWrites = FileKinds;

TEST_F(ReliabilityWrites, ASaveOntoADeviceFifoOrSocketIsRefusedAndTheNodeStays) {
    for (const std::string& kind : kinds()) {
        SCOPED_TRACE(kind);
        const fs::path node = dir / ("node-" + std::to_string(kind.size()));
        ASSERT_TRUE(make_node(kind, node)) << std::strerror(errno);
        const Identity before = identity(node);
        auto saved = save_file_atomic(node, "scene bytes");
        ASSERT_FALSE(saved.ok());
        const std::string message = saved.error().describe();
        EXPECT_NE(message.find(node.string()), std::string::npos) << message;
        EXPECT_NE(message.find(kind + ", not a regular file; nothing was written"),
                  std::string::npos)
            << message;
        EXPECT_EQ(identity(node), before) << "the node itself is still there";
        EXPECT_FALSE(fs::exists(fs::symlink_status(backup_path(node, 1))));
        EXPECT_TRUE(leftovers(dir).empty());
    }
}

TEST_F(ReliabilityWrites, ASaveThroughALinkToADeviceIsRefusedNamingWhereTheLinkLeads) {
    const std::vector<std::string> available = kinds();
    const std::string kind = available.front();
    const fs::path node = dir / "node";
    ASSERT_TRUE(make_node(kind, node));
    const Identity before = identity(node);
    const fs::path link = dir / "state.scene.json";
    fs::create_symlink("node", link);
    auto saved = save_file_atomic(link, "scene bytes");
    ASSERT_FALSE(saved.ok());
    const std::string message = saved.error().describe();
    EXPECT_NE(message.find("nothing was written (the link leads to " + node.string()),
              std::string::npos)
        << message;
    EXPECT_EQ(identity(node), before);
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_FALSE(fs::exists(fs::symlink_status(backup_path(node, 1))));
}

TEST_F(ReliabilityWrites, TheBackupRotationNeverRenamesOrReplacesANonRegularFile) {
    const fs::path file = dir / "level.scene.json";
    for (const std::string& kind : kinds()) {
        for (const int index : {1, 3}) {
            SCOPED_TRACE(kind + " as backup " + std::to_string(index));
            spit(file, "current");
            for (int i = 1; i <= 3; ++i)
                fs::remove(backup_path(file, i));
            spit(backup_path(file, 1), "backup one");
            spit(backup_path(file, 2), "backup two");
            const fs::path node = backup_path(file, index);
            fs::remove(node);
            ASSERT_TRUE(make_node(kind, node));
            const Identity before = identity(node);
            ASSERT_TRUE(save_file_atomic(file, "new").ok()) << "the save itself goes ahead";
            EXPECT_EQ(slurp(file), "new");
            EXPECT_EQ(identity(node), before) << "never renamed, never replaced";
            if (index != 1) {
                EXPECT_EQ(slurp(backup_path(file, 1)), "backup one");
            }
            EXPECT_EQ(slurp(backup_path(file, 2)), "backup two");
            EXPECT_TRUE(leftovers(dir).empty());
        }
    }
}

// ---- reads ----

using ReliabilityReads = FileKinds;

TEST_F(ReliabilityReads, ADeviceFifoOrSocketIsRefusedWithoutBlocking) {
    for (const std::string& kind : kinds()) {
        SCOPED_TRACE(kind);
        const fs::path node = dir / ("node-" + std::to_string(kind.size()));
        ASSERT_TRUE(make_node(kind, node));
        const std::string report = in_child([&node] {
            auto text = read_file(node, 1u << 20);
            auto bytes = read_file_bytes(node, 1u << 20);
            return (text.ok() ? std::string("read") : text.error().describe()) + "\n" +
                   (bytes.ok() ? std::string("read") : bytes.error().describe());
        });
        ASSERT_NE(report, "TIMEOUT") << "reading the " << kind << " blocked";
        const std::string expected =
            node.string() + ": is a " + kind + ", not a regular file; it was not read";
        EXPECT_EQ(report, expected + "\n" + expected);
    }
}

TEST_F(ReliabilityReads, CopyFileRefusesAFifoAndWritesNothing) {
    const fs::path fifo = dir / "asset.png";
    ASSERT_TRUE(make_node(kFifo, fifo));
    const std::string report = in_child([&] {
        auto copied = copy_file(fifo, dir / "copy.png", 1u << 20);
        return copied.ok() ? std::string("copied") : copied.error().describe();
    });
    ASSERT_NE(report, "TIMEOUT") << "copying the FIFO blocked";
    EXPECT_EQ(report,
              fifo.string() + ": is a FIFO (named pipe), not a regular file; it was not read");
    EXPECT_FALSE(fs::exists(dir / "copy.png"));
}

// ---- confined saves ----

using ReliabilityConfinedWrites = FileKinds;

TEST_F(ReliabilityConfinedWrites, ALinkAnywhereFromTheFolderDownIsRefusedAndItsTargetUnchanged) {
    const fs::path project = dir / "project";
    const fs::path own = project / ".diorama";
    const fs::path outside = dir / "outside";
    fs::create_directories(outside);
    spit(outside / "precious.txt", "precious");
    const SaveOptions confined{.backups = 0, .confined_to = own};
    const fs::path file = own / "recovery" / "scenes" / "level1.scene.json";

    // The file is a link.
    fs::create_directories(file.parent_path());
    fs::create_symlink(outside / "precious.txt", file);
    auto saved = save_file_atomic(file, "scene json", confined);
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.error().describe().find(file.string() + ": is a symbolic link"),
              std::string::npos)
        << saved.error().describe();
    EXPECT_EQ(slurp(outside / "precious.txt"), "precious");
    EXPECT_TRUE(fs::is_symlink(file));

    // A folder on the way is a link.
    fs::remove_all(own / "recovery");
    fs::create_directories(own / "recovery");
    fs::create_symlink(outside, own / "recovery" / "scenes");
    saved = save_file_atomic(file, "scene json", confined);
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.error().message.find("leads through the symbolic link " +
                                         (own / "recovery" / "scenes").string()),
              std::string::npos)
        << saved.error().describe();

    // The folder itself is a link: nothing is made or written inside its target.
    fs::remove_all(own);
    fs::create_symlink(outside, own);
    saved = save_file_atomic(file, "scene json", confined);
    ASSERT_FALSE(saved.ok());
    std::vector<std::string> in_outside;
    for (const auto& e : fs::directory_iterator(outside))
        in_outside.push_back(e.path().filename().string());
    EXPECT_EQ(in_outside, std::vector<std::string>{"precious.txt"});

    // A path outside the folder.
    fs::remove(own);
    saved = save_file_atomic(project / "elsewhere.scene.json", "scene json", confined);
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.error().message.find("is outside"), std::string::npos);
    EXPECT_FALSE(fs::exists(project / "elsewhere.scene.json"));
}

TEST_F(ReliabilityConfinedWrites, MissingFoldersAreMadeAndTheFileWritten) {
    const fs::path own = dir / "project" / ".diorama";
    fs::create_directories(own.parent_path());
    const fs::path file = own / "recovery" / "levels" / "a" / "b.scene.json";
    ASSERT_TRUE(save_file_atomic(file, "scene json", {.backups = 0, .confined_to = own}).ok());
    EXPECT_EQ(slurp(file), "scene json");
    EXPECT_TRUE(save_file_atomic(file, "again", {.backups = 0, .confined_to = own}).ok());
    EXPECT_EQ(slurp(file), "again");
}

// ---- leftovers ----

using ReliabilityLeftovers = FileKinds;

TEST_F(ReliabilityLeftovers, TheNextSaveOfAFileRemovesItsStaleTemporaryFilesAndNothingElse) {
    const fs::path file = dir / "level.scene.json";
    spit(file, "current");
    const std::vector<std::string> stale = {".level.scene.json.tmp.Ab12Cd",
                                            ".level.scene.json.prev.Xy34Zw"};
    const std::vector<std::string> kept = {
        ".other.scene.json.tmp.Ab12Cd", // another file's
        ".level.scene.json.tmp.Ab12C",  // not a name mkstemp makes
        ".level.scene.json.tmp.Ab-2Cd", "level.scene.json.tmp.Ab12Cd", ".level.scene.json.bak"};
    for (const auto& name : stale)
        spit(dir / name, std::string(100000, 'x'));
    for (const auto& name : kept)
        spit(dir / name, "someone else's");
    ASSERT_TRUE(save_file_atomic(file, "new").ok());
    for (const auto& name : stale)
        EXPECT_FALSE(fs::exists(dir / name)) << name;
    for (const auto& name : kept)
        EXPECT_EQ(slurp(dir / name), "someone else's") << name;
    EXPECT_EQ(slurp(file), "new");
}

// The stage at which the child below stops, and where it reports that it did.
int g_paused_report_fd = -1;

void pause_at_sync(SaveStage stage) {
    if (stage != SaveStage::Sync) return;
    const char byte = 1;
    if (::write(g_paused_report_fd, &byte, 1) != 1) ::_exit(3);
    for (;;)
        ::pause();
}

TEST_F(ReliabilityLeftovers, ATemporaryFileOfASaveRunningInAnotherProcessIsKeptUntilItDies) {
    const fs::path file = dir / "level.scene.json";
    spit(file, "current");
    int pipe_fds[2];
    ASSERT_EQ(::pipe(pipe_fds), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::close(pipe_fds[0]);
        g_paused_report_fd = pipe_fds[1];
        set_save_stage_hook(pause_at_sync);
        (void)save_file_atomic(file, std::string(200000, 'c'));
        ::_exit(4);
    }
    ::close(pipe_fds[1]);
    char byte = 0;
    const bool paused = ::read(pipe_fds[0], &byte, 1) == 1;
    ::close(pipe_fds[0]);
    const std::vector<std::string> running = leftovers(dir);

    // This process saves the same file meanwhile: the other save's temporary file stays.
    const bool saved = save_file_atomic(file, "mine").ok();
    const std::vector<std::string> after_save = leftovers(dir);
    ::kill(pid, SIGKILL);
    EXPECT_EQ(reap(pid), SIGKILL);
    ASSERT_TRUE(paused);
    ASSERT_EQ(running.size(), 1u);
    EXPECT_TRUE(saved);
    EXPECT_EQ(after_save, running) << "a running save's file is never taken";

    // Once that process is gone, the next save removes what it left.
    ASSERT_TRUE(save_file_atomic(file, "mine again").ok());
    EXPECT_TRUE(leftovers(dir).empty());
    EXPECT_EQ(slurp(file), "mine again");
}

TEST_F(ReliabilityLeftovers, AFolderHeldByALiveProcessIsKeptAndAStaleOneRemoved) {
    const std::string prefix = ".out.export-";
    ASSERT_TRUE(fs::create_directories(dir / (prefix + "Stale1") / "project"));
    spit(dir / (prefix + "Stale1") / "project" / "big.bin", std::string(100000, 'x'));
    fs::create_directories(dir / ".out.export-notours");
    int pipe_fds[2];
    ASSERT_EQ(::pipe(pipe_fds), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::close(pipe_fds[0]);
        auto held = HeldFolder::create((dir / (prefix + "XXXXXX")).string());
        const std::string name = held ? held->path().filename().string() : "";
        if (::write(pipe_fds[1], name.data(), name.size()) < 0) ::_exit(8);
        ::close(pipe_fds[1]);
        for (;;)
            ::pause();
    }
    ::close(pipe_fds[1]);
    const std::string live = read_report(pipe_fds[0], 20000);
    ::close(pipe_fds[0]);
    const LeftoverCleanup cleanup = remove_stale_folders(dir, prefix);
    const bool live_kept = fs::is_directory(dir / live);
    ::kill(pid, SIGKILL);
    reap(pid);
    ASSERT_TRUE(live.starts_with(prefix)) << live;
    EXPECT_TRUE(live_kept);
    EXPECT_EQ(cleanup.removed, std::vector<fs::path>{dir / (prefix + "Stale1")});
    EXPECT_TRUE(cleanup.problems.empty());
    EXPECT_TRUE(fs::exists(dir / ".out.export-notours"));

    // Its process gone, the folder is stale too.
    EXPECT_EQ(remove_stale_folders(dir, prefix).removed, std::vector<fs::path>{dir / live});
}

TEST_F(ReliabilityLeftovers, ALeftoverThatCannotBeRemovedIsReportedByName) {
    // The cleanup runs in a child that gives up root, in folders it may read but not change.
    if (::geteuid() != 0) GTEST_SKIP() << "needs root to run the cleanup as another user";
    const fs::path folder = dir / "scenes";
    fs::create_directories(folder / "levels");
    const fs::path stale = folder / "levels" / ".a.scene.json.tmp.Qw12Er";
    spit(stale, "half a scene");
    const fs::perms readable = fs::perms::owner_all | fs::perms::group_read |
                               fs::perms::group_exec | fs::perms::others_read |
                               fs::perms::others_exec;
    for (const fs::path& f : {dir, folder, folder / "levels"})
        fs::permissions(f, readable);
    fs::permissions(stale, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    int pipe_fds[2];
    ASSERT_EQ(::pipe(pipe_fds), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::close(pipe_fds[0]);
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(7);
        const LeftoverCleanup cleanup = remove_save_leftovers_in(folder, ".scene.json");
        std::string report = std::to_string(cleanup.removed.size()) + "\n";
        for (const Error& problem : cleanup.problems)
            report += problem.describe() + "\n";
        if (::write(pipe_fds[1], report.data(), report.size()) < 0) ::_exit(8);
        ::_exit(0);
    }
    ::close(pipe_fds[1]);
    const std::string report = read_report(pipe_fds[0], 20000);
    ::close(pipe_fds[0]);
    EXPECT_EQ(reap(pid), 0);
    EXPECT_EQ(report, "0\n" + stale.string() +
                          ": left behind by an interrupted save or export; cannot remove it: " +
                          std::strerror(EACCES) + "\n");
    EXPECT_TRUE(fs::exists(stale));
}

} // namespace
} // namespace diorama
