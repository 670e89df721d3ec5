#pragma once
// BOUNCE: a paddle, a ball, a wall of bricks, pickups that fall from broken bricks, particles on
// hits, a score and lives. The game module's components and its registration function.
//
// Coordinates: world units with y UP. The playfield of the sample level spans x 0..800 and
// y 0..600; the paddle sits near the bottom and a ball that falls below the arena is lost.
//
// The game is deterministic: fixed dt, no clock, no rand(); every choice (serve direction, the
// AI's aim, which broken brick drops which pickup) comes from counters saved in components, and
// objects are visited in pool or slot order.

#include <diorama/message.h>
#include <diorama/reflection.h>
#include <diorama/result.h>

#include <glm/vec2.hpp>

#include <cstdint>

namespace diorama {
class TypeRegistry;
}

namespace bounce {

// ---- components ----

// The playfield: a rectangle of `size` centred on the object. Its left, right and top edges
// reflect the ball; below its bottom edge the ball is lost.
struct Arena {
    glm::vec2 size{800.0f, 600.0f}; // world units
};

// A brick. Its hit points are the int property "hp" of its Properties component (1 when absent);
// a hit takes one, at 0 the brick breaks.
struct Brick {
    std::int32_t points = 10;        // score for breaking it
    std::int32_t particle_count = 6; // particles spawned by each hit
    float particle_speed = 140.0f;   // world units per second
};

// The player's paddle; its width is its Collider's (times Transform2D.scale.x while widened).
// Without human input (input().human false) an AI plays it.
struct Paddle {
    float speed = 600.0f;           // world units per second (keys and AI)
    float widen_scale = 1.5f;       // width factor while a widen pickup acts
    float widen_remaining_s = 0.0f; // time left of the widen effect
    bool follow_mouse = false;      // set by mouse motion, cleared by Left/Right keys
    std::int32_t hits = 0;          // times the ball bounced off it (picks the AI's aim)
};

// A ball: it rides on the paddle until served, then flies with its Velocity at `speed`.
struct Ball {
    float speed = 300.0f;           // current speed, world units per second
    float serve_speed = 300.0f;     // speed after a serve
    float max_speed = 540.0f;       // cap (per tick < radius + half the paddle height)
    float speed_gain = 6.0f;        // added by each paddle bounce
    float max_bounce_deg = 60.0f;   // angle from vertical when hitting the paddle's edge
    float serve_angle_deg = 25.0f;  // angle from vertical of a serve (side alternates)
    float serve_delay_s = 1.0f;     // time on the paddle before an automatic serve
    float serve_remaining_s = 1.0f; // > 0: riding on the paddle, served when it reaches 0
    std::int32_t serves = 0;        // serves so far (even: to the right, odd: to the left)
    float slow_factor = 0.6f;       // speed factor while a slow pickup acts
    float slow_remaining_s = 0.0f;  // time left of the slow effect
};

enum class PickupKind : std::int32_t { Widen, ExtraLife, Slow };

// A falling bonus (it moves with its Velocity); applied when it touches the paddle.
struct Pickup {
    PickupKind kind = PickupKind::Widen;
    float duration_s = 8.0f; // Widen and Slow: how long the effect lasts
};

enum class GameState : std::int32_t { Playing, Won, Lost };

// Score, lives and the deterministic pickup schedule; shows them in the object's Text.
struct ScoreKeeper {
    std::int32_t score = 0;
    std::int32_t lives = 3;
    std::int32_t bricks_broken = 0;
    std::int32_t pickup_every = 3;    // every Nth broken brick drops a pickup (0: never)
    std::int32_t pickups_dropped = 0; // also picks the next pickup's kind (cycles the kinds)
    GameState state = GameState::Playing;
};

// ---- messages ----

// To the ScoreKeeper: a brick broke. i = its points, v = its position.
inline constexpr diorama::MessageKind kBrickBroken = diorama::message_kind("brick_broken");
// To the ScoreKeeper: a ball fell below the arena.
inline constexpr diorama::MessageKind kBallLost = diorama::message_kind("ball_lost");

// ---- registration ----

// Registers Arena, Brick, Paddle, Ball, Pickup, ScoreKeeper in this order; fails (and stops)
// when one is already registered. Their hooks run in this order within a tick:
//   input     Paddle.on_event: mouse motion -> follow the mouse; Left/Right -> keys
//   systems   (built-ins first: Velocity moves everything, Lifetime expires particles)
//             Paddle: moves (keys, mouse or AI), so the ball meets it where it is now;
//             Ball: serves, bounces off walls, paddle and bricks, hits bricks, spawns particles;
//             Pickup: applies pickups touching the paddle (after the paddle moved);
//             ScoreKeeper: writes the score text
//   messages  ScoreKeeper.on_message: brick_broken scores and drops pickups; ball_lost costs
//             a life
[[nodiscard]] diorama::Result<void> register_bounce(diorama::TypeRegistry& registry);

} // namespace bounce

// The components' reflection declarations (bounce.cpp).
namespace diorama {
template <>
TypeInfo describe<bounce::Arena>();
template <>
TypeInfo describe<bounce::Brick>();
template <>
TypeInfo describe<bounce::Paddle>();
template <>
TypeInfo describe<bounce::Ball>();
template <>
TypeInfo describe<bounce::Pickup>();
template <>
TypeInfo describe<bounce::ScoreKeeper>();
} // namespace diorama
