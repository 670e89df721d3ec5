// Writing scene files: the tree's order, only what differs from defaults and prefabs, sorted keys.

#include "component_json.h"
#include "diorama/large_block.h"
#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "document.h"

#include <algorithm>
#include <memory>
#include <new>
#include <stdexcept>
#include <unordered_set>
#include <vector>

namespace diorama {

namespace fs = std::filesystem;

namespace {

// Objects in save order, the tree's: roots in order, each followed by its subtree (children in
// order). Loading creates objects in file order, so the order comes back with them.
std::vector<Handle> save_order(const World& world) {
    std::vector<Handle> order;
    order.reserve(world.object_count());
    std::vector<Handle> stack;
    for (Handle root = world.first_root(); root; root = world.next_sibling(root)) {
        stack.push_back(root);
        while (!stack.empty()) {
            const Handle h = stack.back();
            stack.pop_back();
            order.push_back(h);
            std::vector<Handle> kids = world.children(h);
            for (auto it = kids.rbegin(); it != kids.rend(); ++it)
                stack.push_back(*it);
        }
    }
    return order;
}

// A placeholder's components as they were read, with its Transform2D as it is now when it moved.
Result<Json> missing_prefab_components(const World& world, Handle h, const MissingPrefab& kept,
                                       const std::string& where) {
    Json components = kept.components;
    const Transform2D* now = world.get<Transform2D>(h);
    if (now == nullptr || *now == kept.loaded) return components;
    const TypeInfo* type = world.registry().find(component_id<Transform2D>());
    auto fields = detail::write_component(*type, now, type->defaults.get(), where);
    if (!fields) return fields.error();
    components["Transform2D"] = std::move(*fields);
    return components;
}

bool has_references(const TypeInfo& type) {
    return std::any_of(type.fields.begin(), type.fields.end(),
                       [](const FieldInfo& f) { return f.type == FieldType::ObjectRef; });
}

// The component c of h (of an instance of prefab, or null) as saved: references within the
// instance become the prefab's local guids, in `local` when there are any.
const void* as_saved(const World& world, Handle h, const Prefab* prefab, const TypeInfo& type,
                     const void* c, std::shared_ptr<void>& local) {
    if (prefab == nullptr || !has_references(type) ||
        (prefab->id.is_null() && prefab->children.empty()))
        return c;
    local = type.make_instance();
    type.copy(local.get(), c);
    map_references(world, h, *prefab, type, local.get(), true);
    return local.get();
}

// The scene entry of one object; `index` is its position in the saved list, for messages.
Result<Json> object_entry(const World& world, Handle h, std::size_t index,
                          const PrefabLibrary& prefabs) {
    Json o = Json::object();
    o["guid"] = to_string(world.guid(h));
    o["name"] = world.name(h);
    o["layer"] = world.layers()[world.layer(h)];
    if (const Handle p = world.parent(h)) o["parent"] = to_string(world.guid(p));
    const Prefab* prefab = nullptr;
    Guid part{};
    if (const PrefabInstance* link = world.get<PrefabInstance>(h)) {
        o["prefab"] = link->prefab;
        if (!link->part.is_null()) o["part"] = to_string(link->part);
        prefab = prefabs.find(link->prefab);
        part = link->part;
    }
    const std::string where =
        "objects[" + std::to_string(index) + "] (" + to_string(world.guid(h)) + ").components";
    if (const MissingPrefab* kept = world.get<MissingPrefab>(h)) {
        auto components = missing_prefab_components(world, h, *kept, where);
        if (!components) return components.error();
        o["prefab"] = kept->prefab;
        if (!kept->part.is_null()) o["part"] = kept->part;
        o["components"] = std::move(*components);
        return o;
    }
    Json components = Json::object();
    std::shared_ptr<void> local; // a component with its references made local
    for (const TypeInfo* type : world.registry().types()) {
        const void* c = world.get(h, type->id);
        const void* from_prefab = prefab != nullptr ? prefab->find(part, type->id) : nullptr;
        if (c == nullptr) {
            if (from_prefab != nullptr)
                components[type->name] = nullptr; // removed from the instance
            continue;
        }
        c = as_saved(world, h, prefab, *type, c, local);
        auto fields = detail::write_component(
            *type, c, from_prefab != nullptr ? from_prefab : type->defaults.get(), where);
        if (!fields) return fields.error();
        if (from_prefab != nullptr && fields->empty()) continue; // inherited unchanged
        components[type->name] = std::move(*fields);
    }
    if (const UnknownComponents* unknown = world.get<UnknownComponents>(h)) {
        for (const auto& [name, value] : unknown->components) {
            if (auto bad = detail::find_non_finite(value, json_path(where, name)))
                return make_error(ErrorCode::Range, "NaN or infinity cannot be saved", *bad);
            components[name] = value;
        }
    }
    o["components"] = std::move(components);
    return o;
}

// The registered types in the order of their names (the key order of a JSON object), each with
// its fields in that order.
struct TypeByName {
    const TypeInfo* type = nullptr;
    std::vector<const FieldInfo*> fields;
};
std::vector<TypeByName> types_by_name(const World& world) {
    std::vector<TypeByName> types;
    for (const TypeInfo* type : world.registry().types())
        types.push_back(TypeByName{type, detail::fields_by_name(*type)});
    std::sort(types.begin(), types.end(),
              [](const TypeByName& a, const TypeByName& b) { return a.type->name < b.type->name; });
    return types;
}

// object_entry's JSON appended to out as writer writes it pretty at indent 4, without making it
// (the text is the same byte for byte). An object whose prefab is missing (MissingPrefab) or
// that has components of unknown types is written through object_entry.
Result<void> append_entry(std::string& out, detail::PrettyWriter& writer, const World& world,
                          Handle h, std::size_t index, const PrefabLibrary& prefabs,
                          const std::vector<TypeByName>& types) {
    if (world.get<MissingPrefab>(h) != nullptr || world.get<UnknownComponents>(h) != nullptr) {
        auto entry = object_entry(world, h, index, prefabs);
        if (!entry) return entry.error();
        writer.value(*entry, 4);
        return {};
    }
    const PrefabInstance* link = world.get<PrefabInstance>(h);
    const Prefab* prefab = link != nullptr ? prefabs.find(link->prefab) : nullptr;
    const Guid part = link != nullptr ? link->part : Guid{};
    const auto where = [&] {
        return "objects[" + std::to_string(index) + "] (" + to_string(world.guid(h)) +
               ").components";
    };
    out += "{\n      \"components\": {";
    bool any = false;
    std::shared_ptr<void> local; // a component with its references made local
    for (const auto& [type, fields] : types) {
        const void* c = world.get(h, type->id);
        const void* from_prefab = prefab != nullptr ? prefab->find(part, type->id) : nullptr;
        if (c == nullptr && from_prefab == nullptr) continue;
        const std::size_t mark = out.size();
        out += any ? ",\n        \"" : "\n        \"";
        (out += type->name) += "\": ";
        if (c == nullptr) {
            out += "null"; // removed from the instance
            any = true;
            continue;
        }
        c = as_saved(world, h, prefab, *type, c, local);
        auto written =
            detail::append_component(out, writer, *type, fields, c,
                                     from_prefab != nullptr ? from_prefab : type->defaults.get(), 8,
                                     from_prefab != nullptr, where);
        if (!written) return written.error();
        if (*written)
            any = true;
        else
            out.resize(mark); // inherited unchanged
    }
    out += any ? "\n      }" : "}";
    ((out += ",\n      \"guid\": \"") += to_string(world.guid(h))) += '"';
    out += ",\n      \"layer\": ";
    writer.value(Json(world.layers()[world.layer(h)]), 6);
    out += ",\n      \"name\": ";
    writer.value(Json(world.name(h)), 6);
    if (const Handle p = world.parent(h))
        ((out += ",\n      \"parent\": \"") += to_string(world.guid(p))) += '"';
    if (link != nullptr) {
        if (!link->part.is_null())
            ((out += ",\n      \"part\": \"") += to_string(link->part)) += '"';
        out += ",\n      \"prefab\": ";
        writer.value(Json(link->prefab), 6);
    }
    out += "\n    }";
    return {};
}

} // namespace

Result<Json> scene_to_json(const World& world, std::string_view scene_name,
                           const PrefabLibrary& prefabs) {
    Json root = Json::object();
    root["format"] = "diorama.scene";
    root["version"] = kSceneVersion;
    root["name"] = scene_name;
    root["layers"] = world.layers();
    Json objects = Json::array();
    const std::vector<Handle> order = save_order(world);
    for (std::size_t i = 0; i < order.size(); ++i) {
        auto entry = object_entry(world, order[i], i, prefabs);
        if (!entry) return entry.error();
        objects.push_back(std::move(*entry));
    }
    root["objects"] = std::move(objects);
    return root;
}

namespace {

// How many objects scene_to_text writes before it reserves room for the rest.
constexpr std::size_t kObjectsSampled = 256;

// Reserves room in out for `remaining` more objects of the average size of the `written` ones
// that took `objects_bytes`, plus a margin, so a large scene's text is not copied at each
// doubling of its string (every copy touches fresh memory), and asks for huge pages under it (a
// 100k-object scene's 26 MB took 6,000 page faults in small pages). A hint only: an estimate
// that cannot be had leaves the string to grow as it would.
void reserve_for_rest(std::string& out, std::size_t objects_bytes, std::size_t written,
                      std::size_t remaining) {
    const double estimate = static_cast<double>(objects_bytes) / static_cast<double>(written) *
                            static_cast<double>(remaining) * 1.125;
    if (estimate >= static_cast<double>(out.max_size() - out.size())) return;
    try {
        out.reserve(out.size() + static_cast<std::size_t>(estimate) + 64);
    } catch (const std::bad_alloc&) {
        return;
    }
    advise_huge_pages(out.data() + out.size(), out.capacity() - out.size());
}

} // namespace

Result<std::string> scene_to_text(const World& world, std::string_view scene_name,
                                  const PrefabLibrary& prefabs) {
    // The root's keys in their sorted order, as to_pretty_json writes them.
    std::string out = "{\n  \"format\": \"diorama.scene\",\n  \"layers\": ";
    detail::append_pretty_json(out, Json(world.layers()), 2);
    out += ",\n  \"name\": ";
    detail::append_pretty_json(out, Json(scene_name), 2);
    out += ",\n  \"objects\": ";
    const std::vector<Handle> order = save_order(world);
    if (order.empty()) {
        out += "[]";
    } else {
        out += "[\n";
        const std::size_t objects_start = out.size();
        detail::PrettyWriter writer(out);
        const std::vector<TypeByName> types = types_by_name(world);
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (i > 0) out += ",\n";
            out += "    ";
            if (auto appended = append_entry(out, writer, world, order[i], i, prefabs, types);
                !appended)
                return appended.error();
            if (i + 1 == kObjectsSampled && order.size() > kObjectsSampled)
                reserve_for_rest(out, out.size() - objects_start, kObjectsSampled,
                                 order.size() - kObjectsSampled);
        }
        out += "\n  ]";
    }
    out += ",\n  \"version\": " + std::to_string(kSceneVersion) + "\n}\n";
    return out;
}

Result<Json> objects_to_json(const World& world, std::span<const Handle> objects,
                             const PrefabLibrary& prefabs) {
    std::unordered_set<std::uint32_t> wanted;
    for (Handle h : objects)
        if (world.alive(h)) wanted.insert(h.index);
    Json entries = Json::array();
    for (Handle h : save_order(world)) {
        if (!wanted.contains(h.index)) continue;
        auto entry = object_entry(world, h, entries.size(), prefabs);
        if (!entry) return entry.error();
        entries.push_back(std::move(*entry));
    }
    return entries;
}

Result<void> save_scene(const World& world, const fs::path& path, std::string_view scene_name,
                        const PrefabLibrary& prefabs, SaveOptions options) {
    auto text = scene_to_text(world, scene_name, prefabs);
    if (!text) {
        Error e = text.error();
        e.where = path.string() + ": " + e.where;
        return e;
    }
    return save_file_atomic(path, *text, options);
}

} // namespace diorama
