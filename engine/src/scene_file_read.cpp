// Reading scene files (and entries pasted into a world); writing them is scene_file_write.cpp.

#include "diorama/scene_file.h"

#include "component_json.h"
#include "diorama/guid_index.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/suggest.h"
#include "diorama/tile_map.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "document.h"
#include "scene_fast_read.h"
#include "scene_references.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

namespace diorama {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxSceneBytes = 64u << 20;

// An object made from an entry, for the second pass (parents, references).
using Entry = detail::ReadObject;

class SceneReader {
public:
    SceneReader(World& world, std::string_view file, const Project& project,
                const PrefabLibrary& prefabs, Diagnostics& diagnostics, SceneLoadOptions options)
        : m_world(world), m_file(file), m_prefabs(prefabs), m_diag(diagnostics), m_options(options),
          m_assets(project.root), m_source{file, &m_assets} {
        for (const TypeInfo* type : m_world.registry().types())
            m_types_by_name.emplace(type->name, type);
    }

    // Takes an element of "objects" while the text is parsed. Objects are read right away when
    // the layers they name are known (the "layers" value came before "objects" in the text, as in
    // saved files, where keys are sorted); otherwise they wait for the end of the text.
    void stream_object(const Json& root, std::size_t index, const Json& element) {
        if (index == 0) {
            m_streaming = root.contains("layers");
            if (m_streaming) read_layers(root);
        }
        if (m_streaming)
            read_object(element, index);
        else
            m_waiting.push_back(element);
    }

    // Makes the objects the fast path staged (its header already found in order), as
    // stream_object would have one by one; head is staged.head.
    void take_staged(detail::StagedScene& staged) {
        m_streaming = true;
        read_layers(staged.head);
        auto committed = detail::commit_staged(m_world, staged);
        if (!committed) {
            m_diag.error(committed.error());
            return;
        }
        // No entries are read after these, so no guid is looked up by slot (entry_with_guid).
        m_entries = std::move(*committed);
    }

    // The context the fast path stages objects in: this reader's world, prefabs and asset checks.
    [[nodiscard]] detail::StageContext stage_context() {
        detail::StageContext context{m_world, m_prefabs, m_assets, m_file,
                                     JsonLimits{.max_bytes = kMaxSceneBytes}};
        if (m_options.fast_window_bytes != 0) context.window_bytes = m_options.fast_window_bytes;
        return context;
    }

    // Reads the rest of the document (the header problems go to `head`, the rest to the reader's
    // diagnostics) and finishes the objects. Returns the scene's name; nullopt when the header
    // is unusable (then nothing else is read and the objects' problems do not count).
    std::optional<std::string> read(const Json& root, Diagnostics& head) {
        if (!detail::check_header(root, "diorama.scene", kSceneVersion, m_file, head))
            return std::nullopt;
        detail::reject_unknown_keys(root, {"format", "version", "name", "layers", "objects"},
                                    m_file, "", head);
        std::string name = detail::read_string(root, "name", false, m_file, "", head)
                               .value_or(fs::path(m_file).filename().string());
        if (name.ends_with(".scene.json")) name.resize(name.size() - 11);
        if (m_streaming) {
            finish_objects();
            return name;
        }
        read_layers(root);
        if (!m_waiting.empty()) {
            Json objects = Json::array();
            objects.get_ref<Json::array_t&>() = std::move(m_waiting);
            read_objects(objects, {});
        } else if (auto objects = root.find("objects"); objects == root.end()) {
            error(ErrorCode::NotFound, "missing \"objects\" (an array)", "");
        } else {
            read_objects(*objects, {});
        }
        return name;
    }

    // The errors reported that SceneLoadOptions let the load survive (missing prefabs kept).
    [[nodiscard]] std::size_t kept_errors() const { return m_kept_errors; }

