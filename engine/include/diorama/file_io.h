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

#include "diorama/result.h"

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace diorama {

// The whole file; refused (ErrorCode::Limit) when larger than max_bytes, before reading it.
[[nodiscard]] Result<std::string> read_file(const std::filesystem::path& path,
                                            std::size_t max_bytes);

namespace detail {
// Frees the memory of a FileBytes.
struct FileBytesRelease {
    std::size_t mapped = 0; // bytes of the anonymous mapping; 0: allocated with new[]
    void operator()(char* bytes) const;
};
} // namespace detail

// The bytes of a file read whole, in memory this object owns (move-only). Large files are read
// into memory that is neither zero-filled first nor faulted in page by page (huge pages where the
// system has them), which makes reading a 50 MB scene several times cheaper than a std::string.
class FileBytes {
public:
    FileBytes() = default;

    // The file's bytes; valid while this object lives.
    [[nodiscard]] std::string_view view() const { return {m_data.get(), m_size}; }

private:
    friend Result<FileBytes> read_file_bytes(const std::filesystem::path& path,
                                             std::size_t max_bytes);
    std::unique_ptr<char, detail::FileBytesRelease> m_data;
    std::size_t m_size = 0;
};

// As read_file (the same limit and messages), into a FileBytes.
[[nodiscard]] Result<FileBytes> read_file_bytes(const std::filesystem::path& path,
                                                std::size_t max_bytes);

struct SaveOptions {
    static constexpr int kDefaultBackups = 3;
    int backups = kDefaultBackups; // previous versions kept as PATH.1 (newest) .. PATH.N; 0: none
};

// Replaces path's content with bytes atomically (see above).
Result<void> save_file_atomic(const std::filesystem::path& path, std::string_view bytes,
                              SaveOptions options = {});

// The rolling backup `index` (1 = the newest) of path: "PATH.index".
[[nodiscard]] std::filesystem::path backup_path(const std::filesystem::path& path, int index);

// ---- observation, for tests ----

// Called with the path of every file read_file opens (read_file is the engine's only way to read
// a file). nullptr, the default, observes nothing.
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
