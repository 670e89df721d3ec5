// WorldDrawCache: it replays only while a fresh draw_world would draw the same pixels, and sees
// every change of what draw_world reads, including writes through component pointers.

#include "diorama/render/world_draw_cache.h"

#include "diorama/components.h"
#include "diorama/render/font.h"
#include "diorama/render/renderer_2d.h"
#include "diorama/render/texture.h"
#include "diorama/render/world_renderer.h"
#include "diorama/tileset.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "gl_canvas.h"

#include <glm/gtc/matrix_transform.hpp>
#include <stb/stb_image_write.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace diorama::render::test {
namespace {

namespace fs = std::filesystem;

const TypeRegistry& builtin_registry() {
    static TypeRegistry registry;
    static const bool registered = (register_builtin_components(registry), true);
    (void)registered;
    return registry;
}

// A camera over the 64x64 canvas: world [origin, origin + 64 / zoom]^2 in view.
struct Camera {
    glm::vec2 origin{0.0f};
    float zoom = 1.0f;
};

class WorldDrawCacheTest : public GlTest {
protected:
    void SetUp() override {
        GlTest::SetUp();
        if (HasFatalFailure()) return;
        canvas.emplace(64, 64);
        font = std::make_unique<Font>(kDefaultFontPath, 32.0f);
        textures = std::make_unique<TextureCache>(root.path());
        renderer = std::make_unique<Renderer2D>();
        fresh_renderer = std::make_unique<Renderer2D>();
    }
    void TearDown() override {
        fresh_renderer.reset();
        renderer.reset();
        textures.reset();
        font.reset();
        canvas.reset();
    }

    Handle object(glm::vec2 position) {
        const Handle h = world.create();
        world.get<Transform2D>(h)->position = position;
        return h;
    }
    Handle rect(glm::vec2 position, glm::vec2 size, const glm::vec4& color) {
        const Handle h = object(position);
        Shape* s = world.add<Shape>(h);
        s->size = size;
        s->color = color;
        return h;
    }
    // Shapes, a circle, a child, text, a sprite, around and in the view of Camera{}.
    void scene() {
        for (int i = 0; i < 40; ++i)
            rect(
                {static_cast<float>(i * 7 % 130) - 30.0f, static_cast<float>(i * 13 % 120) - 25.0f},
                {6.0f + static_cast<float>(i % 5), 4.0f},
                {static_cast<float>(i % 3) / 2.0f, 0.5f, 1.0f, 1.0f});
        const Handle disc = object({30, 30});
        Shape* s = world.add<Shape>(disc);
        s->kind = ShapeKind::Circle;
        s->radius = 9.0f;
        s->color = {0, 1, 0, 0.7f};
        const Handle child = rect({12, 0}, {5, 5}, {1, 1, 0, 1});
        ASSERT_TRUE(world.set_parent(child, disc));
        Text* t = world.add<Text>(object({20, 50}));
        t->text = "Ab";
        t->size = 12.0f;
        world.add<Sprite>(object({50, 12}))->size = {6, 6};
        world.update_spatial(); // as a loaded scene's
    }

    [[nodiscard]] glm::mat4 projection(const Camera& camera) const {
        return glm::translate(
            glm::scale(canvas->projection(), glm::vec3(camera.zoom, camera.zoom, 1)),
            glm::vec3(-camera.origin, 0.0f));
    }
    [[nodiscard]] static WorldRenderOptions options_for(const Camera& camera) {
        WorldRenderOptions options;
        options.view = Rect{camera.origin, camera.origin + glm::vec2(64.0f / camera.zoom)};
        return options;
    }

    std::vector<Rgba> pixels() {
        canvas->read();
        std::vector<Rgba> out;
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x)
                out.push_back(canvas->pixel(x, y));
        return out;
    }

