// Prefab files: reading (root, children, nested children) and writing them.

#include "component_json.h"
#include "diorama/components.h"
#include "diorama/file_io.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/suggest.h"
#include "diorama/type_registry.h"
#include "document.h"

#include <algorithm>

namespace diorama {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxPrefabBytes = 16u << 20;

std::string stem_of(std::string_view path, std::string_view suffix) {
    std::string name = fs::path(path).filename().string();
    if (name.ends_with(suffix)) name.resize(name.size() - suffix.size());
    return name;
}

// The unfit fields read_component reports, when the options keep them (at their defaults).
struct UnfitFields {
    bool keep = false;
    std::size_t kept_errors = 0; // the errors reported for them

    void count_kept(std::size_t errors) {
        if (keep) kept_errors += errors;
    }
};

// What one object's components read into.
struct ReadComponents {
    std::vector<PrefabComponent> components;
    Json unknown = Json::object();
};

// Reads an object's "components" (an object of type -> fields) over base (a nested child's
// prefab object, or null: the types' defaults); null removes a component base has.
ReadComponents read_components(const Json& components, const std::vector<PrefabComponent>* base,
                               const TypeRegistry& registry, const detail::ComponentSource& source,
                               const std::string& path, UnfitFields& unfit,
                               Diagnostics& diagnostics) {
    ReadComponents out;
    const std::string_view file = source.file;
    if (!components.is_object()) {
        diagnostics.error(make_error(ErrorCode::Type,
                                     "expected an object of components, got " +
                                         detail::describe_json_type(components),
                                     detail::where(file, path)));
        return out;
    }
    const detail::LazyPath components_path(path);
    for (const TypeInfo* type : registry.types()) {
        const void* from = nullptr;
        if (base != nullptr)
            for (const PrefabComponent& c : *base)
                if (c.type == type) from = c.value.get();
        auto it = components.find(type->name);
        if (it == components.end() && from == nullptr) continue;
        if (it != components.end() && it->is_null()) {
            if (from == nullptr || type->id == component_id<Transform2D>())
                diagnostics.error(make_error(ErrorCode::Type,
                                             "null only removes a component the nested prefab has",
                                             detail::where(file, json_path(path, type->name))));
            continue;
        }
        auto value = type->make_instance();
        if (from != nullptr) type->copy(value.get(), from);
        if (it != components.end())
            unfit.count_kept(detail::read_component(*type, *it, value.get(), source,
                                                    detail::LazyPath(components_path, type->name),
                                                    diagnostics));
        out.components.push_back(PrefabComponent{type, std::move(value)});
    }
    for (auto it = components.begin(); it != components.end(); ++it) {
        if (registry.find(it.key()) != nullptr) continue;
        out.unknown[it.key()] = it.value();
        diagnostics.warning(make_error(ErrorCode::UnknownType,
                                       "unknown component type \"" + it.key() + "\" is kept as is" +
                                           did_you_mean(it.key(), registry.names()),
                                       detail::where(file, json_path(path, it.key()))));
    }
    return out;
}

// A guid key ("id", "parent", "part"): nullopt when absent or null; an error when not a guid.
std::optional<Guid> read_guid(const Json& object, std::string_view key, std::string_view file,
                              const std::string& path, Diagnostics& diagnostics) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return std::nullopt;
    auto guid = it->is_string() ? parse_guid(it->get_ref<const std::string&>()) : std::nullopt;
    if (!guid || guid->is_null()) {
        diagnostics.error(make_error(ErrorCode::Type, "expected a non-zero guid of 16 hex digits",
                                     detail::where(file, json_path(path, key))));
        return std::nullopt;
    }
    return guid;
}

