// BOUNCE's systems. Y is up; every object they move is a root object, so Transform2D.position is
// its world position. Handles are snapshotted into the tick's transient arena before objects are
// changed, and every loop runs in pool order, so the outcome depends on nothing but the state.

#include "systems.h"

#include <diorama/components.h>
#include <diorama/geometry.h>
#include <diorama/prefab.h>
#include <diorama/world.h>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace bounce {

using diorama::Handle;
using diorama::Rect;
using diorama::World;

namespace {

// ---- helpers ----

constexpr float kPi = 3.14159265358979f;
// A ball never flies flatter than this, so it cannot bounce between the side walls forever.
constexpr float kMinAngleFromHorizontalDeg = 15.0f;
// Where the AI tries to hit the ball, in paddle half-widths from its centre, cycling with each
// bounce so that the ball's angle varies.
constexpr std::array kAiAim{0.35f, -0.6f, 0.15f, -0.3f, 0.7f, -0.1f, 0.5f, -0.45f};
// Pickup colours by kind: widen, extra life, slow.
constexpr std::array kPickupColors{glm::vec4(0.3f, 0.6f, 1.0f, 1.0f),
                                   glm::vec4(1.0f, 0.35f, 0.6f, 1.0f),
                                   glm::vec4(0.4f, 1.0f, 0.5f, 1.0f)};
constexpr std::int32_t kPickupKinds = static_cast<std::int32_t>(kPickupColors.size());
// The factor a surviving brick's colour is multiplied by on each hit.
constexpr float kDamageShade = 0.75f;

// The first object in pool order having a T and not being destroyed, or null.
template <class T>
Handle first_of(const World& world) {
    const diorama::PoolBase* pool = world.pool(diorama::component_id<T>());
    if (pool == nullptr) return diorama::kNullHandle;
    for (std::uint32_t entity : pool->entities()) {
        const Handle h = world.handle_at(entity);
        if (!world.destroying(h)) return h;
    }
    return diorama::kNullHandle;
}

std::optional<Rect> arena_rect(const World& world) {
    const Handle h = first_of<Arena>(world);
    if (!h) return std::nullopt;
    return Rect::from_center(world.world_position(h), world.get<Arena>(h)->size * 0.5f);
}

bool playing(const World& world) {
    const Handle h = first_of<ScoreKeeper>(world);
    return !h || world.get<ScoreKeeper>(h)->state == GameState::Playing;
}

// A unit vector at angle_deg from straight up, positive to the right.
glm::vec2 from_vertical(float angle_deg) {
    const float a = glm::radians(angle_deg);
    return {std::sin(a), std::cos(a)};
}

// ---- paddle ----

// Where the AI wants the paddle's centre: so that the ball lands at this bounce's aim offset.
// nullopt when there is no ball in flight to follow.
std::optional<float> ai_target(const World& world, const Paddle& paddle, float half_width) {
    const Handle ball = first_of<Ball>(world);
    if (!ball || world.get<Ball>(ball)->serve_remaining_s > 0.0f) return std::nullopt;
    const float aim = kAiAim[static_cast<std::size_t>(paddle.hits) % kAiAim.size()];
    return world.get<diorama::Transform2D>(ball)->position.x - aim * half_width;
}

// ---- ball ----

// The ball's speed now, slow effect included.
float current_speed(const Ball& ball) {
    return ball.slow_remaining_s > 0.0f ? ball.speed * ball.slow_factor : ball.speed;
}

// The paddle balls meet this tick and its bounds (no ball moves, destroys or reshapes it), or
// nullopt when there is none.
struct PaddleNow {
    Handle handle;
    Rect box;
};
std::optional<PaddleNow> paddle_now(const World& world) {
    const Handle h = first_of<Paddle>(world);
    if (!h) return std::nullopt;
    return PaddleNow{h, world.bounds(h)};
}

// Puts a waiting ball on top of the paddle's centre.
void ride_on_paddle(const std::optional<PaddleNow>& paddle, glm::vec2& position, float radius) {
    if (paddle) position = {paddle->box.center().x, paddle->box.max.y + radius};
}

void spawn_particles(World& world, glm::vec2 at, const Brick& brick, glm::vec4 color) {
    for (std::int32_t i = 0; i < brick.particle_count; ++i) {
        const float angle =
            (static_cast<float>(i) + 0.5f) * 2.0f * kPi / static_cast<float>(brick.particle_count);
        const Handle p = diorama::spawn(world, "particle", at);
        if (!p) return; // spawn logged why; one report per hit is enough
        world.add<diorama::Velocity>(p)->linear =
            brick.particle_speed * glm::vec2(std::cos(angle), std::sin(angle));
        if (diorama::Shape* shape = world.get<diorama::Shape>(p)) shape->color = color;
    }
}

// One hit: particles, one hit point less; at 0 the brick breaks and the score keeper hears of it.
void hit_brick(World& world, Handle brick_h, glm::vec2 hit_point) {
    const Brick& brick = *world.get<Brick>(brick_h);
    diorama::Shape* shape = world.get<diorama::Shape>(brick_h);
    spawn_particles(world, hit_point, brick, shape != nullptr ? shape->color : glm::vec4(1.0f));

    diorama::Properties* props = world.get<diorama::Properties>(brick_h);
    std::int32_t hp = 1;
    if (props != nullptr) {
        if (auto it = props->values.find("hp"); it != props->values.end())
            if (const auto* v = std::get_if<std::int32_t>(&it->second)) hp = *v;
    }
    if (--hp > 0 && props != nullptr) {
        props->values["hp"] = hp;
        if (shape != nullptr)
            shape->color = glm::vec4(glm::vec3(shape->color) * kDamageShade, shape->color.a);
        return;
    }
    world.destroy(brick_h);
    if (const Handle keeper = first_of<ScoreKeeper>(world)) {
        diorama::Message m;
        m.kind = kBrickBroken;
        m.sender = brick_h;
        m.i = brick.points;
        m.v = world.world_position(brick_h);
        world.send(keeper, std::move(m));
    }
}

// Reflects velocity off the side walls and the top; true when the ball fell below the arena.
bool bounce_off_arena(const Rect& arena, glm::vec2& p, glm::vec2& v, float radius) {
    if (p.x - radius < arena.min.x) {
        p.x = arena.min.x + radius;
        v.x = std::abs(v.x);
    } else if (p.x + radius > arena.max.x) {
        p.x = arena.max.x - radius;
        v.x = -std::abs(v.x);
    }
    if (p.y + radius > arena.max.y) {
        p.y = arena.max.y - radius;
        v.y = -std::abs(v.y);
    }
    return p.y + radius < arena.min.y;
}

// A falling ball touching the paddle's upper half leaves it at an angle set by where it hit.
void bounce_off_paddle(World& world, const std::optional<PaddleNow>& paddle, Ball& ball,
                       glm::vec2& p, glm::vec2& v, float radius) {
    if (!paddle || v.y >= 0.0f) return;
    const Rect& r = paddle->box;
    if (!diorama::circle_overlaps_rect(p, radius, r) || p.y < r.center().y) return;
    const float half_width = std::max(r.size().x * 0.5f, 1e-3f);
    const float offset = std::clamp((p.x - r.center().x) / half_width, -1.0f, 1.0f);
    ball.speed = std::min(ball.max_speed, ball.speed + ball.speed_gain);
    v = current_speed(ball) * from_vertical(offset * ball.max_bounce_deg);
    p.y = r.max.y + radius;
    ++world.get<Paddle>(paddle->handle)->hits;
}

// How far the ball overlaps a box and the direction that pushes it out (unit length).
struct Contact {
    float depth = 0.0f;
    glm::vec2 normal{0.0f, 1.0f};
};

std::optional<Contact> circle_contact(glm::vec2 p, float radius, const Rect& box) {
    const glm::vec2 closest = glm::clamp(p, box.min, box.max);
    const glm::vec2 d = p - closest;
    const float dist2 = glm::dot(d, d);
    if (dist2 > radius * radius) return std::nullopt;
    if (dist2 > 0.0f) {
        const float dist = std::sqrt(dist2);
        return Contact{radius - dist, d / dist};
    }
    // The centre is inside the box: leave through the nearest side.
    const std::array<float, 4> gaps{p.x - box.min.x, box.max.x - p.x, p.y - box.min.y,
                                    box.max.y - p.y};
    const std::array normals{glm::vec2(-1.0f, 0.0f), glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, -1.0f),
                             glm::vec2(0.0f, 1.0f)};
    const auto nearest =
        static_cast<std::size_t>(std::min_element(gaps.begin(), gaps.end()) - gaps.begin());
    return Contact{radius + gaps[nearest], normals[nearest]};
}

