// BOUNCE's component declarations (one each) and their registration.

#include "bounce.h"

#include "systems.h"

#include <diorama/component_pool.h> // make_typed_pool, which TypeBuilder needs
#include <diorama/type_registry.h>

namespace diorama {

using namespace bounce;

// One line per field with its hints (clang-format would split each hint onto its own line).
// clang-format off
template <>
TypeInfo describe<Arena>() {
    return TypeBuilder<Arena>("Arena")
        .field<&Arena::size>("size").min(0.0f).speed(1.0f)
        .tooltip("Playfield width and height, centred on the object")
        .build();
}

template <>
TypeInfo describe<Brick>() {
    return TypeBuilder<Brick>("Brick")
        .field<&Brick::points>("points").min(0.0f)
        .field<&Brick::particle_count>("particle_count").range(0.0f, 64.0f)
        .field<&Brick::particle_speed>("particle_speed").min(0.0f).speed(1.0f)
        .tooltip("World units per second")
        .build();
}

template <>
TypeInfo describe<Paddle>() {
    return TypeBuilder<Paddle>("Paddle")
        .field<&Paddle::speed>("speed").min(0.0f).speed(1.0f).tooltip("World units per second")
        .field<&Paddle::widen_scale>("widen_scale").range(0.1f, 10.0f).speed(0.01f)
        .field<&Paddle::widen_remaining_s>("widen_remaining_s").min(0.0f).speed(0.05f)
        .field<&Paddle::follow_mouse>("follow_mouse")
        .field<&Paddle::hits>("hits").min(0.0f)
        .on_event(paddle_event)
        .system(paddle_system)
        .build();
}

template <>
TypeInfo describe<Ball>() {
    return TypeBuilder<Ball>("Ball")
        .field<&Ball::speed>("speed").min(0.0f).speed(1.0f).tooltip("World units per second")
        .field<&Ball::serve_speed>("serve_speed").min(0.0f).speed(1.0f)
        .field<&Ball::max_speed>("max_speed").min(0.0f).speed(1.0f)
        .field<&Ball::speed_gain>("speed_gain").min(0.0f).speed(0.1f)
        .tooltip("Added to the speed by each paddle bounce")
        .field<&Ball::max_bounce_deg>("max_bounce_deg").range(0.0f, 80.0f)
        .field<&Ball::serve_angle_deg>("serve_angle_deg").range(0.0f, 80.0f)
        .field<&Ball::serve_delay_s>("serve_delay_s").min(0.0f).speed(0.05f)
        .field<&Ball::serve_remaining_s>("serve_remaining_s").min(0.0f).speed(0.05f)
        .field<&Ball::serves>("serves").min(0.0f)
        .field<&Ball::slow_factor>("slow_factor").range(0.05f, 1.0f).speed(0.01f)
        .field<&Ball::slow_remaining_s>("slow_remaining_s").min(0.0f).speed(0.05f)
        .system(ball_system)
        .build();
}

template <>
TypeInfo describe<Pickup>() {
    return TypeBuilder<Pickup>("Pickup")
        .field<&Pickup::kind>("kind").enumeration({"widen", "extra_life", "slow"})
        .field<&Pickup::duration_s>("duration_s").min(0.0f).speed(0.1f)
        .system(pickup_system)
        .build();
}

template <>
TypeInfo describe<ScoreKeeper>() {
    return TypeBuilder<ScoreKeeper>("ScoreKeeper")
        .field<&ScoreKeeper::score>("score")
        .field<&ScoreKeeper::lives>("lives").min(0.0f)
        .field<&ScoreKeeper::bricks_broken>("bricks_broken").min(0.0f)
        .field<&ScoreKeeper::pickup_every>("pickup_every").min(0.0f)
        .tooltip("Every Nth broken brick drops a pickup; 0: never")
        .field<&ScoreKeeper::pickups_dropped>("pickups_dropped").min(0.0f)
        .field<&ScoreKeeper::state>("state").enumeration({"playing", "won", "lost"})
        .on_message(score_message)
        .system(score_text_system)
        .build();
}

// clang-format on

} // namespace diorama

namespace bounce {

diorama::Result<void> register_bounce(diorama::TypeRegistry& registry) {
    return registry.add_all<Arena, Brick, Paddle, Ball, Pickup, ScoreKeeper>();
}

} // namespace bounce
