#include "reference_label.h"

#include "diorama/world.h"

namespace diorama::editor {

std::string reference_label(const World& world, Guid target) {
    if (target.is_null()) return "(none)";
    const Handle object = world.find(target);
    if (!object) return "(missing) " + to_string(target);
    const std::string& name = world.name(object);
    return name.empty() ? "(unnamed)" : name;
}

} // namespace diorama::editor
