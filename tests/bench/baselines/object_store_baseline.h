#pragma once
// BASELINE, for the store benchmarks only (not part of the engine): the design notes'
// fixed-array ObjectStore. A fixed array of objects; free ids wait in a FIFO queue (the oldest
// freed id is reused first); every object carries per-object function pointers for update, draw
// and event, set from its type when it is added. An id is the array index; there is no
// generation, so a stale id silently addresses whatever object now holds the slot.

#include "diorama/components.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace diorama::baseline {

struct StoreObject;
using StoreUpdateFn = void (*)(StoreObject&, float dt);
using StoreDrawFn = void (*)(const StoreObject&, std::uint64_t& checksum);
using StoreEventFn = void (*)(StoreObject&, int event);

struct StoreObject {
    int id = -1;
    int type = 0;
    bool alive = false;
    Transform2D transform{};
    Velocity velocity{};
    StoreUpdateFn update = nullptr;
    StoreDrawFn draw = nullptr;
    StoreEventFn event = nullptr;
};

class FixedObjectStore {
public:
    // The object types: 0 does nothing, 1 moves by its velocity.
    static constexpr int kStatic = 0;
    static constexpr int kMoving = 1;

    explicit FixedObjectStore(int capacity) : m_objects(static_cast<std::size_t>(capacity)) {
        for (int id = 0; id < capacity; ++id)
            m_free_ids.push_back(id);
    }

    // The new object's id, or -1 when the array is full.
    int add(int type) {
        if (m_free_ids.empty()) return -1;
        const int id = m_free_ids.front();
        m_free_ids.pop_front();
        StoreObject& o = m_objects[static_cast<std::size_t>(id)];
        o = StoreObject{};
        o.id = id;
        o.type = type;
        o.alive = true;
        o.update = type == kMoving ? &update_moving : &update_static;
        o.draw = &draw_any;
        o.event = &event_any;
        return id;
    }

    // Frees the id (queued behind every id freed before it). No-op for a dead id.
    void remove(int id) {
        StoreObject& o = m_objects[static_cast<std::size_t>(id)];
        if (!o.alive) return;
        o.alive = false;
        m_free_ids.push_back(id);
    }

    // The object with this id, or nullptr when its slot is free.
    StoreObject* get(int id) {
        StoreObject& o = m_objects[static_cast<std::size_t>(id)];
        return o.alive ? &o : nullptr;
    }

    // Calls every live object's update function.
    void update_all(float dt) {
        for (StoreObject& o : m_objects)
            if (o.alive) o.update(o, dt);
    }

private:
    static void update_static(StoreObject&, float) {}
    static void update_moving(StoreObject& o, float dt) {
        o.transform.position += o.velocity.linear * dt;
    }
    static void draw_any(const StoreObject& o, std::uint64_t& checksum) {
        checksum += static_cast<std::uint64_t>(o.id);
    }
    static void event_any(StoreObject& o, int event) { o.type ^= event; }

    std::vector<StoreObject> m_objects; // fixed size: the capacity
    std::deque<int> m_free_ids;         // FIFO
};

} // namespace diorama::baseline
