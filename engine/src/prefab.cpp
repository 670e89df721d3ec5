#include "diorama/prefab.h"

#include "component_json.h"
#include "diorama/file_io.h"
#include "diorama/log.h"
#include "diorama/project.h"
#include "diorama/suggest.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "document.h"

#include <algorithm>
#include <system_error>

namespace diorama {

namespace fs = std::filesystem;

namespace {
constexpr std::size_t kMaxPrefabBytes = 16u << 20;

std::string stem_of(std::string_view path, std::string_view suffix) {
    std::string name = fs::path(path).filename().string();
    if (name.ends_with(suffix)) name.resize(name.size() - suffix.size());
    return name;
}
} // namespace

const void* Prefab::find(ComponentId type) const {
    for (const Component& c : components)
        if (c.type->id == type) return c.value.get();
    return nullptr;
}

// ---- library ----

void PrefabLibrary::load_folder(const Project& project, const TypeRegistry& registry,
                                Diagnostics& diagnostics) {
    for (const std::string& path :
         project_files(project.root, project.prefab_folder, ".prefab.json")) {
        if (auto prefab = load_prefab(project, path, registry, diagnostics))
            add(std::move(*prefab));
    }
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

// ---- files ----

Result<Prefab> parse_prefab(std::string_view text, std::string_view path, const Project& project,
                            const TypeRegistry& registry, Diagnostics& diagnostics) {
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
    detail::reject_unknown_keys(root, {"format", "version", "name", "layer", "components"}, path,
                                "", local);

    Prefab prefab;
    prefab.path = std::string(path);
    prefab.name = detail::read_string(root, "name", false, path, "", local)
                      .value_or(stem_of(path, ".prefab.json"));
    prefab.layer = detail::read_string(root, "layer", false, path, "", local).value_or("");
    detail::AssetChecks assets(project.root);
    const detail::ComponentSource source{path, &assets};
    if (auto components = root.find("components"); components != root.end()) {
        if (!components->is_object()) {
            local.error(make_error(ErrorCode::Type,
                                   "expected an object of components, got " +
                                       detail::describe_json_type(*components),
                                   detail::where(path, "components")));
        } else {
            for (const TypeInfo* type : registry.types()) {
                auto it = components->find(type->name);
                if (it == components->end()) continue;
                auto value = type->make_instance();
                const detail::LazyPath components_path("components");
                detail::read_component(*type, *it, value.get(), source,
                                       detail::LazyPath(components_path, type->name), local);
                prefab.components.push_back(Prefab::Component{type, std::move(value)});
            }
            for (auto it = components->begin(); it != components->end(); ++it) {
                if (registry.find(it.key()) != nullptr) continue;
                prefab.unknown[it.key()] = it.value();
                local.warning(make_error(ErrorCode::UnknownType,
                                         "unknown component type \"" + it.key() +
                                             "\" is kept as is" +
                                             did_you_mean(it.key(), registry.names()),
                                         detail::where(path, json_path("components", it.key()))));
            }
        }
    }
    diagnostics.merge(local);
    if (local.has_errors()) return local.first_error();
    return prefab;
}

Result<Prefab> load_prefab(const Project& project, std::string_view path,
                           const TypeRegistry& registry, Diagnostics& diagnostics) {
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
    return parse_prefab(*text, path, project, registry, diagnostics);
}

Result<Json> prefab_to_json(const Prefab& prefab) {
    Json root = Json::object();
    root["format"] = "diorama.prefab";
    root["version"] = kPrefabVersion;
    root["name"] = prefab.name;
    if (!prefab.layer.empty()) root["layer"] = prefab.layer;
    Json components = prefab.unknown.is_object() ? prefab.unknown : Json::object();
    if (auto bad = detail::find_non_finite(components, "components"))
        return make_error(ErrorCode::Range, "NaN or infinity cannot be saved", *bad);
    for (const Prefab::Component& c : prefab.components) {
        auto fields =
            detail::write_component(*c.type, c.value.get(), c.type->defaults.get(), "components");
        if (!fields) return fields.error();
        components[c.type->name] = std::move(*fields);
    }
    root["components"] = std::move(components);
    return root;
}

// ---- instances ----

Result<Handle> instantiate(World& world, const Prefab& prefab, const ObjectDef& def) {
    auto created = world.create(def);
    if (!created) return created.error();
    const Handle h = *created;
    if (PrefabInstance* link = world.add<PrefabInstance>(h)) link->prefab = prefab.path;
    for (const Prefab::Component& c : prefab.components)
        world.add_copy(h, c.type->id, c.value.get());
    return h;
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
