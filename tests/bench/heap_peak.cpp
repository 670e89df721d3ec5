#include "heap_peak.h"

#include <malloc.h>

#include <cstdlib>
#include <new>

namespace {

bool g_counting = false;
long long g_in_use = 0; // bytes above the start level; negative when older blocks were freed
long long g_peak = 0;

void* counted_allocation(std::size_t bytes) {
    void* p = std::malloc(bytes == 0 ? 1 : bytes);
    if (p == nullptr) throw std::bad_alloc();
    if (g_counting) {
        g_in_use += static_cast<long long>(malloc_usable_size(p));
        if (g_in_use > g_peak) g_peak = g_in_use;
    }
    return p;
}

} // namespace

// The aligned and nothrow forms of libstdc++ either call these or pair with their own frees, so
// replacing the plain forms is enough to see every ordinary allocation.
void* operator new(std::size_t bytes) {
    return counted_allocation(bytes);
}

void operator delete(void* p) noexcept {
    if (p != nullptr && g_counting) g_in_use -= static_cast<long long>(malloc_usable_size(p));
    std::free(p);
}

void operator delete(void* p, std::size_t) noexcept {
    operator delete(p);
}

namespace diorama::bench {

HeapPeak::HeapPeak() {
    g_in_use = 0;
    g_peak = 0;
    g_counting = true;
}

HeapPeak::~HeapPeak() {
    g_counting = false;
}

std::size_t HeapPeak::peak_bytes() const {
    return static_cast<std::size_t>(g_peak);
}

} // namespace diorama::bench
