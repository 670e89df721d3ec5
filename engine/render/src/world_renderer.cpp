// draw_world: culls through the spatial index, sorts drawables by (layer, order, slot, kind) and
// queues them into a Renderer2D.

#include "diorama/render/world_renderer.h"

#include "diorama/components.h"
#include "diorama/reflection.h"
#include "diorama/render/font.h"
#include "diorama/render/renderer_2d.h"
#include "diorama/render/texture.h"
#include "diorama/world.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <tuple>

namespace diorama::render {

namespace {

enum class Kind : std::uint8_t { Shape, Sprite, Text }; // drawn in this order within an object

struct Item {
    LayerId layer = 0;
    std::int32_t order = 0;
    std::uint32_t slot = 0;
    Kind kind = Kind::Shape;
    std::size_t object = 0; // index into the per-object arrays

    [[nodiscard]] auto key() const { return std::tie(layer, order, slot, kind); }
};

const glm::vec4 kColliderColor{0.3f, 1.0f, 0.4f, 1.0f};
const glm::vec4 kTriggerColor{1.0f, 0.85f, 0.2f, 1.0f};

glm::vec2 apply(const glm::mat3& m, glm::vec2 p) {
    return glm::vec2(m * glm::vec3(p, 1.0f));
}

std::size_t line_count(std::string_view text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
}

// The text block in the object's local space: centred vertically, aligned at x = 0.
Rect local_text_box(const Text& text, const Font& font) {
    const float width = font.measure(text.text, text.size);
    const float align = text.align == TextAlign::Center  ? 0.5f
                        : text.align == TextAlign::Right ? 1.0f
                                                         : 0.0f;
    const float half_height = static_cast<float>(line_count(text.text)) * text.size * 0.5f;
    return Rect{{-width * align, -half_height}, {width * (1.0f - align), half_height}};
}

// The world-space box of a local box under m.
Rect world_box(const glm::mat3& m, const Rect& local) {
    const std::array<glm::vec2, 4> corners{apply(m, local.min), apply(m, local.max),
                                           apply(m, {local.min.x, local.max.y}),
                                           apply(m, {local.max.x, local.min.y})};
    Rect box{corners[0], corners[0]};
    for (const glm::vec2 c : corners) {
        box.min = glm::min(box.min, c);
        box.max = glm::max(box.max, c);
    }
    return box;
}

} // namespace

WorldRenderStats draw_world(const World& world, Renderer2D& renderer, TextureCache& textures,
                            const Font& font, const WorldRenderOptions& options) {
    const auto hidden = [&](LayerId layer) {
        return layer < options.hidden_layers.size() && options.hidden_layers[layer];
    };

    std::vector<Handle> objects;
    world.query_rect(options.view, objects);
    // A Text is indexed by its position only; add those whose laid-out box reaches the view.
    if (const PoolBase* texts = world.pool(component_id<Text>())) {
        const std::size_t indexed = objects.size(); // in slot order
        for (const std::uint32_t slot : texts->entities()) {
            const Handle h = world.handle_at(slot);
            const auto already = std::lower_bound(
                objects.begin(), objects.begin() + static_cast<std::ptrdiff_t>(indexed), slot,
                [](Handle a, std::uint32_t s) { return a.index < s; });
            if (already != objects.begin() + static_cast<std::ptrdiff_t>(indexed) &&
                already->index == slot)
                continue;
            const Text* text = world.get<Text>(h);
            if (text != nullptr && world_box(world.world_matrix(h), local_text_box(*text, font))
                                       .overlaps(options.view))
                objects.push_back(h);
        }
    }

    std::vector<glm::mat3> matrices(objects.size());
    std::vector<bool> drawn(objects.size(), false);
    std::vector<Item> items;
    items.reserve(objects.size());
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const Handle h = objects[i];
        const LayerId layer = world.layer(h);
        if (hidden(layer)) continue;
        matrices[i] = world.world_matrix(h);
        const Shape* shape = world.get<Shape>(h);
        const Sprite* sprite = world.get<Sprite>(h);
        std::int32_t text_order = 0;
        if (shape != nullptr) {
            items.push_back(Item{layer, shape->order, h.index, Kind::Shape, i});
            text_order = shape->order;
        }
        if (sprite != nullptr) {
            items.push_back(Item{layer, sprite->order, h.index, Kind::Sprite, i});
            text_order = shape != nullptr ? std::max(text_order, sprite->order) : sprite->order;
        }
        if (world.has<Text>(h)) items.push_back(Item{layer, text_order, h.index, Kind::Text, i});
    }
    std::sort(items.begin(), items.end(),
              [](const Item& a, const Item& b) { return a.key() < b.key(); });

    // Shape outlines are 1 world unit thick, never thinner than a pixel.
    const float outline = std::max(1.0f, renderer.pixel_size());
    for (const Item& item : items) {
        const Handle h = objects[item.object];
        const glm::mat3& m = matrices[item.object];
        drawn[item.object] = true;
        switch (item.kind) {
        case Kind::Shape: {
            const Shape& s = *world.get<Shape>(h);
            if (s.kind == ShapeKind::Circle)
                renderer.circle(m, s.radius, s.color, s.filled, outline);
            else if (s.filled)
                renderer.quad(m, s.size, s.color);
            else
                renderer.rect_outline(m, s.size, s.color, outline);
            break;
        }
        case Kind::Sprite: {
            const Sprite& s = *world.get<Sprite>(h);
            const Texture* texture = s.image.empty() ? nullptr : &textures.get(s.image);
            renderer.quad(m, s.size, s.tint, texture);
            break;
        }
        case Kind::Text: {
            const Text& t = *world.get<Text>(h);
            glm::mat3 baseline = m;
            const float first_baseline = local_text_box(t, font).max.y - font.ascent(t.size);
            baseline[2] = glm::vec3(apply(m, {0.0f, first_baseline}), 1.0f);
            renderer.text(font, t.text, baseline, t.size, t.color, static_cast<int>(t.align));
            break;
        }
        }
    }

    if (options.draw_colliders) {
        const float px = renderer.pixel_size();
        for (std::size_t i = 0; i < objects.size(); ++i) {
            const Handle h = objects[i];
            const Collider* c = world.get<Collider>(h);
            if (c == nullptr || hidden(world.layer(h))) continue;
            const glm::vec4& color = c->trigger ? kTriggerColor : kColliderColor;
            if (c->kind == ColliderKind::Circle) {
                const glm::mat3& m = matrices[i];
                const float scale =
                    std::max(glm::length(glm::vec2(m[0])), glm::length(glm::vec2(m[1])));
                renderer.circle(apply(m, c->offset), c->radius * scale, color, false, px);
            } else { // what the index stores: the axis-aligned box around the transformed box
                const Rect box = world.bounds(h);
                renderer.rect_outline(box.center(), box.size(), 0.0f, color, px);
            }
            drawn[i] = true;
        }
    }

    return WorldRenderStats{static_cast<std::size_t>(std::count(drawn.begin(), drawn.end(), true))};
}

} // namespace diorama::render