// The box enclosing every brick's box in the spatial index (as of the last update), or nullopt
// when none is indexed. A ball that does not touch it touches no brick there.
std::optional<Rect> indexed_bricks_reach(const World& world) {
    const diorama::PoolBase* pool = world.pool(diorama::component_id<Brick>());
    if (pool == nullptr) return std::nullopt;
    std::optional<Rect> reach;
    for (const std::uint32_t entity : pool->entities()) {
        if (!world.spatial().contains(entity)) continue;
        const Rect& box = world.spatial().box(entity);
        reach = reach ? Rect{glm::min(reach->min, box.min), glm::max(reach->max, box.max)} : box;
    }
    return reach;
}

// What the balls of one tick share: the arena, the game state, the paddle, where bricks can be
// found, and a buffer for spatial queries.
struct BallTick {
    std::optional<Rect> arena;
    bool is_playing = true;
    std::optional<PaddleNow> paddle;
    std::optional<Rect> bricks_reach;
    std::vector<Handle> candidates;
};

// Bounces off the brick the ball overlaps most (one per tick, so two bricks side by side act as
// one wall) and hits it. Candidates come from the spatial index, which bricks never leave while
// they stand still.
void bounce_off_bricks(World& world, BallTick& tick, glm::vec2& p, glm::vec2& v, float radius) {
    if (!tick.bricks_reach || !diorama::circle_overlaps_rect(p, radius, *tick.bricks_reach)) return;
    std::vector<Handle>& candidates = tick.candidates;
    candidates.clear();
    world.query_circle(p, radius, candidates);
    Handle best{};
    Contact best_contact{};
    for (Handle h : candidates) {
        if (!world.has<Brick>(h) || world.destroying(h)) continue;
        const std::optional<Contact> c = circle_contact(p, radius, world.bounds(h));
        if (c && (!best || c->depth > best_contact.depth)) {
            best = h;
            best_contact = *c;
        }
    }
    if (!best) return;
    p += best_contact.normal * best_contact.depth;
    const float into = glm::dot(v, best_contact.normal);
    if (into < 0.0f) v -= 2.0f * into * best_contact.normal;
    hit_brick(world, best, p - best_contact.normal * radius);
}

