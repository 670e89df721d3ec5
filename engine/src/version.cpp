#include "diorama/version.h"

#include "diorama/engine_build.h"

namespace diorama {

std::string_view engine_version() {
    return DIORAMA_VERSION;
}

std::string_view engine_build() {
    return DIORAMA_ENGINE_BUILD;
}

} // namespace diorama
