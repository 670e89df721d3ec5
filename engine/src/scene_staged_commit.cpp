// Making a world's objects from a staged scene (scene_fast_read.h): the fast path's second half,
// after the text is read and freed.

#include "scene_fast_read.h"

#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cstdint>

namespace diorama::detail {

void return_free_memory() {
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

bool header_is_clean(const StagedScene& staged, std::string_view file) {
    Diagnostics said;
    if (!check_header(staged.head, "diorama.scene", kSceneVersion, file, said)) return false;
    (void)read_string(staged.head, "name", false, file, "", said);
    return said.empty();
}

Result<LargeVector<ReadObject>> commit_staged(World& world, StagedScene& staged) {
    std::vector<LayerId> layers;
    for (const std::string& name : staged.layers)
        layers.push_back(world.find_layer(name).value_or(0));
    const std::vector<const TypeInfo*>& types = world.registry().types();
    LargeVector<ReadObject> out;
    try {
        out.reserve(staged.objects.size());
        world.reserve(staged.objects.size());
        for (std::size_t id = 0; id < staged.given.size(); ++id)
            if (staged.given[id])
                world.reserve_components(static_cast<ComponentId>(id), staged.given[id]->size());
    } catch (const std::bad_alloc&) {
        return make_error(ErrorCode::OutOfMemory, "out of memory", "objects");
    }
    const auto count = static_cast<std::uint32_t>(staged.objects.size());
    constexpr std::uint32_t kPrefetchAhead = 16; // objects; hides the guid index's random access
    for (std::uint32_t i = 0; i < count; ++i) {
        if (i + kPrefetchAhead < count)
            world.prefetch_guid(staged.objects[i + kPrefetchAhead].guid);
        StagedObject& o = staged.objects[i];
        ObjectDef def;
        def.guid = o.guid;
        def.name = std::move(o.name);
        if (o.layer) def.layer = layers[*o.layer];
        auto created = world.create(def);
        if (!created)
            return make_error(created.error().code, created.error().message,
                              json_path("objects", i));
        const Handle h = *created;
        const std::vector<PrefabComponent>* base = nullptr;
        if (o.prefab != nullptr) {
            PrefabInstance* link = world.add<PrefabInstance>(h);
            link->prefab = o.prefab->path;
            link->part = o.part;
            base = o.prefab->components_of(o.part);
        }
        // In registry order, as the precise reader adds them (their hooks see the same world).
        for (const TypeInfo* type : types) {
            const void* value = nullptr;
            if (type->id < staged.given.size() && staged.given[type->id])
                value = staged.given[type->id]->find(i);
            if (value == nullptr && base != nullptr)
                for (const PrefabComponent& c : *base)
                    if (c.type == type) value = c.value.get();
            if (value != nullptr) world.add_copy(h, type->id, value);
        }
        out.push_back(ReadObject{h, i, o.parent});
    }
    return out;
}

} // namespace diorama::detail
