// EditorSession: prefab authoring — save a selection as a prefab, overrides of instance
// objects, revert them, apply them to the prefab.

#include "editor_session.h"

#include "commands.h"
#include "prefab_commands.h"
#include "prefab_values.h"
#include "unique_names.h"

#include "diorama/field_path.h"
#include "diorama/log.h"
#include "diorama/scene_file.h"

#include <algorithm>
#include <unordered_set>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kPrefabSuffix = ".prefab.json";

Error logged(Error error) {
    log_warning(error.describe());
    return error;
}

Error refused(const std::string& message) {
    return logged(make_error(ErrorCode::InvalidArgument, message));
}

// The prefab object h comes from, with the prefab; nulls when h is not an instance object of a
// prefab the library has.
struct Source {
    const Prefab* prefab = nullptr;
    const std::vector<PrefabComponent>* components = nullptr;
    Guid part{};
};

Source source_of(const World& world, const PrefabLibrary& prefabs, Handle h) {
    const PrefabInstance* link = h ? world.get<PrefabInstance>(h) : nullptr;
    const Prefab* prefab = link != nullptr ? prefabs.find(link->prefab) : nullptr;
    if (prefab == nullptr || prefab->path != link->prefab) return {};
    const auto* components = prefab->components_of(link->part);
    if (components == nullptr) return {};
    return Source{prefab, components, link->part};
}

// The value an instance object inherits for a field: its prefab object's, or the type's default
// when that object lacks the component.
FieldValue inherited_value(const Source& source, const TypeInfo& type, const FieldInfo& field) {
    const void* base = find_component(source.components, type);
    return field.get(base != nullptr ? base : type.defaults.get());
}

// An instance root's Transform2D is its place in the scene, never an override of the prefab.
bool is_own_place(const Source& source, const TypeInfo& type) {
    return source.part.is_null() && type.id == component_id<Transform2D>();
}

// "Shape.size" -> type and field of the registry; nulls when there is none.
std::pair<const TypeInfo*, const FieldInfo*> field_of(const TypeRegistry& registry,
                                                      const std::string& path) {
    const auto dot = path.find('.');
    if (dot == std::string::npos) return {nullptr, nullptr};
    const TypeInfo* type = registry.find(path.substr(0, dot));
    const FieldInfo* field = type != nullptr ? type->find_field(path.substr(dot + 1)) : nullptr;
    return {type, field};
}

} // namespace

// ---- overrides ----

bool EditorSession::is_overridden(Guid object, const std::string& component,
                                  const std::string& field) const {
    const Handle h = m_world->find(object);
    const Source source = source_of(*m_world, prefabs(), h);
    if (source.prefab == nullptr) return false;
    const auto [type, info] = field_of(registry(), component + "." + field);
    if (info == nullptr || is_own_place(source, *type)) return false;
    const void* value = m_world->get(h, type->id);
    return value != nullptr && local_value(*m_world, h, *source.prefab, *info, value) !=
                                   inherited_value(source, *type, *info);
}

std::vector<std::string> EditorSession::overrides(Guid object) const {
    std::vector<std::string> fields;
    const Handle h = m_world->find(object);
    if (source_of(*m_world, prefabs(), h).prefab == nullptr) return fields;
    for (const TypeInfo* type : registry().types())
        if (m_world->get(h, type->id) != nullptr)
            for (const FieldInfo& f : type->fields)
                if (f.get != nullptr && is_overridden(object, type->name, f.name))
                    fields.push_back(type->name + "." + f.name);
    return fields;
}

Result<void> EditorSession::revert_to_prefab(Guid object, const std::string& component,
                                             const std::string& field) {
    const Handle h = m_world->find(object);
    if (!h) return logged(make_error(ErrorCode::NotFound, "no object " + to_string(object)));
    const auto [type, info] = field_of(registry(), component + "." + field);
    if (info == nullptr)
        return logged(make_error(ErrorCode::NotFound, "no field " + component + "." + field));
    const Source source = source_of(*m_world, prefabs(), h);
    if (source.prefab == nullptr)
        return refused("'" + m_world->name(h) + "' is not an instance of a known prefab");
    FieldValue value = inherited_value(source, *type, *info);
    if (info->type == FieldType::ObjectRef)
        value = globalize_reference(*m_world, h, *source.prefab, std::get<Guid>(value));
    return execute(std::make_unique<SetFieldCommand>(std::vector<Guid>{object},
                                                     component + "." + field, std::move(value), 0,
                                                     "Revert " + component + "." + field));
}

