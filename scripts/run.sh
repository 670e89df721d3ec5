#!/usr/bin/env bash
# Sets up, builds (release) and runs Diorama's main job.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release
cmake --build --preset release -j "$(nproc)"
build/release/tests/bench/diorama_bench --benchmark_filter='Store_IterateGroup|PlainArray_Iterate' "$@"
