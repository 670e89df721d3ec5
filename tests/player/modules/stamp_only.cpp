// A library with this engine's build stamp but no entry point: load_module must say the entry
// point is missing.

#include "diorama/engine_build.h"

extern "C" __attribute__((visibility("default"))) const char* diorama_module_engine_build() {
    return DIORAMA_ENGINE_BUILD;
}
