// draw_world: culling through the spatial index, layer and order, hidden layers, transforms,
// sprites, text and collider outlines, checked on the pixels.

#include "diorama/render/world_renderer.h"

#include "diorama/components.h"
#include "diorama/render/font.h"
#include "diorama/render/renderer_2d.h"
#include "diorama/render/texture.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "diorama/world/draw_order.h"
#include "gl_canvas.h"

#include <glm/gtc/matrix_transform.hpp>
#include <stb/stb_image_write.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

namespace diorama::render::test {
namespace {

namespace fs = std::filesystem;

constexpr glm::vec4 kRedF{1, 0, 0, 1};
constexpr glm::vec4 kBlueF{0, 0, 1, 1};

const TypeRegistry& builtin_registry() {
    static TypeRegistry registry;
    static const bool registered = (register_builtin_components(registry), true);
    (void)registered;
    return registry;
}

class DrawWorldTest : public GlTest {
protected:
    void SetUp() override {
        GlTest::SetUp();
        if (HasFatalFailure()) return;
        canvas.emplace(64, 64);
        m_font = std::make_unique<Font>(kDefaultFontPath, 32.0f);
        m_textures = std::make_unique<TextureCache>(m_root.path());
    }
    void TearDown() override {
        m_textures.reset();
        m_font.reset();
        canvas.reset();
    }

    Handle object(glm::vec2 position, LayerId layer = 0) {
        const Handle h = world.create(ObjectDef{.layer = layer}).value();
        world.get<Transform2D>(h)->position = position;
        return h;
    }
    Handle rect(glm::vec2 position, glm::vec2 size, const glm::vec4& color, LayerId layer = 0,
                int order = 0) {
        const Handle h = object(position, layer);
        Shape* s = world.add<Shape>(h);
        s->size = size;
        s->color = color;
        s->order = order;
        return h;
    }

    // Draws the world over a black 64x64 canvas showing world [0,64]^2; reads the pixels back.
    WorldRenderStats draw(WorldRenderOptions options = {}) {
        world.update_spatial();
        if (options.view == Rect{}) options.view = Rect{{0, 0}, {64, 64}};
        canvas->clear();
        Renderer2D r;
        r.begin(canvas->size(), canvas->projection());
        const WorldRenderStats stats = draw_world(world, r, *m_textures, *m_font, options);
        r.end();
        canvas->read();
        return stats;
    }

    // As draw(), through r, zoomed out ten times: the canvas shows world [0,640]^2.
    WorldRenderStats draw_zoomed_out(Renderer2D& r) {
        world.update_spatial();
        WorldRenderOptions options;
        options.view = Rect{{0, 0}, {640, 640}};
        canvas->clear();
        r.begin(canvas->size(), glm::scale(canvas->projection(), glm::vec3(0.1f, 0.1f, 1.0f)));
        const WorldRenderStats stats = draw_world(world, r, *m_textures, *m_font, options);
        r.end();
        canvas->read();
        return stats;
    }

