// Font: TrueType baking with stb_truetype (Debian's libstb), DejaVu fallback, and a built-in block
// font rasterized from stb_easy_font so text always draws.

#include "diorama/render/font.h"

#include "diorama/log.h"
#include "font_impl.h"

#include <stb/stb_easy_font.h>
#include <stb/stb_rect_pack.h>
#include <stb/stb_truetype.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>

namespace diorama::render {

char32_t next_code_point(std::string_view text, std::size_t& i) {
    constexpr char32_t kReplacement = 0xFFFD;
    const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
    const std::uint8_t lead = byte(i++);
    if (lead < 0x80) return lead;
    int extra = 0;
    char32_t c = 0;
    if ((lead & 0xE0) == 0xC0) {
        extra = 1;
        c = lead & 0x1Fu;
    } else if ((lead & 0xF0) == 0xE0) {
        extra = 2;
        c = lead & 0x0Fu;
    } else if ((lead & 0xF8) == 0xF0) {
        extra = 3;
        c = lead & 0x07u;
    } else {
        return kReplacement; // a continuation byte or an invalid lead
    }
    for (int k = 0; k < extra; ++k) {
        if (i >= text.size() || (byte(i) & 0xC0) != 0x80) return kReplacement;
        c = (c << 6) | (byte(i++) & 0x3Fu);
    }
    return c;
}

namespace {

// The coverage atlas as RGBA: white, alpha = coverage, so glyphs share the quad shader.
std::unique_ptr<Texture> coverage_texture(int width, int height,
                                          const std::vector<std::uint8_t>& alpha, bool smooth) {
    std::vector<std::uint8_t> rgba(alpha.size() * 4);
    for (std::size_t i = 0; i < alpha.size(); ++i) {
        rgba[i * 4 + 0] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = 255;
        rgba[i * 4 + 3] = alpha[i];
    }
    return std::make_unique<Texture>(width, height, rgba.data(), smooth);
}

std::vector<unsigned char> read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return {};
    const std::streamoff size = in.tellg();
    if (size <= 0) return {};
    std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
    in.seekg(0);
    if (!in.read(reinterpret_cast<char*>(bytes.data()), size)) return {};
    return bytes;
}

// Bakes a TrueType file into impl; false (impl untouched) when it cannot be read or parsed.
bool bake_truetype(const std::filesystem::path& path, float pixel_height, Font::Impl& impl) {
    using Impl = Font::Impl;
    const std::vector<unsigned char> data = read_file(path);
    if (data.size() < 12) return false; // shorter than a font header
    const int offset = stbtt_GetFontOffsetForIndex(data.data(), 0);
    stbtt_fontinfo info{};
    if (offset < 0 || stbtt_InitFont(&info, data.data(), offset) == 0) return false;

    std::array<stbtt_packedchar, Impl::kGlyphCount> packed{};
    stbtt_pack_range ranges[2]{};
    ranges[0].font_size = pixel_height;
    ranges[0].first_unicode_codepoint_in_range = static_cast<int>(Impl::kAsciiFirst);
    ranges[0].num_chars = static_cast<int>(Impl::kAsciiCount);
    ranges[0].chardata_for_range = packed.data();
    ranges[1].font_size = pixel_height;
    ranges[1].first_unicode_codepoint_in_range = static_cast<int>(Impl::kLatinFirst);
    ranges[1].num_chars = static_cast<int>(Impl::kLatinCount);
    ranges[1].chardata_for_range = packed.data() + Impl::kAsciiCount;

    // The smallest square atlas (from 256 texels, doubling) that holds every glyph: pack the
    // rectangles first, render only into the one that fits.
    std::vector<stbrp_rect> rects(Impl::kGlyphCount);
    std::vector<std::uint8_t> coverage;
    int side = 0;
    for (int s = 256; s <= 8192 && side == 0; s *= 2) {
        stbtt_pack_context pack{};
        if (stbtt_PackBegin(&pack, nullptr, s, s, 0, 2, nullptr) == 0) return false;
        stbtt_PackSetOversampling(&pack, 2, 2); // sharper when drawn scaled or between pixels
        const int count = stbtt_PackFontRangesGatherRects(&pack, &info, ranges, 2, rects.data());
        stbtt_PackFontRangesPackRects(&pack, rects.data(), count);
        const bool all_packed = std::all_of(rects.begin(), rects.begin() + count,
                                            [](const stbrp_rect& r) { return r.was_packed != 0; });
        if (all_packed) {
            coverage.assign(static_cast<std::size_t>(s) * static_cast<std::size_t>(s), 0);
            pack.pixels = coverage.data();
            if (stbtt_PackFontRangesRenderIntoRects(&pack, &info, ranges, 2, rects.data()) != 0)
                side = s;
        }
        stbtt_PackEnd(&pack);
    }
    if (side == 0) return false;

    const float atlas = static_cast<float>(side);
    for (std::size_t k = 0; k < Impl::kGlyphCount; ++k) {
        const stbtt_packedchar& p = packed[k];
        Impl::Glyph& g = impl.glyphs[k];
        g.min = glm::vec2(p.xoff, -p.yoff2) / pixel_height;
        g.max = glm::vec2(p.xoff2, -p.yoff) / pixel_height;
        g.uv_min = glm::vec2(p.x0, p.y0) / atlas;
        g.uv_max = glm::vec2(p.x1, p.y1) / atlas;
        g.advance = p.xadvance / pixel_height;
        const char32_t c = k < Impl::kAsciiCount
                               ? Impl::kAsciiFirst + static_cast<char32_t>(k)
                               : Impl::kLatinFirst + static_cast<char32_t>(k - Impl::kAsciiCount);
        g.visible =
            stbtt_IsGlyphEmpty(&info, stbtt_FindGlyphIndex(&info, static_cast<int>(c))) == 0;
    }

    const float scale = stbtt_ScaleForPixelHeight(&info, pixel_height);
    int ascent = 0;
    int descent = 0;
    int gap = 0;
    stbtt_GetFontVMetrics(&info, &ascent, &descent, &gap);
    impl.ascent = static_cast<float>(ascent) * scale / pixel_height;

    impl.kerning.assign(Impl::kAsciiCount * Impl::kAsciiCount, 0.0f);
    for (std::size_t a = 0; a < Impl::kAsciiCount; ++a)
        for (std::size_t b = 0; b < Impl::kAsciiCount; ++b) {
            const int k =
                stbtt_GetCodepointKernAdvance(&info, static_cast<int>(Impl::kAsciiFirst + a),
                                              static_cast<int>(Impl::kAsciiFirst + b));
            impl.kerning[a * Impl::kAsciiCount + b] = static_cast<float>(k) * scale / pixel_height;
        }

    impl.atlas = coverage_texture(side, side, coverage, true);
    return true;
}

// The built-in font: stb_easy_font's segment glyphs (cap height 7 units, baseline at row 7,
// descenders to row 8) rasterized one texel per unit, drawn with nearest filtering.
void bake_builtin(Font::Impl& impl) {
    using Impl = Font::Impl;
    constexpr int kCellW = 16; // widest advance is 15; one texel of gap
    constexpr int kCellH = 10; // ink rows 0..8; one texel of gap
    constexpr int kColumns = 16;
    constexpr int kBaselineRow = 7;
    constexpr float kLineUnits = 10.0f; // line box: 1 unit above the caps, 2 below the baseline
    constexpr int kWidth = kCellW * kColumns;
    constexpr int kHeight =
        kCellH * static_cast<int>((Impl::kAsciiCount + kColumns - 1) / kColumns);

    std::vector<std::uint8_t> coverage(static_cast<std::size_t>(kWidth * kHeight), 0);
    std::vector<char> vertices(64 * 64); // 64 bytes per quad; the busiest glyph has ~20 quads
    for (std::size_t k = 0; k < Impl::kAsciiCount; ++k) {
        const int cx = static_cast<int>(k % kColumns) * kCellW;
        const int cy = static_cast<int>(k / kColumns) * kCellH;
        char text[2] = {static_cast<char>(Impl::kAsciiFirst + k), '\0'};
        const int quads = stb_easy_font_print(0.0f, 0.0f, text, nullptr, vertices.data(),
                                              static_cast<int>(vertices.size()));
        int ink_right = 0;
        for (int q = 0; q < quads; ++q) {
            // Vertices 0 and 2 of a quad are its top-left and bottom-right corners (x, y, z, rgba).
            const auto* corner0 = reinterpret_cast<const float*>(vertices.data() + q * 64);
            const auto* corner2 = reinterpret_cast<const float*>(vertices.data() + q * 64 + 32);
            const int x0 = static_cast<int>(corner0[0]);
            const int y0 = static_cast<int>(corner0[1]);
            const int x1 = std::min(static_cast<int>(corner2[0]), kCellW - 1);
            const int y1 = std::min(static_cast<int>(corner2[1]), kCellH - 1);
            for (int y = y0; y < y1; ++y)
                for (int x = x0; x < x1; ++x)
                    coverage[static_cast<std::size_t>((cy + y) * kWidth + cx + x)] = 255;
            ink_right = std::max(ink_right, x1);
        }
        const int advance = stb_easy_font_width(text);
        const int quad_w = std::max(advance, ink_right);
        Impl::Glyph& g = impl.glyphs[k];
        g.min = glm::vec2(0.0f, static_cast<float>(kBaselineRow - (kCellH - 1))) / kLineUnits;
        g.max =
            glm::vec2(static_cast<float>(quad_w), static_cast<float>(kBaselineRow)) / kLineUnits;
        g.uv_min = glm::vec2(static_cast<float>(cx) / kWidth, static_cast<float>(cy) / kHeight);
        g.uv_max = glm::vec2(static_cast<float>(cx + quad_w) / kWidth,
                             static_cast<float>(cy + kCellH - 1) / kHeight);
        g.advance = static_cast<float>(advance) / kLineUnits;
        g.visible = quads > 0;
    }
    // Latin-1 has no block glyphs: it draws as '?'.
    const Impl::Glyph question = impl.glyphs['?' - Impl::kAsciiFirst];
    std::fill(impl.glyphs.begin() + Impl::kAsciiCount, impl.glyphs.end(), question);
    impl.kerning.clear();
    impl.ascent = (kBaselineRow + 1) / kLineUnits;
    impl.atlas = coverage_texture(kWidth, kHeight, coverage, false);
}

} // namespace

