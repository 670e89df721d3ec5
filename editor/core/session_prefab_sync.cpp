// EditorSession: prefab files changed on disk — loaded again, the open scene's instances
// following them; a file that no longer reads keeps the version last loaded.

#include "editor_session.h"

#include "commands.h"
#include "prefab_values.h"

#include "diorama/log.h"

#include <unordered_map>

namespace diorama::editor {

namespace fs = std::filesystem;

void EditorSession::stamp_prefabs() {
    m_prefab_stamps.clear();
    if (!has_project()) return;
    for (const std::string& path :
         project_files(project().root, project().prefab_folder, ".prefab.json"))
        if (auto stamp = stamp_file(project().root / path, false)) m_prefab_stamps[path] = *stamp;
}

std::vector<std::unique_ptr<EditCommand>>
EditorSession::rebase_commands(const Prefab& before, const Prefab& after) const {
    std::vector<std::unique_ptr<EditCommand>> steps;
    add_new_parts(before, after, steps);
    m_world->each_object([&](Handle h) {
        const PrefabInstance* link = m_world->get<PrefabInstance>(h);
        if (link == nullptr || link->prefab != before.path) return;
        const auto* old_base = before.components_of(link->part);
        const auto* new_base = after.components_of(link->part);
        if (old_base == nullptr || new_base == nullptr) return; // a removed object stays as is
        const Guid object = m_world->guid(h);
        for (const TypeInfo* type : registry().types()) {
            if (link->part.is_null() && type->id == component_id<Transform2D>()) continue;
            const void* mine = m_world->get(h, type->id);
            const void* was = find_component(old_base, *type);
            const void* now = find_component(new_base, *type);
            if (mine == nullptr && was == nullptr && now != nullptr) {
                auto copy = type->make_instance();
                type->copy(copy.get(), now);
                map_references(*m_world, h, after, *type, copy.get(), false);
                steps.push_back(
                    std::make_unique<AddComponentCommand>(object, *type, std::move(copy)));
                continue;
            }
            if (mine == nullptr || was == nullptr) continue;
            bool overridden = false;
            for (const FieldInfo& f : type->fields) {
                if (f.get == nullptr) continue;
                const FieldValue old_value = f.get(was);
                if (local_value(*m_world, h, before, f, mine) != old_value) {
                    overridden = true;
                    continue;
                }
                if (now == nullptr) continue;
                FieldValue value = f.get(now);
                if (value == old_value) continue;
                if (f.type == FieldType::ObjectRef)
                    value = globalize_reference(*m_world, h, after, std::get<Guid>(value));
                steps.push_back(std::make_unique<SetFieldCommand>(
                    std::vector<Guid>{object}, type->name + "." + f.name, std::move(value)));
            }
            if (now == nullptr && !overridden && type->id != component_id<Transform2D>())
                steps.push_back(std::make_unique<RemoveComponentCommand>(object, *type));
        }
    });
    return steps;
}

void EditorSession::add_new_parts(const Prefab& before, const Prefab& after,
                                  std::vector<std::unique_ptr<EditCommand>>& steps) const {
    // Objects of the prefab that before did not have: every instance gets them, below the
    // object of its own that comes from their parent (each instance's new objects in one step,
    // created from the prefab's values when the step runs).
    std::vector<Guid> removed;
    m_world->each_object([&](Handle h) {
        const PrefabInstance* link = m_world->get<PrefabInstance>(h);
        if (link == nullptr || link->prefab != before.path) return;
        if (!link->part.is_null() && after.part(link->part) == nullptr &&
            before.part(link->part) != nullptr)
            removed.push_back(m_world->guid(h)); // the prefab no longer has it
        if (!link->part.is_null()) return;
        Json entries = Json::array();
        std::unordered_map<Guid, Guid> made; // new part -> the guid it gets in this instance
        for (const PrefabPart& part : after.children) {
            if (before.part(part.id) != nullptr) continue;
            Guid parent{};
            if (auto it = made.find(part.parent); it != made.end())
                parent = it->second;
            else if (const Handle up = part.parent.is_null()
                                           ? h
                                           : instance_object(*m_world, h, after, part.parent))
                parent = m_world->guid(up);
            if (parent.is_null()) continue; // its parent was removed from this instance
            const Guid g = m_world->new_guid();
            made[part.id] = g;
            entries.push_back({{"guid", to_string(g)},
                               {"name", part.name},
                               {"layer", m_world->layers()[m_world->layer(h)]},
                               {"parent", to_string(parent)},
                               {"prefab", after.path},
                               {"part", to_string(part.id)},
                               {"components", Json::object()}});
        }
        if (!entries.empty())
            steps.push_back(std::make_unique<AddObjectsCommand>("New objects of " + after.path,
                                                                std::move(entries), edit_context(),
                                                                glm::vec2(0.0f)));
    });
    if (!removed.empty())
        steps.push_back(std::make_unique<RemoveObjectsCommand>("Objects gone from " + after.path,
                                                               std::move(removed), edit_context()));
}

int EditorSession::reload_changed_prefabs() {
    if (!has_project() || m_play != PlayState::Editing || m_live) return 0;
    if (m_showing_prefab) { // the scene's instances follow, in the scene's history
        swap_tabs();
        const int reloaded = reload_changed_prefabs();
        swap_tabs();
        return reloaded;
    }
    int reloaded = 0;
    for (const std::string& path :
         project_files(project().root, project().prefab_folder, ".prefab.json")) {
        const fs::path file = project().root / path;
        FileStamp now;
        auto known = m_prefab_stamps.find(path);
        if (known != m_prefab_stamps.end() &&
            compare_with_disk(known->second, file, now, true) == DiskChange::Same)
            continue;
        if (auto stamp = stamp_file(file, false)) m_prefab_stamps[path] = *stamp;
        Diagnostics problems;
        // Strictly: a file with errors (half-typed in another program) never replaces the version
        // the editor has.
        auto loaded = load_prefab(project(), path, registry(), problems, &prefabs());
        const Prefab* before = prefabs().find(path);
        if (before != nullptr && before->path != path) before = nullptr;
        if (!loaded) {
            log_warning(loaded.error().describe() + "; " +
                        (before != nullptr
                             ? "the editor keeps the version of " + path + " it last loaded"
                             : path + " is left out until it reads"));
            continue;
        }
        std::vector<std::unique_ptr<EditCommand>> steps;
        if (before != nullptr) steps = rebase_commands(*before, *loaded);
        m_game->put_prefab(std::move(*loaded));
        ++reloaded;
        log_info(path + " changed on disk: reloaded" +
                 (steps.empty() ? std::string()
                                : "; " + std::to_string(steps.size()) + " instance value" +
                                      (steps.size() == 1 ? "" : "s") + " follow it"));
        if (!steps.empty())
            (void)execute(
                std::make_unique<CommandGroup>(path + " changed on disk", std::move(steps)));
    }
    return reloaded;
}

} // namespace diorama::editor
