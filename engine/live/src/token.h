#pragma once
// The live link's access token: made, compared and written to a file.

#include "diorama/result.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace diorama::live {

// A fresh token: 128 bits from the OS's random source, as 32 lowercase hex digits.
[[nodiscard]] Result<std::string> random_token();

// Whether presented equals expected, in time that depends only on their lengths.
[[nodiscard]] bool same_token(std::string_view presented, std::string_view expected);

// The token in an "Authorization: Bearer TOKEN" header value, or empty when it is not one.
[[nodiscard]] std::string_view bearer_token(std::string_view authorization);

// Writes token (and a newline) to path, readable and writable by the owner only (mode 0600,
// also when the file existed); a symbolic link at path is refused.
[[nodiscard]] Result<void> write_token_file(const std::filesystem::path& path,
                                            std::string_view token);

} // namespace diorama::live
