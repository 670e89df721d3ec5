#pragma once
// The objects part of the World: what a world and an object are made from, and the per-slot
// record the store keeps for each object.

#include "diorama/handle.h"

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>

namespace diorama {

// Index of a layer in the world's ordered layer list (0 is drawn first).
using LayerId = std::uint32_t;

struct WorldDef {
    std::uint64_t guid_seed = 0x243f6a8885a308d3ull; // same seed + same operations => same guids
    float spatial_cell_size = 128.0f;                // world units per grid cell
    std::string default_layer = "default";           // the name of layer 0
};

struct ObjectDef {
    std::string name;
    LayerId layer = 0;
    Handle parent{}; // null: a root object
    Guid guid{};     // null: a new unique guid is generated
};

// Counters for stats panels and tests.
struct WorldStats {
    std::size_t objects = 0;         // live objects, including those marked for destruction
    std::size_t pending_destroy = 0; // marked, removed at the next flush
    std::size_t queued_messages = 0;
    std::size_t dropped_messages = 0; // messages whose target was gone at delivery (total)
    std::size_t stale_accesses = 0;   // calls made with a stale handle (total)
};

namespace detail {

// No slot: the end of a slot list, an absent parent, an unnamed object.
inline constexpr std::uint32_t kNoSlot = 0xffffffffu;

// The most layers a world holds: a record keeps the layer in kLayerBits bits.
inline constexpr unsigned kLayerBits = 29;
inline constexpr std::size_t kMaxLayers = std::size_t{1} << kLayerBits;

// An object slot's record, 16 bytes; trivially copyable so the table grows by plain copies.
struct ObjectRecord {
    Guid guid{};
    std::uint32_t name = kNoSlot;   // the name's id in the world's NameIndex; kNoSlot: unnamed
    LayerId layer : kLayerBits = 0; // below kMaxLayers
    bool guid_indexed : 1 = false;  // the guid is in the guid index
    // The slot waits to be indexed: in the unindexed queue, or in the slots made since the last
    // indexing (kept when it is freed).
    bool guid_queued : 1 = false;
    bool guid_pending : 1 = false; // guid holds the creation counter: see World::generated_guid

    // Sets the layer; precondition: l < kMaxLayers (the world has no more layers).
    void set_layer(LayerId l) {
        assert(l < kMaxLayers);
        layer = l & (kMaxLayers - 1);
    }
};
static_assert(sizeof(ObjectRecord) == 16);

// The guid state of a new object's record.
struct NewGuid {
    Guid guid{};
    bool pending = false; // guid holds the creation counter
    bool indexed = false; // guid is in the guid index
    bool queued = false;  // the slot waits to be indexed (queued by this create, or new)
};

} // namespace detail
} // namespace diorama
