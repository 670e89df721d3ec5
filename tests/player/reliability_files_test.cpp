// diorama-player end to end on where files are read and written: --dump-state onto a device node,
// a FIFO or a socket; a FIFO as project.json or as the --input file; check and export of a project
// whose scene, prefab, asset or scene folder is a symbolic link leading out of it; an export that
// was killed halfway. Every child runs with a bounded wait: a regression that blocks fails the test
// instead of hanging it.

#include "child_process.h"
#include "temp_dir.h"

#include "diorama/export.h"
#include "diorama/game.h"

#include <gtest/gtest.h>

#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using diorama::test::ChildResult;
using diorama::test::run_child;
using diorama::test::TempDir;

const std::string kPlayer = DIORAMA_PLAYER_PATH;
constexpr auto kBounded = std::chrono::seconds(20); // each of these runs takes well under 1 s
// Not JSON: a parser's error would quote it ("last read: '"SECRET-7f3a9c: ...'").
constexpr const char* kSecret = R"({"name": "SECRET-7f3a9c: the bytes of a file outside it)";

ChildResult player(const std::vector<std::string>& args) {
    return run_child(kPlayer, args, {}, kBounded);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string describe(const ChildResult& r) {
    return "exit " + std::to_string(r.exit_code) + (r.timed_out ? ", timed out (killed)" : "") +
           "\n--- stdout\n" + r.out + "--- stderr\n" + r.err;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A project of built-in components only, in dir/NAME: a prefab with a sprite, and a scene.
void write_project(const TempDir& dir, const std::string& name) {
    dir.write(name + "/project.json",
              R"({"format": "diorama.project", "version": 1, "name": "Mini",
                  "startup_scene": "scenes/main.scene.json", "tick_rate_hz": 30})");
    dir.write(name + "/prefabs/spark.prefab.json",
              R"({"format": "diorama.prefab", "version": 1, "name": "spark",
                  "components": {"Velocity": {"linear": [10.0, 0.0]}}})");
    dir.write(name + "/sprites/ball.png", "not really a png");
    dir.write(name + "/scenes/main.scene.json",
              R"({"format": "diorama.scene", "version": 1, "name": "main", "layers": ["world"],
                  "objects": [{"guid": "0000000000000001", "name": "a", "layer": "world",
                  "prefab": "prefabs/spark.prefab.json",
                  "components": {"Sprite": {"image": "sprites/ball.png"}}}]})");
}

// Every path under folder (files, folders and links), relative, sorted.
std::vector<std::string> everything_under(const fs::path& folder) {
    std::vector<std::string> out;
    for (const auto& entry : fs::recursive_directory_iterator(folder))
        out.push_back(fs::relative(entry.path(), folder).generic_string());
    std::sort(out.begin(), out.end());
    return out;
}

struct Node {
    std::string kind; // as messages name it
    dev_t device = 0;
    ino_t inode = 0;
    mode_t mode = 0;
};

// Makes a node of the kind named at path ("character device" needs root); false when it cannot.
bool make_node(const std::string& kind, const fs::path& path) {
    if (kind == "character device") {
        struct stat full {};
        return ::stat("/dev/full", &full) == 0 &&
               ::mknod(path.c_str(), S_IFCHR | 0666, full.st_rdev) == 0;
    }
    if (kind == "FIFO (named pipe)") return ::mkfifo(path.c_str(), 0666) == 0;
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    const bool bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    return bound;
}

Node node_at(const fs::path& path, const std::string& kind) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return {kind};
    return {kind, st.st_dev, st.st_ino, st.st_mode};
}

bool same(const Node& a, const Node& b) {
    return a.device == b.device && a.inode == b.inode && a.mode == b.mode;
}

// ---- writes: --dump-state ----

