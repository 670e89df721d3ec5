// A module built against another engine build: its stamp is not any real build's. load_module
// must refuse it before its entry point runs (the entry point adds a system to show it ran).

#include "diorama/type_registry.h"

extern "C" __attribute__((visibility("default"))) const char* diorama_module_engine_build() {
    return DIORAMA_TEST_STAMP;
}

extern "C" __attribute__((visibility("default"))) void
diorama_register_module(diorama::TypeRegistry& registry) {
    registry.add_system("must not run", [](diorama::World&, float) {});
}
