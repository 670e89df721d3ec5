// Fuzz target: bytes -> prefab loader (parse, validate) -> instantiate into a world -> save ->
// load again. The saved prefab must load without errors, save the same bytes, and instantiate to
// the same state as the first.

#include "fuzz_context.h"

#include "diorama/state_hash.h"
#include "diorama/world.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

constexpr std::string_view kPath = "prefabs/fuzz.prefab.json";

// The state hash of a world holding one instance of prefab.
std::uint64_t instance_hash(const diorama::Prefab& prefab) {
    using namespace diorama;
    World world(fuzz::fuzz_context().registry);
    auto instance = instantiate(world, prefab, ObjectDef{.name = "instance", .guid = Guid{1}});
    fuzz::require(instance.ok(), "a loaded prefab instantiates",
                  instance ? "" : instance.error().describe());
    return state_hash(world);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace diorama;
    using fuzz::require;
    const fuzz::FuzzContext& context = fuzz::fuzz_context();
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    Diagnostics diagnostics;
    auto first = parse_prefab(text, kPath, context.project, context.registry, diagnostics);
    const std::string report = diagnostics.format();
    if (!first) {
        require(diagnostics.has_errors(), "a failed load reports an error");
        return 0;
    }
    require(!diagnostics.has_errors(), "a load with errors fails", report);

    auto json = prefab_to_json(*first);
    require(json.ok(), "a loaded prefab saves", json ? "" : json.error().describe());
    const std::string saved = to_pretty_json(*json);

    Diagnostics again;
    auto second = parse_prefab(saved, kPath, context.project, context.registry, again);
    require(second.ok(), "a saved prefab loads", again.format() + "\n" + saved);
    auto json_again = prefab_to_json(*second);
    require(json_again.ok() && to_pretty_json(*json_again) == saved,
            "saving the reloaded prefab gives the same bytes", saved);
    require(instance_hash(*second) == instance_hash(*first),
            "instances of the saved prefab equal instances of the first", saved);
    return 0;
}