    // Reads entries (a JSON array of objects) into the world; `guids` maps guids in the entries to
    // the guids the objects get (empty: kept). Returns the objects created, in entry order.
    std::vector<Handle> read_objects(const Json& objects,
                                     const std::unordered_map<Guid, Guid>& guids) {
        m_renamed = &guids;
        if (!objects.is_array()) {
            error(ErrorCode::Type,
                  "expected an array of objects, got " + detail::describe_json_type(objects),
                  "objects");
            return {};
        }
        m_entries.reserve(objects.size());
        for (std::size_t i = 0; i < objects.size(); ++i)
            read_object(objects[i], i);
        finish_objects();
        m_renamed = nullptr;
        std::vector<Handle> created;
        created.reserve(m_entries.size());
        for (const Entry& e : m_entries)
            created.push_back(e.handle);
        return created;
    }

private:
    void error(ErrorCode code, std::string message, const std::string& path) {
        m_diag.error(make_error(code, std::move(message), detail::where(m_file, path)));
    }

    void read_layers(const Json& root) {
        auto layers = root.find("layers");
        if (layers == root.end()) return; // the world's default layer
        if (!layers->is_array() || layers->empty()) {
            error(ErrorCode::Type, "expected a non-empty array of layer names", "layers");
            return;
        }
        for (std::size_t i = 0; i < layers->size(); ++i) {
            const Json& l = (*layers)[i];
            const std::string path = json_path("layers", i);
            if (!l.is_string() || l.get_ref<const std::string&>().empty()) {
                error(ErrorCode::Type, "expected a layer name (a non-empty string)", path);
                continue;
            }
            const auto& name = l.get_ref<const std::string&>();
            if (m_world.find_layer(name) && i > 0) {
                error(ErrorCode::Duplicate, "layer \"" + name + "\" is listed twice", path);
                continue;
            }
            if (i == 0)
                (void)m_world.rename_layer(0, name);
            else
                m_world.add_layer(name);
        }
    }