    // A frame through the cache; its pixels.
    std::vector<Rgba> cached(const Camera& camera, WorldRenderOptions options) {
        options.view = options_for(camera).view;
        canvas->clear();
        renderer->begin(canvas->size(), projection(camera));
        cache.draw(world, *renderer, *textures, *font, options);
        renderer->end();
        return pixels();
    }
    std::vector<Rgba> cached(const Camera& camera) { return cached(camera, {}); }
    // A frame through the cache, then the same from draw_world (in this order: the fresh draw
    // brings the index up to date); whether their pixels are the same.
    bool same_as_fresh(const Camera& camera, const WorldRenderOptions& options = {}) {
        const std::vector<Rgba> through_cache = cached(camera, options);
        return through_cache == fresh(camera, options);
    }
    // Frames until one is replayed (the first looks, builds and keeps; later ones may draw
    // without comparing first when the view shows a small share); fails after a few.
    void settle(const Camera& camera, WorldRenderOptions options = {}) {
        for (int frame = 0; frame < 3; ++frame) {
            cached(camera, options);
            if (cache.replayed()) return;
        }
        ADD_FAILURE() << "no frame was replayed";
    }
    // The same frame from draw_world itself.
    std::vector<Rgba> fresh(const Camera& camera, WorldRenderOptions options = {}) {
        world.update_spatial();
        options.view = options_for(camera).view;
        canvas->clear();
        fresh_renderer->begin(canvas->size(), projection(camera));
        draw_world(world, *fresh_renderer, *textures, *font, options);
        fresh_renderer->end();
        return pixels();
    }

    World world{builtin_registry()};
    TempDir root{"diorama_world_draw_cache"};
    std::optional<Canvas> canvas;
    std::unique_ptr<Font> font;
    std::unique_ptr<TextureCache> textures;
    std::unique_ptr<Renderer2D> renderer;
    std::unique_ptr<Renderer2D> fresh_renderer;
    WorldDrawCache cache;
};

TEST_F(WorldDrawCacheTest, AnUnchangedWorldIsReplayedWithTheSamePixels) {
    scene();
    const Camera camera{{0, 0}, 1.0f};
    const std::vector<Rgba> first = cached(camera);
    EXPECT_FALSE(cache.replayed()) << "the first draw looks (nothing is known yet): built, kept";
    EXPECT_EQ(first, fresh(camera));
    EXPECT_EQ(cached(camera), first);
    EXPECT_TRUE(cache.replayed());
    EXPECT_EQ(cached(camera), first);
    EXPECT_TRUE(cache.replayed());
    EXPECT_FALSE(cache.world_changed(world, *textures));
}

TEST_F(WorldDrawCacheTest, AViewOfASmallShareOfTheWorldIsDrawnWithoutComparing) {
    scene();
    for (int i = 0; i < 400; ++i) // far outside every view below
        rect({1000.0f + static_cast<float>(i), 1000.0f}, {2, 2}, {1, 1, 1, 1});
    world.update_spatial();
    EXPECT_TRUE(cache.worth_comparing(world)) << "before the first draw";
    for (int frame = 0; frame < 5; ++frame) {
        EXPECT_TRUE(same_as_fresh(Camera{}));
        EXPECT_FALSE(cache.replayed()) << frame;
        EXPECT_FALSE(cache.worth_comparing(world)) << frame;
    }
    const Camera everything{{-40, -40}, 64.0f / 1500.0f};
    settle(everything);
    EXPECT_TRUE(same_as_fresh(everything));
    EXPECT_TRUE(cache.replayed());
}

TEST_F(WorldDrawCacheTest, AWorldWithALargeTileMapIsDrawnWithoutComparingItsCells) {
    scene();
    // 512 x 512 cells (16,384 objects' worth): a look would read them all, a build only the
    // few in view.
    const Handle map = object({0, 64});
    world.add<TileMap>(map)->tiles = empty_tile_grid(512, 512, "main");
    world.update_spatial();
    for (int frame = 0; frame < 4; ++frame) {
        EXPECT_TRUE(same_as_fresh(Camera{})) << frame;
        EXPECT_FALSE(cache.replayed()) << frame;
    }
    // A small one counts for little: compared and kept.
    world.get<TileMap>(map)->tiles = empty_tile_grid(16, 16, "main");
    world.update_spatial();
    settle(Camera{});
    EXPECT_TRUE(same_as_fresh(Camera{}));
    EXPECT_TRUE(cache.replayed());
}

