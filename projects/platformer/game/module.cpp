// The PLATFORMER module's entry point, called by the player and the editor when they load it.

#include "platformer.h"

#include <diorama/log.h>
#include <diorama/module_entry.h>

DIORAMA_MODULE(registry) {
    if (auto ok = platformer::register_platformer(registry); !ok)
        diorama::log_error("platformer module: " + ok.error().describe());
}