TEST(ReliabilityWrites, DumpStateOntoADeviceNodeFifoOrSocketIsRefusedAndTheNodeSurvives) {
    TempDir dir;
    write_project(dir, "game");
    std::vector<std::string> kinds{"FIFO (named pipe)", "socket"};
    if (::geteuid() == 0) kinds.insert(kinds.begin(), "character device"); // mknod needs root
    for (const std::string& kind : kinds) {
        SCOPED_TRACE(kind);
        const fs::path node = dir.path() / ("state-" + std::to_string(kind.size()));
        ASSERT_TRUE(make_node(kind, node)) << std::strerror(errno);
        const Node before = node_at(node, kind);
        const ChildResult r = player(
            {"run", (dir.path() / "game").string(), "--ticks", "3", "--dump-state", node.string()});
        EXPECT_FALSE(r.timed_out) << describe(r);
        EXPECT_EQ(r.exit_code, 4) << describe(r);
        EXPECT_TRUE(contains(r.err, node.string() + ": is a " + kind +
                                        ", not a regular file; nothing was written"))
            << describe(r);
        EXPECT_TRUE(same(node_at(node, kind), before)) << "the node is still the same " << kind;
        EXPECT_FALSE(fs::exists(fs::symlink_status(node.string() + ".1")));
        EXPECT_TRUE(contains(r.out, "objects at end:")) << "the run itself went ahead";
    }
}

// ---- reads: FIFOs ----

