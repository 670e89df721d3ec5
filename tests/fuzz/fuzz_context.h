#pragma once
// What every loader fuzz target shares: the types (built-ins and BOUNCE's), the BOUNCE sample
// project and its prefabs as the place files are loaded into, and `require`, which stops the
// process (a finding) when a promise of the loaders is broken.

#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/type_registry.h"

#include <string_view>

namespace diorama::fuzz {

struct FuzzContext {
    TypeRegistry registry;
    Project project;
    PrefabLibrary prefabs;
};

// Built once per process from the sample project under DIORAMA_SOURCE_DIR.
const FuzzContext& fuzz_context();

// Prints what was broken and aborts (libFuzzer then saves the input) unless condition holds.
void require(bool condition, std::string_view promise, std::string_view details = {});

} // namespace diorama::fuzz
