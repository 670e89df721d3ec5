#pragma once
// Textures: images loaded with stb_image into GL textures, cached per asset path. A missing or
// unreadable image gives a visible placeholder (magenta/black checkerboard), never a failure.

#include <glm/vec2.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
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
    // Longest side of an image, in pixels; a longer one is refused before any pixel is decoded.
    static constexpr int kMaxImageSide = 16384;

    // Images resolve inside root (the project folder). get(), placeholder(), clear(),
    // refresh_changed() and the destructor need a current GL context.
    explicit TextureCache(std::filesystem::path root);

    // The texture for a project-relative image path; the placeholder when it cannot be loaded
    // (no such file, not an image, corrupt or truncated, no pixels, a side longer than
    // kMaxImageSide or the GPU's limit) or escapes the root (absolute, '..'); then one warning is
    // logged, `missing` lists the path and `problem` says why. Loads (or fails) once per path
    // until refresh_changed() or clear() forgets it. The reference is valid until then.
    const Texture& get(const std::string& path);
    // The placeholder texture.
    const Texture& placeholder();
    // Why path did not load, naming it ("sprites/a.png: no such file"); "" when it loaded or is
    // not remembered (never asked for, or forgotten since).
    [[nodiscard]] std::string problem(const std::string& path) const;
    // Paths that failed to load, in order, since clear() (for the console); a path that fails
    // again after refresh_changed() forgot it is listed again.
    [[nodiscard]] const std::vector<std::string>& missing() const { return m_missing; }
    // Forgets each remembered path whose file differs from when get() looked (write time, size,
    // appeared or vanished), so the next get() loads it again; returns those paths, sorted. Costs
    // one stat per path (fine twice a second); references to forgotten textures become invalid.
    std::vector<std::string> refresh_changed();
    // Forgets every texture, problem and missing path.
    void clear();
    // Changes whenever a texture get() handed out may no longer be what it hands out now
    // (refresh_changed() forgot a path, or clear()): a drawing kept from one revision uses
    // textures that still live and are still the current ones while it stays the same.
    [[nodiscard]] std::uint64_t revision() const { return m_revision; }

private:
    // A file as stat saw it.
    struct FileStamp {
        bool exists = false;
        std::int64_t size = 0;     // bytes
        std::int64_t mtime_ns = 0; // last write time
        friend bool operator==(const FileStamp&, const FileStamp&) = default;
    };
    // What get() remembers of a path.
    struct Entry {
        std::unique_ptr<Texture> texture; // null: the placeholder stands in
        std::string problem;              // why it did not load; "" when it did
        std::optional<FileStamp> stamp;   // the file when it was loaded; none: cannot name a file
    };

    // The file as it is now (one stat, following symbolic links); exists is false when stat fails.
    static FileStamp stamp_of(const std::filesystem::path& file);
    // Loads path (stamping its file first) or says why not.
    [[nodiscard]] Entry load(const std::string& path) const;

    std::filesystem::path m_root;
    std::unordered_map<std::string, Entry> m_entries;
    std::unique_ptr<Texture> m_placeholder;
    std::vector<std::string> m_missing;
    std::uint64_t m_revision = 0;
};

} // namespace diorama::render
