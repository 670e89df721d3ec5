#include "commands.h"

#include "diorama/diagnostics.h"
#include "diorama/field_path.h"
#include "diorama/log.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>
#include <utility>

namespace diorama::editor {

namespace {

// Objects the editor carries (undo, paste) may stand in for a missing prefab: they stay so; a
// field a script has since dropped or retyped keeps its default, as when the scene opens.
constexpr SceneLoadOptions kKeepPlaceholders{.keep_missing_prefabs = true,
                                             .keep_unfit_fields = true};

Error missing(Guid object) {
    return make_error(ErrorCode::NotFound, "object " + to_string(object) + " does not exist");
}

std::vector<Guid> guids_of(const World& world, const std::vector<Handle>& objects) {
    std::vector<Guid> out;
    out.reserve(objects.size());
    for (Handle h : objects)
        out.push_back(world.guid(h));
    return out;
}

// Moves each listed child of parent to the end of its child list, in list order: when the list
// names every child, the parent's children end up exactly in that order.
void restore_child_order(World& world, Handle parent, const std::vector<Guid>& children) {
    if (!parent) return;
    for (Guid g : children) {
        const Handle child = world.find(g);
        if (!child || world.parent(child) != parent) continue;
        (void)world.move_before(child, kNullHandle);
    }
}

// For the roots whose slots are in `members`, in the roots' order: each one's place, the first
// root after it that is not a member (null: last). One pass over the roots.
std::vector<RootPlace> member_places(const World& world,
                                     const std::unordered_set<std::uint32_t>& members) {
    std::vector<Handle> order;
    for (Handle r = world.first_root(); r; r = world.next_sibling(r))
        order.push_back(r);
    std::vector<RootPlace> places;
    Guid next_outside{};
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (members.contains(it->index))
            places.push_back(RootPlace{world.guid(*it), next_outside});
        else
            next_outside = world.guid(*it);
    }
    std::reverse(places.begin(), places.end());
    return places;
}

// Where each root among objects stands: the root after it that is not one of them (null: last),
// in tree order.
std::vector<RootPlace> root_places(const World& world, const std::vector<Handle>& objects) {
    std::unordered_set<std::uint32_t> roots;
    for (Handle h : objects)
        if (world.alive(h) && !world.parent(h)) roots.insert(h.index);
    if (roots.empty()) return {};
    return member_places(world, roots);
}

// Puts re-created roots back in their places. Re-created into their old slots they already are
// while the roots follow slots; once the roots have an order of their own (a reorder), new roots
// come last and are moved, in order, each before the root that followed it.
void restore_root_places(World& world, const std::vector<RootPlace>& places) {
    if (places.empty()) return;
    std::vector<Handle> roots;
    std::unordered_set<std::uint32_t> members;
    for (const RootPlace& p : places) {
        roots.push_back(world.find(p.root));
        if (roots.back()) members.insert(roots.back().index);
    }
    const std::vector<RootPlace> now = member_places(world, members);
    bool in_place = now.size() == places.size();
    for (std::size_t k = 0; k < places.size() && in_place; ++k)
        in_place = now[k].root == places[k].root && now[k].next == places[k].next;
    if (in_place) return;
    for (std::size_t k = 0; k < places.size(); ++k) {
        const Handle before = places[k].next.is_null() ? kNullHandle : world.find(places[k].next);
        if (roots[k]) (void)world.move_before(roots[k], before);
    }
}

// Scene entries kept in the history as compact JSON text: a fraction of the parsed tree's memory,
// and exactly the bytes the history accounts for.
Result<Json> parse_entries(const std::string& text, const std::string& label) {
    return parse_json(text, "undo history: " + label);
}

std::size_t value_bytes(const FieldValue& value) {
    std::size_t bytes = sizeof(FieldValue);
    if (const std::string* s = std::get_if<std::string>(&value)) bytes += s->capacity();
    if (const PropertyMap* m = std::get_if<PropertyMap>(&value))
        for (const auto& [key, v] : *m)
            bytes += key.capacity() + sizeof(v) + 32;
    return bytes;
}

// Mixes a value into a hash (for merge keys).
std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

} // namespace

bool EditCommand::fail(Error error) {
    m_failure = std::move(error);
    return false;
}

// ---- objects ----

AddObjectsCommand::AddObjectsCommand(std::string label, Json entries, EditContext context,
                                     glm::vec2 offset)
    : m_label(std::move(label)), m_entries(to_compact_json(entries)), m_guids(entry_guids(entries)),
      m_context(context), m_offset(offset) {
    m_entries.shrink_to_fit();
}

