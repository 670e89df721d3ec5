#pragma once
// prefetch_line: a hint to start fetching the cache line holding an address that will be read
// soon, so a loop over randomly placed objects need not wait for each one in turn.

#include "diorama/hot_inline.h"

namespace diorama {

// Starts fetching p's cache line into every cache level; changes nothing the program can see.
DIORAMA_HOT_INLINE void prefetch_line(const void* p) {
#if defined(__x86_64__)
    // GCC 12 drops some __builtin_prefetch calls as if they had no effect.
    asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(p)));
#else
    __builtin_prefetch(p);
#endif
}

} // namespace diorama
