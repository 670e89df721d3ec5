#pragma once
// The minimum time of a benchmark row whose one iteration takes a large part of a second (a 100k
// load or save, a linked-list baseline pass), so it is averaged over several iterations instead of
// measured once or twice. It is more than Google Benchmark's default and, set per row, overrides
// BENCH_MIN_TIME for these rows.

namespace diorama::bench {

inline constexpr double kSlowRowMinSeconds = 2.0;

} // namespace diorama::bench
