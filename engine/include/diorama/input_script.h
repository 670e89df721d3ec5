#pragma once
// Input scripts: a recorded or written sequence of input events, each at a tick number, so a
// headless run (diorama-player run --input FILE) plays a game deterministically. A Simulation
// replays one with play_input(): the events of tick N reach the game at the input phase of the
// simulation's tick N (the first tick is 0), in file order.
//
//   { "format": "diorama.input", "version": 1, "description": "walk right, jump",
//     "events": [
//       { "tick": 0,  "type": "key_down", "key": "Right" },
//       { "tick": 40, "type": "key_down", "key": "Space" },
//       { "tick": 42, "type": "key_up",   "key": "Space" },
//       { "tick": 50, "type": "mouse_move", "position": [320.0, 96.0] },
//       { "tick": 51, "type": "mouse_down", "button": "left", "position": [320.0, 96.0] },
//       { "tick": 53, "type": "mouse_up",   "button": "left", "position": [320.0, 96.0] },
//       { "tick": 60, "type": "wheel", "wheel": -1.0 } ] }
//
// Key names are the Key enumerators' names (to_string(Key)); buttons "left", "middle", "right";
// positions are world units. Ticks never decrease from one event to the next. Loading is strict:
// unknown keys, wrong types and out-of-order ticks are errors naming the file and JSON path.

#include "diorama/diagnostics.h"
#include "diorama/json_io.h"
#include "diorama/message.h"
#include "diorama/result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

inline constexpr int kInputScriptVersion = 1;

// One event and the tick it arrives at.
struct TimedInput {
    std::uint64_t tick = 0; // the simulation tick (from 0) whose input phase receives it
    InputEvent event;
};

struct InputScript {
    std::string description;        // free text for people; may be empty
    std::vector<TimedInput> events; // ticks never decrease

    // The tick of the last event (0 when there is none).
    [[nodiscard]] std::uint64_t last_tick() const {
        return events.empty() ? 0 : events.back().tick;
    }
};

// Parses an input script's text; `file` names it in errors. Every problem goes to diagnostics;
// the result fails when any is an error.
[[nodiscard]] Result<InputScript> parse_input_script(std::string_view text, std::string_view file,
                                                     Diagnostics& diagnostics);
// Reads and parses the input script at path (at most 64 MiB).
[[nodiscard]] Result<InputScript> load_input_script(const std::filesystem::path& path,
                                                    Diagnostics& diagnostics);
// The file's JSON; parse_input_script(to_pretty_json(...)) gives the script back. Fails for a
// NaN or infinite number, an unnamed key, or ticks out of order.
[[nodiscard]] Result<Json> input_script_to_json(const InputScript& script);

} // namespace diorama
