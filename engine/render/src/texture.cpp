// Texture and TextureCache: RGBA8 GL textures (stored premultiplied), images loaded with
// stb_image from Debian's libstb, confined to the cache's root folder.

#include "diorama/render/texture.h"

#include "diorama/log.h"
#include "gl.h"

#include <stb/stb_image.h>

#include <atomic>
#include <cassert>
#include <string>
#include <system_error>

namespace diorama::render {

// ---- Texture ----

namespace {

std::uint64_t next_serial() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

} // namespace

Texture::Texture(int width, int height, const std::uint8_t* rgba, bool smooth)
    : m_serial(next_serial()), m_size(width, height) {
    assert(width > 0 && height > 0 && rgba != nullptr);
    const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    std::vector<std::uint8_t> premultiplied(rgba, rgba + count * 4);
    for (std::size_t i = 0; i < count; ++i) {
        const unsigned a = premultiplied[i * 4 + 3];
        for (std::size_t c = 0; c < 3; ++c)
            premultiplied[i * 4 + c] =
                static_cast<std::uint8_t>((premultiplied[i * 4 + c] * a + 127) / 255);
    }

    GLuint id = 0;
    glGenTextures(1, &id);
    m_id = id;
    glBindTexture(GL_TEXTURE_2D, id);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 premultiplied.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    if (smooth) {
        glGenerateMipmap(GL_TEXTURE_2D);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    } else {
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
}

Texture::~Texture() {
    const GLuint id = m_id;
    glDeleteTextures(1, &id);
}

// ---- TextureCache ----

namespace {

namespace fs = std::filesystem;

// True when path is relative, has no '..' and (following symlinks) stays inside root.
bool inside_root(const fs::path& root, const fs::path& path) {
    if (path.empty() || path.is_absolute() || path.has_root_name() || path.has_root_directory())
        return false;
    for (const fs::path& part : path)
        if (part == "..") return false;
    std::error_code ec;
    const fs::path real_root = fs::weakly_canonical(root, ec);
    if (ec) return false;
    const fs::path real = fs::weakly_canonical(root / path, ec);
    if (ec) return false;
    auto r = real_root.begin();
    auto p = real.begin();
    for (; r != real_root.end(); ++r, ++p) {
        if (r->empty()) continue; // a trailing separator of the root
        if (p == real.end() || *p != *r) return false;
    }
    return true;
}

} // namespace

TextureCache::TextureCache(std::filesystem::path root) : m_root(std::move(root)) {}

const Texture& TextureCache::get(const std::string& path) {
    if (const auto found = m_textures.find(path); found != m_textures.end())
        return found->second ? *found->second : placeholder();

    std::unique_ptr<Texture> texture;
    if (!inside_root(m_root, fs::path(path))) {
        log_warning("texture '" + path + "': refused, images must be inside the project folder");
    } else {
        int width = 0;
        int height = 0;
        int channels = 0;
        const std::string file = (m_root / path).string();
        GLint max_side = 0;
        glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);
        if (stbi_uc* pixels = stbi_load(file.c_str(), &width, &height, &channels, 4)) {
            if (width <= max_side && height <= max_side)
                texture = std::make_unique<Texture>(width, height, pixels, true);
            else
                log_warning("texture '" + path + "': larger than the GPU's limit of " +
                            std::to_string(max_side) + " pixels");
            stbi_image_free(pixels);
        } else {
            const char* reason = stbi_failure_reason();
            log_warning("texture '" + path + "': " + (reason ? reason : "cannot load"));
        }
    }
    if (!texture) m_missing.push_back(path);
    const auto& slot = m_textures.emplace(path, std::move(texture)).first->second;
    return slot ? *slot : placeholder();
}

const Texture& TextureCache::placeholder() {
    if (!m_placeholder) {
        constexpr int kSide = 16; // 4x4 cells of 4 texels, drawn with nearest filtering
        std::vector<std::uint8_t> rgba(kSide * kSide * 4);
        for (int y = 0; y < kSide; ++y)
            for (int x = 0; x < kSide; ++x) {
                const bool magenta = ((x / 4) + (y / 4)) % 2 == 0;
                std::uint8_t* p = &rgba[static_cast<std::size_t>((y * kSide + x) * 4)];
                p[0] = magenta ? 255 : 0;
                p[1] = 0;
                p[2] = magenta ? 255 : 0;
                p[3] = 255;
            }
        m_placeholder = std::make_unique<Texture>(kSide, kSide, rgba.data(), false);
    }
    return *m_placeholder;
}

void TextureCache::clear() {
    m_textures.clear();
    m_missing.clear();
}

} // namespace diorama::render