Font::Font(const std::filesystem::path& ttf, float pixel_height,
           const std::filesystem::path& fallback)
    : m_impl(std::make_unique<Impl>()) {
    pixel_height = std::clamp(pixel_height, 4.0f, 128.0f);
    if (!ttf.empty() && bake_truetype(ttf, pixel_height, *m_impl)) {
        m_impl->loaded = true;
        m_impl->source = FontSource::File;
        return;
    }
    if (!ttf.empty()) log_warning("font: cannot load '" + ttf.string() + "'");
    if (!fallback.empty() && bake_truetype(fallback, pixel_height, *m_impl)) {
        m_impl->source = FontSource::Fallback;
        return;
    }
    if (!fallback.empty())
        log_warning("font: cannot load the fallback '" + fallback.string() + "'");
    log_info("font: using the built-in block font");
    bake_builtin(*m_impl);
    m_impl->source = FontSource::Builtin;
}

Font::~Font() = default;

bool Font::ok() const {
    return m_impl->loaded;
}

FontSource Font::source() const {
    return m_impl->source;
}

float Font::measure(std::string_view utf8, float size) const {
    float widest = 0.0f;
    std::size_t start = 0;
    while (start <= utf8.size()) {
        std::size_t end = utf8.find('\n', start);
        if (end == std::string_view::npos) end = utf8.size();
        widest = std::max(widest, m_impl->line_width(utf8.substr(start, end - start)));
        start = end + 1;
    }
    return widest * size;
}

float Font::ascent(float size) const {
    return m_impl->ascent * size;
}

} // namespace diorama::render
