#pragma once
// The game's systems and hooks, registered by register_bounce (bounce.cpp) in the order given
// there. Internal to the module: tests and tools go through register_bounce.

#include "bounce.h"

#include <diorama/handle.h>
#include <diorama/message.h>

namespace diorama {
class World;
}

namespace bounce {

// Moves each paddle: keys or mouse when a human plays, otherwise the AI follows the ball; keeps
// it inside the arena and counts down the widen effect.
void paddle_system(diorama::World& world, float dt_s);
// Paddle input hook: mouse motion makes the paddle follow the mouse, Left/Right keys stop that.
void paddle_event(diorama::World& world, diorama::Handle h, Paddle& paddle,
                  const diorama::InputEvent& event);
// Serves, bounces (walls, paddle, bricks via the spatial index), hits bricks, spawns particles
// and reports lost balls. Runs after the built-in Velocity system has moved the balls.
void ball_system(diorama::World& world, float dt_s);
// Applies pickups that touch the paddle and removes those that fell out of the arena.
void pickup_system(diorama::World& world, float dt_s);
// Writes score, lives and the game state into each score keeper's Text.
void score_text_system(diorama::World& world, float dt_s);
// ScoreKeeper message hook: brick_broken adds points (and drops pickups), ball_lost costs a life.
void score_message(diorama::World& world, diorama::Handle h, ScoreKeeper& keeper,
                   const diorama::Message& message);

} // namespace bounce
