#pragma once
// Font::Impl: the baked glyph table and text layout shared by Font and Renderer2D. Private to
// diorama_render.

#include "diorama/render/font.h"
#include "diorama/render/texture.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace diorama::render {

// UTF-8 decoding: the code point starting at text[i], advancing i; malformed bytes give U+FFFD.
char32_t next_code_point(std::string_view text, std::size_t& i);

struct Font::Impl {
    // Glyph metrics in line heights (multiply by the text size), y up from the baseline.
    struct Glyph {
        glm::vec2 min{0.0f};    // quad's bottom-left relative to the pen
        glm::vec2 max{0.0f};    // quad's top-right relative to the pen
        glm::vec2 uv_min{0.0f}; // atlas coordinates of the quad's top-left
        glm::vec2 uv_max{0.0f}; // atlas coordinates of the quad's bottom-right
        float advance = 0.0f;   // pen movement
        bool visible = false;   // false for blanks (no quad)
    };

    // Baked ranges: ASCII 32..126, then Latin-1 160..255.
    static constexpr char32_t kAsciiFirst = 32;
    static constexpr std::size_t kAsciiCount = 95;
    static constexpr char32_t kLatinFirst = 160;
    static constexpr std::size_t kLatinCount = 96;
    static constexpr std::size_t kGlyphCount = kAsciiCount + kLatinCount;

    std::unique_ptr<Texture> atlas;
    std::array<Glyph, kGlyphCount> glyphs{};
    std::vector<float> kerning; // kAsciiCount^2 pair adjustments in line heights; empty: none
    float ascent = 0.8f;        // baseline to the top of the line box, line heights
    bool loaded = false;        // the requested file loaded
    FontSource source = FontSource::Builtin;

    // The glyph slot of a code point; -1 for characters that draw nothing and take no space.
    [[nodiscard]] static int slot(char32_t c) {
        if (c >= kAsciiFirst && c < kAsciiFirst + kAsciiCount)
            return static_cast<int>(c - kAsciiFirst);
        if (c >= kLatinFirst && c < kLatinFirst + kLatinCount)
            return static_cast<int>(kAsciiCount + (c - kLatinFirst));
        if (c < kAsciiFirst || c == 127) return -1; // control characters
        return static_cast<int>('?' - kAsciiFirst);
    }

    [[nodiscard]] float kern(int a, int b) const {
        if (kerning.empty() || a < 0 || b < 0 || a >= static_cast<int>(kAsciiCount) ||
            b >= static_cast<int>(kAsciiCount))
            return 0.0f;
        return kerning[static_cast<std::size_t>(a) * kAsciiCount + static_cast<std::size_t>(b)];
    }

    // Width of one line (no '\n') in line heights.
    [[nodiscard]] float line_width(std::string_view line) const {
        float width = 0.0f;
        int previous = -1;
        for (std::size_t i = 0; i < line.size();) {
            const int s = slot(next_code_point(line, i));
            if (s < 0) continue;
            width += kern(previous, s) + glyphs[static_cast<std::size_t>(s)].advance;
            previous = s;
        }
        return width;
    }

    // Calls emit(glyph, pen) for every visible glyph, pen in line heights with the first baseline
    // at y = 0 and later lines below; each line aligned at x = 0 (align 0 left, 1 centre, 2 right).
    template <class Emit>
    void layout(std::string_view utf8, int align, Emit&& emit) const {
        const float align_factor = align == 1 ? 0.5f : align == 2 ? 1.0f : 0.0f;
        float y = 0.0f;
        std::size_t start = 0;
        while (start <= utf8.size()) {
            std::size_t end = utf8.find('\n', start);
            if (end == std::string_view::npos) end = utf8.size();
            const std::string_view line = utf8.substr(start, end - start);
            glm::vec2 pen(-line_width(line) * align_factor, y);
            int previous = -1;
            for (std::size_t i = 0; i < line.size();) {
                const int s = slot(next_code_point(line, i));
                if (s < 0) continue;
                const Glyph& g = glyphs[static_cast<std::size_t>(s)];
                pen.x += kern(previous, s);
                if (g.visible) emit(g, pen);
                pen.x += g.advance;
                previous = s;
            }
            y -= 1.0f;
            start = end + 1;
        }
    }
};

} // namespace diorama::render