Result<void> EditorSession::revert_object(Guid object) {
    const Handle h = m_world->find(object);
    const Source source = source_of(*m_world, prefabs(), h);
    if (source.prefab == nullptr)
        return refused("'" + (h ? m_world->name(h) : to_string(object)) +
                       "' is not an instance of a known prefab");
    std::vector<std::unique_ptr<EditCommand>> steps;
    for (const TypeInfo* type : registry().types()) {
        const void* mine = m_world->get(h, type->id);
        const void* base = find_component(source.components, *type);
        if (is_own_place(source, *type)) continue;
        if (mine == nullptr && base != nullptr) {
            auto copy = type->make_instance();
            type->copy(copy.get(), base);
            map_references(*m_world, h, *source.prefab, *type, copy.get(), false);
            steps.push_back(std::make_unique<AddComponentCommand>(object, *type, std::move(copy)));
        } else if (mine != nullptr && base == nullptr && type->id != component_id<Transform2D>()) {
            steps.push_back(std::make_unique<RemoveComponentCommand>(object, *type));
        } else if (mine != nullptr && base != nullptr) {
            for (const FieldInfo& f : type->fields) {
                if (f.get == nullptr || !is_overridden(object, type->name, f.name)) continue;
                FieldValue value = f.get(base);
                if (f.type == FieldType::ObjectRef)
                    value = globalize_reference(*m_world, h, *source.prefab, std::get<Guid>(value));
                steps.push_back(std::make_unique<SetFieldCommand>(
                    std::vector<Guid>{object}, type->name + "." + f.name, std::move(value)));
            }
        }
    }
    if (steps.empty()) return {};
    return execute(std::make_unique<CommandGroup>("Revert " + m_world->name(h) + " to prefab",
                                                  std::move(steps)));
}

// ---- apply ----

Result<EditorSession::ApplyPlan> EditorSession::plan_apply(Handle h,
                                                           std::vector<std::string> fields) const {
    const Source source = source_of(*m_world, prefabs(), h);
    if (source.prefab == nullptr)
        return make_error(ErrorCode::InvalidArgument,
                          "'" + (h ? m_world->name(h) : std::string("?")) +
                              "' is not an instance of a known prefab");
    if (fields.empty()) fields = overrides(m_world->guid(h));
    Prefab changed = source.prefab->clone();
    std::vector<PrefabComponent>& list =
        source.part.is_null() ? changed.components
                              : const_cast<PrefabPart*>(changed.part(source.part))->components;
    struct FieldChange {
        const TypeInfo* type;
        const FieldInfo* field;
        FieldValue old_value;
        FieldValue new_value; // local
    };
    std::vector<FieldChange> changes;
    for (const std::string& path : fields) {
        const auto [type, info] = field_of(registry(), path);
        const void* mine = type != nullptr ? m_world->get(h, type->id) : nullptr;
        if (info == nullptr || mine == nullptr)
            return make_error(ErrorCode::NotFound,
                              "'" + m_world->name(h) + "' has no field " + path);
        void* theirs = nullptr;
        for (PrefabComponent& c : list)
            if (c.type == type) theirs = c.value.get();
        if (theirs == nullptr) { // the instance added the component: the prefab gets it
            auto added = type->make_instance();
            theirs = added.get();
            list.push_back(PrefabComponent{type, std::move(added)});
            std::sort(list.begin(), list.end(),
                      [](const auto& a, const auto& b) { return a.type->id < b.type->id; });
        }
        FieldValue value = local_value(*m_world, h, *source.prefab, *info, mine);
        changes.push_back(FieldChange{type, info, info->get(theirs), value});
        info->set(theirs, value);
    }
    auto json = prefab_to_json(changed, &prefabs());
    if (!json) return json.error();

    ApplyPlan plan;
    plan.path = source.prefab->path;
    plan.text = to_pretty_json(*json);
    // Every other object from the same prefab object that did not override a field takes it.
    const PrefabInstance* link = m_world->get<PrefabInstance>(h);
    m_world->each_object([&](Handle other) {
        if (other == h) return;
        const PrefabInstance* theirs = m_world->get<PrefabInstance>(other);
        if (theirs == nullptr || theirs->prefab != link->prefab || theirs->part != link->part)
            return;
        bool any = false;
        for (const FieldChange& c : changes) {
            const void* component = m_world->get(other, c.type->id);
            if (component == nullptr ||
                local_value(*m_world, other, *source.prefab, *c.field, component) != c.old_value ||
                c.old_value == c.new_value)
                continue;
            FieldValue value = c.new_value;
            if (c.field->type == FieldType::ObjectRef)
                value = globalize_reference(*m_world, other, *source.prefab, std::get<Guid>(value));
            plan.updates.push_back(std::make_unique<SetFieldCommand>(
                std::vector<Guid>{m_world->guid(other)}, c.type->name + "." + c.field->name,
                std::move(value)));
            any = true;
        }
        if (any) plan.changed.push_back(m_world->guid(other));
    });
    return plan;
}

