#pragma once
// The editor's screenshot of its window read back for pixel checks.

#include <stb/stb_image.h>

#include <array>
#include <cstddef>
#include <filesystem>
#include <memory>

namespace diorama::test {

// Pixels of one exact colour in an image: how many, and the mean of their rows and columns.
struct ColourPatch {
    std::size_t count = 0;
    double row = 0.0;
    double column = 0.0;
};

// An RGBA image, the top row first.
struct Image {
    int width = 0;
    int height = 0;
    std::unique_ptr<unsigned char, void (*)(void*)> rgba{nullptr, stbi_image_free};

    // The red, green and blue of the pixel in column x, row y.
    [[nodiscard]] std::array<int, 3> pixel(int x, int y) const {
        const unsigned char* px = rgba.get() + (static_cast<std::size_t>(y) * width + x) * 4;
        return {px[0], px[1], px[2]};
    }

    // The pixels of (r, g, b); only those in columns [x0, x1) and rows [y0, y1) when given.
    [[nodiscard]] ColourPatch patch(unsigned char r, unsigned char g, unsigned char b, int x0 = 0,
                                    int y0 = 0, int x1 = -1, int y1 = -1) const {
        ColourPatch p;
        for (int y = y0; y < (y1 < 0 ? height : y1); ++y)
            for (int x = x0; x < (x1 < 0 ? width : x1); ++x) {
                if (pixel(x, y) != std::array<int, 3>{r, g, b}) continue;
                ++p.count;
                p.row += y;
                p.column += x;
            }
        if (p.count > 0) {
            p.row /= static_cast<double>(p.count);
            p.column /= static_cast<double>(p.count);
        }
        return p;
    }
};

// The PNG's pixels; rgba is null when it cannot be read.
inline Image load_png(const std::filesystem::path& file) {
    Image image;
    int channels = 0;
    image.rgba.reset(stbi_load(file.c_str(), &image.width, &image.height, &channels, 4));
    return image;
}

} // namespace diorama::test
