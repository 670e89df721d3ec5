#!/usr/bin/env bash
# Sets up, builds and runs the Diorama test suite.
# Usage: scripts/test.sh           what CI runs: the ci preset's build and whole suite (release with
#                                  -Werror, including the fuzz corpus replays), the same suite under
#                                  ASan + UBSan (asan preset), then each fuzz target for
#                                  FUZZ_SECONDS (default 60)
#        scripts/test.sh PRESET    one preset's build and suite (ci, release, debug, asan)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

run_preset() {
  local start=$SECONDS
  cmake --preset "$1"
  cmake --build --preset "$1" -j "$(nproc)"
  ctest --preset "$1"
  echo "test: preset $1 built and passed in $((SECONDS - start)) s"
}

case "${1:-all}" in
  all)
    start=$SECONDS
    run_preset ci
    run_preset asan
    scripts/fuzz.sh "${FUZZ_SECONDS:-60}"
    echo "test: ci, asan and fuzz passed in $((SECONDS - start)) s"
    ;;
  *)
    run_preset "$1"
    ;;
esac
