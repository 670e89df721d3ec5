#pragma once
// What is on disk, to notice what other programs did since the editor last looked: a file's
// stamp (identity, size, times, a hash of its bytes) and a folder followed by its identity
// (device and inode), which still knows where the folder is after a rename or move.

#include "diorama/result.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

namespace diorama::editor {

// A file as it was at one moment.
struct FileStamp {
    bool exists = false; // a regular file was there
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    std::uint64_t size = 0; // bytes
    std::int64_t mtime_ns = 0;
    std::int64_t ctime_ns = 0;
    std::optional<std::uint64_t> content; // content_hash of its bytes; nullopt: not known

    // The same file with the same size and times (the bytes were not looked at).
    [[nodiscard]] bool same_metadata(const FileStamp& other) const;
};

// A 64-bit hash of bytes that tells versions of a file apart (not cryptographic).
[[nodiscard]] std::uint64_t content_hash(std::string_view bytes);

// The file's stamp now, following symbolic links; exists is false when no regular file is
// there. with_content reads the whole file to hash its bytes. Fails when it cannot be read.
[[nodiscard]] Result<FileStamp> stamp_file(const std::filesystem::path& path,
                                           bool with_content = true);

enum class DiskChange : std::uint8_t { Same, Changed, Missing };

// Whether the file at path still holds what `known` recorded: Same when its bytes hash the same
// (also when it was touched, or the same bytes were written again); Changed also when it cannot
// be read. quick: unchanged metadata (inode, size, times) count as Same without reading the file
// (a same-size change within the clock's granularity can then go unseen). now receives its
// current stamp (with the hash when it was read).
[[nodiscard]] DiskChange compare_with_disk(const FileStamp& known,
                                           const std::filesystem::path& path, FileStamp& now,
                                           bool quick);

// A folder followed by identity (an open descriptor of it, closed with this object).
class FolderHandle {
public:
    // The folder at path; nullopt when it cannot be opened.
    [[nodiscard]] static std::optional<FolderHandle> open(const std::filesystem::path& path);
    FolderHandle(FolderHandle&& other) noexcept;
    FolderHandle& operator=(FolderHandle&& other) noexcept;
    FolderHandle(const FolderHandle&) = delete;
    FolderHandle& operator=(const FolderHandle&) = delete;
    ~FolderHandle();

    // True when path names this folder now (the same device and inode).
    [[nodiscard]] bool is_at(const std::filesystem::path& path) const;
    // Where the folder is now, as the kernel knows it; nullopt when it was deleted or unknown.
    [[nodiscard]] std::optional<std::filesystem::path> where_now() const;

private:
    FolderHandle() = default;
    int m_fd = -1;
    std::uint64_t m_device = 0;
    std::uint64_t m_inode = 0;
};

} // namespace diorama::editor