// Keeps the flight at least kMinAngleFromHorizontalDeg steep, at the same speed.
glm::vec2 steepen(glm::vec2 v, float speed) {
    const float min_vy = speed * std::sin(glm::radians(kMinAngleFromHorizontalDeg));
    if (std::abs(v.y) >= min_vy) return v;
    const float vy = v.y < 0.0f ? -min_vy : min_vy;
    return {std::copysign(std::sqrt(speed * speed - vy * vy), v.x), vy};
}

void serve(Ball& ball, glm::vec2& v) {
    const float side = ball.serves % 2 == 0 ? 1.0f : -1.0f;
    ++ball.serves;
    ball.speed = ball.serve_speed;
    v = current_speed(ball) * from_vertical(side * ball.serve_angle_deg);
}

// One tick of a ball, on copies of its position p and velocity v.
void step_ball(World& world, Handle h, Ball& ball, glm::vec2& p, glm::vec2& v, BallTick& tick,
               float dt) {
    const std::optional<Rect>& arena = tick.arena;
    const bool is_playing = tick.is_playing;
    const float radius = world.bounds(h).size().x * 0.5f;
    ball.slow_remaining_s = std::max(0.0f, ball.slow_remaining_s - dt);

    if (!is_playing) ball.serve_remaining_s = std::max(ball.serve_remaining_s, ball.serve_delay_s);
    if (ball.serve_remaining_s > 0.0f) {
        if (is_playing) {
            const diorama::InputState& in = world.input();
            const bool serve_now = in.human && in.down(diorama::Key::Space);
            ball.serve_remaining_s = serve_now ? 0.0f : std::max(0.0f, ball.serve_remaining_s - dt);
        }
        if (ball.serve_remaining_s > 0.0f)
            v = glm::vec2(0.0f);
        else
            serve(ball, v);
        ride_on_paddle(tick.paddle, p, radius);
        return;
    }

    const float length = glm::length(v);
    v = current_speed(ball) * (length > 0.0f ? v / length : glm::vec2(0.0f, 1.0f));
    if (arena && bounce_off_arena(*arena, p, v, radius)) {
        if (const Handle keeper = first_of<ScoreKeeper>(world)) {
            diorama::Message m;
            m.kind = kBallLost;
            m.sender = h;
            world.send(keeper, std::move(m));
        }
        ball.serve_remaining_s = ball.serve_delay_s;
        ball.slow_remaining_s = 0.0f;
        v = glm::vec2(0.0f);
        ride_on_paddle(tick.paddle, p, radius);
        return;
    }
    bounce_off_paddle(world, tick.paddle, ball, p, v, radius);
    bounce_off_bricks(world, tick, p, v, radius);
    v = steepen(v, current_speed(ball));
}

