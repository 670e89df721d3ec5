#pragma once
// The game's systems and hooks, registered by register_platformer (platformer.cpp) in the order
// given there. Internal to the module: tests and tools go through register_platformer.

#include "platformer.h"

#include <diorama/handle.h>
#include <diorama/message.h>

namespace diorama {
class World;
}

namespace platformer {

// Moves every moving platform toward its current end point, pausing and turning at the ends.
void moving_platform_system(diorama::World& world, float dt_s);
// Steps every player: platform ride, run, jump, gravity, collisions, falling out of the level.
void player_system(diorama::World& world, float dt_s);
// Player input hook: a jump key going down requests a jump (kept for jump_buffer_s).
void player_event(diorama::World& world, diorama::Handle h, Player& player,
                  const diorama::InputEvent& event);
// Player message hook: kHurt costs lives and respawns (or loses the game), kExitReached finishes.
void player_message(diorama::World& world, diorama::Handle h, Player& player,
                    const diorama::Message& message);

} // namespace platformer
