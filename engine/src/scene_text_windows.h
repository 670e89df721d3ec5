#pragma once
// Internal: where a scene's "objects" array lies in its text and where to cut it into windows of
// whole entries, so the loader's fast path (scene_fast_read.h) indexes one window at a time
// instead of the whole text (a parser's index is about as large as the text it indexes). These
// are guesses from the bytes alone, made without knowing which bytes are inside strings; the
// parser confirms each one (the skeleton and every window must read as whole JSON documents),
// so a wrong guess costs only time, never a wrong object.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace diorama::detail {

// Where the root's "objects" array would be.
struct ObjectsSpan {
    std::size_t open = 0;  // the offset of its '['
    std::size_t close = 0; // the offset of its ']'
};

// The first `"objects"` followed by ':' and '[' (whitespace aside) and the last ']' of text;
// nullopt when there are none, or the ']' comes before the '['.
[[nodiscard]] std::optional<ObjectsSpan> find_objects_array(std::string_view text);

// The text with the span's array emptied ("...[" + "]..."), followed by padding zero bytes;
// the result's size() counts them.
[[nodiscard]] std::string skeleton_of(std::string_view text, ObjectsSpan span, std::size_t padding);

// The end of a window of entries of the array that starts at begin (after its '[' or a ','):
// the first ',' at or after begin + min_bytes with only whitespace between it and a '}' before
// it and a '{' after it, or span.close when none comes before it.
[[nodiscard]] std::size_t window_end(std::string_view text, std::size_t begin, ObjectsSpan span,
                                     std::size_t min_bytes);

} // namespace diorama::detail
