#include "diorama/prefab.h"

#include "component_json.h"
#include "diorama/components.h"
#include "diorama/file_io.h"
#include "diorama/log.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/suggest.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "document.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace diorama {

namespace fs = std::filesystem;

namespace {

const void* find_in(const std::vector<PrefabComponent>& components, ComponentId type) {
    for (const PrefabComponent& c : components)
        if (c.type->id == type) return c.value.get();
    return nullptr;
}

// The prefab paths a prefab file's children name ("children[i].prefab"), read without checking
// anything else (parse_prefab reports what is wrong); empty when it cannot be read.
std::vector<std::pair<std::string, std::string>> nested_in_file(const Project& project,
                                                                const std::string& path) {
    std::vector<std::pair<std::string, std::string>> uses; // path, JSON path
    auto file = file_in_project(project.root, fs::path(path));
    auto text = file ? read_file(*file, 16u << 20) : Result<std::string>(file.error());
    if (!text) return uses;
    auto parsed = parse_json(*text, path);
    if (!parsed || !parsed->is_object()) return uses;
    auto children = parsed->find("children");
    if (children == parsed->end() || !children->is_array()) return uses;
    for (std::size_t i = 0; i < children->size(); ++i) {
        const Json& entry = (*children)[i];
        if (!entry.is_object()) continue;
        auto from = entry.find("prefab");
        if (from != entry.end() && from->is_string())
            uses.emplace_back(from->get<std::string>(),
                              json_path(json_path("children", i), "prefab"));
    }
    return uses;
}

} // namespace

const void* PrefabPart::find(ComponentId type) const {
    return find_in(components, type);
}

const void* Prefab::find(ComponentId type) const {
    return find_in(components, type);
}

const PrefabPart* Prefab::part(Guid part_id) const {
    if (part_id.is_null()) return nullptr;
    for (const PrefabPart& p : children)
        if (p.id == part_id) return &p;
    return nullptr;
}

const std::vector<PrefabComponent>* Prefab::components_of(Guid part_id) const {
    if (part_id.is_null()) return &components;
    const PrefabPart* p = part(part_id);
    return p != nullptr ? &p->components : nullptr;
}

const void* Prefab::find(Guid part_id, ComponentId type) const {
    const auto* list = components_of(part_id);
    return list != nullptr ? find_in(*list, type) : nullptr;
}

std::vector<std::string> Prefab::nested_prefabs() const {
    std::vector<std::string> uses;
    for (const PrefabPart& p : children)
        if (!p.prefab.empty() && std::find(uses.begin(), uses.end(), p.prefab) == uses.end())
            uses.push_back(p.prefab);
    return uses;
}

// ---- library ----

void PrefabLibrary::load_folder(const Project& project, const TypeRegistry& registry,
                                Diagnostics& diagnostics, PrefabLoadOptions options) {
    // A prefab loads after the prefabs its children come from; a chain back to itself is a cycle.
    const std::vector<std::string> files =
        project_files(project.root, project.prefab_folder, ".prefab.json");
    enum class State : std::uint8_t { New, Loading, Done };
    std::map<std::string, State> state;
    for (const std::string& path : files)
        state[path] = State::New;
    std::vector<std::string> chain;
    std::function<void(const std::string&)> visit = [&](const std::string& path) {
        state[path] = State::Loading;
        chain.push_back(path);
        bool cycle = false;
        for (const auto& [used, json] : nested_in_file(project, path)) {
            auto it = state.find(used);
            if (it == state.end() || it->second == State::Done) continue;
            if (it->second == State::Loading) {
                std::string text;
                for (auto c = std::find(chain.begin(), chain.end(), used); c != chain.end(); ++c)
                    text += *c + " -> ";
                diagnostics.error(
                    make_error(ErrorCode::Cycle,
                               "prefab cycle " + text + used + ": a prefab cannot contain itself",
                               path + ": " + json));
                cycle = true;
                continue;
            }
            visit(used);
        }
        if (!cycle)
            if (auto prefab = load_prefab(project, path, registry, diagnostics, this, options))
                add(std::move(*prefab));
        chain.pop_back();
        state[path] = State::Done;
    };
    for (const std::string& path : files)
        if (state[path] == State::New) visit(path);
}

