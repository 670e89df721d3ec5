#include "diorama/file_io.h"

#include "diorama/large_block.h"
#include "diorama/log.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace diorama {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxSymlinkHops = 40; // as the kernel's ELOOP limit
constexpr std::size_t kNoOffset = static_cast<std::size_t>(-1);

std::atomic<FileOpenObserver> g_open_observer{nullptr};

std::atomic<int> g_fault_stage{-1};
std::atomic<int> g_fault_errno{0};
std::atomic<std::size_t> g_write_fault_offset{kNoOffset};
std::atomic<int> g_write_fault_errno{0};
std::atomic<std::size_t> g_corrupt_offset{kNoOffset};
std::atomic<SaveStageHook> g_stage_hook{nullptr};

// Runs the stage hook, then returns the errno injected for this stage, or 0.
int enter(SaveStage stage) {
    if (SaveStageHook hook = g_stage_hook.load()) hook(stage);
    return g_fault_stage.load() == static_cast<int>(stage) ? g_fault_errno.load() : 0;
}

Error io_error(const fs::path& path, const std::string& doing, int error_number) {
    return make_error(ErrorCode::Io, doing + ": " + std::strerror(error_number), path.string());
}

// What a file that is not a regular file is, for messages: "a FIFO (named pipe)".
std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISLNK(mode)) return "a symbolic link";
    return "a special file";
}

// The refusal of a file that is not a regular file; `outcome` says what was not done.
Error not_regular(const fs::path& path, mode_t mode, const std::string& outcome) {
    return make_error(ErrorCode::Io, "is " + kind_of(mode) + ", not a regular file; " + outcome,
                      path.string());
}