// Reads the "children" array into prefab.children.
void read_children(const Json& children, Prefab& prefab, const TypeRegistry& registry,
                   const detail::ComponentSource& source, const PrefabLibrary* nested,
                   UnfitFields& unfit, Diagnostics& diagnostics) {
    const std::string_view file = source.file;
    if (!children.is_array()) {
        diagnostics.error(
            make_error(ErrorCode::Type,
                       "expected an array of objects, got " + detail::describe_json_type(children),
                       detail::where(file, "children")));
        return;
    }
    for (std::size_t i = 0; i < children.size(); ++i) {
        const Json& entry = children[i];
        const std::string path = json_path("children", i);
        if (!entry.is_object()) {
            diagnostics.error(make_error(
                ErrorCode::Type, "expected an object, got " + detail::describe_json_type(entry),
                detail::where(file, path)));
            continue;
        }
        detail::reject_unknown_keys(entry, {"id", "parent", "name", "prefab", "part", "components"},
                                    file, path, diagnostics);
        PrefabPart part;
        const auto id = read_guid(entry, "id", file, path, diagnostics);
        if (!id) {
            if (!entry.contains("id"))
                diagnostics.error(make_error(ErrorCode::Type, "missing \"id\" (a guid)",
                                             detail::where(file, path)));
            continue;
        }
        if (*id == prefab.id || prefab.part(*id) != nullptr) {
            diagnostics.error(make_error(ErrorCode::Duplicate,
                                         "id " + to_string(*id) + " is used twice in the prefab",
                                         detail::where(file, json_path(path, "id"))));
            continue;
        }
        part.id = *id;
        if (const auto parent = read_guid(entry, "parent", file, path, diagnostics)) {
            if (*parent != prefab.id && prefab.part(*parent) == nullptr) {
                diagnostics.error(make_error(
                    ErrorCode::NotFound,
                    "parent " + to_string(*parent) +
                        " is neither the prefab's \"id\" nor an object listed before this one",
                    detail::where(file, json_path(path, "parent"))));
                continue;
            }
            part.parent = *parent == prefab.id ? Guid{} : *parent;
        }
        part.name = detail::read_string(entry, "name", false, file, path, diagnostics)
                        .value_or(prefab.name);
        const std::vector<PrefabComponent>* base = nullptr;
        if (const std::string* from =
                detail::find_string(entry, "prefab", false, file, path, diagnostics)) {
            const Prefab* other = nested != nullptr ? nested->find(*from) : nullptr;
            if (*from == prefab.path) {
                diagnostics.error(make_error(ErrorCode::Cycle, "a prefab cannot contain itself",
                                             detail::where(file, json_path(path, "prefab"))));
                continue;
            }
            if (other == nullptr || other->path != *from) {
                diagnostics.error(make_error(
                    ErrorCode::NotFound,
                    "prefab \"" + *from + "\" not found (or it has errors)" +
                        (nested != nullptr ? nested->did_you_mean(*from) : std::string()),
                    detail::where(file, json_path(path, "prefab"))));
                continue;
            }
            part.prefab = other->path;
            part.prefab_part = read_guid(entry, "part", file, path, diagnostics).value_or(Guid{});
            base = other->components_of(part.prefab_part);
            if (base == nullptr) {
                diagnostics.error(make_error(ErrorCode::NotFound,
                                             "prefab \"" + *from + "\" has no object " +
                                                 to_string(part.prefab_part),
                                             detail::where(file, json_path(path, "part"))));
                continue;
            }
        } else if (entry.contains("part")) {
            diagnostics.error(make_error(ErrorCode::InvalidArgument,
                                         "\"part\" names an object of the child's \"prefab\"; "
                                         "this child has none",
                                         detail::where(file, json_path(path, "part"))));
        }
        auto components = entry.find("components");
        auto read =
            read_components(components != entry.end() ? *components : Json::object(), base,
                            registry, source, json_path(path, "components"), unfit, diagnostics);
        part.components = std::move(read.components);
        part.unknown = std::move(read.unknown);
        prefab.children.push_back(std::move(part));
    }
}

// An object's components as JSON: the fields that differ from base (a nested child's prefab
// object; null: the types' defaults), null for a component base has and the object lacks.
Result<Json> write_components(const std::vector<PrefabComponent>& components, const Json& unknown,
                              const std::vector<PrefabComponent>* base, const std::string& where) {
    Json out = unknown.is_object() ? unknown : Json::object();
    if (auto bad = detail::find_non_finite(out, where))
        return make_error(ErrorCode::Range, "NaN or infinity cannot be saved", *bad);
    auto find_in = [](const std::vector<PrefabComponent>* list, const TypeInfo* type) {
        const void* found = nullptr;
        if (list != nullptr)
            for (const PrefabComponent& c : *list)
                if (c.type == type) found = c.value.get();
        return found;
    };
    for (const PrefabComponent& c : components) {
        const void* from = find_in(base, c.type);
        auto fields = detail::write_component(*c.type, c.value.get(),
                                              from != nullptr ? from : c.type->defaults.get(),
                                              json_path(where, c.type->name));
        if (!fields) return fields.error();
        if (from != nullptr && fields->empty()) continue; // the nested prefab's, unchanged
        out[c.type->name] = std::move(*fields);
    }
    if (base != nullptr)
        for (const PrefabComponent& c : *base)
            if (find_in(&components, c.type) == nullptr) out[c.type->name] = nullptr;
    return out;
}

} // namespace

