#pragma once
// Reading files with a size limit, and saving atomically: the bytes go to a temporary file in the
// same folder, are flushed to disk, then renamed over the target. The previous file is kept as
// NAME.bak. A failure at any point leaves the previous file untouched and the error names the path
// and the cause.

#include "diorama/result.h"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace diorama {

// The whole file; refused (ErrorCode::Limit) when larger than max_bytes, before reading it.
[[nodiscard]] Result<std::string> read_file(const std::filesystem::path& path,
                                            std::size_t max_bytes);

struct SaveOptions {
    bool keep_backup = true; // the previous file is kept as PATH.bak
};

// Replaces path's content with bytes atomically (see above).
Result<void> save_file_atomic(const std::filesystem::path& path, std::string_view bytes,
                              SaveOptions options = {});

// ---- observation, for tests ----

// Called with the path of every file read_file opens (read_file is the engine's only way to read
// a file). nullptr, the default, observes nothing.
using FileOpenObserver = void (*)(const std::filesystem::path& path);
void observe_file_opens(FileOpenObserver observer);

// ---- fault injection, for tests of the save path ----

enum class SaveStage { Open, Write, Sync, Rename };

// Makes the next saves fail at `stage` with the given errno value (0 turns injection off).
void inject_save_fault(SaveStage stage, int error_number);

} // namespace diorama
