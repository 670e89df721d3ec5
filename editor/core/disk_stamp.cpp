#include "disk_stamp.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t kSeed = 0x9e3779b97f4a7c15ull;
constexpr std::uint64_t kMultiplier = 0xff51afd7ed558ccdull;

std::uint64_t mix(std::uint64_t h, std::uint64_t word) {
    h ^= word;
    h *= kMultiplier;
    return h ^ (h >> 29);
}

// Feeds bytes into a running hash, eight at a time (a tail shorter than eight is padded).
class ContentHasher {
public:
    void add(std::string_view bytes) {
        m_length += bytes.size();
        std::size_t i = 0;
        if (m_pending_size > 0) {
            while (m_pending_size < 8 && i < bytes.size())
                m_pending[m_pending_size++] = bytes[i++];
            if (m_pending_size < 8) return;
            m_hash = mix(m_hash, load(m_pending));
            m_pending_size = 0;
        }
        for (; i + 8 <= bytes.size(); i += 8)
            m_hash = mix(m_hash, load(bytes.data() + i));
        for (; i < bytes.size(); ++i)
            m_pending[m_pending_size++] = bytes[i];
    }
    [[nodiscard]] std::uint64_t finish() const {
        char tail[8] = {};
        std::memcpy(tail, m_pending, m_pending_size);
        return mix(mix(m_hash, load(tail)), m_length);
    }

private:
    static std::uint64_t load(const char* p) {
        std::uint64_t word = 0;
        std::memcpy(&word, p, sizeof word);
        return word;
    }
    std::uint64_t m_hash = kSeed;
    std::uint64_t m_length = 0;
    char m_pending[8] = {};
    std::size_t m_pending_size = 0;
};

std::int64_t nanoseconds(const struct timespec& t) {
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

FileStamp stamp_of(const struct stat& st) {
    FileStamp s;
    s.exists = true;
    s.device = st.st_dev;
    s.inode = st.st_ino;
    s.size = static_cast<std::uint64_t>(st.st_size);
    s.mtime_ns = nanoseconds(st.st_mtim);
    s.ctime_ns = nanoseconds(st.st_ctim);
    return s;
}

Error io_error(const fs::path& path, const std::string& what, int error_number) {
    return make_error(ErrorCode::Io, what + ": " + std::strerror(error_number), path.string());
}

} // namespace

bool FileStamp::same_metadata(const FileStamp& other) const {
    return exists == other.exists && device == other.device && inode == other.inode &&
           size == other.size && mtime_ns == other.mtime_ns && ctime_ns == other.ctime_ns;
}

std::uint64_t content_hash(std::string_view bytes) {
    ContentHasher hasher;
    hasher.add(bytes);
    return hasher.finish();
}

Result<FileStamp> stamp_file(const fs::path& path, bool with_content) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return FileStamp{};
        return io_error(path, "cannot look at the file", errno);
    }
    if (!S_ISREG(st.st_mode)) return FileStamp{};
    if (!with_content) return stamp_of(st);

    // Non-blocking, so a FIFO swapped in after the stat cannot stall the editor.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return io_error(path, "cannot open the file", errno);
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return FileStamp{};
    }
    FileStamp stamp = stamp_of(st);
    ContentHasher hasher;
    std::vector<char> buffer(1u << 20);
    for (;;) {
        const ssize_t n = ::read(fd, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int error_number = errno;
            ::close(fd);
            return io_error(path, "cannot read the file", error_number);
        }
        if (n == 0) break;
        hasher.add({buffer.data(), static_cast<std::size_t>(n)});
    }
    ::close(fd);
    stamp.content = hasher.finish();
    return stamp;
}

DiskChange compare_with_disk(const FileStamp& known, const fs::path& path, FileStamp& now,
                             bool quick) {
    auto metadata = stamp_file(path, false);
    if (!metadata) return DiskChange::Changed;
    now = *metadata;
    if (!now.exists) return DiskChange::Missing;
    if (quick && now.same_metadata(known)) {
        now.content = known.content;
        return DiskChange::Same;
    }
    auto full = stamp_file(path, true);
    if (!full) return DiskChange::Changed;
    now = *full;
    if (!now.exists) return DiskChange::Missing;
    return known.content && now.content == known.content ? DiskChange::Same : DiskChange::Changed;
}

// ---- FolderHandle ----

std::optional<FolderHandle> FolderHandle::open(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        ::close(fd);
        return std::nullopt;
    }
    FolderHandle folder;
    folder.m_fd = fd;
    folder.m_device = st.st_dev;
    folder.m_inode = st.st_ino;
    return folder;
}

FolderHandle::FolderHandle(FolderHandle&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)), m_device(other.m_device), m_inode(other.m_inode) {}

FolderHandle& FolderHandle::operator=(FolderHandle&& other) noexcept {
    if (this != &other) {
        if (m_fd >= 0) ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
        m_device = other.m_device;
        m_inode = other.m_inode;
    }
    return *this;
}

FolderHandle::~FolderHandle() {
    if (m_fd >= 0) ::close(m_fd);
}

bool FolderHandle::is_at(const fs::path& path) const {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_dev == m_device &&
           st.st_ino == m_inode;
}

std::optional<fs::path> FolderHandle::where_now() const {
    std::error_code ec;
    const fs::path target = fs::read_symlink("/proc/self/fd/" + std::to_string(m_fd), ec);
    if (ec || target.empty() || target.string().ends_with(" (deleted)")) return std::nullopt;
    if (!is_at(target)) return std::nullopt;
    return target;
}

} // namespace diorama::editor