    void read_object(const Json& o, std::size_t index) {
        const std::string path = json_path("objects", index);
        if (!o.is_object()) {
            error(ErrorCode::Type, "expected an object, got " + detail::describe_json_type(o),
                  path);
            return;
        }
        detail::reject_unknown_keys(
            o, {"guid", "name", "layer", "parent", "prefab", "part", "components"}, m_file, path,
            m_diag);
        ObjectDef def;
        if (const std::string* g = detail::find_string(o, "guid", true, m_file, path, m_diag)) {
            auto guid = parse_guid(*g);
            if (!guid || guid->is_null()) {
                error(ErrorCode::Type, "expected a non-zero guid of 16 hex digits",
                      json_path(path, "guid"));
                return;
            }
            def.guid = renamed(*guid);
            if (auto first = entry_with_guid(def.guid)) {
                error(ErrorCode::Duplicate,
                      "guid " + *g + " is also used by " + json_path("objects", *first),
                      json_path(path, "guid"));
                return;
            }
        } else {
            return;
        }
        if (const std::string* name = detail::find_string(o, "name", false, m_file, path, m_diag))
            def.name = *name;
        if (const std::string* layer =
                detail::find_string(o, "layer", false, m_file, path, m_diag)) {
            auto id = m_world.find_layer(*layer);
            if (!id)
                error(ErrorCode::NotFound, "layer \"" + *layer + "\" is not in \"layers\"",
                      json_path(path, "layer"));
            else
                def.layer = *id;
        }
        Entry entry;
        entry.index = index;
        if (auto p = o.find("parent"); p != o.end() && !p->is_null()) {
            auto guid =
                p->is_string() ? parse_guid(p->get_ref<const std::string&>()) : std::nullopt;
            if (!guid)
                error(ErrorCode::Type, "expected null or the guid of the parent (16 hex digits)",
                      json_path(path, "parent"));
            else
                entry.parent = renamed(*guid);
        }
        const Prefab* prefab = nullptr;
        const std::string* missing_prefab = nullptr;
        if (const std::string* p = detail::find_string(o, "prefab", false, m_file, path, m_diag)) {
            prefab = m_prefabs.find(*p);
            const bool usable_path = !m_assets.check(*p).error;
            if (!usable_path)
                error(ErrorCode::InvalidArgument, m_assets.check(*p).error->message,
                      json_path(path, "prefab"));
            else if (prefab == nullptr || prefab->path != *p)
                error(ErrorCode::NotFound,
                      "prefab \"" + *p + "\" not found (or it has errors)" +
                          m_prefabs.did_you_mean(*p),
                      json_path(path, "prefab"));
            if (prefab == nullptr || prefab->path != *p) {
                if (!usable_path || !m_options.keep_missing_prefabs) {
                    m_uncreated.insert(def.guid, static_cast<std::uint32_t>(index));
                    return;
                }
                ++m_kept_errors;
                prefab = nullptr;
                missing_prefab = p;
            }
        }

        // Which object of the prefab this one comes from (null: its root).
        Guid part{};
        const std::vector<PrefabComponent>* base = nullptr;
        if (prefab != nullptr) {
            if (auto p = o.find("part"); p != o.end() && !p->is_null()) {
                auto guid =
                    p->is_string() ? parse_guid(p->get_ref<const std::string&>()) : std::nullopt;
                if (!guid || guid->is_null())
                    error(ErrorCode::Type, "expected the guid of an object of the prefab",
                          json_path(path, "part"));
                else
                    part = *guid;
            }
            base = prefab->components_of(part);
            if (base == nullptr) {
                error(ErrorCode::NotFound,
                      "prefab \"" + prefab->path + "\" has no object " + to_string(part) +
                          " (it was removed from the prefab)",
                      json_path(path, "part"));
                m_uncreated.insert(def.guid, static_cast<std::uint32_t>(index));
                return;
            }
        } else if (missing_prefab == nullptr && o.contains("part")) {
            error(ErrorCode::InvalidArgument,
                  "\"part\" names an object of the entry's \"prefab\"; this entry has none",
                  json_path(path, "part"));
        }

        auto created = m_world.create(def);
        if (!created) {
            error(created.error().code, created.error().message, path);
            m_uncreated.insert(def.guid, static_cast<std::uint32_t>(index));
            return;
        }
        entry.handle = *created;
        if (entry.handle.index >= m_entry_of_slot.size())
            m_entry_of_slot.resize(entry.handle.index + 1, kNoEntry);
        m_entry_of_slot[entry.handle.index] = static_cast<std::uint32_t>(index);
        if (prefab != nullptr) {
            PrefabInstance* link = m_world.add<PrefabInstance>(entry.handle);
            link->prefab = prefab->path;
            link->part = part;
        }

        const Json* components = &m_no_components;
        if (auto c = o.find("components"); c != o.end()) {
            if (!c->is_object())
                error(ErrorCode::Type,
                      "expected an object of components, got " + detail::describe_json_type(*c),
                      json_path(path, "components"));
            else
                components = &*c;
        }
        const detail::LazyPath object_path(path);
        if (missing_prefab != nullptr) {
            keep_missing_prefab(entry.handle, *missing_prefab, *components,
                                detail::LazyPath(object_path, "components"));
            if (auto p = o.find("part"); p != o.end())
                m_world.get<MissingPrefab>(entry.handle)->part = *p;
        } else
            read_components(entry.handle, *components, base,
                            detail::LazyPath(object_path, "components"));
        m_entries.push_back(std::move(entry));
    }

    // An instance of a prefab that is not there: its components are kept verbatim; only its
    // Transform2D is read (against the defaults), to place it.
    void keep_missing_prefab(Handle h, const std::string& prefab, const Json& components,
                             const detail::LazyPath& path) {
        Json transform_only = Json::object();
        if (auto t = components.find("Transform2D"); t != components.end() && !t->is_null())
            transform_only["Transform2D"] = *t;
        read_components(h, transform_only, nullptr, path);
        MissingPrefab* kept = m_world.add<MissingPrefab>(h);
        kept->prefab = prefab;
        kept->components = components;
        if (const Transform2D* t = m_world.get<Transform2D>(h)) kept->loaded = *t;
    }

