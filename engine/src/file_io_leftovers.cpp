// Removing what interrupted saves and exports left behind (see file_io.h): only files and folders
// named by our own patterns, and only when no running process holds them (a lock can be taken at
// once; a save or a HeldFolder keeps a shared lock for as long as it works).

#include "diorama/file_io.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/file.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace diorama {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kRandomPart = 6; // the XXXXXX that mkstemp and mkdtemp fill in

// name ends in six letters or digits, as the names mkstemp and mkdtemp make do.
bool random_tail(std::string_view name) {
    return name.size() >= kRandomPart &&
           std::all_of(name.end() - kRandomPart, name.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
}

// name is prefix followed by the six random letters or digits.
bool made_from(std::string_view name, std::string_view prefix) {
    return name.size() == prefix.size() + kRandomPart && name.starts_with(prefix) &&
           random_tail(name);
}

// NAME when `leftover` is named .NAME.tmp.XXXXXX or .NAME.prev.XXXXXX (a save of NAME made it).
std::optional<std::string_view> saved_file_of(std::string_view leftover) {
    if (leftover.size() <= 1 + kRandomPart || !leftover.starts_with('.') || !random_tail(leftover))
        return std::nullopt;
    const std::string_view head = leftover.substr(1, leftover.size() - 1 - kRandomPart);
    for (const std::string_view kind : {std::string_view(".tmp."), std::string_view(".prev.")})
        if (head.size() > kind.size() && head.ends_with(kind))
            return head.substr(0, head.size() - kind.size());
    return std::nullopt;
}

Error cannot_remove(const fs::path& path, const std::string& why) {
    return make_error(ErrorCode::Io,
                      "left behind by an interrupted save or export; cannot remove it: " + why,
                      path.string());
}

// Removes path (a file, or a folder with everything in it) when it is of the expected type and
// no running process holds it: its lock is taken without waiting, and the name must still lead to
// the very file locked.
void remove_unheld(const fs::path& path, bool folder, LeftoverCleanup& cleanup) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
                                            (folder ? O_DIRECTORY : 0));
    if (fd < 0) {
        // Gone meanwhile, or not ours: a link, a folder where a file was expected or the reverse.
        if (errno != ENOENT && errno != ELOOP && errno != ENOTDIR)
            cleanup.problems.push_back(cannot_remove(path, std::strerror(errno)));
        return;
    }
    struct stat locked {};
    struct stat named {};
    const bool ours =
        ::fstat(fd, &locked) == 0 && (folder ? S_ISDIR(locked.st_mode) : S_ISREG(locked.st_mode));
    if (ours && ::flock(fd, LOCK_EX | LOCK_NB) == 0 && ::lstat(path.c_str(), &named) == 0 &&
        named.st_dev == locked.st_dev && named.st_ino == locked.st_ino) {
        std::error_code ec;
        if (folder)
            fs::remove_all(path, ec);
        else if (::unlink(path.c_str()) != 0)
            ec = std::error_code(errno, std::generic_category());
        if (ec)
            cleanup.problems.push_back(cannot_remove(path, ec.message()));
        else
            cleanup.removed.push_back(path);
    }
    ::close(fd);
}

} // namespace

LeftoverCleanup remove_save_leftovers(const fs::path& file) {
    LeftoverCleanup cleanup;
    const fs::path folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
    const std::string name = file.filename().string();
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (saved_file_of(it->path().filename().native()) == name)
            remove_unheld(it->path(), false, cleanup);
    return cleanup;
}

LeftoverCleanup remove_save_leftovers_in(const fs::path& folder, std::string_view name_suffix) {
    LeftoverCleanup cleanup;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().native();
        const auto saved = saved_file_of(name);
        if (saved && saved->ends_with(name_suffix)) remove_unheld(it->path(), false, cleanup);
    }
    return cleanup;
}

LeftoverCleanup remove_stale_folders(const fs::path& parent, std::string_view prefix) {
    LeftoverCleanup cleanup;
    std::error_code ec;
    for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec))
        if (made_from(it->path().filename().native(), prefix))
            remove_unheld(it->path(), true, cleanup);
    return cleanup;
}

// ---- held folders ----

Result<HeldFolder> HeldFolder::create(std::string pattern) {
    if (::mkdtemp(pattern.data()) == nullptr)
        return make_error(ErrorCode::Io,
                          std::string("cannot create the folder: ") + std::strerror(errno),
                          pattern);
    int lock = ::open(pattern.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    if (lock >= 0 && ::flock(lock, LOCK_SH) != 0) {
        ::close(lock);
        lock = -1; // the folder is made all the same; only a cleanup could take it
    }
    return HeldFolder(fs::path(pattern), lock);
}

HeldFolder::HeldFolder(HeldFolder&& other) noexcept
    : m_path(std::move(other.m_path)), m_lock(std::exchange(other.m_lock, -1)) {}

HeldFolder& HeldFolder::operator=(HeldFolder&& other) noexcept {
    if (this != &other) {
        if (m_lock >= 0) ::close(m_lock);
        m_path = std::move(other.m_path);
        m_lock = std::exchange(other.m_lock, -1);
    }
    return *this;
}

HeldFolder::~HeldFolder() {
    if (m_lock >= 0) ::close(m_lock);
}

} // namespace diorama
