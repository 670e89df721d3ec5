#include "scene_references.h"

#include "diorama/json_io.h"
#include "diorama/prefab.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "document.h"

#include <algorithm>
#include <vector>

namespace diorama::detail {

namespace {

// The registered types with an object reference field: the only ones these passes look at.
std::vector<const TypeInfo*> types_with_references(const World& world) {
    std::vector<const TypeInfo*> out;
    for (const TypeInfo* type : world.registry().types())
        for (const FieldInfo& f : type->fields)
            if (f.type == FieldType::ObjectRef) {
                out.push_back(type);
                break;
            }
    return out;
}

} // namespace

void globalize_instance_references(World& world, const PrefabLibrary& prefabs,
                                   std::span<const ReadObject> objects) {
    for (const ReadObject& o : objects) {
        const PrefabInstance* link = world.get<PrefabInstance>(o.handle);
        if (link == nullptr) continue;
        const Prefab* prefab = prefabs.find(link->prefab);
        if (prefab == nullptr || (prefab->id.is_null() && prefab->children.empty())) continue;
        for (ComponentId id : world.components_of(o.handle))
            if (const TypeInfo* type = world.registry().find(id))
                map_references(world, o.handle, *prefab, *type, world.get(o.handle, id), false);
    }
}

void remap_references(World& world, std::span<const ReadObject> objects,
                      const std::unordered_map<Guid, Guid>& renamed) {
    if (renamed.empty()) return;
    const std::vector<const TypeInfo*> types = types_with_references(world);
    for (const ReadObject& o : objects) {
        for (const TypeInfo* type : types) {
            void* c = world.get(o.handle, type->id);
            if (c == nullptr) continue;
            for (const FieldInfo& f : type->fields) {
                if (f.type != FieldType::ObjectRef) continue;
                const Guid g = std::get<Guid>(f.get(c));
                if (auto to = renamed.find(g); to != renamed.end() && to->second != g)
                    f.set(c, FieldValue{to->second});
            }
        }
    }
}

void check_references(const World& world, std::span<const ReadObject> objects,
                      std::string_view file, Diagnostics& diagnostics) {
    const std::vector<const TypeInfo*> types = types_with_references(world);
    if (types.empty()) return;
    for (const ReadObject& o : objects) {
        // In the object's component order, as the warnings have always come.
        for (ComponentId id : world.components_of(o.handle)) {
            const TypeInfo* type = world.registry().find(id);
            if (type == nullptr || std::find(types.begin(), types.end(), type) == types.end())
                continue;
            const void* c = world.get(o.handle, id);
            for (const FieldInfo& f : type->fields) {
                if (f.type != FieldType::ObjectRef) continue;
                const Guid g = std::get<Guid>(f.get(c));
                if (!g.is_null() && !world.find(g))
                    diagnostics.warning(make_error(
                        ErrorCode::NotFound, "reference to missing object " + to_string(g),
                        where(file,
                              json_path(json_path(json_path("objects", o.index), "components"),
                                        type->name + "." + f.name))));
            }
        }
    }
}

} // namespace diorama::detail
