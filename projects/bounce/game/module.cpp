// The BOUNCE module's entry point, called by the player and the editor when they load it.

#include "bounce.h"

#include <diorama/log.h>
#include <diorama/module_entry.h>

DIORAMA_MODULE(registry) {
    if (auto ok = bounce::register_bounce(registry); !ok)
        diorama::log_error("bounce module: " + ok.error().describe());
}
