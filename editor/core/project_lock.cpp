#include "project_lock.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFolder = ".diorama";
constexpr const char* kFile = "lock";
constexpr int kAttempts = 8; // a lock file removed under us by an owner releasing it: try again

std::string this_host() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return "unknown host";
    return name;
}

// "pid N\nhost H\n", as the owner wrote it; fields it has not written yet stay empty.
LockHolder read_holder(int fd) {
    char text[512] = {};
    const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
    LockHolder holder;
    std::istringstream lines(std::string(text, n > 0 ? static_cast<std::size_t>(n) : 0));
    std::string line;
    while (std::getline(lines, line)) {
        if (line.starts_with("pid ")) holder.pid = std::strtol(line.c_str() + 4, nullptr, 10);
        if (line.starts_with("host ")) holder.host = line.substr(5);
    }
    return holder;
}

bool same_file(const struct stat& a, const struct stat& b) {
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

std::string failure(const fs::path& path, const char* what, int error_number) {
    return path.string() + ": " + what + ": " + std::strerror(error_number);
}

} // namespace

std::string LockHolder::describe() const {
    if (pid == 0) return "an editor that has not written its pid yet";
    return "pid " + std::to_string(pid) + " on " + (host.empty() ? "an unknown host" : host);
}

ProjectLock::~ProjectLock() {
    // Still ours (nobody replaced it): remove it while holding the lock, then let go.
    struct stat mine {};
    struct stat named {};
    if (::fstat(m_file, &mine) == 0 &&
        ::fstatat(m_folder, kFile, &named, AT_SYMLINK_NOFOLLOW) == 0 && same_file(mine, named))
        ::unlinkat(m_folder, kFile, 0);
    ::close(m_file);
    ::close(m_folder);
    ::unlinkat(m_root, kFolder, AT_REMOVEDIR); // only when empty
    ::close(m_root);
}

LockAttempt lock_project(const fs::path& root) {
    const fs::path folder_path = root / kFolder;
    const fs::path file_path = folder_path / kFile;
    const int root_fd = ::open(root.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (root_fd < 0) return {.error = failure(root, "cannot open the project folder", errno)};
    LockAttempt result;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        if (::mkdirat(root_fd, kFolder, 0755) != 0 && errno != EEXIST) {
            result.error = failure(folder_path, "cannot create the folder", errno);
            break;
        }
        // The lock stays inside the project: neither the folder nor the file may be a link.
        const int dir =
            ::openat(root_fd, kFolder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (dir < 0) {
            if (errno == ENOENT) continue; // removed by an owner releasing it
            result.error = failure(folder_path, "cannot open the folder", errno);
            break;
        }
        const int fd = ::openat(dir, kFile, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            const int error_number = errno;
            ::close(dir);
            if (error_number == ENOENT) continue;
            result.error = failure(file_path, "cannot open the lock file", error_number);
            break;
        }
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            if (errno == EWOULDBLOCK)
                result.holder = read_holder(fd);
            else
                result.error = failure(file_path, "cannot lock", errno);
            ::close(fd);
            ::close(dir);
            break;
        }
        // Between the open and the flock, the previous owner may have removed the file.
        struct stat mine {};
        struct stat named {};
        if (::fstat(fd, &mine) != 0 || ::fstatat(dir, kFile, &named, AT_SYMLINK_NOFOLLOW) != 0 ||
            !same_file(mine, named)) {
            ::close(fd);
            ::close(dir);
            continue;
        }
        const std::string text =
            "pid " + std::to_string(::getpid()) + "\nhost " + this_host() + "\n";
        // A failed write only makes another editor's message poorer: the lock is held.
        if (::ftruncate(fd, 0) == 0) {
            [[maybe_unused]] const ssize_t written = ::pwrite(fd, text.data(), text.size(), 0);
        }
        result.lock = std::unique_ptr<ProjectLock>(new ProjectLock(root_fd, dir, fd));
        return result;
    }
    ::close(root_fd);
    if (!result.holder && result.error.empty())
        result.error = file_path.string() + ": the lock file kept disappearing; try again";
    return result;
}

} // namespace diorama::editor
