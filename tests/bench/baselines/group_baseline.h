#pragma once
// BASELINE, for the store benchmarks only (not part of the engine): the design notes'
// Group/space. Objects are heap-allocated and held in a list (update and draw all), a by-id map
// and a by-class map; spatial buckets (a hash of grid cells) are rebuilt from scratch every
// frame. Written on the generous side: each object keeps its list positions, so removal from
// the list and the class list is O(1) rather than a search.

#include "diorama/components.h"

#include <cmath>
#include <cstdint>
#include <list>
#include <unordered_map>
#include <vector>

namespace diorama::baseline {

struct GroupObject {
    int id = 0;
    int type = 0;
    Transform2D transform{};
    Velocity velocity{};
    std::list<GroupObject*>::iterator in_all{};
    std::list<GroupObject*>::iterator in_class{};
};

class Group {
public:
    static constexpr int kStatic = 0;
    static constexpr int kMoving = 1;
    static constexpr float kCellSize = 128.0f;

    Group() = default;
    Group(const Group&) = delete;
    Group& operator=(const Group&) = delete;
    ~Group() {
        for (GroupObject* o : m_all)
            delete o;
    }

    // Adds an object; returns its id.
    int add(int type) {
        auto* o = new GroupObject{};
        o->id = m_next_id++;
        o->type = type;
        o->in_all = m_all.insert(m_all.end(), o);
        std::list<GroupObject*>& same_class = m_by_class[type];
        o->in_class = same_class.insert(same_class.end(), o);
        m_by_id.emplace(o->id, o);
        return o->id;
    }

    // Removes and deletes the object; no-op for an unknown id.
    void remove(int id) {
        auto it = m_by_id.find(id);
        if (it == m_by_id.end()) return;
        GroupObject* o = it->second;
        m_by_id.erase(it);
        m_all.erase(o->in_all);
        m_by_class[o->type].erase(o->in_class);
        delete o;
    }

    // The object with this id, or nullptr.
    GroupObject* get(int id) {
        auto it = m_by_id.find(id);
        return it == m_by_id.end() ? nullptr : it->second;
    }

    // The objects of one class.
    const std::list<GroupObject*>& of_class(int type) { return m_by_class[type]; }

    // One frame: update every object, then rebuild the spatial buckets.
    void update_all(float dt) {
        for (GroupObject* o : m_all)
            if (o->type == kMoving) o->transform.position += o->velocity.linear * dt;
        m_buckets.clear();
        for (GroupObject* o : m_all)
            m_buckets[cell_key(o->transform.position)].push_back(o);
    }

    [[nodiscard]] std::size_t bucket_count() const { return m_buckets.size(); }

private:
    static std::int64_t cell_key(glm::vec2 p) {
        const auto cx = static_cast<std::int64_t>(std::floor(p.x / kCellSize));
        const auto cy = static_cast<std::int64_t>(std::floor(p.y / kCellSize));
        return (cx << 32) ^ (cy & 0xffffffff);
    }

    std::list<GroupObject*> m_all;
    std::unordered_map<int, GroupObject*> m_by_id;
    std::unordered_map<int, std::list<GroupObject*>> m_by_class;
    std::unordered_map<std::int64_t, std::vector<GroupObject*>> m_buckets;
    int m_next_id = 0;
};

} // namespace diorama::baseline
