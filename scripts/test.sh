#!/usr/bin/env bash
# Sets up, builds and runs the whole Diorama test suite (what CI runs).
# Usage: scripts/test.sh [PRESET]   (default: ci; also release, debug, asan)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-ci}"
scripts/setup.sh
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$(nproc)"
ctest --preset "$preset"
