// A module as built before modules carried an engine build stamp: the entry point only.
// load_module must refuse it before its entry point runs (which adds a system to show it ran).

#include "diorama/type_registry.h"

extern "C" __attribute__((visibility("default"))) void
diorama_register_module(diorama::TypeRegistry& registry) {
    registry.add_system("must not run", [](diorama::World&, float) {});
}
