#pragma once
// How the editor names the object an ObjectRef field points to. A reference whose object is not
// in the world (a dangling reference, kept from the file) gets a visible placeholder instead of a
// name, so the user sees it and can fix it.

#include "diorama/handle.h"

#include <string>

namespace diorama {
class World;
}

namespace diorama::editor {

// "(none)" for the null guid; the object's name (or "(unnamed)"); "(missing) GUID" when no
// object has the guid.
[[nodiscard]] std::string reference_label(const World& world, Guid target);

} // namespace diorama::editor
