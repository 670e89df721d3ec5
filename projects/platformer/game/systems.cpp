// PLATFORMER's native systems. Y is up; the objects they move (players, platforms) are root
// objects, so Transform2D.position is their world position. Every loop runs in pool order over
// handles snapshotted into the tick's transient arena, so the outcome depends on nothing but the
// state.

#include "systems.h"

#include <diorama/components.h>
#include <diorama/geometry.h>
#include <diorama/tile_map.h>
#include <diorama/world.h>

#include <glm/common.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace platformer {

using diorama::Handle;
using diorama::Rect;
using diorama::World;

namespace {

// Overlaps shallower than this do not count as contact with a solid (resting on a floor
// touches it; that is not a collision).
constexpr float kSkin = 0.01f;
// How far beyond the player's box solids are looked up in the spatial index, which is brought up
// to date only at the end of a tick (platforms may have moved since).
constexpr float kQueryMargin = 64.0f;
// The alpha of the player's sprite or shape while invulnerable, every other 6 ticks.
constexpr float kBlinkAlpha = 0.35f;

// ---- helpers ----

// True when the boxes overlap by more than kSkin on both axes.
bool penetrates(const Rect& a, const Rect& b) {
    return a.min.x < b.max.x - kSkin && b.min.x < a.max.x - kSkin && a.min.y < b.max.y - kSkin &&
           b.min.y < a.max.y - kSkin;
}

// A solid object: a non-trigger Collider, and not a player.
bool is_solid(const World& world, Handle h) {
    const diorama::Collider* c = world.get<diorama::Collider>(h);
    return c != nullptr && !c->trigger && !world.has<Player>(h) && !world.destroying(h);
}

// Sets the alpha of the object's Sprite tint and Shape colour.
void set_alpha(World& world, Handle h, float alpha) {
    if (diorama::Sprite* sprite = world.get<diorama::Sprite>(h)) sprite->tint.a = alpha;
    if (diorama::Shape* shape = world.get<diorama::Shape>(h)) shape->color.a = alpha;
}

// ---- player ----

// The player's box relative to its position: offset of the centre and half size.
struct Body {
    glm::vec2 offset{0.0f};
    glm::vec2 half{0.0f};

