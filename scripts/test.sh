#!/usr/bin/env bash
# Sets up, builds and runs the whole Diorama test suite (what CI runs).
# Usage: scripts/test.sh           everything CI runs: the ci preset's suite, the same suite under
#                                  ASan + UBSan (asan preset), then each fuzz target for
#                                  FUZZ_SECONDS (default 60) with scripts/fuzz.sh
#        scripts/test.sh PRESET    one preset's build and suite (ci, release, debug, asan)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

run_preset() {
  cmake --preset "$1"
  cmake --build --preset "$1" -j "$(nproc)"
  ctest --preset "$1"
}

if [ $# -gt 0 ]; then
  run_preset "$1"
  exit 0
fi
start=$SECONDS
run_preset ci
run_preset asan
scripts/fuzz.sh "${FUZZ_SECONDS:-60}"
echo "test: ci, asan and fuzz passed in $((SECONDS - start)) s"