// ---- score keeper ----

bool any_brick_standing(const World& world) {
    const diorama::PoolBase* pool = world.pool(diorama::component_id<Brick>());
    if (pool == nullptr) return false;
    return std::any_of(pool->entities().begin(), pool->entities().end(),
                       [&world](std::uint32_t e) { return !world.destroying(world.handle_at(e)); });
}

void drop_pickup(World& world, ScoreKeeper& keeper, glm::vec2 at) {
    const std::int32_t kind = keeper.pickups_dropped % kPickupKinds;
    ++keeper.pickups_dropped;
    const Handle h = diorama::spawn(world, "pickup", at);
    if (!h) return;
    world.add<Pickup>(h)->kind = static_cast<PickupKind>(kind);
    if (diorama::Shape* shape = world.get<diorama::Shape>(h))
        shape->color = kPickupColors[static_cast<std::size_t>(kind)];
}

std::string score_text(const ScoreKeeper& k) {
    switch (k.state) {
    case GameState::Won:
        return "YOU WIN!   SCORE " + std::to_string(k.score);
    case GameState::Lost:
        return "GAME OVER   SCORE " + std::to_string(k.score);
    case GameState::Playing:
        break;
    }
    return "SCORE " + std::to_string(k.score) + "   LIVES " + std::to_string(k.lives);
}

// ---- pickups ----

void apply_pickup(World& world, const Pickup& pickup, Handle paddle_h) {
    switch (pickup.kind) {
    case PickupKind::Widen:
        world.get<Paddle>(paddle_h)->widen_remaining_s = pickup.duration_s;
        break;
    case PickupKind::ExtraLife:
        if (const Handle keeper = first_of<ScoreKeeper>(world)) {
            ScoreKeeper& k = *world.get<ScoreKeeper>(keeper);
            if (k.state == GameState::Playing) ++k.lives;
        }
        break;
    case PickupKind::Slow:
        world.view<Ball>().each([&pickup](Ball& b) { b.slow_remaining_s = pickup.duration_s; });
        break;
    }
}

} // namespace

// ---- systems and hooks ----

