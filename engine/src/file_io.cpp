#include "diorama/file_io.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace diorama {

namespace fs = std::filesystem;

namespace {

std::atomic<FileOpenObserver> g_open_observer{nullptr};
std::atomic<int> g_fault_stage{-1};
std::atomic<int> g_fault_errno{0};

// The injected errno for this stage, or 0.
int injected(SaveStage stage) {
    return g_fault_stage.load() == static_cast<int>(stage) ? g_fault_errno.load() : 0;
}

Error io_error(const fs::path& path, const std::string& doing, int error_number) {
    return make_error(ErrorCode::Io, doing + ": " + std::strerror(error_number), path.string());
}

// Writes all of bytes to fd, retrying short writes and EINTR.
int write_all(int fd, std::string_view bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        if (int e = injected(SaveStage::Write)) return e;
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        done += static_cast<std::size_t>(n);
    }
    return 0;
}

void sync_folder(const fs::path& folder) {
    const int fd =
        ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd); // best effort: some filesystems refuse fsync on folders
    ::close(fd);
}

} // namespace

void inject_save_fault(SaveStage stage, int error_number) {
    g_fault_errno = error_number;
    g_fault_stage = error_number == 0 ? -1 : static_cast<int>(stage);
}

void observe_file_opens(FileOpenObserver observer) {
    g_open_observer = observer;
}

Result<std::string> read_file(const fs::path& path, std::size_t max_bytes) {
    if (const FileOpenObserver observer = g_open_observer.load()) observer(path);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return io_error(path, "cannot open", errno);
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        return io_error(path, "cannot stat", e);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return make_error(ErrorCode::Io, "not a regular file", path.string());
    }
    if (static_cast<std::uint64_t>(st.st_size) > max_bytes) {
        ::close(fd);
        return make_error(ErrorCode::Limit,
                          "file is " + std::to_string(st.st_size) + " bytes; the limit is " +
                              std::to_string(max_bytes),
                          path.string());
    }
    std::string text;
    try {
        text.resize(static_cast<std::size_t>(st.st_size));
    } catch (const std::bad_alloc&) {
        ::close(fd);
        return make_error(ErrorCode::OutOfMemory, "out of memory reading the file", path.string());
    }
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int e = errno;
            ::close(fd);
            return io_error(path, "cannot read", e);
        }
        if (n == 0) break; // the file shrank meanwhile
        done += static_cast<std::size_t>(n);
    }
    text.resize(done);
    ::close(fd);
    return text;
}

Result<void> save_file_atomic(const fs::path& path, std::string_view bytes, SaveOptions options) {
    const fs::path folder = path.parent_path();
    std::string temp = (folder / ("." + path.filename().string() + ".tmp.XXXXXX")).string();

    int fd = -1;
    if (int e = injected(SaveStage::Open)) {
        errno = e;
    } else {
        fd = ::mkstemp(temp.data());
    }
    if (fd < 0)
        return io_error(path,
                        "cannot create a temporary file in " +
                            (folder.empty() ? std::string(".") : folder.string()),
                        errno);

    auto abandon = [&](const std::string& doing, int e) {
        ::close(fd);
        ::unlink(temp.c_str());
        return io_error(path, doing, e);
    };

    if (int e = write_all(fd, bytes)) return abandon("cannot write", e);
    if (int e = injected(SaveStage::Sync)) return abandon("cannot flush to disk", e);
    if (::fsync(fd) != 0) return abandon("cannot flush to disk", errno);

    // Keep the previous file's permissions when replacing it.
    struct stat old {};
    const bool existed = ::stat(path.c_str(), &old) == 0;
    ::fchmod(fd, existed ? (old.st_mode & 07777) : 0644);

    if (::close(fd) != 0) {
        const int e = errno;
        ::unlink(temp.c_str());
        return io_error(path, "cannot close the temporary file", e);
    }

    if (existed && options.keep_backup) {
        const fs::path backup = path.string() + ".bak";
        ::unlink(backup.c_str());
        if (::link(path.c_str(), backup.c_str()) != 0) {
            std::error_code ec; // filesystems without hard links: copy instead
            fs::copy_file(path, backup, fs::copy_options::overwrite_existing, ec);
        }
    }

    int rename_error = injected(SaveStage::Rename);
    if (rename_error == 0 && ::rename(temp.c_str(), path.c_str()) != 0) rename_error = errno;
    if (rename_error != 0) {
        ::unlink(temp.c_str());
        return io_error(path, "cannot replace the file", rename_error);
    }
    sync_folder(folder);
    return {};
}

} // namespace diorama