const Prefab& PrefabLibrary::add(Prefab prefab) {
    auto it = std::lower_bound(
        m_prefabs.begin(), m_prefabs.end(), prefab.path,
        [](const std::unique_ptr<Prefab>& p, const std::string& path) { return p->path < path; });
    if (it != m_prefabs.end() && (*it)->path == prefab.path) {
        **it = std::move(prefab);
        return **it;
    }
    return **m_prefabs.insert(it, std::make_unique<Prefab>(std::move(prefab)));
}

const Prefab* PrefabLibrary::find(std::string_view path_or_name) const {
    for (const auto& p : m_prefabs)
        if (p->path == path_or_name) return p.get();
    for (const auto& p : m_prefabs)
        if (p->name == path_or_name) return p.get();
    return nullptr;
}

std::string PrefabLibrary::did_you_mean(std::string_view path_or_name) const {
    // Names are compared (a typo is in the name, not in the folder), the path is suggested.
    std::string name(path_or_name);
    name = name.substr(name.find_last_of('/') + 1);
    if (const auto dot = name.find(".prefab.json"); dot != std::string::npos) name.resize(dot);
    std::vector<std::string> names;
    for (const auto& p : m_prefabs)
        names.push_back(p->name);
    if (const Prefab* same = find(name)) return "; did you mean \"" + same->path + "\"?";
    const std::string nearest = nearest_name(name, names);
    if (nearest.empty()) return {};
    return "; did you mean \"" + find(nearest)->path + "\"?";
}

// ---- instances ----

std::string prefab_cycle(const PrefabLibrary& library, std::string_view path,
                         const std::vector<std::string>& uses) {
    // Depth first from each used prefab; reaching `path` again closes the cycle.
    std::vector<std::string> chain{std::string(path)};
    std::function<bool(const std::string&)> reaches = [&](const std::string& used) {
        chain.push_back(used);
        if (used == path) return true;
        if (const Prefab* p = library.find(used); p != nullptr && p->path == used)
            for (const std::string& next : p->nested_prefabs())
                if (std::find(chain.begin() + 1, chain.end(), next) == chain.end() || next == path)
                    if (reaches(next)) return true;
        chain.pop_back();
        return false;
    };
    for (const std::string& used : uses) {
        if (!reaches(used)) continue;
        std::string text;
        for (std::size_t i = 0; i < chain.size(); ++i)
            text += (i > 0 ? " -> " : "") + chain[i];
        return text;
    }
    return {};
}

Prefab Prefab::clone() const {
    Prefab copy = *this;
    auto own = [](std::vector<PrefabComponent>& list) {
        for (PrefabComponent& c : list) {
            auto value = c.type->make_instance();
            c.type->copy(value.get(), c.value.get());
            c.value = std::move(value);
        }
    };
    own(copy.components);
    for (PrefabPart& part : copy.children)
        own(part.components);
    return copy;
}

