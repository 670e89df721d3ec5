#include "fuzz_context.h"

#include "bounce.h"
#include "diorama/components.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace diorama::fuzz {

namespace {

FuzzContext* make_context() {
    auto* context = new FuzzContext(); // lives for the whole process
    register_builtin_components(context->registry);
    require(bounce::register_bounce(context->registry).ok(), "BOUNCE's types register");
    Diagnostics diagnostics;
    auto project =
        load_project(std::filesystem::path(DIORAMA_SOURCE_DIR) / "projects/bounce", diagnostics);
    require(project.ok(), "the sample project loads", diagnostics.format());
    context->project = *project;
    context->prefabs.load_folder(context->project, context->registry, diagnostics);
    require(!diagnostics.has_errors(), "the sample prefabs load", diagnostics.format());
    return context;
}

} // namespace

const FuzzContext& fuzz_context() {
    static const FuzzContext* context = make_context();
    return *context;
}

void require(bool condition, std::string_view promise, std::string_view details) {
    if (condition) return;
    const std::string text =
        "broken promise: " + std::string(promise) + "\n" + std::string(details) + "\n";
    std::fputs(text.c_str(), stderr);
    std::abort();
}

} // namespace diorama::fuzz