Result<Prefab> parse_prefab(std::string_view text, std::string_view path, const Project& project,
                            const TypeRegistry& registry, Diagnostics& diagnostics,
                            const PrefabLibrary* nested, PrefabLoadOptions options) {
    auto parsed = parse_json(text, path, JsonLimits{.max_bytes = kMaxPrefabBytes});
    if (!parsed) {
        diagnostics.error(parsed.error());
        return parsed.error();
    }
    const Json& root = *parsed;
    Diagnostics local;
    if (!detail::check_header(root, "diorama.prefab", kPrefabVersion, path, local)) {
        diagnostics.merge(local);
        return local.first_error();
    }
    detail::reject_unknown_keys(
        root, {"format", "version", "name", "layer", "id", "components", "children"}, path, "",
        local);

    Prefab prefab;
    prefab.path = std::string(path);
    prefab.name = detail::read_string(root, "name", false, path, "", local)
                      .value_or(stem_of(path, ".prefab.json"));
    prefab.layer = detail::read_string(root, "layer", false, path, "", local).value_or("");
    prefab.id = read_guid(root, "id", path, "", local).value_or(Guid{});
    detail::AssetChecks assets(project.root);
    const detail::ComponentSource source{path, &assets};
    UnfitFields unfit{.keep = options.keep_unfit_fields};
    if (auto components = root.find("components"); components != root.end()) {
        auto read =
            read_components(*components, nullptr, registry, source, "components", unfit, local);
        prefab.components = std::move(read.components);
        prefab.unknown = std::move(read.unknown);
    }
    if (auto children = root.find("children"); children != root.end())
        read_children(*children, prefab, registry, source, nested, unfit, local);
    diagnostics.merge(local);
    if (local.error_count() > unfit.kept_errors) return local.first_error();
    return prefab;
}

Result<Prefab> load_prefab(const Project& project, std::string_view path,
                           const TypeRegistry& registry, Diagnostics& diagnostics,
                           const PrefabLibrary* nested, PrefabLoadOptions options) {
    auto file = file_in_project(project.root, fs::path(path));
    if (!file) {
        diagnostics.error(file.error());
        return file.error();
    }
    auto text = read_file(*file, kMaxPrefabBytes);
    if (!text) {
        Error e = text.error();
        e.where = std::string(path);
        diagnostics.error(e);
        return e;
    }
    return parse_prefab(*text, path, project, registry, diagnostics, nested, options);
}

Result<Json> prefab_to_json(const Prefab& prefab, const PrefabLibrary* nested) {
    Json root = Json::object();
    root["format"] = "diorama.prefab";
    root["version"] = kPrefabVersion;
    root["name"] = prefab.name;
    if (!prefab.layer.empty()) root["layer"] = prefab.layer;
    if (!prefab.id.is_null()) root["id"] = to_string(prefab.id);
    auto components = write_components(prefab.components, prefab.unknown, nullptr, "components");
    if (!components) return components.error();
    root["components"] = std::move(*components);
    if (prefab.children.empty()) return root;
    Json children = Json::array();
    for (std::size_t i = 0; i < prefab.children.size(); ++i) {
        const PrefabPart& part = prefab.children[i];
        Json entry = Json::object();
        entry["id"] = to_string(part.id);
        if (!part.parent.is_null())
            entry["parent"] = to_string(part.parent);
        else if (!prefab.id.is_null())
            entry["parent"] = to_string(prefab.id);
        entry["name"] = part.name;
        const std::vector<PrefabComponent>* base = nullptr;
        if (!part.prefab.empty()) {
            entry["prefab"] = part.prefab;
            if (!part.prefab_part.is_null()) entry["part"] = to_string(part.prefab_part);
            if (const Prefab* other = nested != nullptr ? nested->find(part.prefab) : nullptr)
                base = other->components_of(part.prefab_part);
        }
        auto fields = write_components(part.components, part.unknown, base,
                                       json_path(json_path("children", i), "components"));
        if (!fields) return fields.error();
        entry["components"] = std::move(*fields);
        children.push_back(std::move(entry));
    }
    root["children"] = std::move(children);
    return root;
}

} // namespace diorama