    World world{builtin_registry()};
    std::optional<Canvas> canvas; // made once the context is known to exist
    TempDir m_root{"diorama_render_world"};
    std::unique_ptr<Font> m_font;
    std::unique_ptr<TextureCache> m_textures;
};

bool lit(Rgba c) {
    return c.r > 0 || c.g > 0 || c.b > 0;
}

TEST_F(DrawWorldTest, ObjectsOutsideTheViewAreCulled) {
    rect({10, 10}, {8, 8}, kRedF);
    rect({50, 50}, {8, 8}, kRedF);
    rect({66, 32}, {8, 8}, kRedF); // straddles the right edge
    rect({200, 200}, {8, 8}, kRedF);
    rect({-40, 32}, {8, 8}, kRedF);
    const WorldRenderStats stats = draw();
    EXPECT_EQ(stats.visible, 3u);
    EXPECT_EQ(canvas->pixel(10, 10), kRed);
    EXPECT_EQ(canvas->pixel(50, 50), kRed);
    EXPECT_EQ(canvas->pixel(63, 32), kRed);
    EXPECT_EQ(canvas->count([](int, int, Rgba c) { return c == kRed; }), 64u + 64u + 16u);
}

TEST_F(DrawWorldTest, TheLaterLayerWinsWhereObjectsOverlap) {
    const LayerId front = world.add_layer("front");
    rect({26, 32}, {20, 20}, kRedF, front); // created first: slot order must not matter
    rect({38, 32}, {20, 20}, kBlueF, 0, 100);
    EXPECT_EQ(draw().visible, 2u);
    EXPECT_EQ(canvas->pixel(32, 32), kRed) << "the overlap";
    EXPECT_EQ(canvas->pixel(20, 32), kRed);
    EXPECT_EQ(canvas->pixel(44, 32), kBlue);
}

TEST_F(DrawWorldTest, WithinALayerHigherOrderWinsThenTheHierarchysOrder) {
    const Handle red = rect({26, 32}, {20, 20}, kRedF, 0, 1);
    const Handle blue = rect({38, 32}, {20, 20}, kBlueF, 0, 0);
    draw();
    EXPECT_EQ(canvas->pixel(32, 32), kRed);

    world.get<Shape>(red)->order = 0;
    draw();
    EXPECT_EQ(canvas->pixel(32, 32), kBlue) << "equal order: the later root is on top";
    ASSERT_TRUE(world.move_before(blue, red));
    draw();
    EXPECT_EQ(canvas->pixel(32, 32), kRed) << "moved before it: drawn below it";
    ASSERT_TRUE(world.set_parent(red, blue, Reparent::KeepWorld));
    draw();
    EXPECT_EQ(canvas->pixel(32, 32), kRed) << "a child over its parent";
}

// Past 1,024 distinct (layer, order) groups the items are sorted another way (a stable sort
// instead of counting per group): the same rule holds.
TEST_F(DrawWorldTest, ThousandsOfDistinctOrdersKeepHigherOrderOnTopThenTheHierarchysOrder) {
    constexpr int kOrders = 1500;
    for (int k = 0; k < kOrders; ++k) // made first: the highest order, red
        rect({26, 32}, {20, 20}, k == 0 ? kRedF : kBlueF, 0, kOrders - k);
    rect({10, 10}, {8, 8}, kRedF, 0, 2 * kOrders);
    rect({10, 10}, {8, 8}, {0, 1, 0, 1}, 0, 2 * kOrders); // the same order, a later root
    draw();
    EXPECT_EQ(canvas->pixel(26, 32), kRed);
    EXPECT_EQ(canvas->pixel(10, 10), kGreen);
}

TEST_F(DrawWorldTest, TheObjectWithTheGreatestDrawKeyIsTheOneSeenOnTop) {
    // a: a Shape under its own Sprite; b: a Shape between the two; picking ranks by draw_key.
    const Handle a = rect({26, 32}, {20, 20}, kRedF, 0, 0);
    Sprite* sprite = world.add<Sprite>(a);
    sprite->size = {20, 20};
    sprite->tint = kBlueF;
    sprite->order = 5;
    const Handle b = rect({38, 32}, {20, 20}, {0, 1, 0, 1}, 0, 3);
    draw();
    EXPECT_GT(draw_key(world, a), draw_key(world, b));
    EXPECT_EQ(canvas->pixel(32, 32), kBlue) << "a's Sprite, over b";

    sprite->order = 2; // now both of a's parts are under b
    draw();
    EXPECT_GT(draw_key(world, b), draw_key(world, a));
    EXPECT_EQ(canvas->pixel(32, 32), kGreen) << "b, over a's Sprite and Shape";

    const LayerId front = world.add_layer("front");
    ASSERT_TRUE(world.set_layer(a, front));
    draw();
    EXPECT_GT(draw_key(world, a), draw_key(world, b)) << "a later layer beats any order";
    EXPECT_EQ(canvas->pixel(32, 32), kBlue);
}

TEST_F(DrawWorldTest, HiddenLayersAreNotDrawn) {
    const LayerId front = world.add_layer("front");
    rect({26, 32}, {20, 20}, kRedF, front);
    rect({38, 32}, {20, 20}, kBlueF);
    WorldRenderOptions options;
    options.hidden_layers = {false, true};
    EXPECT_EQ(draw(options).visible, 1u);
    EXPECT_EQ(canvas->pixel(32, 32), kBlue);
    EXPECT_EQ(canvas->pixel(20, 32), kBlack);
}

TEST_F(DrawWorldTest, ShapesFollowTheObjectsWorldTransform) {
    const Handle parent = object({32, 32});
    world.get<Transform2D>(parent)->rotation_deg = 90.0f;
    const Handle bar = rect({0, 0}, {30, 4}, kRedF);
    ASSERT_TRUE(world.set_parent(bar, parent).ok());
    world.get<Transform2D>(bar)->scale = {1.0f, 2.0f};
    draw();
    // A 30x4 bar, scaled to 30x8, turned a quarter by its parent: 8 wide, 30 tall at (32, 32).
    const auto inside = [](int x, int y) { return x >= 28 && x < 36 && y >= 17 && y < 47; };
    EXPECT_EQ(canvas->count([&](int x, int y, Rgba c) { return inside(x, y) != (c == kRed); }), 0u);
}

TEST_F(DrawWorldTest, CirclesAndOutlinesDrawAsTheShapeSays) {
    const Handle ring = object({20, 32});
    Shape* s = world.add<Shape>(ring);
    s->kind = ShapeKind::Circle;
    s->radius = 10.0f;
    s->color = kRedF;
    s->filled = false;
    const Handle box = rect({48, 32}, {16, 16}, kBlueF);
    world.get<Shape>(box)->filled = false;
    draw();
    EXPECT_EQ(canvas->pixel(20, 32), kBlack) << "the ring's centre";
    EXPECT_EQ(canvas->pixel(20, 41), kRed);
    EXPECT_EQ(canvas->pixel(48, 32), kBlack) << "the outline's inside";
    EXPECT_EQ(canvas->pixel(40, 32), kBlue);
    EXPECT_EQ(canvas->pixel(39, 32), kBlack) << "the outline lies inside the rectangle";
}

TEST_F(DrawWorldTest, SpritesUseTheCachedImageTintAndScale) {
    fs::create_directories(m_root.path() / "sprites");
    const std::vector<std::uint8_t> white(4 * 4 * 4, 255);
    ASSERT_NE(stbi_write_png((m_root.path() / "sprites" / "white.png").string().c_str(), 4, 4, 4,
                             white.data(), 16),
              0);

    const Handle tinted = object({16, 48});
    Sprite* a = world.add<Sprite>(tinted);
    a->image = "sprites/white.png";
    a->tint = {0, 1, 0, 1};
    a->size = {8, 8};
    world.get<Transform2D>(tinted)->scale = {2.0f, 1.0f};

    const Handle missing = object({48, 48});
    Sprite* b = world.add<Sprite>(missing);
    b->image = "sprites/nope.png";
    b->size = {16, 16};

    const Handle plain = object({32, 12});
    world.add<Sprite>(plain)->size = {8, 8}; // no image: a solid square of the tint

    EXPECT_EQ(draw().visible, 3u);
    const auto inside = [](int x, int y) { return x >= 8 && x < 24 && y >= 44 && y < 52; };
    EXPECT_EQ(canvas->count([&](int x, int y, Rgba c) { return inside(x, y) && c == kGreen; }),
              16u * 8u);
    EXPECT_EQ(canvas->count([&](int x, int y, Rgba c) { return !inside(x, y) && c == kGreen; }),
              0u);
    EXPECT_GT(canvas->count([](int x, int, Rgba c) { return x >= 40 && c == kMagenta; }), 0u);
    EXPECT_EQ(m_textures->missing(), std::vector<std::string>{"sprites/nope.png"});
    EXPECT_EQ(canvas->pixel(32, 12), kWhite);
}

TEST_F(DrawWorldTest, TextIsDrawnCentredOnItsObject) {
    const Handle h = object({32, 32});
    Text* t = world.add<Text>(h);
    t->text = "Hi";
    t->size = 16.0f;
    t->align = TextAlign::Center;
    EXPECT_EQ(draw().visible, 1u);
    int x0 = 64, x1 = -1, y0 = 64, y1 = -1;
    const std::size_t n = canvas->count([&](int x, int y, Rgba c) {
        if (!lit(c)) return false;
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
        return true;
    });
    EXPECT_GT(n, 20u);
    EXPECT_NEAR((x0 + x1) * 0.5, 32.0, 1.5);
    EXPECT_GE(y0, 32 - 8);
    EXPECT_LE(y1, 32 + 8);
}

TEST_F(DrawWorldTest, TextReachingIntoTheViewIsDrawnThoughItsObjectIsOutside) {
    const Handle h = object({-20, 32});
    Text* t = world.add<Text>(h);
    t->text = "A long line of text";
    t->size = 16.0f;
    t->align = TextAlign::Left;
    rect({-20, 10}, {4, 4}, kRedF); // a shape there stays culled
    EXPECT_EQ(draw().visible, 1u);
    EXPECT_GT(canvas->count([](int, int, Rgba c) { return lit(c); }), 20u);
}

// The index files an object by one source, a Collider's bounds first: a sprite, shape or tile
// map larger than it is still drawn while any of it reaches into the view.
TEST_F(DrawWorldTest, PartsLargerThanWhatTheIndexFilesAreDrawnWhileTheyReachIntoTheView) {
    // A wide sprite over a small collider, 20 units left of the view: 4 columns reach in.
    const Handle wide = object({-20, 48});
    world.add<Collider>(wide)->half_extents = {2, 2};
    Sprite* sprite = world.add<Sprite>(wide);
    sprite->size = {48, 8};
    sprite->tint = {0, 1, 0, 1};
    // A large circle whose collider is offset far from it, above the view.
    const Handle ball = object({32, 70});
    Collider* offset = world.add<Collider>(ball);
    offset->kind = ColliderKind::Circle;
    offset->radius = 2.0f;
    offset->offset = {0, 40};
    Shape* circle = world.add<Shape>(ball);
    circle->kind = ShapeKind::Circle;
    circle->radius = 10.0f;
    circle->color = kRedF;
    // A shape whose sprite is the larger part, right of the view.
    const Handle marker = rect({70, 16}, {2, 2}, kBlueF);
    Sprite* banner = world.add<Sprite>(marker);
    banner->size = {16, 4};
    banner->tint = {1, 1, 1, 1};
    // Parts inside their collider, out of view, and a part outside its collider but out of view
    // too: culled.
    const Handle hidden = rect({-40, 32}, {4, 4}, kRedF);
    world.add<Collider>(hidden)->half_extents = {8, 8};
    const Handle far = object({-40, 10});
    world.add<Collider>(far)->half_extents = {1, 1};
    world.add<Sprite>(far)->size = {30, 4};

    EXPECT_EQ(draw().visible, 3u);
    EXPECT_EQ(canvas->count([](int, int, Rgba c) { return c == kGreen; }), 4u * 8u);
    EXPECT_EQ(canvas->pixel(1, 48), kGreen);
    EXPECT_EQ(canvas->pixel(32, 62), kRed);
    EXPECT_EQ(canvas->count([](int, int y, Rgba c) { return y < 60 && c == kRed; }), 0u);
    EXPECT_EQ(canvas->pixel(63, 16), kWhite);
    EXPECT_EQ(canvas->count([](int, int, Rgba c) { return c == kBlue; }), 0u);
}

TEST_F(DrawWorldTest, PartsReachingIntoTheViewAreFoundRotatedScaledAndUnderAParent) {
    // Rotated a quarter turn, above the view: a 48 x 8 sprite stands 8 wide and 48 tall.
    const Handle turned = object({32, 84});
    world.get<Transform2D>(turned)->rotation_deg = 90.0f;
    world.add<Collider>(turned)->half_extents = {1, 1};
    Sprite* tall = world.add<Sprite>(turned);
    tall->size = {48, 8};
    tall->tint = {0, 1, 0, 1};
    // A child of a parent scaled twice, left of the view: its 16 x 4 sprite spans 32 x 8.
    const Handle parent = object({-30, 10});
    world.get<Transform2D>(parent)->scale = {2, 2};
    const Handle child = object({10, 0});
    ASSERT_TRUE(world.set_parent(child, parent));
    world.add<Collider>(child)->half_extents = {1, 1};
    Sprite* wide = world.add<Sprite>(child);
    wide->size = {16, 4};
    wide->tint = {1, 0, 0, 1};
    EXPECT_EQ(draw().visible, 2u);
    EXPECT_EQ(canvas->count([](int, int, Rgba c) { return c == kGreen; }), 8u * 4u);
    EXPECT_EQ(canvas->pixel(32, 62), kGreen);
    EXPECT_EQ(canvas->count([](int, int, Rgba c) { return c == kRed; }), 6u * 8u);
    EXPECT_EQ(canvas->pixel(2, 10), kRed);
}

TEST_F(DrawWorldTest, AnObjectReachingIntoTheViewBySeveralPartsIsDrawnOnce) {
    const Handle h = object({-10, 32});
    world.add<Collider>(h)->half_extents = {1, 1};
    // Both translucent over the black canvas: drawn twice, either would show brighter.
    Shape* shape = world.add<Shape>(h);
    shape->size = {24, 24};
    shape->color = {1, 0, 0, 0.5f};
    Sprite* sprite = world.add<Sprite>(h);
    sprite->size = {24, 8};
    sprite->tint = {0, 0, 1, 0.5f};
    EXPECT_EQ(draw().visible, 1u);
    const Rgba red = canvas->pixel(1, 22); // half red, once
    EXPECT_NEAR(red.r, 128, 1);
    const Rgba both = canvas->pixel(1, 32); // half blue over it, once
    EXPECT_NEAR(both.r, 64, 1);
    EXPECT_NEAR(both.b, 128, 1);
    EXPECT_EQ(canvas->count([&](int, int, Rgba c) { return c == both; }), 2u * 8u);
}

TEST_F(DrawWorldTest, CollidersAreOutlinedOnlyWhenAsked) {
    const Handle h = object({32, 32});
    world.add<Collider>(h)->half_extents = {10, 10};
    const Handle trigger = object({10, 10});
    Collider* c = world.add<Collider>(trigger);
    c->kind = ColliderKind::Circle;
    c->radius = 6.0f;
    c->trigger = true;

    EXPECT_EQ(draw().visible, 0u);
    EXPECT_EQ(canvas->count([](int, int, Rgba p) { return lit(p); }), 0u);

    WorldRenderOptions options;
    options.draw_colliders = true;
    EXPECT_EQ(draw(options).visible, 2u);
    const Rgba solid = canvas->pixel(22, 32);
    EXPECT_TRUE(lit(solid));
    EXPECT_EQ(canvas->pixel(41, 32), solid);
    EXPECT_EQ(canvas->pixel(32, 32), kBlack);
    EXPECT_EQ(canvas->pixel(23, 32), kBlack) << "one pixel wide";
    const Rgba ring = canvas->pixel(10, 15);
    EXPECT_TRUE(lit(ring));
    EXPECT_NE(ring, solid) << "triggers have their own colour";
    EXPECT_EQ(canvas->pixel(10, 10), kBlack);
}

// Level of detail: a shape under three pixels on screen becomes a dot of its colour and size.
TEST_F(DrawWorldTest, ShapesUnderThreePixelsOnScreenAreDrawnAsDotsOfTheirColour) {
    rect({100, 100}, {20, 10}, kRedF);      // 2 x 1 pixels at a tenth
    const Handle ring = object({300, 300}); // 2 pixels across, an outline: a dot
    Shape* s = world.add<Shape>(ring);
    s->kind = ShapeKind::Circle;
    s->radius = 10.0f;
    s->filled = false;
    s->color = kBlueF;
    rect({500, 300}, {40, 40}, kRedF); // 4 pixels: still a square of its own
    Renderer2D r;
    EXPECT_EQ(draw_zoomed_out(r).visible, 3u);
    EXPECT_EQ(r.stats().points, 2u);
    EXPECT_EQ(canvas->count([](int, int, Rgba c) { return c == kBlue; }), 4u) << "a 2-pixel dot";
    EXPECT_EQ(canvas->count([](int x, int, Rgba c) { return x < 20 && c == kRed; }), 4u)
        << "the 2 x 1 rect: a dot of its larger side";
    EXPECT_EQ(canvas->count([](int x, int, Rgba c) { return x >= 40 && c == kRed; }), 16u);
}

TEST_F(DrawWorldTest, DotsAndLargerShapesBetweenThemKeepTheDrawOrder) {
    // At a tenth, 20-unit squares are 2-pixel dots and a 200-unit one a 20-pixel square. By
    // order: a red dot under the square, the square, a green dot on it; a red dot beside it.
    rect({300, 300}, {20, 20}, kRedF, 0, 0);
    rect({300, 300}, {200, 200}, kBlueF, 0, 1);
    rect({300, 300}, {20, 20}, {0, 1, 0, 1}, 0, 2);
    rect({100, 100}, {20, 20}, kRedF, 0, 3);
    Renderer2D r;
    EXPECT_EQ(draw_zoomed_out(r).visible, 4u);
    EXPECT_EQ(r.stats().points, 3u);
    EXPECT_EQ(r.stats().draw_calls, 3u) << "a dot, the square, then two dots in one run";
    EXPECT_EQ(canvas->count([](int, int, Rgba c) { return c == kGreen; }), 4u) << "on top";
    EXPECT_EQ(canvas->count([](int, int, Rgba c) { return c == kBlue; }), 400u - 4u);
    EXPECT_EQ(canvas->count([](int x, int, Rgba c) { return x < 20 && c == kRed; }), 4u);
    EXPECT_EQ(canvas->count([](int x, int, Rgba c) { return x >= 20 && c == kRed; }), 0u)
        << "the first dot is under the square";
}

} // namespace
} // namespace diorama::render::test
