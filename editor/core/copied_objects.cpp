// The objects the editor copies, duplicates and moves, and their scene entries (see
// copied_objects.h).

#include "copied_objects.h"

#include "diorama/type_registry.h"

#include <glm/mat2x2.hpp>
#include <glm/matrix.hpp>

#include <unordered_map>
#include <unordered_set>

namespace diorama::editor {

std::vector<Handle> with_descendants(const World& world, const std::vector<Handle>& objects) {
    std::vector<Handle> out;
    std::unordered_set<std::uint32_t> seen;
    std::vector<Handle> stack;
    for (Handle root : objects) {
        if (!world.alive(root)) continue;
        stack.push_back(root);
        while (!stack.empty()) {
            const Handle h = stack.back();
            stack.pop_back();
            if (!seen.insert(h.index).second) continue;
            out.push_back(h);
            for (Handle child : world.children(h))
                stack.push_back(child);
        }
    }
    return out;
}

std::vector<Handle> top_level(const World& world, const std::vector<Handle>& objects) {
    std::unordered_set<std::uint32_t> in_set;
    for (Handle h : objects)
        if (world.alive(h)) in_set.insert(h.index);
    std::vector<Handle> out;
    std::unordered_set<std::uint32_t> added;
    for (Handle h : objects) {
        if (!world.alive(h) || added.contains(h.index)) continue;
        bool below = false;
        for (Handle p = world.parent(h); p && !below; p = world.parent(p))
            below = in_set.contains(p.index);
        if (below) continue;
        out.push_back(h);
        added.insert(h.index);
    }
    return out;
}

namespace {

// A component of a type this build does not know (its module is not loaded) may hold references
// anywhere: every string in it that is the guid of an entry is rewritten, at any depth.
void follow_every_guid(Json& j, const std::unordered_map<Guid, Guid>& renamed) {
    if (j.is_string()) {
        if (auto g = parse_guid(j.get<std::string>()))
            if (auto it = renamed.find(*g); it != renamed.end()) j = to_string(it->second);
        return;
    }
    if (j.is_object() || j.is_array())
        for (Json& item : j)
            follow_every_guid(item, renamed);
}

} // namespace

Json with_fresh_guids(const Json& entries, World& world) {
    Json out = entries;
    if (!out.is_array()) return out;
    std::unordered_map<Guid, Guid> renamed;
    for (const Json& e : out) {
        if (!e.is_object() || !e.contains("guid") || !e["guid"].is_string()) continue;
        if (auto g = parse_guid(e["guid"].get<std::string>()))
            renamed.emplace(*g, world.new_guid());
    }
    // Rewrites a guid string at j[key] when it names an entry.
    auto follow = [&renamed](Json& j, const std::string& key) {
        if (!j.is_object() || !j.contains(key) || !j[key].is_string()) return;
        if (auto g = parse_guid(j[key].get<std::string>()))
            if (auto it = renamed.find(*g); it != renamed.end()) j[key] = to_string(it->second);
    };
    for (Json& e : out) {
        follow(e, "guid");
        follow(e, "parent");
        if (!e.is_object() || !e.contains("components") || !e["components"].is_object()) continue;
        for (auto it = e["components"].begin(); it != e["components"].end(); ++it) {
            const TypeInfo* type = world.registry().find(it.key());
            if (type == nullptr) {
                follow_every_guid(it.value(), renamed); // its fields are not known
                continue;
            }
            for (const FieldInfo& f : type->fields)
                if (f.type == FieldType::ObjectRef) follow(it.value(), f.name);
        }
    }
    return out;
}

std::vector<Guid> entry_guids(const Json& entries) {
    std::vector<Guid> out;
    if (!entries.is_array()) return out;
    for (const Json& e : entries) {
        if (!e.is_object() || !e.contains("guid") || !e["guid"].is_string()) continue;
        if (auto g = parse_guid(e["guid"].get<std::string>())) out.push_back(*g);
    }
    return out;
}

glm::vec2 local_offset(const World& world, Handle h, glm::vec2 offset) {
    const Handle parent = world.parent(h);
    if (!parent) return offset;
    const glm::mat3 m = world.world_matrix(parent);
    const glm::mat2 linear{glm::vec2(m[0]), glm::vec2(m[1])};
    if (glm::determinant(linear) == 0.0f) return glm::vec2(0.0f);
    return glm::inverse(linear) * offset;
}

} // namespace diorama::editor
