#include "memory_policy.h"

#include <cstdlib> // defines __GLIBC__ with glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace diorama::editor {

void keep_freed_memory_for_reuse() {
#if defined(__GLIBC__)
    constexpr int kKeptTop = 128 << 20;
    constexpr int kMappedFrom = 32 << 20; // glibc's own ceiling for its adaptive threshold
    mallopt(M_TRIM_THRESHOLD, kKeptTop);
    mallopt(M_MMAP_THRESHOLD, kMappedFrom);
#endif
}

} // namespace diorama::editor