    // base: the components of the prefab object h comes from (null: none).
    void read_components(Handle h, const Json& components,
                         const std::vector<PrefabComponent>* base_components,
                         const detail::LazyPath& path) {
        // One pass over the entry's components sorts them by type.
        bool unknown = false;
        for (auto it = components.begin(); it != components.end(); ++it) {
            const auto type = m_types_by_name.find(it.key());
            if (type == m_types_by_name.end()) {
                unknown = true;
                continue;
            }
            if (type->second->id >= m_given.size()) m_given.resize(type->second->id + 1, nullptr);
            m_given[type->second->id] = &it.value();
        }
        // Known types in registry order, each starting from the prefab's value or the defaults.
        for (const TypeInfo* type : m_world.registry().types()) {
            const void* base = nullptr;
            if (base_components != nullptr)
                for (const PrefabComponent& c : *base_components)
                    if (c.type == type) base = c.value.get();
            const Json* given = type->id < m_given.size() ? m_given[type->id] : nullptr;
            if (given == nullptr && base == nullptr) continue;
            if (given != nullptr) m_given[type->id] = nullptr; // ready for the next entry
            const detail::LazyPath type_path(path, type->name);
            if (given != nullptr && given->is_null()) {
                if (base == nullptr || type->id == component_id<Transform2D>())
                    error(ErrorCode::Type, "null only removes a component the prefab has",
                          type_path.str());
                continue; // removed from this instance
            }
            void* value = scratch(*type, base);
            if (given != nullptr) {
                const std::size_t unfit =
                    detail::read_component(*type, *given, value, m_source, type_path, m_diag);
                // Each unfit field stays as it was, reported.
                if (m_options.keep_unfit_fields) m_kept_errors += unfit;
            }
            m_world.add_copy(h, type->id, value);
            if (type->id == component_id<TileMap>())
                check_tile_map(*static_cast<const TileMap*>(value), type_path);
        }
        if (unknown) keep_unknown_components(h, components, path);
    }

    // A tile map against the world's tilesets (when it has them): each problem is an error; the
    // editor keeps the map as read (its unknown tiles drawn as placeholders).
    void check_tile_map(const TileMap& map, const detail::LazyPath& path) {
        if (m_world.tilesets() == nullptr) return;
        for (const TileMapProblem& p : tile_map_problems(map, *m_world.tilesets())) {
            error(ErrorCode::Range, p.message, json_path(path.str(), p.path));
            if (m_options.keep_missing_prefabs) ++m_kept_errors;
        }
    }

    // Components of types not registered are kept verbatim, with a warning each.
    void keep_unknown_components(Handle h, const Json& components, const detail::LazyPath& path) {
        for (auto it = components.begin(); it != components.end(); ++it) {
            if (m_types_by_name.contains(it.key())) continue;
            m_world.add<UnknownComponents>(h)->components[it.key()] = it.value();
            m_diag.warning(make_error(ErrorCode::UnknownType,
                                      "unknown component type \"" + it.key() + "\" is kept as is" +
                                          did_you_mean(it.key(), m_world.registry().names()),
                                      detail::where(m_file, json_path(path.str(), it.key()))));
        }
    }

    // The scratch value of a type, set to base (or to the type's defaults when base is null).
    void* scratch(const TypeInfo& type, const void* base) {
        if (type.id >= m_scratch.size()) {
            m_scratch.resize(type.id + 1);
            m_defaults.resize(type.id + 1);
        }
        if (!m_scratch[type.id]) {
            m_scratch[type.id] = type.make_instance();
            m_defaults[type.id] = type.make_instance();
        }
        void* value = m_scratch[type.id].get();
        type.copy(value, base != nullptr ? base : m_defaults[type.id].get());
        return value;
    }