TEST(ReliabilityReads, AFifoAsProjectJsonEndsQuicklyWithAClearError) {
    TempDir dir;
    fs::create_directories(dir.path() / "game");
    const fs::path fifo = dir.path() / "game" / "project.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0666), 0);
    for (const std::string command : {"run", "export"}) {
        SCOPED_TRACE(command);
        std::vector<std::string> args{command, (dir.path() / "game").string()};
        if (command == "export") args.push_back((dir.path() / "out").string());
        const ChildResult r = player(args);
        ASSERT_FALSE(r.timed_out) << "opening the FIFO blocked: " << describe(r);
        EXPECT_EQ(r.exit_code, 3) << describe(r);
        EXPECT_TRUE(contains(r.err, fifo.string() +
                                        ": is a FIFO (named pipe), not a regular file; it was "
                                        "not read"))
            << describe(r);
    }
    EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

TEST(ReliabilityReads, AFifoAsTheInputFileEndsQuicklyWithAClearError) {
    TempDir dir;
    write_project(dir, "game");
    const fs::path fifo = dir.path() / "moves.input.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0666), 0);
    const ChildResult run =
        player({"run", (dir.path() / "game").string(), "--ticks", "3", "--input", fifo.string()});
    ASSERT_FALSE(run.timed_out) << "opening the FIFO blocked: " << describe(run);
    EXPECT_EQ(run.exit_code, 3) << describe(run);
    const std::string message =
        fifo.string() + ": is a FIFO (named pipe), not a regular file; it was not read";
    EXPECT_TRUE(contains(run.err, message)) << describe(run);

    const ChildResult check = player({"check", fifo.string()});
    ASSERT_FALSE(check.timed_out) << describe(check);
    EXPECT_EQ(check.exit_code, 1) << describe(check);
    EXPECT_TRUE(contains(check.out, message)) << describe(check);
}

// ---- one path rule: files linked out of the project ----

// A project, and beside it a folder of files holding kSecret that links in the project lead to.
class ReliabilityProjectPaths : public ::testing::Test {
protected:
    void SetUp() override {
        write_project(m_dir, "game");
        m_dir.write("target/secret.scene.json", kSecret);
        m_dir.write("target/secret.prefab.json", kSecret);
        m_dir.write("target/secret.png", kSecret);
        m_dir.write("target/scenes/main.scene.json", kSecret);
    }
    [[nodiscard]] fs::path game() const { return m_dir.path() / "game"; }
    [[nodiscard]] fs::path target() const { return m_dir.path() / "target"; }
    [[nodiscard]] fs::path out() const { return m_dir.path() / "exports" / "out"; }

    // Exports the game and checks that it was refused, naming `file` as leaving the project,
    // never showing the secret, and that nothing was written anywhere.
    void expect_export_refused(const std::string& file) {
        const std::vector<std::string> before = everything_under(m_dir.path());
        const ChildResult r = player({"export", game().string(), out().string()});
        ASSERT_FALSE(r.timed_out) << describe(r);
        EXPECT_EQ(r.exit_code, 3) << describe(r);
        EXPECT_TRUE(contains(r.err, file + ": the file leaves the project")) << describe(r);
        EXPECT_TRUE(contains(r.err, "export: 1 error in")) << "reported once: " << describe(r);
        EXPECT_FALSE(contains(r.out + r.err, "SECRET")) << describe(r);
        EXPECT_EQ(everything_under(m_dir.path()), before) << "nothing was written anywhere";
        EXPECT_EQ(slurp(target() / "secret.scene.json"), kSecret);
    }

    TempDir m_dir;
};

TEST_F(ReliabilityProjectPaths, CheckRefusesASceneLinkedOutsideAndNeverShowsItsBytes) {
    fs::create_symlink("../../target/secret.scene.json", game() / "scenes" / "secret.scene.json");
    for (const fs::path& asked : {game(), game() / "scenes" / "secret.scene.json"}) {
        SCOPED_TRACE(asked.string());
        const ChildResult r = player({"check", asked.string()});
        ASSERT_FALSE(r.timed_out) << describe(r);
        EXPECT_EQ(r.exit_code, 1) << describe(r);
        EXPECT_TRUE(contains(r.out, "scenes/secret.scene.json: the file leaves the project: its "
                                    "path resolves outside the project folder"))
            << describe(r);
        EXPECT_FALSE(contains(r.out + r.err, "SECRET")) << describe(r);
    }
}

TEST_F(ReliabilityProjectPaths, ExportRefusesASceneLinkedOutsideAndWritesNothingAnywhere) {
    fs::create_symlink("../../target/secret.scene.json", game() / "scenes" / "secret.scene.json");
    expect_export_refused("scenes/secret.scene.json");
}

TEST_F(ReliabilityProjectPaths, ExportRefusesAPrefabAnAssetOrTheSceneFolderLinkedOutside) {
    {
        SCOPED_TRACE("a prefab");
        const fs::path link = game() / "prefabs" / "secret.prefab.json";
        fs::create_symlink("../../target/secret.prefab.json", link);
        expect_export_refused("prefabs/secret.prefab.json");
        fs::remove(link);
    }
    {
        SCOPED_TRACE("an asset");
        const fs::path sprite = game() / "sprites" / "ball.png";
        fs::remove(sprite);
        fs::create_symlink("../../target/secret.png", sprite);
        const std::vector<std::string> before = everything_under(m_dir.path());
        const ChildResult r = player({"export", game().string(), out().string()});
        EXPECT_EQ(r.exit_code, 3) << describe(r);
        EXPECT_TRUE(contains(r.err, "asset path \"sprites/ball.png\" resolves outside the project "
                                    "folder"))
            << describe(r);
        EXPECT_FALSE(contains(r.out + r.err, "SECRET")) << describe(r);
        EXPECT_EQ(everything_under(m_dir.path()), before);
        fs::remove(sprite);
        m_dir.write("game/sprites/ball.png", "not really a png");
    }
    {
        SCOPED_TRACE("the scene folder");
        fs::rename(game() / "scenes", m_dir.path() / "scenes-aside");
        fs::create_symlink("../target/scenes", game() / "scenes");
        const std::vector<std::string> before = everything_under(m_dir.path());
        const ChildResult r = player({"export", game().string(), out().string()});
        EXPECT_EQ(r.exit_code, 3) << describe(r);
        EXPECT_TRUE(contains(r.err, "project.json: startup_scene: asset path "
                                    "\"scenes/main.scene.json\" resolves outside the project"))
            << describe(r);
        EXPECT_FALSE(contains(r.out + r.err, "SECRET")) << describe(r);
        EXPECT_EQ(everything_under(m_dir.path()), before);
    }
}

TEST_F(ReliabilityProjectPaths, LinksThatStayInsideTheProjectAreExportedAsFilesUnderTheirNames) {
    fs::create_symlink("main.scene.json", game() / "scenes" / "alias.scene.json");
    const ChildResult r = player({"export", game().string(), out().string()});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const fs::path alias = out() / "project" / "scenes" / "alias.scene.json";
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(alias)));
    EXPECT_EQ(slurp(alias), slurp(game() / "scenes" / "main.scene.json"));
    EXPECT_TRUE(contains(slurp(out() / "export.json"), "\"project/scenes/alias.scene.json\""));
    EXPECT_FALSE(contains(slurp(out() / "export.json"), ".."));
}

// ---- leftovers: a killed export ----

// The hidden folders an export keeps beside OUTDIR (".out.export-XXXXXX", ".out.old-XXXXXX").
std::vector<std::string> export_leftovers(const fs::path& parent) {
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(parent))
        if (entry.path().filename().string().starts_with(".out."))
            out.push_back(entry.path().filename().string());
    return out;
}

