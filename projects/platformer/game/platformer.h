#pragma once
// PLATFORMER: a jam-style platform game. A player runs and jumps over ground tiles and moving
// platforms, avoids bats, reads info signs, presses a button that removes a block, and reaches
// the exit. This module is the native part: the player and the moving platforms. Bats, signs,
// the button and the exit are Lua scripts (projects/platformer/scripts/), which send the player
// the messages below.
//
// Coordinates: world units with y UP; one tile is 32 units. Solid things are the solid tiles of
// the level's tile map (ground and walls; one-way tiles are ledges caught only from above) and
// the objects with a Collider that is not a trigger (blocks, moving platforms); bats, signs,
// buttons and the exit have trigger colliders and react when the player's bounds touch theirs.
//
// Logic arrays: each component type has one system that walks its own pool. The game is
// deterministic: fixed dt, no clock, no rand(); all state lives in reflected fields, so a saved
// state plays on identically.

#include <diorama/handle.h>
#include <diorama/message.h>
#include <diorama/reflection.h>
#include <diorama/result.h>

#include <glm/vec2.hpp>

#include <cstdint>

namespace diorama {
class TypeRegistry;
}

namespace platformer {

// ---- components ----

enum class PlayerState : std::int32_t { Playing, Finished, Lost };

// The player character: runs (Left/Right or A/D), jumps (Space, Up or W), falls under gravity,
// collides with solid objects, rides moving platforms. Hurt by bats and by falling below
// fall_limit_y: a life is lost and the player respawns at respawn_point; no lives left: Lost.
struct Player {
    float run_speed = 220.0f;             // world units per second
    float jump_speed = 560.0f;            // upward speed at the start of a jump, units per second
    float gravity = 1500.0f;              // units per second squared
    float max_fall_speed = 900.0f;        // units per second
    float coyote_s = 0.08f;               // a jump still starts this long after walking off an edge
    float jump_buffer_s = 0.12f;          // a jump pressed this long before landing still happens
    float invulnerable_s = 1.5f;          // after being hurt, no further hurt for this long
    float fall_limit_y = -160.0f;         // world y below which the player fell out of the level
    glm::vec2 respawn_point{0.0f};        // world position after a hurt
    std::int32_t lives = 3;               // left; 0: the game is lost
    glm::vec2 velocity{0.0f};             // units per second (state)
    bool grounded = false;                // standing on something solid (state)
    diorama::Guid standing_on{};          // what the feet rest on, when grounded (state)
    float coyote_remaining_s = 0.0f;      // state
    float jump_buffer_remaining_s = 0.0f; // a jump request waiting to happen (state)
    float invulnerable_remaining_s = 0.0f; // state
    std::int32_t hurts = 0;                // times hurt so far (state)
    PlayerState state = PlayerState::Playing;
};

// A platform that travels back and forth between p0 and p1 at a constant speed, pausing at
// each end, and carries whoever stands on it. It moves its (root) Transform2D.
struct MovingPlatform {
    glm::vec2 p0{0.0f};             // one end of the path, world units
    glm::vec2 p1{0.0f};             // the other end, world units
    float speed = 80.0f;            // world units per second
    float pause_s = 0.5f;           // wait at each end, seconds
    bool toward_p1 = true;          // heading for p1, else for p0 (state)
    float pause_remaining_s = 0.0f; // state
    glm::vec2 moved{0.0f};          // its displacement during the last tick (state)
};

// ---- messages ----

// Scripts send these by name (world.send(player, "platformer_hurt", { i = 1, sender = bat })).
// To a Player: hurt. i = lives taken, sender = the bat (or the player itself for a fall).
inline constexpr diorama::MessageKind kHurt = diorama::message_kind("platformer_hurt");
// To a Player: it reached an exit (sender).
inline constexpr diorama::MessageKind kExitReached =
    diorama::message_kind("platformer_exit_reached");

// ---- registration ----

// Registers MovingPlatform, then Player; fails (and stops) when one is already registered. Within
// a tick:
//   input     Player.on_event: a jump key going down requests a jump
//   systems   MovingPlatform: moves platforms (and records how far);
//             Player: rides its platform, runs, jumps, falls, collides, falls out of the level;
//             then the scripts' systems placed after it (bats, signs, buttons, exit)
//   messages  Player.on_message: kHurt costs lives and respawns, kExitReached finishes
[[nodiscard]] diorama::Result<void> register_platformer(diorama::TypeRegistry& registry);

} // namespace platformer

// The components' reflection declarations (platformer.cpp).
namespace diorama {
template <>
TypeInfo describe<platformer::Player>();
template <>
TypeInfo describe<platformer::MovingPlatform>();
} // namespace diorama