// Closes a descriptor when it goes out of scope (-1: none).
struct Descriptor {
    int fd = -1;
    explicit Descriptor(int f) : fd(f) {}
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

// fd, now holding a shared lock on its file for as long as it stays open, so that
// remove_save_leftovers leaves the file alone; -1 (fd closed) when the lock cannot be taken.
int held(int fd) {
    if (fd >= 0 && ::flock(fd, LOCK_SH) == 0) return fd;
    if (fd >= 0) ::close(fd);
    return -1;
}

// Writes n bytes at data to fd, retrying short writes and EINTR. Returns 0 or the errno.
int write_fully(int fd, const char* data, std::size_t n) {
    std::size_t done = 0;
    while (done < n) {
        const ssize_t w = ::write(fd, data + done, n - done);
        if (w < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        done += static_cast<std::size_t>(w);
    }
    return 0;
}

// Writes all of bytes to fd in chunks of kSaveChunkBytes, through the test shims (write faults at
// an offset, corruption of one byte). Returns 0 or the errno; `written` is how far it got.
int write_all(int fd, std::string_view bytes, std::size_t& written) {
    written = 0;
    while (written < bytes.size()) {
        if (int e = enter(SaveStage::Write)) return e;
        std::size_t chunk = std::min(bytes.size() - written, kSaveChunkBytes);
        const std::size_t fault_at = g_write_fault_offset.load();
        if (fault_at != kNoOffset && fault_at >= written) {
            if (fault_at == written) return g_write_fault_errno.load();
            chunk = std::min(chunk, fault_at - written);
        }
        const std::size_t corrupt_at = g_corrupt_offset.load();
        int e = 0;
        if (corrupt_at >= written && corrupt_at < written + chunk) {
            std::string altered(bytes.substr(written, chunk));
            altered[corrupt_at - written] = static_cast<char>(~altered[corrupt_at - written]);
            e = write_fully(fd, altered.data(), altered.size());
        } else {
            e = write_fully(fd, bytes.data() + written, chunk);
        }
        if (e != 0) return e;
        written += chunk;
    }
    return 0;
}

// Flushes a folder's entries to disk. Returns 0 or the errno of a failed flush; filesystems that
// cannot flush folders (EINVAL, ENOTSUP) and folders this process cannot open count as done.
int sync_folder(const fs::path& folder) {
    const int fd =
        ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return 0;
    int e = 0;
    if (::fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP && errno != EOPNOTSUPP) e = errno;
    ::close(fd);
    return e;
}

// The file a path names after following symbolic links (the path itself when it is not a link;
// a dangling link gives the missing file it points to).
Result<fs::path> resolve_links(const fs::path& path) {
    fs::path current = path;
    for (int hop = 0; hop < kMaxSymlinkHops; ++hop) {
        struct stat st {};
        if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return current;
        std::error_code ec;
        const fs::path target = fs::read_symlink(current, ec);
        if (ec)
            return io_error(path, "cannot read the symbolic link " + current.string(), ec.value());
        current =
            target.is_absolute() ? target : (current.parent_path() / target).lexically_normal();
    }
    return io_error(path, "cannot follow the symbolic link", ELOOP);
}

// For SaveOptions::confined_to: refuses a path outside `folder`, or one where the folder, a folder
// between it and the file, or the file itself is a symbolic link; makes the missing folders.
Result<void> enter_confined(const fs::path& path, const fs::path& folder) {
    std::error_code ec;
    fs::path root = fs::absolute(folder, ec).lexically_normal();
    if (!root.has_filename()) root = root.parent_path(); // "/a/b/" -> "/a/b"
    const fs::path file = fs::absolute(path, ec).lexically_normal();
    const fs::path relative = file.lexically_relative(root);
    if (relative.empty() || relative == "." || *relative.begin() == "..")
        return make_error(ErrorCode::InvalidArgument,
                          "is outside " + root.string() + "; nothing was written", path.string());
    fs::path at = root;
    for (auto part = relative.begin();;) {
        struct stat st {};
        if (::lstat(at.c_str(), &st) != 0) {
            if (at == file || errno != ENOENT || ::mkdir(at.c_str(), 0777) != 0) break;
            continue; // made: checked again (the save reports any other problem itself)
        }
        if (S_ISLNK(st.st_mode))
            return make_error(ErrorCode::Io,
                              (at == file ? std::string("is a symbolic link")
                                          : "leads through the symbolic link " + at.string()) +
                                  "; files here are never written through links, nothing was "
                                  "written",
                              path.string());
        if (part == relative.end()) break;
        at /= *part++;
    }
    return {};
}

// "PATH.2 is a FIFO (named pipe), not a regular file" for the first of PATH.1..PATH.n that exists
// and is not a regular file (the rotation never renames or replaces one); empty when none is.
std::string non_regular_backup(const fs::path& target, int n) {
    for (int i = 1; i <= n; ++i) {
        const fs::path backup = backup_path(target, i);
        struct stat st {};
        if (::lstat(backup.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
            return backup.string() + " is " + kind_of(st.st_mode) + ", not a regular file";
    }
    return {};
}

// Logs what a cleanup of leftovers removed (info) and could not remove (warnings).
void log_cleanup(const LeftoverCleanup& cleanup) {
    for (const fs::path& file : cleanup.removed)
        log_info("removed " + file.string() + ", left behind by an interrupted save");
    for (const Error& problem : cleanup.problems)
        log_warning(problem.describe());
}

// The first byte where a and b differ (the shorter length when one is a prefix of the other).
std::size_t first_difference(std::string_view a, std::string_view b) {
    const auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
    return static_cast<std::size_t>(ia - a.begin());
}

// Moves PATH.1..PATH.(n-1) one up (PATH.n is replaced) and makes `previous` PATH.1. Returns 0 or
// the errno of the first rename that failed.
int rotate_backups(const fs::path& target, const fs::path& previous, int n) {
    for (int i = n - 1; i >= 1; --i) {
        const fs::path from = backup_path(target, i);
        if (::rename(from.c_str(), backup_path(target, i + 1).c_str()) != 0 && errno != ENOENT)
            return errno;
    }
    return ::rename(previous.c_str(), backup_path(target, 1).c_str()) != 0 ? errno : 0;
}

// Opens path for reading after checking that it is a regular file of at most max_bytes; returns
// the descriptor (the caller closes it) and sets size to the file's size. Anything else is refused
// before it is opened, and the open itself never blocks (O_NONBLOCK, so a FIFO that appears
// meanwhile is refused by the fstat instead of waiting for a writer).
Result<int> open_for_reading(const fs::path& path, std::size_t max_bytes, std::size_t& size) {
    if (const FileOpenObserver observer = g_open_observer.load()) observer(path);
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        return not_regular(path, st.st_mode, "it was not read");
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return io_error(path, "cannot open", errno);
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        return io_error(path, "cannot stat", e);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return not_regular(path, st.st_mode, "it was not read");
    }
    if (const int flags = ::fcntl(fd, F_GETFL);
        flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        const int e = errno;
        ::close(fd);
        return io_error(path, "cannot open", e);
    }
    if (static_cast<std::uint64_t>(st.st_size) > max_bytes) {
        ::close(fd);
        return make_error(ErrorCode::Limit,
                          "file is " + std::to_string(st.st_size) + " bytes; the limit is " +
                              std::to_string(max_bytes),
                          path.string());
    }
    size = static_cast<std::size_t>(st.st_size);
    return fd;
}

// Reads up to n bytes from fd into data, retrying short reads and EINTR; `done` is how many were
// read (fewer than n when the file shrank meanwhile). Returns 0 or the errno.
int read_fully(int fd, char* data, std::size_t n, std::size_t& done) {
    done = 0;
    while (done < n) {
        const ssize_t r = ::read(fd, data + done, n - done);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return errno;
        if (r == 0) break;
        done += static_cast<std::size_t>(r);
    }
    return 0;
}

Error out_of_memory(const fs::path& path) {
    return make_error(ErrorCode::OutOfMemory, "out of memory reading the file", path.string());
}

} // namespace

void inject_save_fault(SaveStage stage, int error_number) {
    g_fault_errno = error_number;
    g_fault_stage = error_number == 0 ? -1 : static_cast<int>(stage);
}

void inject_write_fault(std::size_t offset, int error_number) {
    g_write_fault_errno = error_number;
    g_write_fault_offset = error_number == 0 ? kNoOffset : offset;
}

void inject_write_corruption(std::size_t offset, bool enabled) {
    g_corrupt_offset = enabled ? offset : kNoOffset;
}

void set_save_stage_hook(SaveStageHook hook) {
    g_stage_hook = hook;
}

fs::path backup_path(const fs::path& path, int index) {
    return fs::path(path.string() + "." + std::to_string(index));
}

void observe_file_opens(FileOpenObserver observer) {
    g_open_observer = observer;
}

Result<std::string> read_file(const fs::path& path, std::size_t max_bytes) {
    std::size_t size = 0;
    auto fd = open_for_reading(path, max_bytes, size);
    if (!fd) return fd.error();
    std::string text;
    try {
        text.resize(size);
    } catch (const std::bad_alloc&) {
        ::close(*fd);
        return out_of_memory(path);
    }
    std::size_t done = 0;
    const int e = read_fully(*fd, text.data(), size, done);
    ::close(*fd);
    if (e != 0) return io_error(path, "cannot read", e);
    text.resize(done);
    return text;
}

void detail::FileBytesRelease::operator()(char* bytes) const {
    free_block_to_system(bytes, block_bytes, 1); // a file's bytes are not kept (large_block.h)
}

Result<FileBytes> read_file_bytes(const fs::path& path, std::size_t max_bytes) {
    std::size_t size = 0;
    auto fd = open_for_reading(path, max_bytes, size);
    if (!fd) return fd.error();
    FileBytes out;
    if (size > 0) {
        // Not zero-filled: read() fills it; the padding is zeroed. A large file's block takes
        // one page fault per 2 MiB (large_block.h).
        const std::size_t block_bytes = size + kFileBytesPadding;
        char* bytes = static_cast<char*>(allocate_block(block_bytes, 1));
        if (bytes == nullptr) {
            ::close(*fd);
            return out_of_memory(path);
        }
        out.m_data = std::unique_ptr<char, detail::FileBytesRelease>(
            bytes, detail::FileBytesRelease{block_bytes});
    }
    const int e = read_fully(*fd, out.m_data.get(), size, out.m_size);
    ::close(*fd);
    if (e != 0) return io_error(path, "cannot read", e);
    // After what was read, not after the size found first: the file may have shrunk meanwhile.
    if (size > 0) std::memset(out.m_data.get() + out.m_size, 0, kFileBytesPadding);
    return out;
}

Result<std::uint64_t> copy_file(const fs::path& from, const fs::path& to, std::uint64_t max_bytes) {
    std::size_t size = 0;
    auto opened = open_for_reading(from, static_cast<std::size_t>(max_bytes), size);
    if (!opened) return opened.error();
    const Descriptor in(*opened);
    const Descriptor out(
        ::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0644));
    if (out.fd < 0) return io_error(to, "cannot create the copy of " + from.string(), errno);
    auto abandon = [&to](Error e) {
        ::unlink(to.c_str());
        return e;
    };
    std::vector<char> buffer(kSaveChunkBytes);
    std::uint64_t copied = 0;
    for (;;) {
        std::size_t got = 0;
        if (const int e = read_fully(in.fd, buffer.data(), buffer.size(), got))
            return abandon(io_error(from, "cannot read", e));
        if (got == 0) break;
        copied += got;
        if (copied > max_bytes)
            return abandon(make_error(ErrorCode::Limit,
                                      "file grew past the limit of " + std::to_string(max_bytes) +
                                          " bytes while it was copied",
                                      from.string()));
        if (const int e = write_fully(out.fd, buffer.data(), got))
            return abandon(io_error(to, "cannot write the copy of " + from.string(), e));
    }
    return copied;
}

Result<void> save_file_atomic(const fs::path& path, std::string_view bytes, SaveOptions options) {
    fs::path target = path;
    if (!options.confined_to.empty()) {
        if (auto confined = enter_confined(path, options.confined_to); !confined)
            return confined.error();
    } else {
        auto resolved = resolve_links(path);
        if (!resolved) return resolved.error();
        target = std::move(*resolved);
    }
    // Only a regular file is replaced: never a device, a FIFO, a socket or a folder.
    struct stat old {};
    const bool existed = ::lstat(target.c_str(), &old) == 0;
    if (existed && !S_ISREG(old.st_mode))
        return target == path
                   ? not_regular(path, old.st_mode, "nothing was written")
                   : not_regular(path, old.st_mode,
                                 "nothing was written (the link leads to " + target.string() + ")");
    log_cleanup(remove_save_leftovers(target));

    const fs::path folder = target.parent_path();
    const std::string folder_name = folder.empty() ? std::string(".") : folder.string();
    const std::string stem = (folder / ("." + target.filename().string())).string();
    std::string temp = stem + ".tmp.XXXXXX";

    int fd = -1;
    if (int e = enter(SaveStage::Open)) {
        errno = e;
    } else {
        fd = ::mkstemp(temp.data());
    }
    if (fd < 0) return io_error(path, "cannot create a temporary file in " + folder_name, errno);
    const Descriptor temp_lock(held(::fcntl(fd, F_DUPFD_CLOEXEC, 0))); // until it is in place

    auto abandon = [&](const std::string& doing, int e) {
        if (fd >= 0) ::close(fd);
        ::unlink(temp.c_str());
        return io_error(path, doing, e);
    };

    std::size_t written = 0;
    if (int e = write_all(fd, bytes, written))
        return abandon("cannot write (after " + std::to_string(written) + " of " +
                           std::to_string(bytes.size()) + " bytes)",
                       e);
    if (int e = enter(SaveStage::Sync)) return abandon("cannot flush to disk", e);
    if (::fsync(fd) != 0) return abandon("cannot flush to disk", errno);

    // Keep the previous file's permissions when replacing it.
    ::fchmod(fd, existed ? (old.st_mode & 07777) : 0644);
    const int closed = ::close(fd);
    fd = -1;
    if (closed != 0) return abandon("cannot close the temporary file", errno);

    if (int e = enter(SaveStage::Verify)) return abandon("cannot read the written file back", e);
    auto back = read_file_bytes(temp, bytes.size());
    if (!back) {
        ::unlink(temp.c_str());
        return make_error(ErrorCode::Io,
                          "cannot read the written file back: " + back.error().message,
                          path.string());
    }
    if (back->view() != bytes) {
        ::unlink(temp.c_str());
        return make_error(ErrorCode::Io,
                          "the file read back differs from the bytes written (from byte " +
                              std::to_string(first_difference(back->view(), bytes)) +
                              "); the previous file was kept",
                          path.string());
    }

    // The file being replaced, linked under a private name (and held) until the backups rotate.
    fs::path previous;
    if (existed && options.backups > 0) {
        previous = stem + ".prev." + temp.substr(temp.size() - 6);
        ::unlink(previous.c_str());
        if (::link(target.c_str(), previous.c_str()) != 0) {
            // Filesystems without hard links: copy instead.
            if (auto copied = copy_file(target, previous, static_cast<std::uint64_t>(-1));
                !copied) {
                log_warning(path.string() + ": cannot keep the previous version as a backup: " +
                            copied.error().message);
                previous.clear();
            }
        }
    }
    const Descriptor previous_lock(
        previous.empty() ? -1
                         : held(::open(previous.c_str(),
                                       O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)));

    int rename_error = enter(SaveStage::Rename);
    if (rename_error == 0 && ::rename(temp.c_str(), target.c_str()) != 0) rename_error = errno;
    if (rename_error != 0) {
        ::unlink(temp.c_str());
        if (!previous.empty()) ::unlink(previous.c_str());
        return io_error(path, "cannot replace the file", rename_error);
    }

    int folder_error = enter(SaveStage::SyncFolder);
    if (folder_error == 0) folder_error = sync_folder(folder);

    if (!previous.empty()) {
        std::string rotate_problem;
        if (const int e = enter(SaveStage::Rotate)) {
            rotate_problem = std::strerror(e);
        } else {
            rotate_problem = non_regular_backup(target, options.backups);
            if (rotate_problem.empty())
                if (const int r = rotate_backups(target, previous, options.backups))
                    rotate_problem = std::strerror(r);
        }
        if (!rotate_problem.empty()) {
            ::unlink(previous.c_str());
            log_warning(path.string() +
                        ": saved, but the backups were not rotated: " + rotate_problem);
        }
    }
    if (folder_error != 0)
        return io_error(path,
                        "the file was replaced but its folder " + folder_name +
                            " could not be flushed to disk",
                        folder_error);
    return {};
}

} // namespace diorama