PrefabFromObjects prefab_from_objects(const World& world, Handle root, std::string path,
                                      std::string name) {
    PrefabFromObjects out;
    Prefab& prefab = out.prefab;
    prefab.path = std::move(path);
    prefab.name = std::move(name);
    prefab.layer = world.layers()[world.layer(root)];
    prefab.id = world.guid(root);

    // The subtree in tree order (each object after its parent).
    std::vector<Handle> objects{root};
    for (std::size_t i = 0; i < objects.size(); ++i)
        for (Handle child : world.children(objects[i]))
            objects.push_back(child);
    std::unordered_set<Guid> inside;
    for (Handle h : objects)
        inside.insert(world.guid(h));

    for (Handle h : objects) {
        std::vector<PrefabComponent> components;
        for (ComponentId id : world.components_of(h)) {
            const TypeInfo* type = world.registry().find(id);
            if (type == nullptr) continue;
            auto value = type->make_instance();
            type->copy(value.get(), world.get(h, id));
            for (const FieldInfo& f : type->fields) {
                if (f.type != FieldType::ObjectRef) continue;
                const Guid target = std::get<Guid>(f.get(value.get()));
                if (target.is_null() || inside.contains(target)) continue;
                const Handle to = world.find(target);
                out.leaving.push_back(world.name(h) + ": " + type->name + "." + f.name +
                                      " points at " +
                                      (to ? "'" + world.name(to) + "'" : to_string(target)));
                f.set(value.get(), FieldValue{Guid{}});
            }
            components.push_back(PrefabComponent{type, std::move(value)});
        }
        const UnknownComponents* unknown = world.get<UnknownComponents>(h);
        if (h == root) {
            // The root's place is each instance's own; its children are placed relative to it.
            for (PrefabComponent& c : components)
                if (c.type->id == component_id<Transform2D>())
                    static_cast<Transform2D*>(c.value.get())->position = glm::vec2(0.0f);
            prefab.components = std::move(components);
            if (unknown != nullptr)
                for (const auto& [type, value] : unknown->components)
                    prefab.unknown[type] = value;
            continue;
        }
        PrefabPart part;
        part.id = world.guid(h);
        if (const Handle up = world.parent(h); up != root) part.parent = world.guid(up);
        part.name = world.name(h);
        if (const PrefabInstance* link = world.get<PrefabInstance>(h)) {
            part.prefab = link->prefab;
            part.prefab_part = link->part;
        }
        part.components = std::move(components);
        if (unknown != nullptr)
            for (const auto& [type, value] : unknown->components)
                part.unknown[type] = value;
        prefab.children.push_back(std::move(part));
    }
    return out;
}

namespace {

// Gives h the components of types nobody registered that a prefab object keeps (a JSON object of
// type -> fields), so that prefab_from_objects writes them back.
void keep_unknown(World& world, Handle h, const Json& unknown) {
    if (!unknown.is_object() || unknown.empty()) return;
    UnknownComponents* kept = world.add<UnknownComponents>(h);
    for (auto it = unknown.begin(); it != unknown.end(); ++it)
        kept->components[it.key()] = it.value();
}

} // namespace

Result<Handle> prefab_objects(World& world, const Prefab& prefab, LayerId layer) {
    auto root = world.create(ObjectDef{.name = prefab.name, .layer = layer, .guid = prefab.id});
    if (!root) return root.error();
    for (const Prefab::Component& c : prefab.components)
        world.add_copy(*root, c.type->id, c.value.get());
    keep_unknown(world, *root, prefab.unknown);
    for (const PrefabPart& part : prefab.children) {
        const Handle parent = part.parent.is_null() ? *root : world.find(part.parent);
        auto h = world.create(ObjectDef{
            .name = part.name, .layer = layer, .parent = parent ? parent : *root, .guid = part.id});
        if (!h) {
            world.destroy(*root);
            return h.error();
        }
        for (const Prefab::Component& c : part.components)
            world.add_copy(*h, c.type->id, c.value.get());
        keep_unknown(world, *h, part.unknown);
        if (!part.prefab.empty())
            *world.add<PrefabInstance>(*h) = PrefabInstance{part.prefab, part.prefab_part};
    }
    return *root;
}

Handle instance_root(const World& world, Handle h) {
    const PrefabInstance* link = world.get<PrefabInstance>(h);
    if (link == nullptr) return kNullHandle;
    Handle at = h;
    while (!link->part.is_null()) {
        const Handle up = world.parent(at);
        const PrefabInstance* above = up ? world.get<PrefabInstance>(up) : nullptr;
        if (above == nullptr || above->prefab != link->prefab) return kNullHandle; // detached
        at = up;
        link = above;
    }
    return at;
}