TEST_F(WorldDrawCacheTest, AWorldChangingAtEveryFrameIsLookedAtLessOften) {
    scene();
    const Handle moving = rect({30, 30}, {6, 6}, {1, 0, 0, 1});
    world.update_spatial();
    const Camera camera{};
    settle(camera);
    EXPECT_FALSE(cache.changing());
    for (int frame = 0; frame < WorldDrawCache::kBusyLooks; ++frame) {
        world.get<Transform2D>(moving)->position.x += 1.0f;
        EXPECT_TRUE(same_as_fresh(camera)) << frame;
        EXPECT_FALSE(cache.replayed()) << frame;
        EXPECT_EQ(cache.changing(), frame > 0) << frame; // a second change in a row
    }
    // Still now, but the next looks wait: drawn afresh until one looks, builds and keeps.
    int frames = 0;
    while (frames < 2 * WorldDrawCache::kBusyLooks) {
        ++frames;
        EXPECT_TRUE(same_as_fresh(camera)) << frames;
        if (cache.replayed()) break;
    }
    EXPECT_TRUE(cache.replayed());
    EXPECT_FALSE(cache.changing());
    EXPECT_GT(frames, 2) << "looked at once, not backed off";
    EXPECT_LE(frames, WorldDrawCache::kBusyLooks + 1);
}

TEST_F(WorldDrawCacheTest, PanningWithinTheMarginReplaysAndLeavingItBuildsAgain) {
    scene();
    settle(Camera{{0, 0}, 1.0f});
    // The margin is a quarter of the view (16 units) on each side.
    for (const glm::vec2 to : {glm::vec2(8, 0), glm::vec2(-16, 16), glm::vec2(3.5f, -11.25f)}) {
        const Camera moved{to, 1.0f};
        EXPECT_TRUE(same_as_fresh(moved)) << to.x << ", " << to.y;
        EXPECT_TRUE(cache.replayed()) << to.x << ", " << to.y;
    }
    const Camera beyond{{20, 0}, 1.0f};
    EXPECT_TRUE(same_as_fresh(beyond));
    EXPECT_FALSE(cache.replayed());
    const Camera back{{28, 10}, 1.0f}; // within the new build's margin
    EXPECT_TRUE(same_as_fresh(back));
    EXPECT_TRUE(cache.replayed());
}

// A sprite wider than its collider at the view's edge: its collider leaves the view before the
// sprite does; a replay and a fresh draw show the same part of it.
TEST_F(WorldDrawCacheTest, PartsLargerThanTheirColliderShowTheSameInAReplay) {
    scene();
    // Its collider at x -11..-9, inside the built area but never in view; the sprite at -25..5.
    const Handle wide = object({-10, 8});
    world.add<Collider>(wide)->half_extents = {1, 1};
    Sprite* sprite = world.add<Sprite>(wide);
    sprite->size = {30, 6};
    sprite->tint = {1, 0.5f, 0, 1};
    world.update_spatial();
    settle(Camera{{0, 0}, 1.0f});
    for (const glm::vec2 to : {glm::vec2(2, 0), glm::vec2(-4, 3), glm::vec2(4, 0)}) {
        const Camera moved{to, 1.0f};
        EXPECT_TRUE(same_as_fresh(moved)) << to.x;
        EXPECT_TRUE(cache.replayed()) << to.x;
    }
}

TEST_F(WorldDrawCacheTest, ZoomingBuildsAgainAndDotsFollowTheNewZoom) {
    scene();
    settle(Camera{{0, 0}, 1.0f});
    const Camera out{{0, 0}, 0.25f}; // shapes become dots
    EXPECT_TRUE(same_as_fresh(out));
    EXPECT_FALSE(cache.replayed());
    const Camera in{{10, 10}, 1.5f}; // inside the area, but another pixel size
    EXPECT_TRUE(same_as_fresh(in));
    EXPECT_FALSE(cache.replayed());
}