void paddle_system(World& world, float dt_s) {
    const std::optional<Rect> arena = arena_rect(world);
    const diorama::InputState& in = world.input();
    for (Handle h : world.handles_with<Paddle>()) {
        Paddle& paddle = *world.get<Paddle>(h);
        diorama::Transform2D& t = *world.get<diorama::Transform2D>(h);
        if (paddle.widen_remaining_s > 0.0f) {
            paddle.widen_remaining_s = std::max(0.0f, paddle.widen_remaining_s - dt_s);
            t.scale.x = paddle.widen_remaining_s > 0.0f ? paddle.widen_scale : 1.0f;
        }
        const float half_width = world.bounds(h).size().x * 0.5f;
        const float step = paddle.speed * dt_s;
        float x = t.position.x;
        if (in.human) {
            const bool left = in.down(diorama::Key::Left);
            if (left != in.down(diorama::Key::Right))
                x += left ? -step : step;
            else if (paddle.follow_mouse)
                x = in.mouse.x;
        } else if (const std::optional<float> target = ai_target(world, paddle, half_width)) {
            x += std::clamp(*target - x, -step, step);
        }
        if (arena)
            x = std::clamp(x, arena->min.x + half_width,
                           std::max(arena->min.x + half_width, arena->max.x - half_width));
        t.position.x = x;
    }
}

void paddle_event(World&, Handle, Paddle& paddle, const diorama::InputEvent& event) {
    using diorama::InputEventKind;
    if (event.kind == InputEventKind::MouseMove)
        paddle.follow_mouse = true;
    else if (event.kind == InputEventKind::KeyDown &&
             (event.key == diorama::Key::Left || event.key == diorama::Key::Right))
        paddle.follow_mouse = false;
}

void ball_system(World& world, float dt_s) {
    BallTick tick{
        arena_rect(world), playing(world), paddle_now(world), indexed_bricks_reach(world), {}};
    for (Handle h : world.handles_with<Ball>()) {
        if (world.destroying(h)) continue;
        glm::vec2 p = world.get<diorama::Transform2D>(h)->position;
        glm::vec2 v = world.add<diorama::Velocity>(h)->linear;
        step_ball(world, h, *world.get<Ball>(h), p, v, tick, dt_s);
        // Re-fetched: spawning particles (Transform2D + Velocity, an owned group) may have moved
        // this ball's components within their pools.
        world.get<diorama::Transform2D>(h)->position = p;
        world.get<diorama::Velocity>(h)->linear = v;
    }
}

void pickup_system(World& world, float) {
    const Handle paddle_h = first_of<Paddle>(world);
    const std::optional<Rect> arena = arena_rect(world);
    for (Handle h : world.handles_with<Pickup>()) {
        if (world.destroying(h)) continue;
        const Rect box = world.bounds(h);
        if (paddle_h && box.overlaps(world.bounds(paddle_h))) {
            apply_pickup(world, *world.get<Pickup>(h), paddle_h);
            world.destroy(h);
        } else if (arena && box.max.y < arena->min.y) {
            world.destroy(h);
        }
    }
}

void score_text_system(World& world, float) {
    world.view<ScoreKeeper, diorama::Text>().each([](const ScoreKeeper& k, diorama::Text& text) {
        std::string wanted = score_text(k);
        if (text.text != wanted) text.text = std::move(wanted);
    });
}

void score_message(World& world, Handle, ScoreKeeper& keeper, const diorama::Message& message) {
    if (keeper.state != GameState::Playing) return;
    if (message.kind == kBrickBroken) {
        keeper.score += message.i;
        ++keeper.bricks_broken;
        if (keeper.pickup_every > 0 && keeper.bricks_broken % keeper.pickup_every == 0)
            drop_pickup(world, keeper, message.v);
        if (!any_brick_standing(world)) keeper.state = GameState::Won;
    } else if (message.kind == kBallLost) {
        keeper.lives = std::max(0, keeper.lives - 1);
        if (keeper.lives == 0) keeper.state = GameState::Lost;
    }
}

} // namespace bounce
