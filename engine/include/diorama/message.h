#pragma once
// Messages between objects, and input events from the outside world (keyboard, mouse).

#include "diorama/handle.h"

#include <glm/vec2.hpp>

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace diorama {

// ---- messages ----

// A message kind: a 32-bit FNV-1a hash of a name, so game modules need no central enum.
using MessageKind = std::uint32_t;

// The kind for a name, usable at compile time: constexpr MessageKind kBrickHit =
// message_kind("brick_hit");
constexpr MessageKind message_kind(std::string_view name) {
    std::uint32_t h = 2166136261u;
    for (char c : name) {
        h ^= static_cast<std::uint8_t>(c);
        h *= 16777619u;
    }
    return h;
}

// A message queued with World::send/broadcast and delivered to the target's on_message hooks at
// the message phase of the tick. The payload fields are free for the kind to use.
struct Message {
    MessageKind kind = 0;
    Handle sender{};    // may be null
    std::int32_t i = 0; // integer payload (an amount, a count)
    float f = 0.0f;     // scalar payload
    glm::vec2 v{0.0f};  // vector payload (a position, a direction)
    Guid ref{};         // object reference payload
    std::string text;   // text payload
};

// ---- input ----

// Engine key codes; the editor maps its platform's keys onto these.
enum class Key : std::uint16_t {
    Unknown = 0,
    Left,
    Right,
    Up,
    Down,
    Space,
    Enter,
    Escape,
    Tab,
    Backspace,
    Shift,
    Control,
    Alt,
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    P,
    Q,
    R,
    S,
    T,
    U,
    V,
    W,
    X,
    Y,
    Z,
    Num0,
    Num1,
    Num2,
    Num3,
    Num4,
    Num5,
    Num6,
    Num7,
    Num8,
    Num9,
    Count
};

// The key's name: the enumerator's name ("Left", "Space", "A", "Num0"); "Unknown" for
// Key::Unknown and for values out of range. Input scripts use these names.
const char* to_string(Key key);
// The key named exactly so (as to_string writes it), or nullopt; "Unknown" and "Count" name none.
[[nodiscard]] std::optional<Key> parse_key(std::string_view name);

enum class InputEventKind : std::uint8_t { KeyDown, KeyUp, MouseMove, MouseDown, MouseUp, Wheel };

// One input event; position is in world units (the host converts from screen pixels).
struct InputEvent {
    InputEventKind kind = InputEventKind::KeyDown;
    Key key = Key::Unknown;   // KeyDown/KeyUp
    std::uint8_t button = 0;  // MouseDown/MouseUp: 0 left, 1 middle, 2 right
    glm::vec2 position{0.0f}; // mouse events
    float wheel = 0.0f;       // Wheel: notches, positive away from the user
};

// What the simulation knows of the input right now; updated at the input phase of each tick.
struct InputState {
    std::bitset<static_cast<std::size_t>(Key::Count)> keys_down;
    std::uint8_t buttons_down = 0; // bit per mouse button
    glm::vec2 mouse{0.0f};         // world units
    bool human = false;            // true once any event arrived: a person (or script) is playing

    [[nodiscard]] bool down(Key k) const { return keys_down.test(static_cast<std::size_t>(k)); }
};

} // namespace diorama