// Forks a child that exports game to out and stops (reporting on a pipe) once it has written
// `files` files; returns its pid, or -1 when it did not get there within the bounded wait.
pid_t start_export_and_stop_halfway(const fs::path& game, const fs::path& out, int files) {
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0) return -1;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(pipe_fds[0]);
        diorama::Diagnostics problems;
        auto opened = diorama::Game::open(game, problems);
        if (!opened) ::_exit(5);
        diorama::Exporter exporter(std::move(*opened), {.output = out, .player = kPlayer});
        for (int written = 0; written < files;) {
            const bool writes = exporter.progress().step.starts_with("write ");
            if (!exporter.step()) ::_exit(7);
            if (writes) ++written;
        }
        const char byte = 1;
        if (::write(pipe_fds[1], &byte, 1) != 1) ::_exit(6);
        for (;;)
            ::pause();
    }
    ::close(pipe_fds[1]);
    pollfd ready{pipe_fds[0], POLLIN, 0};
    char byte = 0;
    const bool stopped = ::poll(&ready, 1, 20000) == 1 && ::read(pipe_fds[0], &byte, 1) == 1;
    ::close(pipe_fds[0]);
    if (!stopped && pid > 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        return -1;
    }
    return pid;
}

void kill_and_reap(pid_t pid) {
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
}

TEST(ReliabilityLeftovers, OpeningAProjectRemovesWhatInterruptedSavesLeftInItsFolders) {
    TempDir dir;
    write_project(dir, "game");
    const std::vector<std::string> stale = {"game/scenes/.main.scene.json.tmp.Ab12Cd",
                                            "game/scenes/levels/.a.scene.json.prev.Xy34Zw",
                                            "game/prefabs/.spark.prefab.json.tmp.Qw12Er"};
    const std::vector<std::string> kept = {"game/scenes/.notes.txt.tmp.Ab12Cd",
                                           "game/.main.scene.json.tmp.Ab12Cd"};
    for (const std::string& file : stale)
        dir.write(file, std::string(100000, 'x'));
    for (const std::string& file : kept)
        dir.write(file, "not ours to remove");
    const ChildResult r = player({"run", (dir.path() / "game").string(), "--ticks", "1"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    for (const std::string& file : stale) {
        EXPECT_FALSE(fs::exists(dir.path() / file)) << file;
        EXPECT_TRUE(contains(r.err, "removed " + (dir.path() / file).string() +
                                        ", left behind by an interrupted save"))
            << describe(r);
    }
    for (const std::string& file : kept)
        EXPECT_EQ(slurp(dir.path() / file), "not ours to remove") << file;
}

TEST(ReliabilityLeftovers, AKilledExportLeavesNothingTheNextExportDoesNotRemove) {
    TempDir dir;
    write_project(dir, "game");
    const fs::path out = dir.path() / "exports" / "out";

    // An export killed halfway leaves its hidden folder and no OUTDIR.
    const pid_t killed = start_export_and_stop_halfway(dir.path() / "game", out, 3);
    ASSERT_GT(killed, 0);
    kill_and_reap(killed);
    const std::vector<std::string> after_kill = export_leftovers(out.parent_path());
    ASSERT_EQ(after_kill.size(), 1u);
    EXPECT_FALSE(fs::exists(out));

    // The next export removes it as it starts; here that export stops halfway, still running.
    const pid_t running = start_export_and_stop_halfway(dir.path() / "game", out, 2);
    ASSERT_GT(running, 0);
    const std::vector<std::string> with_running = export_leftovers(out.parent_path());
    // Another export meanwhile leaves the running one's folder alone.
    const ChildResult r = player({"export", (dir.path() / "game").string(), out.string()});
    const std::vector<std::string> after_export = export_leftovers(out.parent_path());
    kill_and_reap(running);
    ASSERT_EQ(with_running.size(), 1u);
    EXPECT_NE(with_running, after_kill) << "the killed export's folder went";
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(fs::is_regular_file(out / "export.json"));
    EXPECT_EQ(after_export, with_running) << "a running export's folder is never taken";

    // With its process gone too, the next export removes that folder as well.
    const ChildResult again =
        player({"export", (dir.path() / "game").string(), out.string(), "--force"});
    ASSERT_EQ(again.exit_code, 0) << describe(again);
    EXPECT_TRUE(export_leftovers(out.parent_path()).empty());
    EXPECT_TRUE(fs::is_regular_file(out / "export.json"));
}

} // namespace
