// TextureCache: images load once per path, stay inside the root, and a missing one shows the
// magenta/black placeholder.

#include "diorama/render/texture.h"

#include "diorama/render/renderer_2d.h"
#include "gl_canvas.h"

#include <stb/stb_image_write.h>

#include <array>
#include <filesystem>
#include <fstream>
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
    EXPECT_NE(&cache.get("./ok.png"), &cache.placeholder());
}

TEST_F(TextureCacheTest, AnUnreadableFileIsThePlaceholder) {
    TempDir root("diorama_render_corrupt");
    std::ofstream(root.path() / "broken.png") << "not a png at all";
    TextureCache cache(root.path());
    EXPECT_EQ(&cache.get("broken.png"), &cache.placeholder());
    EXPECT_EQ(cache.missing(), std::vector<std::string>{"broken.png"});
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

} // namespace
} // namespace diorama::render::test
