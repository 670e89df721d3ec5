// WorldDrawCache: a snapshot of the drawn world decides whether the recording of the last
// build may be replayed; a build records draw_world over the view grown by a margin.

#include "diorama/render/world_draw_cache.h"

#include "diorama/components.h"
#include "diorama/reflection.h"
#include "diorama/render/texture.h"
#include "diorama/world.h"
#include "drawn_world_snapshot.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace diorama::render {

WorldDrawCache::WorldDrawCache() : m_snapshot(std::make_unique<DrawnWorldSnapshot>()) {}
WorldDrawCache::~WorldDrawCache() = default;

bool WorldDrawCache::world_changed(const World& world, const TextureCache& textures) {
    // The snapshot is always brought up to date, so a build right after sees what it saw; a
    // change stays seen until that build, so a second look before it cannot miss it.
    const bool world_differs = m_snapshot->update(world);
    m_changed = m_changed || world_differs || textures.revision() != m_textures_revision;
    return m_changed;
}

namespace {

// What a look reads, in objects' worth: every object, and every tile map's cells at
// kCellsPerObject to an object (a build draws only the cells in view).
std::size_t look_cost(const World& world) {
    constexpr std::size_t kCellsPerObject = 16;
    std::size_t cells = 0;
    if (const auto* maps = static_cast<const Pool<TileMap>*>(world.pool(component_id<TileMap>())))
        for (std::uint32_t i = 0; i < maps->size(); ++i) {
            const TileGrid& grid = maps->at(i).tiles;
            cells += static_cast<std::size_t>(std::max(grid.width, 0)) *
                     static_cast<std::size_t>(std::max(grid.height, 0)) * grid.layers.size();
        }
    return world.object_count() + cells / kCellsPerObject;
}

} // namespace

bool WorldDrawCache::worth_comparing(const World& world) const {
    return !m_last_visible || *m_last_visible * kWorldShare >= look_cost(world);
}

bool WorldDrawCache::should_compare(const World& world) const {
    if (!worth_comparing(world)) return false;
    return m_changed_looks < kBusyLooks || m_frames_unlooked + 1 >= kBusyLooks;
}

bool WorldDrawCache::kept_fits(const Font& font, const WorldRenderOptions& options,
                               float pixel_size) const {
    // The same bits of pixel size: dots and circles' segments are made from it.
    return m_kept && &font == m_font && options.hidden_layers == m_hidden_layers &&
           options.draw_colliders == m_draw_colliders &&
           std::memcmp(&pixel_size, &m_pixel_size, sizeof pixel_size) == 0 &&
           m_area.contains(options.view.min) && m_area.contains(options.view.max);
}

WorldRenderStats WorldDrawCache::draw(World& world, Renderer2D& renderer, TextureCache& textures,
                                      const Font& font, const WorldRenderOptions& options) {
    m_replayed = false;
    if (!should_compare(world)) {
        // Nothing is kept: a later build must follow a look, or the snapshot would not be what
        // it recorded.
        ++m_frames_unlooked;
        m_kept = false;
        m_stats = draw_world(world, renderer, textures, font, options);
        m_last_visible = m_stats.visible;
        return m_stats;
    }
    m_frames_unlooked = 0;
    const bool changed = world_changed(world, textures);
    m_changed_looks = changed ? m_changed_looks + 1 : 0;
    const float pixel_size = renderer.pixel_size();
    if (!changed && kept_fits(font, options, pixel_size)) {
        m_replayed = true;
        renderer.replay(m_recording);
        return m_stats;
    }
    // Edits move objects outside any tick; and frames drawn without looking may have left the
    // index behind the world: the build culls with an index up to date.
    if (changed || !m_kept) world.update_spatial();
    WorldRenderOptions built = options;
    const glm::vec2 margin = options.view.size() * kMargin;
    built.view = Rect{options.view.min - margin, options.view.max + margin};
    renderer.start_recording(m_recording);
    m_stats = draw_world(world, renderer, textures, font, built);
    renderer.stop_recording();
    m_kept = true;
    m_changed = false;
    m_textures_revision = textures.revision(); // the build may have loaded textures
    m_area = built.view;
    m_pixel_size = pixel_size;
    m_font = &font;
    m_hidden_layers = options.hidden_layers;
    m_draw_colliders = options.draw_colliders;
    m_last_visible = m_stats.visible;
    return m_stats;
}

} // namespace diorama::render
