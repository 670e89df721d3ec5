// Fuzz target: bytes -> scene loader (parse, validate, build a world) -> save -> load again. A
// failed load must leave the world empty and say why; a successful one must save, the saved text
// must load without errors, and the second world must equal the first (state hash and the bytes
// it saves). The loader's fast path (scene_fast_read.h) must agree with the precise reader alone
// on every input, with its own windows of the objects' text or one per entry: the same outcome,
// the same messages, the same world. A load keeping unfit fields (the editor's) reports the same
// problems, fails only where the strict load fails for other reasons, makes the strict load's
// world when that succeeds, and what it makes saves to a text the strict load reads cleanly.

#include "fuzz_context.h"

#include "diorama/scene_file.h"
#include "diorama/state_hash.h"
#include "diorama/world.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace diorama;
    using fuzz::require;
    const fuzz::FuzzContext& context = fuzz::fuzz_context();
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    World first(context.registry);
    Diagnostics diagnostics;
    auto loaded = load_scene_text(first, text, "fuzz.scene.json", context.project, context.prefabs,
                                  diagnostics);
    const std::string report = diagnostics.format();

    World precise(context.registry);
    Diagnostics precise_diagnostics;
    auto precisely =
        load_scene_text(precise, text, "fuzz.scene.json", context.project, context.prefabs,
                        precise_diagnostics, SceneLoadOptions{.precise_only = true});
    require(precisely.ok() == loaded.ok(), "the fast path and the precise reader agree on success",
            report + "\n--- precise:\n" + precise_diagnostics.format());
    require(precise_diagnostics.format() == report,
            "the fast path and the precise reader report the same",
            report + "\n--- precise:\n" + precise_diagnostics.format());
    require(state_hash(precise) == state_hash(first), "the fast path makes the precise world");
    World windowed(context.registry);
    Diagnostics windowed_diagnostics;
    auto windowed_loaded =
        load_scene_text(windowed, text, "fuzz.scene.json", context.project, context.prefabs,
                        windowed_diagnostics, SceneLoadOptions{.fast_window_bytes = 1});
    require(windowed_loaded.ok() == loaded.ok() && windowed_diagnostics.format() == report &&
                state_hash(windowed) == state_hash(first),
            "the fast path reads the same with a window per entry",
            report + "\n--- a window per entry:\n" + windowed_diagnostics.format());
    World kept(context.registry);
    Diagnostics kept_diagnostics;
    auto kept_loaded =
        load_scene_text(kept, text, "fuzz.scene.json", context.project, context.prefabs,
                        kept_diagnostics, SceneLoadOptions{.keep_unfit_fields = true});
    require(kept_diagnostics.format() == report, "a keeping load reports the same problems",
            report + "\n--- keeping unfit fields:\n" + kept_diagnostics.format());
    require(!loaded || (kept_loaded && state_hash(kept) == state_hash(first)),
            "a keeping load makes the world a strict load makes", report);
    if (kept_loaded && !loaded) {
        auto kept_text = scene_to_text(kept, kept_loaded->name, context.prefabs);
        require(kept_text.ok(), "a kept scene saves",
                kept_text ? "" : kept_text.error().describe());
        World strict(context.registry);
        Diagnostics strict_diagnostics;
        require(load_scene_text(strict, *kept_text, "kept.scene.json", context.project,
                                context.prefabs, strict_diagnostics)
                        .ok() &&
                    !strict_diagnostics.has_errors(),
                "a kept scene's save loads strictly without errors",
                strict_diagnostics.format() + "\n" + *kept_text);
    }
    if (!loaded) {
        require(diagnostics.has_errors(), "a failed load reports an error");
        require(first.object_count() == 0, "a failed load leaves the world empty", report);
        return 0;
    }
    require(!diagnostics.has_errors(), "a load with errors fails", report);

    auto json = scene_to_json(first, loaded->name, context.prefabs);
    require(json.ok(), "a loaded scene saves", json ? "" : json.error().describe());
    const std::string saved = to_pretty_json(*json);
    auto streamed = scene_to_text(first, loaded->name, context.prefabs);
    require(streamed.ok() && *streamed == saved, "the saved text is the pretty JSON of the scene",
            saved);

    World second(context.registry);
    Diagnostics again;
    auto reloaded =
        load_scene_text(second, saved, "saved.scene.json", context.project, context.prefabs, again);
    require(reloaded.ok(), "a saved scene loads", again.format() + "\n" + saved);
    require(reloaded->name == loaded->name, "the scene name survives a save");
    require(state_hash(second) == state_hash(first), "a saved scene loads the same state", saved);
    auto json_again = scene_to_json(second, reloaded->name, context.prefabs);
    require(json_again.ok() && to_pretty_json(*json_again) == saved,
            "saving the reloaded scene gives the same bytes", saved);
    return 0;
}
