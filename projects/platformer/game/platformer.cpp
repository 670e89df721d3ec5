// PLATFORMER's component declarations (one each) and their registration.

#include "platformer.h"

#include "systems.h"

#include <diorama/component_pool.h> // make_typed_pool, which TypeBuilder needs
#include <diorama/type_registry.h>

namespace diorama {

using namespace platformer;

// One line per field with its hints (clang-format would split each hint onto its own line).
// clang-format off
template <>
TypeInfo describe<MovingPlatform>() {
    return TypeBuilder<MovingPlatform>("MovingPlatform")
        .field<&MovingPlatform::p0>("p0").speed(1.0f).tooltip("One end of the path (world units)")
        .field<&MovingPlatform::p1>("p1").speed(1.0f).tooltip("The other end (world units)")
        .field<&MovingPlatform::speed>("speed").min(0.0f).speed(1.0f).tooltip("World units per second")
        .field<&MovingPlatform::pause_s>("pause_s").min(0.0f).speed(0.05f).tooltip("Wait at each end, seconds")
        .field<&MovingPlatform::toward_p1>("toward_p1")
        .field<&MovingPlatform::pause_remaining_s>("pause_remaining_s").min(0.0f).speed(0.05f)
        .field<&MovingPlatform::moved>("moved").tooltip("Displacement during the last tick")
        .system(moving_platform_system)
        .build();
}

template <>
TypeInfo describe<Player>() {
    return TypeBuilder<Player>("Player")
        .field<&Player::run_speed>("run_speed").min(0.0f).speed(1.0f).tooltip("World units per second")
        .field<&Player::jump_speed>("jump_speed").min(0.0f).speed(1.0f).tooltip("Upward speed at the start of a jump")
        .field<&Player::gravity>("gravity").min(0.0f).speed(5.0f).tooltip("World units per second squared")
        .field<&Player::max_fall_speed>("max_fall_speed").min(0.0f).speed(1.0f)
        .field<&Player::coyote_s>("coyote_s").range(0.0f, 1.0f).speed(0.01f).tooltip("Jump grace after leaving an edge")
        .field<&Player::jump_buffer_s>("jump_buffer_s").range(0.01f, 1.0f).speed(0.01f).tooltip("A jump pressed this early before landing still happens")
        .field<&Player::invulnerable_s>("invulnerable_s").min(0.0f).speed(0.05f)
        .field<&Player::fall_limit_y>("fall_limit_y").speed(1.0f).tooltip("Below this world y the player fell out of the level")
        .field<&Player::respawn_point>("respawn_point").speed(1.0f).tooltip("World position after being hurt")
        .field<&Player::lives>("lives").min(0.0f)
        .field<&Player::velocity>("velocity").speed(1.0f)
        .field<&Player::grounded>("grounded")
        .field<&Player::standing_on>("standing_on")
        .field<&Player::coyote_remaining_s>("coyote_remaining_s").min(0.0f).speed(0.01f)
        .field<&Player::jump_buffer_remaining_s>("jump_buffer_remaining_s").min(0.0f).speed(0.01f)
        .field<&Player::invulnerable_remaining_s>("invulnerable_remaining_s").min(0.0f).speed(0.05f)
        .field<&Player::hurts>("hurts").min(0.0f)
        .field<&Player::state>("state").enumeration({"playing", "finished", "lost"})
        .on_event(player_event)
        .on_message(player_message)
        .system(player_system)
        .build();
}

// clang-format on

} // namespace diorama

namespace platformer {

diorama::Result<void> register_platformer(diorama::TypeRegistry& registry) {
    return registry.add_all<MovingPlatform, Player>();
}

} // namespace platformer
