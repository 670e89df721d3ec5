#include "diorama/version.h"

namespace diorama {

std::string_view engine_version() {
    return DIORAMA_VERSION;
}

} // namespace diorama
