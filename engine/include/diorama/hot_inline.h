#pragma once
// DIORAMA_HOT_INLINE: forces inlining of the few small functions on the hottest paths (component
// lookups, the spatial grid's update), where a call would cost more than the work.

#if defined(__GNUC__)
#define DIORAMA_HOT_INLINE [[gnu::always_inline]] inline
#else
#define DIORAMA_HOT_INLINE inline
#endif