    [[nodiscard]] Rect at(glm::vec2 position) const {
        return Rect::from_center(position + offset, half);
    }
};

// Something the player collides with: a solid object's bounds or a run of solid tiles.
struct Solid {
    Handle h;             // the object, or the tile map
    Rect rect;            // world units
    bool one_way = false; // blocks only a fall onto its top
};

// Solid objects near box (their current bounds), in slot order, then the solid tiles of the tile
// maps near it (tile_solids).
std::vector<Solid> solids_near(const World& world, const Rect& box) {
    const Rect area{box.min - glm::vec2(kQueryMargin), box.max + glm::vec2(kQueryMargin)};
    std::vector<Handle> found;
    world.query_rect(area, found);
    std::vector<Solid> out;
    for (Handle h : found)
        if (is_solid(world, h)) out.push_back(Solid{h, world.bounds(h)});
    std::vector<diorama::TileSolid> tiles;
    diorama::tile_solids(world, area, tiles);
    for (const diorama::TileSolid& t : tiles)
        out.push_back(Solid{t.map, t.rect, t.one_way});
    return out;
}

// How deep two boxes overlap along each axis (negative where they do not).
glm::vec2 overlap(const Rect& a, const Rect& b) {
    return glm::min(a.max, b.max) - glm::max(a.min, b.min);
}

// Moves along x by dx and pushes out of solids sideways (away from the motion, or along the
// shallower side when not moving, e.g. when a platform pushes). A solid overlapped less deeply
// along y than along x is left to move_y: a floor rising under the feet, or a step a few units
// high, which the player then stands on.
void move_x(const std::vector<Solid>& solids, const Body& body, glm::vec2& p, float dx,
            Player& player) {
    p.x += dx;
    for (const Solid& s : solids) {
        const Rect& solid = s.rect;
        const Rect box = body.at(p);
        if (s.one_way || !penetrates(box, solid)) continue;
        const glm::vec2 depth = overlap(box, solid);
        if (depth.y <= depth.x) continue;
        const float push_left = solid.min.x - box.max.x;  // < 0
        const float push_right = solid.max.x - box.min.x; // > 0
        if (dx > 0.0f || (dx == 0.0f && -push_left < push_right))
            p.x += push_left;
        else
            p.x += push_right;
        player.velocity.x = 0.0f;
    }
}

// Moves along y by dy; lands on solids below (grounded, standing_on) or bumps the head. A one-way
// solid only catches a fall that started above its top.
void move_y(const World& world, const std::vector<Solid>& solids, const Body& body, glm::vec2& p,
            float dy, Player& player) {
    const float feet_before = body.at(p).min.y;
    p.y += dy;
    player.grounded = false;
    player.standing_on = {};
    for (const Solid& s : solids) {
        const Rect& solid = s.rect;
        const Handle h = s.h;
        const Rect box = body.at(p);
        if (!penetrates(box, solid)) continue;
        if (s.one_way && (dy > 0.0f || feet_before < solid.max.y - kSkin)) continue;
        if (dy <= 0.0f) {
            p.y += solid.max.y - box.min.y;
            player.grounded = true;
            player.standing_on = world.guid(h);
        } else {
            p.y -= box.max.y - solid.min.y;
        }
        player.velocity.y = 0.0f;
    }
}

// Moves a rider along with the platform it stands on (which moved earlier this tick).
void ride_platform(const World& world, const Player& player, glm::vec2& p) {
    if (!player.grounded || !player.standing_on) return;
    const Handle platform = world.find(player.standing_on);
    if (const MovingPlatform* m = world.get<MovingPlatform>(platform)) p += m->moved;
}

bool jump_key(diorama::Key key) {
    return key == diorama::Key::Space || key == diorama::Key::Up || key == diorama::Key::W;
}

// -1, 0 or +1 from the keys held.
float run_direction(const diorama::InputState& in) {
    const bool left = in.down(diorama::Key::Left) || in.down(diorama::Key::A);
    const bool right = in.down(diorama::Key::Right) || in.down(diorama::Key::D);
    return static_cast<float>(static_cast<int>(right) - static_cast<int>(left));
}

void step_player(World& world, Handle h, float dt) {
    Player& player = *world.get<Player>(h);
    glm::vec2 p = world.get<diorama::Transform2D>(h)->position;
    const Rect bounds = world.bounds(h);
    const Body body{bounds.center() - p, bounds.size() * 0.5f};

    player.invulnerable_remaining_s = std::max(0.0f, player.invulnerable_remaining_s - dt);
    ride_platform(world, player, p);

    player.coyote_remaining_s =
        player.grounded ? player.coyote_s : std::max(0.0f, player.coyote_remaining_s - dt);
    if (player.jump_buffer_remaining_s > 0.0f && player.coyote_remaining_s > 0.0f) {
        player.velocity.y = player.jump_speed;
        player.jump_buffer_remaining_s = 0.0f;
        player.coyote_remaining_s = 0.0f;
        player.grounded = false;
    }
    player.jump_buffer_remaining_s = std::max(0.0f, player.jump_buffer_remaining_s - dt);
    player.velocity.x = run_direction(world.input()) * player.run_speed;
    player.velocity.y = std::max(player.velocity.y - player.gravity * dt, -player.max_fall_speed);

    const glm::vec2 step = player.velocity * dt;
    const auto solids = solids_near(world, Rect{glm::min(body.at(p).min, body.at(p + step).min),
                                                glm::max(body.at(p).max, body.at(p + step).max)});
    move_x(solids, body, p, step.x, player);
    move_y(world, solids, body, p, step.y, player);
    world.get<diorama::Transform2D>(h)->position = p;

    if (p.y < player.fall_limit_y) {
        diorama::Message fell;
        fell.kind = kHurt;
        fell.sender = h;
        fell.i = 1;
        world.send(h, std::move(fell));
    }
    const bool blink = player.invulnerable_remaining_s > 0.0f &&
                       static_cast<int>(player.invulnerable_remaining_s / dt) / 6 % 2 == 0;
    set_alpha(world, h, blink ? kBlinkAlpha : 1.0f);
}

// Loses lives; respawns, or loses the game when none are left.
void hurt(World& world, Handle h, Player& player, std::int32_t lives_taken) {
    player.lives = std::max(0, player.lives - lives_taken);
    ++player.hurts;
    player.velocity = glm::vec2(0.0f);
    player.grounded = false;
    player.standing_on = {};
    player.jump_buffer_remaining_s = 0.0f;
    if (player.lives == 0) {
        player.state = PlayerState::Lost;
        return;
    }
    player.invulnerable_remaining_s = player.invulnerable_s;
    world.get<diorama::Transform2D>(h)->position = player.respawn_point;
}

} // namespace

// ---- systems and hooks ----

void moving_platform_system(World& world, float dt_s) {
    world.view<MovingPlatform, diorama::Transform2D>().each([dt_s](MovingPlatform& m,
                                                                   diorama::Transform2D& t) {
        const glm::vec2 before = t.position;
        if (m.pause_remaining_s > 0.0f) {
            m.pause_remaining_s = std::max(0.0f, m.pause_remaining_s - dt_s);
        } else {
            const glm::vec2 target = m.toward_p1 ? m.p1 : m.p0;
            const glm::vec2 to_target = target - t.position;
            const float distance = std::sqrt(to_target.x * to_target.x + to_target.y * to_target.y);
            const float travel = m.speed * dt_s;
            if (distance <= travel) {
                t.position = target;
                m.toward_p1 = !m.toward_p1;
                m.pause_remaining_s = m.pause_s;
            } else {
                t.position += to_target * (travel / distance);
            }
        }
        m.moved = t.position - before;
    });
}

void player_system(World& world, float dt_s) {
    for (Handle h : world.handles_with<Player>()) {
        const Player& player = *world.get<Player>(h);
        if (world.destroying(h) || player.state != PlayerState::Playing) continue;
        step_player(world, h, dt_s);
    }
}

void player_event(World&, Handle, Player& player, const diorama::InputEvent& event) {
    if (event.kind == diorama::InputEventKind::KeyDown && jump_key(event.key) &&
        player.state == PlayerState::Playing)
        player.jump_buffer_remaining_s = player.jump_buffer_s;
}

void player_message(World& world, Handle h, Player& player, const diorama::Message& message) {
    if (player.state != PlayerState::Playing) return;
    if (message.kind == kHurt) {
        // Falling out of the level always costs a life; a bat's touch not while invulnerable.
        if (message.sender != h && player.invulnerable_remaining_s > 0.0f) return;
        hurt(world, h, player, message.i);
    } else if (message.kind == kExitReached) {
        player.state = PlayerState::Finished;
        player.velocity = glm::vec2(0.0f);
    }
}

} // namespace platformer
