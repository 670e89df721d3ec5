#pragma once
// BASELINE, for the store benchmarks only (not part of the engine): the design notes' linked
// list of objects with a switch on the type id. Each object is its own heap node; ids are
// handed out by a counter; lookup by id walks the list; destroy flags the object dead and the
// cleanup walk at the end of the frame unlinks and deletes the dead nodes.

#include "diorama/components.h"

namespace diorama::baseline {

struct ListObject {
    int id = 0;
    int type = 0;
    bool dead = false;
    Transform2D transform{};
    Velocity velocity{};
    ListObject* next = nullptr;
};

class LinkedListObjects {
public:
    static constexpr int kStatic = 0;
    static constexpr int kMoving = 1;

    LinkedListObjects() = default;
    LinkedListObjects(const LinkedListObjects&) = delete;
    LinkedListObjects& operator=(const LinkedListObjects&) = delete;
    ~LinkedListObjects() {
        while (m_head != nullptr) {
            ListObject* next = m_head->next;
            delete m_head;
            m_head = next;
        }
    }

    // Adds an object at the end of the list; returns its id.
    int add(int type) {
        auto* o = new ListObject{};
        o->id = m_next_id++;
        o->type = type;
        if (m_tail != nullptr)
            m_tail->next = o;
        else
            m_head = o;
        m_tail = o;
        return o->id;
    }

    // The live object with this id, or nullptr (walks the list).
    ListObject* find(int id) {
        for (ListObject* o = m_head; o != nullptr; o = o->next)
            if (o->id == id) return o->dead ? nullptr : o;
        return nullptr;
    }

    // Flags the object dead; cleanup() deletes it.
    void destroy(int id) {
        if (ListObject* o = find(id)) o->dead = true;
    }

    // The end-of-frame walk: unlinks and deletes every dead object.
    void cleanup() {
        ListObject* prev = nullptr;
        for (ListObject* o = m_head; o != nullptr;) {
            ListObject* next = o->next;
            if (o->dead) {
                (prev != nullptr ? prev->next : m_head) = next;
                if (o == m_tail) m_tail = prev;
                delete o;
            } else {
                prev = o;
            }
            o = next;
        }
    }

    // Updates every object, switching on its type.
    void update_all(float dt) {
        for (ListObject* o = m_head; o != nullptr; o = o->next) {
            switch (o->type) {
            case kMoving:
                o->transform.position += o->velocity.linear * dt;
                break;
            case kStatic:
            default:
                break;
            }
        }
    }

private:
    ListObject* m_head = nullptr;
    ListObject* m_tail = nullptr;
    int m_next_id = 0;
};

} // namespace diorama::baseline