// A different value of the same field type (value_index(type)).
FieldValue changed_value(const FieldValue& value) {
    return std::visit(
        [](const auto& v) -> FieldValue {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, bool>) {
                return !v;
            } else if constexpr (std::is_same_v<V, std::int32_t>) {
                return v == 0 ? 1 : 0; // enums: another named value
            } else if constexpr (std::is_same_v<V, float>) {
                return v + 1.5f;
            } else if constexpr (std::is_same_v<V, std::string>) {
                return v + "x";
            } else if constexpr (std::is_same_v<V, glm::vec2>) {
                return v + glm::vec2(0.0f, 1.0f);
            } else if constexpr (std::is_same_v<V, glm::vec4>) {
                return glm::vec4(v.x, v.y, v.z * 0.5f + 0.25f, v.w);
            } else if constexpr (std::is_same_v<V, TileGrid>) {
                TileGrid grid = v;
                grid.set(0, 1, 1, grid.at(0, 1, 1) + 1);
                return grid;
            } else {
                ADD_FAILURE() << "no changed value for this field type";
                return v;
            }
        },
        value);
}

TEST_F(WorldDrawCacheTest, EveryFieldOfEveryComponentItReadsIsSeenWhenWrittenThroughAPointer) {
    scene();
    const Handle h = object({32, 32});
    world.add<Shape>(h);
    world.add<Sprite>(h);
    world.add<Text>(h);
    world.add<TileMap>(h);
    world.add<Collider>(h);
    for (const ComponentId type :
         {component_id<Transform2D>(), component_id<Shape>(), component_id<Sprite>(),
          component_id<Text>(), component_id<TileMap>(), component_id<Collider>()}) {
        const TypeInfo* info = builtin_registry().find(type);
        ASSERT_NE(info, nullptr);
        for (const FieldInfo& field : info->fields) {
            settle(Camera{});
            ASSERT_FALSE(cache.world_changed(world, *textures)) << info->name << "." << field.name;
            void* component = world.get(h, type);
            ASSERT_NE(component, nullptr);
            field.set(component, changed_value(field.get(component)));
            EXPECT_TRUE(cache.world_changed(world, *textures)) << info->name << "." << field.name;
            cached(Camera{});
            EXPECT_FALSE(cache.replayed()) << info->name << "." << field.name;
            EXPECT_FALSE(cache.world_changed(world, *textures)) << info->name << "." << field.name;
        }
    }
}

TEST_F(WorldDrawCacheTest, TheTreeLayersObjectsAndOptionsAreSeen) {
    scene();
    const Camera camera{};
    const Handle a = rect({10, 10}, {8, 8}, {1, 0, 0, 1});
    const Handle b = rect({40, 40}, {8, 8}, {0, 0, 1, 1});
    world.update_spatial();
    const auto expect_rebuilt = [&](const char* what, WorldRenderOptions options = {}) {
        EXPECT_TRUE(same_as_fresh(camera, options)) << what;
        EXPECT_FALSE(cache.replayed()) << what;
        EXPECT_TRUE(same_as_fresh(camera, options)) << what;
        EXPECT_TRUE(cache.replayed()) << what << ", the frame after";
    };
    settle(camera);

    // Moved into the view through its pointer, its index entry left behind: the build brings
    // the index up to date, as draw_world asks.
    const Handle outside = rect({300, 300}, {10, 10}, {0, 1, 0, 1});
    expect_rebuilt("an object made outside the view");
    world.get<Transform2D>(outside)->position = {50, 20};
    expect_rebuilt("an object moved into the view");

    ASSERT_TRUE(world.set_parent(b, a));
    expect_rebuilt("a new parent");
    ASSERT_TRUE(world.set_layer(a, world.add_layer("front")));
    expect_rebuilt("another layer");
    world.destroy(b);
    world.flush();
    expect_rebuilt("an object destroyed");
    rect({20, 40}, {8, 8}, {0, 1, 0, 1});
    expect_rebuilt("an object made");
    WorldRenderOptions hide_front;
    hide_front.hidden_layers = {false, true};
    expect_rebuilt("a layer hidden", hide_front);
    WorldRenderOptions colliders;
    colliders.draw_colliders = true;
    world.add<Collider>(a);
    expect_rebuilt("colliders shown", colliders);
}

