#pragma once
// WorldDrawCache: draw_world with its queue kept. While nothing draw_world reads has changed (the
// components that draw or give bounds, compared by value; the tree and layers; the tilesets, the
// textures and the font; the options and the pixel size) and the view stays inside the area last
// built, the kept queue is queued again instead of reading every object in view: an editor's idle
// and panning frames cost a comparison and a copy. Builds cover a margin around the view, so a
// pan replays until it leaves that area.
//
// A comparison reads every drawn object of the world (and every cell of its tile maps), a build
// only those in view, so it compares only while builds queue a good share of the world
// (kWorldShare), and backs off while the world changes at every look (kBusyLooks); otherwise it
// draws as draw_world does, keeping nothing.

#include "diorama/geometry.h"
#include "diorama/render/renderer_2d.h"
#include "diorama/render/world_renderer.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace diorama {
class World;
}

namespace diorama::render {

class DrawnWorldSnapshot;

class WorldDrawCache {
public:
    WorldDrawCache();
    ~WorldDrawCache();
    WorldDrawCache(const WorldDrawCache&) = delete;
    WorldDrawCache& operator=(const WorldDrawCache&) = delete;

    // How far a build reaches past each side of the view, as a fraction of the view's size.
    static constexpr float kMargin = 0.25f;
    // Compares while the last draw queued at least 1 / kWorldShare of the world's objects (a
    // tile map's cells counting 16 to an object).
    static constexpr std::size_t kWorldShare = 4;
    // After this many looks in a row that found a change, looks only every kBusyLooks-th frame.
    static constexpr int kBusyLooks = 8;

    // Queues into renderer the pixels draw_world(world, renderer, textures, font, options)
    // would. When it compares: the kept queue if nothing changed since the last build, the font,
    // options and renderer.pixel_size() are the build's and options.view lies inside its area;
    // else, first bringing the world's spatial index up to date when the world changed or
    // nothing was kept (edits move objects outside any tick), a build over the view and a
    // margin of kMargin, kept. When
    // it does not compare, draw_world itself. The stats count what was queued (a build's the
    // objects of its whole area).
    WorldRenderStats draw(World& world, Renderer2D& renderer, TextureCache& textures,
                          const Font& font, const WorldRenderOptions& options);
    // Whether draws queue a good enough share of the world for draw() to compare it (kWorldShare,
    // by the last draw; true before the first; the back-off of kBusyLooks aside).
    [[nodiscard]] bool worth_comparing(const World& world) const;
    // Whether the last two looks found the world changed: it changes from frame to frame (a
    // drag), not once (an edit, or the first look, with nothing kept before it).
    [[nodiscard]] bool changing() const { return m_changed_looks > 1; }
    // Whether the last draw() queued the kept queue.
    [[nodiscard]] bool replayed() const { return m_replayed; }
    // Whether anything draw_world reads of world or textures differs from what the last kept
    // build saw (true before the first, and on every call until a draw() builds and keeps).
    bool world_changed(const World& world, const TextureCache& textures);

private:
    // Whether this frame's draw() should compare (see the class comment).
    [[nodiscard]] bool should_compare(const World& world) const;
    // Whether the kept queue shows options.view at pixel_size with font as a build would now.
    [[nodiscard]] bool kept_fits(const Font& font, const WorldRenderOptions& options,
                                 float pixel_size) const;

    std::unique_ptr<DrawnWorldSnapshot> m_snapshot;
    bool m_changed = true; // something changed since the last kept build
    bool m_kept = false;   // m_recording holds a build made right after a look
    bool m_replayed = false;
    std::optional<std::size_t> m_last_visible; // WorldRenderStats::visible of the last draw
    int m_changed_looks = 0;                   // looks in a row that found a change
    int m_frames_unlooked = 0;                 // draws since the last look
    std::uint64_t m_textures_revision = 0;     // TextureCache::revision() after the build
    RenderRecording m_recording;
    WorldRenderStats m_stats;     // the kept build's
    Rect m_area{};                // the area built
    float m_pixel_size = 0.0f;    // Renderer2D::pixel_size() at the build
    const Font* m_font = nullptr; // the build's font
    std::vector<bool> m_hidden_layers;
    bool m_draw_colliders = false;
};

} // namespace diorama::render
