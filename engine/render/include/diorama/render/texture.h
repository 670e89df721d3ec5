#pragma once
// Textures: images loaded with stb_image into GL textures, cached per asset path. A missing or
// unreadable image gives a visible placeholder (magenta/black checkerboard), never a failure.

#include <glm/vec2.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace diorama::render {

class Texture {
public:
    // An RGBA8 texture from straight-alpha pixels (width * height * 4 bytes, top row first),
    // stored premultiplied; nearest or linear (mipmapped) filtering. Needs a current GL context
    // for its whole life.
    Texture(int width, int height, const std::uint8_t* rgba, bool smooth = true);
    ~Texture();
    Texture(const Texture&) = delete;
    Texture& operator=(const Texture&) = delete;

    [[nodiscard]] std::uint32_t id() const { return m_id; } // the GL name
    // Unique among the process's textures, even when GL reuses a deleted texture's name.
    [[nodiscard]] std::uint64_t serial() const { return m_serial; }
    [[nodiscard]] glm::ivec2 size() const { return m_size; }

private:
    std::uint32_t m_id = 0;
    std::uint64_t m_serial = 0;
    glm::ivec2 m_size{0};
};

class TextureCache {
public:
    // Images resolve inside root (the project folder). get(), placeholder(), clear() and the
    // destructor need a current GL context.
    explicit TextureCache(std::filesystem::path root);

    // The texture for a project-relative image path; the placeholder when it cannot be loaded or
    // escapes the root (absolute, '..'), and then `missing` reports the path. Loads (or fails)
    // once per path. The reference is valid until clear() or the cache's destruction.
    const Texture& get(const std::string& path);
    // The placeholder texture.
    const Texture& placeholder();
    // Paths that failed to load so far (for the console).
    [[nodiscard]] const std::vector<std::string>& missing() const { return m_missing; }
    // Forgets every texture and missing path (e.g. after images changed on disk).
    void clear();

private:
    std::filesystem::path m_root;
    std::unordered_map<std::string, std::unique_ptr<Texture>> m_textures;
    std::unique_ptr<Texture> m_placeholder;
    std::vector<std::string> m_missing;
};

} // namespace diorama::render
