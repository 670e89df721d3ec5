#pragma once
// The messages part of the World: the queue of messages waiting for the message phase.

#include "diorama/handle.h"
#include "diorama/message.h"
#include "diorama/world/objects.h"

#include <optional>

namespace diorama::detail {

// A queued message: to one target, or broadcast to every object (of a layer).
struct Envelope {
    Handle target{}; // null for a broadcast
    bool broadcast = false;
    std::optional<LayerId> layer;
    Message message;
};

} // namespace diorama::detail
