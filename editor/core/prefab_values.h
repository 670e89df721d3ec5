#pragma once
// Internal to the session's prefab files: reading an instance object's values the way its
// prefab holds them.

#include "diorama/prefab.h"
#include "diorama/world.h"

#include <vector>

namespace diorama::editor {

// A component of a prefab object's list by type; nullptr when the list (or it) has none.
inline const void* find_component(const std::vector<PrefabComponent>* list, const TypeInfo& type) {
    if (list == nullptr) return nullptr;
    for (const PrefabComponent& c : *list)
        if (c.type == &type) return c.value.get();
    return nullptr;
}

// A field of instance object h as its prefab would hold it (references between the instance's
// objects as the prefab's local guids).
inline FieldValue local_value(const World& world, Handle h, const Prefab& prefab,
                              const FieldInfo& field, const void* component) {
    FieldValue value = field.get(component);
    if (field.type == FieldType::ObjectRef)
        value = localize_reference(world, h, prefab, std::get<Guid>(value));
    return value;
}

} // namespace diorama::editor
