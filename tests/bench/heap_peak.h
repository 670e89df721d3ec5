#pragma once
// HeapPeak: the most heap bytes in use at once, above the level at its start, while it lives.
// The bench executable replaces the global operator new/delete (heap_peak.cpp) to count; outside
// a HeapPeak the only cost is one test of a flag per allocation. Single-threaded use only.

#include <cstddef>

namespace diorama::bench {

class HeapPeak {
public:
    HeapPeak();
    ~HeapPeak();
    HeapPeak(const HeapPeak&) = delete;
    HeapPeak& operator=(const HeapPeak&) = delete;

    // Peak bytes so far (usable sizes of the blocks malloc handed out, so a little above what
    // was asked for).
    [[nodiscard]] std::size_t peak_bytes() const;
};

} // namespace diorama::bench
