#include "diorama/version.h"

#include "diorama/engine_build.h"

#include "engine_build_tag.h"

namespace diorama {

std::string_view engine_version() {
    return DIORAMA_VERSION;
}

std::string_view engine_build() {
    return DIORAMA_ENGINE_BUILD;
}

// Kept in the library even though nothing in it reads the array by name.
[[gnu::used]] const char detail::engine_build_tag[] =
    DIORAMA_ENGINE_BUILD_TAG_TEXT DIORAMA_ENGINE_BUILD;

} // namespace diorama