Handle instance_object(const World& world, Handle h, const Prefab& prefab, Guid local) {
    const Handle root = instance_root(world, h);
    if (!root || local.is_null()) return kNullHandle;
    if (local == prefab.id) return root;
    if (prefab.part(local) == nullptr) return kNullHandle;
    std::vector<Handle> stack = world.children(root);
    while (!stack.empty()) {
        const Handle at = stack.back();
        stack.pop_back();
        const PrefabInstance* link = world.get<PrefabInstance>(at);
        if (link == nullptr || link->prefab != prefab.path || link->part.is_null()) continue;
        if (link->part == local) return at;
        for (Handle child : world.children(at))
            stack.push_back(child);
    }
    return kNullHandle;
}

Guid localize_reference(const World& world, Handle h, const Prefab& prefab, Guid target) {
    const Handle to = target.is_null() ? kNullHandle : world.find(target);
    const PrefabInstance* link = to ? world.get<PrefabInstance>(to) : nullptr;
    if (link == nullptr || link->prefab != prefab.path) return target;
    if (instance_root(world, to) != instance_root(world, h)) return target;
    if (link->part.is_null()) return prefab.id.is_null() ? target : prefab.id;
    return link->part;
}

Guid globalize_reference(const World& world, Handle h, const Prefab& prefab, Guid local) {
    const Handle to = instance_object(world, h, prefab, local);
    return to ? world.guid(to) : local;
}

void map_references(const World& world, Handle h, const Prefab& prefab, const TypeInfo& type,
                    void* component, bool to_local) {
    for (const FieldInfo& f : type.fields) {
        if (f.type != FieldType::ObjectRef) continue;
        const Guid g = std::get<Guid>(f.get(component));
        const Guid mapped = to_local ? localize_reference(world, h, prefab, g)
                                     : globalize_reference(world, h, prefab, g);
        if (mapped != g) f.set(component, FieldValue{mapped});
    }
}

Result<Handle> instantiate(World& world, const Prefab& prefab, const ObjectDef& def) {
    auto created = world.create(def);
    if (!created) return created.error();
    const Handle root = *created;
    if (PrefabInstance* link = world.add<PrefabInstance>(root)) link->prefab = prefab.path;
    for (const Prefab::Component& c : prefab.components)
        world.add_copy(root, c.type->id, c.value.get());
    if (prefab.children.empty()) return root;

    // The children below it, each after its parent; local guids -> the instance's guids.
    std::unordered_map<Guid, Handle> made;
    if (!prefab.id.is_null()) made[prefab.id] = root;
    std::vector<Handle> objects{root};
    for (const PrefabPart& part : prefab.children) {
        ObjectDef child{.name = part.name, .layer = def.layer};
        auto parent = part.parent.is_null() ? made.end() : made.find(part.parent);
        child.parent = parent != made.end() ? parent->second : root;
        auto h = world.create(child);
        if (!h) {
            world.destroy(root); // and the children made so far
            return h.error();
        }
        if (PrefabInstance* link = world.add<PrefabInstance>(*h)) {
            link->prefab = prefab.path;
            link->part = part.id;
        }
        for (const Prefab::Component& c : part.components)
            world.add_copy(*h, c.type->id, c.value.get());
        made[part.id] = *h;
        objects.push_back(*h);
    }
    for (Handle h : objects)
        for (ComponentId id : world.components_of(h))
            if (const TypeInfo* type = world.registry().find(id))
                map_references(world, h, prefab, *type, world.get(h, id), false);
    return root;
}

Handle spawn(World& world, std::string_view prefab, glm::vec2 position) {
    const PrefabLibrary* library = world.prefabs();
    const Prefab* p = library != nullptr ? library->find(prefab) : nullptr;
    if (p == nullptr) {
        log_error("spawn: no prefab \"" + std::string(prefab) + "\"");
        return kNullHandle;
    }
    ObjectDef def;
    def.name = p->name;
    if (!p->layer.empty()) def.layer = world.find_layer(p->layer).value_or(0);
    auto h = instantiate(world, *p, def);
    if (!h) {
        log_error("spawn \"" + std::string(prefab) + "\": " + h.error().message);
        return kNullHandle;
    }
    world.get<Transform2D>(*h)->position = position;
    return *h;
}

} // namespace diorama
