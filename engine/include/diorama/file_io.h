#pragma once
// Reading files with a size limit, and saving atomically.
//
// A save writes the bytes to a temporary file in the target's own folder, flushes it to disk
// (fsync), reads it back and compares it with the bytes meant to be written, then renames it over
// the target and flushes the folder. Only then are the rolling backups rotated: the file that was
// replaced becomes PATH.1, the previous PATH.1 becomes PATH.2, and so on up to PATH.N (N is
// SaveOptions::backups). A failure before the rename leaves the target and its backups untouched,
// removes the temporary file and names the path and the cause; a crash (even SIGKILL) at any
// moment leaves the target holding exactly the old bytes or exactly the new ones. Saving through
// a symbolic link replaces the file the link points to and keeps the link (the backups and the
// temporary file live beside that file).
//
// Only regular files are read or written. A path naming (after symbolic links) a device, a FIFO, a
// socket or a folder is refused with a message saying what it is; reading never blocks on one,
// and a save never renames or replaces one (neither the target nor any PATH.N backup).

#include "diorama/result.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

// The whole file; refused (ErrorCode::Limit) when larger than max_bytes, before reading it, and
// (ErrorCode::Io) when it is not a regular file.
[[nodiscard]] Result<std::string> read_file(const std::filesystem::path& path,
                                            std::size_t max_bytes);

namespace detail {
// Frees the memory of a FileBytes.
struct FileBytesRelease {
    std::size_t block_bytes = 0; // the block's size (allocate_block)
    void operator()(char* bytes) const;
};
} // namespace detail

// Zero bytes after a FileBytes' end, for parsers that read ahead (simdjson reads 64 at a time).
inline constexpr std::size_t kFileBytesPadding = 64;

// The bytes of a file read whole, in memory this object owns (move-only). Large files are read
// into memory that is neither zero-filled first nor faulted in page by page (huge pages where the
// system has them), which makes reading a 50 MB scene several times cheaper than a std::string.
class FileBytes {
public:
    FileBytes() = default;

    // The file's bytes, followed by kFileBytesPadding zero bytes; valid while this object lives.
    [[nodiscard]] std::string_view view() const {
        return m_data ? std::string_view(m_data.get(), m_size) : std::string_view(kNoBytes, 0);
    }

private:
    static constexpr char kNoBytes[kFileBytesPadding] = {}; // an empty file's view, padded too

    friend Result<FileBytes> read_file_bytes(const std::filesystem::path& path,
                                             std::size_t max_bytes);
    std::unique_ptr<char, detail::FileBytesRelease> m_data;
    std::size_t m_size = 0;
};

// As read_file (the same limit and messages), into a FileBytes.
[[nodiscard]] Result<FileBytes> read_file_bytes(const std::filesystem::path& path,
                                                std::size_t max_bytes);

// Copies the regular file `from` (at most max_bytes; opened as read_file opens) to the new file
// `to`, which must not exist yet (not even as a symbolic link); returns the bytes copied.
[[nodiscard]] Result<std::uint64_t> copy_file(const std::filesystem::path& from,
                                              const std::filesystem::path& to,
                                              std::uint64_t max_bytes);

struct SaveOptions {
    static constexpr int kDefaultBackups = 3;
    int backups = kDefaultBackups; // previous versions kept as PATH.1 (newest) .. PATH.N; 0: none
    // Non-empty: the path must lie inside this folder, and neither the folder, nor a folder
    // between it and the file, nor the file itself may be a symbolic link. Such a save is refused
    // instead of writing through the link (files a tool keeps in its own folder stay there).
    // Missing folders from this one down to the file are made.
    std::filesystem::path confined_to;
};

// Replaces path's content with bytes atomically (see above).
Result<void> save_file_atomic(const std::filesystem::path& path, std::string_view bytes,
                              SaveOptions options = {});

// The rolling backup `index` (1 = the newest) of path: "PATH.index".
[[nodiscard]] std::filesystem::path backup_path(const std::filesystem::path& path, int index);

// ---- leftovers of interrupted work ----
//
// A save's temporary file (.NAME.tmp.XXXXXX) and its private link to the version it replaces
// (.NAME.prev.XXXXXX) live beside the file, and the save holds a lock (flock) on both until it is
// done. A save that was killed leaves them behind; they are removed (each save of NAME removes
// those of NAME first) only when no running save holds them.

// What a cleanup removed, and what it could not remove.
struct LeftoverCleanup {
    std::vector<std::filesystem::path> removed;
    std::vector<Error> problems; // one per leftover that is still there, naming it and why
};

// Removes the leftovers of interrupted saves of `file`.
LeftoverCleanup remove_save_leftovers(const std::filesystem::path& file);
// Removes the leftovers of interrupted saves of every file whose name ends in name_suffix, in
// folder and the folders below it (links to folders are not followed).
LeftoverCleanup remove_save_leftovers_in(const std::filesystem::path& folder,
                                         std::string_view name_suffix);

// A new folder, made from a pattern ending in XXXXXX (as mkdtemp does), that is held (locked)
// while this object lives, so that remove_stale_folders leaves it alone. The folder itself stays.
class HeldFolder {
public:
    [[nodiscard]] static Result<HeldFolder> create(std::string pattern);
    HeldFolder(HeldFolder&& other) noexcept;
    HeldFolder& operator=(HeldFolder&& other) noexcept;
    HeldFolder(const HeldFolder&) = delete;
    HeldFolder& operator=(const HeldFolder&) = delete;
    ~HeldFolder();

    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

private:
    HeldFolder(std::filesystem::path path, int lock) : m_path(std::move(path)), m_lock(lock) {}
    std::filesystem::path m_path;
    int m_lock = -1; // the descriptor that holds the lock
};

// Removes, with everything in them, the folders in parent named prefix + six letters or digits
// that no HeldFolder holds (the folders a killed process was filling).
LeftoverCleanup remove_stale_folders(const std::filesystem::path& parent, std::string_view prefix);

// ---- observation, for tests ----

// Called with the path of every file read_file, read_file_bytes or copy_file opens (the engine's
// only ways to read a file). nullptr, the default, observes nothing.
using FileOpenObserver = void (*)(const std::filesystem::path& path);
void observe_file_opens(FileOpenObserver observer);

// ---- fault injection and stage hooks, for tests of the save path ----

// The steps of save_file_atomic, in order. Write happens once per chunk written (kSaveChunkBytes).
enum class SaveStage { Open, Write, Sync, Verify, Rename, SyncFolder, Rotate };

inline constexpr std::size_t kSaveChunkBytes = 64u << 10;

// Makes the next saves fail at `stage` with the given errno value (0 turns injection off).
// Rotate faults only skip the rotation: the save has already succeeded by then.
void inject_save_fault(SaveStage stage, int error_number);
// Makes writes to the temporary file fail with error_number once `offset` bytes of it are
// written: the bytes before the offset reach the file, as on a disk that fills up mid-write
// (error_number 0 turns it off).
void inject_write_fault(std::size_t offset, int error_number);
// Makes the byte at `offset` reach the temporary file altered (a silent corruption the read-back
// must catch). enabled false turns it off.
void inject_write_corruption(std::size_t offset, bool enabled = true);

// Called at the start of every stage of every save (a test can stop or kill the process there);
// null removes it.
using SaveStageHook = void (*)(SaveStage stage);
void set_save_stage_hook(SaveStageHook hook);

} // namespace diorama
