// A module of this engine build whose entry point adds a system and then throws: a game opened
// without its module must not keep what it added.

#include "diorama/module_entry.h"
#include "diorama/type_registry.h"

#include <stdexcept>

DIORAMA_MODULE(registry) {
    registry.add_system("half registered", [](diorama::World&, float) {});
    throw std::runtime_error("the module gave up halfway");
}
