#pragma once
// Test support: one GL 3.3 core context per test process (SDL2, offscreen video driver) and a
// framebuffer to draw into and read back. World units = pixels, y up: world (x, y) covers pixel
// (x, y) counted from the bottom-left.

#include <gtest/gtest.h>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace diorama::render::test {

// Empty when the context is current; otherwise why it could not be made.
const std::string& gl_context_error();

// Every test that touches GL derives from this: it fails (never skips) without a context.
class GlTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_EQ(gl_context_error(), "")
            << "no OpenGL 3.3 core context; these tests need SDL2's offscreen "
               "video driver with Mesa (EGL, llvmpipe)";
    }
};

struct Rgba {
    std::uint8_t r = 0, g = 0, b = 0, a = 0;
    friend bool operator==(const Rgba&, const Rgba&) = default;
    friend std::ostream& operator<<(std::ostream& os, const Rgba& c) {
        return os << "rgba(" << int(c.r) << ", " << int(c.g) << ", " << int(c.b) << ", " << int(c.a)
                  << ")";
    }
};

inline constexpr Rgba kBlack{0, 0, 0, 255};
inline constexpr Rgba kRed{255, 0, 0, 255};
inline constexpr Rgba kGreen{0, 255, 0, 255};
inline constexpr Rgba kBlue{0, 0, 255, 255};
inline constexpr Rgba kWhite{255, 255, 255, 255};
inline constexpr Rgba kMagenta{255, 0, 255, 255};

// A fresh folder under the temp directory, unique to this process, removed afterwards.
class TempDir {
public:
    explicit TempDir(const std::string& name);
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

// An RGBA8 framebuffer of width x height pixels, bound while it lives.
class Canvas {
public:
    Canvas(int width, int height);
    ~Canvas();
    Canvas(const Canvas&) = delete;
    Canvas& operator=(const Canvas&) = delete;

    [[nodiscard]] glm::ivec2 size() const { return {m_width, m_height}; }
    // World = pixels, y up, origin at the bottom-left.
    [[nodiscard]] glm::mat4 projection() const;
    void clear(const glm::vec4& color = {0, 0, 0, 1});
    // Reads the framebuffer back; pixel(x, y) then answers from that copy.
    void read();
    [[nodiscard]] Rgba pixel(int x, int y) const;
    // Every pixel of the last read(), row by row from the bottom.
    [[nodiscard]] const std::vector<Rgba>& pixels() const { return m_pixels; }
    // Pixels of the last read() for which pred(x, y, colour) holds.
    [[nodiscard]] std::size_t count(const std::function<bool(int, int, Rgba)>& pred) const;

private:
    int m_width = 0;
    int m_height = 0;
    unsigned m_fbo = 0;
    unsigned m_color = 0;
    std::vector<Rgba> m_pixels;
};

} // namespace diorama::render::test