bool AddObjectsCommand::apply(World& world) {
    auto entries = parse_entries(m_entries, m_label);
    if (!entries) return fail(entries.error());
    // Again (redo): into the slots they had, which keeps their place in the save order.
    world.prefer_free_slots(m_slots);
    Diagnostics diagnostics;
    auto added = add_objects(world, *entries, *m_context.project, *m_context.prefabs, diagnostics,
                             false, kKeepPlaceholders);
    if (!added) return fail(added.error());
    m_slots.clear();
    for (Handle h : *added)
        m_slots.push_back(h.index);
    if (m_placed)
        restore_root_places(world, m_root_places);
    else
        m_root_places = root_places(world, *added);
    m_placed = true;
    if (m_offset != glm::vec2(0.0f)) {
        std::unordered_set<std::uint32_t> in_set;
        for (Handle h : *added)
            in_set.insert(h.index);
        for (Handle h : *added) {
            const Handle parent = world.parent(h);
            if (!parent || !in_set.contains(parent.index))
                world.get<Transform2D>(h)->position += local_offset(world, h, m_offset);
        }
    }
    return true;
}

void AddObjectsCommand::revert(World& world) {
    for (Guid g : m_guids)
        world.destroy(world.find(g));
    world.flush();
}

std::size_t AddObjectsCommand::bytes() const {
    return sizeof(*this) + m_label.capacity() + m_entries.capacity() +
           m_guids.capacity() * sizeof(Guid) + m_slots.capacity() * sizeof(std::uint32_t) +
           m_root_places.capacity() * sizeof(RootPlace);
}

RemoveObjectsCommand::RemoveObjectsCommand(std::string label, std::vector<Guid> objects,
                                           EditContext context)
    : m_label(std::move(label)), m_objects(std::move(objects)), m_context(context) {}

bool RemoveObjectsCommand::apply(World& world) {
    std::vector<Handle> roots;
    for (Guid g : m_objects)
        if (const Handle h = world.find(g)) roots.push_back(h);
    if (roots.empty()) return fail(make_error(ErrorCode::NotFound, "nothing to delete"));
    roots = top_level(world, roots);
    auto snapshot = objects_to_json(world, with_descendants(world, roots), *m_context.prefabs);
    if (!snapshot) return fail(snapshot.error());

    m_orders.clear();
    for (Handle root : roots) {
        const Handle parent = world.parent(root);
        if (!parent) continue;
        const Guid parent_guid = world.guid(parent);
        bool known = false;
        for (const ChildOrder& o : m_orders)
            known = known || o.parent == parent_guid;
        if (!known)
            m_orders.push_back(ChildOrder{parent_guid, guids_of(world, world.children(parent))});
    }
    m_root_places = root_places(world, roots);
    m_slots.clear();
    for (Guid g : entry_guids(*snapshot))
        m_slots.push_back(world.find(g).index);
    m_snapshot = to_compact_json(*snapshot);
    m_snapshot.shrink_to_fit();
    std::size_t orders = 0;
    for (const ChildOrder& o : m_orders)
        orders += sizeof(ChildOrder) + o.children.capacity() * sizeof(Guid);
    m_bytes = sizeof(*this) + m_label.capacity() + m_snapshot.capacity() +
              m_objects.capacity() * sizeof(Guid) + m_slots.capacity() * sizeof(std::uint32_t) +
              orders + m_root_places.capacity() * sizeof(RootPlace);
    for (Handle root : roots)
        world.destroy(root);
    world.flush();
    return true;
}

void RemoveObjectsCommand::revert(World& world) {
    auto snapshot = parse_entries(m_snapshot, m_label);
    if (!snapshot) {
        log_error("undo " + m_label + ": " + snapshot.error().describe());
        return;
    }
    world.prefer_free_slots(m_slots); // back where they were: the same save order
    Diagnostics diagnostics;
    auto added = add_objects(world, *snapshot, *m_context.project, *m_context.prefabs, diagnostics,
                             false, kKeepPlaceholders);
    if (!added) {
        log_error("undo " + m_label + ": cannot restore the objects: " + added.error().describe());
        return;
    }
    for (const ChildOrder& o : m_orders)
        restore_child_order(world, world.find(o.parent), o.children);
    restore_root_places(world, m_root_places);
}

std::size_t RemoveObjectsCommand::bytes() const {
    return m_bytes != 0 ? m_bytes : sizeof(*this) + m_objects.size() * sizeof(Guid);
}

// ---- fields ----

SetFieldCommand::SetFieldCommand(std::vector<Guid> objects, std::string path, FieldValue value,
                                 std::uint64_t merge_key, std::string label)
    : m_objects(std::move(objects)), m_path(std::move(path)), m_value(std::move(value)),
      m_label(std::move(label)) {
    if (m_label.empty()) m_label = "Set " + m_path;
    if (merge_key == 0) return;
    // Only the same edit (path and objects) under the same gesture key merges.
    std::uint64_t key = mix(merge_key, std::hash<std::string>{}(m_path));
    for (Guid g : m_objects)
        key = mix(key, g.value);
    m_merge_key = key != 0 ? key : 1;
}

