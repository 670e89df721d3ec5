#pragma once
// Font: a TrueType font baked into a texture atlas with stb_truetype, for Renderer2D::text.

#include <filesystem>
#include <memory>
#include <string_view>

namespace diorama::render {

class Texture;

// Debian's fonts-dejavu-core: the default fallback font.
inline const char* const kDefaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

// Which font a Font ended up with.
enum class FontSource { File, Fallback, Builtin };

class Font {
public:
    // Bakes the font file at pixel_height (clamped to 4..128); falls back to `fallback` (DejaVu
    // Sans by default; an empty path skips it) and then to a built-in block font so text always
    // draws. `ok()` says whether the file loaded. Covers ASCII and Latin-1; other characters draw
    // as '?'. Needs a current GL context (the atlas is a Texture).
    explicit Font(const std::filesystem::path& ttf, float pixel_height = 32.0f,
                  const std::filesystem::path& fallback = kDefaultFontPath);
    ~Font();
    Font(const Font&) = delete;
    Font& operator=(const Font&) = delete;

    [[nodiscard]] bool ok() const;
    [[nodiscard]] FontSource source() const;
    // Width of the text (its widest line) at line height `size` (same units as size).
    [[nodiscard]] float measure(std::string_view utf8, float size) const;
    // Distance from the baseline up to the top of the line box at line height `size`.
    [[nodiscard]] float ascent(float size) const;

    struct Impl;
    [[nodiscard]] const Impl& impl() const { return *m_impl; }

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace diorama::render
