#!/usr/bin/env bash
# Builds the loader fuzz targets (the `fuzz` preset: clang, libFuzzer, ASan + UBSan) and runs
# each for SECONDS (default 60). A finding stops the script with a non-zero status; the input is
# saved as build/fuzz/findings/TARGET-crash-* (keep it in tests/fuzz/corpus/TARGET/finding-* with
# the fix, so every build replays it).
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]      targets: scene prefab project (default: all)
# Longer runs, e.g. an hour each on all cores: scripts/fuzz.sh 3600  (FUZZ_JOBS=N runs N workers)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(scene prefab project); fi
jobs="${FUZZ_JOBS:-1}"

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)" --target "${targets[@]/%/_fuzz}"

mkdir -p build/fuzz/findings
for target in "${targets[@]}"; do
  work="build/fuzz/work/$target" # new inputs go here; the committed corpus is only read
  mkdir -p "$work"
  echo "fuzz: $target for ${seconds}s"
  fork=()
  if [ "$jobs" -gt 1 ]; then fork=(-fork="$jobs"); fi
  log="build/fuzz/$target.log"
  status=0
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    "build/fuzz/bin/${target}_fuzz" "${fork[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict=tests/fuzz/json.dict -artifact_prefix="build/fuzz/findings/$target-" \
    -print_final_stats=1 "$work" "tests/fuzz/corpus/$target" >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    echo "fuzz: $target FOUND A PROBLEM (exit $status; full log $log)"
    exit 1
  fi
  grep -E "^Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb" "$log" || true
done
echo "fuzz: ${targets[*]}: nothing found in ${seconds}s each"