Result<void> EditorSession::run_apply(ApplyPlan plan, const std::string& label) {
    auto file = file_in_project(project().root, fs::path(plan.path));
    std::optional<std::string> old_text;
    if (file)
        if (auto text = read_file(*file, 16u << 20)) old_text = std::move(*text);
    std::vector<std::unique_ptr<EditCommand>> steps;
    steps.push_back(std::make_unique<PrefabFileCommand>(
        plan.path, std::move(old_text), std::move(plan.text),
        [this](const std::string& path, const std::string& text) {
            return write_prefab_file(path, text);
        }));
    for (auto& update : plan.updates)
        steps.push_back(std::move(update));
    if (auto ok = execute(std::make_unique<CommandGroup>(label, std::move(steps))); !ok) return ok;
    log_info(label + ": " + plan.path + " written; " + std::to_string(plan.changed.size()) +
             " other instance object" + (plan.changed.size() == 1 ? "" : "s") + " changed");
    return {};
}

Result<void> EditorSession::apply_to_prefab(Guid object, const std::string& component,
                                            const std::string& field) {
    if (m_play != PlayState::Editing || m_live)
        return refused("apply to prefab: stop Play (or detach) first");
    if (auto ok = check_access(); !ok) return logged(ok.error());
    auto plan = plan_apply(m_world->find(object), {component + "." + field});
    if (!plan) return logged(plan.error());
    return run_apply(std::move(*plan), "Apply " + component + "." + field + " to prefab");
}

Result<void> EditorSession::apply_object(Guid object) {
    if (m_play != PlayState::Editing || m_live)
        return refused("apply to prefab: stop Play (or detach) first");
    if (auto ok = check_access(); !ok) return logged(ok.error());
    const Handle h = m_world->find(object);
    if (overrides(object).empty()) return {};
    auto plan = plan_apply(h, {});
    if (!plan) return logged(plan.error());
    return run_apply(std::move(*plan), "Apply " + m_world->name(h) + " to prefab");
}

std::size_t EditorSession::apply_changes_count(Guid object,
                                               const std::vector<std::string>& fields) const {
    const Handle h = m_world->find(object);
    if (fields.empty() && overrides(object).empty()) return 0;
    auto plan = plan_apply(h, fields);
    return plan ? plan->changed.size() : 0;
}

Result<void> EditorSession::write_prefab_file(const std::string& path, const std::string& text) {
    Diagnostics problems;
    auto prefab = parse_prefab(text, path, project(), registry(), problems, &prefabs());
    if (!prefab) return prefab.error();
    auto file = file_in_project(project().root, fs::path(path));
    if (!file) return file.error();
    SaveOptions options;
    options.backups = m_backups;
    options.confined_to = project().root;
    if (auto ok = save_file_atomic(*file, text, options); !ok) return ok.error();
    m_game->put_prefab(std::move(*prefab));
    if (auto stamp = stamp_file(*file, false)) m_prefab_stamps[path] = *stamp;
    return {};
}

// ---- save as prefab ----

std::string EditorSession::prefab_name_problem(const std::string& name) {
    if (name.empty()) return "a prefab needs a name";
    if (name.size() > 64) return "a prefab name has at most 64 characters";
    if (name.front() == ' ' || name.back() == ' ')
        return "a prefab name does not start or end with a space";
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != ' ' && c != '-' && c != '_')
            return std::string(
                       "a prefab name has letters, digits, spaces, '-' and '_' only (not '") +
                   c + "')";
    return {};
}

std::string EditorSession::prefab_path_for(const std::string& name) const {
    const std::string folder = has_project() ? project().prefab_folder : std::string("prefabs");
    return folder + "/" + name + std::string(kPrefabSuffix);
}

