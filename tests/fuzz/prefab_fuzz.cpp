// Fuzz target: bytes -> prefab loader (parse, validate) -> instantiate into a world -> save ->
// load again. The saved prefab must load without errors, save the same bytes, and instantiate to
// the same state as the first. A load keeping unfit fields (the editor's) reports the same
// problems, makes the same prefab when the strict load succeeds, and what it makes saves to a
// text the strict load reads cleanly.

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

    Diagnostics kept_diagnostics;
    auto kept = parse_prefab(text, kPath, context.project, context.registry, kept_diagnostics,
                             nullptr, PrefabLoadOptions{.keep_unfit_fields = true});
    require(kept_diagnostics.format() == report, "a keeping load reports the same problems",
            report + "\n--- keeping unfit fields:\n" + kept_diagnostics.format());
    require(!first || (kept && instance_hash(*kept) == instance_hash(*first)),
            "a keeping load makes the prefab a strict load makes", report);
    if (kept && !first) {
        auto kept_json = prefab_to_json(*kept);
        require(kept_json.ok(), "a kept prefab saves",
                kept_json ? "" : kept_json.error().describe());
        const std::string kept_text = to_pretty_json(*kept_json);
        Diagnostics strict;
        require(parse_prefab(kept_text, kPath, context.project, context.registry, strict).ok() &&
                    !strict.has_errors(),
                "a kept prefab's save loads strictly without errors",
                strict.format() + "\n" + kept_text);
    }

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
