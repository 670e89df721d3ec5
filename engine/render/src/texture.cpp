// Texture and TextureCache: RGBA8 GL textures (stored premultiplied), images loaded with
// stb_image from Debian's libstb, confined to the cache's root folder.

#include "diorama/render/texture.h"

#include "diorama/log.h"
#include "diorama/result.h"
#include "gl.h"

#include <stb/stb_image.h>

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

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

// True when path is relative and has no '..', so it can only name a file below a root.
bool relative_without_dotdot(const fs::path& path) {
    if (path.empty() || path.is_absolute() || path.has_root_name() || path.has_root_directory())
        return false;
    for (const fs::path& part : path)
        if (part == "..") return false;
    return true;
}

// True when path is relative, has no '..' and (following symlinks) stays inside root.
bool inside_root(const fs::path& root, const fs::path& path) {
    if (!relative_without_dotdot(path)) return false;
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

// Width and height in pixels, as a file's header claims them.
struct ImageSize {
    std::int64_t width = 0;
    std::int64_t height = 0;
};

// Why an image of that size at path cannot become a texture; "" when it can.
std::string size_problem(const std::string& path, ImageSize size) {
    if (size.width <= 0 || size.height <= 0)
        return path + " has no pixels (its width or height is 0)";
    GLint gpu_side = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &gpu_side);
    const std::int64_t max_side = std::min<std::int64_t>(TextureCache::kMaxImageSide, gpu_side);
    if (size.width <= max_side && size.height <= max_side) return "";
    return path + " is " + std::to_string(size.width) + " x " + std::to_string(size.height) +
           " pixels; images are at most " + std::to_string(max_side) + " a side";
}

// The size a PNG file's IHDR claims; none when the file does not start like a PNG.
std::optional<ImageSize> png_claimed_size(const std::string& file) {
    std::array<unsigned char, 24> head{}; // signature, IHDR length and type, width, height
    std::ifstream in(file, std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(head.data()), head.size())) return std::nullopt;
    constexpr std::array<unsigned char, 8> kSignature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (!std::equal(kSignature.begin(), kSignature.end(), head.begin()) ||
        std::memcmp(head.data() + 12, "IHDR", 4) != 0)
        return std::nullopt;
    const auto big_endian = [&head](std::size_t at) {
        return std::int64_t{head[at]} << 24 | std::int64_t{head[at + 1]} << 16 |
               std::int64_t{head[at + 2]} << 8 | std::int64_t{head[at + 3]};
    };
    return ImageSize{big_endian(16), big_endian(20)};
}

// Why stbi_info refused the file at path. Its failure reason names the last format it tried, so
// a PNG's empty or huge size is read from the header here.
std::string header_problem(const std::string& path, const std::string& file) {
    if (const std::optional<ImageSize> claimed = png_claimed_size(file))
        if (std::string why = size_problem(path, *claimed); !why.empty()) return why;
    return path + ": cannot be read (not an image, or its header is corrupt)";
}

// The texture of the image file at root/path; refused from its header alone when it is not an
// image or too large, so a lying header never makes a huge allocation.
Result<std::unique_ptr<Texture>> decode(const fs::path& root, const std::string& path) {
    const std::string file = (root / path).string();
    int width = 0;
    int height = 0;
    int channels = 0;
    if (stbi_info(file.c_str(), &width, &height, &channels) == 0)
        return make_error(ErrorCode::Parse, header_problem(path, file));
    if (std::string too_big = size_problem(path, {width, height}); !too_big.empty())
        return make_error(ErrorCode::Limit, std::move(too_big));
    const std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
        stbi_load(file.c_str(), &width, &height, &channels, 4), &stbi_image_free);
    if (!pixels)
        return make_error(ErrorCode::Parse, path + ": cannot be read (corrupt or truncated image)");
    return std::make_unique<Texture>(width, height, pixels.get(), true);
}

// A stat time in nanoseconds since the epoch.
std::int64_t nanoseconds(const struct timespec& t) {
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

} // namespace

TextureCache::TextureCache(std::filesystem::path root) : m_root(std::move(root)) {}

const Texture& TextureCache::get(const std::string& path) {
    auto found = m_entries.find(path);
    if (found == m_entries.end()) {
        found = m_entries.emplace(path, load(path)).first;
        if (!found->second.texture) {
            log_warning("texture " + found->second.problem);
            m_missing.push_back(path);
        }
    }
    return found->second.texture ? *found->second.texture : placeholder();
}

std::string TextureCache::problem(const std::string& path) const {
    const auto found = m_entries.find(path);
    return found != m_entries.end() ? found->second.problem : std::string();
}

std::vector<std::string> TextureCache::refresh_changed() {
    std::vector<std::string> changed;
    for (const auto& [path, entry] : m_entries)
        if (entry.stamp && *entry.stamp != stamp_of(m_root / path)) changed.push_back(path);
    for (const std::string& path : changed)
        m_entries.erase(path);
    if (!changed.empty()) ++m_revision;
    std::sort(changed.begin(), changed.end());
    return changed;
}

TextureCache::FileStamp TextureCache::stamp_of(const std::filesystem::path& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) return {};
    return {true, static_cast<std::int64_t>(st.st_size), nanoseconds(st.st_mtim)};
}

TextureCache::Entry TextureCache::load(const std::string& path) const {
    Entry entry;
    if (relative_without_dotdot(path)) entry.stamp = stamp_of(m_root / path);
    if (!inside_root(m_root, path)) {
        entry.problem = (path.empty() ? "an empty path" : path) +
                        ": refused, images must be inside the project folder";
    } else if (!entry.stamp->exists) {
        entry.problem = path + ": no such file";
    } else if (auto texture = decode(m_root, path)) {
        entry.texture = std::move(*texture);
    } else {
        entry.problem = texture.error().message;
    }
    return entry;
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
    ++m_revision;
    m_entries.clear();
    m_missing.clear();
}

} // namespace diorama::render
