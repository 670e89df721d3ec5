#include "token.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

namespace diorama::live {

Result<std::string> random_token() {
    unsigned char bytes[16];
    std::size_t got = 0;
    while (got < sizeof bytes) {
        const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            return make_error(ErrorCode::Io,
                              std::string("no random source: ") + std::strerror(errno));
        got += static_cast<std::size_t>(n);
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string token;
    for (const unsigned char b : bytes) {
        token += kHex[b >> 4];
        token += kHex[b & 15];
    }
    return token;
}

bool same_token(std::string_view presented, std::string_view expected) {
    // Every byte of the longer one is looked at, whatever differs first.
    const std::size_t n = std::max(presented.size(), expected.size());
    unsigned difference = presented.size() == expected.size() ? 0u : 1u;
    for (std::size_t i = 0; i < n; ++i) {
        const auto a = static_cast<unsigned char>(i < presented.size() ? presented[i] : 0);
        const auto b = static_cast<unsigned char>(i < expected.size() ? expected[i] : 0);
        difference |= static_cast<unsigned>(a ^ b);
    }
    return difference == 0 && !expected.empty();
}

std::string_view bearer_token(std::string_view authorization) {
    constexpr std::string_view kScheme = "Bearer ";
    if (authorization.size() <= kScheme.size()) return {};
    for (std::size_t i = 0; i < kScheme.size(); ++i) // the scheme is case-insensitive
        if (std::tolower(static_cast<unsigned char>(authorization[i])) !=
            std::tolower(static_cast<unsigned char>(kScheme[i])))
            return {};
    std::string_view token = authorization.substr(kScheme.size());
    while (!token.empty() && token.front() == ' ')
        token.remove_prefix(1);
    while (!token.empty() && token.back() == ' ')
        token.remove_suffix(1);
    return token;
}

Result<void> write_token_file(const std::filesystem::path& path, std::string_view token) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
                          S_IRUSR | S_IWUSR);
    if (fd < 0)
        return make_error(ErrorCode::Io,
                          std::string("cannot write the token file: ") + std::strerror(errno),
                          path.string());
    std::string text(token);
    text += '\n';
    bool ok = ::fchmod(fd, S_IRUSR | S_IWUSR) == 0;
    std::size_t written = 0;
    while (ok && written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        ok = n > 0;
        if (ok) written += static_cast<std::size_t>(n);
    }
    const int saved = errno;
    ok = ::close(fd) == 0 && ok;
    if (!ok)
        return make_error(ErrorCode::Io,
                          std::string("cannot write the token file: ") + std::strerror(saved),
                          path.string());
    return {};
}

} // namespace diorama::live
