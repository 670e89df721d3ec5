#pragma once
// component_id<T>() for the store's hot paths: one load, no guard, no call.

#include "diorama/hot_inline.h"
#include "diorama/reflection.h"

namespace diorama::detail {

// component_id<T>() + 1, set during static initialisation; 0 until then.
template <class T>
inline const ComponentId kComponentIdPlusOne = component_id<T>() + 1;

// Reports a typed component access made during static initialisation (before the ids above are
// set) and aborts: the typed accessors need no guard this way.
[[noreturn]] void typed_access_before_static_init();

// component_id<T>() as one load: no guard and no returning call on the hot path, so a loop
// calling get<T> keeps its floating-point values in registers (a call would clobber them all).
template <class T>
DIORAMA_HOT_INLINE ComponentId hot_component_id() {
    const ComponentId id = kComponentIdPlusOne<T>;
    if (id == 0) [[unlikely]]
        typed_access_before_static_init();
    return id - 1;
}

} // namespace diorama::detail