bool SetFieldCommand::apply(World& world) {
    m_old.clear();
    auto undo_done = [&] {
        for (std::size_t i = m_old.size(); i-- > 0;)
            (void)diorama::set_field(world, world.find(m_objects[i]), m_path, m_old[i]);
        m_old.clear();
    };
    for (Guid g : m_objects) {
        const Handle h = world.find(g);
        if (!h) {
            undo_done();
            return fail(missing(g));
        }
        auto old = get_field(world, h, m_path);
        if (!old) {
            undo_done();
            return fail(old.error());
        }
        if (auto ok = diorama::set_field(world, h, m_path, m_value); !ok) {
            undo_done();
            return fail(ok.error());
        }
        m_old.push_back(std::move(*old));
    }
    return true;
}

void SetFieldCommand::revert(World& world) {
    for (std::size_t i = m_old.size(); i-- > 0;) {
        if (auto ok = diorama::set_field(world, world.find(m_objects[i]), m_path, m_old[i]); !ok)
            log_error("undo " + label() + ": " + ok.error().describe());
    }
}

std::string SetFieldCommand::label() const {
    return m_label;
}

void SetFieldCommand::merge(Command& newer) {
    m_value = static_cast<SetFieldCommand&>(newer).m_value;
}

std::size_t SetFieldCommand::bytes() const {
    std::size_t bytes =
        sizeof(*this) + m_path.capacity() + value_bytes(m_value) + m_objects.size() * sizeof(Guid);
    for (const FieldValue& v : m_old)
        bytes += value_bytes(v);
    return bytes;
}

SetTransformsCommand::SetTransformsCommand(std::string label, std::vector<TransformChange> changes,
                                           std::uint64_t merge_key)
    : m_label(std::move(label)), m_changes(std::move(changes)), m_merge_key(merge_key) {}

std::vector<Guid> SetTransformsCommand::field_targets() const {
    std::vector<Guid> objects;
    objects.reserve(m_changes.size());
    for (const TransformChange& change : m_changes)
        objects.push_back(change.object);
    return objects;
}

bool SetTransformsCommand::apply(World& world) {
    for (std::size_t i = 0; i < m_changes.size(); ++i) {
        Transform2D* t = world.get<Transform2D>(world.find(m_changes[i].object));
        if (t == nullptr) {
            for (std::size_t j = i; j-- > 0;)
                *world.get<Transform2D>(world.find(m_changes[j].object)) = m_changes[j].before;
            return fail(missing(m_changes[i].object));
        }
        *t = m_changes[i].after;
    }
    return true;
}

void SetTransformsCommand::revert(World& world) {
    for (std::size_t i = m_changes.size(); i-- > 0;)
        if (Transform2D* t = world.get<Transform2D>(world.find(m_changes[i].object)))
            *t = m_changes[i].before;
}

void SetTransformsCommand::merge(Command& newer) {
    for (const TransformChange& n : static_cast<SetTransformsCommand&>(newer).m_changes)
        for (TransformChange& c : m_changes)
            if (c.object == n.object) c.after = n.after;
}

std::size_t SetTransformsCommand::bytes() const {
    return sizeof(*this) + m_label.capacity() + m_changes.size() * sizeof(TransformChange);
}

// ---- hierarchy, names, layers ----

ReparentCommand::ReparentCommand(Guid object, Guid new_parent)
    : m_object(object), m_new_parent(new_parent) {}

bool ReparentCommand::apply(World& world) {
    const Handle h = world.find(m_object);
    if (!h) return fail(missing(m_object));
    Handle parent{};
    if (!m_new_parent.is_null()) {
        parent = world.find(m_new_parent);
        if (!parent) return fail(missing(m_new_parent));
    }
    const Handle old_parent = world.parent(h);
    const Transform2D old_local = *world.get<Transform2D>(h);
    std::vector<Guid> old_siblings =
        old_parent ? guids_of(world, world.children(old_parent)) : std::vector<Guid>{};
    const Handle old_next = old_parent ? kNullHandle : world.next_sibling(h);
    if (auto ok = world.set_parent(h, parent, Reparent::KeepWorld); !ok) return fail(ok.error());
    m_old_parent = old_parent ? world.guid(old_parent) : Guid{};
    m_old_local = old_local;
    m_old_siblings = std::move(old_siblings);
    m_old_next = old_next ? world.guid(old_next) : Guid{};
    return true;
}

