// TextureCache: images load once per path, stay inside the root, a missing or broken one shows
// the magenta/black placeholder and says why, and changed files are reloaded.

#include "diorama/render/texture.h"

#include "diorama/render/renderer_2d.h"
#include "gl_canvas.h"

#include <stb/stb_image_write.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace diorama::render::test {
namespace {

namespace fs = std::filesystem;

// Writes a width x height PNG whose every pixel is rgba.
void write_png(const fs::path& file, int width, int height, std::array<std::uint8_t, 4> rgba) {
    fs::create_directories(file.parent_path());
    std::vector<std::uint8_t> pixels;
    for (int i = 0; i < width * height; ++i)
        pixels.insert(pixels.end(), rgba.begin(), rgba.end());
    ASSERT_NE(stbi_write_png(file.string().c_str(), width, height, 4, pixels.data(), width * 4), 0);
}

// Writes a width x height PNG of made-up colours (so it compresses poorly).
void write_noisy_png(const fs::path& file, int width, int height) {
    std::vector<std::uint8_t> pixels;
    std::uint32_t x = 12345;
    for (int i = 0; i < width * height * 4; ++i) {
        x = x * 1103515245u + 12345u;
        pixels.push_back(static_cast<std::uint8_t>(x >> 24));
    }
    ASSERT_NE(stbi_write_png(file.string().c_str(), width, height, 4, pixels.data(), width * 4), 0);
}

// The CRC-32 of bytes, as PNG chunks carry it.
std::uint32_t crc32(const std::string& bytes) {
    std::uint32_t crc = 0xffffffffu;
    for (const char byte : bytes) {
        crc ^= static_cast<std::uint8_t>(byte);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

// The four bytes of value, most significant first.
std::string big_endian(std::uint32_t value) {
    return {static_cast<char>(value >> 24), static_cast<char>(value >> 16),
            static_cast<char>(value >> 8), static_cast<char>(value)};
}

// Writes only a PNG's signature and IHDR chunk (8-bit, colour type `color`: 0 grey, 6 RGBA),
// claiming width x height pixels.
void write_png_header(const fs::path& file, std::uint32_t width, std::uint32_t height, char color) {
    const std::string data =
        big_endian(width) + big_endian(height) + std::string{8, color, 0, 0, 0};
    const std::string chunk = "IHDR" + data;
    std::ofstream(file, std::ios::binary) << "\x89PNG\r\n\x1a\n"
                                          << big_endian(13) << chunk << big_endian(crc32(chunk));
}

// The bytes of a file.
std::string read_bytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Draws texture over the whole canvas and reads it back.
void draw_full(Canvas& canvas, const Texture& texture) {
    canvas.clear();
    Renderer2D r;
    r.begin(canvas.size(), canvas.projection());
    const glm::vec2 size(canvas.size());
    r.quad(size * 0.5f, size, 0.0f, glm::vec4(1), &texture);
    r.end();
    canvas.read();
}

class TextureCacheTest : public GlTest {};

TEST_F(TextureCacheTest, AMissingImageIsTheMagentaAndBlackPlaceholder) {
    TempDir root("diorama_render_missing");
    TextureCache cache(root.path());
    const Texture& t = cache.get("sprites/nope.png");
    EXPECT_EQ(&t, &cache.placeholder());
    ASSERT_EQ(cache.missing(), std::vector<std::string>{"sprites/nope.png"});
    EXPECT_EQ(cache.problem("sprites/nope.png"), "sprites/nope.png: no such file");
    (void)cache.get("sprites/nope.png");
    EXPECT_EQ(cache.missing().size(), 1u) << "a path is reported (and tried) once";

    Canvas canvas(64, 64);
    draw_full(canvas, t);
    const std::size_t magenta = canvas.count([](int, int, Rgba c) { return c == kMagenta; });
    const std::size_t black = canvas.count([](int, int, Rgba c) { return c == kBlack; });
    EXPECT_EQ(magenta + black, 64u * 64u) << "nothing but magenta and black";
    EXPECT_EQ(magenta, black) << "a checkerboard";
    EXPECT_NE(canvas.pixel(0, 0), canvas.pixel(63, 0)) << "cells alternate along a row";
}

TEST_F(TextureCacheTest, AnImageLoadsOnceWithItsSizeAndColours) {
    TempDir root("diorama_render_load");
    write_png(root.path() / "sprites" / "green.png", 3, 2, {0, 255, 0, 255});
    TextureCache cache(root.path());
    const Texture& t = cache.get("sprites/green.png");
    EXPECT_NE(&t, &cache.placeholder());
    EXPECT_EQ(t.size(), glm::ivec2(3, 2));
    EXPECT_EQ(&cache.get("sprites/green.png"), &t);
    EXPECT_TRUE(cache.missing().empty());
    EXPECT_EQ(cache.problem("sprites/green.png"), "");
    EXPECT_EQ(cache.problem("sprites/never_asked.png"), "");

    Canvas canvas(32, 32);
    draw_full(canvas, t);
    EXPECT_EQ(canvas.count([](int, int, Rgba c) { return c != kGreen; }), 0u);
}

TEST_F(TextureCacheTest, PathsLeavingTheRootAreRefused) {
    TempDir outer("diorama_render_escape");
    const fs::path root = outer.path() / "project";
    write_png(outer.path() / "secret.png", 2, 2, {0, 255, 0, 255});
    write_png(root / "ok.png", 2, 2, {0, 255, 0, 255});
    fs::create_symlink(outer.path() / "secret.png", root / "link.png");
    TextureCache cache(root);

    EXPECT_EQ(&cache.get("../secret.png"), &cache.placeholder());
    EXPECT_EQ(&cache.get("sprites/../../secret.png"), &cache.placeholder());
    EXPECT_EQ(&cache.get((outer.path() / "secret.png").string()), &cache.placeholder());
    EXPECT_EQ(&cache.get("link.png"), &cache.placeholder()) << "a symlink out of the root";
    EXPECT_EQ(&cache.get(""), &cache.placeholder());
    EXPECT_EQ(cache.missing().size(), 5u);
    EXPECT_EQ(cache.problem("../secret.png"),
              "../secret.png: refused, images must be inside the project folder");
    EXPECT_EQ(cache.problem("link.png"),
              "link.png: refused, images must be inside the project folder");
    EXPECT_EQ(cache.problem(""),
              "an empty path: refused, images must be inside the project folder");
    EXPECT_NE(&cache.get("./ok.png"), &cache.placeholder());
}

TEST_F(TextureCacheTest, AFileOfTextNamedPngIsThePlaceholderWithAProblem) {
    TempDir root("diorama_render_corrupt");
    fs::create_directories(root.path() / "sprites");
    std::ofstream(root.path() / "sprites" / "text.png") << "not a png at all\nq8#zL!0 ~ 42\n";
    TextureCache cache(root.path());
    EXPECT_EQ(&cache.get("sprites/text.png"), &cache.placeholder());
    EXPECT_EQ(cache.missing(), std::vector<std::string>{"sprites/text.png"});
    EXPECT_EQ(cache.problem("sprites/text.png"),
              "sprites/text.png: cannot be read (not an image, or its header is corrupt)");
}

TEST_F(TextureCacheTest, ATruncatedPngIsThePlaceholderWithAProblem) {
    TempDir root("diorama_render_truncated");
    fs::create_directories(root.path() / "sprites");
    const fs::path whole = root.path() / "whole.png";
    write_noisy_png(whole, 64, 64);
    const std::string bytes = read_bytes(whole);
    ASSERT_GT(bytes.size(), 1000u);
    std::ofstream(root.path() / "sprites" / "cut.png", std::ios::binary)
        << bytes.substr(0, bytes.size() / 2);
    TextureCache cache(root.path());
    EXPECT_EQ(&cache.get("sprites/cut.png"), &cache.placeholder());
    EXPECT_EQ(cache.problem("sprites/cut.png"),
              "sprites/cut.png: cannot be read (corrupt or truncated image)");
    EXPECT_EQ(cache.get("whole.png").size(), glm::ivec2(64, 64)) << "the untruncated one loads";
}

TEST_F(TextureCacheTest, APngOfZeroByZeroPixelsIsRefused) {
    TempDir root("diorama_render_empty");
    write_png_header(root.path() / "empty.png", 0, 0, 6);
    TextureCache cache(root.path());
    EXPECT_EQ(&cache.get("empty.png"), &cache.placeholder());
    EXPECT_EQ(cache.problem("empty.png"), "empty.png has no pixels (its width or height is 0)");
}

TEST_F(TextureCacheTest, APngClaiming100000By100000PixelsIsRefusedFromItsHeader) {
    TempDir root("diorama_render_huge");
    fs::create_directories(root.path() / "sprites");
    write_png_header(root.path() / "sprites" / "big.png", 100000, 100000, 6);
    TextureCache cache(root.path());
    EXPECT_EQ(&cache.get("sprites/big.png"), &cache.placeholder());
    EXPECT_EQ(cache.problem("sprites/big.png"),
              "sprites/big.png is 100000 x 100000 pixels; images are at most 16384 a side");
}

TEST_F(TextureCacheTest, AnImageWithASideOverTheLimitIsRefusedWithItsSize) {
    TempDir root("diorama_render_wide");
    const auto side = static_cast<std::uint32_t>(TextureCache::kMaxImageSide);
    write_png_header(root.path() / "wide.png", side + 1, 16, 0);
    write_png_header(root.path() / "tall.png", 16, side + 1, 0);
    TextureCache cache(root.path());
    EXPECT_EQ(&cache.get("wide.png"), &cache.placeholder());
    EXPECT_EQ(&cache.get("tall.png"), &cache.placeholder());
    EXPECT_EQ(cache.problem("wide.png"),
              "wide.png is 16385 x 16 pixels; images are at most 16384 a side");
    EXPECT_EQ(cache.problem("tall.png"),
              "tall.png is 16 x 16385 pixels; images are at most 16384 a side");
}

TEST_F(TextureCacheTest, ClearForgetsTexturesSoChangedFilesReload) {
    TempDir root("diorama_render_clear");
    TextureCache cache(root.path());
    EXPECT_EQ(&cache.get("late.png"), &cache.placeholder());
    write_png(root.path() / "late.png", 4, 4, {0, 0, 255, 255});
    EXPECT_EQ(&cache.get("late.png"), &cache.placeholder()) << "a failure is remembered";
    cache.clear();
    EXPECT_TRUE(cache.missing().empty());
    const Texture& t = cache.get("late.png");
    EXPECT_NE(&t, &cache.placeholder());
    EXPECT_EQ(t.size(), glm::ivec2(4, 4));
}

TEST_F(TextureCacheTest, RefreshChangedReturnsNothingWhenNothingChanged) {
    TempDir root("diorama_render_unchanged");
    write_png(root.path() / "a.png", 2, 2, {0, 255, 0, 255});
    std::ofstream(root.path() / "text.png") << "text";
    TextureCache cache(root.path());
    const Texture& a = cache.get("a.png");
    (void)cache.get("text.png");
    (void)cache.get("gone.png");
    (void)cache.get("../outside.png");
    EXPECT_TRUE(cache.refresh_changed().empty());
    EXPECT_TRUE(cache.refresh_changed().empty());
    EXPECT_EQ(&cache.get("a.png"), &a) << "still the same texture";
}

TEST_F(TextureCacheTest, RefreshChangedReloadsARewrittenImage) {
    TempDir root("diorama_render_rewritten");
    const fs::path file = root.path() / "sprites" / "hero.png";
    write_png(file, 4, 4, {0, 255, 0, 255});
    TextureCache cache(root.path());
    EXPECT_EQ(cache.get("sprites/hero.png").size(), glm::ivec2(4, 4));
    const auto old_size = fs::file_size(file);

    write_noisy_png(file, 6, 3);
    ASSERT_NE(fs::file_size(file), old_size);
    EXPECT_EQ(cache.refresh_changed(), std::vector<std::string>{"sprites/hero.png"});
    EXPECT_EQ(cache.get("sprites/hero.png").size(), glm::ivec2(6, 3));
    EXPECT_TRUE(cache.refresh_changed().empty()) << "the reload remembered the new file";

    fs::remove(file);
    EXPECT_EQ(cache.refresh_changed(), std::vector<std::string>{"sprites/hero.png"});
    EXPECT_EQ(&cache.get("sprites/hero.png"), &cache.placeholder());
    EXPECT_EQ(cache.problem("sprites/hero.png"), "sprites/hero.png: no such file");
}

TEST_F(TextureCacheTest, RefreshChangedPicksUpMissingImagesThatAppear) {
    TempDir root("diorama_render_appear");
    TextureCache cache(root.path());
    EXPECT_EQ(&cache.get("b.png"), &cache.placeholder());
    EXPECT_EQ(&cache.get("a.png"), &cache.placeholder());
    EXPECT_EQ(&cache.get("c.png"), &cache.placeholder());
    write_png(root.path() / "b.png", 5, 1, {0, 0, 255, 255});
    write_png(root.path() / "a.png", 1, 5, {0, 0, 255, 255});
    std::ofstream(root.path() / "c.png") << "still not an image";

    EXPECT_EQ(cache.refresh_changed(), (std::vector<std::string>{"a.png", "b.png", "c.png"}));
    EXPECT_EQ(cache.problem("a.png"), "") << "forgotten until asked again";
    EXPECT_EQ(cache.get("a.png").size(), glm::ivec2(1, 5));
    EXPECT_EQ(cache.get("b.png").size(), glm::ivec2(5, 1));
    EXPECT_EQ(cache.problem("b.png"), "");
    EXPECT_EQ(&cache.get("c.png"), &cache.placeholder());
    EXPECT_EQ(cache.problem("c.png"),
              "c.png: cannot be read (not an image, or its header is corrupt)");
    EXPECT_EQ(cache.missing(), (std::vector<std::string>{"b.png", "a.png", "c.png", "c.png"}))
        << "a log of failures: c.png failed again";
}

} // namespace
} // namespace diorama::render::test