Result<EditorSession::PrefabSaved> EditorSession::save_selection_as_prefab(const std::string& name,
                                                                           bool replace) {
    if (!has_project()) return refused("save as prefab: open a project first");
    if (m_play != PlayState::Editing || m_live)
        return refused("save as prefab: stop Play (or detach) first");
    if (const std::string problem = prefab_name_problem(name); !problem.empty())
        return refused("save as prefab: " + problem);
    if (auto ok = check_access(); !ok) return logged(ok.error());
    const std::vector<Handle> top = selected_top_level();
    if (top.empty()) return refused("save as prefab: select the objects to save first");
    const std::string path = prefab_path_for(name);
    auto file = file_in_project(project().root, fs::path(path));
    if (!file) return logged(file.error());
    std::error_code ec;
    if (fs::exists(*file, ec) && !replace)
        return logged(make_error(ErrorCode::Duplicate,
                                 path + " exists; replace it, or choose another name", path));
    for (Handle h : with_descendants(*m_world, top)) {
        if (m_world->get<MissingPrefab>(h) != nullptr)
            return refused("save as prefab: '" + m_world->name(h) +
                           "' stands in for a missing prefab");
        const PrefabInstance* link = m_world->get<PrefabInstance>(h);
        if (link == nullptr) continue;
        if (const std::string cycle = prefab_cycle(prefabs(), path, {link->prefab}); !cycle.empty())
            return logged(
                make_error(ErrorCode::Cycle,
                           "save as prefab: " + cycle + ": a prefab cannot contain itself", path));
    }

    // The root: the one selected object when it is nobody's instance, else a new object.
    std::vector<std::unique_ptr<EditCommand>> steps;
    Guid root_guid{};
    const bool own_root = top.size() == 1 && m_world->get<PrefabInstance>(top[0]) == nullptr;
    if (own_root) {
        root_guid = m_world->guid(top[0]);
    } else {
        const Handle parent = m_world->parent(top[0]);
        const bool same_parent = std::all_of(
            top.begin(), top.end(), [&](Handle h) { return m_world->parent(h) == parent; });
        glm::vec2 centre(0.0f);
        for (Handle h : top)
            centre +=
                same_parent ? m_world->get<Transform2D>(h)->position : m_world->world_position(h);
        centre /= static_cast<float>(top.size());
        root_guid = m_world->new_guid();
        Json entry = Json::object();
        entry["guid"] = to_string(root_guid);
        entry["name"] = UniqueNames(*m_world).take(name);
        entry["layer"] = m_world->layers()[m_world->layer(top[0])];
        if (same_parent && parent) entry["parent"] = to_string(m_world->guid(parent));
        entry["components"] = {
            {"Transform2D", {{"position", {float_to_json(centre.x), float_to_json(centre.y)}}}}};
        steps.push_back(std::make_unique<AddObjectsCommand>(
            "Group", Json::array({std::move(entry)}), edit_context(), glm::vec2(0.0f)));
        steps.push_back(std::make_unique<ReorderCommand>(
            std::vector<Guid>{root_guid}, m_world->guid(top[0]), SiblingPlace::Before));
        for (Handle h : top)
            steps.push_back(std::make_unique<ReparentCommand>(m_world->guid(h), root_guid));
    }
    // Group first (when needed), then build the prefab from the grouped objects.
    auto group = std::make_unique<CommandGroup>("Save as prefab " + name, std::move(steps));
    if (!group->apply(*m_world)) return logged(group->failure());
    const Handle root = m_world->find(root_guid);
    PrefabFromObjects made = prefab_from_objects(*m_world, root, path, name);
    auto json = prefab_to_json(made.prefab, &prefabs());
    std::vector<Guid> objects;
    for (Handle h : with_descendants(*m_world, {root}))
        objects.push_back(m_world->guid(h));
    group->revert(*m_world);
    if (!json) return logged(json.error());
    const std::string text = to_pretty_json(*json);
    if (auto ok = write_prefab_file(path, text); !ok) return logged(ok.error());

    // Now as one step: the grouping (again) and the links.
    std::vector<std::unique_ptr<EditCommand>> all;
    all.push_back(std::move(group));
    std::vector<LinkPrefabCommand::Link> links;
    for (Guid g : objects)
        links.push_back(
            LinkPrefabCommand::Link{g, PrefabInstance{path, g == root_guid ? Guid{} : g}});
    all.push_back(std::make_unique<LinkPrefabCommand>(std::move(links)));
    if (auto ok = execute(std::make_unique<CommandGroup>("Save as prefab " + name, std::move(all)));
        !ok)
        return ok.error();
    m_selection.assign(1, root_guid);
    for (const std::string& line : made.leaving)
        log_warning("save as prefab " + name + ": " + line +
                    ", outside the prefab: kept on this instance only");
    log_info("saved " + path + " (" + std::to_string(objects.size()) + " object" +
             (objects.size() == 1 ? "" : "s") + ")");
    return PrefabSaved{path, root_guid, std::move(made.leaving)};
}

// ---- placing instances ----

Result<Json> EditorSession::instance_entries(const Prefab& prefab, const std::string& name,
                                             LayerId layer, glm::vec2 position) const {
    // Instantiated in a scratch world of the same layers, then written as scene entries with
    // guids new to the edited world.
    World scratch(registry());
    scratch.set_prefabs(&prefabs());
    const auto& layers = m_world->layers();
    (void)scratch.rename_layer(0, layers[0]);
    for (std::size_t i = 1; i < layers.size(); ++i)
        scratch.add_layer(layers[i]);
    auto root = instantiate(scratch, prefab, ObjectDef{.name = name, .layer = layer});
    if (!root) return root.error();
    scratch.get<Transform2D>(*root)->position = position;
    std::vector<Handle> objects = with_descendants(scratch, {*root});
    auto entries = objects_to_json(scratch, objects, prefabs());
    if (!entries) return entries.error();
    return with_fresh_guids(*entries, *m_world);
}

} // namespace diorama::editor