void ReparentCommand::revert(World& world) {
    const Handle h = world.find(m_object);
    const Handle old_parent = m_old_parent.is_null() ? kNullHandle : world.find(m_old_parent);
    if (auto ok = world.set_parent(h, old_parent); !ok) {
        log_error("undo Reparent: " + ok.error().describe());
        return;
    }
    *world.get<Transform2D>(h) = m_old_local;
    restore_child_order(world, old_parent, m_old_siblings);
    if (!old_parent) { // back to its place among the roots
        const Handle next = m_old_next.is_null() ? kNullHandle : world.find(m_old_next);
        if (world.next_sibling(h) != next) (void)world.move_before(h, next);
    }
}

std::size_t ReparentCommand::bytes() const {
    return sizeof(*this) + m_old_siblings.size() * sizeof(Guid);
}

RenameCommand::RenameCommand(Guid object, std::string name)
    : m_object(object), m_name(std::move(name)) {}

bool RenameCommand::apply(World& world) {
    const Handle h = world.find(m_object);
    if (!h) return fail(missing(m_object));
    m_old_name = world.name(h);
    world.set_name(h, m_name);
    return true;
}

void RenameCommand::revert(World& world) {
    world.set_name(world.find(m_object), m_old_name);
}

std::size_t RenameCommand::bytes() const {
    return sizeof(*this) + m_name.capacity() + m_old_name.capacity();
}

SetLayerCommand::SetLayerCommand(Guid object, LayerId layer) : m_object(object), m_layer(layer) {}

bool SetLayerCommand::apply(World& world) {
    const Handle h = world.find(m_object);
    if (!h) return fail(missing(m_object));
    m_old_layer = world.layer(h);
    if (auto ok = world.set_layer(h, m_layer); !ok) return fail(ok.error());
    return true;
}

void SetLayerCommand::revert(World& world) {
    (void)world.set_layer(world.find(m_object), m_old_layer);
}

// ---- components ----

AddComponentCommand::AddComponentCommand(Guid object, const TypeInfo& type,
                                         std::shared_ptr<const void> initial)
    : m_object(object), m_type(&type), m_initial(std::move(initial)) {}

bool AddComponentCommand::apply(World& world) {
    const Handle h = world.find(m_object);
    if (!h) return fail(missing(m_object));
    if (world.has(h, m_type->id))
        return fail(make_error(ErrorCode::Duplicate, "the object already has a " + m_type->name,
                               to_string(m_object)));
    const void* added =
        m_initial ? world.add_copy(h, m_type->id, m_initial.get()) : world.add(h, m_type->id);
    if (added == nullptr)
        return fail(make_error(ErrorCode::OutOfMemory, "cannot add a " + m_type->name));
    return true;
}

void AddComponentCommand::revert(World& world) {
    world.remove(world.find(m_object), m_type->id);
}

std::size_t AddComponentCommand::bytes() const {
    return sizeof(*this) + (m_initial ? m_type->size : 0);
}

RemoveComponentCommand::RemoveComponentCommand(Guid object, const TypeInfo& type)
    : m_object(object), m_type(&type) {}

bool RemoveComponentCommand::apply(World& world) {
    const Handle h = world.find(m_object);
    if (!h) return fail(missing(m_object));
    const void* component = world.get(h, m_type->id);
    if (component == nullptr)
        return fail(make_error(ErrorCode::NotFound, "the object has no " + m_type->name,
                               to_string(m_object)));
    m_snapshot = m_type->make_instance();
    m_type->copy(m_snapshot.get(), component);
    world.remove(h, m_type->id);
    return true;
}

void RemoveComponentCommand::revert(World& world) {
    (void)world.add_copy(world.find(m_object), m_type->id, m_snapshot.get());
}

std::size_t RemoveComponentCommand::bytes() const {
    return sizeof(*this) + m_type->size;
}

// ---- groups ----

CommandGroup::CommandGroup(std::string label, std::vector<std::unique_ptr<EditCommand>> commands)
    : m_label(std::move(label)), m_commands(std::move(commands)) {}

std::vector<Guid> CommandGroup::field_targets() const {
    std::vector<Guid> objects;
    for (const auto& command : m_commands) {
        const std::vector<Guid> targets = command->field_targets();
        if (targets.empty()) return {};
        objects.insert(objects.end(), targets.begin(), targets.end());
    }
    return objects;
}

bool CommandGroup::apply(World& world) {
    for (std::size_t i = 0; i < m_commands.size(); ++i) {
        if (m_commands[i]->apply(world)) continue;
        for (std::size_t j = i; j-- > 0;)
            m_commands[j]->revert(world);
        return fail(m_commands[i]->failure());
    }
    return true;
}

void CommandGroup::revert(World& world) {
    for (std::size_t i = m_commands.size(); i-- > 0;)
        m_commands[i]->revert(world);
}

std::size_t CommandGroup::bytes() const {
    std::size_t bytes = sizeof(*this);
    for (const auto& c : m_commands)
        bytes += c->bytes();
    return bytes;
}

} // namespace diorama::editor
