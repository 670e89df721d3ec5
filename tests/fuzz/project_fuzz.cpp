// Fuzz target: bytes -> project.json loader (parse, validate, paths checked inside the BOUNCE
// sample folder) -> save -> load again. The saved file must load without errors and save the
// same bytes. (A project builds no world; its startup scene is a scene file, fuzzed by
// scene_fuzz.)

#include "fuzz_context.h"

#include "diorama/module.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace diorama;
    using fuzz::require;
    const fuzz::FuzzContext& context = fuzz::fuzz_context();
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    Diagnostics diagnostics;
    auto first = parse_project(text, "project.json", context.project.root, diagnostics);
    const std::string report = diagnostics.format();
    if (!first) {
        require(diagnostics.has_errors(), "a failed load reports an error");
        return 0;
    }
    require(!diagnostics.has_errors(), "a load with errors fails", report);
    require(is_module_name(first->module) || first->module.empty(),
            "a loaded project names its module by a plain name", first->module);

    const std::string saved = to_pretty_json(project_to_json(*first));
    Diagnostics again;
    auto second = parse_project(saved, "project.json", context.project.root, again);
    require(second.ok(), "a saved project loads", again.format() + "\n" + saved);
    require(to_pretty_json(project_to_json(*second)) == saved,
            "saving the reloaded project gives the same bytes", saved);
    return 0;
}