    // Parents and references of the objects read.
    void finish_objects() {
        link_parents();
        detail::globalize_instance_references(m_world, m_prefabs, m_entries);
        if (m_renamed != nullptr) detail::remap_references(m_world, m_entries, *m_renamed);
        detail::check_references(m_world, m_entries, m_file, m_diag);
    }

    void link_parents() {
        for (const Entry& e : m_entries) {
            if (!e.parent) continue;
            const Handle parent = m_world.find(*e.parent);
            if (!parent) {
                error(ErrorCode::NotFound,
                      "parent " + to_string(*e.parent) + " is not in this scene",
                      json_path(entry_path(e), "parent"));
                continue;
            }
            if (auto ok = m_world.set_parent(e.handle, parent); !ok)
                error(ok.error().code,
                      ok.error().code == ErrorCode::Cycle
                          ? "parent " + to_string(*e.parent) + " makes a cycle"
                          : ok.error().message,
                      json_path(entry_path(e), "parent"));
        }
    }

    static std::string entry_path(const Entry& e) { return json_path("objects", e.index); }

    // The index of the entry read before that has guid g (as renamed), if any.
    std::optional<std::size_t> entry_with_guid(Guid g) const {
        if (const std::uint32_t* index = m_uncreated.find(g)) return *index;
        const Handle h = m_world.find(g);
        if (!h || h.index >= m_entry_of_slot.size() || m_entry_of_slot[h.index] == kNoEntry)
            return std::nullopt; // no such object, or one the world had before
        return m_entry_of_slot[h.index];
    }

    Guid renamed(Guid g) const {
        if (m_renamed == nullptr) return g;
        auto it = m_renamed->find(g);
        return it == m_renamed->end() ? g : it->second;
    }

    World& m_world;
    std::string_view m_file;
    const PrefabLibrary& m_prefabs;
    Diagnostics& m_diag;
    SceneLoadOptions m_options;
    std::size_t m_kept_errors = 0;
    detail::AssetChecks m_assets;
    detail::ComponentSource m_source;
    const Json m_no_components = Json::object(); // what an entry without "components" has
    // The entries read so far by guid: those whose object was created through the object's slot,
    // the others (refused after their guid was read) in m_uncreated.
    static constexpr std::uint32_t kNoEntry = 0xffffffffu;
    std::vector<std::uint32_t> m_entry_of_slot; // world slot -> index of the entry that made it
    GuidIndex m_uncreated;                      // guid -> index of its entry
    std::unordered_map<std::string_view, const TypeInfo*> m_types_by_name; // the registry's
    std::vector<const Json*> m_given; // per type id: the entry's component being read, or null
    // Per type id: a default value and a scratch value components are read into before they are
    // added (copied) to an object, so reading allocates no temporary per component.
    std::vector<std::shared_ptr<void>> m_defaults;
    std::vector<std::shared_ptr<void>> m_scratch;
    LargeVector<Entry> m_entries;
    bool m_streaming = false;    // objects are read while the text is parsed
    std::vector<Json> m_waiting; // objects that came before "layers", read at the end
    const std::unordered_map<Guid, Guid>* m_renamed = nullptr;
};

} // namespace

