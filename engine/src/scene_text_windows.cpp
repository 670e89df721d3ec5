#include "scene_text_windows.h"

#include <cstring>

namespace diorama::detail {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The offset of the first byte at or after at that is not whitespace (text.size() if none).
std::size_t skip_space(std::string_view text, std::size_t at) {
    while (at < text.size() && is_space(text[at]))
        ++at;
    return at;
}

} // namespace

std::optional<ObjectsSpan> find_objects_array(std::string_view text) {
    constexpr std::string_view kKey = "\"objects\"";
    std::size_t open = std::string_view::npos;
    for (std::size_t at = text.find(kKey); at != std::string_view::npos;
         at = text.find(kKey, at + 1)) {
        std::size_t next = skip_space(text, at + kKey.size());
        if (next >= text.size() || text[next] != ':') continue;
        next = skip_space(text, next + 1);
        if (next < text.size() && text[next] == '[') {
            open = next;
            break;
        }
    }
    if (open == std::string_view::npos) return std::nullopt;
    const std::size_t close = text.rfind(']');
    if (close == std::string_view::npos || close <= open) return std::nullopt;
    return ObjectsSpan{open, close};
}

std::string skeleton_of(std::string_view text, ObjectsSpan span, std::size_t padding) {
    std::string out;
    out.reserve(text.size() - (span.close - span.open - 1) + padding);
    out.append(text.substr(0, span.open + 1));
    out.append(text.substr(span.close));
    out.append(padding, '\0');
    return out;
}

std::size_t window_end(std::string_view text, std::size_t begin, ObjectsSpan span,
                       std::size_t min_bytes) {
    if (min_bytes >= span.close - begin) return span.close;
    const char* const base = text.data();
    std::size_t at = begin + min_bytes;
    while (at < span.close) {
        const void* found = std::memchr(base + at, ',', span.close - at);
        if (found == nullptr) break;
        const auto comma = static_cast<std::size_t>(static_cast<const char*>(found) - base);
        std::size_t before = comma;
        while (before > begin && is_space(text[before - 1]))
            --before;
        const std::size_t after = skip_space(text, comma + 1);
        if (before > begin && text[before - 1] == '}' && after < span.close && text[after] == '{')
            return comma;
        at = comma + 1;
    }
    return span.close;
}

} // namespace diorama::detail
