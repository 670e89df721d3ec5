// EditorSession: the edits, each one command on the history.

#include "editor_session.h"

#include "commands.h"
#include "paint_tiles_command.h"
#include "unique_names.h"

#include "diorama/field_path.h"
#include "diorama/log.h"
#include "diorama/scene_file.h"

#include <glm/common.hpp>

#include <algorithm>
#include <unordered_set>
#include <utility>

namespace diorama::editor {

namespace {

Json vec2_json(glm::vec2 v) {
    return Json::array({float_to_json(v.x), float_to_json(v.y)});
}

// A scene entry of a new object at a position.
Json new_entry(Guid guid, const std::string& name, const std::string& layer, glm::vec2 position) {
    Json transform = Json::object();
    transform["position"] = vec2_json(position);
    Json components = Json::object();
    components["Transform2D"] = std::move(transform);
    Json entry = Json::object();
    entry["guid"] = to_string(guid);
    entry["name"] = name;
    entry["layer"] = layer;
    entry["components"] = std::move(components);
    return entry;
}

// The entries whose parent is not among the entries.
std::vector<Guid> root_guids(const Json& entries) {
    std::unordered_set<std::string> guids;
    for (const Json& e : entries)
        guids.insert(e.value("guid", std::string()));
    std::vector<Guid> roots;
    for (const Json& e : entries) {
        const Json* parent = e.contains("parent") ? &e["parent"] : nullptr;
        if (parent != nullptr && parent->is_string() && guids.contains(parent->get<std::string>()))
            continue;
        if (auto g = parse_guid(e.value("guid", std::string()))) roots.push_back(*g);
    }
    return roots;
}

Error logged(Error error) {
    log_warning(error.describe());
    return error;
}

Error no_object(Guid object) {
    return logged(
        make_error(ErrorCode::NotFound, "object " + to_string(object) + " does not exist"));
}

// Refused on a stand-in for a missing prefab: a component added to it could not be saved (its
// components are kept as the file has them).
std::optional<Error> refused_on_placeholder(const World& world, Handle h, const std::string& what) {
    const MissingPrefab* kept = world.get<MissingPrefab>(h);
    if (kept == nullptr) return std::nullopt;
    return logged(make_error(ErrorCode::InvalidArgument,
                             "cannot " + what + " '" + world.name(h) +
                                 "': it stands in for the missing prefab \"" + kept->prefab +
                                 "\" and keeps its components as the scene file has them"));
}

} // namespace

// ---- helpers ----

Result<void> EditorSession::add_entries(const std::string& label, const Json& entries,
                                        glm::vec2 offset) {
    return execute(std::make_unique<AddObjectsCommand>(label, entries, edit_context(), offset));
}

std::vector<Handle> EditorSession::selected_top_level() const {
    return top_level(*m_world, selected_handles());
}

glm::vec2 EditorSession::snapped(glm::vec2 world_point) const {
    if (!m_grid.snap || !(m_grid.size > 0.0f)) return world_point;
    return glm::round(world_point / m_grid.size) * m_grid.size;
}

// ---- creating and deleting ----

Result<Handle> EditorSession::place_prefab(const std::string& prefab, glm::vec2 world_point) {
    const Prefab* p = prefabs().find(prefab);
    if (p == nullptr)
        return logged(make_error(ErrorCode::NotFound, "no prefab \"" + prefab + "\""));
    if (m_showing_prefab)
        if (const std::string cycle = prefab_cycle(prefabs(), m_prefab_path, {p->path});
            !cycle.empty())
            return logged(make_error(ErrorCode::Cycle,
                                     "place: " + cycle + ": a prefab cannot contain itself"));
    const LayerId layer = p->layer.empty() ? 0 : m_world->find_layer(p->layer).value_or(0);
    auto entries =
        instance_entries(*p, UniqueNames(*m_world).take(p->name), layer, snapped(world_point));
    if (!entries) return logged(entries.error());
    const auto guid = parse_guid((*entries)[0].value("guid", std::string()));
    if (!guid) return logged(make_error(ErrorCode::Type, "place: the instance has no guid"));
    if (auto ok = add_entries("Place " + p->name, *entries, glm::vec2(0.0f)); !ok)
        return ok.error();
    m_selection.assign(1, *guid);
    return m_world->find(*guid);
}

Result<Handle> EditorSession::create_object(const std::string& name, glm::vec2 world_point) {
    const std::vector<Handle> selected = selected_handles();
    const LayerId layer = selected.empty() ? 0 : m_world->layer(selected.back());
    const Guid guid = m_world->new_guid();
    Json entry = new_entry(guid, UniqueNames(*m_world).take(name), m_world->layers()[layer],
                           snapped(world_point));
    if (auto ok = add_entries("Create " + name, Json::array({std::move(entry)}), glm::vec2(0.0f));
        !ok)
        return ok.error();
    m_selection.assign(1, guid);
    return m_world->find(guid);
}

void EditorSession::delete_selection() {
    const std::vector<Handle> top = selected_top_level();
    if (top.empty()) return;
    std::vector<Guid> guids;
    for (Handle h : top)
        guids.push_back(m_world->guid(h));
    (void)execute(
        std::make_unique<RemoveObjectsCommand>("Delete", std::move(guids), edit_context()));
}

void EditorSession::duplicate_selection() {
    const std::vector<Handle> top = selected_top_level();
    if (top.empty()) return;
    auto entries = objects_to_json(*m_world, with_descendants(*m_world, top), prefabs());
    if (!entries) {
        log_error("duplicate: " + entries.error().describe());
        return;
    }
    Json copies = with_fresh_guids(*entries, *m_world);
    make_names_unique(copies, *m_world);
    const glm::vec2 step(m_grid.size, -m_grid.size);
    if (add_entries("Duplicate", copies, step)) select_only(root_guids(copies));
}

void EditorSession::copy_selection() {
    const std::vector<Handle> top = selected_top_level();
    if (top.empty()) return;
    auto entries = objects_to_json(*m_world, with_descendants(*m_world, top), prefabs());
    if (!entries) {
        log_error("copy: " + entries.error().describe());
        return;
    }
    // The copied roots become roots at their world transforms (their parents may not be there
    // when pasting).
    for (Handle h : top) {
        const std::string guid = to_string(m_world->guid(h));
        for (Json& e : *entries) {
            if (e.value("guid", std::string()) != guid) continue;
            const Transform2D t = from_matrix(m_world->world_matrix(h));
            Json transform = Json::object();
            transform["position"] = vec2_json(t.position);
            transform["rotation_deg"] = float_to_json(t.rotation_deg);
            transform["scale"] = vec2_json(t.scale);
            e.erase("parent");
            e["components"]["Transform2D"] = std::move(transform);
        }
    }
    m_clipboard = std::move(*entries);
    m_paste_count = 0;
}

void EditorSession::cut_selection() {
    copy_selection();
    const std::vector<Handle> top = selected_top_level();
    if (top.empty()) return;
    std::vector<Guid> guids;
    for (Handle h : top)
        guids.push_back(m_world->guid(h));
    (void)execute(std::make_unique<RemoveObjectsCommand>("Cut", std::move(guids), edit_context()));
}

void EditorSession::paste() {
    if (m_clipboard.empty()) return;
    Json copies = with_fresh_guids(m_clipboard, *m_world);
    make_names_unique(copies, *m_world);
    // Layers this scene lacks fall back to its first layer.
    for (Json& e : copies)
        if (!m_world->find_layer(e.value("layer", std::string())))
            e["layer"] = m_world->layers()[0];
    const float steps = static_cast<float>(m_paste_count + 1);
    const glm::vec2 offset = glm::vec2(m_grid.size, -m_grid.size) * steps;
    if (!add_entries("Paste", copies, offset)) return;
    ++m_paste_count;
    select_only(root_guids(copies));
}

// ---- fields ----

Result<void> EditorSession::set_field(const std::string& path, const FieldValue& value,
                                      std::uint64_t merge_key) {
    auto parsed = parse_field_path(path);
    if (!parsed) return logged(parsed.error());
    const TypeInfo* type = registry().find(parsed->component);
    if (type == nullptr)
        return logged(make_error(ErrorCode::UnknownType,
                                 "no component type '" + parsed->component + "'", path));
    std::vector<Guid> targets;
    for (Handle h : selected_handles())
        if (m_world->has(h, type->id)) targets.push_back(m_world->guid(h));
    if (targets.empty())
        return logged(
            make_error(ErrorCode::NotFound, "no selected object has a " + type->name, path));
    return execute(std::make_unique<SetFieldCommand>(std::move(targets), path, value, merge_key));
}

Result<void> EditorSession::set_field(Guid object, const std::string& path, const FieldValue& value,
                                      std::uint64_t merge_key) {
    if (!m_world->find(object)) return no_object(object);
    return execute(
        std::make_unique<SetFieldCommand>(std::vector<Guid>{object}, path, value, merge_key));
}

Result<void> EditorSession::paint_tiles(Guid map, std::size_t layer,
                                        std::vector<TileChange> changes, const std::string& label,
                                        std::uint64_t merge_key) {
    if (!m_world->find(map)) return no_object(map);
    if (changes.empty()) return {};
    return execute(
        std::make_unique<PaintTilesCommand>(map, layer, std::move(changes), label, merge_key));
}

// ---- names, layers, hierarchy ----

Result<void> EditorSession::rename(Guid object, const std::string& name) {
    const Handle h = m_world->find(object);
    if (!h) return no_object(object);
    if (m_world->name(h) == name) return {};
    return execute(std::make_unique<RenameCommand>(object, name));
}

Result<void> EditorSession::set_layer(Guid object, const std::string& layer) {
    const Handle h = m_world->find(object);
    if (!h) return no_object(object);
    const std::optional<LayerId> id = m_world->find_layer(layer);
    if (!id) return logged(make_error(ErrorCode::NotFound, "no layer \"" + layer + "\""));
    if (m_world->layer(h) == *id) return {};
    return execute(std::make_unique<SetLayerCommand>(object, *id));
}

Result<void> EditorSession::reparent(Guid object, Guid new_parent) {
    const Handle h = m_world->find(object);
    if (!h) return no_object(object);
    Handle parent{};
    if (!new_parent.is_null()) {
        parent = m_world->find(new_parent);
        if (!parent) return no_object(new_parent);
        if (parent == h || m_world->is_descendant(parent, h))
            return logged(make_error(ErrorCode::Cycle,
                                     "'" + m_world->name(h) +
                                         "' cannot become a child of itself or of its descendant",
                                     to_string(object)));
    }
    if (m_world->parent(h) == parent) return {};
    return execute(std::make_unique<ReparentCommand>(object, new_parent));
}

Result<void> EditorSession::reorder(const std::vector<Guid>& objects, Guid target,
                                    SiblingPlace place) {
    const Handle t = m_world->find(target);
    if (!t) return no_object(target);
    std::vector<Handle> handles;
    for (Guid g : objects) {
        const Handle h = m_world->find(g);
        if (!h) return no_object(g);
        if (h == t) continue;
        if (m_world->is_descendant(t, h))
            return logged(make_error(
                ErrorCode::Cycle,
                "'" + m_world->name(h) + "' cannot move next to its own descendant", to_string(g)));
        handles.push_back(h);
    }
    handles = top_level(*m_world, handles); // children move with their parents
    if (handles.empty()) return {};
    const Handle parent = m_world->parent(t);
    std::vector<std::unique_ptr<EditCommand>> steps;
    std::vector<Guid> moved;
    for (Handle h : handles) {
        const Guid g = m_world->guid(h);
        moved.push_back(g);
        if (m_world->parent(h) != parent)
            steps.push_back(
                std::make_unique<ReparentCommand>(g, parent ? m_world->guid(parent) : Guid{}));
        if (!parent && m_world->layer(h) != m_world->layer(t))
            steps.push_back(std::make_unique<SetLayerCommand>(g, m_world->layer(t)));
    }
    if (steps.empty()) { // already siblings: nothing to do when they already stand there
        std::vector<Handle> order;
        for (Handle s = parent ? m_world->first_child(parent) : m_world->first_root(); s;
             s = m_world->next_sibling(s))
            order.push_back(s);
        std::vector<Handle> after_move;
        for (Handle s : order)
            if (std::find(handles.begin(), handles.end(), s) == handles.end())
                after_move.push_back(s);
        std::sort(handles.begin(), handles.end(), [&](Handle a, Handle b) {
            return m_world->tree_rank(a) < m_world->tree_rank(b);
        });
        auto at = std::find(after_move.begin(), after_move.end(), t);
        if (place == SiblingPlace::After) ++at;
        after_move.insert(at, handles.begin(), handles.end());
        if (after_move == order) return {};
    }
    steps.push_back(std::make_unique<ReorderCommand>(std::move(moved), target, place));
    if (steps.size() == 1) return execute(std::move(steps.front()));
    return execute(std::make_unique<CommandGroup>("Reorder", std::move(steps)));
}

// ---- components ----

Result<void> EditorSession::add_component(Guid object, const std::string& type_name) {
    const Handle h = m_world->find(object);
    if (!h) return no_object(object);
    if (auto refused = refused_on_placeholder(*m_world, h, "add a component to")) return *refused;
    const TypeInfo* type = registry().find(type_name);
    if (type == nullptr)
        return logged(make_error(ErrorCode::UnknownType, "no component type '" + type_name + "'"));
    if (m_world->has(h, type->id))
        return logged(make_error(ErrorCode::Duplicate,
                                 "'" + m_world->name(h) + "' already has a " + type_name));
    // A prefab instance gets the prefab's values back (it removed the component before).
    std::shared_ptr<const void> initial;
    if (const PrefabInstance* link = m_world->get<PrefabInstance>(h)) {
        const Prefab* prefab = prefabs().find(link->prefab);
        if (const void* value = prefab != nullptr ? prefab->find(link->part, type->id) : nullptr) {
            std::shared_ptr<void> copy = type->make_instance();
            type->copy(copy.get(), value);
            initial = std::move(copy);
        }
    }
    return execute(std::make_unique<AddComponentCommand>(object, *type, std::move(initial)));
}

Result<void> EditorSession::remove_component(Guid object, const std::string& type_name) {
    const Handle h = m_world->find(object);
    if (!h) return no_object(object);
    const TypeInfo* type = registry().find(type_name);
    if (type == nullptr)
        return logged(make_error(ErrorCode::UnknownType, "no component type '" + type_name + "'"));
    if (type->id == component_id<Transform2D>())
        return logged(make_error(ErrorCode::InvalidArgument, "every object keeps its Transform2D"));
    if (!m_world->has(h, type->id))
        return logged(
            make_error(ErrorCode::NotFound, "'" + m_world->name(h) + "' has no " + type_name));
    return execute(std::make_unique<RemoveComponentCommand>(object, *type));
}

// ---- properties ----

namespace {

constexpr const char* kPropertiesPath = "Properties.values";

} // namespace

Result<void> EditorSession::set_property(Guid object, const std::string& key,
                                         const PropertyValue& value) {
    const Handle h = m_world->find(object);
    if (!h) return no_object(object);
    if (key.empty())
        return logged(make_error(ErrorCode::InvalidArgument, "a property needs a key"));
    if (auto refused = refused_on_placeholder(*m_world, h, "add a property to")) return *refused;
    const Properties* properties = m_world->get<Properties>(h);
    PropertyMap values = properties != nullptr ? properties->values : PropertyMap{};
    if (auto it = values.find(key); it != values.end() && it->second == value) return {};
    values[key] = value;
    auto set =
        std::make_unique<SetFieldCommand>(std::vector<Guid>{object}, kPropertiesPath,
                                          FieldValue{std::move(values)}, 0, "Set property " + key);
    if (properties != nullptr) return execute(std::move(set));
    std::vector<std::unique_ptr<EditCommand>> steps;
    steps.push_back(
        std::make_unique<AddComponentCommand>(object, *registry().find<Properties>(), nullptr));
    steps.push_back(std::move(set));
    return execute(std::make_unique<CommandGroup>("Set property " + key, std::move(steps)));
}

Result<void> EditorSession::rename_property(Guid object, const std::string& from,
                                            const std::string& to) {
    const Handle h = m_world->find(object);
    if (!h) return no_object(object);
    const Properties* properties = m_world->get<Properties>(h);
    if (properties == nullptr || !properties->values.contains(from))
        return logged(make_error(ErrorCode::NotFound, "no property \"" + from + "\""));
    if (to.empty()) return logged(make_error(ErrorCode::InvalidArgument, "a property needs a key"));
    if (from == to) return {};
    if (properties->values.contains(to))
        return logged(
            make_error(ErrorCode::Duplicate, "there is a property \"" + to + "\" already"));
    PropertyMap values = properties->values;
    auto node = values.extract(from);
    node.key() = to;
    values.insert(std::move(node));
    return execute(std::make_unique<SetFieldCommand>(std::vector<Guid>{object}, kPropertiesPath,
                                                     FieldValue{std::move(values)}, 0,
                                                     "Rename property " + from));
}

Result<void> EditorSession::remove_property(Guid object, const std::string& key) {
    const Handle h = m_world->find(object);
    if (!h) return no_object(object);
    const Properties* properties = m_world->get<Properties>(h);
    if (properties == nullptr || !properties->values.contains(key))
        return logged(make_error(ErrorCode::NotFound, "no property \"" + key + "\""));
    PropertyMap values = properties->values;
    values.erase(values.find(key));
    return execute(std::make_unique<SetFieldCommand>(std::vector<Guid>{object}, kPropertiesPath,
                                                     FieldValue{std::move(values)}, 0,
                                                     "Remove property " + key));
}

} // namespace diorama::editor