namespace {

// load_scene_text over text followed by detail::kFastReadPadding readable bytes. release_text
// (when set) frees the text once it is no longer read, before the objects are made.
Result<SceneInfo> load_padded_scene(World& world, std::string_view text, std::string_view file,
                                    const Project& project, const PrefabLibrary& prefabs,
                                    Diagnostics& diagnostics, SceneLoadOptions options,
                                    const std::function<void()>& release_text = {}) {
    if (world.object_count() != 0) {
        Error e = make_error(ErrorCode::InvalidArgument, "scenes load into an empty world",
                             std::string(file));
        diagnostics.error(e);
        return e;
    }
    Diagnostics body;
    SceneReader reader(world, file, project, prefabs, body, options);
    // The fast path (scene_fast_read.h) stages the objects when the text holds nothing to report;
    // the precise reader reads them as the parser completes each one, so the document never holds
    // them all. Their problems count only when the whole text parses and the header is usable.
    Result<Json> parsed = Json::object();
    std::optional<detail::StagedScene> staged;
    if (!options.precise_only) staged = detail::stage_scene(text, reader.stage_context());
    if (staged && detail::header_is_clean(*staged, file)) {
        if (release_text) release_text();
        reader.take_staged(*staged);
        parsed = std::move(staged->head);
        staged.reset();
        detail::return_free_memory();
    } else {
        staged.reset();
        parsed = detail::parse_json_streaming(
            text, file, JsonLimits{.max_bytes = kMaxSceneBytes}, "objects",
            [&reader](const Json& root, std::size_t index, const Json& element) {
                reader.stream_object(root, index, element);
            });
    }
    if (!parsed) {
        world.clear();
        diagnostics.error(parsed.error());
        return parsed.error();
    }
    Diagnostics local;
    SceneInfo info;
    auto name = reader.read(*parsed, local);
    if (name) {
        info.name = std::move(*name);
        local.merge(body);
    }
    diagnostics.merge(local);
    // Without a usable header nothing was read (the objects' own errors, kept or not, are left
    // out with them).
    if (!name || local.error_count() > reader.kept_errors()) {
        world.clear();
        return local.first_error();
    }
    world.settle_spatial();
    info.objects = world.object_count();
    return info;
}

} // namespace

Result<SceneInfo> load_scene_text(World& world, std::string_view text, std::string_view file,
                                  const Project& project, const PrefabLibrary& prefabs,
                                  Diagnostics& diagnostics, SceneLoadOptions options) {
    std::string padded;
    padded.reserve(text.size() + detail::kFastReadPadding);
    padded.assign(text);
    padded.append(detail::kFastReadPadding, '\0');
    return load_padded_scene(world, std::string_view(padded.data(), text.size()), file, project,
                             prefabs, diagnostics, options);
}

Result<SceneInfo> load_scene(World& world, const fs::path& path, const Project& project,
                             const PrefabLibrary& prefabs, Diagnostics& diagnostics,
                             SceneLoadOptions options) {
    const fs::path full = path.is_absolute() ? path : project.root / path;
    std::error_code ec;
    const fs::path shown_path = path.is_absolute() ? fs::relative(path, project.root, ec) : path;
    const std::string shown = (ec || shown_path.empty() || shown_path.native().starts_with(".."))
                                  ? path.string()
                                  : shown_path.generic_string();
    auto text = read_file_bytes(full, kMaxSceneBytes);
    if (!text) {
        Error e = text.error();
        e.where = shown;
        diagnostics.error(e);
        return e;
    }
    return load_padded_scene(world, text->view(), shown, project, prefabs, diagnostics, options,
                             [&text] { *text = FileBytes{}; });
}

Result<std::vector<Handle>> add_objects(World& world, const Json& entries, const Project& project,
                                        const PrefabLibrary& prefabs, Diagnostics& diagnostics,
                                        bool fresh_guids, SceneLoadOptions options) {
    std::unordered_map<Guid, Guid> guids;
    if (fresh_guids && entries.is_array()) {
        // New guids from a world-independent stream: a throwaway world's generator would repeat.
        for (const Json& e : entries) {
            auto g = e.is_object() && e.contains("guid") && e["guid"].is_string()
                         ? parse_guid(e["guid"].get<std::string>())
                         : std::nullopt;
            if (g) guids.emplace(*g, world.new_guid());
        }
    }
    Diagnostics local;
    SceneReader reader(world, "objects", project, prefabs, local, options);
    std::vector<Handle> created = reader.read_objects(entries, guids);
    diagnostics.merge(local);
    if (local.error_count() > reader.kept_errors()) {
        for (Handle h : created)
            world.destroy(h);
        world.flush();
        return local.first_error();
    }
    return created;
}

} // namespace diorama