TEST_F(WorldDrawCacheTest, ReloadedTexturesAndTilesetsAreSeen) {
    fs::create_directories(root.path() / "sprites");
    const auto write_png = [&](std::uint8_t green) {
        const std::vector<std::uint8_t> rgba{0, green, 0, 255};
        ASSERT_NE(stbi_write_png((root.path() / "sprites" / "a.png").string().c_str(), 1, 1, 4,
                                 rgba.data(), 4),
                  0);
    };
    write_png(255);
    const Handle h = object({32, 32});
    Sprite* sprite = world.add<Sprite>(h);
    sprite->image = "sprites/a.png";
    sprite->size = {20, 20};
    world.update_spatial();
    const Camera camera{};
    settle(camera);
    EXPECT_EQ(cached(camera)[32 * 64 + 32], kGreen);

    write_png(128);
    fs::last_write_time(root.path() / "sprites" / "a.png",
                        fs::last_write_time(root.path() / "sprites" / "a.png") +
                            std::chrono::seconds(5));
    ASSERT_EQ(textures->refresh_changed(), std::vector<std::string>{"sprites/a.png"});
    EXPECT_TRUE(cache.world_changed(world, *textures));
    const std::vector<Rgba> after = cached(camera);
    EXPECT_FALSE(cache.replayed());
    EXPECT_EQ(after[32 * 64 + 32], (Rgba{0, 128, 0, 255}));

    TilesetLibrary tilesets;
    world.set_tilesets(&tilesets);
    EXPECT_TRUE(cache.world_changed(world, *textures)) << "the world names tilesets";
    settle(camera);
    EXPECT_FALSE(cache.world_changed(world, *textures));
    Tileset tileset;
    tileset.path = "tilesets/a.tileset.json";
    tilesets.add(tileset);
    EXPECT_TRUE(cache.world_changed(world, *textures)) << "a tileset added or reloaded";
    settle(camera);
    // A project's content loaded again: a new library in the same place, as many tilesets.
    tilesets = TilesetLibrary();
    tilesets.add(tileset);
    EXPECT_TRUE(cache.world_changed(world, *textures)) << "the tilesets loaded again";
}

TEST_F(WorldDrawCacheTest, ZoomedOutTileMapsReplayTheSamePixelsWhilePanning) {
    // Cells under 2 pixels: rows of one tile become one quad, the tile's 2 x 2 texels (four
    // colours) stretched over it.
    fs::create_directories(root.path() / "tiles");
    const std::vector<std::uint8_t> texels{255, 0, 0,   255, 0,   255, 0, 255,
                                           0,   0, 255, 255, 255, 255, 0, 255};
    ASSERT_NE(stbi_write_png((root.path() / "tiles" / "t.png").string().c_str(), 2, 2, 4,
                             texels.data(), 8),
              0);
    TilesetLibrary tilesets;
    Tileset tileset;
    tileset.path = "tilesets/t.tileset.json";
    tileset.image = "tiles/t.png";
    tileset.tile_size = {2.0f, 2.0f};
    tilesets.add(tileset);
    world.set_tilesets(&tilesets);
    TileMap* map = world.add<TileMap>(object({0, 0}));
    map->tileset = tileset.path;
    map->cell_size = {32.0f, 32.0f};
    map->tiles = empty_tile_grid(200, 20, "main");
    for (std::int32_t y = 0; y < 20; ++y)
        for (std::int32_t x = 0; x < 200; ++x)
            map->tiles.set(0, x, y, 1);
    // Enough objects in view for the 4,000 cells (250 objects' worth) to be worth comparing.
    for (int i = 0; i < 300; ++i)
        rect({2000.0f + static_cast<float>(i % 30) * 50.0f,
              -400.0f + static_cast<float>(i / 30) * 50.0f},
             {20, 20}, {1, 1, 1, 1});
    world.update_spatial();
    // 25 units a pixel: the view is 1,600 units wide, inside the map's 6,400.
    const Camera start{{2000, -500}, 1.0f / 25.0f};
    settle(start);
    for (const float dx : {100.0f, -250.0f, 390.0f}) {
        const Camera moved{{start.origin.x + dx, start.origin.y}, start.zoom};
        EXPECT_TRUE(same_as_fresh(moved)) << dx;
        EXPECT_TRUE(cache.replayed()) << dx;
    }
}

} // namespace
} // namespace diorama::render::test
